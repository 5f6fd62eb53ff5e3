"""Summarise several ``bench_solve.py --json`` runs: the issue #12 table, one line per measure.

Run:  python bench/summarise.py run1.json run2.json run3.json

Each figure is the median over the runs of each run's median (itself over its rounds),
with the spread over the runs' medians (min..max) and over every round of every run.
"""

from __future__ import annotations

import json
import statistics
import sys
from collections.abc import Callable
from typing import Any

Row = tuple[str, str, Callable[[dict[str, Any]], dict[str, float] | float], float, str]

ROWS: list[Row] = [
    ("gin 10-card min_deadwood (Card objects) vs OpenSpiel C++", "x", lambda s: s["gin10"]["vs_openspiel_cards"],
     1, ">= 1.0x"),
    ("gin 10-card min_deadwood_many (bitmasks) vs OpenSpiel C++", "x", lambda s: s["gin10"]["vs_openspiel_mask"],
     1, ">= 1.0x"),
    ("gin 10-card solve (melds) vs RLCard", "x", lambda s: s["rlcard"]["vs_rlcard"], 1, ">= 5x"),
    ("gin 11-card exact best discard (bitmasks) vs OpenSpiel 11-card", "x", lambda s: s["gin11"]["vs_openspiel"],
     1, ">= 0.25x"),
    ("gin 11-card best_discard_mask (+ the card) vs OpenSpiel 11-card", "x",
     lambda s: s["gin11"]["vs_openspiel_with_card"], 1, "-"),
    ("Bing 14 cards, worst adversarial hand", " ms", lambda s: s["bing"]["worst"], 1000, "<= 5 ms"),
    ("Bing 14 cards, issue #12's named hand (not opened)", " ms", lambda s: s["bing"]["named"], 1000, "<= 5 ms"),
    ("Bing 14 cards, issue #20's named hand, not opened", " ms", lambda s: s["bing"]["named20"], 1000, "<= 5 ms"),
    ("Bing 14 cards, issue #20's named hand, opened", " ms", lambda s: s["bing"]["named20_opened"], 1000,
     "<= 5 ms"),
    ("Bing table with lay-offs, worst situation", " ms", lambda s: s["tables"]["worst"], 1000, "<= 30 ms"),
    ("Bing table with lay-offs, 95th percentile", " ms", lambda s: s["tables"]["p95"], 1000, "-"),
    ("start-up: rummycheck solve vs minimal Typer app (CPU)", "x", lambda s: s["startup"]["vs_minimal_app"],
     1, "<= 1.15x"),
    ('start-up: rummycheck solve vs python -c "import typer"', "x", lambda s: s["startup"]["vs_import_typer"],
     1, "-"),
    ("z3: solve --prove (exact answer), worst deuce-rich hand", " s", lambda s: s["z3"]["exact"]["worst"],
     1, "<= 1 s"),
    ("z3: solve --solver z3 --prove, worst deuce-rich hand", " s", lambda s: s["z3"]["z3"]["worst"], 1, "<= 1 s"),
    ("z3: solve --solver z3 --prove, median hand", " s", lambda s: s["z3"]["z3"]["median"], 1, "-"),
]


def main(paths: list[str]) -> int:
    runs = [json.loads(open(path, encoding="utf-8").read()) for path in paths]
    print(f"| measure | median of {len(runs)} runs (min..max of the runs) | every round (min..max) | target |")
    print("|---|---|---|---|")
    for label, unit, pick, scale, target in ROWS:
        medians: list[float] = []
        lows: list[float] = []
        highs: list[float] = []
        for run in runs:
            try:
                value = pick(run)
            except KeyError:
                continue
            if isinstance(value, dict):
                medians.append(value["median"] * scale)
                lows.append(value.get("min", value["median"]) * scale)
                highs.append(value.get("max", value["median"]) * scale)
            else:
                medians.append(value * scale)
                lows.append(value * scale)
                highs.append(value * scale)
        if not medians:
            print(f"| {label} | not measured | | {target} |")
            continue
        digits = 3 if unit == " s" else 2
        middle = f"{statistics.median(medians):.{digits}f}{unit} ({min(medians):.{digits}f}..{max(medians):.{digits}f})"
        every = f"{min(lows):.{digits}f}..{max(highs):.{digits}f}{unit}"
        print(f"| {label} | {middle} | {every} | {target} |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
