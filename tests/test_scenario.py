"""The scenario loader: data model, positions, and every inconsistency reported."""

from __future__ import annotations

import pytest

from rummycheck.cards import Card
from rummycheck.errors import ScenarioError
from rummycheck.files.scenario import parse_scenario
from rummycheck.melds import MeldKind

GOOD = '''\
title = "two players"
variant = "bing"

[rules]
limit_strict = true

[[players]]
name = "A"
score = 63
hand = "Kd Kh Kc 8c 9c 10c 3h 3s 3h 3s 2d 7c Jc 5s"

[[players]]
name = "B"
score = 10
opened = true
hand_size = 4

[[table]]
owner = "B"
cards = "5h 2d=6h 7h"

[turn]
player = "A"

[pile]
discard = "Kc 4d"
stock = 40

[expect]
plays = [ { play = "layoff Jc 1", legal = false } ]
'''


def test_scenario_loads_players_table_turn_and_pile() -> None:
    scenario = parse_scenario(GOOD, source="good.toml")
    assert scenario.variant.name == "bing"
    assert scenario.variant.option("limit_strict") is True
    a, b = scenario.players
    assert (a.name, a.score, a.opened, a.hand_size) == ("A", 63, False, 14)
    assert a.hand is not None and a.hand[0] == Card.parse("Kd")
    assert (b.hand, b.hand_size, b.opened) == (None, 4, True)
    (meld,) = scenario.table
    assert meld.number == 1 and meld.owner == "B" and meld.meld.kind == MeldKind.RUN
    assert meld.meld.wild_pairs() == ((Card.parse("2d"), Card.parse("6h")),)
    assert scenario.turn is not None and scenario.turn.player == "A" and scenario.turn.drew == "none"
    assert scenario.pile.top == Card.parse("4d") and scenario.pile.stock == 40
    assert scenario.expect == {"plays": [{"play": "layoff Jc 1", "legal": False}]}


def test_scenario_where_names_line_and_column_of_keys() -> None:
    scenario = parse_scenario(GOOD, source="good.toml")
    # line 16 is `hand_size = 4` in the second [[players]] table
    assert scenario.where("players", 1, "hand_size") == "good.toml:16:1"
    # line 30: `plays = [ { play = ...`: the inline key `play` starts at column 13
    assert scenario.where("expect", "plays", 0, "play") == "good.toml:30:13"


def _problems(text: str) -> list[str]:
    with pytest.raises(ScenarioError) as info:
        parse_scenario(text, source="s.toml")
    return str(info.value).splitlines()


def test_scenario_reports_every_problem_with_its_position() -> None:
    text = '''\
variant = "bing"
colour = "red"

[[players]]
name = "A"
hand = "Kd Kh Zc 8c 9c 10c 3h 3s 3h 3s 2d 7c Jc 5s"

[[players]]
name = "B"
hand_size = 3

[[table]]
owner = "C"
cards = "5h 2d 9h"

[[table]]
cards = "5s 6s 8s"
'''
    problems = _problems(text)
    assert problems == [
        "s.toml:2:1: unknown key 'colour' in the scenario; known keys are: title, description, variant, "
        "preset, rules, players, table, turn, pile, end, expect",
        # 'Zc' is the third card: the string starts at column 9, the token at offset 6
        "s.toml:6:15: expected a card like '10h' or 'H10', got 'Zc'",
        "s.toml:10:13: B holds 3 cards, but a player who has not opened holds exactly 14 (the 14 dealt) "
        "(BING-DEAL)",
        "s.toml:13:9: table meld 1: owner 'C' is not one of the players (A, B)",
        # no reading of the wild 2d makes 5h 2d 9h legal; the nearest reads it as 6h
        "s.toml:14:9: table meld 1 (5h 2d 9h, read as 5h 2d=6h 9h) is not a legal run: the ranks 5 6 9 are "
        "not consecutive with the ace low or high (BING-RUN)",
        "s.toml:17:9: table meld 2 (5s 6s 8s) is not a legal run: the ranks 5 6 8 are not consecutive with "
        "the ace low or high (BING-RUN)",
    ]


def test_scenario_reports_third_copy_in_two_decks_at_the_third_copy() -> None:
    text = '''\
variant = "bing"

[[players]]
name = "A"
hand = """
Kd Kh Kc 8c 9c 10c 3h 3s 3h 3s 2d 7c Jc 5s
"""

[[players]]
name = "B"
opened = true
hand = "3h 4d"
'''
    # the hand string of A starts on line 6 (the newline after the quotes is dropped);
    # B's 3h (line 12, column 9: after `hand = "`) is the third 3h
    assert _problems(text) == ["s.toml:12:9: 3h appears 3 times in the scenario (hands, table and discard "
                               "pile), but 2 decks hold only 2"]


def test_scenario_toml_syntax_error_is_one_located_line() -> None:
    problems = _problems('variant = "gin"\n[[players]\nname = "A"\n')
    assert len(problems) == 1
    assert problems[0].startswith("s.toml:2:")
    assert "not valid TOML" in problems[0]


def test_scenario_gin_hand_sizes_follow_the_turn() -> None:
    text = '''\
variant = "gin"
[[players]]
name = "A"
hand = "Ac 2c 3c 4d 5d 6d 7h 8h 9h Ts"
[[players]]
name = "B"
hand_size = 10
[turn]
player = "A"
drew = "stock"
'''
    # A drew, so A must hold 11 (GIN-DEAL)
    (problem,) = _problems(text)
    assert problem.startswith("s.toml:4:8: A holds 10 cards; a gin player holds 11")
    assert "GIN-DEAL" in problem


def test_scenario_bing_meld_turn_after_drawing_is_inconsistent() -> None:
    text = GOOD.replace('[turn]\nplayer = "A"', '[turn]\nplayer = "B"\ndrew = "stock"\nmelded = true') \
        .replace("hand_size = 4", "hand_size = 5")
    problems = _problems(text)
    assert any("BING-MELD-TURN" in p for p in problems)
