"""Thousands of simulated games written as records and replayed through the one judge.

Run:  python bench/replay_simulated.py [--games 1000] [--seed 1]

Issue #11: every simulated game must replay as legal.  For each game and pair (or set) of
bots below, ``--games`` games are played by the simulator (every action already judged by
``GameState`` as it is played), written as a record file's text, read back (the text must
come back unchanged), and replayed by ``table.replay`` from the deal alone: every action
must be legal again and every running score the simulation wrote must agree with the score
engine's.  Exits 1 at the first game that fails, naming it; prints the counts and the time.
The test suite runs the same check on a few dozen games (tests/test_sim_records.py).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rummycheck.files.record import parse_record, write_record  # noqa: E402
from rummycheck.sim.as_record import to_record  # noqa: E402
from rummycheck.sim.bots import bot_class  # noqa: E402
from rummycheck.sim.engine import play_game  # noqa: E402
from rummycheck.sim.record_out import game_to_record_dict  # noqa: E402
from rummycheck.sim.runner import default_buybacks  # noqa: E402
from rummycheck.table.replay import replay  # noqa: E402
from rummycheck.variants import get_variant  # noqa: E402

#: (game, preset, rule overrides, bots): every preset of every game, Oklahoma gin included
MATCHES: list[tuple[str, str | None, dict[str, object], tuple[str, ...]]] = [
    ("gin", None, {}, ("knock", "gin")),
    ("gin", None, {}, ("knock-at-5", "random")),
    ("gin", "classic", {}, ("knock", "gin")),
    ("gin", "openspiel", {}, ("knock", "gin")),
    ("gin", "openspiel", {}, ("random", "random")),
    ("gin", None, {"oklahoma": True}, ("knock", "random")),
    ("basic", None, {}, ("eager", "patient")),
    ("basic", None, {}, ("random", "eager", "patient")),
    ("bing", None, {}, ("early", "common", "sandbag", "common")),
    ("bing", None, {}, ("random", "early", "sandbag")),
    ("bing", None, {}, ("early", "common-ev", "sandbag-ev", "common-ev")),
]


def check(name: str, preset: str | None, rules: dict[str, object], bots: tuple[str, ...], games: int,
          seed: int) -> tuple[int, int, int]:
    """(games, hands, record lines) replayed; raises SystemExit naming the first game that fails."""
    variant = get_variant(name, preset=preset, **rules)  # type: ignore[arg-type]
    hands = lines = 0
    for deal in range(games):
        outcome = play_game(variant, [bot_class(b)() for b in bots], seed=seed, deal=deal, labels=bots, record=True,
                            buybacks=default_buybacks(variant))  # as simulate plays: Bing buys back once
        assert outcome.record is not None
        text = write_record(to_record(game_to_record_dict(outcome.record)))
        if write_record(parse_record(text, source="sim.toml")) != text:
            raise SystemExit(f"{name} {preset or rules} {'/'.join(bots)} seed {seed} deal {deal}: "
                             "the record does not read back as written")
        result = replay(parse_record(text, source="sim.toml"))
        if result.illegal is not None or not result.ok:
            raise SystemExit(f"{name} {preset or rules} {'/'.join(bots)} seed {seed} deal {deal}: "
                             f"{result.illegal or result.mismatches}")
        hands += outcome.hands
        lines += text.count("\n")
    return games, hands, lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per match")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    total_games = total_hands = 0
    for name, preset, rules, bots in MATCHES:
        start = time.process_time()
        games, hands, lines = check(name, preset, rules, bots, args.games, args.seed)
        total_games += games
        total_hands += hands
        setting = preset or ",".join(f"{k}={v}" for k, v in rules.items()) or "-"
        print(f"{name:5} {setting:13} {'/'.join(bots):28} {games:6} games {hands:7} hands {lines:9} record lines: "
              f"all legal, scores agree ({time.process_time() - start:.0f} s CPU)")
    print(f"{total_games} games, {total_hands} hands replayed through the judge: none illegal, no score differs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
