"""A scenario or a record with a mistake: the command names it at its line and column, in its own
words, and exits 2 (``check`` for a scenario, ``replay`` for a record).

Each case changes one shipped file a little.  Where the message must point is found in the
changed text independently of the program's TOML scanner: the line holding a snippet of the
change, and the column of a token on that line (both counted from 1).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from rummycheck.cli import app

ROOT = Path(__file__).resolve().parent.parent
BASES = {
    "scenario:gin": ROOT / "scenarios" / "gin-knock.toml",
    "scenario:bing": ROOT / "scenarios" / "bing-opening-layoffs.toml",
    "scenario:round": ROOT / "scenarios" / "example-bing-four-player-round.toml",
    "record:gin": ROOT / "records" / "gin-knock.toml",
    "record:bing": ROOT / "records" / "bing-bust-buyback.toml",
    "record:basic": ROOT / "records" / "basic-rummy.toml",
}


def _base(name: str) -> str:
    """The file's text; a scenario's without its [expect] checks."""
    text = BASES[name].read_text(encoding="utf-8")
    return text.split("[expect]")[0] if name.startswith("scenario:") else text


def _run(name: str, path: Path) -> tuple[int, str]:
    """The command's exit code and standard error for the file at ``path``."""
    args = ["check", str(path), "--play", "draw"] if name.startswith("scenario:") else ["replay", str(path)]
    result = CliRunner().invoke(app, args)
    return result.exit_code, result.stderr


def _at(text: str, snippet: str, token: str) -> str:
    """``line:column`` of ``token`` on the first line of ``text`` that holds ``snippet``."""
    for number, line in enumerate(text.splitlines(), start=1):
        if snippet in line:
            return f"{number}:{line.index(token) + 1}"
    raise AssertionError(f"no line holds {snippet!r}")


SCENARIO_CASES = [
    # (base, old, new, snippet, token, message)
    ("scenario:gin", 'variant = "gin"', "variant = 5", "variant = 5", "5", "variant must be a string, got 5"),
    ("scenario:gin", 'name = "B"\nhand_size = 10', 'name = "B"\nhand_size = 10\nopened = "yes"', "opened", '"yes"',
     "players[2].opened must be true or false, got 'yes'"),
    ("scenario:gin", 'discard = "Qs"', "discard = 5", "discard = 5", "5",
     'pile.discard must be a string of cards like "Kd Kh Kc", got 5'),
    ("scenario:gin", 'hand = "Ac 2c', 'hand = "Ac=2d 2c', "Ac=2d", "Ac=2d",
     "'Ac=2d': a stated meaning ('=') is only allowed in table melds"),
    ("scenario:gin", "[pile]", "[rules]\nknock_limit = [1, 2]\n\n[pile]", "knock_limit", "[",
     "rule option 'knock_limit' needs a single value, got [1, 2]"),
    ("scenario:gin", 'name = "B"\nhand_size = 10', 'name = "B"\nhand = "Kc Kh"\nhand_size = 10', "hand_size = 10", "10",
     "hand_size 10 does not match the 2 cards of the hand"),
    ("scenario:gin", 'name = "B"\nhand_size = 10', 'name = "B"\nhand_size = 10\ncut = "2c"', "cut =", '"2c"',
     "cutting for a card does not apply to Gin Rummy (variant 'gin')"),
    ("scenario:gin", 'drew = "stock"', 'drew = "discard"', "drew =", '"discard"',
     'drew = "discard" needs took = "<card>" (the card taken)'),
    ("scenario:gin", 'drew = "stock"', 'drew = "stock"\ntook = "Kd"', "took =", '"Kd"',
     "took is only for drew = \"discard\", but drew is 'stock'"),
    ("scenario:gin", 'drew = "stock"', 'drew = "discard"\ntook = "Js"', "took =", '"Js"',
     "the card taken, Js, is not in A's hand"),
    ("scenario:gin", 'drew = "stock"', 'drew = "discard"\ntook = "Kd Qd"', "took =", '"Kd Qd"',
     "took must be one card, got 'Kd Qd'"),
    ("scenario:gin", "[turn]", '[end]\nout = "A"\n\n[turn]', 'out = "A"', '"A"',
     "a Gin Rummy hand ends with a knock: use knocker, not out"),
    ("scenario:gin", "[turn]", "[end]\nbig_gin = true\n\n[turn]", "big_gin", "true",
     'big_gin needs knocker = "<name>" (who went big gin)'),
    ("scenario:gin", "[turn]", '[end]\nknocker = "Z"\n\n[turn]', "knocker", '"Z"',
     "end.knocker 'Z' is not one of the players (A, B)"),
    ("scenario:gin", "[turn]", '[end]\nknocker = "A"\npoints = 5\n\n[turn]', "points = 5", "5",
     "end.points must be a table like { A = 58 }, got 5"),
    ("scenario:gin", "[turn]", '[end]\nknocker = "A"\npoints = { B = "x" }\n\n[turn]', "points =", '"x"',
     "end.points.B must be a whole number from 0 to 1000000, got 'x'"),
    ("scenario:bing", 'cards = "Kd Kh Kc"', 'cards = "Kd Kh Kc"\nkind = "row"', "kind =", '"row"',
     "table meld 1: kind must be 'set' or 'run', got 'row'"),
    ("scenario:bing", "hand_size = 14", 'hand_size = 14\n\n[[table]]\nowner = "B"\ncards = "Qd Kd Ad"',
     'owner = "B"', '"B"',
     "table meld 1 belongs to 'B', who has not opened: a player with melds on the table has opened"),
    ("scenario:bing", 'player = "A"', 'player = "A"\nmelded = "yes"', "melded", '"yes"',
     "turn.melded must be true or false, got 'yes'"),
    ("scenario:bing", 'hand = "Ks 7c Jc 3d"', 'hand = "Ks 7c Jc 3d"\ncut = "2c 2d"', "cut =", '"2c 2d"',
     "cut must be one card (the deuce kept from the cut), got '2c 2d'"),
    ("scenario:bing", 'cards = "8c 9c 10c"', 'cards = "8c Kd=9c 10c"', "Kd=9c", "Kd=9c",
     "table meld 2: Kd is not wild and cannot stand for 9c ('Kd=9c')"),
    ("scenario:round", 'out = "C"', 'out = "C"\nstalemate = true', "stalemate", "true",
     "a stalemate has nobody going out: drop out or stalemate"),
    ("scenario:round", 'out = "C"', 'out = "C"\nrummy = true', "rummy", "true",
     "rummy does not apply to Bing Rummy (variant 'bing')"),
    ("scenario:round", 'out = "C"', 'out = "C"\nbuyback = ["Z"]', "buyback", '"Z"',
     "end.buyback names 'Z', who is not one of the players"),
]

RECORD_CASES = [
    # (base, old, new, snippet, token, message)
    ("record:gin", 'dealer = "B"', 'dealer = "Z"', "dealer =", '"Z"', "dealer 'Z' is not one of the players (A, B)"),
    ("record:gin", 'dealer = "B"', 'dealer = "B"\nseed = "x"', "seed =", '"x"', "seed must be a whole number, got 'x'"),
    ("record:gin", 'variant = "gin"', "variant = 5", "variant =", "5", "variant must be a string, got 5"),
    ("record:gin", 'variant = "gin"', 'variant = "gin"\nrules = 5', "rules =", "5",
     "rules must be a table of options, got 5"),
    ("record:gin", 'players = ["A", "B"]', 'players = ["A", "A"]', "players =", '"A"]', "two players are named 'A'"),
    ("record:gin", 'dealer = "B"', 'dealer = "B"\nstart = 5', "start =", "5",
     "start must be a table like { A = 31, B = 5 }, got 5"),
    ("record:gin", 'dealer = "B"', 'dealer = "B"\nstart = { Z = 5 }', "start =", "Z",
     "start names 'Z', who is not one of the players"),
    ("record:gin", 'upcard = "Kc"', 'upcard = "Kc"\nrestock = ["Kd"]', "restock =", "[",
     "restock (the renewed stock) is for a game whose stock is renewed, not Gin Rummy"),
    ("record:gin", 'upcard = "Kc"', 'upcard = "Kc"\nbuyback = ["A"]', "buyback =", "[",
     "buying back in is not part of Gin Rummy"),
    ("record:gin", 'upcard = "Kc"', 'upcard = "Kc Kd"', "upcard =", '"Kc Kd"',
     "upcard must be one card (the first card of the discard pile), got 'Kc Kd'"),
    ("record:gin", "actions = [", "actions = 5\nunused = [", "actions =", "5",
     'actions must be a list of strings like "A draw 7h"'),
    ("record:bing", 'buyback = ["C"]', 'buyback = "C C"', "buyback =", '"C C"',
     "buyback must be a list of names like [\"A\"], got 'C C'"),
    ("record:bing", 'buyback = ["C"]', 'buyback = ["Z"]', "buyback =", '"Z"',
     "buyback names 'Z', who is not one of the players"),
    ("record:basic", "[[hand]]", '[[hand]]\nrestock = "Kd"', "restock =", '"Kd"',
     "restock must be a list of strings, one per renewal of the stock"),
]
CASES = SCENARIO_CASES + RECORD_CASES


@pytest.mark.parametrize(("base", "old", "new", "snippet", "token", "message"), CASES,
                         ids=[f"{c[0]}-{c[5][:40]}" for c in CASES])
def test_a_mistake_is_named_at_its_place(tmp_path: Path, base: str, old: str, new: str, snippet: str, token: str,
                                         message: str) -> None:
    text = _base(base)
    assert old in text
    changed = text.replace(old, new, 1)
    path = tmp_path / "file.toml"
    path.write_text(changed, encoding="utf-8")
    code, stderr = _run(base, path)
    assert code == 2, stderr
    lines = [line.removeprefix("rummycheck: ") for line in stderr.splitlines()]
    expected = f"{path}:{_at(changed, snippet, token)}: {message}"
    assert any(line.startswith(expected) for line in lines), (expected, lines)


@pytest.mark.parametrize("base", sorted(BASES))
def test_the_bases_are_read_without_a_mistake(tmp_path: Path, base: str) -> None:
    path = tmp_path / "file.toml"
    path.write_text(_base(base), encoding="utf-8")
    code, stderr = _run(base, path)
    assert code in (0, 1), stderr  # judged or replayed, legal or not: no input error
