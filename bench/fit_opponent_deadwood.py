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

``--game basic --players 3 4``: seven-card basic.  Every seating of ``eager`` and ``patient`` with
both in it (6 with three players, 14 with four) takes its turn by deal, each deal played from
every rotation of that seating, one-hand games; at every discard, each opponent of the player to
throw who still holds his full seven cards is counted (one uniform sample a discard serves them
all).  With more than one count the script fits a table for each and one for them all (the
counts added), and prints, on the held-out seed and for each count of players, the log-likelihood
of the true cells under uniform deals, under that count's own table and under the common one, and
under deals drawn by the common table (each opponent's cell drawn by his own weight alone); then
the common table.

``--by-opponent``: two players, a table fitted on the hands of each opponent's bot alone, and each
compared, on that bot's held-out hands, with the common table (the one shipped).

    python bench/fit_opponent_deadwood.py [--hands 300] [--seed 901] [--held-seed 902] [--game gin]
    python bench/fit_opponent_deadwood.py --game basic --by-opponent
    python bench/fit_opponent_deadwood.py --game basic --players 3 4 [--hands 150]
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import sys
from collections.abc import Iterable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rummycheck.analysis.evidence import CANDIDATES, DEADWOOD_BINS, THROW_BINS, cell  # noqa: E402
from rummycheck.cards import Card  # noqa: E402
from rummycheck.games import game_of  # noqa: E402
from rummycheck.sim.bots import View, bot_class  # noqa: E402
from rummycheck.sim.engine import play_game  # noqa: E402
from rummycheck.solvers.deadwood import min_deadwood  # noqa: E402
from rummycheck.variants import get_variant  # noqa: E402

BOTS = {"gin": ("knock", "gin", "expert"), "basic": ("eager", "patient")}
RULES = {"gin": {"game_target": "1"}, "basic": {"target_2": "1", "target_3": "1", "target_4": "1"}}
Count = dict[tuple[int, int], int]


def seatings(game: str, players: int) -> list[tuple[str, ...]]:
    """The games' seatings: two players, every pair of bots from both seats (the deal picks the
    pair); more, every seating of the bots with at least two of them in it, from every rotation."""
    names = BOTS[game]
    if players == 2:
        return [(a, b) for a in names for b in names if a < b]
    return [s for s in itertools.product(names, repeat=players) if len(set(s)) > 1]


def collect(hands: int, seed: int, weight: dict[tuple[int, int], float] | None = None, game: str = "gin",
            players: int = 2, candidates: list[list[tuple[int, int]]] | None = None, opponent: str | None = None
            ) -> tuple[Count, Count, list[tuple[int, int]], Count]:
    """Counts of (throws, deadwood) cells: the true opponent hands, the uniform samples; the true
    cells in order; and, with a ``weight`` table, the cells of samples drawn as
    ``analysis.evidence.draw_sample`` draws them (one of ``CANDIDATES`` uniform deals, by weight).
    With a ``candidates`` list, each true cell's ``CANDIDATES`` uniform cells are appended to it
    instead (to be drawn from afterwards by any table: ``drawn``).  ``opponent``: count only the
    opponents played by that bot."""
    variant = get_variant(game, **RULES[game])
    size = game_of(variant).dealt_size(players)
    true: Count = {}
    uniform: Count = {}
    cells: list[tuple[int, int]] = []
    resampled: Count = {}
    rng = random.Random(seed)

    def spying(name: str, seats: tuple[str, ...]) -> object:
        base = bot_class(name)

        class Spy(base):  # type: ignore[misc, valid-type]
            def discard(self, view: View) -> Card:
                if view.observe is not None:
                    state = view.observe.args[0]  # type: ignore[attr-defined]  # the true state (a bench only)
                    others = [o for o in range(players) if o != view.seat
                              and len(state.players[o].hand) == size  # the rest have laid cards down
                              and (opponent is None or seats[o] == opponent)]
                    if not others:
                        return super().discard(view)  # type: ignore[no-any-return]
                    seen = view.observe()
                    sample = seen.determinize(rng)
                    deals = [seen.determinize(rng) for _ in range(CANDIDATES)] if (
                        weight is not None or candidates is not None) else []
                    for other in others:
                        throws = sum(1 for s in seen.seen if s.player == view.names[other]
                                     and s.how in ("thrown", "declined"))  # as evidence._throws counts them
                        real = cell(throws, min_deadwood(state.players[other].hand, variant=variant))
                        drawn = cell(throws, min_deadwood(sample.players[other].hand, variant=variant))
                        true[real] = true.get(real, 0) + 1
                        uniform[drawn] = uniform.get(drawn, 0) + 1
                        cells.append(real)
                        if deals:
                            found = [cell(throws, min_deadwood(d.players[other].hand, variant=variant))
                                     for d in deals]
                            if candidates is not None:
                                candidates.append(found)
                            if weight is not None:
                                kept = rng.choices(found, [weight[c] for c in found])[0]
                                resampled[kept] = resampled.get(kept, 0) + 1
                card: Card = super().discard(view)
                return card

        return Spy()

    arrangements = seatings(game, players)
    for deal in range(hands):
        first = arrangements[deal % len(arrangements)]
        orders = [first, first[::-1]] if players == 2 else [first[r:] + first[:r] for r in range(players)]
        for rotation, seats in enumerate(orders):
            play_game(variant, [spying(x, seats) for x in seats], seed=seed, deal=deal, rotation=rotation,  # type: ignore[misc]
                      max_hands=1)
    return true, uniform, cells, resampled


def drawn(candidates: list[list[tuple[int, int]]], weight: dict[tuple[int, int], float], seed: int) -> Count:
    """The cells of deals drawn as ``draw_sample`` draws them: one of each list of candidates, by
    ``weight``."""
    rng = random.Random(seed)
    kept: Count = {}
    for found in candidates:
        c = rng.choices(found, [weight[x] for x in found])[0]
        kept[c] = kept.get(c, 0) + 1
    return kept


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


def print_table(weight: dict[tuple[int, int], float]) -> None:
    print(f"throws = {list(THROW_BINS)}\ndeadwood = {list(DEADWOOD_BINS)}")
    print("weights = [")
    for t in range(len(THROW_BINS)):
        print("  [" + ", ".join(f"{weight[(t, d)]:.4g}" for d in range(len(DEADWOOD_BINS))) + "],")
    print("]")


def pooled(fits: Iterable[tuple[Count, Count, list[tuple[int, int]], Count]]) -> dict[tuple[int, int], float]:
    """The table of several ``collect`` runs' counts added together (the common table)."""
    true: Count = {}
    uniform: Count = {}
    for fit_true, fit_uniform, _, _ in fits:
        for c, k in fit_true.items():
            true[c] = true.get(c, 0) + k
        for c, k in fit_uniform.items():
            uniform[c] = uniform.get(c, 0) + k
    return ratios(true, uniform)


def seven_cards(hands: int, seed: int, held_seed: int, counts: list[int]) -> None:
    """Basic with three or four players: a table for each count of players and one for them all,
    compared on the held-out seed."""
    fitted = {n: collect(hands, seed, game="basic", players=n) for n in counts}
    own = {n: ratios(true, uniform) for n, (true, uniform, _, _) in fitted.items()}
    common = pooled(fitted.values())
    for n in counts:
        found: list[list[tuple[int, int]]] = []
        _, held_uniform, held_cells, _ = collect(hands, held_seed, game="basic", players=n, candidates=found)
        print(f"# {n} players: fitted on {len(fitted[n][2])} opponent hands at discards of {n * hands} hands "
              f"(seed {seed}); held out: {len(held_cells)} (seed {held_seed})")
        print(f"# {n} players, held-out mean log-likelihood of the opponent's true deadwood cell: uniform "
              f"{log_likelihood(held_cells, held_uniform, None):.4f}, its own table "
              f"{log_likelihood(held_cells, held_uniform, own[n]):.4f}, the common table "
              f"{log_likelihood(held_cells, held_uniform, common):.4f}, drawn by the common table "
              f"({CANDIDATES} uniform deals, one kept by weight) "
              f"{log_likelihood(held_cells, drawn(found, common, held_seed), None):.4f}, drawn by its own "
              f"{log_likelihood(held_cells, drawn(found, own[n], held_seed), None):.4f}, every cell alike "
              f"{math.log(1 / len(DEADWOOD_BINS)):.4f}")
    for n in counts:
        print(f"# the table of {n} players alone")
        print_table(own[n])
    print(f"# the common table ({' and '.join(map(str, counts))} players)")
    print_table(common)


def by_opponent(hands: int, seed: int, held_seed: int, game: str) -> None:
    """Two players: a table fitted on the hands of one opponent's bot at a time, against the common
    table of them all (their counts added), each on that bot's held-out hands."""
    fitted = {bot: collect(hands, seed, game=game, opponent=bot) for bot in BOTS[game]}
    common = pooled(fitted.values())
    for bot, (own_true, own_uniform, cells, _) in fitted.items():
        own = ratios(own_true, own_uniform)
        found: list[list[tuple[int, int]]] = []
        _, held_uniform, held_cells, _ = collect(hands, held_seed, game=game, opponent=bot, candidates=found)
        print(f"# opponent {bot}: fitted on {len(cells)} of his hands at discards (seed {seed}); held out "
              f"{len(held_cells)} (seed {held_seed}): mean log-likelihood of his true deadwood cell: uniform "
              f"{log_likelihood(held_cells, held_uniform, None):.4f}, the common table "
              f"{log_likelihood(held_cells, held_uniform, common):.4f}, his own "
              f"{log_likelihood(held_cells, held_uniform, own):.4f}; drawn as the evaluator draws by the common "
              f"table {log_likelihood(held_cells, drawn(found, common, held_seed), None):.4f}, by his own "
              f"{log_likelihood(held_cells, drawn(found, own, held_seed), None):.4f}")
        print(f"# the table of {bot} alone")
        print_table(own)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--seed", type=int, default=901)
    parser.add_argument("--held-seed", type=int, default=902)
    parser.add_argument("--game", choices=sorted(BOTS), default="gin")
    parser.add_argument("--players", type=int, nargs="+", default=[2],
                        help="basic only: 3 and 4 (seven cards) fit a table each and a common one")
    parser.add_argument("--by-opponent", action="store_true",
                        help="also fit a table per opponent's bot and compare it with the common one, held out")
    args = parser.parse_args()
    if args.by_opponent:
        by_opponent(args.hands, args.seed, args.held_seed, args.game)
        return
    if args.players != [2]:
        if args.game != "basic" or any(n not in (3, 4) for n in args.players):
            parser.error("--players 3 / 4 is for --game basic")
        seven_cards(args.hands, args.seed, args.held_seed, sorted(set(args.players)))
        return
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
    print_table(weight)


if __name__ == "__main__":
    main()
