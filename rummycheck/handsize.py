"""How many cards one hand can hold: each game's deal plus what one turn adds.

The solvers search every arrangement of a hand, so a hand no game can have (40 cards,
one card in gin) is refused before any search starts: bing and basic hold at most the
cards dealt plus one drawn; gin holds exactly the cards dealt, or one more after
drawing.  A house game that deals more raises the variant's ``hand_size`` option.
"""

from __future__ import annotations

from rummycheck.errors import HandSizeError
from rummycheck.variants import Variant

__all__ = ["check_hand_size", "deal_rule", "hand_size_problem"]


def deal_rule(variant: Variant) -> str:
    """The rule id that says how many cards are dealt."""
    return {"bing": "BING-DEAL", "basic": "BASIC-DECK"}.get(variant.name, "GIN-DEAL")


def hand_size_problem(variant: Variant, size: int) -> str | None:
    """Why no player of ``variant`` can hold ``size`` cards to solve, or None when one can."""
    dealt = variant.hand_size
    most = dealt + 1
    fewest = dealt if variant.name == "gin" else 1
    if fewest <= size <= most:
        return None
    if variant.name == "gin":
        held = f"a gin hand holds {dealt} cards, {most} just after drawing"
    else:
        held = f"a {variant.name} hand holds at most {most} ({dealt} dealt, one more after drawing)"
    house = "; a house game that deals more sets the hand_size option" if size > most else ""
    cards = "card" if size == 1 else "cards"
    return f"{size} {cards}, but {held} ({deal_rule(variant)}){house}"


def check_hand_size(size: int, variant: Variant, *, what: str = "the hand") -> None:
    """Raise ``HandSizeError`` when no player of ``variant`` can hold ``size`` cards."""
    problem = hand_size_problem(variant, size)
    if problem is not None:
        raise HandSizeError(f"{what} holds {problem}")
