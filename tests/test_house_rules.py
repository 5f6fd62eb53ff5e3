"""House-rules files: a club's TOML that extends a shipped variant, wherever a variant is named."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rummycheck import VariantError, get_variant, parse_cards, solve
from rummycheck.cli import app
from rummycheck.files.scenario import load_scenario
from rummycheck.table.disputes import check_play

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()

CLUB = """# the Tuesday club: wild deuces left in hand cost 25, and the limit is strict
name = "tuesday"
extends = "bing"

[rules]
wild_points = 25
limit_strict = true
"""


@pytest.fixture
def club(tmp_path: Path) -> Path:
    path = tmp_path / "tuesday.toml"
    path.write_text(CLUB, encoding="utf-8")
    return path


def test_house_file_equals_the_same_overrides(club: Path) -> None:
    house = get_variant(club)
    same = get_variant("bing", wild_points=25, limit_strict=True)
    assert house.name == "tuesday" and house.game == "bing"
    assert house.values == same.values
    assert house.card_points(parse_cards("2h")[0]) == 25


def test_solve_with_house_file_gives_the_overrides_answer(club: Path) -> None:
    # 63 + 12 = 75 is allowed at "at most 75" but not under the strict limit (< 75)
    hand = parse_cards("Kd Kh Kc 8c 9c Tc 3h 3s 3h 4s 5s 6s 7d 5d")
    by_file = solve(hand, variant=get_variant(club), score=63)
    by_rules = solve(hand, variant=get_variant("bing", wild_points=25, limit_strict=True), score=63)
    assert (by_file.legal, by_file.deadwood_points, by_file.reasons) == \
        (by_rules.legal, by_rules.deadwood_points, by_rules.reasons)
    assert by_file.legal is False and "score 63 + 12 left = 75 >= 75" in by_file.reasons[-1].message


def test_cli_commands_accept_a_house_file(club: Path) -> None:
    hand = ["--cards", "Kd Kh Kc 8c 9c Tc 3h 3s 3h 4s 5s 6s 7d 5d", "--score", "63", "--json"]
    by_file = runner.invoke(app, ["solve", *hand, "--variant", str(club)])
    by_rules = runner.invoke(app, ["solve", *hand, "--rule", "wild_points=25", "--rule", "limit_strict=true"])
    assert by_file.exit_code == 0, by_file.output
    a, b = json.loads(by_file.stdout), json.loads(by_rules.stdout)
    assert a.pop("variant") == "tuesday" and b.pop("variant") == "bing"
    assert a == b
    rules = runner.invoke(app, ["rules", str(club)])
    assert rules.exit_code == 0 and "wild_points" in rules.stdout and "25" in rules.stdout


def test_scenario_names_a_house_file_relative_to_itself(club: Path) -> None:
    text = (ROOT / "scenarios" / "bing-limit-63.toml").read_text(encoding="utf-8")
    scenario_path = club.parent / "limit.toml"
    scenario_path.write_text(text.replace('variant = "bing"', 'variant = "tuesday.toml"'), encoding="utf-8")
    scenario = load_scenario(scenario_path)
    assert scenario.variant.name == "tuesday"
    verdict = check_play(scenario, "meld Kd Kh Kc / 8c 9c 10c / 3h 3s 3h / 4s 5s 6s")
    assert not verdict.legal and verdict.rules == ("BING-LIMIT",)  # strict: 75 is not below 75
    play = "meld Kd Kh Kc / 8c 9c 10c / 3h 3s 3h / 4s 5s 6s"
    checked = runner.invoke(app, ["check", str(scenario_path), "--play", play])
    assert checked.exit_code == 1, checked.output
    # verify runs the file's [expect]: its first play expects legal under "at most 75", so it fails here
    verified = runner.invoke(app, ["verify", str(scenario_path)])
    assert verified.exit_code == 1


def test_score_sheet_with_house_file(club: Path) -> None:
    sheet = club.parent / "night.toml"
    sheet.write_text('variant = "tuesday.toml"\nplayers = ["A", "B"]\n\n[[hands]]\nout = "A"\n'
                     'cards = { B = "2h 2d 5c" }\n', encoding="utf-8")
    result = runner.invoke(app, ["score", str(sheet), "--json"])
    assert result.exit_code == 0, result.output
    # two wild deuces at 25 each plus the 5c: 55 (the shipped value 2 would give 9)
    assert json.loads(result.stdout)["hands"][0]["scores"]["B"] == 55


@pytest.mark.parametrize(("text", "where", "words"), [
    ('name = "x"\nextends = "bing"\n\n[rules]\nno_such = 3\n', ":5:1:", "has no option 'no_such'"),
    ('name = "x"\nextends = "bing"\n[rules]\nwild_points = "lots"\n', ":4:1:", "expects an integer"),
    ('name = "x"\nextends = "poker"\n', ":2:1:", "extends must name a variant"),
    ('name = "x"\nextends = "bing"\ncolour = "red"\n', ":3:1:", "unknown key 'colour'"),
    ('name = "x"\nextends = "bing"\n[rules\n', ":3:", "not valid TOML"),
])
def test_house_file_errors_are_located(tmp_path: Path, text: str, where: str, words: str) -> None:
    path = tmp_path / "house.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(VariantError) as caught:
        get_variant(path)
    message = str(caught.value)
    assert message.startswith(f"{path}{where}") and words in message
    result = runner.invoke(app, ["solve", "--cards", "Kd Kh Kc", "--variant", str(path)])
    assert result.exit_code == 2 and len(result.stderr.strip().splitlines()) == 1
    assert str(path) + where in result.stderr


def test_replace_never_changes_the_shipped_variant() -> None:
    gin = get_variant("gin")
    values = tuple((k, 3 if k == "knock_limit" else v) for k, v in gin.values)
    changed = dataclasses.replace(gin, values=values)
    assert changed.option("knock_limit") == 3
    assert gin.option("knock_limit") == 10 and get_variant("gin").option("knock_limit") == 10
    assert solve(parse_cards("Ac 2c 3c 4d 5d 6d 7h 8h 9h Ts"), variant="gin").legal  # deadwood 10 <= 10
