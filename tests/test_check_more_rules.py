"""More `check` verdicts, one per rule id not decided in test_check.py.

Each scenario is small and its verdict is worked out by hand in the comment.
"""

from __future__ import annotations

from rummycheck.files.scenario import parse_scenario
from rummycheck.table.disputes import check_play


def basic_text(hand: str, *, drew: str = "stock", stock: int = 20, discard: str = "4h", rules: str = "") -> str:
    return (f'variant = "basic"\n[rules]\n{rules}\n[[players]]\nname = "A"\nhand = "{hand}"\n'
            f'[[players]]\nname = "B"\nopened = true\nhand_size = 7\n[turn]\nplayer = "A"\ndrew = "{drew}"\n'
            f'[pile]\ndiscard = "{discard}"\nstock = {stock}\n')


def gin_after_knock(defender: str) -> str:
    # A knocked with melds Ac 2c 3c and 4d..9d and the Kd as deadwood; B defends
    return ('variant = "gin"\n[[players]]\nname = "A"\nhand = "Kd"\n[[players]]\nname = "B"\n'
            f'hand = "{defender}"\n[[table]]\nowner = "A"\ncards = "Ac 2c 3c"\n[[table]]\nowner = "A"\n'
            'cards = "4d 5d 6d 7d 8d 9d"\n[turn]\nplayer = "A"\ndrew = "stock"\nknocked = true\n')


def bing_text(hand: str, *, score: int, rules: str = "") -> str:
    return (f'variant = "bing"\n[rules]\n{rules}\n[[players]]\nname = "A"\nscore = {score}\nhand = "{hand}"\n'
            '[[players]]\nname = "B"\nhand_size = 14\n[turn]\nplayer = "A"\n[pile]\ndiscard = "9s"\nstock = 50\n')


def verdict(text: str, play: str):  # type: ignore[no-untyped-def]
    return check_play(parse_scenario(text, source="case.toml"), play)


ELEVEN = "7s 7h 7d 7c 9d Kd Qd 2c 4s 5h 8c"  # ten dealt plus the card just drawn


def test_basic_set_of_four_sevens_is_legal() -> None:
    # four sevens of four suits: a set of 4 is the largest one deck allows (BASIC-SET)
    result = verdict(basic_text(ELEVEN), "meld 7s 7h 7d 7c")
    assert result.legal


def test_basic_set_of_two_is_illegal() -> None:
    result = verdict(basic_text(ELEVEN), "meld 7s 7h")
    assert not result.legal
    assert [r.rule for r in result.reasons] == ["BASIC-SET"]


def test_basic_stock_renewed_from_the_discard_pile() -> None:
    # the stock is empty but the discard pile holds 3 cards: the two under the top card
    # become the new stock (renewal 1 of 1), so drawing is legal
    text = basic_text(ELEVEN.replace(" 8c", ""), drew="none", stock=0, discard="Jd 9c 4h")
    result = verdict(text, "draw")
    assert result.legal
    assert "BASIC-STOCK" in [r.rule for r in result.reasons + result.passed]


def test_basic_stock_second_exhaustion_is_a_stalemate() -> None:
    # with stock_reshuffles = 0 the first empty stock already ends the hand (BASIC-STOCK)
    text = basic_text(ELEVEN.replace(" 8c", ""), drew="none", stock=0, discard="Jd 9c 4h",
                      rules="stock_reshuffles = 0")
    result = verdict(text, "draw")
    assert not result.legal
    assert [r.rule for r in result.reasons] == ["BASIC-STOCK"]


def test_gin_layoff_defender_extends_knockers_run() -> None:
    # 4c continues the knocker's Ac 2c 3c (GIN-LAYOFF)
    result = verdict(gin_after_knock("4c 9h 9s Jc Qc Kc 5s 6s 7s 3h"), "layoff 4c on 1")
    assert result.legal
    assert "GIN-LAYOFF" in [r.rule for r in result.reasons + result.passed]


def test_gin_meld_layoff_of_wrong_suit_is_illegal() -> None:
    # 3h does not continue the diamond run 4d..9d (GIN-MELD: runs are one suit)
    result = verdict(gin_after_knock("4c 9h 9s Jc Qc Kc 5s 6s 7s 3h"), "layoff 3h on 2")
    assert not result.legal
    assert [r.rule for r in result.reasons] == ["GIN-MELD"]


HOLDS_DEUCE = "Kd Kh Kc 8c 9c Tc 3h 3s 3h 4s 5s 6s 7s 2d"


def test_bing_values_wild_deuce_counts_2_so_70_plus_2_is_within_the_limit() -> None:
    # four melds leave only the 2d: 70 + 2 = 72 <= 75 (BING-VALUES: a deuce counts 2)
    play = "meld Kd Kh Kc / 8c 9c Tc / 3h 3s 3h / 4s 5s 6s 7s"
    assert verdict(bing_text(HOLDS_DEUCE, score=70), play).legal


def test_bing_values_wild_points_25_breaks_the_limit() -> None:
    # the same play with wild_points = 25: 70 + 25 = 95 > 75
    play = "meld Kd Kh Kc / 8c 9c Tc / 3h 3s 3h / 4s 5s 6s 7s"
    result = verdict(bing_text(HOLDS_DEUCE, score=70, rules="wild_points = 25"), play)
    assert not result.legal
    assert [r.rule for r in result.reasons] == ["BING-LIMIT"]
    assert "95" in result.line()


def test_basic_layoff_before_meld_off_still_lets_a_new_meld_carry_a_layoff() -> None:
    # layoff_before_meld = false: A has not opened, but melds 9s 9d 9c in this turn, so he
    # may also lay 8h off on B's 5h 6h 7h.  Left: 2s 4d Kc Qh Jd 3c 6s; one 10 is
    # discarded, so 2 + 4 + 10 + 10 + 3 + 6 = 35 stay (without the lay-off: 43).
    from rummycheck.games.solve import solve_scenario

    text = basic_text("8h 9s 9d 9c 2s 4d Kc Qh Jd 3c 6s", rules="layoff_before_meld = false")
    text = text.replace('[turn]', '[[table]]\nowner = "B"\ncards = "5h 6h 7h"\n[turn]')
    scenario = parse_scenario(text, source="case.toml")
    solution = solve_scenario(scenario)
    assert solution.deadwood_points == 35
    assert [str(lo.card) for lo in solution.layoffs] == ["8h"]
    assert any(sorted(str(c) for c in m.cards) == ["9c", "9d", "9s"] for m in solution.melds)
    play = f"meld 9s 9d 9c; layoff 8h on 1; discard {solution.discard}"
    assert check_play(scenario, play).legal
    # a lay-off alone, without a meld of his own, is still refused under this option
    assert not check_play(scenario, "layoff 8h on 1; discard Kc").legal
