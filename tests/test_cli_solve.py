"""``rummycheck solve`` and ``rummycheck rules`` through Typer's CliRunner: exit codes,
one-line errors without tracebacks, the --json fields, the rules tables, lazy imports."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from rummycheck.cli import app

EXPECTED = "expected a card like '10h' or 'H10'"

# Kings, 4h 5h 6h, 6s 6c 6d and Tc Qc with the deuce as Jc; 7s 9d (16 points) stay.
# Worked out in test_solve_rules.py (WILD_JC).
WILD_JC = "Ks Kh Kd 4h 5h 6h Tc Qc 2d 7s 9d 6s 6c 6d"
RULES_GIN_10 = "Ac 2c 3c 4d 5d 6d 7h 8h 9h 10s"


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(app, list(args), input=input)


def assert_user_error(result: Result, message: str) -> None:
    """Exit 2, exactly one line on stderr, nothing on stdout, no traceback."""
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0] == f"rummycheck: {message}"
    assert result.stdout == ""
    assert "Traceback" not in result.output
    assert isinstance(result.exception, SystemExit)


@pytest.fixture
def hand_file(tmp_path: Path) -> Path:
    path = tmp_path / "hand.txt"
    path.write_text("# a Bing hand with a wild deuce\n" + WILD_JC.replace(" 7s", "\n7s") + "\n", encoding="utf-8")
    return path


# -- exit 0 on an answer -------------------------------------------------------------

def test_solve_file_exits_0_and_explains_wilds(hand_file: Path) -> None:
    result = run("solve", str(hand_file))
    assert result.exit_code == 0, result.output
    assert "2d as Jc" in result.stdout
    assert "left in hand: 7s 9d (16 points)" in result.stdout
    assert "BING-OPEN" in result.stdout and "BING-LIMIT" in result.stdout
    assert result.stderr == ""


def test_solve_cards_option_exits_0() -> None:
    result = run("solve", "--cards", RULES_GIN_10, "--variant", "gin")
    assert result.exit_code == 0, result.output
    assert "left in hand: Ts (10 points)" in result.stdout
    assert "GIN-KNOCK: deadwood 10 <= 10: may knock" in result.stdout


def test_solve_stdin_exits_0() -> None:
    result = run("solve", "-", "--variant", "gin", input=RULES_GIN_10)
    assert result.exit_code == 0, result.output
    assert "Ts (10 points)" in result.stdout


def test_solve_illegal_verdict_still_exits_0() -> None:
    # an answer that says "may not meld" is still an answer: exit 0.
    # four melds leave 6s 8h (14): 63 + 14 = 77 > 75
    result = run("solve", "--cards", "Kd Kh Kc 8c 9c 10c 3h 3s 3d 5d 6d 7d 6s 8h", "--score", "63")
    assert result.exit_code == 0, result.output
    assert "verdict: not legal" in result.stdout
    assert "score 63 + 14 left = 77 > 75" in result.stdout


def test_solve_does_not_modify_the_hand_file(hand_file: Path) -> None:
    before = hand_file.read_bytes()
    run("solve", str(hand_file), "--json")
    assert hand_file.read_bytes() == before


# -- exit 2 on bad input or usage ----------------------------------------------------

def test_bad_card_in_file_names_file_line_column(tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_text("Kd Kh Kc\n8c, Z9 10c\n", encoding="utf-8")
    result = run("solve", str(path))
    # line 2: "8c, " is four characters, Z9 is in column 5
    assert_user_error(result, f"{path}:2:5: {EXPECTED}, got 'Z9'")


def test_bad_card_in_cards_option() -> None:
    assert_user_error(run("solve", "--cards", "Kd Kh 1x"), f"--cards:1:7: {EXPECTED}, got '1x'")


def test_too_many_copies_for_the_variant() -> None:
    # gin is one deck: a second Kd is an error
    assert_user_error(run("solve", "--cards", "Kd Kh Kd", "--variant", "gin"),
                      "--cards:1:7: the hand holds 2 copies of Kd, but one deck holds only 1")


def test_missing_file(tmp_path: Path) -> None:
    missing = tmp_path / "nope.txt"
    result = run("solve", str(missing))
    assert result.exit_code == 2
    assert result.stderr.startswith(f"rummycheck: cannot read {str(missing)!r}")
    assert "Traceback" not in result.output


def test_directory_instead_of_file(tmp_path: Path) -> None:
    assert_user_error(run("solve", str(tmp_path)), f"cannot read {str(tmp_path)!r}: is a directory")


def test_empty_hand_file(tmp_path: Path) -> None:
    path = tmp_path / "empty.txt"
    path.write_text("# only a comment\n\n", encoding="utf-8")
    assert_user_error(run("solve", str(path)), f"{path}: no cards found")


def test_both_file_and_cards(hand_file: Path) -> None:
    assert_user_error(run("solve", str(hand_file), "--cards", "Kd Kh Kc"),
                      "give a hand file (or - for stdin) or --cards, not both and not neither")


def test_neither_file_nor_cards() -> None:
    assert_user_error(run("solve"), "give a hand file (or - for stdin) or --cards, not both and not neither")


def test_unknown_variant() -> None:
    assert_user_error(run("solve", "--cards", "Kd Kh Kc", "--variant", "poker"),
                      "unknown variant 'poker'; choose one of bing, basic, gin or a house-rules file (.toml)")


def test_bad_rule_value() -> None:
    assert_user_error(run("solve", "--cards", "Kd Kh Kc", "--rule", "wild_points=lots"),
                      "option 'wild_points' expects an integer from 0 to 100, got 'lots'")


def test_rule_without_equals() -> None:
    assert_user_error(run("solve", "--cards", "Kd Kh Kc", "--rule", "wild_points"),
                      "expected a rule option like 'wild_points=25', got 'wild_points'")


def test_unknown_rule_option() -> None:
    result = run("solve", "--cards", "Kd Kh Kc", "--rule", "jokers=2")
    assert result.exit_code == 2
    assert result.stderr.startswith("rummycheck: variant 'bing' has no option 'jokers'; options are: ")
    assert "Traceback" not in result.output


def test_unknown_preset() -> None:
    assert_user_error(run("solve", "--cards", RULES_GIN_10, "--variant", "gin", "--preset", "vegas"),
                      "variant 'gin' has no preset 'vegas'; presets are: modern, classic, openspiel")


def test_unknown_solver() -> None:
    assert_user_error(run("solve", "--cards", "Kd Kh Kc", "--solver", "guess"),
                      "unknown solver 'guess'; choose exact, z3 or csp")


def test_negative_score_is_a_usage_error() -> None:
    result = run("solve", "--cards", "Kd Kh Kc", "--score", "-1")
    assert result.exit_code == 2
    assert "Traceback" not in result.output


def test_unknown_command_option_is_a_usage_error() -> None:
    result = run("solve", "--cards", "Kd Kh Kc", "--frobnicate")
    assert result.exit_code == 2
    assert "Traceback" not in result.output


def test_hand_file_not_utf8_is_a_clean_error(tmp_path: Path) -> None:
    path = tmp_path / "latin1.txt"
    path.write_bytes(b"8s \xff 9h\n")
    result = run("solve", str(path))
    assert result.exit_code == 2
    assert result.stderr.startswith("rummycheck: ")
    assert str(path) in result.stderr


def test_hand_file_with_utf8_byte_order_mark(tmp_path: Path) -> None:
    path = tmp_path / "bom.txt"
    path.write_bytes("\ufeff".encode() + RULES_GIN_10.encode())
    result = run("solve", str(path), "--variant", "gin")
    assert result.exit_code == 0, result.output
    assert "Ts (10 points)" in result.stdout


def test_not_utf8_error_column_counts_characters(tmp_path: Path) -> None:
    # "8\u2660 " is three characters (five bytes in UTF-8: 1 + 3 + 1), so the bad
    # byte is in character column 4
    path = tmp_path / "mixed.txt"
    path.write_bytes("8\u2660 ".encode() + b"\xff\n")
    result = run("solve", str(path))
    assert result.exit_code == 2
    assert result.stderr.startswith(f"rummycheck: {path}:1:4: ")


# -- --json --------------------------------------------------------------------------

def test_json_fields_for_bing_wild_hand() -> None:
    result = run("solve", "--cards", WILD_JC, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["variant"] == "bing"
    assert data["hand"] == ["Ks", "Kh", "Kd", "4h", "5h", "6h", "Tc", "Qc", "2d", "7s", "9d", "6s", "6c", "6d"]
    assert data["score"] == 0 and data["opened"] is False
    assert data["solver"] == "exact"
    assert data["options"] == {}
    kinds = sorted(m["kind"] for m in data["melds"])
    assert kinds == ["run", "run", "set", "set"]
    for meld in data["melds"]:
        assert set(meld) == {"kind", "cards", "as", "wilds"}
        assert len(meld["as"]) == len(meld["cards"])
    wild_run = next(m for m in data["melds"] if "2d" in m["cards"])
    assert wild_run["kind"] == "run"
    assert wild_run["wilds"] == {"2d": "Jc"}
    assert wild_run["as"] == ["Tc", "Jc", "Qc"]
    assert all(m["wilds"] == {} for m in data["melds"] if m is not wild_run)
    assert sorted(data["deadwood"]) == ["7s", "9d"]
    assert data["deadwood_points"] == 16
    assert data["legal"] is True
    assert data["discard"] is None and data["layoffs"] == []
    rules = [r["rule"] for r in data["reasons"]]
    assert rules == ["BING-OPEN", "BING-LIMIT"]
    assert all(set(r) == {"rule", "message"} and r["message"] for r in data["reasons"])
    assert data["goes_out"] is False and data["melds_needed"] == 3


def test_json_records_options_and_score() -> None:
    result = run("solve", "--cards", WILD_JC, "--json", "--score", "60", "--rule", "limit_strict=true")
    data = json.loads(result.stdout)
    assert data["options"] == {"limit_strict": True}
    assert data["score"] == 60
    # 60 + 16 = 76: over the limit either way
    assert data["legal"] is False
    assert "score 60 + 16 left = 76 >= 75" in data["reasons"][-1]["message"]


def test_json_gin_eleven_cards_has_discard_and_facts() -> None:
    # throw Ts, keep 4s: deadwood 4 (worked out in test_solve_rules.py)
    result = run("solve", "--cards", RULES_GIN_10 + " 4s", "--variant", "gin", "--json")
    data = json.loads(result.stdout)
    assert data["variant"] == "gin"
    assert data["discard"] == "Ts"
    assert data["deadwood"] == ["4s"] and data["deadwood_points"] == 4
    assert data["can_knock"] is True and data["gin"] is False and data["big_gin"] is False
    assert data["legal"] is True


def test_json_basic_can_go_out() -> None:
    result = run("solve", "--cards", "4h 5h 6h 9s 9d 9c Kc", "--variant", "basic", "--json")
    data = json.loads(result.stdout)
    assert data["can_go_out"] is True and data["discard"] == "Kc"
    assert data["reasons"][0]["rule"] == "BASIC-OUT"


def test_json_cannot_open_has_no_melds() -> None:
    result = run("solve", "--cards", "Kd Kh Kc 8c 9c 10c 4h 6s 7d Jh Qs Ad 5c 9h", "--json")
    data = json.loads(result.stdout)
    assert data["melds"] == [] and data["legal"] is False
    assert data["deadwood_points"] == 123  # the whole hand, see test_solve_rules.py
    assert data["reasons"][0]["rule"] == "BING-OPEN"


def test_json_is_only_json_on_stdout() -> None:
    result = run("solve", "--cards", RULES_GIN_10, "--variant", "gin", "--json")
    assert result.stdout.lstrip().startswith("{") and result.stdout.rstrip().endswith("}")
    json.loads(result.stdout)


# -- rules ---------------------------------------------------------------------------

@pytest.mark.parametrize(("variant", "ids", "lines"), [
    ("bing", ["BING-DECK", "BING-OPEN", "BING-LIMIT", "BING-LIMIT-HOLD", "BING-STRATEGY"],
     ["limit", "75", "limit_strict", "wild_points", "low_or_high"]),
    ("basic", ["BASIC-DECK", "BASIC-OUT", "BASIC-OPEN", "BASIC-STALEMATE"],
     ["opening_points", "out_discard_required", "melds_per_turn"]),
    ("gin", ["GIN-DEAL", "GIN-KNOCK", "GIN-UNDERCUT", "GIN-BIGGIN", "GIN-GAME"],
     ["knock_limit", "undercut_bonus", "big_gin_bonus", "31"]),
])
def test_rules_table_for_each_variant(variant: str, ids: list[str], lines: list[str]) -> None:
    result = run("rules", variant)
    assert result.exit_code == 0, result.output
    out = result.stdout
    header = out.splitlines()[1]
    for column in ("id", "rule", "option", "in force", "alternatives"):
        assert column in header
    for rule_id in ids:
        assert rule_id in out
    for word in lines:
        assert word in out


def test_rules_default_variant_is_bing() -> None:
    result = run("rules")
    assert result.exit_code == 0
    assert result.stdout.startswith("Bing Rummy")


def test_rules_table_row_shows_value_in_force_and_alternatives() -> None:
    out = run("rules", "bing", "--rule", "limit_strict=true").stdout
    row = next(line for line in out.splitlines() if "limit_strict" in line)
    cells = row.split()
    # option, value in force, the alternative
    assert cells[cells.index("limit_strict") + 1:] == ["true", "false"]


def test_rules_gin_names_presets() -> None:
    out = run("rules", "gin", "--preset", "classic").stdout
    assert "preset 'classic'" in out.splitlines()[0]
    row = next(line for line in out.splitlines() if "gin_bonus" in line and "big" not in line)
    assert row.split()[row.split().index("gin_bonus") + 1] == "20"


def test_rules_json_lists_every_rule_with_options() -> None:
    data = json.loads(run("rules", "gin", "--json").stdout)
    assert data["variant"] == "gin" and data["preset"] == "modern"
    by_id = {r["id"]: r for r in data["rules"]}
    assert len(by_id) == 11
    assert by_id["GIN-KNOCK"]["options"] == {"knock_limit": 10, "oklahoma": False, "oklahoma_spade_doubles": True,
                                             "oklahoma_ace": "gin"}
    assert by_id["GIN-LAYOFF"]["options"] == {"layoff_run_growth": None}


def test_rules_unknown_variant() -> None:
    assert_user_error(run("rules", "poker"),
                      "unknown variant 'poker'; choose one of bing, basic, gin or a house-rules file (.toml)")


# -- heavy solvers stay unimported ---------------------------------------------------

def test_solve_does_not_import_z3_or_constraint() -> None:
    code = (
        "import sys\n"
        "from typer.testing import CliRunner\n"
        "from rummycheck.cli import app\n"
        "result = CliRunner().invoke(app, ['solve', '--cards', 'Kd Kh Kc 8c 9c 10c 3h 3s 3h 3s 2d Jc 5s'])\n"
        "assert result.exit_code == 0, result.output\n"
        "assert 'z3' not in sys.modules, 'z3 imported'\n"
        "assert 'constraint' not in sys.modules, 'constraint imported'\n"
    )
    completed = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert completed.returncode == 0, completed.stderr


# -- the sample hands in scenarios/ --------------------------------------------------

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
# bing-opening.txt is the README's hand (checked in test_solve_rules.py); every other
# .txt carries a "# run:" command line and an "# expect:" line worked out by hand.
SAMPLE_HANDS = sorted(p for p in SCENARIOS.glob("*.txt") if p.name != "bing-opening.txt")


def _header(path: Path, key: str) -> str:
    found = [line.split(":", 1)[1].strip() for line in path.read_text(encoding="utf-8").splitlines()
             if line.startswith(f"# {key}:")]
    assert len(found) == 1, f"{path.name} needs one '# {key}:' line"
    return found[0]


def test_sample_hands_are_there() -> None:
    names = {p.name for p in SAMPLE_HANDS}
    assert {"bing-63-leaves-12.txt", "bing-63-leaves-13.txt", "bing-63-leaves-14.txt",
            "gin-deadwood-10.txt", "bing-wild-jack.txt", "bing-eight-deuces.txt"} <= names


@pytest.mark.parametrize("path", SAMPLE_HANDS, ids=lambda p: p.stem)
def test_sample_hand_answer_matches_its_comment(path: Path) -> None:
    words = shlex.split(_header(path, "run"))
    assert words[:3] == ["rummycheck", "solve", f"scenarios/{path.name}"]
    result = run("solve", str(path), *words[3:], "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    for item in shlex.split(_header(path, "expect")):
        key, _, value = item.partition("=")
        if key == "melds":
            assert len(data["melds"]) == int(value), key
        elif key == "deadwood":
            assert sorted(data["deadwood"]) == sorted(value.split(",")), key
        elif key == "wilds":
            pairs = sorted(f"{card}:{stand}" for meld in data["melds"] for card, stand in meld["wilds"].items())
            assert pairs == sorted(v for v in value.split(",") if v), key
        else:
            assert data[key] == _literal(value), key


def _literal(text: str) -> object:
    """true/false/null/numbers as JSON; anything else (a card like Ts) as a string."""
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def test_solve_scenario_rejects_hand_options_and_applies_rule_overrides() -> None:
    # bing-limit-63.toml: A on 63 melds four melds leaving 7d 5d = 12; 63 + 12 = 75
    # passes the inclusive limit and fails the strict one (75 is not below 75).
    result = run("solve", "scenarios/bing-limit-63.toml", "--score", "3")
    assert result.exit_code == 2
    assert "--score" in result.stderr and "Traceback" not in result.output
    strict = run("solve", "scenarios/bing-limit-63.toml", "--rule", "limit_strict=true", "--json")
    assert strict.exit_code == 0, strict.output
    data = json.loads(strict.stdout)
    assert data["deadwood_points"] == 12 and data["legal"] is False


def test_every_command_module_is_named_in_the_lazy_loader() -> None:
    # main() imports only the module of the command named on the command line: a command
    # module missing from COMMANDS would be registered for --help but not for its own name
    from pathlib import Path

    from rummycheck import cli

    modules = {p.stem for p in Path(cli.__file__).parent.glob("*.py")} - {"__init__", "__main__", "common"}
    assert set(cli.COMMANDS.values()) == modules
    import typer

    assert set(typer.main.get_group(cli.app).commands) == set(cli.COMMANDS)
