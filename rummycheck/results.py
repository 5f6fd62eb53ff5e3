"""Result types shared by every solver: ``Reason`` and ``Solution``.

All three solvers (exact, z3, constraint) return a ``Solution``; the validator checks it
and the CLI prints it, so the format does not depend on which solver answered.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import field
from typing import Any

from rummycheck.cards import Card
from rummycheck.frozen import dataclass, quick
from rummycheck.melds import Meld
from rummycheck.variants import Variant

__all__ = ["LayOff", "Reason", "Solution", "assemble_solution"]


@dataclass(frozen=True, slots=True)
class Reason:
    """One finding with the rule id that produced it.

    ``settled`` is False for a rule the known facts do not settle (it depends on unknown
    cards) while the verdict does not turn on it: the play is illegal for another reason.
    """

    rule: str
    message: str
    settled: bool = True

    def __str__(self) -> str:
        return f"{self.rule}: {self.message}"


@dataclass(frozen=True, slots=True)
class LayOff:
    """A card added to a meld already on the table (``target`` is that meld's number, from 1, as
    ``TableMeld.number``)."""

    card: Card
    target: int
    stands_for: Card


@dataclass(frozen=True, slots=True)
class Solution:
    """The best arrangement of a hand and what the variant's rules say about it.

    ``melds`` and ``deadwood`` together hold exactly the cards of ``hand`` (less
    ``discard`` and the cards in ``layoffs``).  ``legal`` says whether laying the melds
    down now is allowed; ``reasons`` explain the verdict with rule ids.
    """

    variant: Variant
    hand: tuple[Card, ...]
    melds: tuple[Meld, ...]
    deadwood: tuple[Card, ...]
    deadwood_points: int
    legal: bool
    reasons: tuple[Reason, ...]
    solver: str = "exact"
    discard: Card | None = None
    layoffs: tuple[LayOff, ...] = ()
    score: int = 0
    opened: bool = False
    facts: tuple[tuple[str, Any], ...] = field(default=())

    def fact(self, name: str, default: Any = None) -> Any:
        """Variant-specific findings: ``can_knock``, ``gin``, ``big_gin``, ``can_go_out`` ..."""
        return dict(self.facts).get(name, default)

    @property
    def melded_cards(self) -> tuple[Card, ...]:
        return tuple(c for m in self.melds for c in m.cards)


# ``Solution(...)`` with every field given in field order, for the solvers' hot paths: the same
# frozen value in about a quarter of the time (``rummycheck.frozen``).
assemble_solution: Callable[..., Solution] = quick(Solution)


def meld_json(meld: Meld) -> dict[str, Any]:
    wilds: dict[str, str] = {}
    for card, stand in meld.wild_pairs():
        key = str(card)
        wilds[key] = f"{wilds[key]},{stand}" if key in wilds else str(stand)
    return {
        "kind": str(meld.kind),
        "cards": [str(c) for c in meld.cards],
        "as": [str(c) for c in meld.stands_for],
        "wilds": wilds,
    }
