"""``rummycheck score`` and ``rummycheck verify`` on the command line."""

from __future__ import annotations

import json
import re
from pathlib import Path

from typer.testing import CliRunner

from rummycheck.cli import app

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ROOT / "scenarios"
DATA = Path(__file__).parent / "data"
runner = CliRunner()


def test_score_scenario_prints_lines_with_rule_ids() -> None:
    result = runner.invoke(app, ["score", str(SCENARIOS / "example-bing-four-player-round.toml")])
    assert result.exit_code == 0, result.output
    assert "31 + 58 = 89" in result.output and "47 + 29 = 76" in result.output
    assert "BING-BUST" in result.output
    assert "buy-back level: 19 (BING-BUYBACK)" in result.output


def test_score_sheet_prints_every_hand_and_the_winner() -> None:
    result = runner.invoke(app, ["score", str(SCENARIOS / "sheets" / "bing-club-night.toml")])
    assert result.exit_code == 0, result.output
    assert [line for line in result.output.splitlines() if line.startswith("hand ")] == [
        "hand 1 - the RULES.md round: C goes out", "hand 2", "hand 3"]
    assert "bought back at 19" in result.output
    assert result.output.rstrip().endswith("game over: A wins")


def test_score_json_for_a_gin_sheet() -> None:
    result = runner.invoke(app, ["score", str(SCENARIOS / "sheets" / "gin-modern-game.toml"), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["variant"] == "gin" and data["winner"] == "Ann"
    assert [h["scores"] for h in data["hands"]][:2] == [{"Ann": 75, "Bob": 0}, {"Ann": 75, "Bob": 10}]
    assert data["final"] == {"Ann": 255, "Bob": 35}
    assert all(line["rule"].startswith("GIN-") for h in data["hands"] for line in h["lines"])


def test_score_rule_override_changes_the_result() -> None:
    path = str(SCENARIOS / "example-gin-undercut-3-against-1.toml")
    result = runner.invoke(app, ["score", path, "--rule", "undercut_bonus=10", "--json"])
    assert json.loads(result.output)["final"] == {"A": 0, "B": 12}  # 2 + 10


def test_score_sheet_errors_name_file_line_and_column(tmp_path: Path) -> None:
    sheet = tmp_path / "bad.toml"
    sheet.write_text('variant = "bing"\nplayers = ["A", "B"]\n\n[[hands]]\nout = "B"\n'
                     'cards = { A = "6h Zq" }\nknocker = "A"\n')
    result = runner.invoke(app, ["score", str(sheet)])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    # both problems, each at its place: the bad card at its own column, the gin-only key
    assert any(re.search(r"bad\.toml:6:19: .*'Zq'", ln) for ln in lines), result.output
    assert any(re.search(r"bad\.toml:7:1: 'knocker' does not apply to Bing Rummy", ln) for ln in lines)
    assert "Traceback" not in result.output


def test_score_sheet_refused_hand_names_the_hand(tmp_path: Path) -> None:
    sheet = tmp_path / "knock.toml"
    sheet.write_text('variant = "gin"\nplayers = ["A", "B"]\n\n[[hands]]\nknocker = "A"\n'
                     'points = { A = 3, B = 20 }\n\n[[hands]]\nknocker = "B"\npoints = { A = 20, B = 12 }\n')
    result = runner.invoke(app, ["score", str(sheet)])
    assert result.exit_code == 2
    assert "knock.toml:8:1: hand 2: GIN-KNOCK" in result.output


def test_score_scenario_without_end_is_an_error() -> None:
    result = runner.invoke(app, ["score", str(SCENARIOS / "example-gin-deadwood-10.toml")])
    assert result.exit_code == 2 and "no [end] table" in result.output


def test_verify_cli_passes_on_the_worked_examples() -> None:
    files = sorted(str(p) for p in SCENARIOS.glob("example-gin-*.toml"))
    result = runner.invoke(app, ["verify", *files])
    assert result.exit_code == 0, result.output
    last = result.output.strip().splitlines()[-1]
    assert re.fullmatch(r"\d+ passed, 0 failed", last)


def test_verify_cli_fails_on_the_wrong_scenario_with_a_diff() -> None:
    result = runner.invoke(app, ["verify", str(DATA / "wrong-on-purpose.toml")])
    assert result.exit_code == 1
    assert "what differs:" in result.output
    assert "scores: A: expected 88, got 89 (BING-SCORE, BING-BUST)" in result.output
    assert result.output.strip().splitlines()[-1] == "1 passed, 3 failed"


def test_verify_cli_json_and_bad_input_exit_2() -> None:
    result = runner.invoke(app, ["verify", str(DATA / "wrong-on-purpose.toml"), "--json"])
    data = json.loads(result.output)
    assert (data["passed"], data["failed"]) == (1, 3) and result.exit_code == 1
    bad = runner.invoke(app, ["verify", str(DATA / "unknown-expect-key.toml")])
    assert bad.exit_code == 2 and "unknown [expect] key 'dead_wood'" in bad.output


def test_rules_gin_states_the_values_of_each_preset() -> None:
    result = runner.invoke(app, ["rules", "gin"])
    assert result.exit_code == 0
    table = result.output.split("presets (--preset NAME")[1]
    rows = {tuple(line.split()[1:]) for line in table.splitlines() if line.startswith("GIN-")}
    # RULES.md GIN-* table: modern values, classic values in brackets (then the openspiel preset)
    assert ("undercut_bonus", "25", "10", "25") in rows
    assert ("gin_bonus", "25", "20", "25") in rows
    assert ("big_gin_bonus", "31", "0", "0") in rows
    assert ("box_bonus", "25", "20", "0") in rows
    assert ("shutout_doubles", "false", "true", "false") in rows
    assert ("undercut_on_tie", "true", "true", "false") in rows
    assert "oklahoma=true" in table
