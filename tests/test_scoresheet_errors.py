"""A score sheet with a mistake: ``score`` names it with its file, line and column and exits 2.

The sheet below scores as it stands; each case changes one line of it and expects one located
line.  Every line and column was counted by hand on the changed text (the comment says where
the column points), not copied from the program's output.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from rummycheck.cli import app

SHEET = """variant = "gin"
players = ["A", "B"]

[start]
A = 10
B = 20

[[hands]]
knocker = "A"
points = { A = 5, B = 30 }
"""


def test_the_sheet_scores_as_it_stands(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    path.write_text(SHEET, encoding="utf-8")
    result = CliRunner().invoke(app, ["score", str(path)])
    assert result.exit_code == 0, result.output
    # GIN-SCORE: A knocks with 5 against 30: 25 to A, so A 10 + 25 = 35
    assert "A               10     +25       35  won the hand" in result.stdout


@pytest.mark.parametrize(("old", "new", "where", "message"), [
    # line 5 'A = "ten"': the value starts at column 5
    ("A = 10", 'A = "ten"', "5:5", "start.A must be a whole number, got 'ten'"),
    ("A = 10", "A = 2000000", "5:5", "start.A must be from 0 to 1000000, got 2000000"),
    ("A = 10", "Z = 10", "5:5", "'Z' is not one of the players (A, B)"),
    # line 2 'players = "A B"': the value at column 11
    ('players = ["A", "B"]', 'players = "A B"', "2:11", 'players must be a list of names like ["Ann", "Bob"], got '
                                                         "'A B'"),
    ('variant = "gin"', 'variant = "poker"', "1:11", "unknown variant 'poker'; choose one of bing, basic, gin"),
    # the preset line is inserted as line 2; its value at column 10
    ('variant = "gin"', 'variant = "gin"\npreset = "nope"', "2:10",
     "variant 'gin' has no preset 'nope'; presets are: modern, classic, openspiel"),
    ('variant = "gin"', 'variant = "gin"\ncolour = "red"', "2:1", "unknown key 'colour' in the score sheet"),
    # Bing's buy-back in a gin hand: the key, line 10 column 1
    ('knocker = "A"', 'knocker = "A"\nbuyback = ["B"]', "10:1", "'buyback' does not apply to Gin Rummy"),
    # line 10 'points = { A = 5, B = -3 }': the -3 at column 23
    ("B = 30 }", "B = -3 }", "10:23", "points must be from 0 to 1000000, got -3"),
    # line 10 'cards = { A = "Ac 2c Zz", B = "Kd" }': the Zz at column 22
    ("points = { A = 5, B = 30 }", 'cards = { A = "Ac 2c Zz", B = "Kd" }', "10:22",
     "expected a card like '10h' or 'H10', got 'Zz'"),
    # a rule option of the wrong kind: [rules] added at the end, its value at column 15 of line 13
    ("points = { A = 5, B = 30 }\n", 'points = { A = 5, B = 30 }\n\n[rules]\nknock_limit = "x"\n', "13:15",
     "option 'knock_limit' expects an integer from 0 to 100, got 'x'"),
])
def test_a_mistake_in_a_score_sheet_is_one_located_line(tmp_path: Path, old: str, new: str, where: str,
                                                        message: str) -> None:
    assert old in SHEET
    path = tmp_path / "s.toml"
    path.write_text(SHEET.replace(old, new, 1), encoding="utf-8")
    result = CliRunner().invoke(app, ["score", str(path)])
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(f"rummycheck: {path}:{where}: {message}"), lines[0]


def test_every_mistake_is_reported_at_once(tmp_path: Path) -> None:
    text = SHEET.replace("A = 10", 'A = "ten"').replace("B = 30 }", "B = -3 }")
    path = tmp_path / "s.toml"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(app, ["score", str(path)])
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f"rummycheck: {path}:5:5: start.A must be a whole number, got 'ten'",
        f"{path}:10:23: points must be from 0 to 1000000, got -3",
    ]


BING_SHEET = """variant = "bing"
players = ["A", "B", "C"]

[start]
A = 70
B = 10
C = 76

[[hands]]
out = "A"
points = { B = 6, C = 10 }
"""


def _score(path: Path, text: str) -> Result:
    path.write_text(text, encoding="utf-8")
    return CliRunner().invoke(app, ["score", str(path)])


def test_a_bing_player_over_the_limit_at_the_start_must_be_out(tmp_path: Path) -> None:
    # BING-BUST: 76 or more puts a player out of the game (limit 75), so C cannot start at 76 and
    # still play; line 7 'C = 76': the value at column 5.  Listed out, he no longer plays and the
    # hand is scored without him (no points for him: he holds no cards)
    path = tmp_path / "b.toml"
    result = _score(path, BING_SHEET)
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f"rummycheck: {path}:7:5: start.C: 76 is over the limit of 75: a player over it has busted out of the "
        "game (BING-BUST); list C in out"]
    assert _score(path, BING_SHEET.replace("C = 76\n", "C = 75\n")).exit_code == 0  # 75 is still in
    listed = _score(path, BING_SHEET.replace('[start]', 'out = ["C"]\n\n[start]').replace(", C = 10", ""))
    assert listed.exit_code == 0, listed.output


def test_a_bing_scenario_player_over_the_limit_must_be_out(tmp_path: Path) -> None:
    path = tmp_path / "scn.toml"
    result = _score(path, 'variant = "bing"\n[[players]]\nname = "A"\nscore = 80\nopened = true\nhand = "5h 4d"\n'
                          '[[players]]\nname = "B"\nscore = 10\nopened = true\nhand = ""\n[end]\nout = "B"\n')
    assert result.exit_code == 2
    # line 4 'score = 80': the value at column 9
    assert result.stderr.splitlines() == [
        f"rummycheck: {path}:4:9: A's score 80 is over the limit of 75: a player over it has busted out of the "
        "game (BING-BUST); mark him out = true"]
