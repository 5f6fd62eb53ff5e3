"""``solve`` and ``solve_scenario``: the best arrangement or play and what the rules say about it.

The search engines (``exact`` by default; ``z3`` and ``csp``; see ``rummycheck.solvers``)
only find arrangements.  These two entry points pick the solver and hand the answer to
the game (``rummycheck.games.base.game_of``), whose own module applies its rules:

* Bing: before opening, only arrangements with at least ``opening_melds`` melds count
  (BING-OPEN); melding is legal only if score + points left stay within the limit
  (BING-LIMIT).
* Gin: 10 cards: deadwood, knock (GIN-KNOCK) and gin (GIN-GIN); 11 cards: the best
  discard first, and big gin (GIN-BIGGIN).
* Basic: whether the hand can go out (BASIC-OUT), the first lay-down's minimum points
  (BASIC-OPEN) and one meld per turn (BASIC-TURN) when those options are set.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from operator import attrgetter
from typing import TYPE_CHECKING

from rummycheck.cards import Card, check_copies
from rummycheck.errors import RummyError, ScenarioError
from rummycheck.games.base import QuickSolve, check_hand_size, game_of, missing_hand, without
from rummycheck.results import Solution
from rummycheck.solvers.base import Arrangement, Finder
from rummycheck.solvers.deadwood import best_discard_mask, fast_search, fast_tables, min_deadwood
from rummycheck.solvers.registry import finder, play_finder
from rummycheck.variants import Variant, get_variant

if TYPE_CHECKING:
    from rummycheck.position import Scenario

__all__ = ["best_discard", "solve", "solve_scenario"]

_bit = attrgetter("bit")


def _none(hand: tuple[Card, ...], score: int, opened: bool) -> Solution | None:
    return None


# the last variant whose game has a quick path for the exact solver, with that path; one
# tuple, so that a reader always sees the two together
_QUICK: tuple[object, QuickSolve] = (object(), _none)


def solve(cards: Sequence[Card], *, variant: Variant | str = "bing", score: int = 0,
          opened: bool = False, solver: str = "exact") -> Solution:
    """Find the best arrangement of ``cards`` under ``variant`` and judge it.

    >>> from rummycheck.cards import parse_cards
    >>> solve(parse_cards("Ac 2c 3c 4d 5d 6d 7h 8h 9h Ts"), variant="gin").deadwood_points
    10
    """
    if isinstance(cards, str):
        raise TypeError("solve takes cards, not text: solve(parse_cards('Kd Kh Kc ...'), ...)")
    hand = tuple(cards)
    quick = _QUICK
    if variant is quick[0] and solver == "exact":  # bulk callers: one variant, many hands
        found = quick[1](hand, score, opened)
        if found is not None:
            return found
    return _solve(hand, variant, score, opened, solver)


def _solve(hand: tuple[Card, ...], variant: Variant | str, score: int, opened: bool, solver: str) -> Solution:
    for card in hand:
        if type(card) is not Card:
            raise TypeError(f"solve takes Card values (parse_cards makes them from text), not {card!r}")
    if type(score) is not int:
        raise TypeError(f"the running score is a whole number, not {score!r}")
    if score < 0:
        raise RummyError(f"a running score cannot be negative, got {score}")
    global _QUICK
    if variant.__class__ is not Variant:
        variant = get_variant(variant)
    mask = 0
    if variant.decks == 1:
        mask = sum(map(_bit, hand))
    if not mask or mask.bit_count() != len(hand):
        check_copies(hand, decks=variant.decks)
    size = variant.hand_size
    if not size <= len(hand) <= size + 1:  # the common sizes pass at once
        check_hand_size(len(hand), variant)
    find = finder(solver)
    game = game_of(variant)
    if solver == "exact":
        quick = game.quick_solver()
        if quick is not None:
            _QUICK = (variant, quick)
            found = quick(hand, score, opened)
            if found is not None:
                return found
    return game.solve_hand(hand, score=score, opened=opened, find=find, solver=solver, mask=mask)


def solve_scenario(scenario: Scenario, *, solver: str = "exact") -> Solution:
    """The best play of the player whose turn it is, with lay-offs on the table melds.

    Bing: new melds and lay-offs together (an unopened player needs the opening's melds;
    BING-LIMIT; BING-MELD-TURN when he drew this turn).  Basic: melds, lay-offs (also
    before melding) and the discard.  Gin: after a knock, the defender's melds and
    lay-offs on the knocker's melds; before a knock, the plain gin solve.
    """
    if scenario.turn is None:
        raise ScenarioError(f"{scenario.source}: the scenario has no [turn]: say whose turn it is")
    seat = scenario.seat(scenario.turn.player)
    if scenario.players[seat].hand is None:
        raise missing_hand(scenario, seat)
    hand = tuple(scenario.players[seat].hand or ())
    solution = game_of(scenario.variant).solve_table(scenario, seat, hand, find=play_finder(solver), solver=solver)
    return replace(solution, solver=solver)


def best_discard(hand: tuple[Card, ...], variant: Variant, find: Finder, *,
                  forbidden: Card | None = None, min_melds: int = 0) -> tuple[Card, Arrangement] | None:
    """The discard that leaves the least deadwood (then fewest cards, fewest wilds used);
    ties go to the lowest card in sort order.  None when no discard leaves ``min_melds`` melds."""
    if find is fast_search and min_melds == 0 and forbidden is None and variant.decks == 1 \
            and fast_tables(variant) is not None and len(set(hand)) == len(hand):
        # one deck, lookup tables: the best discard from the per-suit tables, same tie-break
        _, index = best_discard_mask(sum(map(_bit, hand)), variant=variant)
        card = Card.from_index(index)
        found = find(without(hand, card), variant=variant, min_melds=0)
        return None if found is None else (card, found)
    candidates = [card for card in sorted(set(hand)) if card != forbidden]
    if find is fast_search and min_melds == 0:
        # rank the discards by the number alone; build answers only for the tied best
        points = {card: min_deadwood(without(hand, card), variant=variant) for card in candidates}
        least = min(points.values())
        candidates = [card for card in candidates if points[card] == least]
    best: tuple[tuple[int, int, int], Card, Arrangement] | None = None
    for card in candidates:
        arrangement = find(without(hand, card), variant=variant, min_melds=min_melds)
        if arrangement is None:
            continue
        key = (arrangement.points, len(arrangement.deadwood), arrangement.wilds_used)
        if best is None or key < best[0]:
            best = (key, card, arrangement)
    return None if best is None else (best[1], best[2])




