"""A scenario with a mistake: ``check`` names it at its line and column, in its own words, exit 2.

Each case changes one shipped scenario a little.  Where the message must point is found in the
changed text independently of the program's TOML scanner: the line holding a snippet of the
change, and the column of a token on that line (both counted from 1).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from rummycheck.cli import app

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
BASES = {name: (SCENARIOS / f"{file}.toml").read_text(encoding="utf-8").split("[expect]")[0]
         for name, file in (("gin", "gin-knock"), ("bing", "bing-opening-layoffs"),
                            ("round", "example-bing-four-player-round"))}


def _at(text: str, snippet: str, token: str) -> str:
    """``line:column`` of ``token`` on the first line of ``text`` that holds ``snippet``."""
    for number, line in enumerate(text.splitlines(), start=1):
        if snippet in line:
            return f"{number}:{line.index(token) + 1}"
    raise AssertionError(f"no line holds {snippet!r}")


CASES = [
    # (base, old, new, snippet, token, message)
    ("gin", 'variant = "gin"', "variant = 5", "variant = 5", "5", "variant must be a string, got 5"),
    ("gin", 'name = "B"\nhand_size = 10', 'name = "B"\nhand_size = 10\nopened = "yes"', "opened", '"yes"',
     "players[2].opened must be true or false, got 'yes'"),
    ("gin", 'discard = "Qs"', "discard = 5", "discard = 5", "5",
     'pile.discard must be a string of cards like "Kd Kh Kc", got 5'),
    ("gin", 'hand = "Ac 2c', 'hand = "Ac=2d 2c', "Ac=2d", "Ac=2d",
     "'Ac=2d': a stated meaning ('=') is only allowed in table melds"),
    ("gin", "[pile]", "[rules]\nknock_limit = [1, 2]\n\n[pile]", "knock_limit", "[",
     "rule option 'knock_limit' needs a single value, got [1, 2]"),
    ("gin", 'name = "B"\nhand_size = 10', 'name = "B"\nhand = "Kc Kh"\nhand_size = 10', "hand_size = 10", "10",
     "hand_size 10 does not match the 2 cards of the hand"),
    ("gin", 'name = "B"\nhand_size = 10', 'name = "B"\nhand_size = 10\ncut = "2c"', "cut =", '"2c"',
     "cutting for a card does not apply to Gin Rummy (variant 'gin')"),
    ("gin", 'drew = "stock"', 'drew = "discard"', "drew =", '"discard"',
     'drew = "discard" needs took = "<card>" (the card taken)'),
    ("gin", 'drew = "stock"', 'drew = "stock"\ntook = "Kd"', "took =", '"Kd"',
     "took is only for drew = \"discard\", but drew is 'stock'"),
    ("gin", 'drew = "stock"', 'drew = "discard"\ntook = "Js"', "took =", '"Js"',
     "the card taken, Js, is not in A's hand"),
    ("gin", 'drew = "stock"', 'drew = "discard"\ntook = "Kd Qd"', "took =", '"Kd Qd"',
     "took must be one card, got 'Kd Qd'"),
    ("gin", "[turn]", '[end]\nout = "A"\n\n[turn]', 'out = "A"', '"A"',
     "a Gin Rummy hand ends with a knock: use knocker, not out"),
    ("gin", "[turn]", "[end]\nbig_gin = true\n\n[turn]", "big_gin", "true",
     'big_gin needs knocker = "<name>" (who went big gin)'),
    ("gin", "[turn]", '[end]\nknocker = "Z"\n\n[turn]', "knocker", '"Z"',
     "end.knocker 'Z' is not one of the players (A, B)"),
    ("gin", "[turn]", '[end]\nknocker = "A"\npoints = 5\n\n[turn]', "points = 5", "5",
     "end.points must be a table like { A = 58 }, got 5"),
    ("gin", "[turn]", '[end]\nknocker = "A"\npoints = { B = "x" }\n\n[turn]', "points =", '"x"',
     "end.points.B must be a whole number from 0 to 1000000, got 'x'"),
    ("bing", 'cards = "Kd Kh Kc"', 'cards = "Kd Kh Kc"\nkind = "row"', "kind =", '"row"',
     "table meld 1: kind must be 'set' or 'run', got 'row'"),
    ("bing", "hand_size = 14", 'hand_size = 14\n\n[[table]]\nowner = "B"\ncards = "Qd Kd Ad"', 'owner = "B"', '"B"',
     "table meld 1 belongs to 'B', who has not opened: a player with melds on the table has opened"),
    ("bing", 'player = "A"', 'player = "A"\nmelded = "yes"', "melded", '"yes"',
     "turn.melded must be true or false, got 'yes'"),
    ("bing", 'hand = "Ks 7c Jc 3d"', 'hand = "Ks 7c Jc 3d"\ncut = "2c 2d"', "cut =", '"2c 2d"',
     "cut must be one card (the deuce kept from the cut), got '2c 2d'"),
    ("bing", 'cards = "8c 9c 10c"', 'cards = "8c Kd=9c 10c"', "Kd=9c", "Kd=9c",
     "table meld 2: Kd is not wild and cannot stand for 9c ('Kd=9c')"),
    ("round", 'out = "C"', 'out = "C"\nstalemate = true', "stalemate", "true",
     "a stalemate has nobody going out: drop out or stalemate"),
    ("round", 'out = "C"', 'out = "C"\nrummy = true', "rummy", "true",
     "rummy does not apply to Bing Rummy (variant 'bing')"),
    ("round", 'out = "C"', 'out = "C"\nbuyback = ["Z"]', "buyback", '"Z"',
     "end.buyback names 'Z', who is not one of the players"),
]


@pytest.mark.parametrize(("base", "old", "new", "snippet", "token", "message"), CASES,
                         ids=[f"{c[0]}-{c[5][:40]}" for c in CASES])
def test_a_mistake_in_a_scenario_is_named_at_its_place(tmp_path: Path, base: str, old: str, new: str, snippet: str,
                                                       token: str, message: str) -> None:
    text = BASES[base]
    assert old in text
    changed = text.replace(old, new, 1)
    path = tmp_path / "s.toml"
    path.write_text(changed, encoding="utf-8")
    result = CliRunner().invoke(app, ["check", str(path), "--play", "draw"])
    assert result.exit_code == 2, result.output
    lines = [line.removeprefix("rummycheck: ") for line in result.stderr.splitlines()]
    expected = f"{path}:{_at(changed, snippet, token)}: {message}"
    assert any(line.startswith(expected) for line in lines), (expected, lines)


def test_the_bases_are_sound(tmp_path: Path) -> None:
    for name, text in BASES.items():
        path = tmp_path / f"{name}.toml"
        path.write_text(text, encoding="utf-8")
        result = CliRunner().invoke(app, ["check", str(path), "--play", "draw"])
        assert result.exit_code in (0, 1), (name, result.output)  # judged, legal or not: no input error
