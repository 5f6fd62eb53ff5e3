"""The independent validator says no: wrong answers, made by hand from right ones, are refused.

Every other test hands the validator (``games/validate.py``) a solver's answer and expects no
problem; these give it answers that are wrong in one known way and expect the problem named.
A validator that found nothing wrong with anything would pass every other test: this file is
what shows it looks.  The right answers come from the solver and are checked clean first; each
wrong one is made from it with ``dataclasses.replace``, so only the named fault differs.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from rummycheck import Solution, get_variant, parse_cards, solve
from rummycheck.cards import Card, full_deck
from rummycheck.files.scenario import load_scenario
from rummycheck.games.solve import solve_scenario
from rummycheck.games.validate import arrangement_problems, layoff_problems, solution_problems
from rummycheck.melds import Meld, MeldKind
from rummycheck.results import LayOff

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"


def _clean(text: str, variant: str, **kwargs: object) -> Solution:
    solution = solve(parse_cards(text), variant=variant, **kwargs)  # type: ignore[arg-type]
    assert solution_problems(solution) == []
    return solution


# gin, eleven cards (after a draw): 3c 4c 5c / 7h 8h 9h / Kd Ks Kh, the 2s thrown, the Ad kept (1)
GIN = "3c 4c 5c 7h 8h 9h Kd Ks Kh Ad 2s"


def test_a_meld_that_is_no_meld() -> None:
    right = _clean(GIN, "gin")
    broken = Meld.natural(MeldKind.RUN, parse_cards("7h 8h Th"))  # a gap: no run
    wrong = replace(right, melds=(right.melds[0], broken, right.melds[2]),
                    deadwood=tuple(sorted((*right.deadwood, *parse_cards("9h")), key=lambda c: c.index)))
    problems = solution_problems(wrong)
    assert any(p.startswith("meld 2 (") for p in problems), problems


def test_a_card_not_in_the_hand() -> None:
    right = _clean(GIN, "gin")
    wrong = replace(right, deadwood=(*right.deadwood, Card.parse("Qc")))
    assert "cards not in the hand: Qc" in solution_problems(wrong)


def test_a_card_used_twice() -> None:
    right = _clean(GIN, "gin")
    wrong = replace(right, deadwood=(*right.deadwood, right.melds[0].cards[0]))  # in a meld and in the deadwood
    assert f"cards not in the hand: {right.melds[0].cards[0]}" in solution_problems(wrong)


def test_a_card_of_the_hand_left_out() -> None:
    right = _clean(GIN, "gin")
    assert right.deadwood  # (the hand keeps the Ad)
    wrong = replace(right, deadwood=right.deadwood[1:])
    assert f"cards of the hand not accounted for: {right.deadwood[0]}" in solution_problems(wrong)


def test_points_that_are_not_the_cards() -> None:
    right = _clean(GIN, "gin")
    assert right.deadwood_points == 1 and str(right.discard) == "2s"  # the Ad, by hand
    wrong = replace(right, deadwood_points=2)
    assert "deadwood points reported 2, the cards count 1" in solution_problems(wrong)


def test_arrangement_problems_counts_the_discard_and_the_layoffs() -> None:
    hand = parse_cards("3c 4c 5c 9d Kd")
    run = Meld.natural(MeldKind.RUN, parse_cards("3c 4c 5c"))
    variant = get_variant("basic")
    assert arrangement_problems(hand, [run], parse_cards("9d"), variant=variant, discard=Card.parse("Kd")) == []
    assert arrangement_problems(hand, [run], parse_cards("Kd"), variant=variant, laid_off=parse_cards("9d")) == []
    assert arrangement_problems(hand, [run], parse_cards("9d"), variant=variant) == [
        "cards of the hand not accounted for: Kd"]


# Bing (BING-VALUES: 3-10 their rank, J Q K 10, ace 15, a deuce 2): Kd Kh Kc / 8c 9c Tc / 3h 3s 3d
# open with three melds (BING-OPEN); 4d 6s 7h Jd Qs stay: 4 + 6 + 7 + 10 + 10 = 37
BING = "Kd Kh Kc 8c 9c Tc 3h 3s 3d 4d 6s 7h Jd Qs"


def test_bing_an_opening_of_two_melds() -> None:
    right = _clean(BING, "bing")
    assert len(right.melds) == 3 and not right.opened and right.deadwood_points == 37
    dropped = right.melds[2]
    wrong = replace(right, melds=right.melds[:2], deadwood=(*right.deadwood, *dropped.cards),
                    deadwood_points=right.deadwood_points + get_variant("bing").points(dropped.cards))
    assert solution_problems(wrong) == ["BING-OPEN: an opening needs 3 melds, the answer lays down 2"]


def test_bing_called_legal_over_the_limit() -> None:
    right = _clean(BING, "bing", score=30)
    assert right.legal and right.deadwood_points == 37  # 30 + 37 = 67 <= 75 (BING-LIMIT)
    wrong = replace(right, score=60)  # 60 + 37 = 97 > 75, and still called legal
    problems = solution_problems(wrong)
    assert len(problems) == 1 and problems[0].startswith("BING-LIMIT: the answer is called legal but"), problems


# -- lay-offs -----------------------------------------------------------------------------------------

def test_a_layoff_on_a_meld_that_is_not_there() -> None:
    scenario = load_scenario(SCENARIOS / "basic-layoff-h8.toml")  # the 8h goes on table meld 1, 5h 6h 7h
    right = solve_scenario(scenario)
    assert solution_problems(right) == [] and layoff_problems(right, scenario) == []
    assert [(str(lo.card), lo.target) for lo in right.layoffs] == [("8h", 1)]
    wrong = replace(right, layoffs=(LayOff(Card.parse("8h"), 2, Card.parse("8h")),))
    assert layoff_problems(wrong, scenario) == ["lay-off on table meld 2, which does not exist"]


def test_a_layoff_that_does_not_fit() -> None:
    scenario = load_scenario(SCENARIOS / "basic-layoff-h8.toml")
    right = solve_scenario(scenario)
    nine = Card.parse("9d")  # held, and laid off on 5h 6h 7h: no run
    wrong = replace(right, layoffs=(*right.layoffs, LayOff(nine, 1, nine)),
                    deadwood=tuple(c for c in right.deadwood if c != nine))
    problems = layoff_problems(wrong, scenario)
    assert len(problems) == 1 and problems[0].startswith("table meld 1 with lay-offs ("), problems


def test_basic_layoffs_before_the_first_meld_when_the_rule_is_off() -> None:
    scenario = load_scenario(SCENARIOS / "basic-layoff-h8.toml")
    right = solve_scenario(scenario)
    assert not right.opened and not right.melds and right.layoffs  # laid off before any meld of his
    strict = replace(scenario, variant=scenario.variant.with_options(layoff_before_meld=False))
    assert layoff_problems(replace(right, variant=strict.variant), strict) == [
        "BASIC-LAYOFF: lay-offs before melding, but layoff_before_meld is off"]


def test_bing_layoffs_without_an_opening() -> None:
    scenario = load_scenario(SCENARIOS / "bing-opening-layoffs.toml")
    right = solve_scenario(scenario)
    assert right.opened and right.layoffs and layoff_problems(right, scenario) == []
    unopened = replace(right, opened=False)  # no meld of his own: nothing opens the lay-offs
    assert "BING-LAYOFF: lay-offs without an opening" in layoff_problems(unopened, scenario)
    strict = replace(scenario, variant=scenario.variant.with_options(layoff_in_opening=False))
    assert "BING-LAYOFF: lay-offs in the opening turn, but layoff_in_opening is off" in layoff_problems(
        replace(unopened, variant=strict.variant), strict)


# -- any right answer, broken in any of four ways ------------------------------------------------------

_GAMES = {"gin": 11, "basic": 10, "bing": 14}


@settings(max_examples=60, deadline=None)
@given(game=st.sampled_from(sorted(_GAMES)), data=st.data())
def test_every_broken_answer_is_refused(game: str, data: st.DataObject) -> None:
    """From a solver's answer to a random hand: a deadwood card dropped, a card the hand lacks
    added, the points off by one, or a meld's first card moved to the deadwood with the points
    left as they were (its meld then too short, or the points wrong: every card counts): the
    validator names a problem every time."""
    variant = get_variant(game)
    deck = list(full_deck()) * variant.decks
    hand = data.draw(st.permutations(deck).map(lambda cards: cards[:_GAMES[game]]), label="hand")
    right = solve(hand, variant=variant)
    assert solution_problems(right) == []
    ways = ["points"] + (["drop"] if right.deadwood else []) + (["move"] if right.melds else []) + ["add"]
    way = data.draw(st.sampled_from(ways), label="fault")
    if way == "points":
        wrong = replace(right, deadwood_points=right.deadwood_points + data.draw(st.sampled_from([-1, 1])))
    elif way == "drop":
        wrong = replace(right, deadwood=right.deadwood[1:])
    elif way == "move":
        first = right.melds[0]
        rest = Meld(first.kind, first.cards[1:], first.stands_for[1:])
        wrong = replace(right, melds=(rest, *right.melds[1:]), deadwood=(*right.deadwood, first.cards[0]))
    else:
        held = {c: hand.count(c) for c in hand}
        lacking = [c for c in full_deck() if held.get(c, 0) < variant.decks]
        wrong = replace(right, deadwood=(*right.deadwood, data.draw(st.sampled_from(lacking), label="added")))
    assert solution_problems(wrong) != [], (way, [str(c) for c in hand])


def test_gin_no_layoffs_on_a_gin_hand() -> None:
    # GIN-GIN: A knocked with no deadwood; B's 4c would fit Ac 2c 3c, but a gin hand takes no lay-offs
    scenario = load_scenario(SCENARIOS / "gin-layoff-never-after-gin.toml")
    right = solve_scenario(scenario)
    assert not right.layoffs and layoff_problems(right, scenario) == []
    four = Card.parse("4c")
    assert four in right.deadwood
    wrong = replace(right, layoffs=(LayOff(four, 1, four),), deadwood=tuple(c for c in right.deadwood if c != four),
                    deadwood_points=right.deadwood_points - 4)
    assert solution_problems(wrong) == [] and layoff_problems(wrong, scenario) == ["GIN-GIN: lay-offs on a gin hand"]
