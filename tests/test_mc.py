"""The ``mc`` bots: the evaluator at a budget, playing decisions worked out by hand and whole games."""

from __future__ import annotations

import random

import pytest
from test_advise import BASIC_OUT, GIN_TAKE_FOR_GIN  # tests/ is on the path (conftest.py)
from test_sim import replay_game

from rummycheck.analysis.mc import DEFAULT_SAMPLES, MonteCarloBot, mc_bot
from rummycheck.errors import BotError
from rummycheck.files.scenario import parse_scenario
from rummycheck.sim.bots import bot_class
from rummycheck.sim.engine import play_game, play_out
from rummycheck.sim.record_out import game_to_record_dict
from rummycheck.table.actions import ActionKind
from rummycheck.table.observation import observe
from rummycheck.table.state import GameState
from rummycheck.variants import get_variant


def _played(text: str, bots: list[str], seed: int = 1) -> list[tuple[ActionKind, str]]:
    """Play the scenario's hand out (A's hidden opponents dealt from what A could know) and return
    the moves made, in order."""
    state = GameState.from_scenario(parse_scenario(text, source="test.toml"))
    sample = observe(state, state.current).determinize(random.Random(seed))
    start = len(sample.history)
    final, _ = play_out(sample, [bot_class(b)() for b in bots], seed=seed)
    return [(r.kind, r.player) for r in final.history[start:]]


def test_mc_takes_the_upcard_that_gives_gin_and_knocks_gin() -> None:
    """A holds As 2s 3s / 7h 8h 9h / 5d 5c 5s and a loose Kc; the 4s on the pile makes As-4s: take
    it, throw the Kc and knock with no deadwood (gin).  Drawing blind gins at once only with 3 of
    the 40 unseen cards, so the rollouts must put the take first."""
    moves = _played(GIN_TAKE_FOR_GIN, ["mc", "knock"])
    assert moves[0] == (ActionKind.TAKE, "A")
    assert moves[1] == (ActionKind.KNOCK, "A")


GIN_WALL = """
variant = "gin"
[[players]]
name = "A"
hand = "As 2s 3s 7h 8h 9h 5d 5c 5s Ac Kc"
[[players]]
name = "B"
hand_size = 10
[turn]
player = "A"
drew = "stock"
[pile]
discard = "Qd 4d"
stock = 3
"""


def test_mc_overrules_its_rollout_bot_when_the_rollouts_are_sure() -> None:
    """The ``gin`` bot (gin's rollout bot when this test was written; now ``mc`` follows
    ``expert``, and the knock must come out either way) knocks only with gin, so it would throw
    the Kc and play on with 1 deadwood (the Ac).  With 3 cards in the stock the hand is nearly at the wall (GIN-DEAD:
    dead with 2 left), so playing on is worth little, while knocking with 1 now wins B's deadwood
    less 1 unless B holds 1 or less (undercut): rare for 10 random cards.  The rollouts must show
    the knock ahead at 95% and ``mc`` must play it."""
    from test_sim import _gin_view

    from rummycheck.sim.bots import GinOnly

    view = _gin_view("As 2s 3s 7h 8h 9h 5d 5c 5s Ac Kc", "4d")
    assert not GinOnly().wants_knock(view, 1)  # the rollout bot's own choice: play on
    moves = _played(GIN_WALL, ["mc", "knock"])
    assert moves[0] == (ActionKind.KNOCK, "A")


def test_mc_lays_everything_down_when_that_goes_out_with_rummy() -> None:
    """A (never laid down) melds As-4s, 7h 7d 7c and Jc Qc Kc and throws the 5h: out at once with
    rummy, worth twice B's hand; any other play leaves A to be caught."""
    moves = _played(BASIC_OUT, ["mc", "patient"])
    assert moves[0] == (ActionKind.LAY_DOWN, "A")
    assert moves[1] == (ActionKind.DISCARD, "A")
    assert len(moves) == 2  # the discard went out: the hand is over


@pytest.mark.parametrize(("name", "bots", "rules", "deals"), [
    ("gin", ("mc-8", "knock"), {"game_target": "1"}, 2),
    # basic: a hand where the mc bot throws without laying down too (its discard path)
    ("basic", ("mc-4", "eager"), {}, 1),
])
def test_mc_plays_whole_games_that_replay_legal(name: str, bots: tuple[str, ...], rules: dict[str, str],
                                                deals: int) -> None:
    variant = get_variant(name, **rules)
    for deal in range(deals):
        outcome = play_game(variant, [bot_class(b)() for b in bots], seed=11, deal=deal, labels=bots,
                            record=True, max_hands=1)
        assert outcome.record is not None
        assert replay_game(game_to_record_dict(outcome.record), variant) > 4


def test_mc_names_resolve_with_their_budget() -> None:
    assert bot_class("mc") is MonteCarloBot and MonteCarloBot.samples == DEFAULT_SAMPLES
    assert bot_class("mc-100").samples == 100  # type: ignore[attr-defined]
    assert mc_bot(7).samples == 7
    for bad in ("mc-0", "mc-10001", "mc-123456"):
        with pytest.raises(BotError, match="samples"):
            bot_class(bad)


def test_mc_refuses_a_view_with_no_game_state_behind_it() -> None:
    from test_sim import _gin_view

    bot = MonteCarloBot()
    bot.setup(seat=0, variant=get_variant("gin"), rng=random.Random(1))
    with pytest.raises(ValueError, match="observe"):
        bot.start(_gin_view("As 2s 3s 7h 8h 9h 5d 5c 5s Kc", "4s"))


def test_gin_mc_follows_expert_and_rolls_its_own_turns_out_with_it() -> None:
    """In gin ``mc`` asks ``expert`` (``Game.mc_base``) for its default move and plays its own seat
    in the rollouts with it; the other seats are the rollout bot's (``expert-race``).  In basic
    the base is the rollout bot, and no seat is played apart."""
    gin = mc_bot()()
    gin.setup(seat=0, variant=get_variant("gin"), rng=random.Random(1))
    assert type(gin.policy) is bot_class("expert") and gin._own == "expert"
    basic = mc_bot()()
    basic.setup(seat=0, variant=get_variant("basic"), rng=random.Random(1))
    assert type(basic.policy) is bot_class("patient") and basic._own is None


BING_OUT = """
variant = "bing"
[[players]]
name = "A"
hand = "Kd Kh Kc 8c 9c Tc 3h 3s 3h 3s 4d 5d 6d 7d"
[[players]]
name = "B"
hand_size = 14
[turn]
player = "A"
[pile]
discard = "9s"
stock = 60
"""


def test_mc_opens_and_goes_out_at_a_bing_meld_turn() -> None:
    """A, unopened, holds Kd Kh Kc / 8c 9c Tc / 3h 3s 3h 3s / 4d 5d 6d 7d: four melds of all fourteen
    cards.  Laying them down at the meld turn goes out at once (BING-OUT) and catches B with his
    whole hand; a draw only gives B a turn.  The mc bot's meld turn is chosen at the start and
    laid down when asked (its planned lay-down)."""
    assert _played(BING_OUT, ["mc-8", "early"]) == [(ActionKind.LAY_DOWN, "A")]


GIN_KNOCKER = """
variant = "gin"
[[players]]
name = "A"
hand = "As 2s 3s 4h 5h 6h 7c 8c 9c Td Kd"
[[players]]
name = "B"
hand_size = 10
[turn]
player = "A"
drew = "stock"
[pile]
discard = "Qd 4d"
stock = 20
"""


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_mc_defends_a_knock_keeping_the_least_deadwood(seed: int) -> None:
    """A (the knock bot) throws the Kd and knocks with the Td; B, the mc bot, lays off after the
    knock, where nothing is hidden any more.  B's hand is dealt from what A could know (a new one
    each seed); what B keeps must be what the exhaustive lay-off search (``gin_layoffs``, every
    subset of his cards that fits A's melds) leaves."""
    from rummycheck.games.gin import gin_layoffs

    state = GameState.from_scenario(parse_scenario(GIN_KNOCKER, source="test.toml"))
    sample = observe(state, state.current).determinize(random.Random(seed))
    start = len(sample.history)
    defender = sample.players[1].hand
    final, _ = play_out(sample, [bot_class("knock")(), bot_class("mc-8")()], seed=seed)
    moves = [(r.kind, r.player) for r in final.history[start:]]
    assert moves[0] == (ActionKind.KNOCK, "A") and moves[-1] == (ActionKind.FINISH, "B")
    knock = final.history[start]
    assert sorted(final.players[1].hand) == sorted(gin_layoffs(defender, knock.melds).deadwood)
