"""The game state: the one place where the legality of a play is decided.

``GameState`` holds a hand in progress for any of the three games: the players (score,
opened, cards known and unknown), the melds on the table, the discard pile, the stock
size, whose turn it is and what has happened in that turn.  Every action follows one
pattern (as in pokerkit):

* ``verify_X(...)`` raises ``IllegalPlay`` naming the rule ids that forbid the action,
  with the numbers involved;
* ``can_X(...)`` returns a bool by calling ``verify_X``;
* ``X(...)`` verifies, applies, and returns a frozen record of what happened (with the
  rule ids that allowed it, as ``Reason`` lines).

Actions: ``draw_stock``, ``take_discard``, ``lay_down`` (new melds and lay-offs in one
go; ``meld`` and ``lay_off`` are shorthands), ``discard``, ``end_turn`` (a Bing meld turn
without a discard), ``pass_turn`` (gin: decline the first upcard, or pass at the wall),
``knock`` (gin) and ``finish`` (gin, after the defender's lay-offs).

What a game keeps of a hand beyond what every game shares (gin's first-upcard offer, its
take and throw-back counts, its knock, a dead hand) is the game's own frozen ``HandState``
in ``extra``: the judge copies it by reference, never reads it, and asks the game for the
next one at each step (``Game.after_draw``, ``after_take``, ``after_discard``,
``after_pass``, ``after_knock``, ``after_dead_end``).

``problems()`` is the whole-state validation: it collects every inconsistency (copies
beyond the decks, illegal table melds, hand sizes that cannot occur, a turn that
contradicts itself), like python-chess's ``status()``.

A hand may be partly unknown (``unknown`` cards); a play that needs the points of an
unknown hand raises ``ScenarioError`` (missing input), not ``IllegalPlay``.
"""

from __future__ import annotations

import random
from bisect import insort
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from rummycheck.cards import Card, format_cards
from rummycheck.errors import IllegalPlayError, RummyError, ScenarioError
from rummycheck.frozen import quick
from rummycheck.games import Game, game_of
from rummycheck.games.base import HandState, PlayerView
from rummycheck.melds import Meld, extend_meld, meld_problems
from rummycheck.position import TableMeld
from rummycheck.results import LayOff, Reason
from rummycheck.table.actions import Action, ActionKind
from rummycheck.variants import Variant, players_text

if TYPE_CHECKING:
    from rummycheck.position import Scenario

__all__ = [
    "GameState",
    "IllegalPlay",
    "PlayRecord",
    "PlayerState",
    "Snapshot",
]


class IllegalPlay(IllegalPlayError):
    """A play breaks one or more rules; ``reasons`` name each rule id with the numbers."""

    def __init__(self, reasons: Sequence[Reason], *, passed: Sequence[Reason] = ()) -> None:
        self.reasons = tuple(reasons)
        self.passed = tuple(passed)
        super().__init__("; ".join(str(r) for r in self.reasons))

    def __reduce__(self) -> tuple[Any, ...]:  # pickled (into and out of worker processes) with its reasons
        return _illegal_play, (self.reasons, self.passed)

    @property
    def rules(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(r.rule for r in self.reasons))


def _illegal_play(reasons: Sequence[Reason], passed: Sequence[Reason]) -> IllegalPlay:
    return IllegalPlay(reasons, passed=passed)


@dataclass(frozen=True, slots=True)
class PlayerState:
    """One player: running score, opened or not, known cards plus a count of unknown ones."""

    name: str
    score: int = 0
    opened: bool = False
    hand: tuple[Card, ...] = ()
    unknown: int = 0
    out: bool = False
    cut: Card | None = None  # bing: the deuce kept from the cut (BING-DEAL)

    @property
    def size(self) -> int:
        return len(self.hand) + self.unknown

    @property
    def known(self) -> bool:
        return self.unknown == 0

    def holding(self, hand: tuple[Card, ...], unknown: int) -> PlayerState:
        """This player holding ``hand`` and ``unknown`` unknown cards (``replace`` without its
        generic cost: the hand changes on every action)."""
        return _new_player(self.name, self.score, self.opened, hand, unknown, self.out, self.cut)


# ``PlayerState(...)`` and the other frozen values the hot actions make (draw, take, discard), with
# every field given in order, built the quick way (``rummycheck.frozen``)
_new_player: Callable[..., PlayerState] = quick(PlayerState)
_new_reason: Callable[..., Reason] = quick(Reason)


_index = attrgetter("index")

# the one-reason tuples of the commonest plays ("A draws from the stock", "A takes 7h", "A discards 7h"),
# made once for each (play, rule, player, card): frozen values, shared by the records that cite them
_SAID: dict[tuple[str, str, str, int], tuple[Reason]] = {}
_SAID_KEPT = 4096


def _said(play: str, rule: str, name: str, card: Card | None) -> tuple[Reason]:
    """``(Reason(rule, f"{name} {play}{card}"),)`` (no card: ``f"{name} {play}"``), made once."""
    key = (play, rule, name, -1 if card is None else card.index)
    found = _SAID.get(key)
    if found is None:
        if len(_SAID) >= _SAID_KEPT:
            _SAID.clear()
        found = _SAID[key] = (_new_reason(rule, f"{name} {play}" if card is None else f"{name} {play}{card}",
                                          True),)
    return found


def _with_card(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``hand`` (sorted) with ``card`` added in its place: ``tuple(sorted((*hand, card)))``."""
    cards = list(hand)
    insort(cards, card, key=_index)
    return tuple(cards)


@dataclass(frozen=True, slots=True)
class PlayRecord:
    """What an action did: its kind, who, the cards, and the rules it satisfied."""

    kind: ActionKind
    player: str
    cards: tuple[Card, ...] = ()
    melds: tuple[Meld, ...] = ()
    layoffs: tuple[LayOff, ...] = ()
    reasons: tuple[Reason, ...] = ()
    went_out: bool = False
    facts: tuple[tuple[str, Any], ...] = ()

    def fact(self, name: str, default: Any = None) -> Any:
        return dict(self.facts).get(name, default)

    @property
    def action(self) -> Action:
        """The move this record is the result of, as a value (a take that ended the hand is a take)."""
        kind = self.kind
        if kind is ActionKind.LAY_DOWN:
            return Action(kind, self.player, melds=self.melds, layoffs=self.layoffs)
        card = self.cards[0] if self.cards else None
        if kind is ActionKind.KNOCK:
            return Action(kind, self.player, card, melds=self.melds)
        return Action(kind, self.player, card)


_new_record: Callable[..., PlayRecord] = quick(PlayRecord)  # every field in order
_new_table_meld: Callable[..., TableMeld] = quick(TableMeld)  # (number, meld, owner)


@dataclass
class GameState:
    """A hand in progress.  Mutable: actions change it and return frozen ``PlayRecord``s."""

    variant: Variant
    players: list[PlayerState]
    table: list[TableMeld] = field(default_factory=list)
    discard_pile: list[Card] = field(default_factory=list)
    stock: int | None = None
    current: int = 0
    drew: str = "none"
    took: Card | None = None
    melded: bool = False
    opened_this_turn: bool = False
    melds_this_turn: int = 0
    phase: str = "play"  # play, layoff (after a knock: the others' lay-offs), over
    knocker: int | None = None
    winner: int | None = None
    reshuffles: int = 0
    # the game's own state of this hand (gin's first-upcard offer, its counts, its knock): a frozen
    # value the game's hooks replace (``Game.new_hand_state``, ``after_draw``, ...); None for a game
    # with none (a state made without it: the game's fresh hand state)
    extra: HandState | None = None
    # the stock's cards in drawing order where known, the next card LAST (None: only the count is
    # known; a None inside: that card is unknown); ``stock_cards`` gives them top first
    stock_order: list[Card | None] | None = None
    # where the stock order is known and no driver gives a renewed stock's order, the renewal is
    # shuffled by random.Random(f"{renew_seed}:renewal:{n}") (``new_hand`` sets it to its seed)
    renew_seed: int | str | None = None
    history: list[PlayRecord] = field(default_factory=list)
    # the game of ``variant``, looked up once (every verdict asks it): (variant, game)
    _game: tuple[Variant, Game] | None = field(default=None, init=False, repr=False, compare=False)

    # -- construction -------------------------------------------------------------------
    @classmethod
    def from_scenario(cls, scenario: Scenario) -> GameState:
        players = [PlayerState(name=p.name, score=p.score, opened=p.opened,
                               hand=tuple(p.hand) if p.hand is not None else (),
                               unknown=0 if p.hand is not None else p.hand_size, out=p.out, cut=p.cut)
                   for p in scenario.players]
        game = game_of(scenario.variant)
        state = cls(variant=scenario.variant, players=players, table=list(scenario.table),
                    discard_pile=list(scenario.pile.discard), stock=scenario.pile.stock)
        turn = scenario.turn
        if turn is None and players[0].out:
            state.current = state._next_seat(0)  # no turn given: the first seat still in the game
        if turn is not None:
            state.current = scenario.seat(turn.player)
            state.drew = turn.drew
            state.took = turn.took
            state.melded = turn.melded
            if turn.knocked:
                state.phase = "layoff"
                state.knocker = state.current
                state.current = state._next_seat(state.current)
        if scenario.end is not None:
            state.phase = "over"
        state.extra = game.position_hand_state(state, scenario.pile.first_upcard)  # its history is not known
        return state

    def copy(self) -> GameState:
        """An independent copy (the lists are new; the values in them are frozen and shared)."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.players = list(self.players)
        new.table = list(self.table)
        new.discard_pile = list(self.discard_pile)
        new.history = list(self.history)
        if self.stock_order is not None:
            new.stock_order = list(self.stock_order)
        return new

    # -- the engine: moves as values ---------------------------------------------------------
    @property
    def stock_cards(self) -> tuple[Card | None, ...] | None:
        """The stock top first where its order is known (a dealt hand, a determinized state, a
        record with its stock), else None (a scenario knows only the count)."""
        return None if self.stock_order is None else tuple(reversed(self.stock_order))

    @property
    def is_over(self) -> bool:
        """The hand is over, or the player to move has no legal move (a stalemate, an empty stock
        that cannot be renewed)."""
        if self.phase == "over":
            return True
        if self.phase != "play" or self.drew != "none":
            return False
        if self.melded:  # after a meld turn's melds: its end or discard is still to come
            return not self.legal_actions()
        return not (self.can_draw_stock() or self.can_take_discard() or self.can_pass()
                    or (self.game.lays_down(self) and self.player.known and bool(self._lay_downs())))

    @property
    def to_move(self) -> int | None:
        """The seat whose decision it is (None once the hand is over)."""
        return None if self.is_over else self.current

    def act(self, action: Action) -> PlayRecord:
        """Apply ``action`` to this state (verified first) and return what it did."""
        if action.player != self.player.name:
            self.verify_actor(action.player)
        kind = action.kind
        if type(kind) is not ActionKind:  # a plain string ("pass"), as ActionKind equals it; an unknown one refused
            kind = _action_kind(kind)
        if kind is ActionKind.DRAW:
            return self.draw_stock(action.card)
        if kind is ActionKind.TAKE:
            top = self.top_discard
            if action.card is not None and top is not None and action.card != top:
                raise IllegalPlay([Reason(self.game.TURN, f"the top discard is {top}, not {action.card}")])
            return self.take_discard()
        if kind is ActionKind.DISCARD:
            if action.card is None:
                raise IllegalPlay([Reason(self.game.TURN, "a discard names its card")])
            return self.discard(action.card)
        if kind is ActionKind.LAY_DOWN:
            return self.lay_down(action.melds, action.layoffs)
        if kind is ActionKind.END:
            return self.end_turn()
        if kind is ActionKind.KNOCK:
            return self.knock(action.card, action.melds or None)
        if kind is ActionKind.PASS:
            return self.pass_turn()
        if kind is ActionKind.FINISH:
            return self.finish()
        raise RummyError(f"no such action: {kind!r}")  # (every ActionKind is handled above)

    def apply(self, action: Action) -> GameState:
        """The state after ``action``; this state is left as it was (raises ``IllegalPlay``)."""
        after = self.copy()
        after.act(action)
        return after

    def can(self, action: Action) -> bool:
        """Whether ``action`` is legal here."""
        return _can(lambda: self.copy().act(action))

    def legal_actions(self) -> list[Action]:
        """Every legal move of the player to move (see ``docs/engine.md``).

        Draws, takes, passes, discards, knocks (with the judge's best melds), the end of a Bing
        meld turn and the defender's finish are listed completely.  Lay-downs are those the
        exact solver plays: the least points left with lay-offs, and (for an opening) the melds
        alone; holding back is choosing a discard instead.  Any other lay-down is judged by
        ``can_lay_down``.
        """
        if self.phase == "over":
            return []
        name = self.player.name
        found: list[Action] = []
        if self.phase == "layoff":
            found.append(Action(ActionKind.FINISH, name))
            if self.player.known:
                found.extend(self._lay_downs())
            return found
        if self.drew == "none" and not self.melded:
            if self.can_draw_stock():
                found.append(Action(ActionKind.DRAW, name))
            if self.can_take_discard():
                found.append(Action(ActionKind.TAKE, name))
            if self.can_pass():
                found.append(Action(ActionKind.PASS, name))
            if self.game.lays_down(self) and self.player.known:
                found.extend(self._lay_downs())
            return found
        player = self.player
        game = self.game
        cards = list(dict.fromkeys(player.hand))
        if self.drew != "none" and game.lays_down(self) and player.known:
            found.extend(self._lay_downs())
        found.extend(Action(ActionKind.DISCARD, name, c) for c in cards if self.can_discard(c))
        if game.may_knock(self):
            found.extend(Action(ActionKind.KNOCK, name, c) for c in game.knock_candidates(self)
                         if self.can_knock(c))
        if self.can_end_turn():
            found.append(Action(ActionKind.END, name))
        return found

    def _lay_downs(self) -> list[Action]:
        """The exact solver's lay-downs for the player to move that the judge allows."""
        from rummycheck.solvers.exact import search
        from rummycheck.solvers.layoffs import exact_play

        player = self.player
        needed = 0 if player.opened or self.phase == "layoff" else self.game.melds_needed(player.opened)
        options: list[tuple[tuple[Meld, ...], tuple[LayOff, ...]]] = []
        found = exact_play(player.hand, self.table, variant=self.variant, min_melds=needed)
        if found is not None:
            options.append((tuple(found[1]), tuple(found[2])))
        if needed and not player.opened:
            alone = search(player.hand, variant=self.variant, min_melds=needed)
            if alone is not None:
                options.append((tuple(alone.melds), ()))
        actions = []
        for melds, layoffs in dict.fromkeys(options):
            if (melds or layoffs) and self.can_lay_down(melds, layoffs):
                actions.append(Action(ActionKind.LAY_DOWN, player.name, melds=melds, layoffs=layoffs))
        return actions

    # -- simple queries ------------------------------------------------------------------
    @property
    def player(self) -> PlayerState:
        return self.players[self.current]

    @property
    def top_discard(self) -> Card | None:
        return self.discard_pile[-1] if self.discard_pile else None

    @property
    def game(self) -> Game:
        """The game being played: every rule decision below is asked of it."""
        found = self._game
        if found is None or found[0] is not self.variant:
            found = self._game = (self.variant, game_of(self.variant))
        return found[1]

    def unknown_cards(self, player: PlayerView) -> str:
        """The unknown cards of ``player`` in words: the card drawn without naming it, cards not given."""
        drawn = self.drew == "stock" and player.name == self.player.name and any(
            r.kind is ActionKind.DRAW and not r.cards and r.player == player.name for r in self.history)
        hidden = player.unknown - (1 if drawn else 0)
        parts = [f"the unnamed card {player.name} drew from the stock"] if drawn else []
        if hidden > 0:
            parts.append(f"{player.name}'s {hidden} card{'s' if hidden > 1 else ''} not given")
        return " and ".join(parts) or f"the unknown cards of {player.name}"

    def after_removing(self, player: PlayerView, cards: Sequence[Card]) -> PlayerView:
        """``player`` as he would be without ``cards`` (unknown cards stand in for missing ones)."""
        if not isinstance(player, PlayerState):
            raise TypeError(f"expected a PlayerState, got {type(player).__name__}")
        return self._remove_cards(player, cards)

    def points(self, player: PlayerState) -> int:
        if not player.known:
            raise ScenarioError(f"the hand of {player.name!r} is not known ({player.unknown} unknown cards); "
                                "this play needs its points")
        return self.variant.points(player.hand)

    def _next_seat(self, seat: int) -> int:
        for step in range(1, len(self.players) + 1):
            candidate = (seat + step) % len(self.players)
            if not self.players[candidate].out:
                return candidate
        return seat

    def _advance_turn(self) -> None:
        self.current = self._next_seat(self.current)
        self.drew = "none"
        self.took = None
        self.melded = False
        self.opened_this_turn = False
        self.melds_this_turn = 0

    def _remove_cards(self, player: PlayerState, cards: Iterable[Card]) -> PlayerState:
        hand = list(player.hand)
        indexes = list(map(_index, hand))
        unknown = player.unknown
        for card in cards:
            if card.index in indexes:
                at = indexes.index(card.index)  # the first copy held, as list.remove takes it
                del hand[at], indexes[at]
            else:
                unknown -= 1
        return player.holding(tuple(hand), unknown)

    def _missing(self, player: PlayerState, cards: Sequence[Card]) -> list[Card]:
        """Cards that the player's known hand (plus unknown cards) cannot supply."""
        if len(cards) == 1 and cards[0].index in map(_index, player.hand):  # one card, held (a discard)
            return []  # (its index looked up: ints compare without calling Card.__eq__)
        wanted = set(map(_index, cards))
        if len(wanted) == len(cards) and wanted.issubset(map(_index, player.hand)):
            return []  # each card once, each held (a lay-down's, a one-deck game's): nothing missing
        have = Counter(player.hand)
        spare = player.unknown
        missing = []
        for card in cards:
            if have[card] > 0:
                have[card] -= 1
            elif spare > 0:
                spare -= 1
            else:
                missing.append(card)
        return missing

    def _holding_problems(self, player: PlayerState, cards: Sequence[Card], missing: list[Card] | None = None
                          ) -> list[Reason]:
        """The play uses cards the player does not hold, or one card more often than he holds it
        (``missing``: ``_missing(player, cards)`` when the caller has it)."""
        if missing is None:
            missing = self._missing(player, cards)
        if not missing:
            return []
        have = Counter(player.hand)
        used = Counter(cards)
        absent = [c for c in dict.fromkeys(missing) if have[c] == 0]
        problems = []
        if absent:
            problems.append(Reason(self._turn_rule(), f"{player.name} does not hold {format_cards(absent)}"))
        for card in dict.fromkeys(missing):
            if have[card]:
                problems.append(Reason(self._turn_rule(), f"{card} is used {used[card]} times, but "
                                                          f"{player.name} holds {have[card]}"))
        return problems

    def _need_phase(self, action: str) -> list[Reason]:
        phase = self.phase
        if phase == "play":  # (the commonest case first; the verdicts in the same order as ever)
            stalemate = self.stalemate()
            if stalemate is not None:
                return [stalemate]
            if self.stock == 0 and self.drew == "none" and not self.melded:
                exhausted = self.game.exhausted(self)  # a stock that can never be drawn again ends the hand
                if exhausted is not None:
                    return [exhausted]
            return []
        if phase == "over":
            return [Reason(self.game.OUT, "the hand is over")]
        if phase == "layoff" and action not in ("lay_down", "finish"):
            return [Reason(self.game.LAYOFF, f"after the knock only the defender's lay-offs remain, not {action}")]
        return []

    # -- stalemate (basic) ----------------------------------------------------------------
    def stalemate(self) -> Reason | None:
        """Why no player can ever finish this hand (BASIC-STALEMATE), or None when that is not certain."""
        return self.game.stalemate(self)

    # -- drawing ------------------------------------------------------------------------
    def verify_draw_stock(self) -> None:
        problems = self._need_phase("draw")
        if not problems:
            game = self.game
            if self.drew != "none":
                problems.append(Reason(game.TURN, f"{self.player.name} already drew this turn"))
            if self.melded:
                problems.append(Reason(game.draw_after_meld_rule, "the draw comes first in a turn, before melding"))
            if self.stock is not None:
                problems.extend(game.draw_problems(self))
        if problems:
            raise IllegalPlay(problems)

    def can_draw_stock(self) -> bool:
        return _can(self.verify_draw_stock)

    def draw_stock(self, card: Card | None = None) -> PlayRecord:
        """Draw from the stock; ``card`` is the card drawn when known."""
        self.verify_draw_stock()
        game = self.game
        order = self.stock_order
        renewal = game.stock_renewal(self) if self.stock == 0 else None  # the discard pile becomes the stock
        if order == [] and renewal is not None and self.renew_seed is not None:
            # a renewal of a stock whose order was known: shuffled here, seeded (BASIC-STOCK)
            renewed: list[Card | None] = list(self.discard_pile[:-1])
            random.Random(f"{self.renew_seed}:renewal:{self.reshuffles}").shuffle(renewed)
            self.stock_order = order = renewed
        if order:  # the stock's order is known (for a renewal: given beforehand): the card drawn is its top
            known = order[-1]
            if card is not None and known is not None and card != known:
                raise IllegalPlay([Reason(game.TURN, f"the next card of the stock is {known}, not {card}")])
        elif card is not None:  # an unknown stock: the card named must be one that can still be in it
            self._check_unseen(card, renewing=renewal is not None)
        reasons: tuple[Reason, ...] = _said("draws from the stock", game.TURN, self.player.name, None)
        if renewal is not None:
            top = self.discard_pile[-1]
            self.stock = len(self.discard_pile) - 1
            self.discard_pile = [top]
            self.reshuffles += 1
            reasons += (renewal,)
        if order:
            drawn = order.pop()
            if card is None:
                card = drawn
        elif order is not None and self.stock:  # the known order ran out, or the stock was renewed unseen
            self.stock_order = None
        player = self.player
        if card is None:
            player = player.holding(player.hand, player.unknown + 1)
        else:  # player.holding(...)
            player = _new_player(player.name, player.score, player.opened, _with_card(player.hand, card),
                                 player.unknown, player.out, player.cut)
        self.players[self.current] = player
        if self.stock is not None:
            self.stock -= 1
        self.extra = game.after_draw(self)
        self.drew = "stock"
        record = _new_record(ActionKind.DRAW, player.name, () if card is None else (card,), (), (), reasons, False, ())
        self.history.append(record)  # self._record(record)
        return record

    def _check_unseen(self, card: Card, *, renewing: bool) -> None:
        """Refuse a card drawn from a stock of unknown order when every copy of it is in sight: in a
        hand, on the table, or in the discard pile (but for the cards a renewal turns into the stock)."""
        pile = self.discard_pile[-1:] if renewing else self.discard_pile
        seen = (sum(p.hand.count(card) for p in self.players) + pile.count(card)
                + sum(m.meld.cards.count(card) for m in self.table))
        decks = self.variant.decks
        if seen >= decks:
            copies = "its one copy is" if decks == 1 else f"all {decks} copies are"
            raise IllegalPlay([Reason(self.game.TURN, f"{card} cannot come from the stock: {copies} in sight "
                                                      "(in a hand, on the table or in the discard pile)")])

    def verify_take_discard(self, *, then: Card | None = None) -> None:
        """``then``: the card the play discards next (its own verdict replaces the take's look-ahead)."""
        problems = self._need_phase("take")
        if not problems:
            game = self.game
            if self.drew != "none":
                problems.append(Reason(game.TURN, f"{self.player.name} already drew this turn"))
            if self.melded:
                problems.append(Reason(game.draw_after_meld_rule, "the draw comes first in a turn, before melding"))
            if not self.discard_pile:
                problems.append(Reason(game.TURN, "the discard pile is empty (or not given)"))
            else:
                problems.extend(game.take_problems(self, then=then))
        if problems:
            raise IllegalPlay(problems)

    def can_take_discard(self) -> bool:
        return _can(self.verify_take_discard)

    def take_discard(self, *, then: Card | None = None) -> PlayRecord:
        """Take the top card of the discard pile (``then``: the discard that follows, see verify)."""
        self.verify_take_discard(then=then)
        game = self.game
        ending = game.take_ending(self)
        if ending is not None:  # the take ends the hand; the card stays on the pile
            self.phase, self.extra = "over", game.after_dead_end(self)
            return self._record(PlayRecord(ActionKind.TAKE, self.player.name, (self.discard_pile[-1],),
                                           reasons=(ending,)))
        self.extra = game.after_take(self)
        card = self.discard_pile.pop()
        player = self.player
        self.players[self.current] = player.holding(_with_card(player.hand, card), player.unknown)
        self.drew = "discard"
        self.took = card
        return self._record(_new_record(ActionKind.TAKE, player.name, (card,), (), (),
                                        _said("takes ", game.TURN, player.name, card), False, ()))

    def _turn_rule(self) -> str:
        return self.game.TURN

    # -- melding and laying off -----------------------------------------------------------
    def _layoff_meld(self, table: list[TableMeld], layoffs: Sequence[LayOff], passed: list[Reason]
                     ) -> tuple[list[TableMeld], list[Reason]]:
        """The table with lay-offs applied, and the problems of each extended meld (``passed``
        gets the rules each legal extended meld obeys)."""
        problems: list[Reason] = []
        by_target: dict[int, list[tuple[Card, Card]]] = {}
        numbers = {t.number: i for i, t in enumerate(table)}
        layoff_rule = self.game.LAYOFF
        for lo in layoffs:
            if lo.target not in numbers:
                problems.append(Reason(layoff_rule, f"there is no table meld {lo.target} "
                                                    f"(melds are numbered 1 to {len(table)})"))
                continue
            by_target.setdefault(lo.target, []).append((lo.card, lo.stands_for))
        new_table = list(table)
        for target, additions in sorted(by_target.items()):
            index = numbers[target]
            old = new_table[index]
            extended = extend_meld(old.meld, additions, self.variant)
            found = meld_problems(extended, self.variant)
            if found:
                kind_rule = self.game.meld_problem_rule(found[0], old.meld.kind)
                added = " ".join(_pair_text(c, s) for c, s in additions)
                problems.append(Reason(kind_rule, f"{added} does not fit table meld {target} ({old.meld}): "
                                                  + "; ".join(found)))
            else:
                new_table[index] = _new_table_meld(old.number, extended, old.owner)  # replace(old, meld=extended)
                added = " ".join(_pair_text(c, s) for c, s in additions)
                passed.extend(self.game.meld_reasons(f"table meld {target} with {added}", extended))
        return new_table, problems

    def _check_lay_down(self, melds: Sequence[Meld], layoffs: Sequence[LayOff]
                        ) -> tuple[list[Reason], list[Reason], list[TableMeld], PlayerState]:
        """(problems, passed rules, table after, player after) for a lay-down."""
        variant = self.variant
        player = self.player
        problems = self._need_phase("lay_down")
        passed: list[Reason] = []
        if problems:
            return problems, passed, self.table, player
        if not melds and not layoffs:
            problems.append(Reason(self._turn_rule(), "nothing to lay down"))
        cards = [c for m in melds for c in m.cards] + [lo.card for lo in layoffs]
        missing = self._missing(player, cards)
        problems.extend(self._holding_problems(player, cards, missing))
        cited: list[Reason] = []  # the rules each legal new or extended meld obeys
        for number, meld in enumerate(melds, start=1):
            found = meld_problems(meld, variant)
            for problem in found:
                problems.append(Reason(self.game.meld_problem_rule(problem, meld.kind),
                                       f"new meld {number} ({meld}): {problem}"))
            if not found:
                cited.extend(self.game.meld_reasons(f"new meld {number}", meld))
        first_new = max((t.number for t in self.table), default=0) + 1
        owner = player.name
        table = list(self.table) + [_new_table_meld(first_new + i, m, owner) for i, m in enumerate(melds)]
        table, layoff_problems = self._layoff_meld(table, layoffs, cited)
        problems.extend(layoff_problems)
        # the numbers below are those of what the play would leave: cards it uses that the
        # hand does not hold (or uses more often than held) are reported above and left out here
        if missing:
            held = Counter(cards) - Counter(missing)
            after = self._remove_cards(player, held.elements())
        else:  # every card supplied: the same hand left, whatever order they are taken in
            after = self._remove_cards(player, cards)
        self.game.lay_down_rules(self, melds, layoffs, after, table, problems, passed)
        broken = {r.rule for r in problems}
        # each legal meld keeps its citation even when another meld breaks the same rule
        return problems, cited + [r for r in passed if r.rule not in broken], table, after

    def verify_lay_down(self, melds: Sequence[Meld] = (), layoffs: Sequence[LayOff] = ()) -> None:
        problems, passed, _, _ = self._check_lay_down(melds, layoffs)
        if problems:
            raise IllegalPlay(problems, passed=passed)

    def can_lay_down(self, melds: Sequence[Meld] = (), layoffs: Sequence[LayOff] = ()) -> bool:
        return _can(lambda: self.verify_lay_down(melds, layoffs))

    def lay_down(self, melds: Sequence[Meld] = (), layoffs: Sequence[LayOff] = ()) -> PlayRecord:
        """Lay down new melds and lay off cards on table melds (numbered; new melds continue the numbering)."""
        problems, passed, table, after = self._check_lay_down(melds, layoffs)
        if problems:
            raise IllegalPlay(problems, passed=passed)
        layoffs_after_knock = self.phase == "layoff"  # the defender's: they neither open nor go out
        if not self.player.opened and not layoffs_after_knock:
            after = replace(after, opened=True)
            self.opened_this_turn = True
        self.players[self.current] = after
        self.table = table
        self.melded = True
        self.melds_this_turn += len(melds)
        went_out = after.size == 0 and not layoffs_after_knock
        if went_out:
            passed.append(Reason(self.game.OUT, f"{after.name} has no cards left and goes out"))
            self.phase = "over"
            self.winner = self.current
        cards = [c for m in melds for c in m.cards]
        cards += [lo.card for lo in layoffs]
        return self._record(_new_record(ActionKind.LAY_DOWN, after.name, tuple(cards), tuple(melds), tuple(layoffs),
                                        tuple(passed), went_out, ()))

    def verify_meld(self, melds: Sequence[Meld]) -> None:
        self.verify_lay_down(melds, ())

    def can_meld(self, melds: Sequence[Meld]) -> bool:
        return self.can_lay_down(melds, ())

    def meld(self, melds: Sequence[Meld]) -> PlayRecord:
        return self.lay_down(melds, ())

    def verify_lay_off(self, card: Card, target: int, stands_for: Card | None = None) -> None:
        self.verify_lay_down((), (LayOff(card, target, stands_for or card),))

    def can_lay_off(self, card: Card, target: int, stands_for: Card | None = None) -> bool:
        return self.can_lay_down((), (LayOff(card, target, stands_for or card),))

    def lay_off(self, card: Card, target: int, stands_for: Card | None = None) -> PlayRecord:
        return self.lay_down((), (LayOff(card, target, stands_for or card),))

    # -- discarding and ending a turn ---------------------------------------------------------
    def verify_discard(self, card: Card) -> None:
        self._judge_discard(card)

    def _judge_discard(self, card: Card) -> tuple[bool, Reason] | None:
        """``verify_discard``, returning the game's ``discard_limit`` verdict (asked once: the
        discard itself names it among its reasons)."""
        problems = self._need_phase("discard")
        player = self.player
        passed: list[Reason] = []
        limit = None
        if not problems:
            game = self.game
            if card.index not in map(_index, player.hand) and self._missing(player, [card]):  # held: none missing
                problems.append(Reason(game.TURN, f"{player.name} does not hold {card}"))
            problems.extend(game.discard_problems(self, card))
            if self.drew == "discard" and self.took is not None and card == self.took \
                    and not game.may_discard_taken():
                # another copy of it (two decks) is the same card: throwing it would undo the take
                copy = " (nor another copy of it)" if Counter(player.hand)[card] > 1 else ""
                problems.append(Reason(game.DISCARD, f"{card} was taken from the discard pile this turn "
                                                     f"and may not be discarded in it{copy}"))
            if not problems:
                limit = game.discard_limit(self, card)
                if limit is not None:
                    (passed if limit[0] else problems).append(limit[1])
        if problems:
            raise IllegalPlay(problems, passed=passed)
        return limit

    def can_discard(self, card: Card) -> bool:
        return _can(lambda: self.verify_discard(card))

    def discard(self, card: Card) -> PlayRecord:
        """Discard ``card``; this ends the turn (and the hand when it was the last card, basic)."""
        limit = self._judge_discard(card)
        game = self.game
        player = self.player
        reasons: tuple[Reason, ...] = _said("discards ", game.TURN, player.name, card)
        if limit is not None:
            reasons += (limit[1],)
        hand = player.hand
        indexes = list(map(_index, hand))
        if card.index in indexes:  # the first copy held, as _remove_cards takes it
            at = indexes.index(card.index)
            after = _new_player(player.name, player.score, player.opened, hand[:at] + hand[at + 1:], player.unknown,
                                player.out, player.cut)  # player.holding(...)
        else:  # an unknown card stands in for it
            after = self._remove_cards(player, [card])
        self.players[self.current] = after
        self.discard_pile.append(card)
        self.extra = game.after_discard(self, card)
        went_out = len(after.hand) + after.unknown == 0  # after.size
        ending = None if went_out else game.discard_ending(self)
        if went_out:
            reasons += (Reason(game.OUT, f"{after.name} discards the last card and goes out"),)
            self.phase = "over"
            self.winner = self.current
        elif ending is not None:
            reasons += (ending,)
            self.phase, self.extra = "over", game.after_dead_end(self)
        else:
            self._advance_turn()
        record = _new_record(ActionKind.DISCARD, player.name, (card,), (), (), reasons, went_out, ())
        self.history.append(record)  # self._record(record)
        return record

    def verify_end_turn(self) -> None:
        problems = self._need_phase("end_turn")
        if not problems:
            problems.extend(self.game.end_turn_problems(self))
        if problems:
            raise IllegalPlay(problems)

    def can_end_turn(self) -> bool:
        return _can(self.verify_end_turn)

    def end_turn(self) -> PlayRecord:
        """End a Bing meld turn (no draw, no discard)."""
        self.verify_end_turn()
        name = self.player.name
        self._advance_turn()
        return self._record(PlayRecord(ActionKind.END, name, reasons=(Reason(self.game.draw_after_meld_rule,
                                                                         "a meld turn ends without a discard"),)))

    # -- turns and passing (records) ---------------------------------------------------------
    def verify_actor(self, name: str) -> None:
        """The action is by ``name``: raise ``IllegalPlay`` (the turn rule) when it is not his turn."""
        if name not in [p.name for p in self.players]:
            raise IllegalPlay([Reason(self._turn_rule(), f"{name!r} is not at the table")])
        if self.phase != "over" and name != self.player.name:
            doing = "lay off" if self.phase == "layoff" else "play"
            raise IllegalPlay([Reason(self._turn_rule(), f"it is {self.player.name}'s turn to {doing}, "
                                                         f"not {name}'s")])

    def verify_pass(self) -> None:
        """Gin: decline the first upcard (GIN-DEAL), or pass at the wall (GIN-DEAD)."""
        problems = self._need_phase("pass")
        if not problems:
            problems.extend(self.game.pass_problems(self))
        if problems:
            raise IllegalPlay(problems)

    def can_pass(self) -> bool:
        return _can(self.verify_pass)

    def pass_turn(self) -> PlayRecord:
        """Gin: pass on the first upcard (then the dealer may take it; after him the non-dealer
        draws from the stock), or at the wall, which ends the hand dead (GIN-DEAD)."""
        self.verify_pass()
        name = self.player.name
        reason, self.extra, ends = self.game.after_pass(self)
        if ends:
            self.phase = "over"
        else:
            self.current = self._next_seat(self.current)
        return self._record(PlayRecord(ActionKind.PASS, name, reasons=(reason,)))

    # -- knocking and finishing (gin) --------------------------------------------------------------
    def _knock_arrangement(self, discard: Card | None, melds: Sequence[Meld] | None
                           ) -> tuple[list[Reason], list[Reason], tuple[Meld, ...], tuple[Card, ...]]:
        problems = self._need_phase("knock")
        if problems:
            return problems, [], (), ()
        return self.game.knock_arrangement(self, discard, melds)

    def verify_knock(self, discard: Card | None, melds: Sequence[Meld] | None = None) -> None:
        problems, passed, _, _ = self._knock_arrangement(discard, melds)
        if problems:
            raise IllegalPlay(problems, passed=passed)

    def can_knock(self, discard: Card | None, melds: Sequence[Meld] | None = None) -> bool:
        return _can(lambda: self.verify_knock(discard, melds))

    def knock(self, discard: Card | None, melds: Sequence[Meld] | None = None) -> PlayRecord:
        """Discard and knock (``discard=None``: without a discard, gin's big gin): the melds go down (by
        default the best arrangement), the knocker keeps his deadwood, and the others' lay-offs follow."""
        problems, passed, chosen, deadwood = self._knock_arrangement(discard, melds)
        if problems:
            raise IllegalPlay(problems, passed=passed)
        player = self.player
        if discard is not None:  # held: the knock's verdict says so
            self.discard_pile.append(discard)
        first = max((t.number for t in self.table), default=0) + 1
        laid = tuple([_new_table_meld(first + i, m, player.name) for i, m in enumerate(chosen)])
        self.table.extend(laid)
        self.extra = self.game.after_knock(self, laid, deadwood)
        self.players[self.current] = player.holding(tuple(deadwood), 0)
        self.knocker = self.current
        self.phase = "layoff"
        self.current = self._next_seat(self.current)
        self.drew, self.took, self.melded = "none", None, False
        return self._record(_new_record(ActionKind.KNOCK, player.name, () if discard is None else (discard,), chosen,
                                        (), tuple(passed), False,
                                        (("deadwood", self.variant.points(deadwood)), ("gin", not deadwood),
                                         ("big_gin", discard is None))))

    def verify_finish(self) -> None:
        if self.phase != "layoff":
            raise IllegalPlay([Reason(self.game.LAYOFF, "the hand is finished only after a knock and the "
                                                    "defender's lay-offs")])

    def can_finish(self) -> bool:
        return _can(self.verify_finish)

    def finish(self) -> PlayRecord:
        """The defender is done laying off after a knock; the hand is over."""
        self.verify_finish()
        self.phase = "over"
        name = self.player.name
        done = Reason(self.game.LAYOFF, "the defender is done")
        return self._record(PlayRecord(ActionKind.FINISH, name, reasons=(done,)))

    def _record(self, record: PlayRecord) -> PlayRecord:
        self.history.append(record)
        return record

    # -- whole-state validation -------------------------------------------------------------------
    def problems(self) -> list[str]:
        """Every inconsistency in the state (empty when it is a state the game can reach)."""
        variant = self.variant
        game = self.game
        found: list[str] = []
        if not self.players:
            return ["there are no players"]
        if not 0 <= self.current < len(self.players):
            found.append(f"the turn belongs to seat {self.current + 1}, but there are {len(self.players)} seats")
            return found
        low, high = int(variant.get("min_players", 2) or 2), int(variant.get("max_players", 2) or 2)
        if not low <= len(self.players) <= high:
            found.append(f"{variant.name} is played by {players_text(low, high)}, not {len(self.players)} "
                         f"({game.PLAYERS})")
        if len({p.name for p in self.players}) != len(self.players):
            found.append("two players share a name")
        if self.player.out and self.phase != "over":
            found.append(f"the turn belongs to {self.player.name}, who is out of the game"
                         + (f" ({game.BUST})" if game.BUST else ""))
        if self.phase not in ("play", "layoff", "over"):
            found.append(f"phase is {self.phase!r}")
        everything = Counter(c for p in self.players for c in p.hand)
        for t in self.table:
            everything.update(t.meld.cards)
        everything.update(self.discard_pile)
        for card, count in sorted(everything.items()):
            if count > variant.decks:
                found.append(f"{card} appears {count} times, but the decks hold {variant.decks}")
        numbers = [t.number for t in self.table]
        if len(set(numbers)) != len(numbers):
            found.append("two table melds share a number")
        names = {p.name for p in self.players}
        for t in self.table:
            for problem in meld_problems(t.meld, variant):
                found.append(f"table meld {t.number} ({t.meld}): {problem}")
            if t.owner is not None and t.owner not in names:
                found.append(f"table meld {t.number} belongs to {t.owner!r}, who is not playing")
        total = sum(p.size for p in self.players) + sum(len(t.meld) for t in self.table) \
            + len(self.discard_pile) + (self.stock or 0)
        if total > 52 * variant.decks:
            found.append(f"{total} cards in play, but the decks hold {52 * variant.decks}")
        if self.stock is not None and self.stock < 0:
            found.append(f"the stock holds {self.stock} cards")
        for seat, player in enumerate(self.players):
            if player.unknown < 0:
                found.append(f"{player.name} holds a negative number of unknown cards")
            if player.score < 0:
                found.append(f"{player.name} has a negative score {player.score}")
            size_problem = game.seat_size_problem(self, seat)
            if size_problem is not None:
                found.append(f"{player.name} holds {size_problem}")
        if self.drew not in ("none", "stock", "discard"):
            found.append(f"drew is {self.drew!r}")
        if self.took is not None and self.drew != "discard":
            found.append(f"{self.player.name} took {self.took} from the discard pile, but drew is {self.drew!r}")
        if self.drew == "discard" and self.took is not None and self.took not in self.player.hand \
                and self.player.known and not self.melded:  # a card taken may go down in a meld at once
            found.append(f"{self.player.name} took {self.took} but does not hold it")
        if game.draw_after_meld_rule != game.TURN and self.melded and self.drew != "none" and self.phase == "play":
            found.append(f"{self.player.name} drew and melded in one turn ({game.draw_after_meld_rule})")
        found.extend(game.state_problems(self))
        return found

    # -- a frozen picture of the table ---------------------------------------------------------------
    def snapshot(self) -> Snapshot:
        """The table as it is now, as a frozen value (renderers draw it: ``render.text.table_lines``)."""
        statuses = tuple(self.game.seat_status(self, seat) for seat in range(len(self.players)))
        return Snapshot(self.variant, tuple(self.players), tuple(self.table), tuple(self.discard_pile), self.stock,
                        self.current, self.phase, self.drew, self.melded, self.knocker, statuses)


@dataclass(frozen=True, slots=True)
class Snapshot:
    """A frozen picture of a hand in progress: the players, the table, the pile, the turn."""

    variant: Variant
    players: tuple[PlayerState, ...]
    table: tuple[TableMeld, ...]
    discard_pile: tuple[Card, ...]
    stock: int | None
    current: int
    phase: str
    drew: str
    melded: bool
    knocker: int | None
    statuses: tuple[str, ...]  # each seat's standing in the game's words ("opened", "knocker", ...)

    @property
    def player(self) -> PlayerState:
        return self.players[self.current]

    @property
    def top_discard(self) -> Card | None:
        return self.discard_pile[-1] if self.discard_pile else None


def _pair_text(card: Card, stands: Card) -> str:
    return str(card) if card == stands else f"{card}={stands}"


def _can(verify: Any) -> bool:
    try:
        verify()
    except IllegalPlay:
        return False
    return True


def _action_kind(kind: object) -> ActionKind:
    """An action's kind given as its text (``"pass"``): the ``ActionKind``, or ``RummyError`` naming it."""
    if isinstance(kind, str):
        try:
            return ActionKind(kind)
        except ValueError:
            pass
    words = ", ".join(k.value for k in ActionKind)
    raise RummyError(f"no such action: {kind!r} (the actions: {words})")
