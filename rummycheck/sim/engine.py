"""Whole games played by bots: the turns, the buy-backs and the score sheet.

The deal, the starting state and the hand's end are ``rummycheck.table.hand``'s (the one
lifecycle every driver shares).

Every action a bot chooses goes through ``GameState`` (``draw_stock``, ``take_discard``,
``lay_down``, ``discard``, ``end_turn``, ``knock``, ``finish``), so the rules judge each
play; the hand's end is scored by the games' own score engine (``score_hand``).  The
engine adds only what a whole game needs beyond one hand, asking the game (``Game``'s
hooks) rather than its name:

* the deal: a seeded shuffle; the Bing cut for a deuce (BING-DEAL: the player at the
  dealer's right keeps a deuce cut from the deck and is dealt one card fewer); the upcard
  that starts the discard pile (BING-DEAL: "the top card is turned over"; GIN-DEAL);
* the gin first upcard (GIN-DEAL, standard gin): the non-dealer may take it or pass,
  then the dealer; when both pass the non-dealer draws from the stock (``GameState``'s
  offer and ``pass_turn``, as in a replay);
* basic's empty stock: ``GameState`` renews it from the discard pile (BASIC-STOCK); the
  engine shuffles those cards into the state's stock order first;
* a hand ends without a winner when the stock cannot be drawn from at the start of a
  turn: gin's dead hand (GIN-DEAD), basic's stalemate (BASIC-STOCK, BASIC-STALEMATE);
  Bing has no rule for an empty stock, so the engine calls the hand dead and nobody
  scores (counted as ``dead_hands``);
* Bing buy-backs: a player who busts buys back in up to ``buybacks`` times a game
  (BING-BUYBACK; 0 by default);
* a hand nobody ends in ``MAX_TURNS`` turns while the stock still has cards (bots that
  take and throw the same cards for ever: no rule ends such a hand) stops the simulation
  with a ``SimulationError`` naming the seed, deal and hand, rather than being scored as a
  hand the rules do not know.

Randomness: the deal of hand ``h`` of a game comes from ``random.Random`` seeded with
(seed, deal, h), and each bot gets its own ``random.Random`` seeded with (seed, deal,
rotation, seat): so the same deal is dealt identically whatever the seats hold, and a
game's result depends on nothing but its seed and index.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from rummycheck.cards import Card
from rummycheck.dealing import shoe
from rummycheck.errors import SimulationError
from rummycheck.games import Game, game_of
from rummycheck.games.base import score_hand
from rummycheck.games.scoring import HandEnd, HandScore, Sheet, new_sheet
from rummycheck.sim.bots import Bot, LayDown, StartOptions, View, ViewPhase, new_view, start_choice, start_options_text
from rummycheck.sim.hand import SimState
from rummycheck.sim.record_out import action_texts
from rummycheck.table.actions import ActionKind
from rummycheck.table.hand import Ending, deal_shuffled, hand_end, seat_names, start_state
from rummycheck.table.observation import (
    PublicPrefix,
    SeenCard,
    declined_card,
    observe,
    public_prefix,
    seen_after,
    seen_cards,
)
from rummycheck.table.state import GameState, IllegalPlay, PlayRecord
from rummycheck.variants import Variant, variant_names

__all__ = ["GameOutcome", "RolloutPrefix", "SeatResult", "hand_points", "play_game", "play_out", "rollout_prefix",
           "seat_names"]

MAX_TURNS = 2000


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One seat's game: points caught in each hand it played, and its counts (``counts``: the
    game's own, ``Game.COUNTERS``, by name)."""

    points: tuple[int, ...]
    hands_won: int = 0
    counts: tuple[tuple[str, int], ...] = ()
    final_score: int = 0

    @property
    def hands(self) -> int:
        return len(self.points)

    def count(self, name: str) -> int:
        """The seat's count ``name`` (0 when the game has no such count)."""
        for key, value in self.counts:
            if key == name:
                return value
        return 0


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """A finished game: who sat where, who won, and each seat's counts."""

    deal: int
    rotation: int
    bots: tuple[str, ...]  # bot label by seat
    winner: int | None
    hands: int
    dead_hands: int
    seats: tuple[SeatResult, ...]
    finished: bool = True
    record: dict[str, Any] | None = None


@dataclass
class _Seat:
    points: list[int] = field(default_factory=list)
    hands_won: int = 0
    counts: dict[str, int] = field(default_factory=dict)


class _Hand:
    """One hand in progress: the state, the engine's own stock and the public pile history."""

    def __init__(self, variant: Variant, game: Game, sheet: Sheet, names: tuple[str, ...], dealer: int,
                 rng: random.Random, record: bool, cards: Sequence[Card]) -> None:
        self.variant = variant
        self.game = game
        self.names = names
        count = len(names)
        out = [p.out for p in sheet.players]
        scores = [p.score for p in sheet.players]
        dealt = deal_shuffled(rng, variant, cards, dealer=dealer, out=out)
        playing = [s for s in range(count) if not out[s]]
        first, cut, cutter, upcard, deck = dealt.first, dealt.cut, dealt.cutter, dealt.upcard, dealt.stock
        hands = dealt.hands
        self.state = start_state(variant, names=names, scores=scores, out=out, hands=hands, cut=cut,
                                 cutter=cutter, upcard=upcard, stock=len(deck), first=first, stock_cards=deck,
                                 state_class=SimState)
        # the views' observe callables, one a seat for the whole hand
        self.observers = tuple([partial(observe, self.state, seat) for seat in range(count)])
        self.first = first
        self.dealer = dealer
        self.rng = rng
        # the public pile history as the views show it, rebuilt only when a card is taken or thrown
        self.taken: tuple[tuple[Card, ...], ...] = ((),) * count
        self.thrown: tuple[tuple[Card, ...], ...] = ((),) * count
        self.declined: tuple[tuple[Card, ...], ...] = ((),) * count  # first upcards passed (gin)
        # what stays put during a hand, made once for every view
        self.scores = tuple(scores)
        self.out = tuple(out)
        self.opened = tuple(p.opened for p in self.state.players)  # changes only with a lay-down
        self.actions: list[str] | None = [] if record else None
        self.restocks: list[list[str]] = []
        self.deal_record: dict[str, Any] | None = None
        if record:
            self.deal_record = {
                "dealer": names[dealer], "first": names[first],
                "hands": {names[s]: [str(c) for c in sorted(hands[s])] for s in playing},
                "cut": None if cut is None else {"player": names[cutter] if cutter is not None else None,
                                                 "card": str(cut)},
                "upcard": None if upcard is None else str(upcard),
                "stock": [str(c) for c in deck],
                "scores": {names[s]: scores[s] for s in range(count)},
                "out": [names[s] for s in range(count) if out[s]],
            }

    @classmethod
    def around(cls, state: GameState, rng: random.Random, prefix: RolloutPrefix | None = None) -> _Hand:
        """A hand in progress at ``state`` (a rollout's start: no deal, no record kept); ``prefix``, the
        public history of records ``state``'s history may go on from (``rollout_prefix``)."""
        hand = cls.__new__(cls)
        hand.variant = state.variant
        hand.game = state.game
        hand.names = tuple(p.name for p in state.players)
        hand.state = state
        hand.observers = tuple([partial(observe, state, seat) for seat in range(len(hand.names))])
        hand.first = state.current
        hand.dealer = state.current
        hand.rng = rng
        seat_of = {name: seat for seat, name in enumerate(hand.names)}
        # the public pile history, as an observation reads it: after the prefix's, when the state's
        # history goes on from its records (a long record is then read once, not in every rollout)
        after = seen_after(state, prefix.public) if prefix is not None else None
        if prefix is not None and after is not None:
            lists = _group(after, seat_of)
            hand.taken, hand.thrown, hand.declined = (
                tuple([old + tuple(new) for old, new in zip(prefix.grouped[how], lists[how])]) for how in _HOWS)
        else:
            lists = _group(seen_cards(state), seat_of)
            hand.taken, hand.thrown, hand.declined = (tuple([tuple(cards) for cards in lists[how]]) for how in _HOWS)
        hand.scores = tuple(p.score for p in state.players)
        hand.out = tuple(p.out for p in state.players)
        hand.opened = tuple(p.opened for p in state.players)
        hand.actions = None
        hand.restocks = []
        hand.deal_record = None
        return hand

    def view(self, seat: int, phase: ViewPhase, options: tuple[ActionKind, ...] = ()) -> View:
        state = self.state
        players = state.players
        on_turn = seat == state.current
        if len(players) == 2:  # gin's two seats, without a comprehension's frame
            first, second = players
            sizes: tuple[int, ...] = (len(first.hand) + first.unknown, len(second.hand) + second.unknown)
        else:
            sizes = tuple([len(p.hand) + p.unknown for p in players])
        return new_view(  # View's fields in order
            self.variant, seat, self.names, players[seat].hand, tuple(state.table), tuple(state.discard_pile),
            state.stock or 0, self.scores, sizes,
            self.opened, self.out, self.taken, self.thrown,
            state.drew if on_turn else "none", state.took if on_turn else None, phase, state.knocker,
            self.game.kept_upcard(state), options, self.observers[seat], self.declined)

    def _taken_by(self, seat: int, card: Card) -> None:
        taken = list(self.taken)
        taken[seat] += (card,)
        self.taken = tuple(taken)

    def thrown_by(self, seat: int, card: Card) -> None:
        thrown = list(self.thrown)
        thrown[seat] += (card,)
        self.thrown = tuple(thrown)

    def log(self, record: PlayRecord) -> None:
        if self.actions is not None:
            self.actions.extend(action_texts(record))

    # -- actions ---------------------------------------------------------------------------------
    def draw(self) -> None:
        state = self.state
        if state.stock == 0:  # renewed from the discard pile (BASIC-STOCK), in an order drawn here
            renewed: list[Card | None] = list(state.discard_pile[:-1])
            self.rng.shuffle(renewed)
            state.stock_order = renewed  # the next card last, as GameState keeps it
            if self.actions is not None:
                self.restocks.append([str(c) for c in reversed(renewed)])
        self.log(state.draw_stock())

    def take(self, seat: int) -> None:
        record = self.state.take_discard()
        if self.state.phase != "over":  # a take that ends the hand (a take limit) leaves the card
            self._taken_by(seat, record.cards[0])
        self.log(record)

    def lay(self, play: LayDown | None, bot: Bot) -> bool:
        """Lay ``play`` down; where the judge refuses it and the bot offers smaller plays
        (``BaseBot.within_rules``: house rules its search does not model), the first of them the
        judge allows, or nothing.  A bot without them stops the run on the refusal, as before."""
        if not play:
            return False
        state = self.state
        try:
            record = state.lay_down(play.melds, play.layoffs)
        except IllegalPlay:
            smaller = getattr(bot, "within_rules", None)
            if smaller is None:
                raise
            fallback = next((p for p in smaller(play) if state.can_lay_down(p.melds, p.layoffs)), None)
            if fallback is None:
                return False
            record = state.lay_down(fallback.melds, fallback.layoffs)
        self.log(record)
        self.opened = tuple(p.opened for p in state.players)
        return True

    def throw(self, seat: int, card: Card) -> None:
        self.log(self.state.discard(card))
        self.thrown_by(seat, card)


_HOWS = ("taken", "thrown", "declined")


def _group(seen: Sequence[SeenCard], seat_of: dict[str, int]) -> dict[str, list[list[Card]]]:
    """The cards seen, by how and by seat, in order (lists: a tuple grown a card at a time would cost
    the square of a long record's length)."""
    lists: dict[str, list[list[Card]]] = {how: [[] for _ in seat_of] for how in _HOWS}
    for one in seen:
        kept = lists.get(one.how)
        if kept is not None:
            kept[seat_of[one.player]].append(one.card)
    return lists


@dataclass(frozen=True, slots=True, eq=False)
class RolloutPrefix:
    """The public history of a state's records (``observation.public_prefix``) with its cards grouped
    as the views show them (taken, thrown, declined; by seat): made once for the rollouts of one
    task, whose start states all go on from those records (``rollout_prefix``)."""

    public: PublicPrefix
    grouped: dict[str, tuple[tuple[Card, ...], ...]]


def rollout_prefix(state: GameState) -> RolloutPrefix:
    """The ``RolloutPrefix`` of ``state``'s records, for ``play_out``'s ``prefix``."""
    public = public_prefix(state)
    lists = _group(public.seen, {p.name: seat for seat, p in enumerate(state.players)})
    return RolloutPrefix(public, {how: tuple([tuple(cards) for cards in lists[how]]) for how in _HOWS})


def _start_options(hand: _Hand) -> tuple[ActionKind, ...]:
    state = hand.state
    if hand.game.lays_down(state):  # at the start of a turn: a meld turn instead of the draw (Bing)
        options = [ActionKind.LAY_DOWN]
        if state.can_draw_stock():
            options.append(ActionKind.DRAW)
        if state.discard_pile and state.can_take_discard():
            options.append(ActionKind.TAKE)
        return tuple(options)
    if state.can_draw_stock():
        return _DRAW_TAKE if state.discard_pile and state.can_take_discard() else _DRAW
    return _TAKE if state.discard_pile and state.can_take_discard() else ()


_DRAW_TAKE = (ActionKind.DRAW, ActionKind.TAKE)  # the gin and basic start options, made once
_DRAW = (ActionKind.DRAW,)
_TAKE = (ActionKind.TAKE,)


_UPCARD_OPTIONS = (ActionKind.TAKE, ActionKind.PASS)
# the views' ``StartOptions`` of the commonest options, made once (a tuple: nothing can change them)
_SHOWN_DRAW_TAKE = StartOptions(_DRAW_TAKE)
_SHOWN_UPCARD = StartOptions(_UPCARD_OPTIONS)


def _start(hand: _Hand, bot: Bot, seat: int, phase: ViewPhase, options: tuple[ActionKind, ...]) -> ActionKind:
    """The bot's ``start`` answer as one of ``options``: an older word (``"stock"``, ...) is read as its
    ``ActionKind``; anything else is a ``ValueError``.  The view's options are ``StartOptions`` (an older
    bot finds its words in them); the engine's own checks use the plain tuple, the quicker one."""
    shown = _SHOWN_DRAW_TAKE if options is _DRAW_TAKE else _SHOWN_UPCARD if options is _UPCARD_OPTIONS \
        else StartOptions(options)
    answer = bot.start(hand.view(seat, phase, shown))
    if type(answer) is ActionKind and answer in options:  # the shipped bots' answers, checked first
        return answer
    choice = start_choice(answer, options)
    if choice is None:
        raise ValueError(f"bot in seat {hand.names[seat]} chose {answer!r}, not one of "
                         f"{start_options_text(options)}")
    return choice


def _gin_upcard(hand: _Hand, bots: Sequence[Bot]) -> None:
    """GIN-DEAL: the first upcard is offered to the non-dealer, then the dealer; both passing, the
    non-dealer draws from the stock."""
    state = hand.state
    while hand.game.offer_open(state):  # a rollout may start at the dealer's offer
        seat = state.current
        if _start(hand, bots[seat], seat, ViewPhase.UPCARD, _UPCARD_OPTIONS) is ActionKind.TAKE:
            hand.take(seat)
            return
        top = declined_card(state)  # the card the pass declines, as an observation reads it
        hand.log(state.pass_turn())
        if top is not None:
            declined = list(hand.declined)
            declined[seat] += (top,)
            hand.declined = tuple(declined)


def _turn(hand: _Hand, bots: Sequence[Bot]) -> str | None:
    """Play one turn; return how the hand ended ('out', 'knock', 'dead') or None to go on."""
    state = hand.state
    game = hand.game
    seat = state.current
    bot = bots[seat]
    if state.drew == "none":
        options = _start_options(hand)
        if ActionKind.DRAW not in options:
            return "dead"
        choice = _start(hand, bot, seat, ViewPhase.PLAY, options)
        if choice is ActionKind.LAY_DOWN:
            if not hand.lay(bot.lay_down(hand.view(seat, ViewPhase.PLAY)), bot):
                raise ValueError(f"bot in seat {hand.names[seat]} chose a meld turn but laid nothing down")
            if state.phase == "over":
                return "out"
            if state.can_end_turn():
                hand.log(state.end_turn())
            else:
                hand.throw(seat, bot.discard(hand.view(seat, ViewPhase.PLAY)))
                if state.phase == "over":
                    return "out"
            return None
        if choice is ActionKind.DRAW:
            hand.draw()
        else:
            hand.take(seat)
            if state.phase == "over":  # the take reached a take limit: the hand is dead (GIN-DEAD)
                return "dead"
    if game.turn_starts_with_draw:
        if hand.lay(bot.lay_down(hand.view(seat, ViewPhase.PLAY)), bot):
            if state.phase == "over":
                return "out"
            if state.stalemate() is not None:  # nobody can ever finish now (BASIC-STALEMATE)
                return "dead"
    view = hand.view(seat, ViewPhase.PLAY)
    card = bot.discard(view)
    if game.may_knock(state) and bot.knock(view, card):
        choose = getattr(bot, "knock_melds", None)  # optional: else the judge's best arrangement
        hand.log(state.knock(card, choose(view, card) if choose is not None else None))
        hand.thrown_by(seat, card)
        defender = state.current
        hand.lay(bots[defender].lay_down(hand.view(defender, ViewPhase.LAYOFF)), bots[defender])
        hand.log(state.finish())
        return "knock"
    hand.throw(seat, card)
    if state.phase == "over":
        return "dead" if game.hand_dead(state) else "out"  # dead: a throw-back limit (GIN-DEAD)
    return None


def play_out(state: GameState, bots: Sequence[Bot], *, seed: int | str,
             max_turns: int = MAX_TURNS,
             turn_ended: Callable[[GameState, bool], None] | None = None,
             prefix: RolloutPrefix | None = None) -> tuple[GameState, Ending]:
    """Play the hand of ``state`` to its end with ``bots`` (one per seat), in place; return the final
    state and how the hand ended (``table.hand.hand_end``).  ``state`` may stand anywhere: at a
    turn's start, after a draw, after a Bing meld turn's lay-down, during gin's first-upcard offer
    or after a knock.  The bots are set up with ``random.Random(f"rollout:{seed}:{seat}")`` and the
    simulator's own shuffles (a basic renewal) with ``random.Random(f"rollout:{seed}")``.

    ``turn_ended``, if given, is called once, when the first turn played here has ended and the hand
    goes on: with the state then (to copy, not keep: play goes on in it) and whether no random
    number has been drawn yet, by a bot or by the simulator.  Where none has, playing on from a copy
    of that state with bots made and set up afresh is the same play, for bots whose choices depend
    on their views and their rng alone (``BaseBot.replays``).  ``prefix``: as ``_Hand.around``'s (the
    same play, found sooner)."""
    variant = state.variant
    rngs = [random.Random(f"rollout:{seed}:{seat}") for seat in range(len(bots))]
    own = random.Random(f"rollout:{seed}")
    fresh = [r.getstate() for r in (*rngs, own)] if turn_ended is not None else None
    for seat, bot in enumerate(bots):
        bot.setup(seat=seat, variant=variant, rng=rngs[seat])
    hand = _Hand.around(state, own, prefix)
    how: str | None = None
    if state.phase == "over":
        return state, hand_end(state)
    if state.phase == "layoff":  # after a knock: the defender lays off, then the hand is over
        defender = state.current
        hand.lay(bots[defender].lay_down(hand.view(defender, ViewPhase.LAYOFF)), bots[defender])
        state.finish()
        return state, hand_end(state)
    if hand.game.offer_open(state):  # gin: the first upcard still on offer
        _gin_upcard(hand, bots)
        if state.phase == "over":
            return state, hand_end(state, stuck=True)
    elif state.melded and state.drew == "none" and state.phase == "play":  # a meld turn, still to end
        seat = state.current
        if state.can_end_turn():
            state.end_turn()
        else:
            hand.throw(seat, bots[seat].discard(hand.view(seat, ViewPhase.PLAY)))
        if state.phase == "over":
            how = "dead" if hand.game.hand_dead(state) else "out"
    turns = 0
    while how is None:
        turns += 1
        if turns > max_turns:
            raise SimulationError(f"{variant.name}: a rollout found no end in {max_turns} turns with cards still "
                                  "in the stock; the bots repeat themselves")
        how = _turn(hand, bots)
        if fresh is not None and turn_ended is not None:
            if how is None:
                turn_ended(state, fresh == [r.getstate() for r in (*rngs, own)])
            fresh = None
    return state, hand_end(state, stuck=how == "dead")


def _hand_end(hand: _Hand, how: str) -> HandEnd | None:
    """The ``HandEnd`` the score engine reads, or None for a hand nobody scores (Bing dead hand)."""
    return hand_end(hand.state, stuck=how == "dead").end


def play_game(variant: Variant, bots: Sequence[Bot], *, seed: int, deal: int, rotation: int = 0,
              labels: Sequence[str] | None = None, buybacks: int = 0, max_hands: int = 300,
              record: bool = False) -> GameOutcome:
    """Play one whole game; ``deal`` picks the shuffles, ``rotation`` only names who sits where."""
    game = game_of(variant)
    count = len(bots)
    names = seat_names(count)
    labels = tuple(labels) if labels is not None else tuple(type(b).__name__ for b in bots)
    for seat, bot in enumerate(bots):
        bot.setup(seat=seat, variant=variant, rng=random.Random(f"bot:{seed}:{deal}:{rotation}:{seat}"))
    sheet = new_sheet(variant, names)
    cards = tuple(shoe(variant))
    seats = [_Seat(counts=dict.fromkeys([c.name for c in game.COUNTERS], 0)) for _ in range(count)]
    hands_played = 0
    dead = 0
    dealer = count - 1
    hand_records: list[dict[str, Any]] = []
    bought = [0] * count
    while not sheet.finished and hands_played < max_hands:
        rng = random.Random(f"deal:{seed}:{deal}:{hands_played}")
        hand = _Hand(variant, game, sheet, names, dealer, rng, record, cards)
        state = hand.state
        if state.can_pass():  # a first upcard on offer (gin): taken or passed before any draw
            _gin_upcard(hand, bots)
        how: str | None = None
        turns = 0
        while how is None:
            turns += 1
            if turns > MAX_TURNS:  # no rule ends such a hand: the bots repeat themselves, say so
                raise SimulationError(
                    f"{variant.name} seed {seed}, deal {deal}, hand {hands_played + 1}: nobody went out in "
                    f"{MAX_TURNS} turns with cards still in the stock; the bots "
                    f"({', '.join(labels)}) repeat themselves")
            how = _turn(hand, bots)
        end = _hand_end(hand, how)
        playing = [s for s in range(count) if not sheet.players[s].out]
        hands_played += 1
        result: HandScore | None = None
        if end is None:
            dead += 1
            for s in playing:
                seats[s].points.append(0)
        else:
            result = score_hand(sheet, end)
            if result.busted and game.BUYBACK and buybacks:
                back = tuple(n for n in result.busted if bought[names.index(n)] < buybacks)
                if back and result.after.still_in() and any(
                        not p.out for p in result.after.players if p.name not in back):
                    end = HandEnd(out=end.out, cards=end.cards, buyback=back)
                    result = score_hand(sheet, end)
                    for n in back:
                        bought[names.index(n)] += 1
            if how == "dead":
                dead += 1
            _count(game, result, seats, playing, names, state)
            sheet = result.after
        if record:
            assert hand.deal_record is not None
            hand_records.append({
                **hand.deal_record, "actions": list(hand.actions or ()), "restocks": hand.restocks,
                "end": how, "buyback": list(end.buyback) if end is not None else [],
                "scores_after": {p.name: p.score for p in sheet.players},
                "lines": [] if result is None else [str(line) for line in result.lines],
            })
        dealer = _next_dealer(sheet, dealer)
    winner = names.index(sheet.winner) if sheet.winner is not None else None
    results = tuple(SeatResult(points=tuple(s.points), hands_won=s.hands_won, counts=tuple(s.counts.items()),
                               final_score=sheet.players[i].score) for i, s in enumerate(seats))
    game_record = None
    if record:
        # a house-rules variant is written as the shipped variant of its game plus its changed options
        # (a record names a variant get_variant knows; the house file's own name is not one)
        shipped = variant.name if variant.name in variant_names() else variant.game
        game_record = {"variant": shipped, "options": variant.changed_options(), "seed": seed, "deal": deal,
                       "rotation": rotation, "players": list(names), "bots": list(labels), "hands": hand_records,
                       "winner": sheet.winner, "finished": sheet.finished,
                       "final_scores": {p.name: p.score for p in sheet.players}}
    return GameOutcome(deal=deal, rotation=rotation, bots=labels, winner=winner, hands=hands_played,
                       dead_hands=dead, seats=results, finished=sheet.finished, record=game_record)


def _next_dealer(sheet: Sheet, dealer: int) -> int:
    count = len(sheet.players)
    for step in range(1, count + 1):
        seat = (dealer + step) % count
        if not sheet.players[seat].out:
            return seat
    return dealer


def hand_points(game: Game, result: HandScore, names: Sequence[str]) -> dict[str, int]:
    """The points each player was given by the hand itself (the game's end, busts and buy-backs left out)."""
    caught = dict.fromkeys(names, 0)
    not_caught = game.NOT_CAUGHT  # the game's end, busts and buy-backs are not points caught
    for line in result.lines:
        if line.player is not None and line.rule not in not_caught:
            caught[line.player] += line.points
    return caught


def _count(game: Game, result: HandScore, seats: list[_Seat], playing: list[int], names: tuple[str, ...],
           state: GameState) -> None:
    caught = hand_points(game, result, names)
    for s in playing:
        seats[s].points.append(caught[names[s]])
    if result.hand_winner is not None:
        seats[names.index(result.hand_winner)].hands_won += 1
    for name, counter in game.hand_counts(state, result):  # busts, knocks, ...: the game's own counts
        counts = seats[names.index(name)].counts
        counts[counter] = counts.get(counter, 0) + 1
