"""Would a control variate of the draws' luck narrow the advisor's intervals?  Measured, not shipped.

Run:  python bench/draw_luck.py [--positions 4] [--samples 400]

Backgammon rollouts cut their variance by subtracting the luck of each roll, judged by a quick
evaluator.  The gin analogue tried here: for a discard ``k`` the hand it keeps is ``H_k``; for an
unseen card ``c``, ``g_k(c)`` is the least deadwood of ``H_k`` with ``c`` after the best discard
(the exact solver's count).  In one rollout sample the stock is a uniform order of the cards the
sample leaves to it (the hidden hands are drawn first, the stock is what is left, shuffled), so
``g_k(stock[j]) - mean(g_k over that stock)`` has mean 0 exactly, for every place ``j``.  Such a
term can be subtracted from a move's rollout value, times any fixed coefficient, without
changing its expected value; it narrows the interval by the share of variance it explains.

What the race needs narrowed is the paired difference of two moves on the same samples, so the
bench regresses each difference ``best - k`` (over the same samples ``evaluate`` draws, the game's
rollout bot playing on) on the difference of the two moves' luck terms, and prints the share of
variance explained (R^2), for three sets of terms: the player's own next draw (stock place 1: the
opponent draws place 0 first unless he takes the discard), his next three (places 1, 3, 5), and
all six next stock cards.  With ``p`` terms fitted on ``n`` samples an R^2 of about ``p / n``
comes from chance alone.  The positions are ``bench_advise.py``'s gin discard decisions.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_advise import position  # noqa: E402

from rummycheck.analysis.evaluate import rollout_values  # noqa: E402
from rummycheck.analysis.evidence import draw_sample  # noqa: E402
from rummycheck.solvers.deadwood import deadwood_counter  # noqa: E402
from rummycheck.table.actions import ActionKind  # noqa: E402
from rummycheck.table.observation import observe  # noqa: E402

SETS = (("own next draw", (1,)), ("own next three", (1, 3, 5)), ("next six, both players", (0, 1, 2, 3, 4, 5)))


def r_squared(y: list[float], columns: list[list[float]]) -> float:
    """The share of ``y``'s variance explained by least squares on ``columns`` and an intercept
    (the normal equations, solved by Gaussian elimination with partial pivoting)."""
    n = len(y)
    xs = [[1.0] * n, *columns]
    p = len(xs)
    a = [[sum(xs[i][t] * xs[j][t] for t in range(n)) for j in range(p)] + [sum(xs[i][t] * y[t] for t in range(n))]
         for i in range(p)]
    for col in range(p):
        pivot = max(range(col, p), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        if abs(a[col][col]) < 1e-12:
            continue
        for r in range(p):
            if r != col:
                f = a[r][col] / a[col][col]
                a[r] = [u - f * v for u, v in zip(a[r], a[col])]
    coef = [a[i][p] / a[i][i] if abs(a[i][i]) >= 1e-12 else 0.0 for i in range(p)]
    fitted = [sum(coef[i] * xs[i][t] for i in range(p)) for t in range(n)]
    total = statistics.pvariance(y)
    return 1.0 - statistics.pvariance([u - v for u, v in zip(y, fitted)]) / total if total > 0 else 0.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=4)
    parser.add_argument("--samples", type=int, default=400)
    args = parser.parse_args(argv)
    least_after = deadwood_counter("gin", discard=True)
    found: dict[str, list[float]] = {label: [] for label, _ in SETS}
    for number in range(args.positions):
        state = position("gin", number + 1, 3)
        observation = observe(state, state.current)
        moves = [m for m in state.legal_actions() if m.kind is ActionKind.DISCARD]
        mask = sum(1 << c.index for c in state.players[state.current].hand)
        start = time.process_time()
        values, _, _ = rollout_values(observation, moves, seed=number, first=0, count=args.samples,
                                      rollout=state.game.rollout_bot)
        luck = [[[0.0] * 6 for _ in range(args.samples)] for _ in moves]  # by move, sample, stock place
        for i in range(args.samples):  # the samples rollout_values drew, drawn again from their seeds
            sample, _ = draw_sample(observation, random.Random(f"sample:{number}:{i}"))
            assert sample.stock_order is not None
            stock = [c for c in reversed(sample.stock_order) if c is not None]  # the next card first
            for k, move in enumerate(moves):
                kept = mask & ~(1 << move.cards[0].index)
                g = {c: least_after(kept | 1 << c.index) for c in set(stock)}
                mean = statistics.fmean(g[c] for c in stock)
                luck[k][i] = [g[stock[j]] - mean for j in range(6)]
        means = [statistics.fmean(v) for v in values]
        best = max(range(len(moves)), key=means.__getitem__)
        print(f"position {number + 1}: {len(moves)} discards, best {moves[best].move_text()}, "
              f"{time.process_time() - start:.1f} s CPU")
        for k in range(len(moves)):
            if k == best:
                continue
            diff = [b - v for b, v in zip(values[best], values[k])]
            spread = statistics.pstdev(diff)
            line = [f"  {moves[k].move_text():>12}: {statistics.fmean(diff):6.2f} behind, sd {spread:5.2f}"]
            for label, places in SETS:
                columns = [[luck[best][i][j] - luck[k][i][j] for i in range(args.samples)] for j in places]
                r2 = r_squared(diff, columns)
                found[label].append(r2)
                line.append(f"R^2 {label} {r2:.3f}")
            print("; ".join(line))
    for label, places in SETS:
        shares = found[label]
        if shares:
            print(f"{label}: R^2 median {statistics.median(shares):.3f} (min {min(shares):.3f}, max {max(shares):.3f}; "
                  f"{len(shares)} pairs; chance alone about {len(places) / args.samples:.3f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
