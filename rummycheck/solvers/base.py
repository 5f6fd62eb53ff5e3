"""The contract every solver keeps: what it is asked and what it answers.

A solver is a search model.  It is asked for the best arrangement of some cards under
the meld options of a variant (sets, runs, the ace, wild cards, set sizes), with at
least ``min_melds`` and at most ``max_melds`` melds; or, at a table, for the best whole
play (new melds plus lay-offs on table melds).  It never asks which game is played:
opening requirements, limits and knocks are the games' business (``rummycheck.games``),
which turn them into ``min_melds``/``max_melds``/``allow_layoffs`` and judge the answer.

Best means: least points left, then fewest cards left, then fewest wild cards used.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from rummycheck.cards import Card
from rummycheck.frozen import dataclass
from rummycheck.melds import Meld, TableMeld
from rummycheck.results import LayOff
from rummycheck.variants import Variant

__all__ = ["Arrangement", "Finder", "PlayFinder", "PlayFound", "SOLVER_NAMES", "TableQuestion"]

SOLVER_NAMES = ("exact", "z3", "csp")


@dataclass(frozen=True, slots=True)
class Arrangement:
    """What a search found: the melds, the cards left, their points and the wilds used."""

    melds: tuple[Meld, ...]
    deadwood: tuple[Card, ...]
    points: int
    wilds_used: int


@dataclass(frozen=True, slots=True)
class TableQuestion:
    """One whole-play search at a table, as a game asks it.

    ``cards`` are the cards to lay out (after ``discard``, if any); ``table`` the melds open
    for lay-offs; the new melds number ``min_melds``..``max_melds``.  With
    ``empty_without_discard`` a play that keeps cards must discard one (basic: the turn
    ends with a discard unless the hand is empty).
    """

    cards: tuple[Card, ...]
    table: tuple[TableMeld, ...] = ()
    min_melds: int = 0
    max_melds: int | None = None
    discard: Card | None = None
    empty_without_discard: bool = False


class Finder(Protocol):
    """The best arrangement of ``cards`` with ``min_melds``..``max_melds`` melds, or None."""

    def __call__(self, cards: Sequence[Card], *, variant: Variant, min_melds: int = 0,
                 max_melds: int | None = None) -> Arrangement | None: ...


# (cost, new melds, lay-offs, cards left); cost = (points left, cards left, wilds, lay-off tie-break)
PlayFound = tuple[tuple[int, int, int, int], tuple[Meld, ...], tuple[LayOff, ...], tuple[Card, ...]]


class PlayFinder(Protocol):
    """The best whole play of ``hand`` at a table: new melds and lay-offs on ``table``."""

    def __call__(self, hand: Sequence[Card], table: Sequence[TableMeld], *, variant: Variant,
                 min_melds: int = 0, max_melds: int | None = None,
                 allow_layoffs: bool = True) -> PlayFound | None: ...
