"""A guard for restructuring: one hash of many seeded simulated games, every record included.

Run:  python bench/seeded_hash.py [--games 12]

Each match below is played for ``--games`` deals with records on; the outcomes (winner,
counts, points and the whole record: deal, stock, every action, the score lines) are
hashed together.  A change that should not change how games are played must print the
same hash before and after, per match and in total; a change that fixes a bug prints
which matches moved (say so in the commit).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rummycheck.sim.bots import bot_class  # noqa: E402
from rummycheck.sim.engine import SeatResult, play_game  # noqa: E402
from rummycheck.variants import get_variant  # noqa: E402

#: (variant, preset, bots, buybacks)
MATCHES: list[tuple[str, str | None, tuple[str, ...], int]] = [
    ("gin", None, ("knock", "gin"), 0),
    ("gin", None, ("knock-at-5", "random"), 0),
    ("gin", "classic", ("knock", "gin"), 0),
    ("gin", "openspiel", ("knock", "gin"), 0),
    ("basic", None, ("eager", "patient"), 0),
    ("basic", None, ("random", "eager", "patient"), 0),
    ("bing", None, ("early", "common", "sandbag", "common"), 0),
    ("bing", None, ("early", "sandbag", "common"), 1),
    # added 2026-12-02: the strongest gin bots and Bing's expected-value bots (the first eight
    # matches' total is printed on its own too, comparable with the hashes before)
    ("gin", None, ("expert", "knock"), 0),
    ("gin", None, ("expert-race", "gin"), 0),
    ("bing", None, ("common-ev", "sandbag-ev", "early"), 1),
]
#: the matches hashed before the list grew
FIRST = 8


#: the counts a seat's result held as fields before they became the game's own
#: (``SeatResult.counts``, ``Game.COUNTERS``), in that order: each seat is hashed in the text its
#: repr had then, so the hashes stay comparable with the baseline (all: 805ed09791b16fb7)
_FIRST_COUNTS = ("busts", "buybacks", "knocks", "gins", "undercuts")


def _seat_text(seat: SeatResult) -> str:
    counts = ", ".join(f"{name}={seat.count(name)!r}" for name in _FIRST_COUNTS)
    return (f"SeatResult(points={seat.points!r}, hands_won={seat.hands_won!r}, {counts}, "
            f"final_score={seat.final_score!r})")


def match_hash(name: str, preset: str | None, bots: tuple[str, ...], buybacks: int, games: int) -> str:
    variant = get_variant(name, preset=preset)
    digest = hashlib.sha256()
    for deal in range(games):
        outcome = play_game(variant, [bot_class(b)() for b in bots], seed=1, deal=deal, labels=bots,
                            buybacks=buybacks, record=True)
        seats = "(" + ", ".join(_seat_text(s) for s in outcome.seats) + ("," if len(outcome.seats) == 1 else "") + ")"
        digest.update(f"({outcome.winner!r}, {outcome.hands!r}, {outcome.dead_hands!r}, {seats})".encode())
        digest.update(json.dumps(outcome.record, sort_keys=True, default=str).encode())
    return digest.hexdigest()[:16]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=12)
    args = parser.parse_args(argv)
    total = hashlib.sha256()
    first = hashlib.sha256()
    for at, (name, preset, bots, buybacks) in enumerate(MATCHES):
        value = match_hash(name, preset, bots, buybacks, args.games)
        total.update(value.encode())
        if at < FIRST:
            first.update(value.encode())
        print(f"{name:5} {preset or '-':9} {'/'.join(bots):28} buybacks {buybacks}: {value}")
    print(f"the first {FIRST}: {first.hexdigest()[:16]}")
    print(f"all: {total.hexdigest()[:16]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
