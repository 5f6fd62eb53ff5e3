"""Replaying a record through the one judge, ``GameState``.

A record (see ``docs/records.md``; read and written by ``rummycheck.files.record``) holds
the deal of each hand and its actions.  ``replay(record)`` sets up each hand from its deal
(the dealt hands, the upcard, Bing's cut deuce, the stock as far as it is known), applies
every action with ``GameState`` and stops at the first illegal one, naming the hand, the
action, its ``file:line:col`` and the rule ids with their numbers (the wording of
``check``).  A hand that ends is scored with the scoring engine (``score_hand``), and the
running scores carry on to the next hand; finishing scores written in the record are
compared with the engine's.

What the replay adds to ``GameState`` is only the record's knowledge of the cards: the
stock order (``A draw`` takes the next known card, or an unknown one; ``A draw 7h`` must
agree with a known stock), the renewed stock of basic rummy, and the grouping of the
meld and lay-off actions of one turn into one lay-down (so BING-LIMIT and BING-OPEN are
judged on the whole lay-down, as ``check`` judges ``meld ...; layoff ...``).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

from rummycheck.cards import Card
from rummycheck.errors import ActionSyntaxError, RecordError, RummyError
from rummycheck.games import game_of
from rummycheck.results import Reason
from rummycheck.table.hand import hand_end
from rummycheck.table.plays import Play, PlaySyntaxError, apply_play, parse_play
from rummycheck.table.record import HandRecord, Record, RecordAction
from rummycheck.table.scoring import HandEnd, HandScore, Sheet, new_sheet, score_hand
from rummycheck.table.state import GameState, IllegalPlay, PlayerState, Snapshot
from rummycheck.textsafe import shorten

__all__ = [
    "ActionSyntaxError",
    "HandRecord",
    "HandReplay",
    "HandRun",
    "IllegalAction",
    "Record",
    "RecordAction",
    "RecordError",
    "Replay",
    "next_dealer",
    "parse_action",
    "replay",
    "start_sheet",
    "state_at",
]

#: the most characters of an action's text an illegal action's line quotes (a whole meld of 14 cards
#: with its stand-ins is well under it)
ACTION_SHOWN = 200

_PLAY_PLACE = re.compile(r"^<action>:1:(\d+): ")


# -- parsing --------------------------------------------------------------------------------

def parse_action(text: str, players: Sequence[str]) -> Play:
    """The play of one action string (the actor's name first); raise ``ActionSyntaxError``."""
    words = text.split(maxsplit=1)
    if not words:
        raise ActionSyntaxError(0, "empty action; expected e.g. \"A draw\" (the player, then the play)")
    if words[0] not in players:
        raise ActionSyntaxError(text.index(words[0]), "an action starts with the player's name "
                                                      f"({', '.join(players)}), got {words[0]!r}")
    rest = words[1] if len(words) > 1 else ""
    offset = text.index(rest, len(words[0])) if rest else len(text)
    if ";" in rest:
        raise ActionSyntaxError(offset + rest.index(";"), "one action a string: write "
                                                          f"{rest.split(';')[0].strip()!r} and the rest as the next "
                                                          "strings")
    try:
        return parse_play(rest, source="<action>")
    except PlaySyntaxError as error:
        message = str(error)
        match = _PLAY_PLACE.match(message)
        if match is None:
            raise ActionSyntaxError(offset, message) from None
        detail = message[match.end():]
        token = re.search(r"got '([^']+)'$", detail)
        if token is not None and token.group(1) in rest:  # point at the bad card itself
            raise ActionSyntaxError(offset + rest.index(token.group(1)), detail) from None
        raise ActionSyntaxError(offset + int(match.group(1)) - 1, detail) from None


# -- replaying ------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class IllegalAction:
    """The first illegal action of a record: where it is and the rules it breaks, with the numbers.

    ``action`` is 1-based within the hand; 0 means the deal itself.
    """

    hand: int
    action: int
    text: str
    where: str
    reasons: tuple[Reason, ...]
    passed: tuple[Reason, ...] = ()

    @property
    def rule(self) -> str:
        return self.reasons[0].rule if self.reasons else ""

    @property
    def rules(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(r.rule for r in self.reasons))

    @property
    def message(self) -> str:
        return "; ".join(r.message for r in self.reasons)

    def verdict(self) -> str:
        """The wording of ``check``: ``illegal: RULE: message; RULE: message``."""
        return "illegal: " + "; ".join(str(r) for r in self.reasons)

    def line(self) -> str:
        # the action as written, cut when absurdly long (a meld of thousands of cards is one line, not a page)
        what = "the deal" if self.action == 0 else f"action {self.action} {shorten(self.text, ACTION_SHOWN)}"
        return f"{self.where}: hand {self.hand}, {what}: {self.verdict()}"


@dataclass(frozen=True, slots=True)
class HandReplay:
    """One replayed hand: how far it went, how it ended, its score lines and the table at the end.

    ``ending`` is ``out`` (bing, basic), ``knock`` or ``dead`` (gin), ``stalemate`` (basic),
    or ``""`` when the record stops before the hand is over (then ``score`` is None).
    """

    number: int
    dealer: str
    actions: int
    total: int
    ending: str
    final: Snapshot  # the table where the hand stopped
    score: HandScore | None = None
    stated: tuple[tuple[str, int], ...] | None = None
    mismatches: tuple[str, ...] = ()
    note: str = ""


@dataclass(frozen=True, slots=True)
class Replay:
    """The result of replaying a record."""

    record: Record
    hands: tuple[HandReplay, ...]
    illegal: IllegalAction | None
    start: Sheet
    sheet: Sheet

    @property
    def legal(self) -> bool:
        return self.illegal is None

    @property
    def actions(self) -> int:
        """The number of actions applied (legal ones), over all hands."""
        return sum(h.actions for h in self.hands)

    @property
    def mismatches(self) -> tuple[str, ...]:
        return tuple(m for h in self.hands for m in h.mismatches)

    @property
    def ok(self) -> bool:
        """Every action legal and every score the record states agrees with the engine."""
        return self.legal and not self.mismatches

    def scores(self) -> dict[str, int]:
        """The points each player scored in the record (seat order): running score after minus before."""
        before = self.start.scores()
        return {name: total - before[name] for name, total in self.sheet.scores().items()}


class _Stop(Exception):
    """Internal: the first illegal action (or deal) was found."""

    def __init__(self, illegal: IllegalAction) -> None:
        self.illegal = illegal
        super().__init__(illegal.line())


class HandRun:
    """One hand being replayed: the ``GameState`` plus the record's knowledge of the stock.

    ``stock`` is the stock from the top (``None``: an unknown card).  Simulations may
    drive ``state`` directly and keep ``stock`` in step (see tests/record_driver.py).
    """

    def __init__(self, record: Record, index: int, sheet: Sheet, dealer: str) -> None:
        self.record = record
        self.index = index
        self.hand = record.hands[index]
        self.dealer = dealer
        self.variant = sheet.variant
        self.game = game_of(sheet.variant)
        self.applied = 0
        self.restocked = 0
        self.bag: Counter[Card] | None = None
        self.state, self.stock = self._deal(sheet)

    # -- the deal ----------------------------------------------------------------------
    def _deal(self, sheet: Sheet) -> tuple[GameState, list[Card | None]]:
        variant, hand, record = self.variant, self.hand, self.record
        game = self.game
        rule = game.DEAL
        game = game_of(variant)
        bust_rule, cut_rule = game.BUST or rule, game.CUT or rule
        in_game = [row.name for row in sheet.players if not row.out]
        size = game_of(variant).dealt_size(len(in_game))
        problems: list[Reason] = []
        if self.dealer not in in_game:
            problems.append(Reason(bust_rule, f"the dealer {self.dealer} is out of the game"))
        cutter = in_game[(in_game.index(self.dealer) - 1) % len(in_game)] if self.dealer in in_game else None
        players: list[PlayerState] = []
        for row in sheet.players:
            cards = hand.hand_of(row.name)
            if row.out:
                if cards:
                    problems.append(Reason(bust_rule, f"{row.name} is out of the game and is dealt no cards"))
                players.append(PlayerState(name=row.name, score=row.score, out=True))
                continue
            if cards is None:
                problems.append(Reason(rule, f"the deal gives {row.name} no cards (cards.{row.name})"))
                cards = ()
            elif len(cards) != size:
                extra = " (13 dealt plus the cut deuce)" if row.name == cutter and hand.cut is not None else ""
                problems.append(Reason(rule, f"{row.name} is dealt {len(cards)} cards; each player gets {size}"
                                             f"{extra} with {len(in_game)} players"))
            known = tuple(sorted(c for c in cards if c is not None))
            cut = hand.cut if row.name == cutter else None
            players.append(PlayerState(name=row.name, score=row.score, hand=known,
                                       unknown=sum(1 for c in cards if c is None), cut=cut))
        if hand.cut is not None and not game.cuts:
            problems.append(Reason(rule, f"nobody cuts for a deuce in {variant.title} (cut = \"{hand.cut}\")"))
        elif hand.cut is not None:
            holder = next((p for p in players if p.name == cutter), None)
            if not variant.is_wild(hand.cut):
                problems.append(Reason(cut_rule, f"only a deuce is kept from the cut, not {hand.cut}"))
            elif holder is not None and hand.cut not in holder.hand and holder.unknown == 0:
                problems.append(Reason(cut_rule, f"{cutter} cut for a deuce and kept {hand.cut}, but his hand "
                                                    "does not hold it"))
        dealt = sum(p.size for p in players)
        stock_size = 52 * variant.decks - dealt - 1
        if len(hand.stock) > stock_size:
            problems.append(Reason(rule, f"the stock lists {len(hand.stock)} cards, but only {stock_size} are left "
                                         "after the deal and the upcard"))
        if problems:
            raise _Stop(IllegalAction(self.index + 1, 0, "deal", self.record.where("hand", self.index),
                                      tuple(problems)))
        first = in_game[(in_game.index(self.dealer) + 1) % len(in_game)]
        upcard = hand.upcard
        assert upcard is not None
        state = GameState(variant=variant, players=players, discard_pile=[upcard], stock=stock_size,
                          current=record.players.index(first),
                          extra=game.new_hand_state(upcard))  # gin: the first upcard on offer to the non-dealer
        stock = list(hand.stock) + [None] * (stock_size - len(hand.stock))
        state.stock_order = list(reversed(stock))
        found = state.problems()  # the judge's whole-state validation of the table after the deal
        if found:
            raise _Stop(IllegalAction(self.index + 1, 0, "deal", self.record.where("hand", self.index),
                                      tuple(Reason(rule, problem) for problem in found)))
        return state, stock

    # -- actions -------------------------------------------------------------------------
    def where(self, number: int) -> str:
        return self.record.action_where(self.index + 1, number)

    def illegal(self, number: int, reasons: Sequence[Reason], passed: Sequence[Reason] = ()) -> _Stop:
        text = self.hand.actions[number - 1].text
        return _Stop(IllegalAction(self.index + 1, number, text, self.where(number), tuple(reasons), tuple(passed)))

    def run(self, stop: int | None = None) -> None:
        """Apply the actions (all, or those before action number ``stop``); raise ``_Stop`` at an illegal one."""
        for _ in self.steps(stop):
            pass

    def steps(self, stop: int | None = None) -> Iterator[tuple[int, int]]:
        """``run`` one step at a time: yield ``(first, end)``, the 0-based actions ``first`` to
        ``end - 1`` of the next step (a lay-down of several actions is one step), while
        ``self.state`` is still the table before it; the step is applied on resuming."""
        actions = self.hand.actions
        end = len(actions) if stop is None else min(stop - 1, len(actions))
        i = 0
        while i < end:
            play = parse_action(actions[i].text, self.record.players)
            verb = play.actions[0].verb
            if verb in ("meld", "layoff"):
                j = i + 1
                while j < len(actions) and actions[j].actor == actions[i].actor \
                        and parse_action(actions[j].text, self.record.players).actions[0].verb in ("meld", "layoff"):
                    j += 1
                if j > end:
                    raise RecordError(f"{self.where(end + 1)}: action {end + 1} continues the lay-down that starts "
                                      f"at action {i + 1} (melds and lay-offs of one turn are judged together); "
                                      f"take --at {i + 1} or --at {j + 1}")
                yield i, j
                self._lay_down(i, j)
                i = j
            else:
                yield i, i + 1
                self._one(i, play)
                i += 1
            self.applied = i

    def _guard(self, number: int) -> None:
        state = self.state
        actor = self.hand.actions[number - 1].actor
        try:
            if self._stalemated():
                state.verify_draw_stock()  # raises the BASIC-STOCK reason
            state.verify_actor(actor)
        except IllegalPlay as error:
            raise self.illegal(number, error.reasons) from None

    def _stalemated(self) -> bool:
        """Basic: the stock is empty and was renewed as often as allowed: the hand is a stalemate (BASIC-STOCK)."""
        state = self.state
        return state.phase == "play" and state.drew == "none" and state.game.exhausted(state) is not None

    def _one(self, i: int, play: Play) -> None:
        number = i + 1
        self._guard(number)
        action = play.actions[0]
        state = self.state
        try:
            if action.verb == "draw":
                self._draw(number, action.cards[0] if action.cards else None)
                cards = state.history[-1].cards
            else:
                cards = tuple(c for record in apply_play(state, play) for c in record.cards)
            self._copies(number, cards)
        except IllegalPlay as error:
            raise self.illegal(number, error.reasons, error.passed) from None
        except PlaySyntaxError as error:  # e.g. a wild laid off without saying what it stands for
            raise RecordError(f"{self.where(number)}: {str(error).split(': ', 1)[-1]}") from None
        except RummyError as error:
            raise RecordError(f"{self.where(number)}: hand {self.index + 1}, action {number}: {error}") from None

    def _draw(self, number: int, named: Card | None) -> None:
        stock_rule = self.game.STOCK or self.game.TURN
        state = self.state
        state.verify_draw_stock()  # the rules first, then what the record knows of the stock
        renewing = self.game.renews_stock and state.stock == 0
        if renewing:
            pile = state.discard_pile[:-1]
            if self.restocked < len(self.hand.restock):
                order = list(self.hand.restock[self.restocked])
                known = Counter(c for c in order if c is not None)
                if len(order) != len(pile) or any(n > Counter(pile)[c] for c, n in known.items()):
                    raise self.illegal(number, [Reason(stock_rule, f"restock {self.restocked + 1} lists "
                                                                      f"{len(order)} cards that are not the "
                                                                      f"{len(pile)} cards of the discard pile "
                                                                      "under its top card")])
                self.stock, self.bag = order, None
            else:
                self.stock, self.bag = [None] * len(pile), Counter(pile)
            state.stock_order = list(reversed(self.stock))
        top = self.stock[0] if self.stock else None
        if named is not None and top is not None and named != top:
            rule = self.game.TURN
            raise self.illegal(number, [Reason(rule, f"the next card of the stock is {top}, not {named}")])
        if named is not None and self.bag is not None and self.bag[named] == 0:
            raise self.illegal(number, [Reason(stock_rule, f"{named} is not in the renewed stock")])
        state.draw_stock(named if named is not None else top)
        if renewing:
            self.restocked += 1
        if self.stock:
            self.stock.pop(0)
        if self.bag is not None and named is not None:
            self.bag[named] -= 1

    def _lay_down(self, i: int, j: int) -> None:
        """Actions ``i`` to ``j - 1`` (melds and lay-offs of one player) as one lay-down."""
        self._guard(i + 1)
        plays = [parse_action(a.text, self.record.players) for a in self.hand.actions[i:j]]
        combined = Play("; ".join(p.text for p in plays), tuple(a for p in plays for a in p.actions))
        trial = self.state.copy()
        try:
            laid = apply_play(trial, combined)
        except IllegalPlay as error:
            raise self._blame(i, j, plays, error) from None
        except PlaySyntaxError as error:
            raise RecordError(f"{self.where(i + 1)}: {str(error).split(': ', 1)[-1]}") from None
        except RummyError as error:
            raise RecordError(f"{self.where(i + 1)}: hand {self.index + 1}, action {i + 1}: {error}") from None
        self.state = trial
        try:
            self._copies(i + 1, tuple(c for record in laid for c in record.cards))
        except IllegalPlay as error:
            raise self.illegal(i + 1, error.reasons) from None

    def _copies(self, number: int, cards: Sequence[Card]) -> None:
        """A card that comes out of an unknown hand (or an unknown stock) must still be one the decks
        have left: count its copies in the hands, on the table, in the pile and in the known stock."""
        state = self.state
        decks = self.variant.decks
        for card in set(cards):
            count = sum(p.hand.count(card) for p in state.players) + state.discard_pile.count(card) \
                + sum(t.meld.cards.count(card) for t in state.table) + self.stock.count(card)
            if count > decks:
                held = "one deck holds" if decks == 1 else f"{decks} decks hold"
                raise IllegalPlay([Reason(self.game.PLAYERS, f"{card} would be in play {count} times (hands, "
                                                                f"table, discard pile, known stock), but {held} "
                                                                f"only {decks}")])

    def _blame(self, i: int, j: int, plays: list[Play], error: IllegalPlay) -> _Stop:
        """The action of a grouped lay-down to blame: the first whose prefix breaks a rule no later
        action can put right, else the last one (with the whole lay-down's reasons)."""
        for k in range(i, j - 1):
            prefix = Play("", tuple(a for p in plays[:k - i + 1] for a in p.actions))
            trial = self.state.copy()
            try:
                apply_play(trial, prefix)
            except IllegalPlay as early:
                if {r.rule for r in early.reasons} - self.state.game.REPAIRABLE:
                    return self.illegal(k + 1, early.reasons, early.passed)
            except RummyError:
                continue
        return self.illegal(j, error.reasons, error.passed)

    # -- the end of the hand ------------------------------------------------------------------
    def ending(self) -> tuple[str, HandEnd | None, str]:
        """(how the hand ended, the ``HandEnd`` to score, a note when it cannot be scored)."""
        found = hand_end(self.state, buyback=self.hand.buyback)
        return found.how, found.end, found.note


def next_dealer(sheet: Sheet, seats: Sequence[str], dealer: str) -> str:
    """The next dealer: the next seat to the left (seat order) still in the game."""
    out = {row.name for row in sheet.players if row.out}
    at = seats.index(dealer)
    for step in range(1, len(seats) + 1):
        candidate = seats[(at + step) % len(seats)]
        if candidate not in out:
            return candidate
    return dealer


def start_sheet(record: Record) -> Sheet:
    return new_sheet(record.variant, record.players, scores=dict(record.start))


def _score(record: Record, run: HandRun, sheet: Sheet) -> HandReplay:
    ending, end, note = run.ending()
    number = run.index + 1
    total = len(run.hand.actions)
    table = run.state.snapshot()
    if end is None:  # nothing scored: scores the record states must be those the hand started with
        before = sheet.scores()
        unscored = tuple(
            f"{record.where('hand', run.index, 'scores', name)}: hand {number}: the record says {name} {value}, "
            f"but the hand is not over, so the rules give {name} {before.get(name)} (nothing scored yet)"
            for name, value in run.hand.scores or () if before.get(name) != value)
        return HandReplay(number, run.dealer, run.applied, total, ending, table, stated=run.hand.scores,
                          mismatches=unscored, note=note)
    try:
        result = score_hand(sheet, end)
    except RummyError as error:
        key = "buyback" if run.hand.buyback else "actions"
        raise RecordError(f"{record.where('hand', run.index, key)}: hand {number}: {error}") from None
    mismatches = []
    after = result.after.scores()
    for name, value in run.hand.scores or ():
        if after.get(name) != value:
            mismatches.append(f"{record.where('hand', run.index, 'scores', name)}: hand {number}: the record says "
                              f"{name} {value}, the rules give {name} {after.get(name)}")
    return HandReplay(number, run.dealer, run.applied, total, ending, table, result, run.hand.scores,
                      tuple(mismatches))


def replay(record: Record) -> Replay:
    """Replay every hand of ``record``; stop at the first illegal action (see the module docstring)."""
    start = start_sheet(record)
    sheet = start
    hands: list[HandReplay] = []
    dealer = record.dealer
    for index, hand in enumerate(record.hands):
        if index > 0:
            previous = hands[-1]
            if not previous.ending:
                rule = game_of(record.variant).OUT
                illegal = IllegalAction(index, previous.total, "(end of hand)", record.where("hand", index),
                                        (Reason(rule, f"hand {index} is not over but the record deals hand "
                                                      f"{index + 1}"),))
                return Replay(record, tuple(hands), illegal, start, sheet)
            if previous.score is None:
                raise RecordError(f"{record.where('hand', index)}: hand {index} cannot be scored "
                                  f"({previous.note}), so the running scores of hand {index + 1} are unknown")
            if sheet.finished:
                won = f" ({sheet.winner} won)" if sheet.winner else ""
                raise RecordError(f"{record.where('hand', index)}: the game is over after hand {index}{won}; "
                                  "no more hands can be played")
            dealer = hand.dealer or next_dealer(sheet, record.players, dealer)
        else:
            dealer = hand.dealer or record.dealer
        try:
            run = HandRun(record, index, sheet, dealer)
        except _Stop as stop:
            return Replay(record, tuple(hands), stop.illegal, start, sheet)
        try:
            run.run()
        except _Stop as stop:
            hands.append(HandReplay(index + 1, dealer, run.applied, len(hand.actions), "",
                                    run.state.snapshot()))
            return Replay(record, tuple(hands), stop.illegal, start, sheet)
        result = _score(record, run, sheet)
        hands.append(result)
        if result.score is not None:
            sheet = result.score.after
    return Replay(record, tuple(hands), None, start, sheet)


def state_at(record: Record, hand: int, at: int) -> GameState:
    """The table of hand ``hand`` (1-based) before action ``at`` (1-based; one past the last: the end).

    Raises ``RecordError`` when the hand or action does not exist or an earlier action is illegal.
    """
    if not 1 <= hand <= len(record.hands):
        raise RecordError(f"{record.source}: the record has {len(record.hands)} hand(s), not hand {hand}")
    actions = len(record.hands[hand - 1].actions)
    if not 1 <= at <= actions + 1:
        counted = "no actions yet" if actions == 0 else "1 action" if actions == 1 else f"{actions} actions"
        span = "1 (the deal, before any action)" if actions == 0 else \
            f"1 to {actions + 1} (before action N; {actions + 1}: after the last)"
        raise RecordError(f"{record.where('hand', hand - 1, 'actions')}: hand {hand} has {counted}; "
                          f"--at takes {span}, not {at}")
    earlier = replace(record, hands=record.hands[:hand - 1])
    done = replay(earlier) if hand > 1 else None
    if done is not None and not done.legal:
        assert done.illegal is not None
        raise RecordError(done.illegal.line())
    sheet = done.sheet if done is not None else start_sheet(record)
    dealer = record.hands[hand - 1].dealer or (
        record.dealer if hand == 1 else next_dealer(sheet, record.players, done.hands[-1].dealer if done else
                                                     record.dealer))
    try:
        run = HandRun(record, hand - 1, sheet, dealer)
        run.run(stop=at)
    except _Stop as stop:
        raise RecordError(stop.illegal.line()) from None
    return run.state
