"""Make OpenSpiel gin rummy fixtures: real pyspiel games, serialized, with what pyspiel said.

Run:  python bench/openspiel_games.py [--out tests/data/openspiel] [--list]

Needs the bench extra (``open-spiel``).  Each fixture is one hand played by pyspiel:
``make_simple_gin_rummy_bot`` (which never lays off) and/or uniform random legal moves, chance drawn from a seeded
``random.Random``.  A fixture names what it should show (a gin, lay-offs, a wall...); the
script tries seeds 1, 2, ... until the game shows it, so the files are the same on every run.

Writes ``NAME.txt`` (``pyspiel.serialize_game_and_state``) and ``NAME.json``: the game string,
the players, the seed, pyspiel's returns, the number of actions and pyspiel's own
``action_to_string`` for each action (to check a decoding by hand).  A ``record_actions`` list
already in the sidecar (written by hand after such a check) is kept.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pyspiel

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rummycheck.files.openspiel import MoveKind, OpenSpielEnd, OpenSpielGame, parse_openspiel  # noqa: E402

Want = Callable[[OpenSpielGame], bool]


def _gin(game: OpenSpielGame) -> bool:
    return game.knocker is not None and game.deadwood[game.knocker] == 0


def _layoffs(game: OpenSpielGame) -> bool:
    return any(m.kind is MoveKind.LAYOFF for m in game.moves)


def _defender_melds(game: OpenSpielGame) -> bool:
    return game.knocker is not None and not _layoffs(game) and any(
        m.kind is MoveKind.MELD and m.player != game.knocker for m in game.moves)


def _knock(game: OpenSpielGame) -> bool:
    return game.end is OpenSpielEnd.KNOCK and not _gin(game)


def _any(game: OpenSpielGame) -> bool:
    return True


def _oklahoma_low(game: OpenSpielGame) -> bool:
    return game.knock_card < 10 and game.end is OpenSpielEnd.KNOCK


def _wall(game: OpenSpielGame) -> bool:
    return game.end is OpenSpielEnd.WALL


def _repeated(game: OpenSpielGame) -> bool:
    return game.end is OpenSpielEnd.REPEATED


def _first_pass(game: OpenSpielGame) -> bool:
    return any(m.kind is MoveKind.PASS for m in game.moves) and _knock(game)


# name, game string, players (bot or random), what the hand should show
FIXTURES: list[tuple[str, str, tuple[str, str], Want]] = [
    ("default-bots-knock", "gin_rummy", ("bot", "bot"), _knock),
    ("default-bots-gin", "gin_rummy", ("bot", "bot"), _gin),
    ("default-bot-random-layoffs", "gin_rummy", ("bot", "random"), _layoffs),
    ("default-bot-random-melds", "gin_rummy", ("bot", "random"), _defender_melds),
    ("default-random-bot-layoffs", "gin_rummy", ("random", "bot"), _layoffs),
    ("default-random-random-wall", "gin_rummy", ("random", "random"), _wall),
    ("default-random-random-repeated", "gin_rummy", ("random", "random"), _repeated),
    ("knock7-bots", "gin_rummy(knock_card=7)", ("bot", "bot"), _first_pass),
    ("knock7-bot-random", "gin_rummy(knock_card=7)", ("bot", "random"), _any),
    ("oklahoma-bots", "gin_rummy(oklahoma=true)", ("bot", "bot"), _oklahoma_low),
    ("oklahoma-random-bot", "gin_rummy(oklahoma=true)", ("random", "bot"), _any),
    ("bonus-bots-knock", "gin_rummy(gin_bonus=20,undercut_bonus=10)", ("bot", "bot"), _knock),
    ("bonus-bots-gin", "gin_rummy(gin_bonus=20,undercut_bonus=10)", ("bot", "bot"), _gin),
]


def play(game_string: str, players: tuple[str, str], seed: int) -> tuple[Any, Any]:
    """One hand: chance and the random players from ``random.Random(seed)``."""
    game = pyspiel.load_game(game_string)
    rng = random.Random(seed)
    bots = [pyspiel.make_simple_gin_rummy_bot(game.get_parameters(), p) if players[p] == "bot" else None
            for p in (0, 1)]
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            action = rng.choice([a for a, _ in state.chance_outcomes()])
        else:
            bot = bots[state.current_player()]
            action = bot.step(state) if bot is not None else rng.choice(state.legal_actions())
        state.apply_action(action)
    return game, state


def action_strings(game: Any, state: Any) -> list[str]:
    """pyspiel's ``action_to_string`` for every action, replayed from the start."""
    replay = game.new_initial_state()
    out = []
    for action in state.history():
        out.append(replay.action_to_string(replay.current_player(), action))
        replay.apply_action(action)
    return out


def make(out: Path, name: str, game_string: str, players: tuple[str, str], want: Want) -> str:
    for seed in range(1, 2000):
        game, state = play(game_string, players, seed)
        text = pyspiel.serialize_game_and_state(game, state)
        if want(parse_openspiel(text)):
            break
    else:
        raise SystemExit(f"{name}: no seed below 2000 gives the wanted hand")
    sidecar = out / f"{name}.json"
    old: dict[str, Any] = json.loads(sidecar.read_text()) if sidecar.exists() else {}
    data: dict[str, Any] = {
        "game": game_string,
        "players": list(players),
        "seed": seed,
        "returns": list(state.returns()),
        "num_actions": len(state.history()),
        "pyspiel_actions": action_strings(game, state),
    }
    if "record_actions" in old:
        data["record_actions"] = old["record_actions"]
    (out / f"{name}.txt").write_text(text)
    sidecar.write_text(json.dumps(data, indent=1) + "\n")
    return f"{name}: seed {seed}, {len(state.history())} actions, returns {state.returns()}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent.parent / "tests/data/openspiel")
    parser.add_argument("--list", action="store_true", help="list the fixtures and stop")
    args = parser.parse_args()
    if args.list:
        for name, game_string, players, want in FIXTURES:
            print(f"{name}: {game_string}, {players[0]} v {players[1]}, {want.__name__.lstrip('_')}")
        return
    args.out.mkdir(parents=True, exist_ok=True)
    for name, game_string, players, want in FIXTURES:
        print(make(args.out, name, game_string, players, want))


if __name__ == "__main__":
    main()
