"""Would drawing each player's stock cards from a stream of his own pair the advisor's rollouts
better?  Measured, not shipped.

Run:  python bench/stock_streams.py [--positions 4] [--samples 300]

The race compares two moves by the paired difference of their rollouts on the same samples
(common random numbers).  In one sample the stock is one order of the cards left over, so when
a move changes who draws when (the opponent takes the card thrown instead of drawing), every
later stock card goes to the other player and the two rollouts part.  Any rule that gives the
drawer a card uniformly at random from the stock left over deals the same game in distribution;
the one tried here keeps each player's draws apart: every seat has its own random key for each
card (fixed by the rollout's seed), and a seat drawing from the stock gets the card left with
its least key.  Each such card is uniform over the stock left whatever happened before (every
event seen so far is symmetric in the cards still there), so values stay unbiased, and a
player's next draws no longer depend on whether the other took a card.

The bench rolls out every discard of ``bench_advise.py``'s gin positions on the same samples
twice, the stock as dealt and the stock by seat streams, and prints the spread (one sd) of the
paired difference of every pair of discards, and the ratio of the two spreads pair by pair.  The streams are put in by
replacing the engine's draw for the run; nothing in the package changes.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections.abc import Callable
from itertools import combinations
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_advise import position  # noqa: E402

import rummycheck.analysis.evaluate as evaluate_module  # noqa: E402
import rummycheck.sim.engine as engine  # noqa: E402
from rummycheck.table.actions import ActionKind  # noqa: E402
from rummycheck.table.observation import observe  # noqa: E402

_KEYS: list[list[float]] = []  # the rollout in progress: per seat, a key per card and copy


def _with_streams(play_out: Callable[..., Any]) -> Callable[..., Any]:
    def wrapped(state: Any, bots: Any, *, seed: int | str, **options: Any) -> Any:
        _KEYS[:] = [[random.Random(f"stock:{seed}:{s}").random() for _ in range(104)] for s in range(len(bots))]
        return play_out(state, bots, seed=seed, **options)
    return wrapped


def _stream_draw(draw: Callable[[Any], None]) -> Callable[[Any], None]:
    def wrapped(hand: Any) -> None:
        state = hand.state
        order = state.stock_order  # the next card last
        if state.stock and order:
            keys = _KEYS[state.current]
            copies: dict[Any, int] = {}
            least, at = 2.0, -1
            for place, card in enumerate(order):
                copy = copies.get(card, 0)
                copies[card] = copy + 1
                key = keys[card.index * 2 + copy]
                if key < least:
                    least, at = key, place
            order[at], order[-1] = order[-1], order[at]
        draw(hand)
    return wrapped


def spreads(number: int, samples: int) -> tuple[str, dict[tuple[str, str], float]]:
    """The best discard of position ``number`` and the sd of the paired difference of every pair
    of its discards (keyed by the two moves' texts)."""
    state = position("gin", number, 3)
    observation = observe(state, state.current)
    moves = [m for m in state.legal_actions() if m.kind is ActionKind.DISCARD]
    values, _, _ = evaluate_module.rollout_values(observation, moves, seed=number - 1, first=0, count=samples,
                                                  rollout=state.game.rollout_bot)
    means = [statistics.fmean(v) for v in values]
    best = max(range(len(moves)), key=means.__getitem__)
    pairs = {}
    for i, j in combinations(range(len(moves)), 2):
        diff = [a - b for a, b in zip(values[i], values[j])]
        pairs[(moves[i].move_text(), moves[j].move_text())] = statistics.pstdev(diff)
    return moves[best].move_text(), pairs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=4)
    parser.add_argument("--samples", type=int, default=300)
    args = parser.parse_args(argv)
    found: dict[str, dict[tuple[int, str, str], float]] = {"as dealt": {}, "seat streams": {}}
    plain_play_out, plain_draw = evaluate_module.play_out, engine._Hand.draw
    for label in found:
        if label == "seat streams":
            evaluate_module.play_out = _with_streams(plain_play_out)  # type: ignore[assignment]
            engine._Hand.draw = _stream_draw(plain_draw)  # type: ignore[method-assign]
        for number in range(1, args.positions + 1):
            best, pairs = spreads(number, args.samples)
            found[label].update({(number, *key): sd for key, sd in pairs.items()})
            print(f"{label}, position {number}: best {best}; sd of the paired differences over its "
                  f"{len(pairs)} pairs of discards, median {statistics.median(pairs.values()):.2f}")
    evaluate_module.play_out, engine._Hand.draw = plain_play_out, plain_draw  # type: ignore[method-assign]
    for label, sds in found.items():
        print(f"{label}: sd of the paired differences, median {statistics.median(sds.values()):.2f} "
              f"(min {min(sds.values()):.2f}, max {max(sds.values()):.2f}; {len(sds)} pairs, {args.samples} samples)")
    ratios = [found["seat streams"][key] / sd for key, sd in found["as dealt"].items() if sd > 0]
    print(f"seat streams / as dealt, pair by pair: median {statistics.median(ratios):.3f} "
          f"(min {min(ratios):.3f}, max {max(ratios):.3f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
