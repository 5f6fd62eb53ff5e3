"""The planted decisions of ``tests/data/review/`` reviewed on chosen seeds: the figures of docs/review.md's table.

Run:  python bench/planted_review.py [--seeds 1,2,3] [--only TEXT] [--workers 2]

For each record of the test suite's planted set (``PLANTED_SET`` in ``tests/test_review_rollouts.py``:
a record, the player and action of the planted decision, the move played, the best move's kind and
the least grade a competent player would give it) the rollout review runs at its defaults (96
rollouts a move) on each seed, and one line is printed per seed: the planted decision's grade,
its loss with the paired 95% interval, the best move as the review words it, and every other
decision of the record that got a grade (a false alarm).  The records where nothing is wrong
(``NO_GRADE_SET``) print any grade found and the largest loss.  The test suite checks seed 1;
the other seeds show how firm each grade is.  ``--workers`` reviews records in parallel
processes (each record exactly as in one process).
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from test_review_rollouts import NO_GRADE_SET, PLANTED_SET  # noqa: E402

from rummycheck.analysis.decisions import GRADES, review_decisions  # noqa: E402
from rummycheck.files.record import load_record  # noqa: E402


def planted(path: str, player: str, action: int, grade: str, seed: int) -> str:
    review = review_decisions(load_record(ROOT / path), samples=96, seed=seed)
    order = [g for g, _ in GRADES]
    lines: list[str] = []
    for d in review.decisions:
        if (d.player, d.action) == (player, action):
            best = next((c.text() for c in d.candidates if c.action == d.best), d.best.move_text())
            right = d.grade is not None and order.index(d.grade) <= order.index(grade)
            lines.insert(0, f"{d.grade or 'no grade'}, {d.loss:.2f} [{d.loss_low:.2f}, {d.loss_high:.2f}]; "
                            f"best {best!r}{'' if right else ' (BELOW ' + grade + ')'}")
        elif d.grade is not None:
            lines.append(f"false alarm: {d.player} {d.action} {d.played.move_text()} {d.grade} "
                         f"{d.loss:.2f} [{d.loss_low:.2f}, {d.loss_high:.2f}]")
    return f"{Path(path).name} seed {seed}: " + "; ".join(lines)


def level(path: str, seed: int) -> str:
    review = review_decisions(load_record(ROOT / path), samples=96, seed=seed)
    graded = [f"{d.player} {d.action} {d.grade} {d.loss:.2f}" for d in review.decisions if d.grade is not None]
    largest = max(review.decisions, key=lambda d: d.loss)
    return (f"{Path(path).name} seed {seed}: {'; '.join(graded) if graded else 'no grade'}; largest loss "
            f"{largest.loss:.2f} [{largest.loss_low:.2f}, {largest.loss_high:.2f}] ({largest.player} {largest.action})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="1")
    parser.add_argument("--only", default="", help="only the records whose file name holds this text")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args(argv)
    seeds = [int(s) for s in args.seeds.split(",")]
    jobs: list[tuple[str, tuple[object, ...]]] = []
    for path, player, action, _, _, grade in PLANTED_SET:
        if args.only in path:
            jobs.extend(("planted", (path, player, action, grade, seed)) for seed in seeds)
    for path in NO_GRADE_SET:
        if args.only in path:
            jobs.extend(("level", (path, seed)) for seed in seeds)
    start = time.time()
    with ProcessPoolExecutor(max(1, args.workers)) as pool:
        futures = [pool.submit(planted if kind == "planted" else level, *job) for kind, job in jobs]  # type: ignore[arg-type]
        for future in futures:
            print(future.result(), flush=True)
    print(f"{len(jobs)} reviews, {time.time() - start:.0f} s of wall time", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
