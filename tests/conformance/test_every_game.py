"""Conformance: what every registered game must do through the one engine, the test-only
seven-card knock rummy of ``tests/test_extra_game.py`` included.

For each game: the deal of ``new_hand`` is a legal state holding the whole shoe; random
legal moves (``legal_actions`` / ``apply``) reach a state that ``is_over``; at every state
the listed moves are the ones the judge's ``can_X`` allows; the end goes through
``table.hand.hand_end`` into ``score_hand``; and the moves, written as record lines on the
same deal, replay legal through ``table/replay.py`` to the same end and the same scores.
Nothing here names a game: a game that needs a change outside its own module (and its TOML)
to pass is a fault of the core.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import fields, replace

import pytest
from test_extra_game import VARIANT, Sevens  # the extra game, registered below as its own test does

from rummycheck.dealing import shoe
from rummycheck.games import game_of
from rummycheck.games.base import HandState, game_names, register_game, score_hand, unregister_game
from rummycheck.games.scoring import new_sheet
from rummycheck.solvers.deadwood import min_deadwood
from rummycheck.table.actions import Action, ActionKind
from rummycheck.table.deal import deal_record
from rummycheck.table.hand import hand_end, new_hand
from rummycheck.table.record import RecordAction
from rummycheck.table.replay import replay
from rummycheck.table.state import GameState
from rummycheck.variants import Variant, get_variant

GAMES = tuple(dict.fromkeys([*game_names(), Sevens.name]))
SEEDS = range(4)
#: a random hand that has not ended after this many moves fails the test (the longest seen: a few hundred)
MOST_MOVES = 3000


@pytest.fixture(autouse=True, scope="module")
def extra_game_registered() -> Iterator[None]:
    register_game(Sevens, variant_toml=VARIANT)
    yield
    unregister_game(Sevens.name, variant=Sevens.name)


def _variant(name: str) -> Variant:
    return get_variant(name)  # each game's variant of the same name (the shipped ones and the extra game's)


def _players(variant: Variant) -> int:
    low, high = int(variant.option("min_players") or 2), int(variant.option("max_players") or 2)
    return max(low, min(3, high))


def _judged_moves(state: GameState) -> set[Action]:
    """Every draw, take, pass, discard, knock, end and finish the judge allows, found by trying
    every candidate with ``can_X`` (whatever the game)."""
    name = state.player.name
    found: set[Action] = set()
    if state.phase == "over":
        return found
    tries = [(state.can_draw_stock, Action(ActionKind.DRAW, name)),
             (state.can_take_discard, Action(ActionKind.TAKE, name)),
             (state.can_pass, Action(ActionKind.PASS, name)),
             (state.can_end_turn, Action(ActionKind.END, name)),
             (state.can_finish, Action(ActionKind.FINISH, name))]
    found.update(action for can, action in tries if can())
    for card in dict.fromkeys(state.player.hand):
        if state.can_discard(card):
            found.add(Action(ActionKind.DISCARD, name, card))
        if state.can_knock(card):
            found.add(Action(ActionKind.KNOCK, name, card))
    if state.drew != "none" and state.can_knock(None):
        found.add(Action(ActionKind.KNOCK, name))
    return found


def _choose(state: GameState, moves: list[Action], rng: random.Random) -> Action:
    if rng.random() < 0.5:
        return rng.choice(moves)
    knocks = [m for m in moves if m.kind is ActionKind.KNOCK]
    if knocks:
        return rng.choice(knocks)
    discards = [m for m in moves if m.kind is ActionKind.DISCARD and m.card is not None]
    if discards and len(discards) == len(moves):
        def left(move: Action) -> int:
            hand = list(state.player.hand)
            hand.remove(move.card)  # type: ignore[arg-type]
            return min_deadwood(hand, variant=state.variant)
        return min(discards, key=left)
    return rng.choice(moves)


def _play(variant: Variant, seed: int) -> list[GameState]:
    """A hand from ``new_hand`` played by random legal moves until it is over (every state kept).

    The choice is uniform, but half the time a legal knock is taken and a discard is the one
    leaving the least deadwood (uniform play almost never reaches a knock, and the knock's end
    and its lay-offs are what this suite must reach too)."""
    rng = random.Random(seed)
    state = new_hand(variant, players=_players(variant), seed=seed)
    states = [state]
    while not state.is_over:
        assert len(states) <= MOST_MOVES, f"{variant.name} seed {seed}: not over after {MOST_MOVES} moves"
        moves = state.legal_actions()
        assert moves, "a state that is not over has no legal move"
        state = state.apply(_choose(state, moves, rng))
        states.append(state)
    return states


@pytest.mark.parametrize("name", GAMES)
def test_a_new_hand_is_a_legal_deal_of_the_whole_shoe(name: str) -> None:
    variant = _variant(name)
    game = game_of(variant)
    for seed in SEEDS:
        state = new_hand(variant, players=_players(variant), seed=seed)
        assert state.problems() == []
        held = Counter(c for p in state.players for c in p.hand)
        held.update(state.discard_pile)
        held.update(c for c in state.stock_cards or () if c is not None)
        assert held == Counter(shoe(variant))  # every card of the decks, once per deck
        assert state.stock == len(state.stock_cards or ())
        sizes = {p.size for p in state.players}
        assert sizes == {game.dealt_size(len(state.players))}
        assert state.to_move == state.current and not state.is_over


@pytest.mark.parametrize("name", GAMES)
def test_random_legal_hands_end_and_list_exactly_the_judged_moves(name: str) -> None:
    variant = _variant(name)
    checked = 0
    for seed in SEEDS:
        states = _play(variant, seed)
        for state in states:
            listed = state.legal_actions()
            assert len(set(listed)) == len(listed), "a move is listed twice"
            assert {a for a in listed if a.kind is not ActionKind.LAY_DOWN} == _judged_moves(state)
            assert all(state.can_lay_down(a.melds, a.layoffs) for a in listed if a.kind is ActionKind.LAY_DOWN)
            assert state.to_move == (None if state.is_over else state.current)
            assert state.is_over == (listed == [])  # over exactly when nothing is legal (a meld turn's end is)
            checked += 1
        assert states[-1].is_over and states[-1].legal_actions() == []
    assert checked > 4 * len(SEEDS)


def _end(state: GameState) -> tuple[str, dict[str, int] | None]:
    """How the hand ended (``hand_end``; a player to move with no legal move is stuck) and the
    scores ``score_hand`` gives it (None: nothing to score)."""
    ending = hand_end(state, stuck=state.phase != "over")
    assert ending.how, ending.note  # an ended hand is not "the record stops before the end"
    if ending.end is None:
        return ending.how, None
    sheet = new_sheet(state.variant, [p.name for p in state.players])
    return ending.how, score_hand(sheet, ending.end).after.scores()


@pytest.mark.parametrize("name", GAMES)
def test_random_legal_hands_replay_as_records_to_the_same_end_and_scores(name: str) -> None:
    variant = _variant(name)
    for seed in SEEDS:
        states = _play(variant, seed)
        how, scores = _end(states[-1])
        lines = [line for s in states[1:] for line in s.history[-1].action.lines()]
        record = deal_record(name, players=len(states[0].players), seed=seed)
        assert [p.hand for p in states[0].players] == [tuple(cards) for _, cards in record.hands[0].cards]
        record = replace(record, hands=(replace(record.hands[0], actions=tuple(RecordAction(t) for t in lines)),))
        result = replay(record)
        assert result.ok, (seed, result.illegal and result.illegal.line(), result.mismatches)
        hand = result.hands[0]
        assert hand.actions == len(lines)
        if how in ("out", "knock") or hand.ending:
            assert hand.ending == how
        if scores is not None:
            assert hand.score is not None and hand.score.after.scores() == scores


@pytest.mark.parametrize("name", GAMES)
def test_some_random_hand_of_every_game_ends_scored(name: str) -> None:
    """Over the seeds, at least one hand of each game reaches an end the score engine scores
    (so the endings above are not all "nothing to score")."""
    variant = _variant(name)
    endings = [_end(_play(variant, seed)[-1]) for seed in SEEDS]
    assert any(scores is not None for _, scores in endings), endings


@pytest.mark.parametrize("name", GAMES)
def test_the_judge_holds_a_games_own_hand_state_and_makes_none(name: str) -> None:
    """``GameState.extra`` is the game's own state of the hand: a game whose deal makes none
    (``new_hand_state`` gives None) plays whole hands, knocks and lay-offs included, with none;
    a game that keeps one has its own ``HandState`` at every step."""
    variant = _variant(name)
    game = game_of(variant)
    for seed in SEEDS:
        states = _play(variant, seed)
        if game.new_hand_state(states[0].discard_pile[0] if states[0].discard_pile else None) is None:
            assert all(s.extra is None for s in states)
        else:
            assert all(isinstance(s.extra, HandState) for s in states)


def test_the_shared_state_names_no_games_own_field() -> None:
    """Gin's offer, counts, knocker's melds, dead hand and first upcard live in its ``GinHand``, not
    in ``GameState``."""
    shared = {f.name for f in fields(GameState)}
    assert shared.isdisjoint({"offer", "takes", "throwbacks", "knock_table", "dead", "gin", "upcard"})
    assert "extra" in shared


def test_the_extra_game_is_among_the_games() -> None:
    assert Sevens.name in game_names() and Sevens.name in GAMES
    assert len(GAMES) == len(set(GAMES)) >= 4
