"""The chance to win a gin game from a score: the model's recursion against hand-worked values
and against a simulation of the same model."""

from __future__ import annotations

import random

import pytest

from rummycheck.analysis.match import _chances, hand_points_table, win_chance
from rummycheck.sim.stats import wilson
from rummycheck.variants import get_variant


def test_the_recursion_on_a_game_to_two_with_one_point_hands() -> None:
    """Every hand is won by 1 point, each player with chance 1/2, the game goes to 2:
    W(1,1) = 1/2; W(1,0) = 1/2 + 1/2 W(1,1) = 3/4; W(0,1) = 1/2 W(1,1) = 1/4;
    W(0,0) = 1/2 W(1,0) + 1/2 W(0,1) = 1/2."""
    table = _chances(((1, 1.0),), 2)
    assert table[1][1] == 0.5 and table[1][0] == 0.75 and table[0][1] == 0.25 and table[0][0] == 0.5


def test_the_recursion_with_hands_of_two_sizes() -> None:
    """Hands are won by 1 (chance 1/4) or 3 (3/4) in a game to 3; from 2 any win of mine ends it.
    (2, 2): 1/2.  (2, 1): mine 1/2; theirs by 1 (1/2 x 1/4) leads to (2, 2), by 3 ends it:
    W = 1/2 + 1/8 x 1/2 = 9/16.  (2, 0): mine 1/2; theirs by 1 leads to (2, 1):
    W = 1/2 + 1/8 x 9/16 = 73/128."""
    table = _chances(((1, 0.25), (3, 0.75)), 3)
    assert table[2][2] == pytest.approx(0.5)
    assert table[2][1] == pytest.approx(9 / 16)
    assert table[2][0] == pytest.approx(73 / 128)


def test_the_shipped_table_gives_chances_that_add_up_and_favour_the_leader() -> None:
    gin = get_variant("gin")
    assert win_chance(gin, 0, 0) == pytest.approx(0.5)
    for mine, theirs in ((95, 90), (50, 10), (0, 75), (30, 31)):
        a, b = win_chance(gin, mine, theirs), win_chance(gin, theirs, mine)
        assert a is not None and b is not None
        assert a + b == pytest.approx(1.0)
        assert (a > 0.5) == (mine > theirs)
    assert win_chance(gin, 100, 40) == 1.0 and win_chance(gin, 40, 100) == 0.0


def test_the_recursion_agrees_with_playing_the_model_out() -> None:
    """An independent count: play the model's games out with seeded draws from the same table."""
    gin = get_variant("gin")
    points = hand_points_table(gin)
    assert points is not None
    sizes = [p for p, _ in points]
    weights = [w for _, w in points]
    rng = random.Random(7)
    games, won = 4000, 0
    for _ in range(games):
        a, b = 60, 40
        while a < 100 and b < 100:
            x = rng.choices(sizes, weights)[0]
            if rng.random() < 0.5:
                a += x
            else:
                b += x
        won += a >= 100
    chance = win_chance(gin, 60, 40)
    assert chance is not None
    interval = wilson(won, games)
    assert interval.low <= chance <= interval.high


def test_no_chance_where_the_model_does_not_reach() -> None:
    assert win_chance(get_variant("gin", preset="openspiel"), 0, 0) is None  # one hand to 10,000
    assert win_chance(get_variant("gin", gin_bonus="5"), 0, 0) is None  # no table for that scoring
    assert hand_points_table(get_variant("basic")) is None


def test_advise_reports_the_game_chance_beside_the_points() -> None:
    """A (95 points, B 0) can take the 4s for gin at once (tests/test_advise.py's position): that
    wins the hand and so the game in every sample.  A blind draw gins at once only with 3 of the 40
    unseen cards, but it leaves a knock with 10 or less, which at 95 wins the game unless B
    undercuts: its chance can be no higher, and its points (no gin bonus) are lower."""
    from test_advise import GIN_TAKE_FOR_GIN  # tests/ is on the path (conftest.py)

    from rummycheck.analysis.advisor import advise
    from rummycheck.files.scenario import parse_scenario
    from rummycheck.table.actions import ActionKind
    from rummycheck.table.state import GameState

    text = GIN_TAKE_FOR_GIN.replace('name = "A"\n', 'name = "A"\nscore = 95\n', 1)
    assert "score = 95" in text
    state = GameState.from_scenario(parse_scenario(text, source="t.toml"))
    advice = advise(state, samples=64, min_samples=64, seed=3)
    take = next(v for v in advice.candidates if v.action.kind is ActionKind.TAKE)
    draw = next(v for v in advice.candidates if v.action.kind is ActionKind.DRAW)
    assert take.win is not None and draw.win is not None
    assert take.win.value == 1.0 and draw.win.value <= take.win.value and draw.value < take.value
    assert draw.win.low <= draw.win.value <= draw.win.high


def test_advise_json_names_the_second_unit() -> None:
    import json

    from typer.testing import CliRunner

    from rummycheck.cli import app

    result = CliRunner().invoke(app, ["advise", "scenarios/gin-knock.toml", "--samples", "16", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["win_unit"].startswith("chance to win the game")
    row = data["candidates"][0]
    assert 0 <= row["win_ci"][0] <= row["win"] <= row["win_ci"][1] <= 1
