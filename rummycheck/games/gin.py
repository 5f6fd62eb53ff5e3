"""Gin Rummy: every GIN- behaviour (one deck, two players, knock at 10).

Melds go down only with a knock (GIN-KNOCK: deadwood within the knock limit, or the
first upcard's points under Oklahoma); the defender then lays off on the knocker's melds
unless the knocker has gin (GIN-LAYOFF, GIN-GIN); the hand scores the difference, an
undercut, gin or big gin (GIN-SCORE, GIN-UNDERCUT, GIN-GIN, GIN-BIGGIN), a dead hand
nothing (GIN-DEAD), and the game ends at the target with its bonuses (GIN-GAME).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from itertools import combinations, product
from operator import attrgetter

from rummycheck.cards import Card, Suit, format_cards, full_deck
from rummycheck.dealing import deal_table, shoe
from rummycheck.errors import CannotTell, IllegalPlayError, ScenarioError
from rummycheck.games.base import (
    Game,
    HandState,
    PlayerView,
    QuickSolve,
    SeatCount,
    TableView,
    arrange,
    missing_hand,
    solution_of,
    table_solution,
)
from rummycheck.games.scoring import HandEnd, HandScore, Ledger, Sheet, check_player, counted, finish_sheet, unexpected
from rummycheck.games.solve import best_discard, solve
from rummycheck.melds import Meld, MeldKind, TableMeld, meld_problems
from rummycheck.position import Scenario, ScenarioPlayer, TurnInfo
from rummycheck.results import LayOff, Reason, Solution, assemble_solution
from rummycheck.solvers.base import Finder, PlayFinder, TableQuestion
from rummycheck.solvers.deadwood import best_discard_key, cards_mask, fast_tables, min_deadwood
from rummycheck.solvers.exact import search
from rummycheck.variants import OptionValue, Variant, get_variant

__all__ = ["Gin", "GinHand", "GinLayoffs", "gin_hand", "gin_knock_limit", "gin_layoffs"]

_OFFERED = ("non-dealer", "dealer")
_index = attrgetter("index")  # the first upcard is on offer to him (GIN-DEAL)


@dataclass(frozen=True, slots=True)
class GinHand(HandState):
    """Gin's own state of a hand in progress (``GameState.extra``), replaced at each change.

    ``offer``: from a deal, "non-dealer" or "dealer" may take the first upcard, "declined" when both
    passed, "" once a card is drawn (GIN-DEAL); ``takes``: discards taken outside that offer, counted
    under an ``upcard_draw_limit``; ``throwbacks``: discards in a row that were the card just taken,
    counted under a ``throwback_limit`` (without the limit each stays 0: nothing reads it);
    ``knock_table``: the knocker's melds as he laid them (lay-offs grow them: ``layoff_run_growth``);
    ``gin``: the knock left no deadwood (GIN-GIN: no lay-offs); ``dead``: the hand ended dead
    (GIN-DEAD: a pass at the wall, a take or throw-back limit); ``upcard``: the hand's first
    upcard, kept for Oklahoma's knock limit.
    """

    offer: str = ""
    takes: int = 0
    throwbacks: int = 0
    knock_table: tuple[TableMeld, ...] = ()
    gin: bool = False
    dead: bool = False
    upcard: Card | None = None  # the first upcard of the hand (Oklahoma: it sets the knock limit)


_FRESH = GinHand()


def _offered(hand: GinHand, offer: str, takes: int) -> GinHand:
    """``replace(hand, offer=offer, takes=takes)`` without its generic cost (every hand's upcard and
    first draw change the offer)."""
    return GinHand(offer, takes, hand.throwbacks, hand.knock_table, hand.gin, hand.dead, hand.upcard)


def gin_hand(state: TableView) -> GinHand:
    """Gin's own state of the hand of ``state`` (a state made without one: nothing offered, counted
    or knocked yet)."""
    extra = state.extra
    return extra if isinstance(extra, GinHand) else _FRESH


def gin_knock_limit(variant: Variant, upcard: Card | None) -> tuple[int, str]:
    """GIN-KNOCK: the knock limit in force and why (Oklahoma: the first upcard sets it)."""
    if not variant.option("oklahoma"):
        limit = int(variant.option("knock_limit") or 0)
        return limit, f"knock limit {limit}"
    if upcard is None:
        raise ScenarioError("Oklahoma gin needs the first upcard (upcard = ...) to set the knock limit")
    if upcard.number == 1 and variant.option("oklahoma_ace") != "one":
        return 0, f"Oklahoma: upcard {upcard} is an ace, so only gin may end the hand"
    if upcard.number == 1:
        return 1, f"Oklahoma: upcard {upcard} is an ace, which sets the knock limit at 1 (oklahoma_ace = one)"
    limit = variant.card_points(upcard)
    return limit, f"Oklahoma: upcard {upcard} sets the knock limit at {limit}"


@dataclass(frozen=True, slots=True)
class GinLayoffs:
    """GIN-LAYOFF: the defender's best lay-offs on the knocker's melds."""

    before: int  # deadwood without lay-offs
    after: int  # deadwood after the lay-offs
    layoffs: tuple[tuple[Card, int], ...]  # (card, index into the knocker's melds)
    melds: tuple[Meld, ...]  # the defender's own melds
    deadwood: tuple[Card, ...]  # what he still holds


def gin_layoffs(defender: Sequence[Card], knocker_melds: Sequence[Meld], *, variant: Variant | str = "gin"
                ) -> GinLayoffs:
    """The lay-offs that leave the defender the least deadwood (exhaustive over subsets).

    Among equally good choices the one with fewer lay-offs wins, then the first in card order.
    Each extended meld is judged by ``meld_problems``.
    """

    variant = get_variant(variant)
    hand = tuple(sorted(defender))
    options: dict[int, list[int]] = {}
    for i, card in enumerate(hand):
        fits = [m for m, meld in enumerate(knocker_melds)
                if (meld.kind == MeldKind.SET and card.rank == meld.stands_for[0].rank)
                or (meld.kind == MeldKind.RUN and card.suit == meld.stands_for[0].suit)]
        if fits:
            options[i] = fits
    base = min_deadwood(hand, variant=variant)
    best: tuple[int, int, tuple[tuple[Card, int], ...], tuple[Card, ...]] = (base, 0, (), hand)
    candidates = sorted(options)
    for size in range(1, len(candidates) + 1):
        for chosen in combinations(candidates, size):
            placing = _placement(hand, chosen, options, knocker_melds, variant)
            if placing is None:
                continue
            rest = tuple(c for i, c in enumerate(hand) if i not in chosen)
            points = min_deadwood(rest, variant=variant)
            if (points, size) < best[:2]:
                best = (points, size, placing, rest)
    arrangement = search(best[3], variant=variant)
    assert arrangement is not None
    return GinLayoffs(before=base, after=best[0], layoffs=best[2], melds=arrangement.melds,
                      deadwood=arrangement.deadwood)


def _placement(hand: tuple[Card, ...], chosen: tuple[int, ...], options: Mapping[int, list[int]],
               melds: Sequence[Meld], variant: Variant) -> tuple[tuple[Card, int], ...] | None:
    """A way to lay the chosen cards off so that every extended meld is legal, or None."""
    for targets in product(*(options[i] for i in chosen)):
        grown: dict[int, list[Card]] = {}
        for i, target in zip(chosen, targets):
            grown.setdefault(target, []).append(hand[i])
        if all(not meld_problems(Meld.natural(melds[m].kind, melds[m].stands_for + tuple(extra)), variant)
               for m, extra in grown.items()):
            return tuple((hand[i], t) for i, t in zip(chosen, targets))
    return None


_Verdict = tuple[bool, tuple[Reason, ...], tuple[tuple[str, object], ...]]  # (legal, reasons, facts)


class _GinVerdicts:
    """Per-variant gin verdicts, made once: the knock reason for each deadwood count."""

    def __init__(self, variant: Variant) -> None:
        self.size = variant.hand_size
        self.limit = int(variant.option("knock_limit") or 0)
        self.gin_bonus = int(variant.option("gin_bonus") or 0)
        self.reasons: dict[int, tuple[Reason, ...]] = {}
        self.facts = {(k, g): (("can_knock", k), ("gin", g), ("big_gin", False))
                      for k in (False, True) for g in (False, True)}
        # (legal, reasons, facts) per deadwood count, made on first use; the last item (-1) is gin's
        self.verdicts: list[_Verdict | None] = [None] * (variant.points(full_deck()) + 2)
        self.discards: dict[Card, Reason] = {}  # "best discard" per card
        self.tables = fast_tables(variant)
        self.quick = None if self.tables is None else _quick_solver(variant, self)

    def knock_reasons(self, points: int, gin: bool) -> tuple[Reason, ...]:
        found = self.reasons.get(-1 if gin else points)
        if found is None:
            if gin:
                found = (Reason("GIN-GIN", f"deadwood 0: gin (bonus {self.gin_bonus}, no lay-offs)"),)
            elif points <= self.limit:
                found = (Reason("GIN-KNOCK", f"deadwood {points} <= {self.limit}: may knock"),)
            else:
                found = (Reason("GIN-KNOCK", f"deadwood {points} > {self.limit}: may not knock"),)
            self.reasons[-1 if gin else points] = found
        return found

    def verdict(self, points: int, gin: bool) -> _Verdict:
        """(may knock, the knock reasons, the facts) of a hand left with ``points``."""
        can_knock = points <= self.limit
        found = self.verdicts[-1 if gin else points] = (can_knock, self.knock_reasons(points, gin),
                                                        self.facts[(can_knock, gin)])
        return found

    def discard_reason(self, card: Card) -> Reason:
        found = self.discards.get(card)
        if found is None:
            found = self.discards[card] = Reason("GIN-TURN", f"best discard {card}")
        return found


def _verdicts(variant: Variant) -> _GinVerdicts:
    found: _GinVerdicts | None = variant.memo.get("gin")
    if found is None:
        found = variant.memo["gin"] = _GinVerdicts(variant)
    return found


def _quick_solver(variant: Variant, verdicts: _GinVerdicts) -> QuickSolve:
    """``solve`` of a one-deck gin hand through the lookup tables, with the same answer as
    ``Gin.solve_hand`` and the exact solver: 10 cards (the dealt size), and 11 unless
    every card can meld (big gin is left to ``solve_hand``)."""
    tables = verdicts.tables
    assert tables is not None
    size = verdicts.size
    known = verdicts.verdicts
    verdict = verdicts.verdict
    turn = verdicts.discard_reason
    card_of = Card.from_index
    parts = tables.parts

    def quick(hand: tuple[Card, ...], score: int, opened: bool) -> Solution | None:
        count = len(hand)
        mask = cards_mask(hand)
        if mask.bit_count() != count:
            return None  # a card given twice
        if count == size:
            melds, deadwood, points = parts(mask)
            legal, reasons, facts = known[points if deadwood else -1] or verdict(points, not deadwood)
            return assemble_solution(variant, hand, melds, deadwood, points, legal, reasons, "exact", None, (),
                                     score, opened, facts)
        if count != size + 1:
            return None
        key, index = best_discard_key(mask, tables)
        if not key:  # every card melds after the discard: the whole hand may be big gin
            return None
        melds, deadwood, points = parts(mask ^ (1 << index))
        legal, reasons, facts = known[points if deadwood else -1] or verdict(points, not deadwood)
        discard = card_of(index)
        return assemble_solution(variant, hand, melds, deadwood, points, legal, (turn(discard),) + reasons, "exact",
                                 discard, (), score, opened, facts)

    return quick


class Gin(Game):
    name = "gin"
    DEAL = "GIN-DEAL"
    TURN = "GIN-TURN"
    SET = "GIN-MELD"
    RUN = "GIN-MELD"
    LAYOFF = "GIN-LAYOFF"
    OUT = "GIN-KNOCK"
    DISCARD = "GIN-TURN"
    VALUES = "GIN-MELD"
    DEAD = "GIN-DEAD"
    knocks = True


    PLAYERS = "GIN-DEAL"
    END_KEYS = ("knocker", "dead", "big_gin", "upcard")
    WIN = "GIN-GAME"
    HAND_WIN = ("GIN-SCORE", "GIN-UNDERCUT")
    NOT_CAUGHT = frozenset({"GIN-GAME"})
    COUNTERS = (SeatCount("knocks", "knocks/hand", "knocks"), SeatCount("gins", "gins/hand", "gins"),
                SeatCount("undercuts", "undercuts/hand", "undercuts"))
    melds_open = False
    solve_ignores = ("score", "opened")  # no limit on melding, no opening: the knock limit alone decides
    default_bots = ("knock", "gin")
    # the rollouts' bot: expert knocks by a table of what a knock is worth, where the gin bot never
    # knocks (a rollout by gin bots has nobody knock into an undercut, so waiting for gin looked
    # costly): reviews of gin v knock graded the gin bot 10 mistakes and 5 blunders by gin rollouts,
    # 1 mistake by expert rollouts (docs/review.md)
    rollout_bot = "expert-race"  # quick hands; docs/bots.md
    mc_base = "expert"  # the mc bot plays for the game as expert does, the opponent races; docs/mc.md
    evidence_beta = 0.5  # analysis/evidence.py says how it was chosen and checked
    pile_model = (-5.75, 5.0, 0.75)  # bench/fit_pile_model.py; analysis/evidence.py
    game_chance_table = "gin_hands.toml"  # made by bench/gin_hand_points.py
    game_chance_scoring = ("gin_bonus", "undercut_bonus", "big_gin_bonus", "knock_limit")
    hand_quality_table = "gin_opponent_deadwood.toml"  # made by bench/fit_opponent_deadwood.py

    # the options every turn's verdicts read, each read once a game (a variant is a value: they never
    # change); a variant without one raises as ``option`` does, when it is first needed
    @cached_property
    def _dead_stock(self) -> int:
        return int(self.variant.option("dead_stock") or 0)

    @cached_property
    def _wall_take_knocks(self) -> OptionValue:
        return self.variant.option("wall_take_knocks")

    @cached_property
    def _throwback_limit(self) -> OptionValue:
        return self.variant.option("throwback_limit")

    @cached_property
    def _upcard_draw_limit(self) -> OptionValue:
        return self.variant.option("upcard_draw_limit")

    @cached_property
    def _discard_taken(self) -> OptionValue:
        return self.variant.option("discard_taken")

    def target_score(self, players: int) -> int | None:
        target = self.variant.option("game_target")
        return target if isinstance(target, int) and target > 0 else None

    def state_problems(self, state: TableView) -> list[str]:
        found = self.cut_problems(state)
        if state.phase == "layoff" and state.knocker is None:
            found.append(f"the lay-off phase comes only after a gin knock ({self.LAYOFF})")
        if state.table and state.knocker is None and state.phase == "play":
            found.append("gin melds go down only with a knock, but the table holds melds and nobody knocked")
        return found

    def turn_problems(self, *, drew: str, melded: bool, knocked: bool) -> list[tuple[str, str]]:
        found = []
        if melded:
            found.append(("melded", "gin has no melding during play; melds are shown when knocking (use knocked)"))
        if knocked and drew == "none":
            found.append(("knocked", f"a knock comes after drawing and discarding ({self.OUT}): set drew"))
        return found

    def kept_upcard(self, state: TableView) -> Card | None:
        """The first upcard is kept: Oklahoma reads the knock limit from it."""
        extra = state.extra  # gin_hand(state), without its call: every view asks
        return (extra if isinstance(extra, GinHand) else _FRESH).upcard

    # -- gin's own state of the hand (``GinHand``) ----------------------------------------------
    def new_hand_state(self, upcard: Card | None) -> HandState | None:
        """GIN-DEAL: the first upcard is offered to the non-dealer."""
        return GinHand(offer="" if upcard is None else "non-dealer", upcard=upcard)

    def position_hand_state(self, state: TableView, upcard: Card | None) -> HandState | None:
        """A scenario offers nothing; after its knock the knocker's hand is his deadwood, and none
        left is gin (GIN-GIN, no lay-offs)."""
        knocker = state.players[state.knocker] if state.knocker is not None else None
        return GinHand(gin=knocker is not None and knocker.known and self.variant.points(knocker.hand) == 0,
                       upcard=upcard)

    def after_draw(self, state: TableView) -> HandState | None:
        """A draw from the stock ends the first upcard's offer (after both passed)."""
        extra = state.extra
        if isinstance(extra, GinHand) and extra.offer:
            return _offered(extra, "", extra.takes)
        return extra

    def after_take(self, state: TableView) -> HandState | None:
        """A take ends the first upcard's offer; outside it, a take counts towards ``upcard_draw_limit``."""
        extra = state.extra
        hand = extra if isinstance(extra, GinHand) else _FRESH
        if self._upcard_draw_limit is None:  # no limit: the takes are not counted
            return _offered(hand, "", hand.takes) if hand.offer else extra
        takes = hand.takes if hand.offer in _OFFERED else hand.takes + 1
        return _offered(hand, "", takes)

    def after_discard(self, state: TableView, card: Card) -> HandState | None:
        """Under a ``throwback_limit``, a discard of the card just taken adds one to the throw-backs in
        a row; any other ends them."""
        extra = state.extra
        if self._throwback_limit is None:  # no limit: the throw-backs are not counted
            return extra
        hand = extra if isinstance(extra, GinHand) else _FRESH
        throwbacks = hand.throwbacks + 1 if state.drew == "discard" and card == state.took else 0
        if throwbacks == hand.throwbacks:
            return extra
        return replace(hand, throwbacks=throwbacks)

    def after_knock(self, state: TableView, laid: tuple[TableMeld, ...], deadwood: tuple[Card, ...]
                    ) -> HandState | None:
        """The knocker's melds as laid (GIN-LAYOFF grows them) and whether he went gin (GIN-GIN)."""
        hand = gin_hand(state)  # replace(hand, knock_table=laid, gin=not deadwood), without its generic cost
        return GinHand(hand.offer, hand.takes, hand.throwbacks, laid, not deadwood, hand.dead, hand.upcard)

    def after_dead_end(self, state: TableView) -> HandState | None:
        """GIN-DEAD: a take or throw-back limit ended the hand."""
        return replace(gin_hand(state), dead=True)

    def offer_open(self, state: TableView) -> bool:
        """GIN-DEAL: the first upcard is on offer to the non-dealer or the dealer."""
        return gin_hand(state).offer in _OFFERED

    def hand_dead(self, state: TableView) -> bool:
        """GIN-DEAD: a pass at the wall, or a take or throw-back limit, ended the hand."""
        return gin_hand(state).dead

    def dead_at_turn_start(self, state: TableView) -> bool:
        """GIN-DEAD: at the wall (``dead_stock`` cards left), once the first upcard's offer is over."""
        return gin_hand(state).offer == "" and self._at_wall(state)

    def lays_down(self, state: TableView) -> bool:
        return False  # the melds go down with the knock; the defender's lay-offs follow it

    def may_knock(self, state: TableView) -> bool:
        return state.drew != "none"

    def seat_status(self, state: TableView, seat: int) -> str:
        return "knocker" if seat == state.knocker else ""

    def pass_problems(self, state: TableView) -> list[Reason]:
        """GIN-DEAL: the first upcard on offer may be passed; GIN-DEAD: so may a turn at the wall."""
        wall = self._dead_stock
        if state.drew != "none":
            return [Reason(self.TURN, f"{state.player.name} drew this turn and discards next")]
        if gin_hand(state).offer not in _OFFERED and (state.stock is None or state.stock > wall):
            return [Reason(self.TURN, "a pass declines the first upcard or ends the hand at the wall "
                                      f"({wall} cards left in the stock); {state.player.name} draws")]
        return []

    def sample_table(self, rng: random.Random, *, opened: bool = False, wild_rich: bool = False) -> Scenario:
        """"knocker" has knocked with the table melds and one card of deadwood (gin, with none, one
        time in four); the defender "me" holds 10 cards and lays off after the knock (with 2 to 4
        wild cards dealt first when ``wild_rich`` and the rules have wild cards)."""
        variant = self.variant
        wilds = rng.randint(2, 4) if wild_rich and variant.wild_number is not None else 0
        melds, hand = deal_table(rng, variant, size=variant.hand_size, wilds=wilds)
        me = ScenarioPlayer("me", opened=opened, hand=hand, hand_size=len(hand))
        left = shoe(variant)
        for card in [c for m in melds for c in m.cards] + list(hand):
            left.remove(card)
        knocker_hand = () if rng.random() < 0.25 else (rng.choice(left),)
        knocker = ScenarioPlayer("knocker", hand=knocker_hand, hand_size=len(knocker_hand))
        table = tuple(TableMeld(n, m, "knocker") for n, m in enumerate(melds, start=1))
        return Scenario("crosscheck", variant, (knocker, me), table, TurnInfo("knocker", knocked=True))

    def layoff_rule_problems(self, solution: Solution, scenario: Scenario) -> list[str]:
        if scenario.turn is None:
            return []
        problems = []
        knocker = scenario.player(scenario.turn.player)
        if knocker.hand is not None and self.variant.points(knocker.hand) == 0:
            problems.append("GIN-GIN: lay-offs on a gin hand")
        owned = {t.number for t in scenario.table if t.owner == knocker.name}
        problems += [f"GIN-LAYOFF: {lo.card} laid off on meld {lo.target}, not the knocker's"
                     for lo in solution.layoffs if lo.target not in owned]
        return problems

    def table_questions(self, scenario: Scenario, hand: tuple[Card, ...], *, opened: bool,
                        discard: Card | None, every_discard: bool) -> list[TableQuestion]:
        """After a knock: the defender's melds, and lay-offs on the knocker's melds unless he has gin."""
        assert scenario.turn is not None
        knocker = scenario.player(scenario.turn.player)
        gin = knocker.hand is not None and self.variant.points(knocker.hand) == 0
        owned = tuple(t for t in scenario.table if t.owner == knocker.name)
        return [TableQuestion(hand, () if gin else owned)]

    def may_discard_taken(self) -> bool:
        """GIN-TURN: whether the card just taken may be thrown back (``discard_taken``, OpenSpiel)."""
        return bool(self._discard_taken)

    def _at_wall(self, state: TableView) -> bool:
        dead = self._dead_stock
        return state.stock is not None and state.stock <= dead

    def discard_problems(self, state: TableView, card: Card) -> list[Reason]:
        """GIN-DEAD (``wall_take_knocks``): a discard taken at the wall is taken to knock with."""
        problems = super().discard_problems(state, card)
        if self._wall_take_knocks and state.drew == "discard" and self._at_wall(state):
            problems.append(Reason("GIN-DEAD", f"{state.stock} cards left in the stock: the discard is taken at the "
                                               "wall only to knock with it (wall_take_knocks)"))
        return problems

    def knock_candidates(self, state: TableView) -> list[Card | None]:
        """The discards after which the least deadwood is within the knock limit (GIN-KNOCK), and None
        when all the cards meld (big gin): no other knock can be legal."""
        player = state.player
        if state.drew == "none" or not player.known or state.phase != "play":
            return []
        limit, _ = self.knock_rule_limit(self.kept_upcard(state))
        hand = tuple(player.hand)
        found: list[Card | None] = []
        for card in dict.fromkeys(hand):
            at = hand.index(card)
            if min_deadwood(hand[:at] + hand[at + 1:], variant=self.variant) <= limit:
                found.append(card)
        if min_deadwood(hand, variant=self.variant) == 0:
            found.append(None)
        return found

    def take_problems(self, state: TableView, *, then: Card | None = None) -> list[Reason]:
        """GIN-DEAD (``wall_take_knocks``): at the wall the discard may be taken only to knock with it,
        so a take after which no knock is possible is refused (as OpenSpiel's wall phase does)."""
        problems = super().take_problems(state, then=then)
        extra = state.extra
        if (extra if isinstance(extra, GinHand) else _FRESH).offer == "declined":
            problems.append(Reason(self.DEAL, "both players passed the first upcard: "
                                              f"{state.player.name} draws from the stock"))
        if problems or not self._wall_take_knocks or not self._at_wall(state):
            return problems
        player = state.player
        top = state.discard_pile[-1] if state.discard_pile else None
        if top is None or not player.known:
            return problems
        hand = tuple(sorted((*player.hand, top)))
        limit, _ = self.knock_rule_limit(self.kept_upcard(state))
        spare = self._discard_taken
        rests = [hand[:i] + hand[i + 1:] for i, card in enumerate(hand) if spare or card != top]
        if min_deadwood(hand, variant=self.variant) == 0 or any(
                min_deadwood(rest, variant=self.variant) <= limit for rest in rests):
            return problems
        return [Reason("GIN-DEAD", f"{state.stock} cards left in the stock: the discard is taken at the wall only "
                                   f"to knock with it, and {player.name} could not knock after taking {top} "
                                   "(wall_take_knocks)")]

    def take_ending(self, state: TableView) -> Reason | None:
        """GIN-DEAD (``upcard_draw_limit``): the take that reaches the limit ends the hand dead instead.

        The first upcard's offer and a take at the wall (to knock) do not count."""
        limit = self._upcard_draw_limit
        if limit is None:
            return None
        hand = gin_hand(state)
        if hand.offer in _OFFERED or self._at_wall(state):
            return None
        if hand.takes + 1 < int(limit):
            return None
        return Reason("GIN-DEAD", f"take number {hand.takes + 1} of the discard reaches the limit of "
                                  f"{limit} (upcard_draw_limit): the hand is dead")

    def discard_ending(self, state: TableView) -> Reason | None:
        """GIN-DEAD (``throwback_limit``): discards in a row, each the card just taken, end the hand dead."""
        limit = self._throwback_limit
        if limit is None:
            return None
        throwbacks = gin_hand(state).throwbacks
        if throwbacks < int(limit):
            return None
        return Reason("GIN-DEAD", f"{throwbacks} discards in a row were each the card just taken "
                                  f"(throwback_limit {limit}): the hand is dead")

    def _run_growth_problems(self, state: TableView, layoffs: Sequence[LayOff], table: Sequence[TableMeld]
                             ) -> list[Reason]:
        """GIN-LAYOFF (``layoff_run_growth``): at most so many cards laid off at each end of a run."""
        most = self.variant.option("layoff_run_growth")
        if most is None:
            return []
        laid = {t.number: t.meld for t in (gin_hand(state).knock_table or state.table)}
        problems = []
        for target in sorted({lo.target for lo in layoffs}):
            before = laid.get(target)
            after = next((t.meld for t in table if t.number == target), None)
            if before is None or after is None or before.kind != MeldKind.RUN:
                continue
            old = sorted(c.number for c in before.stands_for)
            new = sorted(c.number for c in after.stands_for)
            low, high = old[0] - new[0], new[-1] - old[-1]
            if max(low, high) > int(most):
                problems.append(Reason("GIN-LAYOFF", f"table meld {target} ({before}) grows by {max(low, high)} "
                                                     f"cards at one end; lay-offs add at most {most} at each end "
                                                     "(layoff_run_growth)"))
        return problems

    def draw_problems(self, state: TableView) -> list[Reason]:
        extra = state.extra  # _offer_problems(state), without its calls: every turn asks twice
        problems = self._offer_problems(state) if (extra if isinstance(extra, GinHand) else _FRESH).offer \
            in _OFFERED else []
        dead = self._dead_stock
        if state.stock is not None and state.stock <= dead:
            problems.append(Reason("GIN-DEAD", f"{state.stock} cards left in the stock: the hand is dead"))
        return problems

    def _offer_problems(self, state: TableView) -> list[Reason]:
        """GIN-DEAL: while the first upcard is on offer nobody draws from the stock."""
        offer = gin_hand(state).offer
        if offer in _OFFERED:
            return [Reason(self.DEAL, f"the first upcard is on offer to the {offer}: "
                                      f"{state.player.name} takes it or passes before any draw")]
        return []

    def after_pass(self, state: TableView) -> tuple[Reason, HandState | None, bool]:
        """GIN-DEAL: a pass of the first upcard moves the offer to the dealer, and after his pass
        the non-dealer draws; GIN-DEAD: a pass at the wall ends the hand dead."""
        name = state.player.name
        hand = gin_hand(state)
        if hand.offer == "non-dealer":
            return (Reason(self.DEAL, f"{name} passes the first upcard: the dealer may take it"),
                    _offered(hand, "dealer", hand.takes), False)
        if hand.offer == "dealer":
            return (Reason(self.DEAL, f"{name} passes the first upcard too: the non-dealer draws from the stock"),
                    _offered(hand, "declined", hand.takes), False)
        return (Reason(self.DEAD, f"{name} passes at the wall ({state.stock} cards left in the stock): "
                                  "the hand is dead"), replace(hand, dead=True), True)

    def lay_down_rules(self, state: TableView, melds: Sequence[Meld], layoffs: Sequence[LayOff],
                       after: PlayerView, table: Sequence[TableMeld], problems: list[Reason],
                       passed: list[Reason]) -> None:
        if layoffs:
            problems.extend(self._run_growth_problems(state, layoffs, table))
            knocker_name = state.players[state.knocker].name if state.knocker is not None else None
            for lo in layoffs:
                target = next((t for t in table if t.number == lo.target), None)
                if target is not None and target.owner != knocker_name:
                    problems.append(Reason("GIN-LAYOFF", f"the defender lays off only on the knocker's melds; "
                                                         f"table meld {lo.target} is not the knocker's"))
        if state.phase != "layoff":
            problems.append(Reason("GIN-KNOCK", "in gin, melds go down only when a player knocks "
                                                "(then the defender shows his and lays off)"))
        elif state.current == state.knocker:
            problems.append(Reason("GIN-LAYOFF", "the knocker's melds went down with the knock"))
        elif layoffs and gin_hand(state).gin:
            problems.append(Reason("GIN-LAYOFF", "never after gin: the knocker went gin (deadwood 0, "
                                                 "GIN-GIN), so the defender may not lay off"))
        elif layoffs:
            passed.append(Reason("GIN-LAYOFF", f"the defender lays off {len(layoffs)} card(s) on the "
                                               "knocker's melds"))

    def knock_rule_limit(self, upcard: Card | None) -> tuple[int, str]:
        """GIN-KNOCK: the most deadwood a knock allows, and a note saying where it comes from.

        The note is empty for the ``knock_limit`` option; under Oklahoma it names the first
        upcard: its points set the limit, an ace allows gin only.
        """
        if not self.variant.option("oklahoma"):
            return int(self.variant.option("knock_limit") or 0), ""
        if upcard is None:
            raise ScenarioError("Oklahoma gin (oklahoma = true) sets the knock limit from the first upcard: "
                                "give it as [pile] upcard = \"7s\"")
        limit, why = gin_knock_limit(self.variant, upcard)
        return limit, f" ({why})"

    def knock_arrangement(self, state: TableView, discard: Card | None, melds: Sequence[Meld] | None
                          ) -> tuple[list[Reason], list[Reason], tuple[Meld, ...], tuple[Card, ...]]:
        problems: list[Reason] = []
        passed: list[Reason] = []
        player = state.player
        variant = self.variant
        if state.drew == "none":
            problems.append(Reason("GIN-TURN", "a knock comes after drawing"))
        if not player.known:
            if problems:  # illegal whatever the unknown cards are
                passed.append(Reason("GIN-KNOCK", f"depends on {state.unknown_cards(player)}: the deadwood "
                                                  "needs the whole hand", settled=False))
                return problems, passed, (), ()
            raise CannotTell(f"cannot tell: GIN-KNOCK depends on {state.unknown_cards(player)}: the deadwood "
                             "needs the whole hand; name the cards to judge it", "GIN-KNOCK")
        hand = list(player.hand)
        # the cards' indexes beside them: a card is found (and the first copy removed) by its index,
        # as ``in`` and ``list.remove`` find it by ``Card.__eq__``, without a call for each comparison
        indexes = [c.index for c in hand]
        if discard is not None:
            if discard.__class__ is not Card or discard.index not in indexes:
                problems.append(Reason("GIN-TURN", f"{player.name} does not hold {discard}"))
                return problems, passed, (), ()
            if state.took is not None and discard == state.took and indexes.count(discard.index) < 2 \
                    and not self.may_discard_taken():
                problems.append(Reason("GIN-TURN", f"{discard} was taken from the discard pile this turn"))
            at = indexes.index(discard.index)
            del hand[at], indexes[at]
        judged: list[list[str]] | None = None  # each given meld's problems, cited below
        if melds is None:
            found = search(hand, variant=variant)
            assert found is not None
            melds, deadwood = found.melds, found.deadwood
        else:
            rest = list(hand)
            judged = []
            missing: list[Card] = []
            for meld in melds:
                found_problems = meld_problems(meld, variant)
                judged.append(found_problems)
                for problem in found_problems:
                    problems.append(Reason("GIN-MELD", f"{meld}: {problem}"))
                for card in meld.cards:
                    if card.__class__ is Card and card.index in indexes:
                        at = indexes.index(card.index)
                        del rest[at], indexes[at]
                    else:
                        missing.append(card)
            if missing:  # one reason for them all: a knock naming 200,000 cards gave 200,000 reasons
                problems.append(Reason("GIN-MELD", _missing_text(missing)))
            deadwood = tuple(sorted(rest, key=_index))
        points = variant.points(deadwood)
        upcard = self.kept_upcard(state)
        limit, why = self.knock_rule_limit(upcard)
        for number, meld in enumerate(melds, start=1):
            if not (meld_problems(meld, variant) if judged is None else judged[number - 1]):
                passed.extend(self.meld_reasons(f"knock meld {number}", meld))
        if variant.option("oklahoma") and variant.option("oklahoma_spade_doubles") and upcard is not None \
                and upcard.suit == Suit.SPADES:
            passed.append(Reason("GIN-KNOCK", f"Oklahoma: the spade upcard {upcard} doubles the hand's score"))
        # the rule that decides the knock comes last: a legal verdict leads with it
        if discard is None:
            bonus = int(variant.option("big_gin_bonus") or 0)
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
        return problems, passed, tuple(melds), tuple(deadwood)

    def hand_size_problem(self, *, players: int, size: int, opened: bool, drew: bool,
                          knocked: bool = False, ended: bool = False, knocker: bool = False,
                          cut: bool = False) -> str | None:
        dealt = self.dealt_size(players)
        extra = 1 if drew else 0
        if size == 0:
            if ended or (knocked and knocker):
                return None  # a knocker with no deadwood holds nothing: gin
            return "no cards, which only happens when the hand is over"
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

    def knock_limit(self, upcard: Card | None) -> tuple[int, str]:
        return gin_knock_limit(self.variant, upcard)

    def quick_solver(self) -> QuickSolve | None:
        return _verdicts(self.variant).quick

    def solve_hand(self, hand: tuple[Card, ...], *, score: int, opened: bool, find: Finder, solver: str,
                   mask: int = 0) -> Solution:
        variant = self.variant
        verdicts = _verdicts(variant)
        size = verdicts.size
        reasons: list[Reason] = []
        facts: dict[str, object] = {}
        discard: Card | None = None
        if len(hand) == size + 1:
            whole = find(hand, variant=variant, min_melds=0)
            assert whole is not None
            big_gin_bonus = int(variant.option("big_gin_bonus") or 0)
            if not whole.deadwood and big_gin_bonus > 0:
                reasons.append(Reason("GIN-BIGGIN", f"all {len(hand)} cards meld without a discard: "
                                                    f"big gin (bonus {big_gin_bonus})"))
                facts.update(deadwood_after_discard=0, can_knock=True, gin=True, big_gin=True)
                return solution_of(hand, variant, whole, legal=True, reasons=reasons, solver=solver,
                                 score=score, opened=opened, facts=facts)
            best = best_discard(hand, variant, find)
            assert best is not None
            discard, arrangement = best
            reasons.append(Reason("GIN-TURN", f"best discard {discard}"))
        else:  # ``solve`` refused every other size (GIN-DEAL)
            found = find(hand, variant=variant, min_melds=0)
            assert found is not None
            arrangement = found
        points = arrangement.points
        gin = points == 0 and not arrangement.deadwood
        can_knock = points <= verdicts.limit
        reasons.extend(verdicts.knock_reasons(points, gin))
        facts.update(can_knock=can_knock, gin=gin, big_gin=False)
        return solution_of(hand, variant, arrangement, legal=can_knock, reasons=reasons, solver=solver,
                         score=score, opened=opened, discard=discard, facts=facts)

    def solve_table(self, scenario: Scenario, seat: int, hand: tuple[Card, ...], *, find: PlayFinder,
                    solver: str) -> Solution:
        """Before a knock: the plain gin solve; after it, the defender's melds and lay-offs."""
        variant = self.variant
        assert scenario.turn is not None
        if not scenario.turn.knocked:
                return replace(solve(hand, variant=variant, solver=solver), score=scenario.players[seat].score)
        knocker_seat = seat
        players = scenario.players
        defender_seat = (knocker_seat + 1) % len(players)
        defender = players[defender_seat]
        knocker = players[knocker_seat]
        if defender.hand is None:
            raise missing_hand(scenario, defender_seat)
        hand = tuple(defender.hand)
        knocker_melds = [t for t in scenario.table if t.owner == knocker.name]
        knocker_points = variant.points(knocker.hand) if knocker.hand is not None else None
        gin = knocker_points == 0
        found = arrange(hand, knocker_melds, variant, min_melds=0, allow_layoffs=not gin, find=find)
        assert found is not None
        melds, layoffs, deadwood, points = found
        reasons = [Reason("GIN-GIN", "the knocker has gin: no lay-offs")] if gin else [
            Reason("GIN-LAYOFF", f"the defender lays off {len(layoffs)} card(s) on the knocker's melds")]
        if knocker_points is not None:
            reasons.append(Reason("GIN-SCORE",
                                  f"defender deadwood {points} against the knocker's {knocker_points}"))
        return table_solution(variant, hand, melds, layoffs, deadwood, legal=True, reasons=reasons,
                              score=defender.score, opened=False,
                              facts={"defender": defender.name, "knocker": knocker.name})

    def knock_end(self, state: TableView) -> HandEnd | None:
        """GIN-SCORE: the knocker's and the defender's deadwood (what each still holds: the knocker's
        melds went down with the knock, the defender's with his lay-offs), big gin when the knock laid
        every card down (GIN-BIGGIN), and the upcard (Oklahoma)."""
        assert state.knocker is not None
        knocker = state.players[state.knocker]
        defender = next(p for p in state.players if p.name != knocker.name)
        if not knocker.known or not defender.known:
            return None
        big = sum(len(t.meld) for t in gin_hand(state).knock_table) == self.variant.hand_size + 1
        points = {knocker.name: self.variant.points(knocker.hand), defender.name: self.variant.points(defender.hand)}
        return HandEnd(knocker=knocker.name, points=points, big_gin=big, upcard=self.kept_upcard(state))

    def hand_counts(self, state: TableView, result: HandScore) -> list[tuple[str, str]]:
        """The knocker's knock and gin, or the defender's undercut (GIN-KNOCK, GIN-GIN, GIN-UNDERCUT)."""
        if state.knocker is None:
            return []
        knocker = state.players[state.knocker].name
        found = [(knocker, "knocks")]
        if gin_hand(state).gin:
            found.append((knocker, "gins"))
        elif result.hand_winner is not None and result.hand_winner != knocker:
            found.append((result.hand_winner, "undercuts"))
        return found

    def score_hand(self, sheet: Sheet, end: HandEnd) -> HandScore:
        variant = sheet.variant
        ledger = Ledger(sheet)
        if len(sheet.players) != 2:
            raise ScenarioError(f"gin is played by two players, got {len(sheet.players)}")
        if end.dead:
            if end.knocker is not None:
                raise ScenarioError("a dead hand has no knocker (GIN-DEAD)")
            stock = variant.option("dead_stock")
            why = end.why or f"{stock} cards left in the stock and no knock"
            ledger.add(None, 0, "GIN-DEAD", f"{why}: nobody scores")
            return HandScore(number=sheet.hands + 1, before=sheet, after=finish_sheet(sheet, ledger),
                             lines=tuple(ledger.lines))
        knocker = check_player(sheet, end.knocker, "knocked (or set dead = true)")
        defender = next(n for n in sheet.names if n != knocker)
        unexpected(sheet, end, {knocker, defender})
        knock, defence, big_gin = self.gin_counts(sheet, end, knocker, defender, ledger)
        limit, why = gin_knock_limit(variant, end.upcard)
        if knock > limit:
            raise IllegalPlayError(f"GIN-KNOCK: {knocker!r} knocked with deadwood {knock}, more than allowed ({why})")
        big_bonus = int(variant.option("big_gin_bonus") or 0)
        hand_winner: str | None
        if big_gin and knock != 0:
            raise ScenarioError(f"big gin means every card melds, but {knocker!r} has deadwood {knock}")
        start = len(ledger.lines)
        if big_gin and big_bonus > 0:
            hand_winner = knocker
            ledger.add(knocker, defence, "GIN-BIGGIN", f"big gin: {defender}'s whole deadwood {defence}, no lay-offs")
            ledger.add(knocker, big_bonus, "GIN-BIGGIN", "big gin bonus")
        elif knock == 0:
            hand_winner = knocker
            gin_bonus = int(variant.option("gin_bonus") or 0)
            note = " (big gin is not played here: scored as gin)" if big_gin else ""
            ledger.add(knocker, defence, "GIN-GIN", f"gin: {defender}'s whole deadwood {defence}, no lay-offs{note}")
            ledger.add(knocker, gin_bonus, "GIN-GIN", "gin bonus")
        elif defence > knock:
            hand_winner = knocker
            ledger.add(knocker, defence - knock, "GIN-SCORE",
                       f"knocked with {knock} against {defence}: {defence} - {knock} = {defence - knock}")
        elif defence < knock or variant.option("undercut_on_tie"):
            hand_winner = defender
            tie = " (a tie counts as an undercut)" if defence == knock else ""
            ledger.add(defender, knock - defence, "GIN-UNDERCUT",
                       f"undercut{tie}: {defender} {defence} against {knocker}'s knock {knock}: "
                       f"{knock} - {defence} = {knock - defence}")
            ledger.add(defender, int(variant.option("undercut_bonus") or 0), "GIN-UNDERCUT", "undercut bonus")
        else:
            hand_winner = None
            ledger.add(None, 0, "GIN-UNDERCUT",
                       f"tie at {knock}: not an undercut under this option (undercut_on_tie = false); nobody scores")
        if variant.option("oklahoma") and variant.option("oklahoma_spade_doubles") and end.upcard is not None \
                and end.upcard.suit == Suit.SPADES and hand_winner:
            won = sum(line.points for line in ledger.lines[start:])
            ledger.add(hand_winner, won, "GIN-KNOCK", f"Oklahoma: the spade upcard {end.upcard} doubles the hand")
        return self.gin_game_end(sheet, ledger, hand_winner)

    def gin_counts(self, sheet: Sheet, end: HandEnd, knocker: str, defender: str, ledger: Ledger
                    ) -> tuple[int, int, bool]:
        """(knocker's deadwood, defender's deadwood after any lay-offs, big gin)."""
        variant = sheet.variant
        if knocker in end.cards or defender in end.cards:
            if not (knocker in end.cards and defender in end.cards):
                raise ScenarioError("give the cards of both gin hands, or the points of both")
            if end.knocker_melds is not None:
                # the knocker's melds on the table (a scenario after the knock): what he still holds is
                # deadwood but for any meld among it, which he lays down too
                kept = search(end.cards[knocker], variant=variant)
                assert kept is not None
                melds = (*end.knocker_melds, *kept.melds)
                knock = kept.points
                big_gin = knock == 0 and sum(len(m.cards) for m in melds) == variant.hand_size + 1
            else:
                solution = solve(end.cards[knocker], variant=variant)
                big_gin = bool(solution.fact("big_gin"))
                knock = solution.deadwood_points
                melds = solution.melds
            if knock == 0:  # gin: the defender melds his own cards but lays nothing off
                    return 0, min_deadwood(end.cards[defender], variant=variant), big_gin
            result = gin_layoffs(end.cards[defender], melds, variant=variant)
            if result.layoffs:
                placed = ", ".join(f"{card} on {format_cards(melds[m].cards)}" for card, m in result.layoffs)
                ledger.add(defender, 0, "GIN-LAYOFF",
                           f"lays off {placed}: deadwood {result.before} becomes {result.after}")
            return knock, result.after, big_gin
        knock, _ = counted(sheet, end, knocker, rule="GIN-KNOCK")
        defence, _ = counted(sheet, end, defender, rule="GIN-LAYOFF")
        return knock, defence, end.big_gin

    def gin_game_end(self, sheet: Sheet, ledger: Ledger, hand_winner: str | None) -> HandScore:
        variant = sheet.variant
        target = int(variant.option("game_target") or 0)
        champion = hand_winner if hand_winner is not None and ledger.scores[hand_winner] >= target else None
        if champion is not None:
            loser = next(n for n in sheet.names if n != champion)
            shutout = ledger.scores[loser] == 0
            ledger.add(champion, 0, "GIN-GAME", f"{ledger.scores[champion]} reaches {target}: wins the game")
            ledger.add(champion, int(variant.option("game_bonus") or 0), "GIN-GAME", "game bonus")
            box = int(variant.option("box_bonus") or 0)
            for row in sheet.players:
                boxes = row.hands_won + (1 if row.name == hand_winner else 0)
                if boxes and box:
                    hands = "1 hand" if boxes == 1 else f"{boxes} hands"
                    ledger.add(row.name, boxes * box, "GIN-GAME", f"box bonus: {hands} won x {box}")
            if shutout and variant.option("shutout_doubles"):
                ledger.add(champion, ledger.scores[champion], "GIN-GAME",
                           f"shutout: {loser} scored nothing, so the winner's total doubles")
            margin = ledger.scores[champion] - ledger.scores[loser]
            ledger.add(champion, 0, "GIN-GAME",
                       f"wins by {ledger.scores[champion]} - {ledger.scores[loser]} = {margin}")
        after = finish_sheet(sheet, ledger, won=hand_winner, winner=champion, finished=champion is not None)
        return HandScore(number=sheet.hands + 1, before=sheet, after=after, lines=tuple(ledger.lines),
                         hand_winner=hand_winner)


def _missing_text(missing: Sequence[Card]) -> str:
    """The knock's cards not in the hand, in one reason: each named once, in order, the first 20 of
    them with a count of the rest (``2c is not in the hand`` for one card, as before)."""
    named = list(dict.fromkeys(missing))
    if len(missing) == 1:
        return f"{named[0]} is not in the hand"
    shown = format_cards(named[:20]) + (f" and {len(named) - 20} more" if len(named) > 20 else "")
    return f"{len(missing)} cards of the melds are not in the hand: {shown}"
