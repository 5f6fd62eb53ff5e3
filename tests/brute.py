"""A deliberately plain brute-force reference for the meld search.

It shares no code with ``rummycheck.solvers.exact``: it looks at every subset of the hand's cards
(by position, so duplicate cards are simply two positions), decides with its own few
lines whether the subset can be laid down as one set or one run, and then packs disjoint
subsets by trying everything (memoised on the bitmask of cards still free).  It is slow
and only meant for test-sized hands.

Cost of an arrangement, as documented in exact.py: (points left, cards left, wild deuces
used in melds), where a deuce counts as wild unless its meld is made only of deuces.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TypedDict

# Card = (number 1..13, suit letter); the tests convert rummycheck cards to this.
PlainCard = tuple[int, str]


class PlainOptions(TypedDict):
    """The variant's rules as plain values (``plain_options`` in tests/test_solver_property.py)."""

    wild: bool
    wild_points: int
    ace_points: int
    face_points: int
    ace: str
    set_max: int | None
    set_duplicates: bool
    max_wilds: int | None
    min_naturals: int


def _points(card: PlainCard, opts: PlainOptions) -> int:
    number = card[0]
    if opts["wild"] and number == 2:
        return opts["wild_points"]
    if number == 1:
        return opts["ace_points"]
    if number >= 11:
        return opts["face_points"]
    return number


def _can_be_set(cards: list[PlainCard], opts: PlainOptions) -> bool:

    natural = [c for c in cards if not (opts["wild"] and c[0] == 2)]
    if len(cards) < 3:
        return False
    if opts["set_max"] is not None and len(cards) > opts["set_max"]:
        return False
    if natural and len({c[0] for c in natural}) != 1:
        return False
    if not opts["set_duplicates"]:
        # every card, wild or not, must stand for a different suit
        if len(cards) > 4 or len({c[1] for c in natural}) != len(natural):
            return False
    return True


def _can_be_run(cards: list[PlainCard], opts: PlainOptions) -> bool:
    if len(cards) < 3 or len(cards) > 13:
        return False

    natural = [c for c in cards if not (opts["wild"] and c[0] == 2)]
    if len({c[1] for c in natural}) > 1:
        return False
    numbers = [c[0] for c in natural]
    if len(set(numbers)) != len(numbers):
        return False
    length = len(cards)
    # try every window of `length` consecutive positions; position p holds rank rank_at(p)
    ace = opts["ace"]
    starts: range
    rank_at: Callable[[int], int]
    if ace == "low":
        starts, rank_at = range(1, 14 - length + 1), (lambda p: p)
    elif ace == "high":
        starts, rank_at = range(2, 15 - length + 1), (lambda p: 1 if p == 14 else p)
    elif ace == "low_or_high":
        starts, rank_at = range(1, 15 - length + 1), (lambda p: 1 if p == 14 else p)
    else:  # wrap
        starts, rank_at = range(1, 14), (lambda p: (p - 1) % 13 + 1)
    for start in starts:
        window = {rank_at(p) for p in range(start, start + length)}
        if len(window) == length and set(numbers) <= window:
            return True
    return False


def _wilds_counted(cards: list[PlainCard], opts: PlainOptions) -> int:
    if not opts["wild"]:
        return 0
    deuces = sum(1 for c in cards if c[0] == 2)
    return 0 if deuces == len(cards) else deuces


def _legal_meld(cards: list[PlainCard], opts: PlainOptions) -> bool:
    wilds = _wilds_counted(cards, opts)
    if opts["max_wilds"] is not None and wilds > opts["max_wilds"]:
        return False
    if len(cards) - wilds < opts["min_naturals"]:
        return False
    return _can_be_set(cards, opts) or _can_be_run(cards, opts)


def brute_force_cost(cards: list[PlainCard], opts: PlainOptions, *, min_melds: int = 0,
                     max_melds: int | None = None) -> tuple[int, int, int] | None:
    """Least (points, cards, wilds used) over all arrangements with min..max melds, or None."""
    n = len(cards)
    melds_with_lowest: dict[int, list[tuple[int, int]]] = {i: [] for i in range(n)}
    for mask in range(1, 1 << n):
        members = [i for i in range(n) if mask >> i & 1]
        if len(members) < 3:
            continue
        chosen = [cards[i] for i in members]
        if _legal_meld(chosen, opts):
            melds_with_lowest[members[0]].append((mask, _wilds_counted(chosen, opts)))
    cap = max(min_melds, max_melds or 0)

    @cache
    def best(free: int, laid: int) -> tuple[int, int, int] | None:
        if free == 0:
            return (0, 0, 0) if laid >= min_melds else None
        low = (free & -free).bit_length() - 1
        options = []
        rest = best(free & ~(1 << low), laid)
        if rest is not None:
            options.append((rest[0] + _points(cards[low], opts), rest[1] + 1, rest[2]))
        if max_melds is None or laid < max_melds:
            for mask, wilds in melds_with_lowest[low]:
                if mask & free == mask:
                    rest = best(free & ~mask, min(laid + 1, cap))
                    if rest is not None:
                        options.append((rest[0], rest[1], rest[2] + wilds))
        return min(options) if options else None

    return best((1 << n) - 1, 0)
