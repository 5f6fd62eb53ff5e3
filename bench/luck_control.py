"""Would subtracting the luck of the draws (a control variate) narrow the race's intervals enough
to pay for itself?  Measured, not shipped.

Run:  python bench/luck_control.py [--positions 4] [--samples 400] [--moves 4]

Backgammon programs roll out with "variance reduction": at each roll the rollout's result is
corrected by the luck of that roll, what a quick evaluator says the roll was worth against the
average roll.  The correction has mean 0 whatever the evaluator, because within a rollout the
next card of the stock is equally likely to be any card still in it; the better the evaluator,
the more of the result's spread it takes away.  The gin version tried here: at each draw from
the stock in a rollout, for a few functions ``f`` of the drawer's least deadwood after his best
discard (``-min(d, 30)`` and ``1 if d <= k`` for ``k`` = 0, 5 and 10), the luck is ``f`` of the card
drawn less the mean of ``f`` over every card then in the stock; the player's draws and the other
player's are summed apart (8 sums a rollout).  The race works on paired differences, so each
move's sums are taken less the best move's, and the differences of the values are regressed on
them.  The coefficients are cross-fitted (fitted on one half of the samples, applied to the
other, and the other way round), so the variance left is what a race could expect, not what a
fit to its own samples shows.

Positions and moves: ``bench_advise.py``'s gin positions; the ``--moves`` best moves of a first
evaluation of 96 rollouts, then ``--samples`` rollouts of each with the seeds of the evaluator
(``rollout_values``).  Printed per move against the best: the spread of the paired difference,
the share of its variance left after the correction, and the CPU time of the rollouts with and
without the luck worked out.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_advise import position  # noqa: E402

from rummycheck.analysis import evaluate as ev  # noqa: E402
from rummycheck.sim.bots import _fast  # noqa: E402
from rummycheck.table import state as table_state  # noqa: E402

FEATURES = 4  # per drawer: -min(d, 30), d <= 0, d <= 5, d <= 10


def _terms(least_discard: Any, mask: int, stock: list[int], top: int) -> list[float]:
    values = [least_discard(mask | bit) for bit in stock]
    got = least_discard(mask | top)
    n = len(values)
    terms = [-(min(got, 30) - sum(min(v, 30) for v in values) / n)]
    for k in (0, 5, 10):
        terms.append((got <= k) - sum(v <= k for v in values) / n)
    return terms


@contextmanager
def luck_recorded(seat: int, sums: list[list[float]]) -> Iterator[None]:
    """While inside: every rollout of ``rollout_values`` appends its 2 x FEATURES luck sums to ``sums``."""
    draw, play_out = table_state.GameState.draw_stock, ev.play_out
    current: list[float] | None = None

    def drawing(self: Any, card: Any = None) -> Any:
        if current is not None and self.stock_order:
            fast = _fast(self.variant)
            assert fast is not None
            mask = sum(c.bit for c in self.players[self.current].hand)
            terms = _terms(fast.least_discard, mask, [c.bit for c in self.stock_order], self.stock_order[-1].bit)
            at = 0 if self.current == seat else FEATURES
            for i, t in enumerate(terms):
                current[at + i] += t
        return draw(self, card)

    def playing(state: Any, bots: Any, **kwargs: Any) -> Any:
        nonlocal current
        current = [0.0] * (2 * FEATURES)
        try:
            return play_out(state, bots, **kwargs)
        finally:
            sums.append(current)
            current = None

    table_state.GameState.draw_stock = drawing  # type: ignore[method-assign]
    ev.play_out = playing
    try:
        yield
    finally:
        table_state.GameState.draw_stock = draw  # type: ignore[method-assign]
        ev.play_out = play_out


def _left(diff: list[float], luck: list[list[float]]) -> float:
    """The share of ``diff``'s variance left after the cross-fitted regression on ``luck``."""
    import numpy

    y = numpy.array(diff)
    x = numpy.column_stack([numpy.array(luck), numpy.ones(len(diff))])
    half = len(diff) // 2
    folds = [(numpy.arange(half), numpy.arange(half, len(diff))), (numpy.arange(half, len(diff)), numpy.arange(half))]
    rest = numpy.empty_like(y)
    for fit, use in folds:
        beta, *_ = numpy.linalg.lstsq(x[fit], y[fit], rcond=None)
        rest[use] = y[use] - x[use, :-1] @ beta[:-1]
    return float(rest.var() / y.var())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=4)
    parser.add_argument("--samples", type=int, default=400)
    parser.add_argument("--moves", type=int, default=4)
    args = parser.parse_args(argv)
    shares: list[float] = []
    costs: list[float] = []
    for p in range(args.positions):
        state = position("gin", p + 1, 3)
        observation = ev.observe(state, state.current)
        first = ev.evaluate(state, samples=96, seed=p, complete_takes=False)
        moves = [c.action for c in first.candidates[:args.moves]]
        start = time.process_time()
        plain, _, _ = ev.rollout_values(observation, moves, seed=p + 100, first=0, count=args.samples,
                                        rollout="expert-race")
        bare = time.process_time() - start
        sums: list[list[float]] = []
        start = time.process_time()
        with luck_recorded(observation.seat, sums):
            values, _, _ = ev.rollout_values(observation, moves, seed=p + 100, first=0, count=args.samples,
                                             rollout="expert-race")
        lucky = time.process_time() - start
        assert values == plain, "the luck's bookkeeping changed the play"
        costs.append(lucky / bare)
        by_move = [sums[i::len(moves)] for i in range(len(moves))]  # samples outer, moves inner
        print(f"position {p + 1}: {args.samples} rollouts of {len(moves)} moves, {bare:.2f} s of CPU, "
              f"{lucky:.2f} s with the luck worked out ({lucky / bare:.2f}x)")
        for j in range(1, len(moves)):
            diff = [a - b for a, b in zip(values[0], values[j])]
            luck = [[a - b for a, b in zip(x, y)] for x, y in zip(by_move[0], by_move[j])]
            share = _left(diff, luck)
            shares.append(share)
            print(f"  {str(moves[0])!r} - {str(moves[j])!r}: mean {statistics.fmean(diff):+.2f}, "
                  f"sd {statistics.pstdev(diff):.1f}; variance left {share:.2f}")
    print(f"variance left: median {statistics.median(shares):.2f} ({min(shares):.2f} to {max(shares):.2f}) "
          f"over {len(shares)} pairs; CPU with the luck: median {statistics.median(costs):.2f}x; "
          f"rollouts a CPU second gained: {1 / statistics.median(shares) / statistics.median(costs):.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
