"""The engine: actions as values, the move generator, apply, the one hand lifecycle.

Every game and preset is played out by random legal moves from ``legal_actions()``; at
every state the list is compared with the judge's ``can_X`` over every candidate move.
"""

from __future__ import annotations

import random

import pytest

from rummycheck.cards import Card
from rummycheck.files.record import parse_record, write_record
from rummycheck.games.gin import gin_hand
from rummycheck.render.text import table_lines
from rummycheck.sim.as_record import to_record
from rummycheck.sim.bots import bot_class
from rummycheck.sim.engine import play_game
from rummycheck.sim.record_out import game_to_record_dict
from rummycheck.table.actions import Action, ActionKind
from rummycheck.table.deal import deal_record
from rummycheck.table.hand import hand_end, new_hand
from rummycheck.table.plays import read_action
from rummycheck.table.replay import replay
from rummycheck.table.state import GameState, IllegalPlay
from rummycheck.variants import Variant, get_variant

#: every preset of every game, Oklahoma gin included
SETTINGS: list[tuple[str, str | None, dict[str, object]]] = [
    ("gin", None, {}), ("gin", "classic", {}), ("gin", "openspiel", {}), ("gin", None, {"oklahoma": True}),
    ("basic", None, {}), ("bing", None, {}),
]


def _variant(name: str, preset: str | None, rules: dict[str, object]) -> Variant:
    return get_variant(name, preset=preset, **rules)


def _simple_candidates(state: GameState) -> set[Action]:
    """Every draw, take, pass, discard, knock, end and finish the judge allows, by trying each."""
    name = state.player.name
    found: set[Action] = set()
    if state.phase == "over":
        return found
    if state.can_draw_stock():
        found.add(Action(ActionKind.DRAW, name))
    if state.can_take_discard():
        found.add(Action(ActionKind.TAKE, name))
    if state.can_pass():
        found.add(Action(ActionKind.PASS, name))
    if state.can_end_turn():
        found.add(Action(ActionKind.END, name))
    if state.can_finish():
        found.add(Action(ActionKind.FINISH, name))
    for index in range(52):
        card = Card.from_index(index)
        if state.can_discard(card):
            found.add(Action(ActionKind.DISCARD, name, card))
        if state.game.knocks and state.can_knock(card):
            found.add(Action(ActionKind.KNOCK, name, card))
    if state.game.knocks and state.drew != "none" and state.can_knock(None):
        found.add(Action(ActionKind.KNOCK, name))
    return found


def _random_states(variant: Variant, seed: int, players: int, limit: int = 400) -> list[GameState]:
    rng = random.Random(seed)
    state = new_hand(variant, players=players, seed=seed)
    seen = [state]
    while not state.is_over and len(seen) < limit:
        moves = state.legal_actions()
        assert moves, f"no legal move in a state that is not over: {table_lines(state.snapshot())}"
        state = state.apply(rng.choice(moves))
        seen.append(state)
    return seen


@pytest.mark.parametrize(("name", "preset", "rules"), SETTINGS)
def test_legal_actions_are_exactly_the_moves_the_judge_allows(name: str, preset: str | None,
                                                              rules: dict[str, object]) -> None:
    variant = _variant(name, preset, rules)
    players = 3 if name == "bing" else 2
    checked = 0
    for seed in range(4):
        for state in _random_states(variant, seed, players, limit=120):
            listed = state.legal_actions()
            assert len(set(listed)) == len(listed), "a move is listed twice"
            simple = {a for a in listed if a.kind is not ActionKind.LAY_DOWN}
            assert simple == _simple_candidates(state)
            for action in listed:
                if action.kind is ActionKind.LAY_DOWN:
                    assert state.can_lay_down(action.melds, action.layoffs)
            checked += 1
    assert checked > 40


@pytest.mark.parametrize(("name", "preset", "rules"), SETTINGS)
def test_apply_leaves_the_state_as_it_was(name: str, preset: str | None, rules: dict[str, object]) -> None:
    variant = _variant(name, preset, rules)
    rng = random.Random(5)
    state = new_hand(variant, players=3 if name == "bing" else 2, seed=5)
    for _ in range(60):
        if state.is_over:
            break
        before = (list(state.players), list(state.table), list(state.discard_pile), state.stock,
                  state.stock_cards, state.current, state.drew, state.phase, len(state.history))
        action = rng.choice(state.legal_actions())
        after = state.apply(action)
        assert (list(state.players), list(state.table), list(state.discard_pile), state.stock,
                state.stock_cards, state.current, state.drew, state.phase, len(state.history)) == before
        assert after.history[-1].action.kind is action.kind
        state = after


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    state = new_hand("gin", seed=3)
    name = state.player.name
    with pytest.raises(IllegalPlay) as caught:
        state.apply(Action(ActionKind.DRAW, name))  # the first upcard is on offer: take it or pass
    assert caught.value.rules == ("GIN-DEAL",)
    assert not state.history and gin_hand(state).offer == "non-dealer"
    assert not state.can(Action(ActionKind.DISCARD, name, state.players[0].hand[0]))


def test_gin_keeps_its_offer_takes_and_throwbacks_in_its_own_hand_state() -> None:
    """OpenSpiel's preset: the first upcard taken on offer is no counted take; a card taken and
    thrown straight back twice in a row ends the hand dead (throwback_limit 2, GIN-DEAD); each
    step leaves the state before it as it was."""
    variant = get_variant("gin", preset="openspiel")
    state = new_hand(variant, seed=3)
    first = state.player.name
    taken = state.apply(Action(ActionKind.TAKE, first))
    card = taken.history[-1].cards[0]
    assert (gin_hand(taken).offer, gin_hand(taken).takes, gin_hand(taken).throwbacks) == ("", 0, 0)
    assert gin_hand(state).offer == "non-dealer" and not state.game.offer_open(taken)
    back = taken.apply(Action(ActionKind.DISCARD, first, card))  # thrown back: discard_taken allows it
    assert gin_hand(back).throwbacks == 1 and gin_hand(taken).throwbacks == 0
    second = back.player.name
    again = back.apply(Action(ActionKind.TAKE, second))
    assert gin_hand(again).takes == 1 and gin_hand(back).takes == 0  # a take outside the offer counts
    dead = again.apply(Action(ActionKind.DISCARD, second, card))
    assert dead.phase == "over" and dead.game.hand_dead(dead) and not again.game.hand_dead(again)
    assert any(r.rule == "GIN-DEAD" for r in dead.history[-1].reasons)
    assert hand_end(dead).how == "dead"


def test_str_of_every_action_reads_back_as_the_same_action() -> None:
    read = 0
    for name, preset, rules in SETTINGS:
        variant = _variant(name, preset, rules)
        for seed in range(3):
            for state in _random_states(variant, seed, 3 if name == "bing" else 2, limit=150):
                for action in state.legal_actions():
                    assert read_action(str(action), state) == action, str(action)
                    read += 1
    assert read > 500


def test_action_text_is_the_record_notation() -> None:
    ace, two, three = Card.parse("Ac"), Card.parse("2c"), Card.parse("3c")
    state = new_hand("basic", seed=1)
    from rummycheck.melds import Meld, MeldKind
    from rummycheck.results import LayOff
    meld = Meld.natural(MeldKind.RUN, (ace, two, three))
    lay = Action(ActionKind.LAY_DOWN, "A", melds=(meld,), layoffs=(LayOff(Card.parse("4c"), 1, Card.parse("4c")),))
    assert lay.lines() == ("A meld Ac 2c 3c", "A layoff 4c on 1")
    assert str(lay) == "A meld Ac 2c 3c; A layoff 4c on 1"
    assert lay.move_text() == "meld Ac 2c 3c; layoff 4c on 1"  # the player's name written once, left out
    assert str(Action(ActionKind.KNOCK, "B", Card.parse("Kd"), melds=(meld,))) == "B knock Kd with Ac 2c 3c"
    assert str(Action(ActionKind.KNOCK, "B")) == "B knock"
    assert str(Action(ActionKind.END, "C")) == "C end"
    assert read_action("A draw", state) == Action(ActionKind.DRAW, "A")
    assert hash(lay) == hash(Action(ActionKind.LAY_DOWN, "A", melds=(meld,), layoffs=lay.layoffs))


@pytest.mark.parametrize("name", ["bing", "basic", "gin"])
def test_new_hand_is_the_deal_of_the_deal_command(name: str) -> None:
    players = 4 if name == "bing" else 2
    record = deal_record(name, players=players, seed=7)
    hand = record.hands[0]
    state = new_hand(name, players=players, seed=7)
    assert [p.hand for p in state.players] == [tuple(cards) for _, cards in hand.cards]
    assert state.discard_pile == [hand.upcard]
    assert state.stock_cards == hand.stock
    assert state.stock == len(hand.stock)
    # drawing takes the stock's top card, and the order follows it
    while state.drew == "none" and not state.can_draw_stock():
        state = state.apply(Action(ActionKind.PASS, state.player.name))
    if state.game.melds_instead_of_drawing or state.can_draw_stock():
        top = hand.stock[0]
        after = state.apply(Action(ActionKind.DRAW, state.player.name))
        assert after.history[-1].cards == (top,)
        assert after.stock_cards == hand.stock[1:]


def test_a_replayed_record_knows_its_stock_order() -> None:
    from rummycheck.table.replay import state_at
    record = deal_record("gin", seed=4)
    state = state_at(record, 1, 1)
    assert state.stock_cards == record.hands[0].stock


def test_random_legal_hands_replay_as_records() -> None:
    """A hand played by random legal moves, written as record lines, replays legal to the same end."""
    from dataclasses import replace

    from rummycheck.table.record import RecordAction
    for name, preset, rules in SETTINGS:
        variant = _variant(name, preset, rules)
        for seed in range(3):
            states = _random_states(variant, seed + 10, 2 if name != "bing" else 3, limit=300)
            lines = [line for s in states[1:] for line in s.history[-1].action.lines()]
            record = deal_record(name, players=len(states[0].players), seed=seed + 10, preset=preset,
                                 rules=tuple(rules.items()))  # type: ignore[arg-type]
            record = replace(record, hands=(replace(record.hands[0], actions=tuple(RecordAction(t) for t in lines)),))
            result = replay(record)
            assert result.legal, (name, preset, seed, result.illegal and result.illegal.line())
            assert result.hands[0].actions == len(lines)


@pytest.mark.parametrize(("name", "preset", "rules"), SETTINGS)
def test_simulated_games_of_every_preset_replay_legal_with_the_same_scores(
        name: str, preset: str | None, rules: dict[str, object]) -> None:
    variant = _variant(name, preset, rules)
    bots = {"gin": ("knock", "random"), "basic": ("eager", "random"), "bing": ("early", "random", "sandbag")}[name]
    for deal in range(3 if name == "bing" else 6):
        outcome = play_game(variant, [bot_class(b)() for b in bots], seed=3, deal=deal, labels=bots, record=True,
                            max_hands=6)
        assert outcome.record is not None
        text = write_record(to_record(game_to_record_dict(outcome.record)))
        result = replay(parse_record(text, source="sim.toml"))
        assert result.ok, (deal, result.illegal and result.illegal.line(), result.mismatches)
