"""`check` verdicts per rule id, each with a legal and an illegal case where both exist.

Every scenario is small and worked out by hand; the comment on each case says why.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rummycheck.cli import app
from rummycheck.files.scenario import parse_scenario
from rummycheck.table.disputes import check_play

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
runner = CliRunner()


def bing(hand: str, *, score: int = 0, opened: bool = False, drew: str = "none", took: str = "",
         table: str = "", rules: str = "", other: int = 14, discard: str = "9s") -> str:
    turn = f'drew = "{drew}"' + (f'\ntook = "{took}"' if took else "")
    melds = "".join(f'\n[[table]]\nowner = "A"\ncards = "{m.strip()}"\n' for m in table.split("/") if m.strip())
    return (f'variant = "bing"\n[rules]\n{rules}\n[[players]]\nname = "A"\nscore = {score}\n'
            f'opened = {str(opened).lower()}\nhand = "{hand}"\n[[players]]\nname = "B"\nhand_size = {other}\n'
            f'{melds}[turn]\nplayer = "A"\n{turn}\n[pile]\ndiscard = "{discard}"\nstock = 50\n')


def basic(hand: str, *, opened: bool = False, drew: str = "stock", took: str = "", table: str = "",
          rules: str = "") -> str:
    turn = f'drew = "{drew}"' + (f'\ntook = "{took}"' if took else "")
    melds = "".join(f'\n[[table]]\nowner = "B"\ncards = "{m.strip()}"\n' for m in table.split("/") if m.strip())
    return (f'variant = "basic"\n[rules]\n{rules}\n[[players]]\nname = "A"\nopened = {str(opened).lower()}\n'
            f'hand = "{hand}"\n[[players]]\nname = "B"\nopened = true\nhand_size = 7\n{melds}'
            f'[turn]\nplayer = "A"\n{turn}\n[pile]\ndiscard = "4h"\nstock = 20\n')


def gin(hand: str, *, drew: str = "stock", took: str = "", stock: int = 20, extra: str = "",
        other: str = 'hand_size = 10', rules: str = "") -> str:
    turn = f'drew = "{drew}"' + (f'\ntook = "{took}"' if took else "")
    return (f'variant = "gin"\n[rules]\n{rules}\n[[players]]\nname = "A"\nhand = "{hand}"\n'
            f'[[players]]\nname = "B"\n{other}\n{extra}[turn]\nplayer = "A"\n{turn}\n'
            f'[pile]\ndiscard = "2h"\nstock = {stock}\n')


OPENING = "Kd Kh Kc 8c 9c Tc 3h 3s 3h 3s 2d Jc 5s 7d"
OPENED_TABLE = "Kd Kh Kc / 8c 9c Tc / 3h 3s 3h"
# B has the run 4d 5d 6d on the table; A opens and lays the 7d off on it
OPENING_B = (f'variant = "bing"\n[rules]\n[[players]]\nname = "A"\nhand = "{OPENING}"\n[[players]]\nname = "B"\n'
             'opened = true\nhand_size = 5\n[[table]]\nowner = "B"\ncards = "4d 5d 6d"\n[turn]\nplayer = "A"\n')
GIN_HAND = "Ac 2c 3c 4d 5d 6d 7h 8h 9h Ts Kd"

CASES = [
    # BING-OPEN: three melds open; two do not
    ("bing_open_three_melds_is_legal", bing(OPENING), "meld Kd Kh Kc / 8c 9c Tc / 3h 3s 3h 3s", True, "BING-OPEN"),
    ("bing_open_two_melds_is_illegal", bing(OPENING), "meld Kd Kh Kc / 8c 9c Tc", False, "BING-OPEN"),
    # BING-LIMIT at 63: four melds leave 7d 5d = 12 (75, allowed); three leave 27 (90)
    ("bing_limit_allows_12_left_at_63", bing("Kd Kh Kc 8c 9c Tc 3h 3s 3h 4s 5s 6s 7d 5d", score=63),
     "meld Kd Kh Kc / 8c 9c Tc / 3h 3s 3h / 4s 5s 6s", True, "BING-LIMIT"),
    ("bing_limit_blocks_meld_leaving_13_at_63", bing("Kd Kh Kc 8c 9c Tc 3h 3s 3h 4s 5s 6s 7d 6d", score=63),
     "meld Kd Kh Kc / 8c 9c Tc / 3h 3s 3h / 4s 5s 6s", False, "BING-LIMIT"),
    # BING-MELD-TURN: a player who drew may not meld; a meld turn has no discard by default
    ("bing_meld_turn_no_meld_after_drawing",
     bing(OPENING + " 4h", drew="stock"), "meld Kd Kh Kc / 8c 9c Tc / 3h 3s 3h 3s", False, "BING-MELD-TURN"),
    ("bing_meld_turn_no_discard_after_melding", bing(OPENING), "meld Kd Kh Kc / 8c 9c Tc / 3h 3s 3h 3s; discard 5s",
     False, "BING-MELD-TURN"),
    ("bing_meld_turn_discard_allowed_by_option", bing(OPENING, rules="meld_turn_discard = true"),
     "meld Kd Kh Kc / 8c 9c Tc / 3h 3s 3h 3s; discard 5s", True, "BING-TURN"),
    # BING-TURN: draw then discard; a discard without a draw is not a turn
    ("bing_turn_draw_then_discard", bing(OPENING), "draw; discard 5s", True, "BING-TURN"),
    ("bing_turn_discard_without_draw", bing(OPENING), "discard 5s", False, "BING-TURN"),
    ("bing_turn_taken_card_not_discarded", bing(OPENING + " 9s", drew="discard", took="9s", discard="4c"),
     "discard 9s", False, "BING-TURN"),
    # BING-LAYOFF: after opening a 7c goes on 8c 9c Tc; with layoff_in_opening = false not in the opening turn
    ("bing_layoff_after_opening", bing("7c 4d 4h", opened=True, table=OPENED_TABLE, other=14),
     "layoff 7c on 2", True, "BING-LAYOFF"),
    ("bing_layoff_in_opening_turn", OPENING_B, "meld Kd Kh Kc / 8c 9c Tc / 3h 3s 3h 3s; layoff 7d on 1", True,
     "BING-LAYOFF"),
    ("bing_layoff_not_in_opening_turn_by_option", OPENING_B.replace("[rules]", "[rules]\nlayoff_in_opening = false"),
     "meld Kd Kh Kc / 8c 9c Tc / 3h 3s 3h 3s; layoff 7d on 1", False, "BING-LAYOFF"),
    # BING-SET / BING-RUN: the meld must be legal
    ("bing_set_one_rank_needed", bing(OPENING), "meld Kd Kh Kc / 8c 9c Tc / 3h 3s 5s", False, "BING-SET"),
    ("bing_run_consecutive_needed", bing(OPENING), "meld Kd Kh Kc / 8c 9c Jc / 3h 3s 3h 3s", False, "BING-RUN"),
    # BING-WILD: 2d stands for Jc; with max_wilds = 0 it may not
    ("bing_wild_deuce_as_named_card", bing(OPENING), "meld Kd Kh Kc / 8c 9c Tc 2d=Jc / 3h 3s 3h 3s", True,
     "BING-OPEN"),
    ("bing_wild_limited_by_option", bing(OPENING, rules="max_wilds = 0"),
     "meld Kd Kh Kc / 8c 9c Tc 2d=Jc / 3h 3s 3h 3s", False, "BING-WILD"),
    # BING-LIMIT-HOLD: opened on 70 with 4d 5h; drawing then discarding 4d keeps 5 + drawn card
    ("bing_limit_hold_keeps_within_limit", bing("4d 5h", score=60, opened=True, table=OPENED_TABLE),
     "draw 3c; discard 4d", True, "BING-LIMIT-HOLD"),  # hand 5h 3c = 8: 60 + 8 = 68 <= 75
    ("bing_limit_hold_blocks_discard_over_limit", bing("4d 5h", score=70, opened=True, table=OPENED_TABLE),
     "draw Kc; discard 4d", False, "BING-LIMIT-HOLD"),  # hand 5h Kc = 15: 70 + 15 = 85 > 75
    # BING-OUT: laying off the last cards goes out
    ("bing_out_by_lay_offs", bing("Ks 7c", opened=True, table=OPENED_TABLE), "layoff Ks on 1; layoff 7c on 2",
     True, "BING-OUT"),
    # BASIC-LAYOFF: allowed before melding; not with layoff_before_meld = false
    ("basic_layoff_before_melding", basic("H8 S2 D9 C4 SK H1 D6 C10 S5 D3 CJ", table="H5 H6 H7"),
     "layoff H8 on 1; discard SK", True, "BASIC-LAYOFF"),
    ("basic_layoff_before_melding_forbidden_by_option",
     basic("H8 S2 D9 C4 SK H1 D6 C10 S5 D3 CJ", table="H5 H6 H7", rules="layoff_before_meld = false"),
     "layoff H8 on 1", False, "BASIC-LAYOFF"),
    # BASIC-TURN: draw first; one meld a turn by option
    ("basic_turn_meld_before_draw", basic("2s 3s 4s 5d 6d 7d 9h Th Jh Kc", drew="none"),
     "meld 2s 3s 4s", False, "BASIC-TURN"),
    ("basic_turn_many_melds", basic("2s 3s 4s 5d 6d 7d 9h Th Jh Kc Qc"), "meld 2s 3s 4s / 5d 6d 7d", True,
     "BASIC-TURN"),
    ("basic_turn_one_meld_by_option", basic("2s 3s 4s 5d 6d 7d 9h Th Jh Kc Qc", rules='melds_per_turn = "one"'),
     "meld 2s 3s 4s / 5d 6d 7d", False, "BASIC-TURN"),
    # BASIC-DISCARD: the card taken from the pile may not go back this turn
    ("basic_discard_taken_card", basic("2s 3s 4s 5d 6d 7d 9h Th Jh Kc Kd", drew="discard", took="Kd"),
     "discard Kd", False, "BASIC-DISCARD"),
    ("basic_discard_other_card", basic("2s 3s 4s 5d 6d 7d 9h Th Jh Kc Kd", drew="discard", took="Kd"),
     "discard Kc", True, "BASIC-TURN"),
    # BASIC-OPEN with 31: 2s 3s 4s = 9 points is too little; 9h Th Jh = 29 + 5d 6d 7d = 18 -> 47
    ("basic_open_minimum_not_met", basic("2s 3s 4s 5d 6d 7d 9h Th Jh Kc Qc", rules="opening_points = 31"),
     "meld 2s 3s 4s", False, "BASIC-OPEN"),
    ("basic_open_minimum_met", basic("2s 3s 4s 5d 6d 7d 9h Th Jh Kc Qc", rules="opening_points = 31"),
     "meld 9h Th Jh / 5d 6d 7d", True, "BASIC-OPEN"),
    # BING-TURN: "take the top discard then discard a different card": with two decks the other copy
    # of the card taken is the same card, and throwing it would undo the take (found by an outside audit)
    ("bing_take_then_throw_a_copy_of_the_card_taken",
     bing("4d 4d 3h", score=10, opened=True, drew="discard", took="4d"), "discard 4d", False, "BING-TURN"),
    ("bing_take_then_throw_another_card", bing("4d 4d 3h", score=10, opened=True, drew="discard", took="4d"),
     "discard 3h", True, "BING-TURN"),
    # ... so on 68 with 4d 3h, taking the 4d leaves 3h as the only discard: 68 + 4 + 4 = 76 > 75
    ("bing_take_whose_only_discard_is_a_copy_breaks_the_hold_limit",
     bing("4d 3h", score=68, opened=True, discard="9s 4d"), "take", False, "BING-LIMIT-HOLD"),
    # BASIC-OPEN with 31: a lay-off counts nothing toward it, so a first lay-down of lay-offs alone is
    # worth 0 (the 8h on B's 5h 6h 7h), whether the turn ends by a discard or the lay-off empties the hand
    ("basic_open_minimum_not_met_by_a_lay_off_alone",
     basic("8h 2s 3s 5d 6d 7d 9h Th Jh Kc Qc", table="5h 6h 7h", rules="opening_points = 31"),
     "layoff 8h on 1; discard Kc", False, "BASIC-OPEN"),
    ("basic_open_minimum_not_met_by_going_out_on_lay_offs",
     basic("8h 9h Th Jh Qh Kh 4s 3s 2s As 8s", table="5h 6h 7h / 5s 6s 7s", rules="opening_points = 31"),
     "; ".join([f"layoff {card} on 1" for card in "8h 9h Th Jh Qh Kh".split()]
               + [f"layoff {card} on 2" for card in "4s 3s 2s As 8s".split()]),
     False, "BASIC-OPEN"),
    ("basic_open_minimum_met_with_a_lay_off_first",
     basic("8h 2s 3s 5d 6d 7d 9h Th Jh Kc Qc", table="5h 6h 7h", rules="opening_points = 31"),
     "layoff 8h on 1; meld 9h Th Jh / 5d 6d 7d; discard Kc", True, "BASIC-OPEN"),
    ("basic_lay_off_alone_without_an_opening_minimum",
     basic("8h 2s 3s 5d 6d 7d 9h Th Jh Kc Qc", table="5h 6h 7h"), "layoff 8h on 1; discard Kc", True, "BASIC-LAYOFF"),
    # BASIC-OUT: melding every card goes out; with a required discard it needs one card kept
    ("basic_out_without_discard", basic("2s 3s 4s", opened=True), "meld 2s 3s 4s", True, "BASIC-OUT"),
    ("basic_out_discard_required_by_option", basic("2s 3s 4s", opened=True, rules="out_discard_required = true"),
     "meld 2s 3s 4s", False, "BASIC-OUT"),
    ("basic_run_ace_low_only", basic("Qs Ks As 5d 6d 7d 9h Th Jh Kc Qc"), "meld Qs Ks As", False, "BASIC-RUN"),
    # GIN-KNOCK: discarding Kd leaves deadwood Ts = 10 <= 10; discarding 2c leaves Ac 3c Ts Kd = 24
    ("gin_knock_with_ten", gin(GIN_HAND), "knock Kd", True, "GIN-KNOCK"),
    ("gin_knock_over_ten", gin(GIN_HAND), "knock 2c", False, "GIN-KNOCK"),
    # GIN-TURN: the card taken from the pile may not be thrown back
    ("gin_turn_taken_card", gin(GIN_HAND, drew="discard", took="Kd"), "discard Kd", False, "GIN-TURN"),
    ("gin_turn_other_discard", gin(GIN_HAND, drew="discard", took="Kd"), "discard Ts", True, "GIN-TURN"),
    # GIN-DEAD: with 2 cards left in the stock nobody draws
    ("gin_dead_no_draw_at_two", gin("Ac 2c 3c 4d 5d 6d 7h 8h 9h Ts", drew="none", stock=2), "draw", False,
     "GIN-DEAD"),
    ("gin_draw_at_three", gin("Ac 2c 3c 4d 5d 6d 7h 8h 9h Ts", drew="none", stock=3), "draw", True, "GIN-TURN"),
    # GIN-GIN: discarding Ts leaves Ac-3c, 4d-6d, 7h-9h and ... Kd: not gin; with Jh instead: 7h-Jh run
    ("gin_gin_knock", gin("Ac 2c 3c 4d 5d 6d 7h 8h 9h Th Kd"), "knock Kd", True, "GIN-GIN"),
    # GIN-BIGGIN: all 11 meld; knock without a discard; not when big gin is not played
    ("gin_big_gin", gin("Ac 2c 3c 4d 5d 6d 7h 8h 9h Th Jh"), "knock", True, "GIN-BIGGIN"),
    ("gin_big_gin_not_played", gin("Ac 2c 3c 4d 5d 6d 7h 8h 9h Th Jh", rules="big_gin_bonus = 0"), "knock",
     False, "GIN-BIGGIN"),
    # GIN-MELD: Q-K-A is no run (ace low): knocking with Jh leaves Qs Ks As = 21 > 10
    ("gin_meld_ace_low_no_q_k_a_run", gin("Qs Ks As 4d 5d 6d 7h 8h 9h Th Jh"), "knock Jh", False, "GIN-KNOCK"),
    # `out` (the solver lays every card down): Ks goes on Kd Kh Kc, 7c on 8c 9c Tc; a 5d fits no meld
    ("bing_out_shorthand_lays_off_the_last_cards", bing("Ks 7c", opened=True, table=OPENED_TABLE), "out", True,
     "BING-OUT"),
    ("bing_out_shorthand_with_a_card_that_fits_nothing", bing("Ks 7c 5d", opened=True, table=OPENED_TABLE), "out",
     False, "BING-OUT"),
    # basic: 2s 3s 4s melds every card; with a final discard required, 2s 3s 4s 9h melds three and throws the 9h,
    # while 2s 3s 4s alone cannot both meld and throw (two cards make no meld)
    ("basic_out_shorthand_melds_every_card", basic("2s 3s 4s", opened=True), "out", True, "BASIC-OUT"),
    ("basic_out_shorthand_with_the_final_discard", basic("2s 3s 4s 9h", opened=True,
                                                         rules="out_discard_required = true"), "out", True,
     "BASIC-OUT"),
    ("basic_out_shorthand_without_a_card_to_throw", basic("2s 3s 4s", opened=True,
                                                          rules="out_discard_required = true"), "out", False,
     "BASIC-OUT"),
    # BING-LIMIT-HOLD and the draw: an opened player within his limit may always draw (the card
    # drawn may be thrown): 60 + Kd 5c = 75 <= 75.  One over it before the draw (a position given by
    # hand) may draw while some card would let him finish: 70 + Kd 3c = 83, but a deuce drawn and the
    # Kd thrown leaves 3 + 2 = 5, 75 <= 75.  With Kd Qd even that leaves 10 + 2 = 12, 82 > 75: no card
    # can help, so the draw is refused and never leads where no move is legal
    ("bing_draw_within_the_limit", bing("Kd 5c", score=60, opened=True, table=OPENED_TABLE), "draw", True,
     "BING-TURN"),
    ("bing_draw_over_the_limit_a_card_could_mend", bing("Kd 3c", score=70, opened=True, table=OPENED_TABLE),
     "draw 2s; discard Kd", True, "BING-LIMIT-HOLD"),
    ("bing_draw_over_the_limit_no_card_can_mend", bing("Kd Qd", score=70, opened=True, table=OPENED_TABLE), "draw",
     False, "BING-LIMIT-HOLD"),
    # gin ends a hand by a knock, never by `out`
    ("gin_out_shorthand_is_no_gin_play", gin("Ac 2c 3c 4d 5d 6d 7h 8h 9h Th Jh"), "out", False, "GIN-KNOCK"),
]


@pytest.mark.parametrize(("name", "text", "play", "legal", "rule"), CASES, ids=[c[0] for c in CASES])
def test_check_rule_verdicts(name: str, text: str, play: str, legal: bool, rule: str) -> None:
    scenario = parse_scenario(text, source=f"{name}.toml")
    verdict = check_play(scenario, play, disputes=False)
    assert verdict.legal is legal, verdict.line()
    assert rule in [r.rule for r in verdict.reasons + verdict.passed], verdict.line()
    if legal:
        assert verdict.problems == ()


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.output


def test_check_cli_exit_0_legal_with_state_and_disputes() -> None:
    code, out = _run("check", str(SCENARIOS / "bing-limit-63.toml"), "--play",
                     "meld Kd Kh Kc / 8c 9c 10c / 3h 3s 3h / 4s 5s 6s")
    assert code == 0
    # 7d 5d = 12 left: 63 + 12 = 75 <= 75
    assert out.splitlines()[0] == "legal: BING-LIMIT: score 63 + 12 left = 75 <= 75"
    assert "after the play:" in out
    # the strict reading (< 75) makes the same meld illegal
    row = next(line for line in out.splitlines() if "limit_strict" in line)
    assert "illegal (changes)" in row


def test_check_cli_exit_1_illegal_names_rule_and_numbers() -> None:
    code, out = _run("check", str(SCENARIOS / "bing-limit-63.toml"), "--play", "meld Kd Kh Kc / 8c 9c 10c / 3h 3s 3h")
    assert code == 1
    # 4s 5s 6s 7d 5d = 27 left
    assert out.splitlines()[0] == "illegal: BING-LIMIT: score 63 + 27 left = 90 > 75"


def test_check_cli_json_object() -> None:
    code, out = _run("check", str(SCENARIOS / "gin-knock.toml"), "--play", "knock 2c", "--json")
    assert code == 1
    data = json.loads(out)
    assert data["legal"] is False and data["rules"] == ["GIN-KNOCK"]
    # Ac 3c Ts Kd = 1 + 3 + 10 + 10 = 24
    assert data["reasons"][0]["message"] == "deadwood 24 > 10: may not knock"
    assert data["after"] is None
    # the knock limit decides: its rows lead, with the nearest limit that allows the knock (24)
    assert {d["option"] for d in data["disputes"]} == {"ace", "big_gin_bonus", "knock_limit", "oklahoma",
                                                       "oklahoma_ace"}
    assert data["disputes"][0]["rule"] == "GIN-KNOCK"
    assert any(d["option"] == "knock_limit" and d["alternative"] == 24 and d["changes"] for d in data["disputes"])


def test_check_cli_exit_2_on_bad_play_and_bad_file(tmp_path: Path) -> None:
    code, out = _run("check", str(SCENARIOS / "gin-knock.toml"), "--play", "shuffle")
    assert code == 2
    bad = tmp_path / "bad.toml"
    bad.write_text('variant = "gin"\nplayers = 3\n', encoding="utf-8")
    code, out = _run("check", str(bad), "--play", "draw")
    assert code == 2


def test_rules_md_situation_scenarios_are_shipped() -> None:
    for name in ("bing-opening", "bing-opening-layoffs", "bing-limit-63", "basic-layoff-h8", "gin-knock"):
        assert (SCENARIOS / f"{name}.toml").is_file()


def test_out_shorthand_throws_the_card_no_meld_holds_and_needs_the_whole_hand(tmp_path: Path) -> None:
    # out_discard_required: 2s 3s 4s is the only meld of 2s 3s 4s 9h, so the 9h is the card thrown
    scenario = parse_scenario(basic("2s 3s 4s 9h", opened=True, rules="out_discard_required = true"),
                              source="out.toml")
    verdict = check_play(scenario, "out", disputes=False)
    assert verdict.legal and "BASIC-TURN: A discards 9h" in [str(r) for r in verdict.reasons + verdict.passed]
    # a hand given only by its size: going out cannot be judged (exit 2, docs/check.md)
    unknown = tmp_path / "unknown.toml"
    unknown.write_text(basic("2s 3s 4s", opened=True).replace('hand = "2s 3s 4s"', "hand_size = 3"))
    code, out = _run("check", str(unknown), "--play", "out")
    assert code == 2 and "cannot tell: BASIC-OUT depends on A's 3 cards not given" in out, out


def test_a_card_drawn_from_an_unknown_stock_must_be_one_not_in_sight() -> None:
    """With the stock's order unknown a draw may name its card, but not one whose every copy is seen:
    in the drawer's hand, on the table, in the discard pile (a draw of the 3c he holds was legal)."""
    hand = "Ac 2c 3c 4d 5d 6d 7h 8h 9h Kd"  # gin, A to draw; the discard pile shows the 2h
    scenario = parse_scenario(gin(hand, drew="none"), source="g.toml")
    for card in ("3c", "Ac", "2h"):
        verdict = check_play(scenario, f"draw {card}; discard Kd", disputes=False)
        assert not verdict.legal and [r.rule for r in verdict.reasons] == ["GIN-TURN"], verdict.line()
        assert f"{card} cannot come from the stock: its one copy is in sight" in verdict.line()
    assert check_play(scenario, "draw 5h; discard Kd", disputes=False).legal  # unseen: may be the card
    # two decks: one Kd in the hand leaves a second that may be in the stock; both in sight, none
    one = parse_scenario(bing("Kd Kh Kc 8c 9c Tc 3h 3s 3h 3s 2d Jc 5s 7d"), source="b.toml")
    assert check_play(one, "draw Kd", disputes=False).legal
    both = parse_scenario(bing("Kd Kh Kc 8c 9c Tc 3h 3s 3h 3s 2d Jc 5s 7d", discard="Kd"), source="b.toml")
    verdict = check_play(both, "draw Kd", disputes=False)
    assert not verdict.legal and "Kd cannot come from the stock: all 2 copies are in sight" in verdict.line()


def _ace_high_table() -> str:
    """bing-opening-layoffs.toml with B (opened, five cards left) owning a run Qd Kd Ad, the ace
    high, and a Jd in A's hand that goes on its low end."""
    text = (SCENARIOS / "bing-opening-layoffs.toml").read_text(encoding="utf-8").split("[expect]")[0]
    text = text.replace('hand = "Ks 7c Jc 3d"', 'hand = "Ks 7c Jc 3d Jd"')
    text = text.replace("score = 31\nhand_size = 14", "score = 31\nopened = true\nhand_size = 5")
    return text.replace("[turn]", '[[table]]\nowner = "B"\ncards = "Qd Kd Ad"\n\n[turn]')


def test_a_reading_under_which_the_table_is_not_legal_cannot_judge_and_says_why() -> None:
    # BING-RUN: under ace = "low" the run Qd Kd Ad on the table is no meld, so the lay-off of the Jd
    # cannot be judged under that reading; the other readings of the ace keep it legal
    verdict = check_play(parse_scenario(_ace_high_table()), "layoff Jd on 4")
    assert verdict.legal
    rows = {(r.option, r.alternative): r for r in verdict.disputes}
    low = rows[("ace", "low")]
    assert low.legal is None and low.note == "the table is not legal under this reading"
    assert rows[("ace", "high")].legal is True and rows[("ace", "wrap")].legal is True


def test_check_text_shows_why_a_reading_cannot_judge(tmp_path: Path) -> None:
    path = tmp_path / "ace-high.toml"
    path.write_text(_ace_high_table(), encoding="utf-8")
    result = runner.invoke(app, ["check", str(path), "--play", "layoff Jd on 4"])
    assert result.exit_code == 0, result.output
    assert "cannot judge: the table is not legal under this reading" in result.output


def test_an_opened_player_is_not_asked_the_opening_rules() -> None:
    # A opened in an earlier turn: the opening count and lay-offs in the opening turn do not bear
    # on his lay-off, so no BING-OPEN row; the meld rules' readings still do
    verdict = check_play(parse_scenario(_ace_high_table()), "layoff Jd on 4")
    assert verdict.disputes and not [r for r in verdict.disputes if r.option in ("opening_melds", "layoff_in_opening")]


def test_an_opened_bing_player_over_his_limit_has_no_draw_that_leads_nowhere() -> None:
    # Found by an outside audit (2026-12-08): scenarios/bing-unknown-drawn-card-settled.toml (A on 60,
    # opened, holding Kd Kh Kc 5c: 95 > 75) listed "draw" among the legal moves, and after it no move
    # was legal, so `advise` stopped on a rollout.  Now the meld is the one legal move.
    from rummycheck.files.scenario import load_scenario
    from rummycheck.table.state import GameState

    state = GameState.from_scenario(load_scenario("scenarios/bing-unknown-drawn-card-settled.toml"))
    assert [a.move_text() for a in state.legal_actions()] == ["meld Kh Kd Kc"]
    code, out = _run("advise", "scenarios/bing-unknown-drawn-card-settled.toml", "--samples", "4")
    assert code == 0 and "the only legal move" in out, out


def test_advise_refuses_a_position_whose_draws_could_leave_no_legal_move(tmp_path: Path) -> None:
    # 70 + Kd 3c = 83 > 75: a deuce or a 3 drawn lets him throw the Kd, so he may draw, but a queen
    # drawn would leave no discard within the limit, and no rollout could go on: one located line
    path = tmp_path / "over.toml"
    path.write_text(bing("Kd 3c", score=70, opened=True, table=OPENED_TABLE), encoding="utf-8")
    code, out = _run("advise", str(path), "--samples", "4")
    assert code == 2 and "over his limit before the draw (score 70 + 13 left = 83 > 75)" in out, out
