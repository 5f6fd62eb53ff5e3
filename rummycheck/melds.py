"""Melds: the frozen ``Meld`` value type and the rules that make a meld legal.

A meld lists the physical cards laid down and, position by position, the card each one
stands for.  Natural cards stand for themselves; a wild deuce stands for any card.
``meld_problems`` is the single place that decides whether a meld is legal under a
variant; the validator and the table model both call it, the solvers do not.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from enum import StrEnum
from itertools import combinations

from rummycheck.cards import Card, Rank, Suit
from rummycheck.frozen import dataclass
from rummycheck.variants import Variant

__all__ = ["Meld", "MeldKind", "MeldReading", "TableMeld", "describe_meld", "extend_meld", "may_join", "meld_problems",
           "meld_readings", "read_meld", "reading_effect", "run_positions"]


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


_PROBLEMS_KEPT = 4096  # melds whose verdict a variant keeps (then it starts afresh)


def meld_problems(meld: Meld, variant: Variant) -> list[str]:
    """Every reason ``meld`` is not legal under ``variant`` (empty when it is legal).

    The verdict depends on the meld and the variant alone: each variant keeps those it gave
    (``Variant.memo``), and a meld judged again (the judge checks a knock's melds, lays them
    down, cites them) is answered from there, as a new list."""
    memo = variant.memo
    kept: dict[Meld, tuple[str, ...]] | None = memo.get("meld_problems")
    if kept is None:
        kept = memo["meld_problems"] = {}
    try:
        found = kept.get(meld)
    except TypeError:  # a meld of unhashable parts (a list given for a tuple): judged afresh
        return _meld_problems(meld, variant)
    if found is None:
        if len(kept) >= _PROBLEMS_KEPT:
            kept.clear()
        found = kept[meld] = tuple(_meld_problems(meld, variant))
    return list(found)


def _meld_problems(meld: Meld, variant: Variant) -> list[str]:
    """``meld_problems`` worked out."""
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


def may_join(meld: Meld, cards: Iterable[Card], variant: Variant) -> list[Card]:
    """The cards of ``cards`` that might extend ``meld``, in their order: a superset of those that can
    (``meld_problems`` of the extended meld decides). A natural card stands for itself, so it can only
    join a set of its own rank or a run of its own suit; a wild card may join either."""
    first = meld.stands_for[0]
    if meld.kind == MeldKind.RUN:
        suit = first.suit
        return [c for c in cards if c.suit is suit or variant.is_wild(c)]
    rank = first.rank
    return [c for c in cards if c.rank is rank or variant.is_wild(c)]


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


def describe_meld(meld: Meld, variant: Variant) -> str:
    """What a legal meld is, in words: ``a set of 3 Ks``, ``a run Qs-As``."""
    stands = meld.stands_for
    if meld.kind == MeldKind.SET:
        return f"a set of {len(stands)} {stands[0].rank}s"
    positions = run_positions([s.number for s in stands], variant.ace) or [s.number for s in stands]
    low, high = (Rank.from_number((p - 1) % 13 + 1) for p in (positions[0], positions[-1]))
    suit = stands[0].suit.value
    return f"a run {low}{suit}-{high}{suit}"


@dataclass(frozen=True, slots=True)
class MeldReading:
    """One way to read a meld as written: each wild card with a meaning, and what is wrong then."""

    meld: Meld
    problems: tuple[str, ...]

    @property
    def legal(self) -> bool:
        return not self.problems

    @property
    def substitutions(self) -> int:
        """Wild cards read as another card (a deuce read as itself is no substitution)."""
        return len(self.meld.wild_pairs())


def meld_readings(written: Sequence[tuple[Card, Card | None]], variant: Variant,
                  kind: MeldKind | None = None) -> list[MeldReading]:
    """Every reading of a meld as a player writes it (the way it lies on the table), best first.

    ``written`` lists the cards in the order given, each with the card it stands for when
    the player says so (``2d=Qs``), else None.  A wild card with no stated meaning may be
    itself or stand for a card of the set's rank or the run's suit (BING-WILD); every
    such reading is judged by ``meld_problems``.  Legal readings come first: the fewest
    wild substitutions (a deuce read as itself when that works), then the order closest
    to the one written (``7d 8d 2s`` reads 2s as 9d, ``2s 7d 8d`` as 6d), then sets before
    runs, then card order.  Illegal readings follow, the kind the cards look like first
    (one rank: a set; one suit: a run), then the fewest problems, then the nearest to a
    legal meld (``Kd 4h 2c`` fails as a set of kings because of the 4h, not because of the
    2c), then a set of the rank written first.
    """
    cards = [c for c, _ in written]
    stated = [c if s is None else s for c, s in written]
    free = [i for i, (c, s) in enumerate(written) if s is None and variant.is_wild(c)]
    wild = set(free)  # (a set: a meld written with thousands of deuces is read in linear time)
    fixed = [i for i in range(len(written)) if i not in wild]
    kinds = [kind] if kind is not None else [MeldKind.SET, MeldKind.RUN]
    seen: set[tuple[MeldKind, tuple[Card, ...]]] = set()
    readings: list[MeldReading] = []

    def add(k: MeldKind, stands: Sequence[Card]) -> None:
        key = (k, tuple(stands))
        if key in seen:
            return
        seen.add(key)
        meld = Meld(k, tuple(cards), tuple(stands))
        readings.append(MeldReading(meld, tuple(meld_problems(meld, variant))))

    for k in kinds:
        add(k, stated)
        if not free:
            continue
        if k == MeldKind.SET:
            for rank in dict.fromkeys(stated[i].rank for i in fixed):  # in the order written
                add(k, _set_stand_ins(cards, stated, free, rank, variant))
        else:
            suits = {stated[i].suit for i in fixed} or {cards[i].suit for i in free}
            for suit in sorted(suits, key=lambda s: s.index):
                for stands in _run_stand_ins(cards, stated, free, fixed, suit):
                    add(k, stands)
    return sorted(readings, key=lambda r: _reading_key(r, variant))


def read_meld(written: Sequence[tuple[Card, Card | None]], variant: Variant,
              kind: MeldKind | None = None) -> MeldReading:
    """The best reading of a meld as written (see ``meld_readings``): legal when any reading is."""
    return meld_readings(written, variant, kind)[0]


def reading_effect(meld: Meld, variant: Variant) -> tuple[object, ...]:
    """What a reading of a meld settles for later plays: a set's rank (and which cards it holds
    when a set may not hold a card twice), a run's cards.  Two readings with the same effect
    are the same meld for every rule; readings with different effects are a real choice."""
    if meld.kind == MeldKind.SET:
        cards = tuple(sorted(meld.stands_for)) if not variant.set_duplicates else ()
        return (meld.kind, meld.stands_for[0].rank, cards)
    return (meld.kind, tuple(sorted(meld.stands_for)))


def _set_stand_ins(cards: Sequence[Card], stated: Sequence[Card], free: Sequence[int], rank: Rank,
                   variant: Variant) -> list[Card]:
    """Every free wild as a card of ``rank``: its own suit when it may, else the first suit free."""
    stands = list(stated)
    used = Counter(stated[i] for i in range(len(stated)) if i not in free)
    for i in free:
        if cards[i].rank == rank:
            continue
        order = [cards[i].suit] + [s for s in Suit if s != cards[i].suit]
        choices = [Card(rank, s) for s in order]
        if not variant.set_duplicates:
            choices = [c for c in choices if used[c] == 0] or choices
        stands[i] = choices[0]
        used[stands[i]] += 1
    return stands


def _run_stand_ins(cards: Sequence[Card], stated: Sequence[Card], free: Sequence[int], fixed: Sequence[int],
                   suit: Suit) -> list[list[Card]]:
    """The free wilds as the missing ranks of ``suit`` in every window of consecutive ranks that
    holds the other cards (one deuce of the suit may stay itself); when no window holds them,
    the gaps nearest the lowest card (for the reason of an illegal meld)."""
    numbers = {stated[i].number for i in fixed}
    own = [i for i in free if cards[i].suit == suit and cards[i].number not in numbers]
    size = len(cards)
    found = []
    for natural in [None, *own[:1]]:
        rest = [i for i in free if i != natural]
        taken = numbers | ({cards[natural].number} if natural is not None else set())
        fills = []
        for start in range(1, 14 if size <= 13 else 1):
            window = {(p - 1) % 13 + 1 for p in range(start, start + size)}  # past the king: ace high, wrap
            missing = sorted(window - taken)
            if taken <= window and len(missing) == len(rest):
                fills.append(missing)
        if not fills:
            low = min(taken, default=1)
            fills.append(([n for n in range(low, 14) if n not in taken]
                          + [n for n in range(low - 1, 0, -1) if n not in taken])[:len(rest)])
        for fill in fills:
            if len(fill) != len(rest):
                continue
            stands = list(stated)
            for i, number in zip(rest, fill):
                stands[i] = Card(Rank.from_number(number), suit)
            found.append(stands)
    return found


def _reading_key(reading: MeldReading, variant: Variant) -> tuple[int, ...]:
    meld = reading.meld
    kind = 0 if meld.kind == MeldKind.SET else 1
    cards = tuple(s.index for s in meld.stands_for)
    if reading.legal:
        return (0, reading.substitutions, _inversions(meld, variant), kind, *cards)
    stands = meld.stands_for
    looks = len({s.rank for s in stands}) == 1 if meld.kind == MeldKind.SET else len({s.suit for s in stands}) == 1
    # ties keep the order the readings were made in (a set of the rank written first)
    return (1, 0 if looks else 1, len(reading.problems), _distance(meld), reading.substitutions, kind)


def _distance(meld: Meld) -> int:
    """How far an illegal reading is from a legal meld: extra ranks of a set; extra suits,
    gaps and repeated ranks of a run (the ace placed where it helps)."""
    stands = meld.stands_for
    if meld.kind == MeldKind.SET:
        return len({s.rank for s in stands}) - 1
    numbers = [s.number for s in stands]
    distinct = len(set(numbers))
    gaps = min(max(ns) - min(ns) + 1 - distinct for ns in (numbers, [14 if n == 1 else n for n in numbers]))
    return len({s.suit for s in stands}) - 1 + gaps + len(numbers) - distinct


def _inversions(meld: Meld, variant: Variant) -> int:
    """Pairs of cards written in the opposite order to their places in the run (0 for a set)."""
    if meld.kind == MeldKind.SET:
        return 0
    numbers = [s.number for s in meld.stands_for]
    positions = run_positions(numbers, variant.ace)
    if positions is None:
        return 0
    place = {(p - 1) % 13 + 1: p for p in positions}
    written = [place[n] for n in numbers]
    return sum(1 for a, b in combinations(written, 2) if a > b)
