"""One hand's lifecycle: the deal, the state it starts from, and how it ends.

Every driver of a hand ends it here (``hand_end``), and every driver that deals one starts it
here (``simulate``, ``deal``, the tests' driver); ``replay`` (and ``review`` on top of it)
builds its starting state from the deal a record states (``table.replay.HandRun``), and the
rollouts of an analysis start from a state already on the table:

* **dealing**: ``deal_hand`` deals as at the table (shuffle with an explicit
  ``random.Random``, Bing's cut for a deuce by the player on the dealer's right, one card
  at a time from the dealer's left, the upcard, the rest as the stock top first): it is
  ``rummycheck deal``'s deal.  ``deal_shuffled`` is the simulator's deal of a shuffled
  shoe (each hand in one block; the same cut): the same distribution, kept as it is so
  that seeded simulations stay reproducible from release to release.
* **the starting state**: ``start_state`` builds the ``GameState`` as dealt, with gin's
  first upcard on offer to the non-dealer (GIN-DEAL: he takes it or passes, then the
  dealer; ``GameState.pass_turn`` moves the offer, which gin keeps in its own hand state,
  ``Game.new_hand_state``) and the stock's order where it is known (``GameState.stock_cards``).
* **the end**: ``hand_end`` says how a hand ended and gives the ``HandEnd`` the score
  engine reads: going out, a knock after the defender's lay-offs, gin's dead hand (the
  wall, OpenSpiel's take and throw-back limits), basic's stalemates; or that the record
  stops before the end.

``new_hand(variant, *, players=2, seed, dealer=None)`` is the library's way to start a fresh
hand (``seed`` is required): with ``seed=7``, the deal of ``rummycheck deal --seed 7``, as a
state whose stock order is known.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from operator import attrgetter
from pathlib import Path

from rummycheck.cards import Card
from rummycheck.dealing import seeded, shoe, shuffle
from rummycheck.errors import ScenarioError
from rummycheck.games import game_of
from rummycheck.games.scoring import HandEnd
from rummycheck.table.actions import ActionKind
from rummycheck.table.record import HandRecord, name_problem
from rummycheck.table.state import GameState, PlayerState
from rummycheck.variants import Variant, get_variant, players_text

__all__ = ["Dealt", "Ending", "cutter_of", "deal_hand", "deal_shuffled", "hand_end", "new_hand", "seat_names",
           "seats_for", "start_state"]

_index = attrgetter("index")  # a card's sort key


def seat_names(count: int) -> tuple[str, ...]:
    """Default player names: A, B, C, ..."""
    return tuple(chr(ord("A") + i) for i in range(count))


def cutter_of(seats: Sequence[str], dealer: str) -> str:
    """BING-DEAL: the player on the dealer's right cuts for a deuce (play passes to the left,
    in seat order, so the dealer's right is the seat before him)."""
    return seats[(seats.index(dealer) - 1) % len(seats)]


def seats_for(variant: Variant, players: int | Sequence[str]) -> tuple[str, ...]:
    """The seats of a new hand: ``players`` names, or a count named A, B, C, ... (checked against the
    variant's players before any name is made); two players may not share a name, and each is one a record
    can hold (``table.record.name_problem``)."""
    count = players if isinstance(players, int) else len(players)
    low, high = int(variant.option("min_players") or 2), int(variant.option("max_players") or 2)
    if not low <= count <= high:
        raise ScenarioError(f"{variant.title} is played by {players_text(low, high)}, not {count}")
    seats = seat_names(count) if isinstance(players, int) else tuple(players)
    for name in seats:  # the record reader's rule: a hand its record could not hold is never made
        problem = name_problem(name)
        if problem is not None:
            raise ScenarioError(problem)
    if len(set(seats)) != len(seats):
        raise ScenarioError("two players share a name")
    size = game_of(variant).dealt_size(count)
    needed = size * count + 1
    if needed > 52 * variant.decks:  # (8 Bing hands: the deal would run out of cards)
        raise ScenarioError(f"{count} hands of {size} cards and the upcard need {needed} cards, but the decks "
                            f"hold {52 * variant.decks}")
    return seats


# -- dealing ---------------------------------------------------------------------------------

def deal_hand(rng: random.Random, variant: Variant, seats: Sequence[str], dealer: str) -> HandRecord:
    """Shuffle, cut (Bing), deal one card at a time, turn up the upcard; the rest is the stock, top first."""
    deck: list[Card] = shoe(variant)
    rng.shuffle(deck)
    game = game_of(variant)
    size = game.dealt_size(len(seats))
    hands: dict[str, list[Card]] = {name: [] for name in seats}
    cut: Card | None = None
    if game.cuts:
        at = rng.randrange(1, len(deck))
        if variant.is_wild(deck[at - 1]):  # the bottom card of the cut-off part is a deuce: he keeps it
            cut = deck.pop(at - 1)
            hands[cutter_of(seats, dealer)].append(cut)
    start = seats.index(dealer) + 1
    order = [seats[(start + i) % len(seats)] for i in range(len(seats))]
    while any(len(h) < size for h in hands.values()):
        for name in order:
            if len(hands[name]) < size:
                hands[name].append(deck.pop(0))
    upcard = deck.pop(0)
    return HandRecord(cards=tuple((name, tuple(sorted(hands[name]))) for name in seats), upcard=upcard, cut=cut,
                      stock=tuple(deck))


@dataclass(frozen=True, slots=True)
class Dealt:
    """A deal by seat: ``hands[s]`` (empty for a seat out of the game), the cut deuce and its
    holder, the upcard, the stock top first, and who plays first."""

    hands: tuple[tuple[Card, ...], ...]
    cut: Card | None
    cutter: int | None
    upcard: Card
    stock: tuple[Card, ...]
    first: int


def deal_shuffled(rng: random.Random, variant: Variant, cards: Sequence[Card], *, dealer: int,
                  out: Sequence[bool]) -> Dealt:
    """The simulator's deal: ``cards`` (the shoe in sort order) shuffled, Bing's cut, each
    playing seat's hand in one block from the dealer's left, the upcard, the stock."""
    game = game_of(variant)
    count = len(out)
    deck = list(cards)
    shuffle(rng, deck)
    order = [(dealer + k) % count for k in range(1, count + 1)]
    order = [s for s in order if not out[s]]  # dealer's left first, dealer last
    cut: Card | None = None
    cutter: int | None = None
    if game.cuts:
        cutter = order[-2] if len(order) > 1 else order[-1]  # the dealer's right
        at = rng.randrange(len(deck))
        if variant.is_wild(deck[at]):
            cut = deck.pop(at)
    size = game.dealt_size(len(order))
    hands: list[list[Card]] = [[] for _ in range(count)]
    if cut is not None and cutter is not None:
        hands[cutter].append(cut)
    for seat in order:
        need = size - len(hands[seat])
        hands[seat].extend(deck[:need])
        del deck[:need]
    upcard = deck.pop(0)  # every game turns one up to start the discard pile
    return Dealt(tuple(tuple(h) for h in hands), cut, cutter if cut is not None else None, upcard, tuple(deck),
                 order[0])


# -- the starting state ------------------------------------------------------------------------

def start_state(variant: Variant, *, names: Sequence[str], scores: Sequence[int], out: Sequence[bool],
                hands: Sequence[Sequence[Card]], cut: Card | None, cutter: int | None, upcard: Card | None,
                stock: int, first: int, stock_cards: Sequence[Card | None] | None = None,
                state_class: type[GameState] = GameState) -> GameState:
    """The ``GameState`` at the start of a hand, as dealt; ``stock_cards`` top first when known."""
    game = game_of(variant)
    players = [PlayerState(name=n, score=s, hand=tuple(sorted(h, key=_index)), out=o,
                           cut=cut if seat == cutter else None)
               for seat, (n, s, o, h) in enumerate(zip(names, scores, out, hands))]
    state = state_class(variant=variant, players=players, discard_pile=[upcard] if upcard is not None else [],
                        stock=stock,
                        extra=game.new_hand_state(upcard))  # gin: the first upcard on offer to the non-dealer
    state.current = first
    if stock_cards is not None:
        state.stock_order = list(reversed(stock_cards))
    return state


def _variant_of(variant: Variant | str | Path) -> Variant:
    """A variant given by name, by house-rules file (a ``Path``, as ``get_variant`` reads one) or as
    itself; anything else is a ``TypeError`` (``None`` was an ``AttributeError`` from deep inside)."""
    if isinstance(variant, Variant):
        return variant
    if isinstance(variant, (str, Path)):
        return get_variant(variant)
    raise TypeError(f"a variant is a name, a house-rules file or a Variant, not {variant!r}")


def new_hand(variant: Variant | str | Path, *, players: int | Sequence[str] = 2, seed: int,
             dealer: str | None = None) -> GameState:
    """A freshly dealt hand: the deal ``rummycheck deal --seed SEED`` makes, its stock order known.

    >>> state = new_hand("gin", seed=7)
    >>> len(state.players[0].hand), state.stock, len(state.stock_cards or ())
    (10, 31, 31)
    """
    resolved = _variant_of(variant)
    seats = seats_for(resolved, players)
    chosen = dealer if dealer is not None else seats[-1]
    if chosen not in seats:
        raise ScenarioError(f"the dealer {chosen!r} is not one of the players ({', '.join(seats)})")
    dealt = deal_hand(seeded(seed), resolved, seats, chosen)
    cutter = seats.index(cutter_of(seats, chosen)) if dealt.cut is not None else None
    assert dealt.upcard is not None
    stock = tuple(c for c in dealt.stock if c is not None)
    state = start_state(resolved, names=seats, scores=[0] * len(seats), out=[False] * len(seats),
                        hands=[[c for c in cards if c is not None] for _, cards in dealt.cards], cut=dealt.cut,
                        cutter=cutter, upcard=dealt.upcard, stock=len(stock),
                        first=(seats.index(chosen) + 1) % len(seats), stock_cards=stock)
    state.renew_seed = seed
    return state


# -- the end of a hand ---------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Ending:
    """How a hand ended: ``how`` is ``out``, ``knock``, ``dead``, ``stalemate``, or ``""`` (not
    over); ``end`` is what the score engine reads (None: nothing to score, ``note`` says why)."""

    how: str
    end: HandEnd | None
    note: str = ""


def hand_end(state: GameState, *, buyback: Sequence[str] = (), stuck: bool = False) -> Ending:
    """How the hand of ``state`` ended (see ``Ending``).

    ``stuck``: the driver found that the player to move cannot draw at the start of his
    turn (the simulator's convention: gin at the wall is dead, basic's exhausted stock a
    stalemate, and a Bing hand whose stock is empty is dead and scores nothing, as no Bing
    rule covers it).
    """
    game = state.game
    if state.phase == "over" and game.hand_dead(state):
        last = state.history[-1] if state.history else None
        why = "" if last is None or last.kind is ActionKind.PASS else "; ".join(
            r.message for r in last.reasons if r.rule == game.DEAD)
        return Ending("dead", HandEnd(dead=True, why=why))
    if state.phase == "over" and state.knocker is not None:
        knocked = game.knock_end(state)  # the game says what its score engine reads of a knock
        if knocked is None:
            return Ending("knock", None, "the hands are not fully known: the hand cannot be scored")
        return Ending("knock", knocked)
    if state.phase == "over":
        assert state.winner is not None
        winner = state.players[state.winner]
        others = [p for p in state.players if not p.out and p.name != winner.name]
        hidden = [p.name for p in others if not p.known]
        if hidden:
            return Ending("out", None, f"the hand of {', '.join(hidden)} is not fully known: "
                                       "the hand cannot be scored")
        return Ending("out", HandEnd(out=winner.name, cards={p.name: p.hand for p in others},
                                     rummy="rummy" in game.END_KEYS and state.opened_this_turn,
                                     buyback=tuple(buyback)))
    at_turn_start = state.phase == "play" and state.drew == "none"
    if at_turn_start and game.dead_at_turn_start(state):  # gin at the wall
        return Ending("dead", HandEnd(dead=True))
    if game.renews_stock and (stuck or (at_turn_start and (state.stalemate() is not None
                                                           or game.exhausted(state) is not None))):
        return Ending("stalemate", HandEnd(stalemate=True))
    if stuck:
        if game.knocks:
            return Ending("dead", HandEnd(dead=True))
        return Ending("dead", None, "the stock is empty and no rule ends the hand: nobody scores")
    return Ending("", None, "the record stops before the hand is over")
