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
without a discard), ``knock`` (gin) and ``finish`` (gin, after the defender's lay-offs).

``problems()`` is the whole-state validation: it collects every inconsistency (copies
beyond the decks, illegal table melds, hand sizes that cannot occur, a turn that
contradicts itself), like python-chess's ``status()``.

A hand may be partly unknown (``unknown`` cards); a play that needs the points of an
unknown hand raises ``ScenarioError`` (missing input), not ``IllegalPlay``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from itertools import combinations
from typing import TYPE_CHECKING, Any

from rummycheck.cards import Card, Suit, format_cards, full_deck
from rummycheck.errors import IllegalPlayError, ScenarioError
from rummycheck.melds import Meld, MeldKind, meld_problem_rule, meld_problems, run_positions
from rummycheck.results import LayOff, Reason
from rummycheck.scenario import TableMeld, dealt_size
from rummycheck.variants import Variant

if TYPE_CHECKING:
    from rummycheck.scenario import Scenario

__all__ = [
    "GameState",
    "IllegalPlay",
    "PlayRecord",
    "PlayerState",
    "extend_meld",
    "hand_size_problem",
]


class IllegalPlay(IllegalPlayError):
    """A play breaks one or more rules; ``reasons`` name each rule id with the numbers."""

    def __init__(self, reasons: Sequence[Reason], *, passed: Sequence[Reason] = ()) -> None:
        self.reasons = tuple(reasons)
        self.passed = tuple(passed)
        super().__init__("; ".join(str(r) for r in self.reasons))

    @property
    def rules(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(r.rule for r in self.reasons))


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


@dataclass(frozen=True, slots=True)
class PlayRecord:
    """What an action did: its kind, who, the cards, and the rules it satisfied."""

    kind: str  # draw_stock, take_discard, lay_down, discard, end_turn, knock, finish
    player: str
    cards: tuple[Card, ...] = ()
    melds: tuple[Meld, ...] = ()
    layoffs: tuple[LayOff, ...] = ()
    reasons: tuple[Reason, ...] = ()
    went_out: bool = False
    facts: tuple[tuple[str, Any], ...] = ()

    def fact(self, name: str, default: Any = None) -> Any:
        return dict(self.facts).get(name, default)


def extend_meld(meld: Meld, additions: Sequence[tuple[Card, Card]], variant: Variant) -> Meld:
    """``meld`` with (card, stands for) pairs added; runs are put back in rank order."""
    entries = list(zip(meld.cards, meld.stands_for)) + list(additions)
    if meld.kind == MeldKind.RUN:
        positions = run_positions([s.number for _, s in entries], variant.ace)
        if positions is not None:
            order = {}
            low = positions[0]
            for number in {s.number for _, s in entries}:
                order[number] = min(p for p in positions if (p - 1) % 13 + 1 == number) - low
            entries.sort(key=lambda e: order[e[1].number])
    else:
        entries.sort(key=lambda e: (e[1].index, e[0].index))
    return Meld(meld.kind, tuple(c for c, _ in entries), tuple(s for _, s in entries))


def hand_size_problem(variant: Variant, *, players: int, size: int, opened: bool, drew: bool,
                      knocked: bool = False, ended: bool = False, knocker: bool = False,
                      cut: bool = False) -> str | None:
    """Why a player cannot hold ``size`` cards at this point, or None when he can.

    ``cut`` (bing): the player kept a deuce from the cut, one of his dealt cards (BING-DEAL).
    """
    dealt = dealt_size(variant, players)
    extra = 1 if drew else 0
    if size == 0:
        if ended or (variant.name == "gin" and knocked and knocker):
            return None  # a gin knocker with no deadwood holds nothing: gin
        return "no cards, which only happens when the hand is over"
    if variant.name == "gin":
        if knocked and knocker:
            return None if size <= dealt else f"{size} cards, but the knocker keeps at most {dealt} (GIN-KNOCK)"
        allowed = {dealt} if knocked or ended else {dealt + extra}
        if ended and knocker:
            allowed = {dealt, dealt + 1}
        if size not in allowed:
            shown = " or ".join(str(n) for n in sorted(allowed))
            drawn = ", one more after drawing" if extra and not (knocked or ended) else ""
            return f"{size} cards; a gin player holds {shown} at this point ({dealt} dealt{drawn}) (GIN-DEAL)"
        return None
    deal = "BING-DEAL" if variant.name == "bing" else "BASIC-DECK"
    if not opened:
        if size != dealt + extra and not ended:
            drawn = " and one drawn this turn" if extra else ""
            dealt_text = f"{dealt - 1} dealt plus the cut deuce" if cut else f"the {dealt} dealt"
            return (f"{size} cards, but a player who has not opened holds exactly {dealt + extra} "
                    f"({dealt_text}{drawn}) ({deal})")
        if size > dealt + extra:
            return f"{size} cards, more than the {dealt + extra} a player can hold ({deal})"
        return None
    if variant.name == "bing":
        most = dealt + extra - 3 * int(variant.option("opening_melds") or 1)
        if size > most:
            return (f"{size} cards, but a player who has opened laid down at least {dealt + extra - most} "
                    f"of the {dealt + extra}: at most {most} (BING-OPEN)")
        return None
    if size > dealt + extra:
        return f"{size} cards, more than the {dealt + extra} a player can hold ({deal})"
    return None


def _limit_text(score: int, points: int, limit: int, strict: bool) -> tuple[bool, str]:
    total = score + points
    ok = total < limit if strict else total <= limit
    relation = ("<" if ok else ">=") if strict else ("<=" if ok else ">")
    return ok, f"score {score} + {points} left = {total} {relation} {limit}"


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
    phase: str = "play"  # play, layoff (gin, after a knock), over
    knocker: int | None = None
    gin: bool = False
    winner: int | None = None
    reshuffles: int = 0
    upcard: Card | None = None  # gin: the first upcard (Oklahoma reads the knock limit from it)
    offer: str = ""  # gin, from a deal: "non-dealer" or "dealer" may take the first upcard; "declined": both passed
    dead: bool = False  # gin: the hand ended dead at the wall (GIN-DEAD)
    history: list[PlayRecord] = field(default_factory=list)

    # -- construction -------------------------------------------------------------------
    @classmethod
    def from_scenario(cls, scenario: Scenario) -> GameState:
        players = [PlayerState(name=p.name, score=p.score, opened=p.opened,
                               hand=tuple(p.hand) if p.hand is not None else (),
                               unknown=0 if p.hand is not None else p.hand_size, out=p.out, cut=p.cut)
                   for p in scenario.players]
        state = cls(variant=scenario.variant, players=players, table=list(scenario.table),
                    discard_pile=list(scenario.pile.discard), stock=scenario.pile.stock,
                    upcard=scenario.pile.first_upcard if scenario.variant.name == "gin" else None)
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
                knocker = state.players[state.current]
                # the knocker's hand is his deadwood: none left is gin (GIN-GIN, no lay-offs)
                state.gin = knocker.known and state.variant.points(knocker.hand) == 0
                state.current = state._next_seat(state.current)
        if scenario.end is not None:
            state.phase = "over"
        return state

    def copy(self) -> GameState:
        return replace(self, players=list(self.players), table=list(self.table),
                       discard_pile=list(self.discard_pile), history=list(self.history))

    # -- simple queries ------------------------------------------------------------------
    @property
    def player(self) -> PlayerState:
        return self.players[self.current]

    @property
    def top_discard(self) -> Card | None:
        return self.discard_pile[-1] if self.discard_pile else None

    def points(self, player: PlayerState) -> int:
        if not player.known:
            raise ScenarioError(f"the hand of {player.name!r} is not known ({player.unknown} unknown cards); "
                                "this play needs its points")
        return self.variant.points(player.hand)

    def _rule(self, suffix: str) -> str:
        return f"{self.variant.name.upper()}-{suffix}"

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
        unknown = player.unknown
        for card in cards:
            if card in hand:
                hand.remove(card)
            else:
                unknown -= 1
        return replace(player, hand=tuple(hand), unknown=unknown)

    def _missing(self, player: PlayerState, cards: Iterable[Card]) -> list[Card]:
        """Cards that the player's known hand (plus unknown cards) cannot supply."""
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

    def _need_phase(self, action: str) -> list[Reason]:
        stalemate = self.stalemate() if self.phase == "play" else None
        if stalemate is not None:
            return [stalemate]
        if self.phase == "over":
            return [Reason(self._rule("OUT") if self.variant.name != "gin" else "GIN-KNOCK",
                           "the hand is over")]
        if self.phase == "layoff" and action not in ("lay_down", "finish"):
            return [Reason("GIN-LAYOFF", f"after the knock only the defender's lay-offs remain, not {action}")]
        return []

    # -- stalemate (basic) ----------------------------------------------------------------
    def stalemate(self) -> Reason | None:
        """BASIC-STALEMATE: why no player can ever finish, or None when that is not certain.

        Only the clear cases are detected, from the table alone (hands may be unknown).
        No card outside the table (in any hand, the stock or the discard pile) extends a
        table meld, and either

        * every player holds at most one card: after drawing he holds two, too few for a
          new meld, so his hand never shrinks below one card; or
        * the cards outside the table contain no set or run at all, so no new meld can
          ever be laid down.

        Then no card is ever laid down again, a player's hand never empties (each draw
        is followed by a discard), and the hand cannot end but in a stalemate.  The
        second stalemate of BASIC-STOCK (the stock runs out once too often) is judged
        when drawing, not here.
        """
        if self.variant.name != "basic" or any(p.size == 0 for p in self.players if not p.out):
            return None
        variant = self.variant
        # what lies outside the table and whether any of it fits a table meld depend on the
        # table alone: memoised per variant
        memo: dict[tuple[Meld, ...], tuple[bool, list[Card], int]] = variant.memo.setdefault("stalemate", {})
        key = tuple(t.meld for t in self.table)
        if key not in memo:
            outside = Counter(card for card in full_deck() for _ in range(variant.decks))
            outside.subtract(c for t in self.table for c in t.meld.cards)
            cards = sorted(c for c, n in outside.items() if n > 0)
            fits = any(not meld_problems(extend_meld(t.meld, [(card, card)], variant), variant)
                       for card in cards for t in self.table)
            if len(memo) > 4096:
                memo.clear()
            memo[key] = (fits, cards, sum(n for n in outside.values() if n > 0))
        fits, cards, total = memo[key]
        if fits:
            return None
        most = max(p.size for p in self.players)
        if most <= 1:
            return Reason("BASIC-STALEMATE", "stalemate: no card outside the table fits a table meld and no "
                                             f"player holds more than {most} card (two after drawing, too few "
                                             "for a new meld), so nobody can ever finish")
        if _some_meld(cards, variant) is None:
            return Reason("BASIC-STALEMATE", "stalemate: no card outside the table fits a table meld and those "
                                             f"{total} cards hold no set or "
                                             "run, so nobody can ever finish")
        return None

    # -- drawing ------------------------------------------------------------------------
    def verify_draw_stock(self) -> None:
        problems = self._need_phase("draw")
        turn_rule = self._turn_rule()
        if not problems:
            if self.drew != "none":
                problems.append(Reason(turn_rule, f"{self.player.name} already drew this turn"))
            if self.melded:
                problems.append(Reason("BING-MELD-TURN" if self.variant.name == "bing" else turn_rule,
                                       "the draw comes first in a turn, before melding"))
            if self.offer in ("non-dealer", "dealer"):
                problems.append(Reason("GIN-DEAL", f"the first upcard is on offer to the {self.offer}: "
                                                   f"{self.player.name} takes it or passes before any draw"))
            if self.stock is not None:
                if self.variant.name == "gin" and self.stock <= int(self.variant.option("dead_stock") or 0):
                    problems.append(Reason("GIN-DEAD", f"{self.stock} cards left in the stock: the hand is dead"))
                elif self.stock == 0:
                    allowed = int(self.variant.get("stock_reshuffles", 0) or 0)
                    if self.variant.name == "basic" and self.reshuffles < allowed and len(self.discard_pile) > 1:
                        pass
                    elif self.variant.name == "basic" and self.reshuffles < allowed:
                        problems.append(Reason("BASIC-STOCK", "the stock is empty and the discard pile holds "
                                                              "only its top card: nothing to renew the stock "
                                                              "with (BASIC-STALEMATE)"))
                    elif self.variant.name == "basic":
                        problems.append(Reason("BASIC-STOCK", f"the stock is empty and has been renewed "
                                                              f"{self.reshuffles} of {allowed} times: stalemate"))
                    else:
                        problems.append(Reason(turn_rule, "the stock is empty"))
        if problems:
            raise IllegalPlay(problems)

    def can_draw_stock(self) -> bool:
        return _can(self.verify_draw_stock)

    def draw_stock(self, card: Card | None = None) -> PlayRecord:
        """Draw from the stock; ``card`` is the card drawn when known."""
        self.verify_draw_stock()
        reasons = [Reason(self._turn_rule(), f"{self.player.name} draws from the stock")]
        if self.stock == 0 and self.variant.name == "basic":
            top = self.discard_pile[-1]
            self.stock = len(self.discard_pile) - 1
            self.discard_pile = [top]
            self.reshuffles += 1
            reasons.append(Reason("BASIC-STOCK", "the discard pile becomes the new stock"))
        player = self.player
        if card is None:
            player = replace(player, unknown=player.unknown + 1)
        else:
            player = replace(player, hand=tuple(sorted((*player.hand, card))))
        self.players[self.current] = player
        if self.stock is not None:
            self.stock -= 1
        self.drew = "stock"
        self.offer = ""
        return self._record(PlayRecord("draw_stock", player.name, () if card is None else (card,),
                                       reasons=tuple(reasons)))

    def verify_take_discard(self) -> None:
        problems = self._need_phase("take")
        if not problems:
            if self.drew != "none":
                problems.append(Reason(self._turn_rule(), f"{self.player.name} already drew this turn"))
            if self.melded:
                problems.append(Reason("BING-MELD-TURN" if self.variant.name == "bing" else self._turn_rule(),
                                       "the draw comes first in a turn, before melding"))
            if self.offer == "declined":
                problems.append(Reason("GIN-DEAL", "both players passed the first upcard: "
                                                   f"{self.player.name} draws from the stock"))
            if not self.discard_pile:
                problems.append(Reason(self._turn_rule(), "the discard pile is empty (or not given)"))
            elif self.variant.name == "bing" and self.player.opened and self.player.known:
                hold = self._hold_after_take(self.discard_pile[-1])
                if hold is not None:
                    problems.append(hold)
        if problems:
            raise IllegalPlay(problems)

    def _hold_after_take(self, card: Card) -> Reason | None:
        """BING-LIMIT-HOLD: taking ``card`` is illegal when no discard that may follow keeps the limit.

        A Bing player who takes the top discard must discard another card in the same turn
        (BING-TURN; no meld after a draw, BING-MELD-TURN); when every such discard leaves
        score + hand over the limit, the take itself breaks the rule.
        """
        player = self.player
        hand = [*player.hand, card]
        choices = [c for c in set(player.hand)]
        if not choices:
            return None
        best = min(self.variant.points(self._remove_cards(replace(player, hand=tuple(hand)), [c]).hand)
                   for c in choices)
        limit = int(self.variant.option("limit") or 0)
        ok, text = _limit_text(player.score, best, limit, bool(self.variant.option("hold_strict")))
        if ok:
            return None
        return Reason("BING-LIMIT-HOLD", f"after taking {card} the best discard leaves {text}")

    def can_take_discard(self) -> bool:
        return _can(self.verify_take_discard)

    def take_discard(self) -> PlayRecord:
        """Take the top card of the discard pile."""
        self.verify_take_discard()
        card = self.discard_pile.pop()
        player = self.player
        self.players[self.current] = replace(player, hand=tuple(sorted((*player.hand, card))))
        self.drew = "discard"
        self.took = card
        self.offer = ""
        return self._record(PlayRecord("take_discard", player.name, (card,),
                                       reasons=(Reason(self._turn_rule(), f"{player.name} takes {card}"),)))

    def _turn_rule(self) -> str:
        return {"bing": "BING-TURN", "basic": "BASIC-TURN", "gin": "GIN-TURN"}[self.variant.name]

    # -- melding and laying off -----------------------------------------------------------
    def _layoff_meld(self, table: list[TableMeld], layoffs: Sequence[LayOff]) -> tuple[list[TableMeld],
                                                                                         list[Reason]]:
        """The table with lay-offs applied, and the problems of each extended meld."""
        problems: list[Reason] = []
        by_target: dict[int, list[tuple[Card, Card]]] = {}
        numbers = {t.number: i for i, t in enumerate(table)}
        layoff_rule = {"bing": "BING-LAYOFF", "basic": "BASIC-LAYOFF", "gin": "GIN-LAYOFF"}[self.variant.name]
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
                kind_rule = meld_problem_rule(found[0], old.meld.kind, self.variant)
                added = " ".join(_pair_text(c, s) for c, s in additions)
                problems.append(Reason(kind_rule, f"{added} does not fit table meld {target} ({old.meld}): "
                                                  + "; ".join(found)))
            else:
                new_table[index] = replace(old, meld=extended)
        return new_table, problems

    def _kind_rule(self, kind: MeldKind) -> str:
        if self.variant.name == "gin":
            return "GIN-MELD"
        return self._rule("SET" if kind == MeldKind.SET else "RUN")

    def _check_lay_down(self, melds: Sequence[Meld], layoffs: Sequence[LayOff]
                        ) -> tuple[list[Reason], list[Reason], list[TableMeld], PlayerState]:
        """(problems, passed rules, table after, player after) for a lay-down."""
        variant = self.variant
        name = variant.name
        player = self.player
        problems = self._need_phase("lay_down")
        passed: list[Reason] = []
        if problems:
            return problems, passed, self.table, player
        if not melds and not layoffs:
            problems.append(Reason(self._turn_rule(), "nothing to lay down"))
        cards = [c for m in melds for c in m.cards] + [lo.card for lo in layoffs]
        missing = self._missing(player, cards)
        if missing:
            problems.append(Reason(self._turn_rule(), f"{player.name} does not hold {format_cards(missing)}"))
        for number, meld in enumerate(melds, start=1):
            found = meld_problems(meld, variant)
            for problem in found:
                problems.append(Reason(meld_problem_rule(problem, meld.kind, variant),
                                       f"new meld {number} ({meld}): {problem}"))
        first_new = max((t.number for t in self.table), default=0) + 1
        owner = player.name
        table = list(self.table) + [TableMeld(number=first_new + i, meld=m, owner=owner)
                                    for i, m in enumerate(melds)]
        if layoffs and name == "gin":
            knocker_name = self.players[self.knocker].name if self.knocker is not None else None
            for lo in layoffs:
                target = next((t for t in table if t.number == lo.target), None)
                if target is not None and target.owner != knocker_name:
                    problems.append(Reason("GIN-LAYOFF", f"the defender lays off only on the knocker's melds; "
                                                         f"table meld {lo.target} is not the knocker's"))
        table, layoff_problems = self._layoff_meld(table, layoffs)
        problems.extend(layoff_problems)
        after = self._remove_cards(player, cards) if not missing else player
        if name == "bing":
            self._bing_lay_down_rules(melds, layoffs, after, problems, passed)
        elif name == "basic":
            self._basic_lay_down_rules(melds, layoffs, after, problems, passed)
        else:
            if self.phase != "layoff":
                problems.append(Reason("GIN-KNOCK", "in gin, melds go down only when a player knocks "
                                                    "(then the defender shows his and lays off)"))
            elif self.current == self.knocker:
                problems.append(Reason("GIN-LAYOFF", "the knocker's melds went down with the knock"))
            elif layoffs and self.gin:
                problems.append(Reason("GIN-LAYOFF", "never after gin: the knocker went gin (deadwood 0, "
                                                     "GIN-GIN), so the defender may not lay off"))
            elif layoffs:
                passed.append(Reason("GIN-LAYOFF", f"the defender lays off {len(layoffs)} card(s) on the "
                                                   "knocker's melds"))
        broken = {r.rule for r in problems}
        return problems, [r for r in passed if r.rule not in broken], table, after

    def _bing_lay_down_rules(self, melds: Sequence[Meld], layoffs: Sequence[LayOff], after: PlayerState,
                             problems: list[Reason], passed: list[Reason]) -> None:
        variant = self.variant
        player = self.player
        if self.drew != "none":
            problems.append(Reason("BING-MELD-TURN", f"{player.name} drew this turn "
                                                     f"(from the {'stock' if self.drew == 'stock' else 'discard pile'})"
                                                     " and may not meld in the same turn"))
        needed = int(variant.option("opening_melds") or 1)
        opening = not player.opened or self.opened_this_turn
        if not player.opened:
            if len(melds) < needed:
                problems.append(Reason("BING-OPEN", f"an opening lays down at least {needed} melds, "
                                                    f"this lays down {len(melds)}"))
            else:
                passed.append(Reason("BING-OPEN", f"{len(melds)} melds, at least {needed} needed to open: met"))
        if layoffs:
            if opening and not variant.option("layoff_in_opening"):
                problems.append(Reason("BING-LAYOFF", "lay-offs are not allowed in the opening turn "
                                                      "(layoff_in_opening = false)"))
            elif not player.opened and len(melds) < needed:
                problems.append(Reason("BING-LAYOFF", "lay-offs count only with a legal opening or after it"))
            else:
                passed.append(Reason("BING-LAYOFF", f"{len(layoffs)} card(s) laid off on the table"))
        if after.known:
            points = variant.points(after.hand)
            ok, text = _limit_text(player.score, points, int(variant.option("limit") or 0),
                                   bool(variant.option("limit_strict")))
            (passed if ok else problems).append(Reason("BING-LIMIT", text))
        elif after.unknown:
            raise ScenarioError(f"the hand of {player.name!r} is not fully known; BING-LIMIT needs its points")

    def _basic_lay_down_rules(self, melds: Sequence[Meld], layoffs: Sequence[LayOff], after: PlayerState,
                              problems: list[Reason], passed: list[Reason]) -> None:
        variant = self.variant
        player = self.player
        if self.drew == "none":
            problems.append(Reason("BASIC-TURN", "a turn starts with a draw (stock or discard pile) "
                                                 "before melding"))
        if variant.option("melds_per_turn") == "one" and self.melds_this_turn + len(melds) > 1:
            problems.append(Reason("BASIC-TURN", f"one meld a turn: this would be meld "
                                                 f"{self.melds_this_turn + len(melds)} this turn"))
        elif melds:
            passed.append(Reason("BASIC-TURN", f"{len(melds)} meld(s) laid down after the draw"))
        if layoffs:
            if not player.opened and not melds and not variant.option("layoff_before_meld"):
                problems.append(Reason("BASIC-LAYOFF", "lay-offs only after the player's own first meld "
                                                       "(layoff_before_meld = false)"))
            else:
                passed.append(Reason("BASIC-LAYOFF", f"{len(layoffs)} card(s) laid off"))
        minimum = int(variant.option("opening_points") or 0)
        if minimum and not player.opened and melds:
            worth = sum(variant.card_points(c) for m in melds for c in m.stands_for)
            if worth < minimum:
                problems.append(Reason("BASIC-OPEN", f"the first lay-down is worth {worth} points, "
                                                     f"{minimum} needed"))
            else:
                passed.append(Reason("BASIC-OPEN", f"the first lay-down is worth {worth} points, "
                                                   f"{minimum} needed: met"))
        if after.size == 0 and variant.option("out_discard_required"):
            problems.append(Reason("BASIC-OUT", "going out needs a final discard: keep one card "
                                                "(out_discard_required = true)"))
        if after.size == 1 and self.took is not None and after.hand == (self.took,):
            problems.append(Reason("BASIC-DISCARD", f"the only card left would be {self.took}, taken from the "
                                                    "discard pile this turn, and it may not be discarded"))

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
        name = self.variant.name
        if not self.player.opened and name != "gin":
            after = replace(after, opened=True)
            self.opened_this_turn = True
        self.players[self.current] = after
        self.table = table
        self.melded = True
        self.melds_this_turn += len(melds)
        went_out = after.size == 0 and name != "gin"
        if went_out:
            passed.append(Reason(self._rule("OUT"), f"{after.name} has no cards left and goes out"))
            self.phase = "over"
            self.winner = self.current
        return self._record(PlayRecord("lay_down", after.name, tuple(c for m in melds for c in m.cards)
                                       + tuple(lo.card for lo in layoffs), tuple(melds), tuple(layoffs),
                                       tuple(passed), went_out=went_out))

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
        problems = self._need_phase("discard")
        player = self.player
        name = self.variant.name
        passed: list[Reason] = []
        if not problems:
            if self._missing(player, [card]):
                problems.append(Reason(self._turn_rule(), f"{player.name} does not hold {card}"))
            if name in ("basic", "gin") and self.drew == "none":
                problems.append(Reason(self._turn_rule(), "a discard ends a turn that started with a draw; "
                                                          f"{player.name} has not drawn"))
            if name == "bing":
                if self.melded and not self.variant.option("meld_turn_discard"):
                    problems.append(Reason("BING-MELD-TURN", "a meld turn has no discard "
                                                             "(meld_turn_discard = false)"))
                elif not self.melded and self.drew == "none":
                    problems.append(Reason("BING-TURN", "a discard follows a draw (stock or discard pile)"))
            if self.took is not None and card == self.took and self.drew == "discard":
                rule = {"bing": "BING-TURN", "basic": "BASIC-DISCARD", "gin": "GIN-TURN"}[name]
                if Counter(player.hand)[card] < 2:
                    problems.append(Reason(rule, f"{card} was taken from the discard pile this turn and may "
                                                 "not be discarded in it"))
            if not problems and name == "bing" and player.opened:
                after = self._remove_cards(player, [card])
                points = self.points(after)
                ok, text = _limit_text(player.score, points, int(self.variant.option("limit") or 0),
                                       bool(self.variant.option("hold_strict")))
                (passed if ok else problems).append(Reason("BING-LIMIT-HOLD", text))
        if problems:
            raise IllegalPlay(problems, passed=passed)

    def can_discard(self, card: Card) -> bool:
        return _can(lambda: self.verify_discard(card))

    def discard(self, card: Card) -> PlayRecord:
        """Discard ``card``; this ends the turn (and the hand when it was the last card, basic)."""
        self.verify_discard(card)
        player = self.player
        passed = [Reason(self._turn_rule(), f"{player.name} discards {card}")]
        if self.variant.name == "bing" and player.opened:
            after_points = self.variant.points(self._remove_cards(player, [card]).hand)
            _, text = _limit_text(player.score, after_points, int(self.variant.option("limit") or 0),
                                  bool(self.variant.option("hold_strict")))
            passed.append(Reason("BING-LIMIT-HOLD", text))
        after = self._remove_cards(player, [card])
        self.players[self.current] = after
        self.discard_pile.append(card)
        went_out = after.size == 0
        if went_out:
            passed.append(Reason(self._rule("OUT"), f"{after.name} discards the last card and goes out"))
            self.phase = "over"
            self.winner = self.current
        else:
            self._advance_turn()
        return self._record(PlayRecord("discard", player.name, (card,), reasons=tuple(passed), went_out=went_out))

    def verify_end_turn(self) -> None:
        problems = self._need_phase("end_turn")
        if not problems:
            if self.variant.name != "bing":
                problems.append(Reason(self._turn_rule(), "a turn ends with a discard"))
            elif not self.melded:
                problems.append(Reason("BING-TURN", "only a meld turn ends without a discard"))
            elif self.variant.option("meld_turn_discard"):
                problems.append(Reason("BING-MELD-TURN", "a meld turn ends with a discard "
                                                         "(meld_turn_discard = true)"))
        if problems:
            raise IllegalPlay(problems)

    def can_end_turn(self) -> bool:
        return _can(self.verify_end_turn)

    def end_turn(self) -> PlayRecord:
        """End a Bing meld turn (no draw, no discard)."""
        self.verify_end_turn()
        name = self.player.name
        self._advance_turn()
        return self._record(PlayRecord("end_turn", name, reasons=(Reason("BING-MELD-TURN",
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
            walled = self.variant.get("dead_stock") is not None  # gin: a stock with a wall (GIN-DEAD)
            wall = int(self.variant.get("dead_stock") or 0) if walled else -1
            if not walled:
                problems.append(Reason(self._turn_rule(), "passing is a gin play (the first upcard, the wall)"))
            elif self.drew != "none":
                problems.append(Reason("GIN-TURN", f"{self.player.name} drew this turn and discards next"))
            elif self.offer not in ("non-dealer", "dealer") and (self.stock is None or self.stock > wall):
                problems.append(Reason("GIN-TURN", "a pass declines the first upcard or ends the hand at the "
                                                   f"wall ({wall} cards left in the stock); "
                                                   f"{self.player.name} draws"))
        if problems:
            raise IllegalPlay(problems)

    def can_pass(self) -> bool:
        return _can(self.verify_pass)

    def pass_turn(self) -> PlayRecord:
        """Gin: pass on the first upcard (then the dealer may take it; after him the non-dealer
        draws from the stock), or at the wall, which ends the hand dead (GIN-DEAD)."""
        self.verify_pass()
        name = self.player.name
        if self.offer == "non-dealer":
            self.offer = "dealer"
            self.current = self._next_seat(self.current)
            reason = Reason("GIN-DEAL", f"{name} passes the first upcard: the dealer may take it")
        elif self.offer == "dealer":
            self.offer = "declined"
            self.current = self._next_seat(self.current)
            reason = Reason("GIN-DEAL", f"{name} passes the first upcard too: the non-dealer draws from the stock")
        else:
            self.phase = "over"
            self.dead = True
            reason = Reason("GIN-DEAD", f"{name} passes at the wall ({self.stock} cards left in the stock): "
                                        "the hand is dead")
        return self._record(PlayRecord("pass", name, reasons=(reason,)))

    # -- gin: knocking and finishing ------------------------------------------------------------
    def _knock_arrangement(self, discard: Card | None, melds: Sequence[Meld] | None
                           ) -> tuple[list[Reason], list[Reason], tuple[Meld, ...], tuple[Card, ...]]:
        from rummycheck.exact import search

        problems = self._need_phase("knock")
        passed: list[Reason] = []
        player = self.player
        if problems:
            return problems, passed, (), ()
        if self.variant.name != "gin":
            return [Reason(self._turn_rule(), f"knocking is a gin play, the variant is {self.variant.name}")], \
                passed, (), ()
        if self.drew == "none":
            problems.append(Reason("GIN-TURN", "a knock comes after drawing"))
        if not player.known:
            raise ScenarioError(f"the hand of {player.name!r} is not known; a knock needs it")
        hand = list(player.hand)
        if discard is not None:
            if discard not in hand:
                problems.append(Reason("GIN-TURN", f"{player.name} does not hold {discard}"))
                return problems, passed, (), ()
            if self.took is not None and discard == self.took and Counter(hand)[discard] < 2:
                problems.append(Reason("GIN-TURN", f"{discard} was taken from the discard pile this turn"))
            hand.remove(discard)
        if melds is None:
            found = search(hand, variant=self.variant)
            assert found is not None
            melds, deadwood = found.melds, found.deadwood
        else:
            rest = list(hand)
            for meld in melds:
                for problem in meld_problems(meld, self.variant):
                    problems.append(Reason("GIN-MELD", f"{meld}: {problem}"))
                for card in meld.cards:
                    if card in rest:
                        rest.remove(card)
                    else:
                        problems.append(Reason("GIN-MELD", f"{card} is not in the hand"))
            deadwood = tuple(sorted(rest))
        points = self.variant.points(deadwood)
        limit, why = self.knock_limit()
        if discard is None:
            bonus = int(self.variant.option("big_gin_bonus") or 0)
            if deadwood or bonus == 0:
                problems.append(Reason("GIN-BIGGIN", "knocking without a discard is big gin: all 11 cards "
                                                     "melded" + ("" if bonus else " (big gin is not played)")))
            else:
                passed.append(Reason("GIN-BIGGIN", f"all {len(hand)} cards meld: big gin (bonus {bonus})"))
        elif points > limit:
            problems.append(Reason("GIN-KNOCK", f"deadwood {points} > {limit}{why}: may not knock"))
        elif points == 0:
            passed.append(Reason("GIN-GIN", "deadwood 0: gin (no lay-offs)"))
        else:
            passed.append(Reason("GIN-KNOCK", f"deadwood {points} <= {limit}{why}: may knock"))
        if self.variant.option("oklahoma") and self.upcard is not None and self.upcard.suit == Suit.SPADES:
            passed.append(Reason("GIN-KNOCK", f"Oklahoma: the spade upcard {self.upcard} doubles the hand's score"))
        return problems, passed, tuple(melds), tuple(deadwood)

    def knock_limit(self) -> tuple[int, str]:
        """GIN-KNOCK: the most deadwood a knock allows, and a note saying where it comes from.

        The note is empty for the ``knock_limit`` option; under Oklahoma it names the first
        upcard (``upcard``): its points set the limit, an ace allows gin only.
        """
        from rummycheck.scoring import gin_knock_limit

        if not self.variant.option("oklahoma"):
            return int(self.variant.option("knock_limit") or 0), ""
        if self.upcard is None:
            raise ScenarioError("Oklahoma gin (oklahoma = true) sets the knock limit from the first upcard: "
                                "give it as [pile] upcard = \"7s\"")
        limit, why = gin_knock_limit(self.variant, self.upcard)
        return limit, f" ({why})"

    def verify_knock(self, discard: Card | None, melds: Sequence[Meld] | None = None) -> None:
        problems, passed, _, _ = self._knock_arrangement(discard, melds)
        if problems:
            raise IllegalPlay(problems, passed=passed)

    def can_knock(self, discard: Card | None, melds: Sequence[Meld] | None = None) -> bool:
        return _can(lambda: self.verify_knock(discard, melds))

    def knock(self, discard: Card | None, melds: Sequence[Meld] | None = None) -> PlayRecord:
        """Gin: discard and knock (``discard=None``: big gin).  ``melds`` default to the best arrangement."""
        problems, passed, chosen, deadwood = self._knock_arrangement(discard, melds)
        if problems:
            raise IllegalPlay(problems, passed=passed)
        player = self.player
        hand = list(player.hand)
        if discard is not None:
            hand.remove(discard)
            self.discard_pile.append(discard)
        first = max((t.number for t in self.table), default=0) + 1
        self.table.extend(TableMeld(number=first + i, meld=m, owner=player.name) for i, m in enumerate(chosen))
        self.players[self.current] = replace(player, hand=tuple(deadwood), unknown=0)
        self.knocker = self.current
        self.gin = not deadwood
        self.phase = "layoff"
        self.current = self._next_seat(self.current)
        self.drew, self.took, self.melded = "none", None, False
        return self._record(PlayRecord("knock", player.name, () if discard is None else (discard,), chosen,
                                       reasons=tuple(passed),
                                       facts=(("deadwood", self.variant.points(deadwood)), ("gin", self.gin),
                                              ("big_gin", discard is None))))

    def verify_finish(self) -> None:
        if self.phase != "layoff":
            raise IllegalPlay([Reason("GIN-LAYOFF", "the hand is finished only after a knock and the "
                                                    "defender's lay-offs")])

    def can_finish(self) -> bool:
        return _can(self.verify_finish)

    def finish(self) -> PlayRecord:
        """Gin: the defender is done laying off; the hand is over."""
        self.verify_finish()
        self.phase = "over"
        name = self.player.name
        return self._record(PlayRecord("finish", name, reasons=(Reason("GIN-LAYOFF", "the defender is done"),)))

    def _record(self, record: PlayRecord) -> PlayRecord:
        self.history.append(record)
        return record

    # -- whole-state validation -------------------------------------------------------------------
    def problems(self) -> list[str]:
        """Every inconsistency in the state (empty when it is a state the game can reach)."""
        variant = self.variant
        found: list[str] = []
        if not self.players:
            return ["there are no players"]
        if not 0 <= self.current < len(self.players):
            found.append(f"the turn belongs to seat {self.current + 1}, but there are {len(self.players)} seats")
            return found
        low, high = int(variant.get("min_players", 2) or 2), int(variant.get("max_players", 2) or 2)
        if not low <= len(self.players) <= high:
            deck = "GIN-DEAL" if variant.name == "gin" else self._rule("DECK")
            found.append(f"{variant.name} is played by {low} to {high} players, not {len(self.players)} ({deck})")
        if len({p.name for p in self.players}) != len(self.players):
            found.append("two players share a name")
        if self.player.out and self.phase != "over":
            found.append(f"the turn belongs to {self.player.name}, who is out of the game (BING-BUST)")
        cutters = [p for p in self.players if p.cut is not None]
        if cutters and variant.name != "bing":
            found.append(f"{cutters[0].name} cut for a deuce, a bing rule (BING-DEAL)")
        for p in cutters:
            if variant.name == "bing" and p.cut is not None and not variant.is_wild(p.cut):
                found.append(f"{p.name} kept {p.cut} from the cut, but only a deuce is kept (BING-DEAL)")
        if len(cutters) > 1:
            found.append(f"{len(cutters)} players cut for a deuce; only the one on the dealer's right cuts "
                         "(BING-DEAL)")
        if self.upcard is not None and variant.name != "gin":
            found.append(f"a first upcard ({self.upcard}) is a gin notion (GIN-DEAL)")
        if self.phase == "layoff" and (variant.name != "gin" or self.knocker is None):
            found.append("the lay-off phase comes only after a gin knock (GIN-LAYOFF)")
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
            owner = next((p for p in self.players if p.name == t.owner), None)
            if owner is not None and variant.name != "gin" and not owner.opened:
                found.append(f"table meld {t.number} belongs to {owner.name}, who has not opened")
        if variant.name == "gin" and self.table and self.knocker is None and self.phase == "play":
            found.append("gin melds go down only with a knock, but the table holds melds and nobody knocked")
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
            on_turn = seat == self.current and self.phase == "play"
            size_problem = hand_size_problem(
                variant, players=len(self.players), size=player.size, opened=player.opened,
                drew=on_turn and self.drew != "none",
                knocked=self.knocker is not None, ended=self.phase == "over" or player.out,
                knocker=seat == self.knocker, cut=player.cut is not None)
            if player.out and variant.name == "bing":
                size_problem = None
            if size_problem is not None and not (variant.name == "gin" and self.phase == "layoff"):
                found.append(f"{player.name} holds {size_problem}")
        if self.drew not in ("none", "stock", "discard"):
            found.append(f"drew is {self.drew!r}")
        if self.took is not None and self.drew != "discard":
            found.append(f"{self.player.name} took {self.took} from the discard pile, but drew is {self.drew!r}")
        if self.stock is not None and variant.name == "basic" and self.reshuffles > int(
                variant.get("stock_reshuffles", 0) or 0):
            found.append(f"the stock was renewed {self.reshuffles} times, more than BASIC-STOCK allows")
        if self.drew == "discard" and self.took is not None and self.took not in self.player.hand \
                and self.player.known:
            found.append(f"{self.player.name} took {self.took} but does not hold it")
        if variant.name == "bing" and self.melded and self.drew != "none" and self.phase == "play":
            found.append(f"{self.player.name} drew and melded in one turn (BING-MELD-TURN)")
        if variant.name == "bing" and not variant.option("layoff_in_opening"):
            pass
        if self.phase == "over" and self.winner is not None and self.players[self.winner].size != 0 \
                and variant.name != "gin":
            found.append(f"{self.players[self.winner].name} went out but holds cards")
        return found

    # -- display ---------------------------------------------------------------------------------
    def describe(self) -> list[str]:
        """Lines describing the state (for the CLI)."""
        lines = []
        for seat, p in enumerate(self.players):
            marker = "*" if seat == self.current and self.phase != "over" else " "
            cards = " ".join(x for x in (format_cards(p.hand), f"+{p.unknown} unknown" if p.unknown else "") if x)
            status = "opened" if p.opened else "not opened"
            if self.variant.name == "gin":
                status = "knocker" if seat == self.knocker else ""
            points = f" ({self.variant.points(p.hand)} points)" if p.known else ""
            lines.append(f"{marker} {p.name}: score {p.score}, {status}; hand {cards or '-'}{points}".replace(
                ", ;", ";"))
        for t in self.table:
            lines.append(f"  table {t.number}: {t.meld}" + (f" ({t.owner})" if t.owner else ""))
        lines.append(f"  discard pile top: {self.top_discard or '-'}; stock: "
                     f"{'?' if self.stock is None else self.stock}")
        turn = {"play": f"{self.player.name} to play", "layoff": f"{self.player.name} to lay off (after the knock)",
                "over": "the hand is over"}[self.phase]
        done = []
        if self.phase == "play":
            if self.drew != "none":
                done.append(f"drew from the {'stock' if self.drew == 'stock' else 'discard pile'}")
            if self.melded:
                done.append("melded")
        lines.append("  " + turn + (f" ({', '.join(done)})" if done else ""))
        return lines

    def to_json(self) -> dict[str, Any]:
        return {
            "players": [{"name": p.name, "score": p.score, "opened": p.opened,
                         "hand": [str(c) for c in p.hand], "unknown": p.unknown,
                         "points": self.variant.points(p.hand) if p.known else None, "out": p.out}
                        for p in self.players],
            "table": [{"number": t.number, "owner": t.owner, "kind": str(t.meld.kind),
                       "cards": [str(c) for c in t.meld.cards], "as": [str(c) for c in t.meld.stands_for]}
                      for t in self.table],
            "discard_top": None if self.top_discard is None else str(self.top_discard),
            "stock": self.stock,
            "turn": self.player.name,
            "phase": self.phase,
            "drew": self.drew,
            "melded": self.melded,
        }


def _some_meld(cards: Sequence[Card], variant: Variant) -> Meld | None:
    """A legal three-card set or run made of ``cards`` (distinct cards), or None."""
    have = set(cards)
    by_rank: dict[int, list[Card]] = {}
    for card in sorted(have):
        by_rank.setdefault(card.number, []).append(card)
    for group in by_rank.values():
        for trio in combinations(group, 3):
            meld = Meld.natural(MeldKind.SET, trio)
            if not meld_problems(meld, variant):
                return meld
    for suit in Suit:
        for start in range(1, 14):
            run = tuple(Card.from_index(suit.index * 13 + (start - 1 + k) % 13) for k in range(3))
            if all(c in have for c in run):
                meld = Meld.natural(MeldKind.RUN, run)
                if not meld_problems(meld, variant):
                    return meld
    return None


def _pair_text(card: Card, stands: Card) -> str:
    return str(card) if card == stands else f"{card}={stands}"


def _can(verify: Any) -> bool:
    try:
        verify()
    except IllegalPlay:
        return False
    return True
