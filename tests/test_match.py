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
    assert hand_points_table(get_variant("basic", rummy_multiplier=3)) is None  # basic: no such table


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


# -- the bust model (Bing) ------------------------------------------------------------------------

from rummycheck.analysis import match  # noqa: E402


def _bust_with(monkeypatch: pytest.MonkeyPatch, points: tuple[tuple[int, float], ...]) -> None:
    monkeypatch.setattr(match, "added_points_table", lambda variant, players: points)


def test_the_bust_model_on_hands_that_add_nothing_or_bust(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each hand a player adds 0 or 100 (busts), chance 1/2 each.  Three players on 0: A is still in
    after t hands with chance S_t = (1/2)^t, and each other is out by hand t with chance 1 - (1/2)^t."""
    _bust_with(monkeypatch, ((0, 0.5), (100, 0.5)))
    bing = get_variant("bing")
    # two left: one goes out, the other is caught and busts: a coin toss
    assert match.bust_chance(bing, {"A": 0, "B": 0}, "A") == pytest.approx(0.5)
    # three players: A wins when B and C are both out by hand t, the last of them in hand t, and A
    # is in: sum_t (1/2)^t [(1 - (1/2)^t)^2 - (1 - (1/2)^(t-1))^2]
    exact = sum(0.5 ** t * ((1 - 0.5 ** t) ** 2 - (1 - 0.5 ** (t - 1)) ** 2) for t in range(1, 200))
    assert match.bust_chance(bing, {"A": 0, "B": 0, "C": 0}, "A") == pytest.approx(exact)
    assert match.bust_chance(bing, {"A": 80, "B": 0}, "A") == 0.0  # already out
    assert match.bust_chance(bing, {"A": 10, "B": 80, "C": 76}, "A") == 1.0  # the others are out


def test_the_bust_model_near_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hands add 0 (chance 1/2) or 10.  On 70 a player busts with his first 10; on 60 with his
    second.  Three players: A on 70, B and C on 60: A is in after t hands with chance (1/2)^t;
    B (and C) is out by hand t with chance 1 - (t + 1)(1/2)^t (fewer than two tens otherwise).
    Two players, A on 70 against B on 60: each hand one of them is caught for 10; A wins when B
    is caught twice before A once: (1/2)^2 = 1/4."""
    _bust_with(monkeypatch, ((0, 0.5), (10, 0.5)))
    bing = get_variant("bing")
    out_by = [1 - (t + 1) * 0.5 ** t for t in range(200)]
    exact = sum(0.5 ** t * (out_by[t] ** 2 - out_by[t - 1] ** 2) for t in range(1, 200))
    assert match.bust_chance(bing, {"A": 70, "B": 60, "C": 60}, "A") == pytest.approx(exact)
    assert match.bust_chance(bing, {"A": 70, "B": 60}, "A") == pytest.approx(0.25)
    assert match.bust_chance(bing, {"A": 60, "B": 70}, "A") == pytest.approx(0.75)


def test_the_two_player_bust_model_against_a_simulation_of_it() -> None:
    """The shipped two-player counts, A on 50 against B on 20: the recursion against 20,000
    simulated games (each hand a coin picks who goes out; the other adds a draw from the counts
    of the players caught)."""
    bing = get_variant("bing")
    table = match.added_points_table(bing, 2)
    assert table is not None
    values, weights = zip(*((x, p) for x, p in table if x > 0))
    rng = random.Random(12)
    won = 0
    games = 20_000
    for _ in range(games):
        a, b = 50, 20
        while a <= 75 and b <= 75:
            if rng.random() < 0.5:
                b += rng.choices(values, weights)[0]
            else:
                a += rng.choices(values, weights)[0]
        won += a <= 75
    found = match.bust_chance(bing, {"A": 50, "B": 20}, "A")
    rate = wilson(won, games, z=3.3)
    assert found is not None and rate.low <= found <= rate.high, (found, rate)
    other = match.bust_chance(bing, {"A": 50, "B": 20}, "B")
    assert other is not None
    assert found + other == pytest.approx(1.0)


def test_the_bust_model_against_a_simulation_of_the_same_model() -> None:
    """The shipped table, four players on 40, 10, 55 and 70: the recursion against 20,000
    simulated games of the model (each player still in adds a draw from the four-player table
    each hand; the model keeps the table of the players in when it is asked)."""
    bing = get_variant("bing")
    scores = {"A": 40, "B": 10, "C": 55, "D": 70}
    rng = random.Random(11)
    wins = {name: 0 for name in scores}
    games = 20_000
    table = match.added_points_table(bing, 4)
    assert table is not None
    values, weights = zip(*table)
    for _ in range(games):
        now = dict(scores)
        while True:
            still = [n for n, s in now.items() if s <= 75]
            if len(still) <= 1:
                break
            for name in still:
                now[name] += rng.choices(values, weights)[0]
        left = [n for n, s in now.items() if s <= 75]
        if left:
            wins[left[0]] += 1
    for name in scores:
        found = match.bust_chance(bing, scores, name)
        rate = wilson(wins[name], games, z=3.3)  # about 99.9%: four looks
        assert found is not None and rate.low <= found <= rate.high, (name, found, rate)


def test_basic_has_the_race_model_for_two_to_four_players() -> None:
    """Basic's table (data/basic_hands.toml) is read under basic's default scoring, one entry per
    number of players, with the target for that many (100, 150, 200); a house rule the table was
    not counted under (rummy trebled, eight cards with three) has no model, nor has five players."""
    basic = get_variant("basic")
    assert hand_points_table(basic) is not None
    assert win_chance(basic, 0, 0) == pytest.approx(0.5)
    for mine, theirs in ((90, 20), (0, 60)):
        a, b = win_chance(basic, mine, theirs), win_chance(basic, theirs, mine)
        assert a is not None and b is not None and a + b == pytest.approx(1.0)
    assert win_chance(basic, 90, 20) > win_chance(basic, 20, 90)  # type: ignore[operator]
    assert hand_points_table(basic, 3) != hand_points_table(basic, 4) != hand_points_table(basic)
    for scores in ({"A": 0, "B": 0, "C": 0}, {"A": 0, "B": 0, "C": 0, "D": 0}):
        for name in scores:
            assert match.game_chance(basic, scores, name) == pytest.approx(1 / len(scores))
    scores = {"A": 120, "B": 60, "C": 0, "D": 0}
    found = [match.game_chance(basic, scores, name) for name in scores]
    assert sum(found) == pytest.approx(1.0)  # type: ignore[arg-type]
    assert found[0] > found[1] > found[2] == pytest.approx(found[3])  # type: ignore[operator]
    assert match.game_chance(basic, {"A": 150, "B": 20, "C": 140}, "A") == 1.0  # target 150 with three
    assert match.game_chance(basic, {"A": 149, "B": 20, "C": 150}, "A") == 0.0
    assert match.game_chance(basic, {"A": 150, "B": 0, "C": 0, "D": 0}, "A") != 1.0  # 200 with four
    assert match.game_chance(get_variant("basic", rummy_multiplier=3), {"A": 0, "B": 0, "C": 0}, "A") is None
    assert match.game_chance(get_variant("basic", hand_size_many=8), {"A": 0, "B": 0, "C": 0}, "A") is None
    five = get_variant("basic", max_players=6)
    assert match.game_chance(five, {name: 0 for name in "ABCDE"}, "A") is None  # no five-player table
    assert match.game_chance(get_variant("basic", target_3=1000), {"A": 0, "B": 0, "C": 0}, "A") is None  # MAX_WORK
    assert match.game_chance(get_variant("basic"), {"A": 100, "B": 20}, "A") == 1.0


def _played_out(points: tuple[tuple[int, float], ...], target: int, scores: tuple[int, ...]) -> float:
    """The model's chance for seat 0 by its definition: each hand one seat (each with chance
    1/N) adds x with chance p(x); W = 1 once seat 0 reaches the target, 0 once another does."""
    from functools import cache

    @cache
    def chance(state: tuple[int, ...]) -> float:
        total = 0.0
        for seat in range(len(state)):
            for x, p in points:
                after = state[:seat] + (state[seat] + x,) + state[seat + 1:]
                won = after[seat] >= target
                total += p / len(state) * ((seat == 0) if won else chance(after))
        return total

    return chance(scores)


def test_the_many_player_race_by_hand() -> None:
    """Every hand is won by 1 point, game to 2, A on 1, B and C on 0: A wins if his first hand
    comes before B or C wins twice.  The others win n hands first with chance (2/3)^n 1/3, and
    with n = 2 they must have one each (1/2): 1/3 + 2/9 + 4/27 x 1/2 = 17/27; B and C 5/27 each."""
    one = ((1, 1.0),)
    assert match._first_home(one, 2, 1, (0, 0)) == pytest.approx(17 / 27)
    assert match._first_home(one, 2, 0, (0, 1)) == pytest.approx(5 / 27)
    assert match._first_home(one, 1, 0, (0, 0, 0)) == pytest.approx(1 / 4)  # one hand decides: 1/N
    # two players: the race's own recursion (the two-player test above: 73/128)
    two = ((1, 0.25), (3, 0.75))
    assert match._first_home(two, 3, 2, (0,)) == pytest.approx(73 / 128)
    assert match._first_home(two, 3, 0, (2,)) == pytest.approx(1 - 73 / 128)


def test_the_many_player_race_against_the_recursion_over_every_score() -> None:
    """The recursion over all N scores (the model's definition, _played_out) on small games,
    against the hands-won method of race_chance (the others' wins merged, negative binomial)."""
    points = ((1, 0.3), (2, 0.5), (5, 0.2))
    for scores in ((0, 0, 0), (3, 1, 7), (7, 0, 8), (0, 2, 4, 6), (8, 0, 0, 0), (1, 1, 2, 3, 5)):
        exact = _played_out(points, 9, scores)
        assert match._first_home(points, 9, scores[0], tuple(sorted(scores[1:]))) == pytest.approx(exact, abs=1e-12)


@pytest.mark.parametrize("scores", [{"A": 60, "B": 100, "C": 20}, {"A": 60, "B": 110, "C": 20, "D": 140}])
def test_the_many_player_race_against_a_simulation_of_the_same_model(scores: dict[str, int]) -> None:
    """The shipped three- and four-player tables: the chance of every player against 20,000
    seeded games of the model played out (each hand a seat drawn with chance 1/N adds a draw
    from the table; the first at the target, 150 or 200, wins)."""
    basic = get_variant("basic")
    players = len(scores)
    table = hand_points_table(basic, players)
    target = 150 if players == 3 else 200
    assert table is not None
    values, weights = zip(*table)
    names = list(scores)
    rng = random.Random(13 + players)
    wins = dict.fromkeys(names, 0)
    games = 20_000
    for _ in range(games):
        now = dict(scores)
        while True:
            seat = names[rng.randrange(players)]
            now[seat] += rng.choices(values, weights)[0]
            if now[seat] >= target:
                wins[seat] += 1
                break
    for name in names:
        found = match.game_chance(basic, scores, name)
        rate = wilson(wins[name], games, z=3.3)  # about 99.9% each: up to four looks
        assert found is not None and rate.low <= found <= rate.high, (name, found, rate)
