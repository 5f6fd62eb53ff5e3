"""Positions: one table situation as frozen values (players, table, turn, pile, end).

A ``Scenario`` is what a scenario file describes and what ``GameState.from_scenario``
starts from; ``files/scenario.py`` reads the TOML into it.  It sits low in the package
so that solvers, games and the table model can all read a position without knowing the
file format.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rummycheck.cards import Card
from rummycheck.errors import ScenarioError
from rummycheck.melds import TableMeld
from rummycheck.variants import Variant

__all__ = ["EndInfo", "PileInfo", "Scenario", "ScenarioPlayer", "TableMeld", "TurnInfo", "nearest_position", "where"]

Path_ = tuple[str | int, ...]


@dataclass(frozen=True, slots=True)
class ScenarioPlayer:
    """One seat: running score, whether the player has opened, the hand when known.

    ``hand`` is None when the cards are unknown; ``hand_size`` is always the number of
    cards held (``len(hand)`` when the hand is known).  ``opened`` means the player has
    put cards on the table before (Bing: made the opening; basic: melded or laid off).
    ``out`` marks a Bing player who is out of the game (busted, not bought back).
    ``cut`` is the deuce a Bing player kept when he cut for a deuce (BING-DEAL): it is
    one of his 14 cards (13 dealt plus the cut deuce).
    """

    name: str
    score: int = 0
    opened: bool = False
    hand: tuple[Card, ...] | None = None
    hand_size: int = 0
    out: bool = False
    cut: Card | None = None

    @property
    def known(self) -> bool:
        return self.hand is not None


@dataclass(frozen=True, slots=True)
class TurnInfo:
    """Whose turn it is and what has happened in it so far.

    ``drew`` is "stock", "discard" or "none"; ``took`` is the card taken from the discard
    pile (now in the player's hand).  ``melded``: cards were melded or laid off this turn;
    ``knocked`` (gin): the player has knocked.
    """

    player: str
    drew: str = "none"
    took: Card | None = None
    melded: bool = False
    knocked: bool = False


@dataclass(frozen=True, slots=True)
class PileInfo:
    """The discard pile (top card last; empty when not given) and the stock size (None: unknown).

    ``upcard`` (gin) is the first upcard of the hand, the card turned up after the deal
    (GIN-DEAL); Oklahoma gin reads the knock limit from it (GIN-KNOCK).
    """

    discard: tuple[Card, ...] = ()
    stock: int | None = None
    upcard: Card | None = None

    @property
    def top(self) -> Card | None:
        return self.discard[-1] if self.discard else None

    @property
    def first_upcard(self) -> Card | None:
        """``upcard``, or when it is not given the bottom card of the discard pile (which the upcard started)."""
        if self.upcard is not None:
            return self.upcard
        return self.discard[0] if self.discard else None


@dataclass(frozen=True, slots=True)
class EndInfo:
    """How the hand ended, for scoring: who went out (bing, basic) or knocked (gin).

    ``points`` gives the points left in hand for players whose cards are not listed.
    ``buyback`` (bing): the players who bust in this hand and buy back in (BING-BUYBACK).
    ``dead`` (gin): nobody knocked before the stock ran down (GIN-DEAD); ``big_gin``
    (gin): the knocker melded all eleven cards (GIN-BIGGIN), for hands given by points.
    """

    out: str | None = None
    knocker: str | None = None
    rummy: bool = False
    stalemate: bool = False
    points: tuple[tuple[str, int], ...] = ()
    buyback: tuple[str, ...] = ()
    dead: bool = False
    big_gin: bool = False

    def points_of(self, name: str) -> int | None:
        return dict(self.points).get(name)


@dataclass(frozen=True, slots=True)
class Scenario:
    """One table situation, checked for consistency when it was loaded.

    ``expect`` is the file's ``[expect]`` table as a plain dict (``rummycheck verify``
    checks its keys).  ``positions`` maps key paths such as ``("players", 0, "hand")``
    to (line, column); ``where(...)`` turns a path into a ``file:line:col`` prefix.
    """

    source: str
    variant: Variant
    players: tuple[ScenarioPlayer, ...]
    table: tuple[TableMeld, ...] = ()
    turn: TurnInfo | None = None
    pile: PileInfo = PileInfo()
    end: EndInfo | None = None
    title: str = ""
    description: str = ""
    expect: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    positions: dict[Path_, tuple[int, int]] = field(default_factory=dict, compare=False, hash=False,
                                                     repr=False)

    def player(self, name: str) -> ScenarioPlayer:
        for player in self.players:
            if player.name == name:
                return player
        raise ScenarioError(f"{self.source}: no player named {name!r}")

    def seat(self, name: str) -> int:
        for index, player in enumerate(self.players):
            if player.name == name:
                return index
        raise ScenarioError(f"{self.source}: no player named {name!r}")

    def where(self, *path: str | int) -> str:
        """``file:line:col`` of the key at ``path``, or of its nearest enclosing key."""
        return where(self.source, self.positions, tuple(path))


def where(source: str, positions: Mapping[Path_, tuple[int, int]], path: Path_) -> str:
    """``source:line:col`` of ``path`` in a file's ``positions``, or of its nearest enclosing path."""
    line, column = nearest_position(positions, path)
    return f"{source}:{line}:{column}"


def nearest_position(positions: Mapping[Path_, tuple[int, int]], path: Path_) -> tuple[int, int]:
    """The position of ``path``, or of its nearest enclosing path; ``(1, 1)`` when none is known."""
    while path:
        if path in positions:
            return positions[path]
        path = path[:-1]
    return (1, 1)
