"""What a seat knows (``observe``) and sampling what it does not (``determinize``)."""

from __future__ import annotations

import math
import random
from collections import Counter
from fractions import Fraction

import pytest

from rummycheck.cards import Card, full_deck
from rummycheck.table.actions import Action, ActionKind
from rummycheck.table.hand import new_hand
from rummycheck.table.observation import observe
from rummycheck.table.state import GameState
from rummycheck.variants import get_variant


def _walk(name: str, seed: int, players: int, steps: int) -> list[GameState]:
    rng = random.Random(seed)
    state = new_hand(get_variant(name), players=players, seed=seed)
    states = [state]
    while not state.is_over and len(states) < steps:
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


def _hidden(state: GameState, seat: int) -> Counter[Card]:
    """The cards really in the other hands and the stock."""
    cards: Counter[Card] = Counter()
    for index, p in enumerate(state.players):
        if index != seat:
            cards.update(p.hand)
    cards.update(c for c in state.stock_cards or () if c is not None)
    return cards


@pytest.mark.parametrize(("name", "players"), [("gin", 2), ("basic", 3), ("bing", 4)])
def test_determinized_states_are_consistent_with_what_the_seat_knows(name: str, players: int) -> None:
    rng = random.Random(1)
    checked = 0
    for seed in range(25 if name != "bing" else 12):
        for state in _walk(name, seed, players, 160):
            seat = state.current
            obs = observe(state, seat)
            sample = obs.determinize(rng)
            assert sample.players[seat].hand == state.players[seat].hand
            assert [p.size for p in sample.players] == [p.size for p in state.players]
            assert all(p.known for p in sample.players)
            assert sample.table == state.table and sample.discard_pile == state.discard_pile
            assert sample.stock == state.stock and len(sample.stock_cards or ()) == state.stock
            # the hidden cards are the same cards, placed anew; the known ones stay where they are
            assert _hidden(sample, seat) == _hidden(state, seat)
            for index, cards in enumerate(obs.known):
                assert not Counter(cards) - Counter(sample.players[index].hand)
                assert not Counter(cards) - Counter(state.players[index].hand)
            assert sample.problems() == []
            assert sample.legal_actions() or sample.is_over
            checked += 1
    assert checked > (150 if name == "bing" else 1000)


def test_a_card_taken_stays_known_until_it_is_thrown() -> None:
    state = new_hand("gin", seed=11)
    top = state.discard_pile[-1]
    taker = state.player.name
    state = state.apply(Action(ActionKind.TAKE, taker))
    other = 1 - state.players.index(next(p for p in state.players if p.name == taker))
    obs = observe(state, other)
    assert top in obs.known[1 - other]
    assert [(s.player, s.card, s.how) for s in obs.seen] == [(taker, top, "taken")]
    assert top not in obs.unseen()
    for _ in range(20):  # every sample leaves the taken card with the taker
        assert top in obs.determinize(random.Random(_)).players[1 - other].hand
    thrown = state.player.hand[0] if state.player.hand[0] != top else state.player.hand[1]
    state = state.apply(Action(ActionKind.DISCARD, taker, thrown))
    assert thrown in observe(state, other).by("thrown", 1 - other)


def test_a_passed_upcard_is_seen_declined() -> None:
    state = new_hand("gin", seed=2)
    upcard = state.discard_pile[-1]
    first = state.player.name
    state = state.apply(Action(ActionKind.PASS, first))
    obs = observe(state, state.current)
    assert [(s.player, s.card, s.how) for s in obs.seen] == [(first, upcard, "declined")]


def test_a_thrown_card_drawn_over_is_seen_left_and_a_passed_upcard_is_not_left_twice() -> None:
    state = new_hand("gin", seed=2)
    upcard = state.discard_pile[-1]
    first = state.player.name
    state = state.apply(Action(ActionKind.PASS, first))
    second = state.player.name
    state = state.apply(Action(ActionKind.PASS, second))
    state = state.apply(Action(ActionKind.DRAW, first))  # over the upcard both declined: no "left"
    thrown = state.player.hand[0]
    state = state.apply(Action(ActionKind.DISCARD, first, thrown))
    state = state.apply(Action(ActionKind.DRAW, second))  # over the card just thrown: "left"
    obs = observe(state, 0)
    assert [(s.player, s.card, s.how) for s in obs.seen] == [
        (first, upcard, "declined"), (second, upcard, "declined"), (first, thrown, "thrown"), (second, thrown, "left")]
    assert obs.by("left", [p.name for p in state.players].index(second)) == (thrown,)


def test_other_players_stock_draws_carry_no_card_in_the_observation() -> None:
    state = new_hand("basic", seed=4)
    mover = state.current
    state = state.apply(Action(ActionKind.DRAW, state.player.name))
    assert state.history[-1].cards
    assert observe(state, 1 - mover).public.history[-1].cards == ()
    assert observe(state, mover).public.history[-1].cards == state.history[-1].cards
    assert observe(state, 1 - mover).public.stock_cards is None


def _chi_square_bound(df: int, z: float = 3.09) -> float:
    """The upper 0.1% point of a chi-square with ``df`` degrees (Wilson-Hilferty)."""
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def test_hidden_cards_are_dealt_uniformly() -> None:
    """Each unseen card lands in the opponent's hand with chance (his unknown cards) / (unseen
    cards), and first in the stock with chance 1 / (unseen cards): chi-square over the cards."""
    state = new_hand("gin", seed=9)
    state = state.apply(Action(ActionKind.TAKE, state.player.name))  # one card of his hand known
    obs = observe(state, 1 - state.current)
    pool = obs.unseen()
    assert sum(pool.values()) == 52 - 10 - 1  # the deck less my 10 cards and his one known card; the pile is empty
    opponent = state.current
    unknown = obs.public.players[opponent].unknown
    rng = random.Random(2024)
    samples = 20000
    in_hand: Counter[Card] = Counter()
    on_top: Counter[Card] = Counter()
    for _ in range(samples):
        sample = obs.determinize(rng)
        in_hand.update(c for c in sample.players[opponent].hand if c in pool)
        top = (sample.stock_cards or (None,))[0]
        assert top is not None
        on_top[top] += 1
    cards = sorted(pool)
    expected_hand = samples * unknown / len(cards)
    expected_top = samples / len(cards)
    chi_hand = sum((in_hand[c] - expected_hand) ** 2 / expected_hand for c in cards)
    chi_top = sum((on_top[c] - expected_top) ** 2 / expected_top for c in cards)
    assert chi_hand < _chi_square_bound(len(cards) - 1)
    assert chi_top < _chi_square_bound(len(cards) - 1)
    assert set(in_hand) == set(cards)


def test_two_deck_copies_are_counted() -> None:
    state = new_hand("bing", players=4, seed=3)
    obs = observe(state, 0)
    pool = obs.unseen()
    mine = Counter(state.players[0].hand)
    for card in full_deck():
        assert pool[card] == 2 - mine[card] - state.discard_pile.count(card) - sum(
            Counter(k)[card] for i, k in enumerate(obs.known) if i != 0)


def test_a_determinized_bing_state_keeps_every_opened_player_within_the_limit() -> None:
    """BING-LIMIT-HOLD: an opened player's score plus his points in hand stay within the limit at
    every turn, so a sample that deals an opened player (A on 60 in this record) more points than
    that is no state the rules allow.  Dealt at random, such samples made the rollout bots face a
    hand with no legal discard and the review of this record stop with BING-LIMIT-HOLD."""
    from rummycheck.errors import RecordError
    from rummycheck.files.record import load_record
    from rummycheck.table.replay import state_at

    record = load_record("records/bing-bust-buyback.toml")
    checked = 0
    for hand in range(1, len(record.hands) + 1):
        for at in range(1, len(record.hands[hand - 1].actions) + 1):
            try:
                state = state_at(record, hand, at)
            except RecordError:  # inside a lay-down of several actions: not a moment of its own
                continue
            if state.is_over or not state.game.hidden_hands_fit(state):
                continue
            seen = observe(state, state.current)
            for i in range(10):
                sample = seen.determinize(random.Random(i))
                for player in sample.players:
                    if player.opened and not player.out:
                        assert player.score + sample.variant.points(player.hand) <= 75, (hand, at, player)
                checked += 1
    assert checked >= 50


def test_the_review_of_a_bing_record_with_a_player_near_the_limit_runs_to_the_end() -> None:
    from typer.testing import CliRunner

    from rummycheck.cli import app

    out = CliRunner().invoke(app, ["review", "records/bing-bust-buyback.toml", "--samples", "8"])
    assert out.exit_code == 0, out.output
    assert "luck-adjusted result" in out.output


def test_observe_refuses_a_seat_that_is_not_at_the_table() -> None:
    """-1 gave the last seat's view with an empty hand (its ten cards counted unseen); 2 an IndexError."""
    from rummycheck.errors import RummyError
    from rummycheck.table.hand import new_hand

    state = new_hand("gin", seed=1)
    for seat in (-1, 2):
        with pytest.raises(RummyError, match=f"no seat {seat}: the seats are 0 to 1"):
            observe(state, seat)


def test_new_hand_refuses_a_deal_the_decks_cannot_hold() -> None:
    from rummycheck.errors import ScenarioError
    from rummycheck.table.hand import new_hand

    with pytest.raises(ScenarioError, match="8 hands of 14 cards and the upcard need 113 cards, but the decks"):
        new_hand("bing", players=8, seed=1)  # an IndexError from the empty deck before


@pytest.mark.parametrize(("name", "players"), [("gin", 2), ("basic", 3), ("bing", 4)])
def test_the_public_history_read_on_from_a_prefix_is_the_whole_history_read_again(name: str, players: int) -> None:
    """``seen_after`` (the rollouts' way to read a long record once) gives what ``seen_cards`` gives,
    read from the first record, for every later state of a hand; a state that does not go on from
    the prefix's records is told apart (None)."""
    from rummycheck.table.observation import declined_card, public_prefix, seen_after, seen_cards

    rng = random.Random(2)
    checked = 0
    for seed in range(12):
        states = _walk(name, seed, players, 200)
        other = _walk(name, seed + 100, players, 200)
        for k in range(0, len(states), 7):
            prefix = public_prefix(states[k])
            assert list(prefix.seen) == seen_cards(states[k])
            assert seen_after(states[k], prefix) is None  # no record after the prefix's
            for later in states[k + 1:]:
                after = seen_after(later, prefix)
                if after is None:  # only where the card a pass declines has changed (a stock renewed, say)
                    assert declined_card(later) != declined_card(states[k])
                    continue
                assert list(prefix.seen) + after == seen_cards(later)
                checked += 1
            if k:
                assert all(seen_after(s, prefix) is None for s in other[k:k + 5])
            if states[k].is_over:
                continue
            # as the rollouts use it: the observation's public records, read on by its samples' moves
            seen = observe(states[k], states[k].current)
            public = seen.public
            prefix = public_prefix(public)
            assert list(prefix.seen) == seen_cards(public)
            sample = public_sample = seen.determinize(rng)
            for _ in range(6):
                if sample is not public_sample:
                    after = seen_after(sample, prefix)
                    if after is None:  # the pile emptied by a take, say: the card a pass declines changed
                        assert declined_card(sample) != declined_card(public)
                    else:
                        assert list(prefix.seen) + after == seen_cards(sample)
                        checked += 1
                if sample.is_over:
                    break
                sample = sample.apply(rng.choice(sample.legal_actions()))
    assert checked > 1000


def test_a_rollout_started_from_a_prefix_sees_the_same_pile_history() -> None:
    """``_Hand.around`` with the observation's prefix gives the views the same cards taken, thrown and
    declined as without it, from the states the rollouts start at (a sample, a move applied)."""
    from rummycheck.sim.engine import _Hand, rollout_prefix

    rng = random.Random(5)
    checked = 0
    for seed in range(20):
        for state in _walk("gin", seed, 2, 120)[1::5]:
            if state.is_over:
                continue
            obs = observe(state, state.current)
            prefix = rollout_prefix(obs.public)
            sample = obs.determinize(rng)
            for start in (sample, *(sample.apply(a) for a in sample.legal_actions()[:3])):
                plain = _Hand.around(start, random.Random(1))
                quick = _Hand.around(start, random.Random(1), prefix)
                assert (quick.taken, quick.thrown, quick.declined) == (plain.taken, plain.thrown, plain.declined)
                checked += 1
    assert checked > 200


def test_an_upcard_given_apart_from_the_pile_is_not_in_the_stock() -> None:
    # Found by an outside audit (2026-12-08).  scenarios/gin-oklahoma-upcard-sets-limit.toml: A holds
    # Ac 2c 3c 4d 5d 6d 7h 8h 9h 4s Kd after his draw; the pile lists only Qs and the first upcard is
    # given apart as 5h (Oklahoma: knock limit 5).  The 5h was turned up at the deal: it lies under the
    # Qs or in B's hand, never in the stock.  By hand, after "discard 4s" A keeps three runs and the Kd;
    # the 52 cards less his 11, the Qs and the 5h leave 39 he can draw.  He knocks (Kd out, <= 5 left)
    # with a card that completes a run (4c, 3d, 7d, 6h, Th: also gin) or a loose card of 5 points or
    # less: As Ah Ad, 2s 2h 2d, 3s 3h, 4h, 5s 5c (the 4s and the 5h are not there): 11.  So 16 in 39
    # to knock and 5 in 39 for gin, where the 5h counted as drawable gave 17 and 5 in 40.
    from rummycheck.analysis.advisor import facts_at
    from rummycheck.files.scenario import load_scenario

    state = GameState.from_scenario(load_scenario("scenarios/gin-oklahoma-upcard-sets-limit.toml"))
    unseen = observe(state, state.current).unseen()
    assert sum(unseen.values()) == 39 and Card.parse("5h") not in unseen
    four_s = next(f for f in facts_at(state).discards if str(f.discard) == "4s")
    assert four_s.deadwood == 10
    assert (four_s.p_knock_next, four_s.p_gin_next) == (Fraction(16, 39), Fraction(5, 39))
    assert Card.parse("5h") not in four_s.outs


def test_an_upcard_in_the_pile_is_counted_once() -> None:
    # a hand played from the deal: the upcard is the pile's bottom card, already seen there
    state = new_hand("gin", seed=3)
    unseen = observe(state, state.current).unseen()
    assert state.discard_pile and state.discard_pile[0] not in unseen
    assert sum(unseen.values()) == 52 - 10 - 1
