"""State model gaps closed: Oklahoma knocks, the new [end] keys, BASIC-STALEMATE, gin after
gin, BING-DEAL's cut deuce, BING-LIMIT-HOLD, and whole-state validation per variant.

Every expected number is worked out by hand in the comment next to it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from rummycheck.cards import Card, parse_cards
from rummycheck.cli import app
from rummycheck.errors import ScenarioError
from rummycheck.files.scenario import parse_scenario
from rummycheck.games.gin import gin_hand
from rummycheck.melds import Meld, MeldKind
from rummycheck.position import TableMeld
from rummycheck.sim.bots import table_wants
from rummycheck.table.disputes import check_play
from rummycheck.table.scoring import score_scenario
from rummycheck.table.state import GameState, IllegalPlay, PlayerState
from rummycheck.variants import get_variant

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"


def gin(hand: str, *, upcard: str | None = None, discard: str = "Qs", oklahoma: bool = True) -> str:
    up = f'upcard = "{upcard}"\n' if upcard else ""
    return (f'variant = "gin"\n[rules]\noklahoma = {str(oklahoma).lower()}\n[[players]]\nname = "A"\n'
            f'hand = "{hand}"\n[[players]]\nname = "B"\nhand_size = 10\n[turn]\nplayer = "A"\ndrew = "stock"\n'
            f'[pile]\n{up}discard = "{discard}"\nstock = 20\n')


def verdict(text: str, play: str):  # type: ignore[no-untyped-def]
    return check_play(parse_scenario(text, source="case.toml"), play, disputes=False)


# Ac 2c 3c, 4d 5d 6d, 7h 8h 9h meld; 4s and Kd are over
FOUR_OVER = "Ac 2c 3c 4d 5d 6d 7h 8h 9h 4s Kd"


# -- GIN-KNOCK under Oklahoma ----------------------------------------------------------------

def test_gin_knock_oklahoma_upcard_5_allows_deadwood_4() -> None:
    # discarding the Kd leaves the 4s: 4 <= 5 (the 5h counts 5)
    result = verdict(gin(FOUR_OVER, upcard="5h"), "knock Kd")
    assert result.legal, result.line()
    knock = next(r for r in result.reasons if r.rule == "GIN-KNOCK")
    assert "deadwood 4 <= 5" in knock.message and "upcard 5h" in knock.message


def test_gin_knock_oklahoma_upcard_3_refuses_deadwood_4() -> None:
    # 4 > 3: the 3h upcard sets the limit at 3, though 4 <= 10 would knock in plain gin
    result = verdict(gin(FOUR_OVER, upcard="3h"), "knock Kd")
    assert not result.legal
    assert result.rules == ("GIN-KNOCK",)
    assert "deadwood 4 > 3" in result.line() and "upcard 3h" in result.line()
    assert verdict(gin(FOUR_OVER, upcard="3h", oklahoma=False), "knock Kd").legal


def test_gin_knock_oklahoma_face_upcard_counts_10() -> None:
    # discarding the 4s leaves the Kd: 10 <= 10 with a queen turned up, 10 > 9 with a nine
    assert verdict(gin(FOUR_OVER, upcard="Qh"), "knock 4s").legal
    assert not verdict(gin(FOUR_OVER, upcard="9h"), "knock 4s").legal


def test_gin_knock_oklahoma_ace_upcard_allows_gin_only() -> None:
    # an ace: limit 0; the 4s alone (4) is too much, a hand with no deadwood is gin
    refused = verdict(gin(FOUR_OVER, upcard="Ad"), "knock Kd")
    assert not refused.legal and "deadwood 4 > 0" in refused.line() and "ace" in refused.line()
    gin_hand = "Ac 2c 3c 4d 5d 6d 7h 8h 9h Th Kd"  # 7h-Th is a run of four: discard Kd, nothing left
    allowed = verdict(gin(gin_hand, upcard="Ad"), "knock Kd")
    assert allowed.legal and "GIN-GIN" in allowed.rules


def test_gin_knock_oklahoma_spade_upcard_says_the_hand_doubles() -> None:
    result = verdict(gin(FOUR_OVER, upcard="6s"), "knock Kd")  # 4 <= 6
    assert result.legal
    assert any("doubles" in r.message and "6s" in r.message for r in result.reasons if r.rule == "GIN-KNOCK")
    plain = verdict(gin(FOUR_OVER, upcard="6h"), "knock Kd")
    assert not any("doubles" in r.message for r in plain.reasons)


def test_gin_knock_oklahoma_upcard_key_wins_over_the_discard_pile_bottom() -> None:
    # bottom of the pile 3c would set 3 (4 > 3); the upcard key 5h sets 5 (4 <= 5)
    assert verdict(gin(FOUR_OVER, upcard="5h", discard="3s Qs"), "knock Kd").legal
    # without the key the documented fallback is the bottom card of the pile
    assert not verdict(gin(FOUR_OVER, discard="3s Qs"), "knock Kd").legal


def test_gin_knock_oklahoma_without_any_upcard_is_bad_input(tmp_path: Path) -> None:
    text = gin(FOUR_OVER).replace('discard = "Qs"\n', "")
    with pytest.raises(ScenarioError, match="upcard"):
        verdict(text, "knock Kd")
    path = tmp_path / "no-upcard.toml"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(app, ["check", str(path), "--play", "knock Kd"])
    assert result.exit_code == 2 and "upcard" in result.output


def test_gin_knock_oklahoma_cli_exit_1_names_rule_and_numbers(tmp_path: Path) -> None:
    path = tmp_path / "ok.toml"
    path.write_text(gin(FOUR_OVER, upcard="3h"), encoding="utf-8")
    result = CliRunner().invoke(app, ["check", str(path), "--play", "knock Kd", "--no-disputes"])
    assert result.exit_code == 1
    assert result.output.splitlines()[0] == ("illegal: GIN-KNOCK: deadwood 4 > 3 (Oklahoma: upcard 3h sets the "
                                             "knock limit at 3): may not knock")


def test_scenario_upcard_must_be_one_gin_card() -> None:
    text = ('variant = "bing"\n[[players]]\nname = "A"\nhand_size = 14\n[[players]]\nname = "B"\nhand_size = 14\n'
            '[pile]\nupcard = "7s"\n')
    with pytest.raises(ScenarioError, match="upcard .* does not apply to Bing Rummy"):
        parse_scenario(text, source="s.toml")
    with pytest.raises(ScenarioError, match=r"s.toml:\d+:\d+: upcard must be one card"):
        parse_scenario(gin(FOUR_OVER, upcard="7s 8s"), source="s.toml")


# -- the [end] keys ------------------------------------------------------------------------------

FOUR_PLAYERS = ('variant = "bing"\n' + "".join(
    f'[[players]]\nname = "{n}"\nscore = {s}\nhand_size = 14\n' for n, s in (("A", 31), ("B", 5), ("D", 47)))
    + '[[players]]\nname = "C"\nscore = 19\nopened = true\nhand = ""\n'
    '[end]\nout = "C"\npoints = { A = 58, B = 6, D = 29 }\n')


def test_end_buyback_both_busted_players_buy_back_at_19() -> None:
    # A 31 + 58 = 89, D 47 + 29 = 76: both over 75; the highest still in is C 19 (B 11)
    result = score_scenario(parse_scenario(FOUR_PLAYERS + 'buyback = ["A", "D"]\n', source="s.toml"))
    assert result.after.scores() == {"A": 19, "B": 11, "D": 19, "C": 19}
    assert result.eliminated == () and result.bought_back == ("A", "D")


def test_end_buyback_of_a_player_who_did_not_bust_is_refused() -> None:
    # B ends on 11: he did not bust
    with pytest.raises(ScenarioError, match="BING-BUYBACK"):
        score_scenario(parse_scenario(FOUR_PLAYERS + 'buyback = ["B"]\n', source="s.toml"))


def test_end_keys_are_checked_with_positions() -> None:
    text = FOUR_PLAYERS + 'buyback = ["Z", "A", "A"]\ndead = true\n'
    with pytest.raises(ScenarioError) as info:
        parse_scenario(text, source="s.toml")
    lines = str(info.value).splitlines()
    assert any("'Z', who is not one of the players" in ln for ln in lines)
    assert any("names 'A' twice" in ln for ln in lines)
    assert any("dead does not apply to" in ln for ln in lines)
    assert all(ln.startswith("s.toml:") for ln in lines)


def test_end_dead_gin_hand_with_a_knocker_is_refused() -> None:
    text = ('variant = "gin"\n[[players]]\nname = "A"\nhand_size = 10\n[[players]]\nname = "B"\nhand_size = 10\n'
            '[end]\nknocker = "A"\ndead = true\n')
    with pytest.raises(ScenarioError, match="a dead hand has no knocker"):
        parse_scenario(text, source="s.toml")


def test_end_big_gin_by_points_adds_the_bonus() -> None:
    # modern: B's 9 + 31 = 40; classic (big gin not played) scores it as gin: 9 + 20 = 29
    base = ('variant = "gin"\nPRESET[[players]]\nname = "A"\nhand_size = 11\n[[players]]\nname = "B"\n'
            'hand_size = 10\n[end]\nknocker = "A"\nbig_gin = true\npoints = { A = 0, B = 9 }\n')
    modern = score_scenario(parse_scenario(base.replace("PRESET", ""), source="s.toml"))
    assert modern.after.scores() == {"A": 40, "B": 0}
    assert {line.rule for line in modern.lines} == {"GIN-BIGGIN"}
    classic = score_scenario(parse_scenario(base.replace("PRESET", 'preset = "classic"\n'), source="s.toml"))
    assert classic.after.scores() == {"A": 29, "B": 0}


# -- BASIC-STALEMATE ------------------------------------------------------------------------------

def _basic_state(table: list[str], hands: list[str]) -> GameState:
    basic = get_variant("basic")
    players = [PlayerState(name, opened=True, hand=parse_cards(hand)) for name, hand in zip("AB", hands)]
    melds = [TableMeld(i + 1, Meld.natural(MeldKind.SET if len({c.rank for c in parse_cards(m)}) == 1
                                           else MeldKind.RUN, parse_cards(m)), "A") for i, m in enumerate(table)]
    return GameState(variant=basic, players=players, table=melds, stock=0)


SETS_OF_FOUR = [f"{r}s {r}h {r}d {r}c" for r in "2 3 4 5 6 7 8 9 T J Q K".split()]


def test_basic_stalemate_one_card_each_and_nothing_lays_off() -> None:
    state = _basic_state(SETS_OF_FOUR, ["Ah", "Ad"])
    reason = state.stalemate()
    assert reason is not None and reason.rule == "BASIC-STALEMATE"
    assert not state.can_draw_stock() and not state.can_take_discard()


def test_basic_stalemate_not_when_a_card_outside_lays_off() -> None:
    # only three queens are down: the Qc (off the table) can still be laid off on them
    table = SETS_OF_FOUR[:-2] + ["Qs Qh Qd"]
    state = _basic_state(table, ["Ah", "Ad"])
    assert state.stalemate() is None


def test_basic_stalemate_follows_the_table_when_a_meld_is_changed_in_place() -> None:
    # the verdict is memoised by the table melds' identity: a meld replaced in the same list (as a
    # lay-off does) is judged afresh, and the old meld put back gets the old verdict
    state = _basic_state(SETS_OF_FOUR, ["Ah", "Ad"])
    assert state.stalemate() is not None
    kings = state.table[-1]
    state.table[-1] = TableMeld(kings.number, Meld.natural(MeldKind.SET, parse_cards("Ks Kh Kd")), "A")
    assert state.stalemate() is None  # the Kc, off the table, lays off on the three kings
    assert state.copy().stalemate() is None
    state.table[-1] = kings
    assert state.stalemate() is not None


def test_table_wants_follows_the_table() -> None:
    basic = get_variant("basic")
    run = TableMeld(1, Meld.natural(MeldKind.RUN, parse_cards("4h 5h 6h")), "A")
    assert table_wants([run], basic) == {Card.parse("3h").index, Card.parse("7h").index}
    longer = TableMeld(1, Meld.natural(MeldKind.RUN, parse_cards("4h 5h 6h 7h")), "A")
    assert table_wants([longer], basic) == {Card.parse("3h").index, Card.parse("8h").index}
    assert table_wants([run], basic) == {Card.parse("3h").index, Card.parse("7h").index}
    assert table_wants([], basic) == frozenset()


def test_basic_stalemate_not_when_a_player_could_still_meld() -> None:
    # the four aces off the table make a set; A holds two, so after drawing a third he melds
    state = _basic_state(SETS_OF_FOUR, ["Ah Ad", "Ac"])
    assert state.stalemate() is None


def test_basic_stalemate_when_cards_outside_hold_no_meld() -> None:
    # with set_max = 3 a set of three is closed.  Off the table: Ad 2d 3c.  No set (one of
    # each rank) and no run (3c is a club) among them; Ad and 2d fit neither the closed
    # sets of aces and deuces nor the run 4d..Kd (3d is in a set); 3c fits neither the closed
    # set of threes nor the club run 5c..Kc (4c is in a set).  A holds two cards, so the
    # one-card case does not apply: this is the no-meld case.
    table = ["As Ah Ac", "2s 2h 2c", "3d 3s 3h", "4c 4s 4h", "5s 6s 7s 8s 9s Ts Js Qs Ks",
             "5h 6h 7h 8h 9h Th Jh Qh Kh", "4d 5d 6d 7d 8d 9d Td Jd Qd Kd", "5c 6c 7c 8c 9c Tc Jc Qc Kc"]
    on_table = [c for m in table for c in parse_cards(m)]
    assert sorted([*on_table, *parse_cards("Ad 2d 3c")]) == [Card.from_index(i) for i in range(52)]
    state = _basic_state(table, ["Ad 2d", "3c"])
    state.variant = get_variant("basic").with_options(set_max=3)
    assert state.problems() == []
    reason = state.stalemate()
    assert reason is not None and "3 cards hold no set or run" in reason.message
    # with the default set_max = 4 the Ad fits the aces: no stalemate
    state.variant = get_variant("basic")
    assert state.stalemate() is None


def test_basic_stalemate_score_without_end_and_check_refuses_play() -> None:
    path = SCENARIOS / "basic-stalemate-nobody-can-finish.toml"
    result = CliRunner().invoke(app, ["check", str(path), "--play", "draw", "--no-disputes"])
    assert result.exit_code == 1
    assert result.output.splitlines()[0].startswith("illegal: BASIC-STALEMATE: stalemate:")
    scored = CliRunner().invoke(app, ["score", str(path)])
    assert scored.exit_code == 0 and "BASIC-STALEMATE" in scored.output


# -- gin after gin ----------------------------------------------------------------------------------

GIN_KNOCKED = ('variant = "gin"\n[[players]]\nname = "A"\nhand = "{knocker}"\n[[players]]\nname = "B"\n'
               'hand = "4c 9h 9s Jc Qc Kc 5s 6s 7s 3h"\n[[table]]\nowner = "A"\ncards = "Ac 2c 3c"\n'
               '[[table]]\nowner = "A"\ncards = "4d 5d 6d 7d"\n[[table]]\nowner = "A"\ncards = "{third}"\n'
               '[turn]\nplayer = "A"\ndrew = "stock"\nknocked = true\n')


def test_gin_layoff_never_after_gin() -> None:
    # A's ten cards are all on the table (3 + 4 + 3) and his hand is empty: gin
    result = verdict(GIN_KNOCKED.format(knocker="", third="Jh Qh Kh"), "layoff 4c on 1")
    assert not result.legal and result.rules == ("GIN-LAYOFF",)
    assert "never after gin" in result.line()


def test_gin_layoff_after_an_ordinary_knock_is_legal() -> None:
    # A kept the 2s as deadwood (3 + 4 + 2 melded... the third meld is Jh Qh Kh): 4c fits Ac 2c 3c
    result = verdict(GIN_KNOCKED.format(knocker="2s", third="Jh Qh Kh"), "layoff 4c on 1")
    assert result.legal and "GIN-LAYOFF" in result.rules


def test_gin_knock_to_gin_then_defender_layoff_refused_in_the_state() -> None:
    state = GameState.from_scenario(parse_scenario(gin("Ac 2c 3c 4d 5d 6d 7h 8h 9h Th Kd", oklahoma=False),
                                                   source="s.toml"))
    state.knock(Card.parse("Kd"))
    assert gin_hand(state).gin and state.phase == "layoff" and state.player.name == "B"
    # B's cards are unknown, but no lay-off is allowed after gin whatever he holds: not even
    # the 4c, which would extend A's Ac 2c 3c
    clubs = next(t.number for t in state.table if Card.parse("Ac") in t.meld.cards)
    assert not state.can_lay_off(Card.parse("4c"), clubs)
    with pytest.raises(IllegalPlay) as info:
        state.verify_lay_off(Card.parse("4c"), clubs)
    assert info.value.rules == ("GIN-LAYOFF",)


# -- BING-DEAL and BING-LIMIT-HOLD ------------------------------------------------------------------

CUT_HAND = "2h Kd Kh Kc 8c 9c 10c 3s 3d 4d 5d 6s 9h 9d"


def bing_cut(hand: str, cut: str = "2h") -> str:
    return (f'variant = "bing"\n[[players]]\nname = "A"\nhand_size = 14\n[[players]]\nname = "B"\ncut = "{cut}"\n'
            f'hand = "{hand}"\n[turn]\nplayer = "B"\n[pile]\ndiscard = "Qs"\nstock = 60\n')


def test_bing_deal_cut_deuce_is_one_of_14_cards() -> None:
    # 13 dealt + the cut 2h = 14: B may open with the deuce as a third 3
    # (left 4d 5d 6s 9h 9d = 33 points: 0 + 33 <= 75)
    result = verdict(bing_cut(CUT_HAND), "meld Kd Kh Kc / 8c 9c 10c / 3s 3d 2h=3h")
    assert result.legal, result.line()
    assert "score 0 + 33 left = 33 <= 75" in result.line()


def test_bing_deal_cut_deuce_on_top_of_14_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match=r"15 cards.*13 dealt plus the cut deuce.*BING-DEAL"):
        parse_scenario(bing_cut(CUT_HAND + " 7c"), source="s.toml")
    path = tmp_path / "cut15.toml"
    path.write_text(bing_cut(CUT_HAND + " 7c"), encoding="utf-8")
    result = CliRunner().invoke(app, ["check", str(path), "--play", "draw"])
    assert result.exit_code == 2 and "BING-DEAL" in result.output


def test_bing_deal_only_a_deuce_is_kept_from_the_cut() -> None:
    with pytest.raises(ScenarioError, match=r"only a deuce is kept from the cut \(BING-DEAL\), got 3s"):
        parse_scenario(bing_cut(CUT_HAND, cut="3s"), source="s.toml")


def bing_opened(hand: str, *, score: int, rules: str = "", top: str = "9s") -> str:
    return (f'variant = "bing"\n[rules]\n{rules}\n[[players]]\nname = "A"\nscore = {score}\nopened = true\n'
            f'hand = "{hand}"\n[[players]]\nname = "B"\nhand_size = 14\n[[table]]\nowner = "A"\n'
            f'cards = "Kd Kh Kc"\n[[table]]\nowner = "A"\ncards = "8c 9c Tc"\n[[table]]\nowner = "A"\n'
            f'cards = "3h 3s 3d"\n[turn]\nplayer = "A"\n[pile]\ndiscard = "{top}"\nstock = 50\n')


def test_bing_limit_hold_at_75_inclusive_but_not_strict() -> None:
    # 67 + (5h 3c = 8) = 75: at the limit is allowed by default, not with hold_strict
    assert verdict(bing_opened("4d 5h", score=67), "draw 3c; discard 4d").legal
    strict = verdict(bing_opened("4d 5h", score=67, rules="hold_strict = true"), "draw 3c; discard 4d")
    assert not strict.legal and strict.rules == ("BING-LIMIT-HOLD",)
    assert "score 67 + 8 left = 75 >= 75" in strict.line()


def test_bing_limit_hold_refuses_taking_a_discard_that_no_discard_can_undo() -> None:
    # 70 holding the 5h takes the Kc: it may not throw the Kc back (BING-TURN), so the best
    # discard is the 5h, leaving Kc = 10: 70 + 10 = 80 > 75
    result = verdict(bing_opened("5h", score=70, top="Kc"), "take")
    assert not result.legal and result.rules == ("BING-LIMIT-HOLD",)
    assert "70 + 10 left = 80 > 75" in result.line()
    # taking a 4c instead: discard the 5h, keep 4c: 70 + 4 = 74 <= 75
    assert verdict(bing_opened("5h", score=70, top="4c"), "take; discard 5h").legal


# -- whole-state validation, several problems at once --------------------------------------------

def test_state_problems_bing_several_at_once() -> None:
    bing = get_variant("bing")
    state = GameState(variant=bing, players=[
        PlayerState("A", opened=True, hand=parse_cards("Kd Kd Kd 4c 5c 6c 7c")),  # 7 > 14 - 9 = 5
        PlayerState("B", hand=parse_cards("4h"), cut=Card.parse("7s")),  # not opened: 14 expected
        PlayerState("C", unknown=14, cut=Card.parse("2s")),
    ], table=[TableMeld(1, Meld.natural(MeldKind.RUN, parse_cards("9s Ts Qs")), "B")],
        drew="stock", melded=True)
    found = state.problems()
    # Kd three times but two decks; the run 9s Ts Qs has a gap; B owns a meld unopened;
    # A holds 7 > 5; B holds 1 not 14; B's cut is no deuce; two players cut; A drew and melded
    # in one turn (a first upcard in Bing, once a problem here, cannot be written: it is gin's own)
    expected = ["Kd appears 3 times", "table meld 1 (9s Ts Qs)", "belongs to B, who has not opened",
                "A holds 7 cards", "B holds 1 cards", "kept 7s from the cut", "2 players cut",
                "drew and melded in one turn (BING-MELD-TURN)"]
    for text in expected:
        assert any(text in p for p in found), (text, found)


def test_state_problems_basic_several_at_once() -> None:
    basic = get_variant("basic")
    state = GameState(variant=basic, players=[
        PlayerState(n, hand=parse_cards("4h")) for n in "ABCDE"
    ], table=[TableMeld(1, Meld.natural(MeldKind.SET, parse_cards("4h 4s 4d")), "A")], stock=-1,
        took=Card.parse("9c"))
    found = state.problems()
    # five players (2-4); 4h twice in one deck (hands of five players and the table); stock -1;
    # A owns a meld without having opened; took without drew = "discard"; 1 card each not opened
    for text in ["played by 2 to 4 players, not 5 (BASIC-DECK)", "4h appears 6 times", "the stock holds -1",
                 "belongs to A, who has not opened", "took 9c from the discard pile, but drew is 'none'",
                 "A holds 1 cards"]:
        assert any(text in p for p in found), (text, found)


def test_state_problems_gin_several_at_once() -> None:
    gin_variant = get_variant("gin")
    state = GameState(variant=gin_variant, players=[
        PlayerState("A", hand=parse_cards("Ac 2c 3c 4d 5d 6d 7h 8h 9h")),  # 9, not 10
        PlayerState("B", hand=parse_cards("Ac Kd")),
        PlayerState("C", unknown=10),
    ], table=[TableMeld(1, Meld.natural(MeldKind.SET, parse_cards("Qs Qh Qd")), "B")])
    found = state.problems()
    # three players (gin: 2); Ac twice; melds on the table though nobody knocked;
    # A 9 cards and B 2 cards where 10 are dealt
    for text in ["played by 2 players, not 3 (GIN-DEAL)", "Ac appears 2 times",
                 "gin melds go down only with a knock", "A holds 9 cards", "B holds 2 cards"]:
        assert any(text in p for p in found), (text, found)
    state.phase = "layoff"
    assert "the lay-off phase comes only after a gin knock (GIN-LAYOFF)" in state.problems()
