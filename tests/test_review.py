"""`review`: each decision of a player against the solvers' best choice, with the points lost.

The records below are made by hand so that the right finding is known; the arithmetic is
in the comments.  Card points: gin and basic A 1, J Q K 10; Bing A 15, J Q K 10, deuce 2.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rummycheck.cli import app
from rummycheck.files.record import load_record, parse_record
from rummycheck.render.words import finding_detail
from rummycheck.review import GRADES, Review, grade_of, review

ROOT = Path(__file__).resolve().parent.parent
RECORDS = ROOT / "records"
runner = CliRunner()


def reviewed(text: str, **kwargs: object) -> Review:
    return review(parse_record(text, source="hand.toml"), **kwargs)  # type: ignore[arg-type]


def kinds(result: Review) -> list[tuple[str, int, str]]:
    return [(f.player, f.action, f.kind) for f in result.findings]


# -- gin: a discard judged on the expected deadwood after the next draw ----------------------

GIN_DISCARD = """
variant = "gin"
players = ["A", "B"]
dealer = "B"

[[hand]]
cards.A = "Ks Kh Kd Kc Qs Qh Qd Qc 9s 5h"
cards.B = "As 2s 3s 4s 5s 6s 7s 8s Ts Js"
upcard = "8c"
stock = "7d"
actions = ["A pass", "B pass", "A draw", "A discard 5h"]
"""


def test_gin_discard_of_the_five_loses_2_425_expected_points() -> None:
    # A holds Ks Kh Kd Kc Qs Qh Qd Qc (two sets) + 9s 5h 7d after the draw.  Deadwood now:
    # discarding 9s leaves 5 + 7 = 12, discarding 5h leaves 9 + 7 = 16.
    # A has not seen 52 - 11 (his hand) - 1 (the upcard 8c) = 40 cards: A 2 3 4 6 T J four
    # each, 5 7 8 9 three each (5h 7d 8c 9s are seen).  After the next draw u and the best
    # discard, the two sets stay; a jack makes J-Q-K of its suit (+ QQQ + KKK), otherwise no
    # meld is possible with one card, so the two lowest of the three loose cards remain.
    # Keep 5h 7d (discard 9s): A 6, 2 7, 3 8, 4 9, 5 10, 6 11, 7 8 9 T 12, J 5 (discard 7d):
    #   4*6 + 4*7 + 4*8 + 4*9 + 3*10 + 4*11 + 3*12 + 3*12 + 3*12 + 4*12 + 4*5 = 370 -> 9.25
    # Keep 9s 7d (discard 5h): A 8, 2 9, 3 10, 4 11, 5 12, 6 13, 7 14, 8 15, 9 16, T 16, J 7:
    #   32 + 36 + 40 + 44 + 36 + 52 + 42 + 45 + 48 + 64 + 28 = 467 -> 11.675
    # Lost: 11.675 - 9.25 = 2.425: an inaccuracy (1 <= 2.425 < 4).
    result = reviewed(GIN_DISCARD)
    assert kinds(result) == [("A", 4, "discard")]
    finding = result.findings[0]
    assert finding.lost == pytest.approx(2.425)
    assert finding.measure == "expected" and finding.grade == "inaccuracy"
    assert finding.better == "discard 9s"
    assert "average over the 40 cards A has not seen" in finding_detail(finding)
    assert "deadwood now 16 against 12" in finding_detail(finding)
    assert finding.where == "hand.toml:11:43"


GIN_DRAW = """
variant = "gin"
players = ["A", "B"]
dealer = "B"

[[hand]]
cards.A = "Ks Kh Kd Kc Qs Qh Qd Qc 9s 5h"
cards.B = "As 2s 3s 4s 6s 7s 8s Ts Jh 6d"
upcard = "8c"
stock = "3c 4d 2c"
actions = ["A pass", "B pass", "A draw", "A discard 3c", "B draw", "B discard Jh", "A draw"]
"""


def test_gin_draw_from_the_stock_when_the_top_discard_made_a_meld() -> None:
    # A holds Ks Kh Kd Kc Qs Qh Qd Qc 9s 5h; B throws the Jh.  Taking it makes Jh Qh Kh beside
    # Qs Qd Qc and Ks Kd Kc; discarding the 9s leaves 5h: deadwood 5 (exact).  A draws instead.
    # A has not seen 52 - 10 - 3 (8c 3c Jh in the pile) = 39 cards: A 2 4 6 7 T four each,
    # 3 5 8 9 J three each.  After drawing u and the best discard the two lowest of 9s 5h u stay
    # (a jack makes J-Q-K and leaves 5h): A 6, 2 7, 3 8, 4 9, 5 10, 6 11, 7 12, 8 13, 9 14, T 14, J 5:
    #   24 + 28 + 24 + 36 + 30 + 44 + 48 + 39 + 42 + 56 + 15 = 386 -> 386 / 39 = 9.897
    # Lost 386 / 39 - 5 = 4.897: a mistake.
    result = reviewed(GIN_DRAW, players=["A"])
    draws = [f for f in result.findings if f.kind == "draw"]
    assert len(draws) == 1 and draws[0].action == 7 and draws[0].better == "take Jh"
    assert draws[0].lost == pytest.approx(386 / 39 - 5) and draws[0].grade == "mistake"


# -- gin: missed gin, knocks -------------------------------------------------------------------

GIN_HAND = """
variant = "gin"
players = ["A", "B"]
dealer = "B"

[[hand]]
cards.A = "Ac 2c 3c 4d 5d 6d 7h 8h 9h Ks"
cards.B = "2s 5s 9s 5h Th Jh Qh 3d 9d 5c"
upcard = "Kc"
stock = "4c 6s"
actions = ["A pass", "B pass", "A draw", "ACTION"]
"""


def test_missed_gin_is_a_blunder_of_at_least_the_gin_bonus() -> None:
    # A draws the 4c: Ac 2c 3c 4c / 4d 5d 6d / 7h 8h 9h + Ks: discarding the Ks is gin.
    # He discards the 4c and plays on.  Gin scores the defender's deadwood (0 or more) plus
    # the gin bonus 25 whatever the defender holds: at least 25 forgone, a blunder.
    result = reviewed(GIN_HAND.replace("ACTION", "A discard 4c"))
    missed = [f for f in result.findings if f.kind == "missed-gin"]
    assert len(missed) == 1
    assert missed[0].lost == 25 and missed[0].measure == "at-least" and missed[0].grade == "blunder"
    assert missed[0].better == "knock Ks"


def test_knock_with_more_deadwood_than_the_best_knock() -> None:
    # Same draw; A knocks discarding the Ac: 2c 3c 4c / 4d 5d 6d / 7h 8h 9h keep Ks = 10
    # (10 <= 10: legal).  Discarding the Ks was gin: deadwood 0.  A knock with deadwood 10
    # where gin was on gives up at least 10 + 25 = 35 (gin's bonus, and the 10 points that
    # count against the knocker): a blunder.
    result = reviewed(GIN_HAND.replace("ACTION", "A knock Ac"))
    assert kinds(result) == [("A", 4, "missed-gin")]
    assert result.findings[0].lost == 35 and result.findings[0].measure == "at-least"


def test_knock_with_a_worse_declared_arrangement() -> None:
    # The stock starts with the 6s: A draws it: Ac 2c 3c 4d 5d 6d 6s 7h 8h 9h Ks.  The best knock
    # discards the Ks and keeps Ac 2c 3c / 4d 5d 6d / 7h 8h 9h + 6s: deadwood 6.  A discards the
    # 6s and knocks keeping the Ks: deadwood 10 (legal, 10 <= 10): 10 - 6 = 4 points of deadwood
    # more, a mistake (4 <= 4 < 10).
    text = GIN_HAND.replace('stock = "4c 6s"', 'stock = "6s"').replace(
        "ACTION", "A knock 6s with Ac 2c 3c / 4d 5d 6d / 7h 8h 9h")
    result = reviewed(text)
    assert kinds(result) == [("A", 4, "knock-arrangement")]
    finding = result.findings[0]
    assert finding.lost == 4 and finding.measure == "exact" and finding.grade == "mistake"
    assert finding.better == "knock Ks"


def test_missed_knock_is_valued_by_a_seeded_sample_of_the_defenders_hands() -> None:
    # A draws the 6s (as above) and could knock with 6; he discards the Ks instead.  What the
    # knock would have scored depends on B's unseen hand: an average over seeded samples.
    text = GIN_HAND.replace('stock = "4c 6s"', 'stock = "6s"').replace("ACTION", "A discard Ks")
    missed = [f for f in reviewed(text).findings if f.kind == "missed-knock"]
    assert len(missed) == 1 and missed[0].measure == "sampled" and missed[0].lost > 0
    assert missed[0].better == "knock Ks" and "standard error" in finding_detail(missed[0])


def test_missed_knock_after_taking_the_first_upcard_is_judged() -> None:
    """A takes the first upcard 9h (a run 7h 8h 9h) and could knock with As; he discards it instead.
    The knock's sampled value once stopped the review: the end of the hand counted the upcard beside
    the hand that held it ("2 copies of 9h")."""
    text = """
variant = "gin"
players = ["A", "B"]
dealer = "B"
[[hand]]
cards.A = "As 2c 3c 4c 4d 5d 6d 7h 8h Ks"
cards.B = "2s 5s 9s 5h Th Jh Qh 3d 9d 5c"
upcard = "9h"
actions = ["A take 9h", "A discard As"]
"""
    missed = [f for f in reviewed(text).findings if f.kind == "missed-knock"]
    assert len(missed) == 1 and missed[0].better == "knock Ks" and missed[0].lost > 0


# -- gin: the defender's melds and lay-offs --------------------------------------------------------

def test_defender_who_does_not_lay_off_loses_its_points() -> None:
    # records/gin-knock.toml, but B finishes without laying the 3d off on A's 4d 5d 6d:
    # B keeps 2s 9s 9d 3d = 2 + 9 + 9 + 3 = 23 instead of 20: A's knock with 6 scores 23 - 6 = 17
    # instead of 20 - 6 = 14 (GIN-SCORE): 3 points lost, an inaccuracy.
    text = (RECORDS / "gin-knock.toml").read_text(encoding="utf-8").replace('  "B layoff 3d on 2",  # 3d 4d 5d 6d '
                                                                            '(GIN-LAYOFF)\n', "")
    result = reviewed(text, players=["B"])
    defence = [f for f in result.findings if f.kind == "missed-layoff"]
    assert len(defence) == 1 and defence[0].lost == 3 and defence[0].grade == "inaccuracy"
    assert "layoff 3d on 2" in defence[0].better and "scores -17 for him instead of -14" in finding_detail(defence[0])


def test_defender_who_shows_nothing_keeps_his_whole_hand() -> None:
    # records/gin-knock.toml, but B shows no melds: he keeps all ten cards, 2s 5s 9s 5h Th Jh Qh
    # 3d 9d 5c = 2 + 5 + 9 + 5 + 10 + 10 + 10 + 3 + 9 + 5 = 68, and A's knock with 6 scores
    # 68 - 6 = 62 for A.  With his melds and the lay-off he keeps 20: A scores 14.  The hand is
    # -62 for B instead of -14: 48 points lost, a blunder.
    text = (RECORDS / "gin-knock.toml").read_text(encoding="utf-8")
    for line in ('  "B meld 5s 5h 5c / Th Jh Qh",  # table melds 4 and 5\n',
                 '  "B layoff 3d on 2",  # 3d 4d 5d 6d (GIN-LAYOFF)\n'):
        assert line in text
        text = text.replace(line, "")
    text = text.replace("scores = { A = 14, B = 0 }", "scores = { A = 62, B = 0 }")
    result = reviewed(text, players=["B"])
    defence = [f for f in result.findings if f.kind == "missed-layoff"]
    assert len(defence) == 1 and defence[0].lost == 48 and defence[0].grade == "blunder"


# -- Bing ------------------------------------------------------------------------------------------

def test_bing_opening_that_leaves_more_than_the_best_legal_meld() -> None:
    # records/bing-bust-buyback.toml, hand 1: A (score 60) holds 3s 3s 5s 3h 3h Kh 7d 2d Kd 8c 9c
    # Tc Jc Kc and opens Kd Kh Kc / 8c 9c Tc / 3h 3s 3h 3s, laying Jc off: 2d 5s 7d = 14 left.
    # Best: 3s 3h 3h / 3s 2d=4s 5s / Kh Kd Kc / 8c 9c Tc Jc keeps 7d = 7 (60 + 7 = 67 <= 75,
    # BING-LIMIT).  Lost 14 - 7 = 7: a mistake.
    result = review(load_record(RECORDS / "bing-bust-buyback.toml"), players=["A"])
    meld = [f for f in result.findings if f.kind == "worse-meld"]
    assert len(meld) == 1 and meld[0].action == 1 and meld[0].lost == 7 and meld[0].grade == "mistake"
    assert "2d=4s" in meld[0].better and "keeps 7d" in meld[0].better
    assert any("BING-LIMIT" in r and "60 + 7 left = 67 <= 75" in r for r in meld[0].reasons)


def test_bing_draw_when_going_out_was_legal() -> None:
    # Same hand: B holds As 9s Qs 2h 9h Qh 4d 5d 6d 9d Qd Ac 6c 7c = 117 and could meld every
    # card (going out: 0 left).  He draws instead.  B has not seen 104 - 14 (his hand) - 1 (the
    # upcard Ks) - 11 (A's melds) = 78 cards, worth 792 - 117 - 10 - 79 = 586 points (a deck
    # holds 4 * 99 = 396).  After any draw B's best discard is an ace (15, no card is worth
    # more): 117 - 15 + 586 / 78 = 109.51 on average.  Lost 109.51: a blunder.
    result = review(load_record(RECORDS / "bing-bust-buyback.toml"), players=["B"])
    missed = [f for f in result.findings if f.kind == "missed-meld"]
    assert len(missed) == 1 and missed[0].action == 4 and missed[0].measure == "expected"
    assert missed[0].lost == pytest.approx(117 - 15 + 586 / 78)
    assert "(goes out)" in missed[0].better


BING_63 = """
variant = "bing"
players = ["A", "B"]
dealer = "B"
start = { A = 63, B = 20 }

[[hand]]
cards.A = "Kd Kh Kc 8c 9c Tc 3h 3s 3d 6h 7h 8h 5s 4d"
cards.B = "As Ah 4s 6s 7s 9s Ts Qs Qh 5d 6d 9d Qd 4c"
upcard = "Js"
actions = ["A take", "A discard Kc"]
"""


def test_bing_take_on_63_when_an_opening_within_the_limit_was_legal() -> None:
    # A, on 63, holds Kd Kh Kc / 8c 9c Tc / 3h 3s 3d / 6h 7h 8h + 5s 4d = 96 points.  Opening with
    # the four melds keeps 5s 4d = 9: 63 + 9 = 72 <= 75 (BING-LIMIT), legal.  He takes the Js
    # instead; his best discard after it is a ten-point card: 96 + 10 - 10 = 96 held at the end of
    # the turn (exact: the Js is face up).  Lost 96 - 9 = 87: a blunder.  Then he discards the Kc,
    # breaking the kings: deadwood Kd Kh Js 5s 4d = 39 where discarding the 5s leaves Js 4d = 14:
    # 25 more (Bing discards are judged on the deadwood now, exact).
    result = reviewed(BING_63)
    assert kinds(result) == [("A", 1, "missed-meld"), ("A", 2, "discard")]
    missed, discard = result.findings
    assert missed.lost == 87 and missed.measure == "exact" and missed.grade == "blunder"
    assert "BING-LIMIT: may meld: score 63 + 9 left = 72 <= 75" in missed.reasons
    assert discard.lost == 25 and discard.measure == "exact" and discard.better == "discard 5s"
    assert result.notes and "deadwood left now" in result.notes[0]


def test_bing_opening_with_three_melds_when_four_were_legal() -> None:
    # The same hand on 40: A opens Kd Kh Kc / 8c 9c Tc / 3h 3s 3d and keeps 6h 7h 8h 5s 4d = 30
    # (40 + 30 = 70 <= 75, legal).  Laying 6h 7h 8h down too keeps 9 (40 + 9 = 49).  Lost
    # 30 - 9 = 21: a blunder, a meld too small.
    text = BING_63.replace("A = 63", "A = 40").replace('actions = ["A take", "A discard Kc"]',
                                                        'actions = ["A meld Kd Kh Kc / 8c 9c Tc / 3h 3s 3d", "A end"]')
    result = reviewed(text, players=["A"])
    assert kinds(result) == [("A", 1, "worse-meld")]
    assert result.findings[0].lost == 21 and result.findings[0].grade == "blunder"
    assert "BING-LIMIT: may meld: score 40 + 9 left = 49 <= 75" in result.findings[0].reasons


# -- basic: a missed lay-off ------------------------------------------------------------------------

BASIC_LAYOFF = """
variant = "basic"
players = ["A", "B"]
dealer = "B"

[[hand]]
cards.A = "Qh 2s 4s 6s 8s 3h 5h 7h 9h Jd"
cards.B = "Qs Qd Qc 3c 5c 7c 9c Jc 2d 4d"
upcard = "Kc"
stock = "Ks Kd 6d"
actions = ["A draw", "A discard Ks", "B draw", "B meld Qs Qd Qc", "B discard Kd", "A draw", "A discard Jd"]
"""


def test_basic_missed_lay_off_of_a_queen() -> None:
    # A draws the 6d: Qh 2s 4s 6s 8s 3h 5h 7h 9h Jd 6d.  No meld is possible (one 6 pair, no
    # three in a row).  Discarding Jd keeps 2 + 4 + 6 + 8 + 3 + 5 + 7 + 9 + 6 + 10 (Qh) = 60.
    # Laying the Qh off on B's Qs Qd Qc (table meld 1, BASIC-LAYOFF) and discarding Jd keeps
    # 50.  Lost 10: a blunder.
    result = reviewed(BASIC_LAYOFF, players=["A"])
    missed = [f for f in result.findings if f.kind == "missed-layoff"]
    assert len(missed) == 1 and missed[0].action == 7
    assert missed[0].lost == 10 and missed[0].grade == "blunder" and missed[0].measure == "exact"
    assert missed[0].better.startswith("layoff Qh on 1; discard Jd")


# -- a clean record, the grades ---------------------------------------------------------------------

CLEAN = """
variant = "gin"
players = ["A", "B"]
dealer = "A"

[[hand]]
cards.A = "As 9s Js Ah 9h 3d 5d Qd 8c Kc"
cards.B = "7s 4h 5h 6h 7d Kd Ac 2c 3c 7c"
upcard = "Ks"
stock = "7h"
actions = ["B pass", "A pass", "B draw 7h", "B knock Kd", "A finish"]
"""


def test_clean_record_has_no_findings() -> None:
    # B draws the 7h and goes gin discarding the Kd (the best knock: deadwood 0); A has no
    # meld and nothing to lay off after gin: he keeps all 66, the best he can do.
    result = reviewed(CLEAN)
    assert result.legal and result.findings == ()
    assert {s.name: s.decisions for s in result.summaries} == {"A": 1, "B": 1}


def test_grade_thresholds() -> None:
    assert [least for least, _ in GRADES] == [10, 4, 1]
    assert [grade_of(x) for x in (0, 0.99, 1, 3.99, 4, 9.99, 10, 120)] == [
        None, None, "inaccuracy", "inaccuracy", "mistake", "mistake", "blunder", "blunder"]


# -- the command ----------------------------------------------------------------------------------------

def test_cli_json_shape_and_player_filter(tmp_path: Path) -> None:
    path = tmp_path / "hand.toml"
    path.write_text(GIN_DISCARD, encoding="utf-8")
    result = runner.invoke(app, ["review", "--one-step", str(path), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert list(data) == ["record", "variant", "legal", "illegal", "players", "grades", "findings", "summary",
                          "notes"]
    assert data["legal"] is True and data["players"] == ["A", "B"]
    finding = data["findings"][0]
    assert list(finding) == ["player", "hand", "action", "where", "text", "kind", "better", "lost", "measure",
                             "grade", "detail", "case", "facts", "reasons"]
    assert finding["case"] == "discard-next" and finding["facts"]["chosen"] in finding["text"]
    assert finding["lost"] == 2.42 or finding["lost"] == 2.43
    assert data["summary"][0] == {"player": "A", "decisions": 1, "inaccuracies": 1, "mistakes": 0,
                                  "blunders": 0, "lost": finding["lost"]}
    only_b = json.loads(runner.invoke(app, ["review", "--one-step", str(path), "--json", "--player", "B"]).output)
    assert only_b["findings"] == [] and [s["player"] for s in only_b["summary"]] == ["B"]
    text = runner.invoke(app, ["review", "--one-step", str(path), "--player", "A"])
    assert text.exit_code == 0 and "inaccuracy, 2.43 points lost (expected)" in text.output
    assert "better: discard 9s" in text.output
    unknown = runner.invoke(app, ["review", "--one-step", str(path), "--player", "Z"])
    assert unknown.exit_code == 2 and "no player 'Z'" in unknown.output


def test_cli_illegal_record_exits_1_with_the_replay_line(tmp_path: Path) -> None:
    text = (RECORDS / "gin-knock.toml").read_text(encoding="utf-8").replace('"A discard As"', '"A knock 2c"')
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    replayed = runner.invoke(app, ["replay", str(path)])
    result = runner.invoke(app, ["review", "--one-step", str(path)])
    assert result.exit_code == 1 == replayed.exit_code
    line = f"{path}:16:4: hand 1, action 4 'A knock 2c': illegal: GIN-KNOCK: deadwood 18 > 10: may not knock"
    assert line in result.output and line in replayed.output
    data = json.loads(runner.invoke(app, ["review", "--one-step", str(path), "--json"]).output)
    assert data["legal"] is False and data["illegal"]["rule"] == "GIN-KNOCK" and data["findings"] == []


# -- every shipped record ----------------------------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(p.name for p in RECORDS.glob("*.toml")))
def test_every_shipped_record_reviews_with_consistent_numbers(name: str) -> None:
    record = load_record(RECORDS / name)
    result = review(record)
    assert result.legal
    for finding in result.findings:
        assert finding.lost >= 1 and finding.grade == grade_of(finding.lost)
        assert finding.player in record.players and finding.better
        assert record.hands[finding.hand - 1].actions[finding.action - 1].text == finding.text
    for summary in result.summaries:
        mine = [f for f in result.findings if f.player == summary.name]
        assert summary.lost == pytest.approx(sum(f.lost for f in mine))
        assert summary.inaccuracies + summary.mistakes + summary.blunders == len(mine)
        assert summary.decisions >= len({(f.hand, f.action) for f in mine})


# -- the player's view, and the averages against an independent search ---------------------------------

def test_hidden_cards_and_the_stock_order_do_not_change_a_review() -> None:
    # B's cards are unseen to A whatever they are, and A draws the 7d either way: A's review
    # (the same 40 unseen cards) must not change when B holds other cards.
    other = GIN_DISCARD.replace('cards.B = "As 2s 3s 4s 5s 6s 7s 8s Ts Js"',
                                'cards.B = "Ah 2h 3h 4h 6h 7h 8h 9h Th Jh"')
    assert reviewed(other).findings == reviewed(GIN_DISCARD).findings


def test_expected_deadwood_agrees_with_the_exact_search() -> None:
    # The averages use the one-deck lookup tables (min_deadwood); recompute the finding of the
    # gin discard above with the plain exact search (no tables) and the same 40 unseen cards.
    from collections import Counter

    from rummycheck.cards import full_deck, parse_cards
    from rummycheck.solvers.exact import search
    from rummycheck.variants import get_variant

    gin = get_variant("gin")
    hand = parse_cards("Ks Kh Kd Kc Qs Qh Qd Qc 9s 5h 7d")
    unseen = Counter(full_deck()) - Counter(hand) - Counter(parse_cards("8c"))

    def average(discard: str) -> float:
        kept = list(hand)
        kept.remove(parse_cards(discard)[0])
        total = 0
        for card in unseen:
            grown = kept + [card]
            best = None
            for drop in grown:
                rest = list(grown)
                rest.remove(drop)
                found = search(rest, variant=gin)
                assert found is not None
                best = found.points if best is None else min(best, found.points)
            total += best or 0
        return total / sum(unseen.values())

    assert average("9s") == pytest.approx(9.25) and average("5h") == pytest.approx(11.675)
    assert reviewed(GIN_DISCARD).findings[0].lost == pytest.approx(average("5h") - average("9s"))


def test_a_card_taken_from_the_pile_is_seen_in_the_takers_hand() -> None:
    # records/gin-seed-3-dead.toml, action 12 'A discard 2s': A holds 11 cards; the pile holds
    # the upcard 6s, Qs, Js and Th; B took A's Qh at action 9 and still holds it.  A has not seen
    # 52 - 11 - 4 - 1 = 36 cards.
    result = review(load_record(RECORDS / "gin-seed-3-dead.toml"), players=["A"])
    finding = next(f for f in result.findings if f.action == 12)
    assert "average over the 36 cards A has not seen" in finding_detail(finding)
