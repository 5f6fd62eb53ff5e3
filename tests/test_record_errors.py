"""A record with a mistake in its keys: ``replay`` names it at its line and column, exit 2.

Each case changes one shipped record a little.  Where the message must point is found in the
changed text independently of the program's TOML scanner: the line holding a snippet of the
change, and the column of a token on that line (both counted from 1).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from rummycheck.cli import app

RECORDS = Path(__file__).resolve().parent.parent / "records"
BASES = {name: (RECORDS / f"{file}.toml").read_text(encoding="utf-8")
         for name, file in (("gin", "gin-knock"), ("bing", "bing-bust-buyback"), ("basic", "basic-rummy"))}


def _at(text: str, snippet: str, token: str) -> str:
    """``line:column`` of ``token`` on the first line of ``text`` that holds ``snippet``."""
    for number, line in enumerate(text.splitlines(), start=1):
        if snippet in line:
            return f"{number}:{line.index(token) + 1}"
    raise AssertionError(f"no line holds {snippet!r}")


CASES = [
    # (base, old, new, snippet, token, message)
    ("gin", 'dealer = "B"', 'dealer = "Z"', "dealer =", '"Z"', "dealer 'Z' is not one of the players (A, B)"),
    ("gin", 'dealer = "B"', 'dealer = "B"\nseed = "x"', "seed =", '"x"', "seed must be a whole number, got 'x'"),
    ("gin", 'variant = "gin"', "variant = 5", "variant =", "5", "variant must be a string, got 5"),
    ("gin", 'variant = "gin"', 'variant = "gin"\nrules = 5', "rules =", "5", "rules must be a table of options, got 5"),
    ("gin", 'players = ["A", "B"]', 'players = ["A", "A"]', "players =", '"A"]', "two players are named 'A'"),
    ("gin", 'dealer = "B"', 'dealer = "B"\nstart = 5', "start =", "5",
     "start must be a table like { A = 31, B = 5 }, got 5"),
    ("gin", 'dealer = "B"', 'dealer = "B"\nstart = { Z = 5 }', "start =", "Z",
     "start names 'Z', who is not one of the players"),
    ("gin", 'upcard = "Kc"', 'upcard = "Kc"\nrestock = ["Kd"]', "restock =", "[",
     "restock (the renewed stock) is for a game whose stock is renewed, not Gin Rummy"),
    ("gin", 'upcard = "Kc"', 'upcard = "Kc"\nbuyback = ["A"]', "buyback =", "[",
     "buying back in is not part of Gin Rummy"),
    ("gin", 'upcard = "Kc"', 'upcard = "Kc Kd"', "upcard =", '"Kc Kd"',
     "upcard must be one card (the first card of the discard pile), got 'Kc Kd'"),
    ("gin", "actions = [", "actions = 5\nunused = [", "actions =", "5",
     'actions must be a list of strings like "A draw 7h"'),
    ("bing", 'buyback = ["C"]', 'buyback = "C C"', "buyback =", '"C C"',
     "buyback must be a list of names like [\"A\"], got 'C C'"),
    ("bing", 'buyback = ["C"]', 'buyback = ["Z"]', "buyback =", '"Z"',
     "buyback names 'Z', who is not one of the players"),
    ("basic", "[[hand]]", '[[hand]]\nrestock = "Kd"', "restock =", '"Kd"',
     "restock must be a list of strings, one per renewal of the stock"),
]


@pytest.mark.parametrize(("base", "old", "new", "snippet", "token", "message"), CASES,
                         ids=[f"{c[0]}-{c[5][:40]}" for c in CASES])
def test_a_mistake_in_a_record_is_named_at_its_place(tmp_path: Path, base: str, old: str, new: str, snippet: str,
                                                     token: str, message: str) -> None:
    text = BASES[base]
    assert old in text
    changed = text.replace(old, new, 1)
    path = tmp_path / "r.toml"
    path.write_text(changed, encoding="utf-8")
    result = CliRunner().invoke(app, ["replay", str(path)])
    assert result.exit_code == 2, result.output
    lines = [line.removeprefix("rummycheck: ") for line in result.stderr.splitlines()]
    expected = f"{path}:{_at(changed, snippet, token)}: {message}"
    assert any(line.startswith(expected) for line in lines), (expected, lines)


def test_the_bases_replay(tmp_path: Path) -> None:
    for name, text in BASES.items():
        path = tmp_path / f"{name}.toml"
        path.write_text(text, encoding="utf-8")
        assert CliRunner().invoke(app, ["replay", str(path)]).exit_code == 0, name
