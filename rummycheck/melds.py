"""Melds: the frozen ``Meld`` value type and the rules that make a meld legal.

A meld lists the physical cards laid down and, position by position, the card each one
stands for.  Natural cards stand for themselves; a wild deuce stands for any card.
``meld_problems`` is the single place that decides whether a meld is legal under a
variant; the validator and the table model both call it, the solvers do not.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from rummycheck.cards import Card, Rank
from rummycheck.variants import Variant

__all__ = ["Meld", "MeldKind", "TableMeld", "extend_meld", "meld_problems", "run_positions"]


class MeldKind(StrEnum):
    SET = "set"
    RUN = "run"


@dataclass(frozen=True, slots=True)
class Meld:
    """A set or run: ``cards`` as laid down, ``stands_for[i]`` is what ``cards[i]`` represents."""

    kind: MeldKind
    cards: tuple[Card, ...]
    stands_for: tuple[Card, ...]

    @classmethod
    def natural(cls, kind: MeldKind | str, cards: Iterable[Card]) -> Meld:
        """A meld without wild substitutions."""
        cards = tuple(cards)
        return cls(MeldKind(kind), cards, cards)

    def wild_pairs(self) -> tuple[tuple[Card, Card], ...]:
        """(wild card, what it stands for) for every card that stands for another card."""
        return tuple((c, s) for c, s in zip(self.cards, self.stands_for) if c != s)

    def wilds_used(self, variant: Variant) -> int:
        """Deuces in the meld counted as wilds: all of them, unless the meld is only deuces."""
        wild = sum(1 for c in self.cards if variant.is_wild(c))
        return 0 if wild == len(self.cards) else wild

    def __len__(self) -> int:
        return len(self.cards)

    def __str__(self) -> str:
        parts = []
        for card, stand in zip(self.cards, self.stands_for):
            parts.append(str(card) if card == stand else f"{card}={stand}")
        return " ".join(parts)


@dataclass(frozen=True, slots=True)
class TableMeld:
    """A meld on the table, numbered from 1 in file order; ``owner`` laid it (None: unknown)."""

    number: int
    meld: Meld
    owner: str | None = None


def run_positions(numbers: Sequence[int], ace: str) -> list[int] | None:
    """Place rank numbers (1 = ace) in a run under the ace rule, or None if they cannot.

    Returns the sorted positions (ace as 1 or 14) when the numbers are distinct and
    consecutive; with ``ace == "wrap"`` the positions may run past the king (K A 2 -> 13 14 15).
    """
    if len(set(numbers)) != len(numbers) or not numbers:
        return None
    candidates: list[list[int]] = []
    if ace in ("low", "low_or_high"):
        candidates.append(sorted(numbers))
    if ace in ("high", "low_or_high"):
        candidates.append(sorted(14 if n == 1 else n for n in numbers))
    if ace == "wrap":
        for start in range(1, 14):
            candidates.append(sorted((n - start) % 13 + start for n in numbers))
    for positions in candidates:
        if ace == "high" and 1 in positions:
            continue
        if positions[-1] - positions[0] == len(positions) - 1:
            return positions
    return None


def meld_problems(meld: Meld, variant: Variant) -> list[str]:
    """Every reason ``meld`` is not legal under ``variant`` (empty when it is legal)."""
    problems: list[str] = []
    if len(meld.cards) != len(meld.stands_for):
        return ["a meld needs one stand-in entry per card"]
    if len(meld.cards) < 3:
        problems.append(f"a {meld.kind} needs at least 3 cards, this one has {len(meld.cards)}")
    for card, stand in zip(meld.cards, meld.stands_for):
        if card != stand and not variant.is_wild(card):
            problems.append(f"{card} is not wild and cannot stand for {stand}")
    represented = meld.stands_for
    if meld.kind == MeldKind.SET:
        ranks = {c.rank for c in represented}
        if len(ranks) > 1:
            problems.append("a set needs cards of one rank, got "
                            + ", ".join(sorted(str(r) for r in ranks)))
        limit = variant.set_max
        if limit is not None and len(represented) > limit:
            problems.append(f"a set holds at most {limit} cards, this one has {len(represented)}")
        if not variant.set_duplicates:
            twice = [str(c) for c, n in Counter(represented).items() if n > 1]
            if twice:
                problems.append("a set may not hold the same card twice: " + ", ".join(sorted(twice)))
    else:
        suits = {c.suit for c in represented}
        if len(suits) > 1:
            problems.append("a run needs cards of one suit, got "
                            + ", ".join(s.value for s in sorted(suits, key=lambda suit: suit.index)))
        numbers = [c.number for c in represented]
        if len(set(numbers)) != len(numbers):
            problems.append("a run holds one card of each rank")
        elif len(represented) > variant.max_run_length:
            problems.append(f"a run holds at most {variant.max_run_length} cards")
        elif run_positions(numbers, variant.ace) is None:
            problems.append(f"the ranks {' '.join(str(Rank.from_number(n)) for n in sorted(numbers))} "
                            f"are not consecutive with the ace {variant.ace.replace('_', ' ')}")
    wilds = meld.wilds_used(variant)
    if variant.max_wilds is not None and wilds > variant.max_wilds:
        problems.append(f"a meld may hold at most {variant.max_wilds} wild cards, this one has {wilds}")
    naturals = len(meld.cards) - wilds
    if naturals < variant.min_naturals:
        problems.append(f"a meld needs at least {variant.min_naturals} natural cards, this one has {naturals}")
    return problems


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
