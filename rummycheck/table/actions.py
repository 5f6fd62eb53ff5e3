"""Actions as values: one frozen ``Action`` for every move of every game.

An ``Action`` is what a player does, as data: its ``kind``, the ``player`` (his name),
the one ``card`` it names (the card drawn when known, the card taken, discarded, or
discarded with a knock), and for a lay-down its new ``melds`` and its ``layoffs`` (a
knock may carry the knocker's declared melds; none means the judge's best arrangement).
Actions are hashable and compare by value, so a set of legal moves, a table of values by
move, or a record's list of moves all hold the same objects.

``str(action)`` is the record notation of ``docs/records.md``, the player's name first::

    >>> from rummycheck.cards import Card
    >>> str(Action(ActionKind.DISCARD, "A", Card.parse("9c")))
    'A discard 9c'
    >>> str(Action(ActionKind.DRAW, "B"))
    'B draw'

A lay-down with both melds and lay-offs is two record lines (``A meld ...`` then
``A layoff ...``); ``lines()`` gives them one by one, and ``str`` joins them with ``; ``.
``rummycheck.table.plays.read_action`` reads any of these back against a state (a wild
written without ``=`` is read the way the table allows).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from rummycheck.cards import Card
from rummycheck.melds import Meld
from rummycheck.results import LayOff

__all__ = ["Action", "ActionKind", "pair_text"]


class ActionKind(StrEnum):
    """The kinds of move; the values are the record verbs (a lay-down is written ``meld``/``layoff``)."""

    DRAW = "draw"  # from the stock
    TAKE = "take"  # the top discard
    LAY_DOWN = "lay_down"  # new melds and lay-offs in one go
    DISCARD = "discard"
    END = "end"  # a Bing meld turn ends without a discard
    KNOCK = "knock"  # gin: discard and knock (no card: big gin)
    PASS = "pass"  # gin: decline the first upcard, or pass at the wall
    FINISH = "finish"  # gin: the defender is done laying off


def pair_text(card: Card, stands: Card) -> str:
    """A card as written in a meld or lay-off: ``2d=Jc`` when it stands for another card."""
    return str(card) if card == stands else f"{card}={stands}"


def _melds_text(melds: Sequence[Meld]) -> str:
    return " / ".join(str(m) for m in melds)


@dataclass(frozen=True, slots=True)
class Action:
    """One move (see the module docstring)."""

    kind: ActionKind
    player: str
    card: Card | None = None
    melds: tuple[Meld, ...] = ()
    layoffs: tuple[LayOff, ...] = ()

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card the action moves out of (or, for a draw or take, into) the player's hand."""
        if self.kind is ActionKind.LAY_DOWN:
            return tuple(c for m in self.melds for c in m.cards) + tuple(lo.card for lo in self.layoffs)
        return () if self.card is None else (self.card,)

    def lines(self) -> tuple[str, ...]:
        """The record strings of this action, one per record line."""
        who = self.player
        kind = self.kind
        if kind is ActionKind.LAY_DOWN:
            texts = [f"{who} meld {_melds_text(self.melds)}"] if self.melds else []
            texts.extend(f"{who} layoff {pair_text(lo.card, lo.stands_for)} on {lo.target}" for lo in self.layoffs)
            return tuple(texts)
        if kind is ActionKind.KNOCK:
            card = f" {self.card}" if self.card is not None else ""
            melds = f" with {_melds_text(self.melds)}" if self.melds else ""
            return (f"{who} knock{card}{melds}",)
        card = f" {self.card}" if self.card is not None else ""
        return (f"{who} {kind.value}{card}",)

    def move_text(self) -> str:
        """The move without the player's name, its lines joined by ``; ``: ``meld Ac 2c 3c; layoff 4c on 1``."""
        return "; ".join(line.split(" ", 1)[1] for line in self.lines())

    def __str__(self) -> str:
        return "; ".join(self.lines())
