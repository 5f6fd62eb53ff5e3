"""``solve``: the best arrangement of a hand and what the variant's rules say about it.

The search engines (``exact`` by default; ``z3`` and ``csp`` in their own modules) only
find arrangements.  This module applies each game's rules around them:

* Bing: before opening, only arrangements with at least ``opening_melds`` melds count
  (BING-OPEN); melding is legal only if score + points left stay within the limit
  (BING-LIMIT).
* Gin: 10 cards: deadwood, knock (GIN-KNOCK) and gin (GIN-GIN); 11 cards: the best
  discard first, and big gin (GIN-BIGGIN).
* Basic: whether the hand can go out (BASIC-OUT), the first lay-down's minimum points
  (BASIC-OPEN) and one meld per turn (BASIC-TURN) when those options are set.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import attrgetter

from rummycheck.cards import Card, check_copies
from rummycheck.deadwood import fast_parts, fast_search, fast_tables, min_deadwood
from rummycheck.exact import Arrangement
from rummycheck.handsize import check_hand_size
from rummycheck.melds import Meld
from rummycheck.results import Reason, Solution
from rummycheck.variants import Variant, get_variant

__all__ = ["Finder", "limit_verdict", "solve"]

_bit = attrgetter("bit")

# A finder returns the best arrangement of some cards with at least/at most so many melds.
Finder = Callable[..., Arrangement | None]


@dataclass(frozen=True, slots=True)
class LimitCheck:
    ok: bool
    text: str


def limit_verdict(*, score: int, points: int, variant: Variant) -> LimitCheck:
    """BING-LIMIT: may a player on ``score`` meld leaving ``points`` in hand?"""
    limit = int(variant.option("limit") or 0)
    strict = bool(variant.option("limit_strict"))
    total = score + points
    ok = total < limit if strict else total <= limit
    relation = ("<" if ok else ">=") if strict else ("<=" if ok else ">")
    wording = "below" if strict else "at most"
    return LimitCheck(ok, f"{score} + {points} = {total} {relation} {limit} "
                          f"(score plus hand must be {wording} {limit})")


def _finder(solver: str) -> Finder:
    if solver == "exact":
        return fast_search
    if solver == "z3":
        from rummycheck.z3_solver import search as z3_search  # heavy import: only here
        return z3_search
    if solver == "csp":
        from rummycheck.csp_solver import search as csp_search  # heavy import: only here
        return csp_search
    from rummycheck.errors import VariantError
    raise VariantError(f"unknown solver {solver!r}; choose exact, z3 or csp")


def solve(cards: Sequence[Card], *, variant: Variant | str = "bing", score: int = 0,
          opened: bool = False, solver: str = "exact") -> Solution:
    """Find the best arrangement of ``cards`` under ``variant`` and judge it.

    >>> from rummycheck.cards import parse_cards
    >>> solve(parse_cards("Ac 2c 3c 4d 5d 6d 7h 8h 9h Ts"), variant="gin").deadwood_points
    10
    """
    if variant.__class__ is not Variant:
        variant = get_variant(variant)
    hand = tuple(cards)
    mask = 0
    if variant.decks == 1:
        mask = sum(map(_bit, hand))
    if not mask or mask.bit_count() != len(hand):
        check_copies(hand, decks=variant.decks)
    if not variant.hand_size <= len(hand) <= variant.hand_size + 1:  # the common sizes pass at once
        check_hand_size(len(hand), variant)
    find = _finder(solver)
    if variant.name == "bing":
        return _solve_bing(hand, variant, score, opened, find, solver)
    if variant.name == "gin":
        return _solve_gin(hand, variant, score, opened, find, solver, mask)
    return _solve_basic(hand, variant, score, opened, find, solver)


def _solution(hand: tuple[Card, ...], variant: Variant, arrangement: Arrangement | None, *,
              legal: bool, reasons: list[Reason], solver: str, score: int, opened: bool,
              discard: Card | None = None, facts: dict[str, object] | None = None) -> Solution:
    if arrangement is None:
        kept = [c for c in hand]
        if discard is not None:
            kept.remove(discard)
        melds: tuple[Meld, ...] = ()
        deadwood = tuple(sorted(kept))
    else:
        melds, deadwood = arrangement.melds, arrangement.deadwood
    return Solution(variant=variant, hand=hand, melds=melds, deadwood=deadwood,
                    deadwood_points=variant.points(deadwood), legal=legal, reasons=tuple(reasons),
                    solver=solver, discard=discard, score=score, opened=opened,
                    facts=tuple((facts or {}).items()))


def _solve_bing(hand: tuple[Card, ...], variant: Variant, score: int, opened: bool,
                find: Finder, solver: str) -> Solution:
    needed = 1 if opened else int(variant.option("opening_melds") or 1)
    reasons: list[Reason] = []
    discard: Card | None = None
    if variant.option("meld_turn_discard") and len(hand) > 1:
        # house rule: a meld turn ends with a discard, so one card is kept back for it
        best = _best_discard(hand, variant, find, min_melds=needed)
        if best is not None:
            discard = best[0]
            reasons.append(Reason("BING-MELD-TURN", f"the meld turn ends with a discard: best discard {discard}"))
        arrangement = best[1] if best is not None else None
    else:
        arrangement = find(hand, variant=variant, min_melds=needed)
    if arrangement is None:
        if opened:
            reasons.append(Reason("BING-SET", "no set or run can be made from this hand; nothing to meld"))
        else:
            reasons.append(Reason("BING-OPEN", f"no arrangement lays down {needed} melds; "
                                               "an opening needs at least "
                                               f"{needed}, so meld nothing yet"))
        return _solution(hand, variant, None, legal=False, reasons=reasons, solver=solver,
                         score=score, opened=opened, facts={"melds_needed": needed})
    check = limit_verdict(score=score, points=arrangement.points, variant=variant)
    if not opened:
        reasons.append(Reason("BING-OPEN", f"{len(arrangement.melds)} melds, at least {needed} "
                                           "needed to open: met"))
    if check.ok:
        reasons.append(Reason("BING-LIMIT", f"may meld: {check.text}"))
    else:
        reasons.append(Reason("BING-LIMIT", f"may not meld now: {check.text}"))
    if not arrangement.deadwood and check.ok:
        reasons.append(Reason("BING-OUT", "every card is melded: this goes out"))
    facts: dict[str, object] = {"melds_needed": needed, "goes_out": not arrangement.deadwood and check.ok}
    return _solution(hand, variant, arrangement, legal=check.ok, reasons=reasons, solver=solver,
                     score=score, opened=opened, discard=discard, facts=facts)


def _best_discard(hand: tuple[Card, ...], variant: Variant, find: Finder, *,
                  forbidden: Card | None = None, min_melds: int = 0) -> tuple[Card, Arrangement] | None:
    """The discard that leaves the least deadwood (then fewest cards, fewest wilds used);
    ties go to the lowest card in sort order.  None when no discard leaves ``min_melds`` melds."""
    candidates = [card for card in sorted(set(hand)) if card != forbidden]
    if find is fast_search and min_melds == 0:
        # rank the discards by the number alone; build answers only for the tied best
        points = {card: min_deadwood(_without(hand, card), variant=variant) for card in candidates}
        least = min(points.values())
        candidates = [card for card in candidates if points[card] == least]
    best: tuple[tuple[int, int, int], Card, Arrangement] | None = None
    for card in candidates:
        arrangement = find(_without(hand, card), variant=variant, min_melds=min_melds)
        if arrangement is None:
            continue
        key = (arrangement.points, len(arrangement.deadwood), arrangement.wilds_used)
        if best is None or key < best[0]:
            best = (key, card, arrangement)
    return None if best is None else (best[1], best[2])


def _without(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    rest = list(hand)
    rest.remove(card)
    return tuple(rest)


class _GinVerdicts:
    """Per-variant gin verdicts, made once: the knock reason for each deadwood count."""

    def __init__(self, variant: Variant) -> None:
        self.size = variant.hand_size
        self.limit = int(variant.option("knock_limit") or 0)
        self.gin_bonus = int(variant.option("gin_bonus") or 0)
        self.reasons: dict[int, tuple[Reason, ...]] = {}
        self.facts = {(k, g): (("can_knock", k), ("gin", g), ("big_gin", False))
                      for k in (False, True) for g in (False, True)}
        self.tables = fast_tables(variant)

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


def _solve_gin(hand: tuple[Card, ...], variant: Variant, score: int, opened: bool,
               find: Finder, solver: str, mask: int = 0) -> Solution:
    verdicts = variant.memo.get("gin")
    if verdicts is None:
        verdicts = variant.memo["gin"] = _GinVerdicts(variant)
    if find is fast_search and len(hand) == verdicts.size and verdicts.tables is not None:
        parts = fast_parts(hand, variant, mask, verdicts.tables)  # the common case, kept lean
        if parts is not None:
            melds, deadwood, points = parts
            gin = not deadwood
            can_knock = points <= verdicts.limit
            return Solution(variant, hand, melds, deadwood, points, can_knock,
                            verdicts.knock_reasons(points, gin), solver, None, (), score, opened,
                            verdicts.facts[(can_knock, gin)])
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
            return _solution(hand, variant, whole, legal=True, reasons=reasons, solver=solver,
                             score=score, opened=opened, facts=facts)
        best = _best_discard(hand, variant, find)
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
    return _solution(hand, variant, arrangement, legal=can_knock, reasons=reasons, solver=solver,
                     score=score, opened=opened, discard=discard, facts=facts)


def _melded_points(arrangement: Arrangement, variant: Variant) -> int:
    return sum(variant.card_points(c) for m in arrangement.melds for c in m.stands_for)


def _solve_basic(hand: tuple[Card, ...], variant: Variant, score: int, opened: bool,
                 find: Finder, solver: str) -> Solution:
    """Basic rummy: the least deadwood, or a way to go out this turn when there is one.

    Going out: melding every card (BASIC-OUT, unless a final discard is required), else
    melding all but one card and discarding it.  Among the discards that go out, the
    first in sort order whose lay-down meets BASIC-OPEN's minimum is chosen.
    """
    one_meld = variant.option("melds_per_turn") == "one"
    max_melds = 1 if one_meld else None
    discard_required = bool(variant.option("out_discard_required"))
    minimum = 0 if opened else int(variant.option("opening_points") or 0)
    reasons: list[Reason] = []
    arrangement = find(hand, variant=variant, min_melds=0, max_melds=max_melds)
    assert arrangement is not None
    discard: Card | None = None
    goes_out = False
    if not arrangement.deadwood and not discard_required:
        goes_out = True
        reasons.append(Reason("BASIC-OUT", "every card melds: the hand goes out without a discard"))
    else:
        outs: list[tuple[Card, Arrangement]] = []
        for card in sorted(set(hand)):
            trial = find(_without(hand, card), variant=variant, min_melds=0, max_melds=max_melds)
            if trial is not None and not trial.deadwood:
                outs.append((card, trial))
        if outs:
            meeting = [out for out in outs if _melded_points(out[1], variant) >= minimum]
            discard, arrangement = (meeting or outs)[0]
            goes_out = True
            reasons.append(Reason("BASIC-OUT", f"melds all but {discard}: goes out discarding it"))
    if not goes_out:
        reasons.append(Reason("BASIC-OUT", f"cannot go out this turn: {len(arrangement.deadwood)} "
                                           f"cards ({arrangement.points} points) stay in hand"))
    if one_meld:
        reasons.append(Reason("BASIC-TURN", "one meld a turn: only the best single meld is laid down"))
    legal = True
    if minimum and arrangement.melds:
        melded = _melded_points(arrangement, variant)
        if melded < minimum:
            legal = False
            reasons.append(Reason("BASIC-OPEN", f"the first lay-down is worth {melded} points, "
                                                f"{minimum} are needed"))
        else:
            reasons.append(Reason("BASIC-OPEN", f"the first lay-down is worth {melded} points, "
                                                f"{minimum} needed: met"))
    return _solution(hand, variant, arrangement, legal=legal, reasons=reasons, solver=solver,
                     score=score, opened=opened, discard=discard,
                     facts={"can_go_out": goes_out and legal})
