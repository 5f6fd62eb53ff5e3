"""What one seat knows, and sampling what it does not.

``observe(state, seat)`` gives an ``Observation``: the seat's own hand; the table, the
whole discard pile and the stock count; every player's hand size, score and opened/out
flags; and the public history of cards: each card seen **taken** from the discard pile,
**declined** (a passed upcard), **left** (the card another player had just thrown, lying
on top of the pile when this one drew from the stock instead) or **thrown** (discarded, or
knocked with), and by whom.
From that history it keeps, per other player, the cards **known** to be in his hand: a
card he took and has not thrown or laid down since, the deuce he kept from Bing's cut,
and a knocker's whole hand once it lies face up.

``observation.determinize(rng)`` returns a full ``GameState`` consistent with what the
seat knows: known cards stay in their hands; every other card the seat has not seen (the
decks less his hand, the pile, the table and the known cards) is dealt uniformly at
random, with the explicit ``random.Random`` given, to the others' unknown places and to
the stock, whose order is then known (``stock_cards``).  The history of the returned
state is the public one: other players' stock draws carry no card.

This is the one model of knowledge: the bots' ``View`` is built from the same public
facts, and the rollouts of an analysis start from ``determinize``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

from rummycheck.cards import Card, full_deck
from rummycheck.dealing import shuffle
from rummycheck.errors import RummyError
from rummycheck.position import TableMeld
from rummycheck.table.actions import ActionKind
from rummycheck.table.state import GameState, PlayerState, PlayRecord
from rummycheck.variants import Variant

__all__ = ["Observation", "PublicPrefix", "SeenCard", "declined_card", "observe", "public_prefix", "seen_after",
           "seen_cards"]


@dataclass(frozen=True, slots=True)
class SeenCard:
    """A card every player saw move (or stay): ``how`` is ``taken``, ``declined``, ``left`` or
    ``thrown``."""

    player: str
    card: Card
    how: str


@dataclass(frozen=True, slots=True)
class Observation:
    """What the player in ``seat`` knows (see the module docstring)."""

    seat: int
    public: GameState  # the state with every hidden card unknown (others' hands less known cards; the stock)
    seen: tuple[SeenCard, ...]
    known: tuple[tuple[Card, ...], ...]  # by seat: cards known to be in that hand (the seat's own: all)

    @property
    def variant(self) -> Variant:
        return self.public.variant

    @property
    def name(self) -> str:
        return self.public.players[self.seat].name

    @property
    def hand(self) -> tuple[Card, ...]:
        return self.public.players[self.seat].hand

    @property
    def table(self) -> tuple[TableMeld, ...]:
        return tuple(self.public.table)

    @property
    def discard_pile(self) -> tuple[Card, ...]:
        return tuple(self.public.discard_pile)

    @property
    def stock(self) -> int:
        return self.public.stock or 0

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(p.size for p in self.public.players)

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(p.score for p in self.public.players)

    @property
    def opened(self) -> tuple[bool, ...]:
        return tuple(p.opened for p in self.public.players)

    @property
    def out(self) -> tuple[bool, ...]:
        return tuple(p.out for p in self.public.players)

    def by(self, how: str, seat: int) -> tuple[Card, ...]:
        """The cards the player in ``seat`` was seen to have ``taken``, ``declined``, ``left`` or ``thrown``."""
        name = self.public.players[seat].name
        return tuple(s.card for s in self.seen if s.player == name and s.how == how)

    def unseen(self) -> Counter[Card]:
        """The cards this seat has not seen: the decks less his hand, the pile, the table, the
        cards known to be in the other hands and the first upcard where the game keeps it (each
        copy counted).

        The first upcard (gin) was turned face up at the deal, so it is never in the stock.  A
        state played from the deal holds it in the pile or in a hand already; a scenario may give
        it apart from the pile it lists (``[pile] upcard``), and then it is taken out here, when
        no copy of it is accounted for otherwise."""
        decks = self.variant.decks
        left = Counter({card: decks for card in full_deck()})
        left.subtract(self.hand)
        left.subtract(self.public.discard_pile)
        for t in self.public.table:
            left.subtract(t.meld.cards)
        for seat, cards in enumerate(self.known):
            if seat != self.seat:
                left.subtract(cards)
        upcard = self.public.game.kept_upcard(self.public)
        if upcard is not None and left[upcard] == decks:
            left[upcard] -= 1
        return Counter({c: n for c, n in left.items() if n > 0})

    def determinize(self, rng: random.Random) -> GameState:
        """A full state consistent with this observation, hidden cards dealt uniformly by ``rng``
        among the deals the rules allow: a deal that leaves an opened Bing player over his points
        limit (``Game.hidden_hands_fit``) is dealt again, up to ``DEAL_TRIES`` times (then the last
        is kept)."""
        pool = list(self.unseen().elements())
        game = self.public.game
        for _ in range(DEAL_TRIES):
            shuffle(rng, pool)
            renew = rng.randrange(2 ** 32)
            hands = self.hidden_hands(pool)
            if game.hidden_hands_fit(self.public, hands):
                break
        return self.dealt(pool, renew, hands)

    def hidden_hands(self, pool: Sequence[Card]) -> list[tuple[Card, ...]]:
        """Every seat's hand, by seat, when the unseen cards are dealt in the order of ``pool`` (a
        shuffle of ``unseen()``): each hand's known cards and its unknown places filled in seat
        order; the cards after them are the stock."""
        hands = []
        at = 0
        for player in self.public.players:
            if player.unknown:
                hands.append(tuple(sorted((*player.hand, *pool[at:at + player.unknown]))))
                at += player.unknown
            else:
                hands.append(player.hand)
        return hands

    def dealt(self, pool: Sequence[Card], renew_seed: int, hands: Sequence[tuple[Card, ...]] | None = None
              ) -> GameState:
        """The full state that deals the unseen cards in the order of ``pool`` (``hidden_hands``,
        given as ``hands`` when worked out already), the rest to the stock.  A stock whose size the
        state does not give is every unseen card left after the hands."""
        state = self.public.copy()
        hands = self.hidden_hands(pool) if hands is None else hands
        for seat, player in enumerate(state.players):
            if player.unknown:
                state.players[seat] = player.holding(hands[seat], 0)
        dealt = sum(p.unknown for p in self.public.players)
        if state.stock is None:  # not stated (a scenario may leave it out): every unseen card left
            state.stock = max(0, len(pool) - dealt)
        order: list[Card | None] = list(pool[dealt:dealt + state.stock])
        state.stock_order = order  # the next card last: any order of a uniform shuffle is uniform
        state.renew_seed = renew_seed
        return state


#: the most deals ``determinize`` tries for one that the rules allow
DEAL_TRIES = 200


def observe(state: GameState, seat: int) -> Observation:
    """What the player in ``seat`` knows of ``state`` (see the module docstring)."""
    if not isinstance(state, GameState):
        raise TypeError(f"observe takes a GameState (new_hand, GameState.from_scenario), not {type(state).__name__}")
    names = [p.name for p in state.players]
    if type(seat) is not int or not 0 <= seat < len(names):  # -1 was the last seat with an empty hand
        raise RummyError(f"no seat {seat!r}: the seats are 0 to {len(names) - 1} ({', '.join(names)})")
    me = names[seat]
    seen, known = _public_history(state)
    public_players: list[PlayerState] = []
    known_by_seat: list[tuple[Card, ...]] = []
    for index, player in enumerate(state.players):
        if index == seat:
            public_players.append(player)
            known_by_seat.append(player.hand)
            continue
        if index == state.knocker:  # a knocker's hand lies face up
            cards = Counter(player.hand)
        else:
            cards = known[player.name] & Counter(player.hand)
        shown = tuple(sorted(cards.elements(), key=lambda c: c.index))
        known_by_seat.append(shown)
        public_players.append(player.holding(shown, player.size - len(shown)))
    public = state.copy()
    public.players = public_players
    public.stock_order = None
    public.renew_seed = None
    public.history = [_public_record(r, me) for r in state.history]
    return Observation(seat, public, tuple(seen), tuple(known_by_seat))


def _public_record(record: PlayRecord, me: str) -> PlayRecord:
    """``record`` as every player saw it: another player's stock draw shows no card."""
    if record.kind is ActionKind.DRAW and record.player != me and record.cards:
        return replace(record, cards=())
    return record


def declined_card(state: GameState) -> Card | None:
    """The card a pass of the first upcard declines (GIN-DEAL): the upcard the game keeps in sight,
    else the bottom of the discard pile (the first upcard, over which every later card lies)."""
    upcard = state.game.kept_upcard(state)
    return upcard if upcard is not None else (state.discard_pile[0] if state.discard_pile else None)


def seen_cards(state: GameState) -> list[SeenCard]:
    """Every card seen taken, declined, left or thrown in the hand of ``state``, in order (what all
    players saw)."""
    return _public_history(state)[0]


@dataclass(frozen=True, slots=True, eq=False)
class PublicPrefix:
    """The public history of a state's records, kept so that a state whose history goes on from the
    same records (every rollout from the samples of one observation: they share its records) reads
    only the records after them (``seen_after``).  A long record's rollouts read its history once, not
    once a rollout."""

    first: PlayRecord | None  # the history's first and last records (the same objects, not equal ones)
    last: PlayRecord | None
    length: int
    start: Card | None  # the card a pass declines at the hand's start (``declined_card``)
    seen: tuple[SeenCard, ...]
    known: tuple[tuple[str, tuple[tuple[Card, int], ...]], ...]
    top: Card | None  # where the walk stood after the last record
    fresh: bool


def public_prefix(state: GameState) -> PublicPrefix:
    """The public history of every record of ``state``, to read on from (``seen_after``)."""
    history = state.history
    seen, known, top, fresh = _walk(state, history, None, [], _start_known(state), declined_card(state), False)
    return PublicPrefix(history[0] if history else None, history[-1] if history else None, len(history),
                        declined_card(state), tuple(seen),
                        tuple((name, tuple(held.items())) for name, held in known.items()), top, fresh)


def seen_after(state: GameState, prefix: PublicPrefix) -> list[SeenCard] | None:
    """The cards seen after ``prefix``'s in the hand of ``state`` (``seen_cards(state)`` less the
    prefix's), or None when ``state``'s history does not go on from the prefix's records."""
    resumed = _resume(state, prefix)
    if resumed is None:
        return None
    seen, _ = resumed
    return seen[len(prefix.seen):]


def _resume(state: GameState, prefix: PublicPrefix) -> tuple[list[SeenCard], dict[str, Counter[Card]]] | None:
    history = state.history
    n = prefix.length
    if len(history) <= n or (n and (history[0] is not prefix.first or history[n - 1] is not prefix.last)) \
            or declined_card(state) != prefix.start or [p.name for p in state.players] != [k for k, _ in prefix.known]:
        return None  # the last record is never the prefix's: a take that ends the hand is read apart (below)
    known = {name: Counter(dict(held)) for name, held in prefix.known}
    seen, known, _, _ = _walk(state, history[n:], history[-1], list(prefix.seen), known, prefix.top, prefix.fresh)
    return seen, known


def _start_known(state: GameState) -> dict[str, Counter[Card]]:
    known: dict[str, Counter[Card]] = {p.name: Counter() for p in state.players}
    for p in state.players:
        if p.cut is not None:  # Bing: the deuce kept from the cut is seen by all
            known[p.name][p.cut] += 1
    return known


def _public_history(state: GameState) -> tuple[list[SeenCard], dict[str, Counter[Card]]]:
    """The cards seen moving, and per player the cards seen going into his hand and not out again."""
    seen, known, _, _ = _walk(state, state.history, state.history[-1] if state.history else None, [],
                              _start_known(state), declined_card(state), False)
    return seen, known


def _walk(state: GameState, records: Sequence[PlayRecord], last: PlayRecord | None, seen: list[SeenCard],
          known: dict[str, Counter[Card]], top: Card | None, fresh: bool
          ) -> tuple[list[SeenCard], dict[str, Counter[Card]], Card | None, bool]:
    """Read ``records`` on from a walk that stood at (``seen``, ``known``, ``top``, ``fresh``): ``top``
    is the top of the pile when a pass declines it (the first upcard, or the last card thrown);
    ``fresh``, that the top card was thrown by the player before (a draw from the stock leaves it).
    ``last`` is the state's last record (a take that ended the hand is read apart); None: none is."""
    for record in records:
        held = known[record.player]
        kind = record.kind
        if kind is ActionKind.TAKE and record.cards:
            if record is last and state.phase == "over" and state.game.hand_dead(state):
                continue  # a take that ended the hand (a take limit) left the card on the pile
            held[record.cards[0]] += 1
            seen.append(SeenCard(record.player, record.cards[0], "taken"))
        elif kind is ActionKind.PASS and top is not None:
            seen.append(SeenCard(record.player, top, "declined"))
        elif kind is ActionKind.DRAW and fresh and top is not None:
            seen.append(SeenCard(record.player, top, "left"))
        elif kind in (ActionKind.DISCARD, ActionKind.KNOCK) and record.cards:
            top = record.cards[0]
            held[top] -= 1
            seen.append(SeenCard(record.player, top, "thrown"))
        fresh = kind in (ActionKind.DISCARD, ActionKind.KNOCK) and bool(record.cards)
        if kind in (ActionKind.LAY_DOWN, ActionKind.KNOCK):
            for meld in record.melds:
                held.subtract(meld.cards)
            held.subtract(lo.card for lo in record.layoffs)
        for card in [c for c, n in held.items() if n <= 0]:
            del held[card]
    return seen, known, top, fresh
