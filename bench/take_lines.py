"""How lucky is a take's best line?  The measure behind ``Game.take_lines`` (docs/advise.md).

Run:  python bench/take_lines.py [--games bing,basic,gin] [--samples 96] [--halvings 2000]

A take of a card in sight leaves a hand the player knows, so the rest of his turn can be raced as
one line per discard after it, and the take is worth its best line.  Where the lines' rollouts
are noisy, that best is mostly the luckiest.  For each position below, every line of the take
(take, then each legal discard or knock) is rolled out on the same ``--samples`` samples the
evaluator draws; then, ``--halvings`` times, the samples are split at random into two halves, the
best line is chosen on one half and its mean taken on the other.  Printed per position: the number
of lines, the spread (standard deviation) of the paired difference between the best line and
each other, and the mean of (chosen half's mean - other half's mean) for the chosen line: how far
above its own value a take valued by its best line stands when that line is picked on half the
samples (the winner's curse at ``samples / 2``).

Positions: Bing, ``bench_advise.py``'s four (seeded four-player hands, the start of a turn);
basic and gin, the first take with only discards or knocks after it offered to a player whose hand
is known in each planted record of ``tests/data/review/`` (several gin records share a deal).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_advise import position  # noqa: E402

from rummycheck.analysis.evaluate import Finish, completions, rollout_values  # noqa: E402
from rummycheck.errors import RummyError  # noqa: E402
from rummycheck.files.record import load_record  # noqa: E402
from rummycheck.sim.stats import weighted_mean_interval  # noqa: E402
from rummycheck.table.actions import Action, ActionKind  # noqa: E402
from rummycheck.table.observation import observe  # noqa: E402
from rummycheck.table.replay import state_at  # noqa: E402
from rummycheck.table.state import GameState  # noqa: E402


def take_lines(state: GameState) -> tuple[tuple[Action | Finish, ...], ...] | None:
    """The take of ``state`` and each move ending the turn after it, as ``completions`` lines them up in
    gin (at least three), or None where there is no such take."""
    if state.is_over or not state.player.known:
        return None
    take = next((a for a in state.legal_actions() if a.kind is ActionKind.TAKE), None)
    if take is None:
        return None
    lines = completions(observe(state, state.current), take, take_lines="each")
    return lines if len(lines) >= 3 else None


def positions(game: str) -> Iterator[tuple[str, GameState]]:
    if game == "bing":
        for seed in range(1, 5):
            yield f"bing position {seed}", position("bing", seed, 3)
        return
    for path in sorted((ROOT / "tests" / "data" / "review").glob(f"{game}-*.toml")):
        record = load_record(path)
        for at in range(1, len(record.hands[0].actions) + 1):
            try:
                state = state_at(record, 1, at)
            except RummyError:  # the middle of a lay-down: not a decision
                continue
            if state.is_over:
                break
            if take_lines(state) is not None:
                yield f"{path.name} action {at}", state
                break


def curse(values: Sequence[Sequence[float]], weights: Sequence[float], halvings: int) -> float:
    """The mean, over random halvings, of the best line's mean on the half it was chosen on less its
    mean on the other half."""
    n = len(weights)
    rng = random.Random(0)

    def mean(k: int, on: Sequence[int]) -> float:
        return sum(values[k][i] * weights[i] for i in on) / sum(weights[i] for i in on)

    gaps = []
    for _ in range(halvings):
        order = list(range(n))
        rng.shuffle(order)
        first, second = order[:n // 2], order[n // 2:]
        chosen = max(range(len(values)), key=lambda k: mean(k, first))
        gaps.append(mean(chosen, first) - mean(chosen, second))
    return statistics.mean(gaps)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="bing,basic,gin")
    parser.add_argument("--samples", type=int, default=96)
    parser.add_argument("--halvings", type=int, default=2000)
    args = parser.parse_args(argv)
    for game in args.games.split(","):
        found = []
        for name, state in positions(game):
            lines = take_lines(state)
            assert lines is not None
            seen = observe(state, state.current)
            values, _, weights = rollout_values(seen, lines, seed=1, first=0, count=args.samples,
                                                rollout=state.game.rollout_bot)
            means = [weighted_mean_interval(row, weights).value for row in values]
            best = max(range(len(lines)), key=lambda k: means[k])
            spreads = [statistics.pstdev([b - v for b, v in zip(values[best], values[k])])
                       for k in range(len(lines)) if k != best]
            found.append(curse(values, weights, args.halvings))
            print(f"{name}: {len(lines)} lines, paired spread {min(spreads):.1f} to {max(spreads):.1f} points, "
                  f"the best line chosen on {args.samples // 2} rollouts stands {found[-1]:.2f} above its value "
                  f"on the other {args.samples - args.samples // 2}")
        if found:
            print(f"{game}: {len(found)} positions, the chosen line's excess {min(found):.2f} to {max(found):.2f}, "
                  f"median {statistics.median(found):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
