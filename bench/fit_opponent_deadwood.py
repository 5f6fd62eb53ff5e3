"""Fit the hand-quality weight of ``rummycheck.analysis.evidence``: how far a played gin (or
basic) hand is from a uniform deal of the unseen cards.

``determinize`` deals the opponent's unseen cards uniformly, but after a few turns of play a
competent opponent's hand is far better than a random one: he has thrown his worst card every
turn.  This script plays seeded one-hand games of the shipped gin bots (every pair of ``knock``,
``gin`` and ``expert``, from both seats), and at every discard of either player records, for
his opponent: how many cards the opponent has thrown so far this hand, the least deadwood of the
opponent's true hand, and the least deadwood of the opponent's hand in one uniform sample of
what the player could know (``observe(...).determinize``).  The weight of a sample is the ratio
of the two distributions in the sample's (throws, deadwood) cell, each smoothed by one count per
cell.  Printed: the table as TOML (``rummycheck/data/gin_opponent_deadwood.toml``), and, on a
second seed kept apart, the mean log-likelihood of the true deadwood cells under the uniform
distribution, under the weighted one, and under the distribution of samples drawn as the
evaluator draws them (one of ``CANDIDATES`` uniform deals kept by weight; here by the table's
weight alone, where the evaluator multiplies in the discard evidence too).  With ``--game basic``
the bots are ``eager`` and ``patient`` (two players, ten cards), and only an opponent who still
holds a full hand (he has laid nothing down) is counted, as ``hand_quality`` weighs only those.

    python bench/fit_opponent_deadwood.py [--hands 300] [--seed 901] [--held-seed 902] [--game gin]
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rummycheck.analysis.evidence import CANDIDATES, DEADWOOD_BINS, THROW_BINS, cell  # noqa: E402
from rummycheck.cards import Card  # noqa: E402
from rummycheck.sim.bots import View, bot_class  # noqa: E402
from rummycheck.sim.engine import play_game  # noqa: E402
from rummycheck.solvers.deadwood import min_deadwood  # noqa: E402
from rummycheck.variants import get_variant  # noqa: E402

BOTS = {"gin": ("knock", "gin", "expert"), "basic": ("eager", "patient")}
RULES = {"gin": {"game_target": "1"}, "basic": {"target_2": "1"}}
Count = dict[tuple[int, int], int]


def collect(hands: int, seed: int, weight: dict[tuple[int, int], float] | None = None, game: str = "gin"
            ) -> tuple[Count, Count, list[tuple[int, int]], Count]:
    """Counts of (throws, deadwood) cells: the true opponent hands, the uniform samples; the true
    cells in order; and, with a ``weight`` table, the cells of samples drawn as
    ``analysis.evidence.draw_sample`` draws them (one of ``CANDIDATES`` uniform deals, by weight)."""
    variant = get_variant(game, **RULES[game])
    true: Count = {}
    uniform: Count = {}
    cells: list[tuple[int, int]] = []
    resampled: Count = {}
    rng = random.Random(seed)

    def spying(name: str) -> object:
        base = bot_class(name)

        class Spy(base):  # type: ignore[misc, valid-type]
            def discard(self, view: View) -> Card:
                if view.observe is not None:
                    state = view.observe.args[0]  # type: ignore[attr-defined]  # the true state (a bench only)
                    seen = view.observe()
                    other = 1 - view.seat
                    if len(state.players[other].hand) != variant.hand_size:  # he has laid cards down
                        return super().discard(view)  # type: ignore[no-any-return]
                    throws = sum(1 for s in seen.seen if s.player == view.names[other]
                                 and s.how in ("thrown", "declined"))  # as evidence._throws counts them
                    real = cell(throws, min_deadwood(state.players[other].hand, variant=variant))
                    sample = seen.determinize(rng)
                    drawn = cell(throws, min_deadwood(sample.players[other].hand, variant=variant))
                    true[real] = true.get(real, 0) + 1
                    uniform[drawn] = uniform.get(drawn, 0) + 1
                    cells.append(real)
                    if weight is not None:
                        found = [cell(throws, min_deadwood(seen.determinize(rng).players[other].hand, variant=variant))
                                 for _ in range(CANDIDATES)]
                        kept = rng.choices(found, [weight[c] for c in found])[0]
                        resampled[kept] = resampled.get(kept, 0) + 1
                card: Card = super().discard(view)
                return card

        return Spy()

    pairs = [(a, b) for a in BOTS[game] for b in BOTS[game] if a < b]
    for deal in range(hands):
        a, b = pairs[deal % len(pairs)]
        for rotation, seats in enumerate(((a, b), (b, a))):
            play_game(variant, [spying(x) for x in seats], seed=seed, deal=deal, rotation=rotation,  # type: ignore[misc]
                      max_hands=1)
    return true, uniform, cells, resampled


def ratios(true: Count, uniform: Count) -> dict[tuple[int, int], float]:
    cells = [(t, d) for t in range(len(THROW_BINS)) for d in range(len(DEADWOOD_BINS))]
    out = {}
    for t in range(len(THROW_BINS)):
        row = [(t, d) for d in range(len(DEADWOOD_BINS))]
        n_true = sum(true.get(c, 0) for c in row) + len(row)
        n_unif = sum(uniform.get(c, 0) for c in row) + len(row)
        for c in row:
            out[c] = ((true.get(c, 0) + 1) / n_true) / ((uniform.get(c, 0) + 1) / n_unif)
    assert len(out) == len(cells)
    return out


def log_likelihood(cells: list[tuple[int, int]], uniform: Count, weight: dict[tuple[int, int], float] | None) -> float:
    """Mean log chance of the true cells, under the uniform samples' distribution (by throws row),
    reweighted by ``weight`` when given."""
    total = 0.0
    for t, d in cells:
        row = [(t, k) for k in range(len(DEADWOOD_BINS))]
        mass = {c: (uniform.get(c, 0) + 1) * (weight[c] if weight else 1.0) for c in row}
        total += math.log(mass[(t, d)] / sum(mass.values()))
    return total / len(cells)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--seed", type=int, default=901)
    parser.add_argument("--held-seed", type=int, default=902)
    parser.add_argument("--game", choices=sorted(BOTS), default="gin")
    args = parser.parse_args()
    true, uniform, _, _ = collect(args.hands, args.seed, game=args.game)
    weight = ratios(true, uniform)
    _, held_uniform, held_cells, resampled = collect(args.hands, args.held_seed, weight, game=args.game)
    print(f"# fitted on {sum(true.values())} discards of {2 * args.hands} hands (seed {args.seed}); "
          f"held out: {len(held_cells)} discards (seed {args.held_seed})")
    print(f"# held-out mean log-likelihood of the opponent's true deadwood cell: uniform "
          f"{log_likelihood(held_cells, held_uniform, None):.4f}, weighted "
          f"{log_likelihood(held_cells, held_uniform, weight):.4f}, drawn as the evaluator draws "
          f"({CANDIDATES} uniform deals, one kept by weight) {log_likelihood(held_cells, resampled, None):.4f}, "
          f"every cell alike {math.log(1 / len(DEADWOOD_BINS)):.4f}")
    print(f"throws = {list(THROW_BINS)}\ndeadwood = {list(DEADWOOD_BINS)}")
    print("weights = [")
    for t in range(len(THROW_BINS)):
        print("  [" + ", ".join(f"{weight[(t, d)]:.4g}" for d in range(len(DEADWOOD_BINS))) + "],")
    print("]")


if __name__ == "__main__":
    main()
