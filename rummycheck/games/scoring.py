"""Scoring: how a hand's end changes the score sheet, for Bing, basic and gin rummy.

The engine is pure: ``score_hand(sheet, end)`` takes the sheet before the hand (a frozen
``Sheet``) and how the hand ended (a ``HandEnd``) and returns a ``HandScore`` holding the
sheet after the hand and one ``ScoreLine`` per change, each naming the rule id that
produced it, so every number on a sheet can be audited.

Decisions the rules brief leaves open (documented in docs/scoring.md):

* BING-BUST: a running score above the ``limit`` option (75, so 76 or more) is out.
* BING-BUYBACK: the buy-back level is the highest score among the players still in after
  the hand's points are added (the player who went out included), computed once per
  hand *before* anyone buys back; so several players who bust in the same hand all buy
  back at the same level.  A player may buy back only right after the hand in which he
  busted.  When no player is left at or below the limit there is no level: nobody can
  buy back, and the game ends without a winner (BING-WIN).
* GIN-UNDERCUT with ``undercut_on_tie = false``: equal deadwood scores nothing for
  either player and no box is won.
* GIN-BIGGIN when it is not played (``big_gin_bonus = 0``, the classic preset): eleven
  melded cards score as ordinary gin.
* GIN-KNOCK under Oklahoma: the first upcard's points set the knock limit (an ace
  allows gin only); a spade upcard doubles everything the hand scores (not the boxes).
* GIN-GAME: at the end of the game the winner adds the game bonus, each player adds
  the box bonus for every hand he won, and (when ``shutout_doubles`` is on) a winner
  whose opponent scored no points doubles his whole total, bonuses included.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from rummycheck.cards import Card, format_cards
from rummycheck.errors import ScenarioError
from rummycheck.melds import Meld
from rummycheck.variants import Variant, get_variant, players_text

__all__ = [
    "HandEnd",
    "HandScore",
    "Ledger",
    "PlayerScore",
    "ScoreLine",
    "Sheet",
    "check_player",
    "counted",
    "finish_sheet",
    "new_sheet",
    "unexpected",
]


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """One change on the sheet: ``points`` added to ``player`` because of ``rule``.

    ``player`` is None for a line about the whole table (a stalemate, a game without a
    winner).  Lines that change nothing (a bust, a lay-off) carry 0 points.
    """

    player: str | None
    points: int
    rule: str
    text: str

    def __str__(self) -> str:
        who = self.player if self.player is not None else "table"
        sign = f"{self.points:+d}" if self.points else "0"
        return f"{self.rule}: {who} {sign}: {self.text}"

@dataclass(frozen=True, slots=True)
class PlayerScore:
    """One player's row on the sheet."""

    name: str
    score: int = 0
    out: bool = False  # bing: busted and not bought back in
    hands_won: int = 0  # gin: boxes; basic: hands won
    buybacks: int = 0

@dataclass(frozen=True, slots=True)
class Sheet:
    """A score sheet: the variant in force, the players in seat order, the game's state."""

    variant: Variant
    players: tuple[PlayerScore, ...]
    hands: int = 0
    finished: bool = False
    winner: str | None = None

    def player(self, name: str) -> PlayerScore:
        for row in self.players:
            if row.name == name:
                return row
        known = ", ".join(repr(p.name) for p in self.players)
        raise ScenarioError(f"unknown player {name!r}; players are {known}")

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.players)

    def scores(self) -> dict[str, int]:
        return {p.name: p.score for p in self.players}

    def still_in(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.players if not p.out)

@dataclass(frozen=True, slots=True)
class HandEnd:
    """How one hand ended.  Give ``points`` (counted by the players) or ``cards``.

    * Bing, basic: ``out`` went out; ``points``/``cards`` are what the others hold.
      Bing: ``buyback`` lists busted players who buy back in.  Basic: ``rummy`` (went
      out in one turn), ``stalemate``.
    * Gin: ``knocker`` knocked (deadwood 0 is gin); ``points`` are both deadwood
      counts, the defender's after his lay-offs; or ``cards`` are both hands, and the
      defender's lay-offs on ``knocker_melds`` (default: the knocker's best melds) are
      worked out.  ``big_gin``, ``dead`` (GIN-DEAD), ``upcard`` (Oklahoma).
    """

    out: str | None = None
    knocker: str | None = None
    points: Mapping[str, int] = field(default_factory=dict)
    cards: Mapping[str, tuple[Card, ...]] = field(default_factory=dict)
    rummy: bool = False
    stalemate: bool = False
    dead: bool = False
    big_gin: bool = False
    upcard: Card | None = None
    buyback: tuple[str, ...] = ()
    knocker_melds: tuple[Meld, ...] | None = None
    why: str = ""  # gin: why a dead hand ended (GIN-DEAD), when not at the wall

    def __post_init__(self) -> None:
        object.__setattr__(self, "points", MappingProxyType(dict(self.points)))
        object.__setattr__(self, "cards", MappingProxyType({k: tuple(v) for k, v in self.cards.items()}))
        object.__setattr__(self, "buyback", tuple(self.buyback))

@dataclass(frozen=True, slots=True)
class HandScore:
    """The result of scoring one hand: the sheet before and after, and every line."""

    number: int
    before: Sheet
    after: Sheet
    lines: tuple[ScoreLine, ...]
    hand_winner: str | None = None
    busted: tuple[str, ...] = ()
    buyback_level: int | None = None
    bought_back: tuple[str, ...] = ()

    @property
    def winner(self) -> str | None:
        """The winner of the game, when this hand ended it."""
        return self.after.winner

    @property
    def eliminated(self) -> tuple[str, ...]:
        """Bing: the players out of the game after this hand (busted, not bought back)."""
        return tuple(p.name for p in self.after.players if p.out)


def new_sheet(variant: Variant | str, players: Sequence[str], *, scores: Mapping[str, int] | None = None,
              out: Sequence[str] = (), hands_won: Mapping[str, int] | None = None) -> Sheet:
    """A sheet for ``players`` (seat order), optionally with running scores already on it."""
    variant = get_variant(variant)
    if isinstance(players, str):
        raise TypeError(f"players are a list of names, like ['A', 'B'], not the text {players!r}")
    names = list(players)
    if len(set(names)) != len(names):
        twice = sorted({n for n in names if names.count(n) > 1})
        raise ScenarioError(f"player names must differ, got {twice[0]!r} twice")
    low = int(variant.get("min_players", 2) or 2)
    high = int(variant.get("max_players", 8) or 8)
    if not low <= len(names) <= high:
        raise ScenarioError(f"{variant.title} is played by {players_text(low, high)}, got {len(names)}")
    scores = dict(scores or {})
    wins = dict(hands_won or {})
    for name in list(scores) + list(out) + list(wins):
        if name not in names:
            raise ScenarioError(f"unknown player {name!r}; players are {', '.join(map(repr, names))}")
    for name, value in scores.items():
        if value < 0:
            raise ScenarioError(f"a running score cannot be negative, got {value!r} for {name!r}")
    rows = tuple(PlayerScore(n, scores.get(n, 0), out=n in out, hands_won=wins.get(n, 0)) for n in names)
    return Sheet(variant=variant, players=rows)

class Ledger:
    """Collects lines and running totals while one hand is scored."""

    def __init__(self, sheet: Sheet) -> None:
        self.sheet = sheet
        self.scores = sheet.scores()
        self.lines: list[ScoreLine] = []

    def add(self, player: str | None, points: int, rule: str, text: str) -> None:
        if player is not None:
            self.scores[player] += points
        self.lines.append(ScoreLine(player, points, rule, text))

def check_player(sheet: Sheet, name: str | None, role: str) -> str:
    if name is None:
        raise ScenarioError(f"the hand's end must say who {role}")
    sheet.player(name)
    return name

def counted(sheet: Sheet, end: HandEnd, player: str, *, rule: str) -> tuple[int, str]:
    """Points a player holds, from ``end.points`` or by counting ``end.cards``; and how."""
    variant = sheet.variant
    if player in end.cards:
        cards = end.cards[player]
        points = variant.points(cards)
        shown = format_cards(cards) or "no cards"
        return points, f"{shown} = {points} ({rule})"
    if player in end.points:
        points = end.points[player]
        if isinstance(points, bool) or not isinstance(points, int) or points < 0:
            raise ScenarioError(f"points left in hand must be a whole number of 0 or more, "
                                f"got {points!r} for {player!r}")
        return points, f"{points} points"
    raise ScenarioError(f"the hand's end does not say what {player!r} holds: give points or cards for {player!r}")

def unexpected(sheet: Sheet, end: HandEnd, allowed: set[str]) -> None:
    for name in list(end.points) + list(end.cards):
        sheet.player(name)
        if name not in allowed:
            raise ScenarioError(f"player {name!r} takes no part in counting this hand "
                                "(he went out, knocked or is out of the game); remove his points")

def finish_sheet(sheet: Sheet, ledger: Ledger, *, out: set[str] | None = None, won: str | None = None,
            winner: str | None = None, finished: bool = False,
            extra: Mapping[str, int] | None = None) -> Sheet:
    rows = []
    scores = ledger.scores
    added = extra or {}
    for row in sheet.players:  # replace(row, ...) with every field given, without its generic cost
        name = row.name
        rows.append(PlayerScore(name, scores[name], row.out if out is None else name in out,
                                row.hands_won + (1 if name == won else 0), row.buybacks + added.get(name, 0)))
    return Sheet(sheet.variant, tuple(rows), sheet.hands + 1, finished, winner)
