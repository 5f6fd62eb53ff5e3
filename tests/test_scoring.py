"""The scoring engine, rule by rule.  Every expected number is worked out in the comment
next to it from the rules brief (RULES.md) and docs/scoring.md, not taken from the code."""

from __future__ import annotations

import pytest

from rummycheck.cards import Card, parse_cards
from rummycheck.errors import IllegalPlayError, ScenarioError
from rummycheck.games.base import score_hand, score_hands
from rummycheck.games.basic import basic_target
from rummycheck.games.gin import gin_layoffs
from rummycheck.games.scoring import HandEnd, HandScore, Sheet, new_sheet
from rummycheck.melds import Meld


def rules_of(result: HandScore) -> list[str]:
    return [line.rule for line in result.lines]


# -- Bing -----------------------------------------------------------------------------------

def test_bing_values_hand_6_q_q_is_26_and_a_3_is_18() -> None:
    sheet = new_sheet("bing", ["A", "B", "C"])
    # 6 + 10 + 10 = 26; ace 15 + 3 = 18 (RULES.md worked example)
    result = score_hand(sheet, HandEnd(out="C", cards={"A": parse_cards("6h Qs Qd"), "B": parse_cards("Ac 3d")}))
    assert result.after.scores() == {"A": 26, "B": 18, "C": 0}
    assert "BING-OUT" in rules_of(result) and rules_of(result).count("BING-SCORE") == 2


def test_bing_values_wild_deuce_counts_two_or_the_house_value() -> None:
    from rummycheck.variants import get_variant
    hand = {"A": parse_cards("2h 5s")}
    default = score_hand(new_sheet("bing", ["A", "B"]), HandEnd(out="B", cards=hand))
    assert default.after.player("A").score == 7  # deuce 2 + 5
    house = score_hand(new_sheet(get_variant("bing", wild_points=25), ["A", "B"]), HandEnd(out="B", cards=hand))
    assert house.after.player("A").score == 30  # deuce 25 + 5


def test_bing_score_four_player_round_from_the_rules() -> None:
    sheet = new_sheet("bing", list("ABCD"), scores={"A": 31, "B": 5, "C": 19, "D": 47})
    result = score_hand(sheet, HandEnd(out="C", points={"A": 58, "B": 6, "D": 29}))
    # 31+58 = 89, 5+6 = 11, C unchanged 19, 47+29 = 76
    assert result.after.scores() == {"A": 89, "B": 11, "C": 19, "D": 76}
    assert result.busted == ("A", "D")
    assert result.eliminated == ("A", "D")
    assert result.buyback_level == 19  # highest of B 11 and C 19
    assert result.winner is None and not result.after.finished


def test_bing_bust_at_76_but_not_at_75() -> None:
    sheet = new_sheet("bing", ["A", "B", "C"], scores={"A": 70, "B": 70})
    result = score_hand(sheet, HandEnd(out="C", points={"A": 5, "B": 6}))
    # A 70+5 = 75 stays in; B 70+6 = 76 is out
    assert result.busted == ("B",)
    assert [ln.player for ln in result.lines if ln.rule == "BING-BUST"] == ["B"]


def test_bing_buyback_resumes_at_highest_score_still_in() -> None:
    sheet = new_sheet("bing", list("ABCD"), scores={"A": 31, "B": 5, "C": 19, "D": 47})
    result = score_hand(sheet, HandEnd(out="C", points={"A": 58, "B": 6, "D": 29}, buyback=("A",)))
    assert result.after.player("A").score == 19
    assert result.after.player("A").buybacks == 1
    assert result.eliminated == ("D",)  # D did not buy back
    (line,) = [ln for ln in result.lines if ln.rule == "BING-BUYBACK"]
    assert line.points == 19 - 89


def test_bing_buyback_simultaneous_busts_share_one_level() -> None:
    # both A and D bust in the same hand and both buy back: the level is computed once,
    # from the players who did not bust (B 11, C 19), so both resume on 19 and D's 76
    # is never a level.
    sheet = new_sheet("bing", list("ABCD"), scores={"A": 31, "B": 5, "C": 19, "D": 47})
    result = score_hand(sheet, HandEnd(out="C", points={"A": 58, "B": 6, "D": 29}, buyback=("D", "A")))
    assert result.after.scores() == {"A": 19, "B": 11, "C": 19, "D": 19}
    assert result.eliminated == ()


def test_bing_buyback_level_comes_from_players_still_in_not_from_busted_ones() -> None:
    sheet = new_sheet("bing", ["A", "B", "C"], scores={"A": 74, "B": 10, "C": 40})
    # A 74+10 = 84 busts; B went out at 10; C 40+30 = 70 is the highest still in
    result = score_hand(sheet, HandEnd(out="B", points={"A": 10, "C": 30}, buyback=("A",)))
    assert result.buyback_level == 70 and result.after.player("A").score == 70


def test_bing_buyback_nobody_left_at_75_or_less() -> None:
    # a hand recorded without anyone going out (every player counts his hand) can leave
    # nobody at 75 or less: then there is no level, nobody may buy back, nobody wins.
    sheet = new_sheet("bing", ["A", "B"], scores={"A": 70, "B": 60})
    end = HandEnd(points={"A": 10, "B": 20})
    result = score_hand(sheet, end)
    assert result.busted == ("A", "B") and result.buyback_level is None
    assert result.after.finished and result.winner is None
    assert [ln.player for ln in result.lines if ln.rule == "BING-WIN"] == [None]
    with pytest.raises(IllegalPlayError, match="BING-BUYBACK.*nobody is left at 75 or less"):
        score_hand(sheet, HandEnd(points={"A": 10, "B": 20}, buyback=("A",)))


def test_bing_win_when_every_other_player_is_over_75() -> None:
    sheet = new_sheet("bing", ["A", "B", "C"], scores={"A": 70, "B": 60, "C": 50})
    result = score_hand(sheet, HandEnd(out="C", points={"A": 6, "B": 16}))
    # 76 and 76: both out, nobody buys back: C is the only one left
    assert result.winner == "C" and result.after.finished
    assert "BING-WIN" in rules_of(result)
    with pytest.raises(ScenarioError, match="game is over after hand 1"):
        score_hand(result.after, HandEnd(out="C", points={}))


def test_bing_win_not_declared_when_a_busted_player_buys_back() -> None:
    sheet = new_sheet("bing", ["A", "B"], scores={"A": 70, "B": 50})
    result = score_hand(sheet, HandEnd(out="B", points={"A": 9}, buyback=("A",)))
    assert result.winner is None and result.after.player("A").score == 50


def test_bing_buyback_refused_for_a_player_who_did_not_bust() -> None:
    sheet = new_sheet("bing", ["A", "B"])
    with pytest.raises(ScenarioError, match="'A' did not bust"):
        score_hand(sheet, HandEnd(out="B", points={"A": 9}, buyback=("A",)))


def test_bing_buyback_switched_off_by_option() -> None:
    from rummycheck.variants import get_variant
    sheet = new_sheet(get_variant("bing", buyback=False), ["A", "B", "C"], scores={"A": 70})
    with pytest.raises(IllegalPlayError, match="BING-BUYBACK"):
        score_hand(sheet, HandEnd(out="B", points={"A": 9, "C": 1}, buyback=("A",)))


def test_bing_players_out_of_the_game_no_longer_count() -> None:
    sheet = new_sheet("bing", ["A", "B", "C"], scores={"A": 80}, out=("A",))
    result = score_hand(sheet, HandEnd(out="B", points={"C": 12}))
    assert result.after.scores() == {"A": 80, "B": 0, "C": 12}
    with pytest.raises(ScenarioError, match="'A' takes no part"):
        score_hand(sheet, HandEnd(out="B", points={"A": 3, "C": 12}))


def test_bing_missing_points_name_the_player() -> None:
    sheet = new_sheet("bing", ["A", "B", "C"])
    with pytest.raises(ScenarioError, match="what 'C' holds"):
        score_hand(sheet, HandEnd(out="B", points={"A": 3}))


def test_bing_out_player_holding_points_is_an_error() -> None:
    with pytest.raises(ScenarioError, match="BING-OUT"):
        score_hand(new_sheet("bing", ["A", "B"]), HandEnd(out="B", points={"A": 3, "B": 4}))


# -- Basic ----------------------------------------------------------------------------------

def test_basic_score_winner_takes_all() -> None:
    sheet = new_sheet("basic", ["A", "B", "C"])
    # B: K 10 + 5 + ace 1 = 16; C: 7 + 8 = 15; A takes 31, the others score nothing
    result = score_hand(sheet, HandEnd(out="A", cards={"B": parse_cards("Kh 5c Ad"), "C": parse_cards("7s 8s")}))
    assert result.after.scores() == {"A": 31, "B": 0, "C": 0}
    assert rules_of(result) == ["BASIC-SCORE", "BASIC-SCORE"]


def test_basic_rummy_doubles_the_points() -> None:
    sheet = new_sheet("basic", ["A", "B", "C"])
    result = score_hand(sheet, HandEnd(out="A", points={"B": 16, "C": 15}, rummy=True))
    assert result.after.player("A").score == 62  # (16 + 15) x 2
    assert "BASIC-RUMMY" in rules_of(result)


def test_basic_target_by_number_of_players() -> None:
    from rummycheck.variants import get_variant
    basic = get_variant("basic")
    assert [basic_target(basic, n) for n in (2, 3, 4)] == [100, 150, 200]


def test_basic_target_reached_ends_the_game() -> None:
    sheet = new_sheet("basic", ["A", "B", "C"], scores={"A": 140})
    # 140 + 9 = 149 < 150: game goes on; then + 1 = 150 reaches the three-player target
    first = score_hand(sheet, HandEnd(out="A", points={"B": 9, "C": 0}))
    assert not first.after.finished
    second = score_hand(first.after, HandEnd(out="A", points={"B": 1, "C": 0}))
    assert second.winner == "A" and "BASIC-TARGET" in rules_of(second)


def test_basic_stalemate_scores_nothing() -> None:
    sheet = new_sheet("basic", ["A", "B"], scores={"A": 20, "B": 30})
    result = score_hand(sheet, HandEnd(stalemate=True))
    assert result.after.scores() == {"A": 20, "B": 30}
    assert rules_of(result) == ["BASIC-STALEMATE"] and result.hand_winner is None


# -- Gin ------------------------------------------------------------------------------------

def gin(preset: str | None = None, **options: object) -> Sheet:
    from rummycheck.variants import get_variant
    return new_sheet(get_variant("gin", preset=preset, **options), ["A", "B"])


def test_gin_score_knock_with_3_against_11_scores_8() -> None:
    result = score_hand(gin(), HandEnd(knocker="A", points={"A": 3, "B": 11}))
    assert result.after.scores() == {"A": 8, "B": 0} and result.hand_winner == "A"
    assert rules_of(result) == ["GIN-SCORE"]


def test_gin_undercut_3_against_1_scores_27_modern_and_12_classic() -> None:
    end = HandEnd(knocker="A", points={"A": 3, "B": 1})
    assert score_hand(gin(), end).after.scores() == {"A": 0, "B": 27}  # 2 + 25
    assert score_hand(gin("classic"), end).after.scores() == {"A": 0, "B": 12}  # 2 + 10


def test_gin_undercut_on_a_tie_counts_by_default() -> None:
    result = score_hand(gin(), HandEnd(knocker="A", points={"A": 5, "B": 5}))
    assert result.after.scores() == {"A": 0, "B": 25}  # 0 difference + 25 bonus
    assert result.hand_winner == "B"


def test_gin_undercut_on_a_tie_under_the_other_reading_scores_nothing() -> None:
    result = score_hand(gin(undercut_on_tie=False), HandEnd(knocker="A", points={"A": 5, "B": 5}))
    assert result.after.scores() == {"A": 0, "B": 0}
    assert result.hand_winner is None and rules_of(result) == ["GIN-UNDERCUT"]
    assert [p.hands_won for p in result.after.players] == [0, 0]  # no box for anyone


def test_gin_gin_scores_whole_deadwood_plus_bonus() -> None:
    end = HandEnd(knocker="A", points={"A": 0, "B": 30})
    assert score_hand(gin(), end).after.player("A").score == 55  # 30 + 25
    assert score_hand(gin("classic"), end).after.player("A").score == 50  # 30 + 20


def test_gin_biggin_modern_31_and_classic_scores_as_gin() -> None:
    end = HandEnd(knocker="A", points={"A": 0, "B": 30}, big_gin=True)
    modern = score_hand(gin(), end)
    assert modern.after.player("A").score == 61 and "GIN-BIGGIN" in rules_of(modern)  # 30 + 31
    classic = score_hand(gin("classic"), end)
    assert classic.after.player("A").score == 50 and "GIN-GIN" in rules_of(classic)  # 30 + 20


def test_gin_biggin_from_eleven_melded_cards() -> None:
    cards = {"A": parse_cards("Ac 2c 3c 4c 5d 6d 7d 9h 9s 9d 9c"), "B": parse_cards("Kh Qh Js 8s 7s 6h 5h 4h 3s 2s")}
    # B: 4h 5h 6h is a run; the rest Kh Qh Js 8s 7s 3s 2s = 10+10+10+8+7+3+2 = 50
    result = score_hand(gin(), HandEnd(knocker="A", cards=cards))
    assert result.after.player("A").score == 81  # 50 + 31


def test_gin_layoff_before_counting() -> None:
    cards = {"A": parse_cards("Ac 2c 3c 4d 5d 6d 7h 8h 9h 2s"), "B": parse_cards("Ad 2d 3d 4c 5c 6c Th 9s Ks Qs")}
    # A: deadwood 2s = 2.  B: Ad-3d and 4c-6c meld, Th 9s Ks Qs = 39; Th goes on 7h 8h 9h: 29.
    result = score_hand(gin(), HandEnd(knocker="A", cards=cards))
    assert result.after.scores() == {"A": 27, "B": 0}  # 29 - 2
    assert rules_of(result) == ["GIN-LAYOFF", "GIN-SCORE"]


def test_gin_layoff_chained_on_a_run() -> None:
    melds = (Meld.natural("run", parse_cards("7h 8h 9h")), Meld.natural("set", parse_cards("8s 8d 8c")))
    result = gin_layoffs(parse_cards("Th Jh Kd Qc"), melds)
    # Th extends 7h-9h and Jh extends it further; Kd and Qc fit nowhere: 10 + 10 left
    assert sorted(str(card) for card, _ in result.layoffs) == ["Jh", "Th"]
    assert result.before == 40 and result.after == 20


def test_gin_layoff_onto_a_set_of_three() -> None:
    melds = (Meld.natural("set", parse_cards("8s 8d 8c")),)
    result = gin_layoffs(parse_cards("8h Kd"), melds)
    assert result.layoffs == ((Card.parse("8h"), 0),) and result.after == 10


def test_gin_gin_allows_no_layoffs() -> None:
    cards = {"A": parse_cards("Ac 2c 3c 4d 5d 6d 7h 8h 9h Th"), "B": parse_cards("Jh 5s 5c 6s 7c 8c 9s Ks Kc 4s")}
    # B holds Jh, which would fit A's run 7h-Th, but after gin nothing is laid off.
    # B's only meld is 4s 5s 6s; left Jh 5c 7c 8c 9s Ks Kc = 10+5+7+8+9+10+10 = 59
    result = score_hand(gin(), HandEnd(knocker="A", cards=cards))
    assert result.after.player("A").score == 59 + 25
    assert "GIN-LAYOFF" not in rules_of(result)


KNOCKED = """variant = "gin"
[[players]]
name = "A"
hand = "5c"
[[players]]
name = "B"
hand = "3h 7h 8d Qd Kd As Ac Ad 2s 3s"
[[table]]
owner = "A"
cards = "4h 5h 6h"
[[table]]
owner = "A"
cards = "7c 7d 7s"
[[table]]
owner = "A"
cards = "9d Td Jd"
[turn]
player = "A"
drew = "stock"
knocked = true
[pile]
discard = "Kh"
stock = 20
[end]
knocker = "A"
"""


def test_gin_scenario_after_the_knock_scores_the_knockers_table_melds() -> None:
    # Found by an outside audit: a scenario written after the knock (A's melds on the table, his
    # deadwood in hand, as docs/scenarios.md shows) could not be scored: "A's hand holds 1 card".
    # By hand: A knocks with the 5c (5).  B lays 3h and 7h off on 4h 5h 6h and 8d, Qd, Kd on
    # 9d Td Jd; of As Ac Ad 2s 3s the run As 2s 3s melds and Ac Ad (2) stay.  2 < 5: an undercut,
    # 5 - 2 = 3 and the 25 bonus, 28 to B.
    from rummycheck.files.scenario import parse_scenario
    from rummycheck.table.scoring import score_scenario

    result = score_scenario(parse_scenario(KNOCKED, source="knocked.toml"))
    assert result.after.scores() == {"A": 0, "B": 28}
    assert rules_of(result) == ["GIN-LAYOFF", "GIN-UNDERCUT", "GIN-UNDERCUT"]
    # gin: A's hand empty, his ten cards on the table; B's own melds count, nothing is laid off
    gin_text = KNOCKED.replace('hand = "5c"', 'hand = ""').replace("9d Td Jd", "9d Td Jd Qd").replace(
        "Qd Kd", "5c Kd")
    gin_result = score_scenario(parse_scenario(gin_text, source="gin.toml"))
    # B: 3h 7h 8d 5c Kd As Ac Ad 2s 3s: As 2s 3s or the aces meld, 3h 7h 8d 5c Kd + Ac Ad = 35
    assert gin_result.after.scores() == {"A": 35 + 25, "B": 0}
    assert "GIN-LAYOFF" not in rules_of(gin_result)


def test_gin_scenario_after_the_knock_counts_the_table_in_the_hand_size() -> None:
    from rummycheck.errors import HandSizeError
    from rummycheck.files.scenario import parse_scenario
    from rummycheck.table.scoring import score_scenario

    with pytest.raises(HandSizeError, match=r"^too_many.toml:24:1: A's hand with his melds on the table holds 12"):
        score_scenario(parse_scenario(KNOCKED.replace('hand = "5c"', 'hand = "5c 2d 3d"'), source="too_many.toml"))


def test_gin_knock_over_the_limit_is_illegal() -> None:
    with pytest.raises(IllegalPlayError, match="GIN-KNOCK.*deadwood 11"):
        score_hand(gin(), HandEnd(knocker="A", points={"A": 11, "B": 20}))


def test_gin_knock_oklahoma_upcard_sets_the_limit() -> None:
    sheet = gin(oklahoma=True)
    ok = score_hand(sheet, HandEnd(knocker="A", points={"A": 7, "B": 20}, upcard=Card.parse("7h")))
    assert ok.after.player("A").score == 13  # 20 - 7, no doubling (hearts)
    with pytest.raises(IllegalPlayError, match="GIN-KNOCK.*upcard 7h"):
        score_hand(sheet, HandEnd(knocker="A", points={"A": 8, "B": 20}, upcard=Card.parse("7h")))
    with pytest.raises(IllegalPlayError, match="only gin"):
        score_hand(sheet, HandEnd(knocker="A", points={"A": 1, "B": 20}, upcard=Card.parse("Ad")))
    with pytest.raises(ScenarioError, match="upcard"):
        score_hand(sheet, HandEnd(knocker="A", points={"A": 1, "B": 20}))


def test_gin_knock_oklahoma_spade_upcard_doubles_the_hand() -> None:
    sheet = gin(oklahoma=True)
    result = score_hand(sheet, HandEnd(knocker="A", points={"A": 3, "B": 11}, upcard=Card.parse("Ks")))
    assert result.after.player("A").score == 16  # (11 - 3) x 2
    undercut = score_hand(sheet, HandEnd(knocker="A", points={"A": 3, "B": 1}, upcard=Card.parse("Ks")))
    assert undercut.after.player("B").score == 54  # (2 + 25) x 2


def test_gin_dead_hand_scores_nothing() -> None:
    result = score_hand(gin(), HandEnd(dead=True))
    assert rules_of(result) == ["GIN-DEAD"] and result.after.scores() == {"A": 0, "B": 0}


def test_gin_game_bonus_and_box_bonuses() -> None:
    ends = [
        HandEnd(knocker="A", points={"A": 0, "B": 50}),  # A gin: 50 + 25 = 75
        HandEnd(knocker="B", points={"B": 2, "A": 12}),  # B: 12 - 2 = 10
        HandEnd(knocker="A", points={"A": 1, "B": 31}),  # A: 30 -> 105 >= 100
    ]
    results = score_hands(gin(), ends)
    last = results[-1]
    # A: 105 + 100 game + 2 boxes x 25 = 255; B: 10 + 1 box x 25 = 35
    assert last.winner == "A" and last.after.scores() == {"A": 255, "B": 35}
    assert [ln.rule for ln in last.lines].count("GIN-GAME") >= 3


def test_gin_game_shutout_doubles_classic_not_modern() -> None:
    ends = [HandEnd(knocker="A", points={"A": 0, "B": 50}), HandEnd(knocker="A", points={"A": 2, "B": 32})]
    classic = score_hands(gin("classic"), ends)[-1]
    # 50 + 20 = 70; + 30 = 100; + 100 game + 2 x 20 boxes = 240; shutout: x 2 = 480
    assert classic.after.scores() == {"A": 480, "B": 0}
    assert any("shutout" in ln.text for ln in classic.lines)
    modern = score_hands(gin(), ends)[-1]
    # 50 + 25 = 75; + 30 = 105; + 100 + 2 x 25 = 255, no doubling
    assert modern.after.scores() == {"A": 255, "B": 0}


def test_gin_needs_two_players() -> None:
    with pytest.raises(ScenarioError, match="played by 2 players, got"):
        new_sheet("gin", ["A", "B", "C"])


def test_every_score_line_names_a_rule_of_its_variant() -> None:
    from rummycheck.variants import get_variant
    sheet = new_sheet("bing", list("ABCD"), scores={"A": 31, "B": 5, "C": 19, "D": 47})
    result = score_hand(sheet, HandEnd(out="C", points={"A": 58, "B": 6, "D": 29}, buyback=("A",)))
    known = {rule.id for rule in get_variant("bing").rules}
    assert result.lines and all(line.rule in known for line in result.lines)


def test_a_hand_end_with_impossible_hands_is_refused() -> None:
    """A library audit: a gin defender holding ten Kd was scored (90 to the knocker), one holding no
    cards or the knocker's own cards was scored as an undercut."""
    from rummycheck.errors import CardParseError, HandSizeError

    sheet = new_sheet("gin", ["A", "B"])
    knocker = parse_cards("Ac 2c 3c 4d 5d 6d 7h 8h 9h Ts")
    with pytest.raises(CardParseError, match="the end of the hand holds 10 copies of Kd, but one deck holds only 1"):
        score_hand(sheet, HandEnd(knocker="A", cards={"A": knocker, "B": parse_cards("Kd " * 10)}))
    with pytest.raises(HandSizeError, match="B's hand holds 0 cards"):
        score_hand(sheet, HandEnd(knocker="A", cards={"A": knocker, "B": ()}))
    with pytest.raises(CardParseError, match="the end of the hand holds 2 copies of Ac"):
        score_hand(sheet, HandEnd(knocker="A", cards={"A": knocker, "B": parse_cards("Ac 2c 3c 4d 5d 6d 7h 8h 9h Ks")}))
    bing = new_sheet("bing", ["A", "B"])
    with pytest.raises(CardParseError, match="the end of the hand holds 3 copies of Ac, but 2 decks hold only 2"):
        score_hand(bing, HandEnd(out="A", cards={"B": parse_cards("Ac Ac Ac")}))


def test_a_hand_ends_copies_are_counted_in_the_words_of_check_copies_and_the_upcard_may_be_held() -> None:
    """The end's cards are counted by ``cards.check_copies``, as a solved hand's are.  The first upcard
    is not counted beside them: a player who took it holds it (GIN-DEAL), and such an end was refused
    (``review --one-step`` said "2 copies of 9h" of a legal record whose first move took the upcard)."""
    from rummycheck.cards import check_copies
    from rummycheck.errors import CardParseError

    sheet = new_sheet("gin", ["A", "B"])
    knocker = parse_cards("Ac 2c 3c 4d 5d 6d 7h 8h 9h Ts")
    defender = parse_cards("Kd Ks Kh 5c 6c 7c 9s 9d 9c Js")
    # two players holding one card of one deck: refused, in check_copies' words
    with pytest.raises(CardParseError) as caught:
        score_hand(sheet, HandEnd(knocker="A", cards={"A": knocker, "B": (*defender[:-1], knocker[0])}))
    assert str(caught.value) == "the end of the hand holds 2 copies of Ac, but one deck holds only 1"
    with pytest.raises(CardParseError) as same:
        check_copies([*knocker, *defender[:-1], knocker[0]], decks=1, source="", what="the end of the hand")
    assert str(same.value) == str(caught.value)
    # B took the first upcard Kd and holds it: scored, as with any other upcard; under Oklahoma the
    # upcard's points (10) set the knock limit whoever holds it
    held = score_hand(sheet, HandEnd(knocker="A", cards={"A": knocker, "B": defender}, upcard=parse_cards("Kd")[0]))
    other = score_hand(sheet, HandEnd(knocker="A", cards={"A": knocker, "B": defender}, upcard=parse_cards("Qc")[0]))
    assert held.after.hands == other.after.hands == 1
    assert [(ln.player, ln.points) for ln in held.lines] == [(ln.player, ln.points) for ln in other.lines]
