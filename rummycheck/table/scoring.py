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
from dataclasses import dataclass, field, replace
from itertools import combinations, product
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from rummycheck.cards import Card, Suit, format_cards
from rummycheck.errors import IllegalPlayError, ScenarioError
from rummycheck.melds import Meld, MeldKind, meld_problems
from rummycheck.variants import Variant, get_variant

if TYPE_CHECKING:
    from rummycheck.position import Scenario

__all__ = [
    "GinLayoffs",
    "HandEnd",
    "HandScore",
    "PlayerScore",
    "ScoreLine",
    "Sheet",
    "basic_target",
    "gin_knock_limit",
    "gin_layoffs",
    "new_sheet",
    "score_hand",
    "scenario_hand",
    "score_hands",
    "score_scenario",
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

    def to_json(self) -> dict[str, Any]:
        return {
            "hand": self.number,
            "variant": self.after.variant.name,
            "hand_winner": self.hand_winner,
            "lines": [{"player": ln.player, "points": ln.points, "rule": ln.rule, "text": ln.text}
                      for ln in self.lines],
            "scores": self.after.scores(),
            "busted": list(self.busted),
            "buyback_level": self.buyback_level,
            "bought_back": list(self.bought_back),
            "eliminated": list(self.eliminated),
            "finished": self.after.finished,
            "winner": self.after.winner,
        }


def new_sheet(variant: Variant | str, players: Sequence[str], *, scores: Mapping[str, int] | None = None,
              out: Sequence[str] = (), hands_won: Mapping[str, int] | None = None) -> Sheet:
    """A sheet for ``players`` (seat order), optionally with running scores already on it."""
    variant = get_variant(variant)
    names = list(players)
    if len(set(names)) != len(names):
        twice = sorted({n for n in names if names.count(n) > 1})
        raise ScenarioError(f"player names must differ, got {twice[0]!r} twice")
    low = int(variant.get("min_players", 2) or 2)
    high = int(variant.get("max_players", 8) or 8)
    if not low <= len(names) <= high:
        raise ScenarioError(f"{variant.title} is played by {low} to {high} players, got {len(names)}")
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


def score_hands(sheet: Sheet, ends: Sequence[HandEnd]) -> list[HandScore]:
    """Score several hands in order; each result's ``after`` is the next one's ``before``."""
    results = []
    for end in ends:
        result = score_hand(sheet, end)
        results.append(result)
        sheet = result.after
    return results


def score_hand(sheet: Sheet, end: HandEnd) -> HandScore:
    """Apply one hand's end to ``sheet`` under its variant's scoring rules."""
    if sheet.finished:
        raise ScenarioError(f"the game is over after hand {sheet.hands}"
                            + (f" ({sheet.winner} won)" if sheet.winner else "") + "; no more hands can be scored")
    name = sheet.variant.name
    if name == "bing":
        return _score_bing(sheet, end)
    if name == "basic":
        return _score_basic(sheet, end)
    return _score_gin(sheet, end)


# -- shared helpers -------------------------------------------------------------------------

class _Ledger:
    """Collects lines and running totals while one hand is scored."""

    def __init__(self, sheet: Sheet) -> None:
        self.sheet = sheet
        self.scores = sheet.scores()
        self.lines: list[ScoreLine] = []

    def add(self, player: str | None, points: int, rule: str, text: str) -> None:
        if player is not None:
            self.scores[player] += points
        self.lines.append(ScoreLine(player, points, rule, text))


def _check_player(sheet: Sheet, name: str | None, role: str) -> str:
    if name is None:
        raise ScenarioError(f"the hand's end must say who {role}")
    sheet.player(name)
    return name


def _counted(sheet: Sheet, end: HandEnd, player: str, *, rule: str) -> tuple[int, str]:
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


def _unexpected(sheet: Sheet, end: HandEnd, allowed: set[str]) -> None:
    for name in list(end.points) + list(end.cards):
        sheet.player(name)
        if name not in allowed:
            raise ScenarioError(f"player {name!r} takes no part in counting this hand "
                                "(he went out, knocked or is out of the game); remove his points")


def _finish(sheet: Sheet, ledger: _Ledger, *, out: set[str] | None = None, won: str | None = None,
            winner: str | None = None, finished: bool = False,
            extra: Mapping[str, int] | None = None) -> Sheet:
    rows = []
    for row in sheet.players:
        rows.append(replace(
            row,
            score=ledger.scores[row.name],
            out=row.out if out is None else row.name in out,
            hands_won=row.hands_won + (1 if row.name == won else 0),
            buybacks=row.buybacks + (extra or {}).get(row.name, 0),
        ))
    return replace(sheet, players=tuple(rows), hands=sheet.hands + 1, finished=finished, winner=winner)


# -- Bing -----------------------------------------------------------------------------------

def _score_bing(sheet: Sheet, end: HandEnd) -> HandScore:
    variant = sheet.variant
    limit = int(variant.option("limit") or 0)
    playing = [p.name for p in sheet.players if not p.out]
    ledger = _Ledger(sheet)
    if end.out is not None:
        _check_player(sheet, end.out, "went out")
        if sheet.player(end.out).out:
            raise ScenarioError(f"player {end.out!r} is out of the game (BING-BUST) and cannot go out")
        if end.cards.get(end.out) or end.points.get(end.out):
            raise ScenarioError(f"player {end.out!r} went out, so he holds no points (BING-OUT)")
        ledger.add(end.out, 0, "BING-OUT", "went out: adds nothing")
    counting = [n for n in playing if n != end.out]
    _unexpected(sheet, end, set(counting) | ({end.out} if end.out else set()))
    for name in counting:
        points, how = _counted(sheet, end, name, rule="BING-VALUES")
        old = ledger.scores[name]
        ledger.add(name, points, "BING-SCORE", f"holds {how}: {old} + {points} = {old + points}")
    busted = [n for n in counting if ledger.scores[n] > limit]
    for name in busted:
        ledger.add(name, 0, "BING-BUST", f"{ledger.scores[name]} is over {limit}: out of the game")
    still_in = [n for n in playing if n not in busted]
    level = max((ledger.scores[n] for n in still_in), default=None)
    for name in end.buyback:
        sheet.player(name)
        if name not in busted:
            raise ScenarioError(f"player {name!r} did not bust in this hand, so he cannot buy back in (BING-BUYBACK)")
        if not variant.option("buyback"):
            raise IllegalPlayError("BING-BUYBACK: buying back in is switched off (buyback = false)")
        if level is None:
            raise IllegalPlayError(f"BING-BUYBACK: {name!r} cannot buy back in: nobody is left at "
                                   f"{limit} or less to buy back against")
    if len(set(end.buyback)) != len(end.buyback):
        raise ScenarioError("a player can buy back in only once a hand")
    if busted and level is not None:
        among = ", ".join(f"{n} {ledger.scores[n]}" for n in still_in)
        for name in busted:
            if name in end.buyback:
                old = ledger.scores[name]
                ledger.add(name, level - old, "BING-BUYBACK",
                           f"buys back in: {old} becomes {level}, the highest score at or below {limit} "
                           f"among the players still in ({among})")
    out_now = {p.name for p in sheet.players if p.out} | {n for n in busted if n not in end.buyback}
    remaining = [n for n in sheet.names if n not in out_now]
    winner: str | None = None
    finished = False
    if len(remaining) == 1 and len(sheet.players) > 1:
        winner, finished = remaining[0], True
        ledger.add(winner, 0, "BING-WIN", f"the only player at or below {limit}: wins the game")
    elif not remaining:
        finished = True
        ledger.add(None, 0, "BING-WIN", f"every player is over {limit}: nobody wins; start a new game")
    after = _finish(sheet, ledger, out=out_now, won=end.out, winner=winner, finished=finished,
                    extra={n: 1 for n in end.buyback})
    return HandScore(number=sheet.hands + 1, before=sheet, after=after, lines=tuple(ledger.lines),
                     hand_winner=end.out, busted=tuple(busted),
                     buyback_level=level if busted else None, bought_back=tuple(end.buyback))


# -- Basic ----------------------------------------------------------------------------------

def basic_target(variant: Variant, players: int) -> int:
    """BASIC-TARGET: the score that wins, by number of players (four or more: target_4)."""
    key = "target_2" if players <= 2 else "target_3" if players == 3 else "target_4"
    return int(variant.option(key) or 0)


def _score_basic(sheet: Sheet, end: HandEnd) -> HandScore:
    variant = sheet.variant
    ledger = _Ledger(sheet)
    if end.stalemate:
        if end.out is not None or end.rummy:
            raise ScenarioError("a stalemate has nobody going out (and nobody going rummy)")
        ledger.add(None, 0, "BASIC-STALEMATE", "stalemate: nobody scores")
        return HandScore(number=sheet.hands + 1, before=sheet, after=_finish(sheet, ledger), lines=tuple(ledger.lines))
    winner = _check_player(sheet, end.out, "went out (or set stalemate)")
    if end.cards.get(winner) or end.points.get(winner):
        raise ScenarioError(f"player {winner!r} went out, so he holds no points (BASIC-OUT)")
    others = [n for n in sheet.names if n != winner]
    _unexpected(sheet, end, set(others) | {winner})
    total = 0
    for name in others:
        points, how = _counted(sheet, end, name, rule="BASIC-SCORE")
        total += points
        ledger.add(winner, points, "BASIC-SCORE", f"{name} holds {how}")
    if end.rummy:
        factor = int(variant.option("rummy_multiplier") or 1)
        ledger.add(winner, total * (factor - 1), "BASIC-RUMMY",
                   f"went rummy: the hand's {total} points count {factor} times")
    target = basic_target(variant, len(sheet.players))
    champion: str | None = None
    if ledger.scores[winner] >= target:
        champion = winner
        ledger.add(winner, 0, "BASIC-TARGET",
                   f"{ledger.scores[winner]} reaches {target} ({len(sheet.players)} players): wins the game")
    after = _finish(sheet, ledger, won=winner, winner=champion, finished=champion is not None)
    return HandScore(number=sheet.hands + 1, before=sheet, after=after, lines=tuple(ledger.lines), hand_winner=winner)


# -- Gin ------------------------------------------------------------------------------------

def gin_knock_limit(variant: Variant, upcard: Card | None) -> tuple[int, str]:
    """GIN-KNOCK: the knock limit in force and why (Oklahoma: the first upcard sets it)."""
    if not variant.option("oklahoma"):
        limit = int(variant.option("knock_limit") or 0)
        return limit, f"knock limit {limit}"
    if upcard is None:
        raise ScenarioError("Oklahoma gin needs the first upcard (upcard = ...) to set the knock limit")
    if upcard.number == 1:
        return 0, f"Oklahoma: upcard {upcard} is an ace, so only gin may end the hand"
    limit = variant.card_points(upcard)
    return limit, f"Oklahoma: upcard {upcard} sets the knock limit at {limit}"


@dataclass(frozen=True, slots=True)
class GinLayoffs:
    """GIN-LAYOFF: the defender's best lay-offs on the knocker's melds."""

    before: int  # deadwood without lay-offs
    after: int  # deadwood after the lay-offs
    layoffs: tuple[tuple[Card, int], ...]  # (card, index into the knocker's melds)
    melds: tuple[Meld, ...]  # the defender's own melds
    deadwood: tuple[Card, ...]  # what he still holds


def gin_layoffs(defender: Sequence[Card], knocker_melds: Sequence[Meld], *, variant: Variant | str = "gin"
                ) -> GinLayoffs:
    """The lay-offs that leave the defender the least deadwood (exhaustive over subsets).

    Among equally good choices the one with fewer lay-offs wins, then the first in card order.
    Each extended meld is judged by ``meld_problems``.
    """
    from rummycheck.solvers.deadwood import min_deadwood
    from rummycheck.solvers.exact import search

    variant = get_variant(variant)
    hand = tuple(sorted(defender))
    options: dict[int, list[int]] = {}
    for i, card in enumerate(hand):
        fits = [m for m, meld in enumerate(knocker_melds)
                if (meld.kind == MeldKind.SET and card.rank == meld.stands_for[0].rank)
                or (meld.kind == MeldKind.RUN and card.suit == meld.stands_for[0].suit)]
        if fits:
            options[i] = fits
    base = min_deadwood(hand, variant=variant)
    best: tuple[int, int, tuple[tuple[Card, int], ...], tuple[Card, ...]] = (base, 0, (), hand)
    candidates = sorted(options)
    for size in range(1, len(candidates) + 1):
        for chosen in combinations(candidates, size):
            placing = _placement(hand, chosen, options, knocker_melds, variant)
            if placing is None:
                continue
            rest = tuple(c for i, c in enumerate(hand) if i not in chosen)
            points = min_deadwood(rest, variant=variant)
            if (points, size) < best[:2]:
                best = (points, size, placing, rest)
    arrangement = search(best[3], variant=variant)
    assert arrangement is not None
    return GinLayoffs(before=base, after=best[0], layoffs=best[2], melds=arrangement.melds,
                      deadwood=arrangement.deadwood)


def _placement(hand: tuple[Card, ...], chosen: tuple[int, ...], options: Mapping[int, list[int]],
               melds: Sequence[Meld], variant: Variant) -> tuple[tuple[Card, int], ...] | None:
    """A way to lay the chosen cards off so that every extended meld is legal, or None."""
    for targets in product(*(options[i] for i in chosen)):
        grown: dict[int, list[Card]] = {}
        for i, target in zip(chosen, targets):
            grown.setdefault(target, []).append(hand[i])
        if all(not meld_problems(Meld.natural(melds[m].kind, melds[m].stands_for + tuple(extra)), variant)
               for m, extra in grown.items()):
            return tuple((hand[i], t) for i, t in zip(chosen, targets))
    return None


def _gin_counts(sheet: Sheet, end: HandEnd, knocker: str, defender: str, ledger: _Ledger
                ) -> tuple[int, int, bool]:
    """(knocker's deadwood, defender's deadwood after any lay-offs, big gin)."""
    variant = sheet.variant
    if knocker in end.cards or defender in end.cards:
        if not (knocker in end.cards and defender in end.cards):
            raise ScenarioError("give the cards of both gin hands, or the points of both")
        from rummycheck.games.solve import solve

        solution = solve(end.cards[knocker], variant=variant)
        big_gin = bool(solution.fact("big_gin"))
        knock = solution.deadwood_points
        melds = end.knocker_melds if end.knocker_melds is not None else solution.melds
        if knock == 0:  # gin: the defender melds his own cards but lays nothing off
            from rummycheck.solvers.deadwood import min_deadwood

            return 0, min_deadwood(end.cards[defender], variant=variant), big_gin
        result = gin_layoffs(end.cards[defender], melds, variant=variant)
        if result.layoffs:
            placed = ", ".join(f"{card} on {format_cards(melds[m].cards)}" for card, m in result.layoffs)
            ledger.add(defender, 0, "GIN-LAYOFF",
                       f"lays off {placed}: deadwood {result.before} becomes {result.after}")
        return knock, result.after, big_gin
    knock, _ = _counted(sheet, end, knocker, rule="GIN-KNOCK")
    defence, _ = _counted(sheet, end, defender, rule="GIN-LAYOFF")
    return knock, defence, end.big_gin


def _score_gin(sheet: Sheet, end: HandEnd) -> HandScore:
    variant = sheet.variant
    ledger = _Ledger(sheet)
    if len(sheet.players) != 2:
        raise ScenarioError(f"gin is played by two players, got {len(sheet.players)}")
    if end.dead:
        if end.knocker is not None:
            raise ScenarioError("a dead hand has no knocker (GIN-DEAD)")
        stock = variant.option("dead_stock")
        ledger.add(None, 0, "GIN-DEAD", f"{stock} cards left in the stock and no knock: nobody scores")
        return HandScore(number=sheet.hands + 1, before=sheet, after=_finish(sheet, ledger), lines=tuple(ledger.lines))
    knocker = _check_player(sheet, end.knocker, "knocked (or set dead = true)")
    defender = next(n for n in sheet.names if n != knocker)
    _unexpected(sheet, end, {knocker, defender})
    knock, defence, big_gin = _gin_counts(sheet, end, knocker, defender, ledger)
    limit, why = gin_knock_limit(variant, end.upcard)
    if knock > limit:
        raise IllegalPlayError(f"GIN-KNOCK: {knocker!r} knocked with deadwood {knock}, more than allowed ({why})")
    big_bonus = int(variant.option("big_gin_bonus") or 0)
    hand_winner: str | None
    if big_gin and knock != 0:
        raise ScenarioError(f"big gin means every card melds, but {knocker!r} has deadwood {knock}")
    start = len(ledger.lines)
    if big_gin and big_bonus > 0:
        hand_winner = knocker
        ledger.add(knocker, defence, "GIN-BIGGIN", f"big gin: {defender}'s whole deadwood {defence}, no lay-offs")
        ledger.add(knocker, big_bonus, "GIN-BIGGIN", "big gin bonus")
    elif knock == 0:
        hand_winner = knocker
        gin_bonus = int(variant.option("gin_bonus") or 0)
        note = " (big gin is not played here: scored as gin)" if big_gin else ""
        ledger.add(knocker, defence, "GIN-GIN", f"gin: {defender}'s whole deadwood {defence}, no lay-offs{note}")
        ledger.add(knocker, gin_bonus, "GIN-GIN", "gin bonus")
    elif defence > knock:
        hand_winner = knocker
        ledger.add(knocker, defence - knock, "GIN-SCORE",
                   f"knocked with {knock} against {defence}: {defence} - {knock} = {defence - knock}")
    elif defence < knock or variant.option("undercut_on_tie"):
        hand_winner = defender
        tie = " (a tie counts as an undercut)" if defence == knock else ""
        ledger.add(defender, knock - defence, "GIN-UNDERCUT",
                   f"undercut{tie}: {defender} {defence} against {knocker}'s knock {knock}: "
                   f"{knock} - {defence} = {knock - defence}")
        ledger.add(defender, int(variant.option("undercut_bonus") or 0), "GIN-UNDERCUT", "undercut bonus")
    else:
        hand_winner = None
        ledger.add(None, 0, "GIN-UNDERCUT",
                   f"tie at {knock}: not an undercut under this option (undercut_on_tie = false); nobody scores")
    if variant.option("oklahoma") and end.upcard is not None and end.upcard.suit == Suit.SPADES and hand_winner:
        won = sum(line.points for line in ledger.lines[start:])
        ledger.add(hand_winner, won, "GIN-KNOCK", f"Oklahoma: the spade upcard {end.upcard} doubles the hand")
    return _gin_game_end(sheet, ledger, hand_winner)


def _gin_game_end(sheet: Sheet, ledger: _Ledger, hand_winner: str | None) -> HandScore:
    variant = sheet.variant
    target = int(variant.option("game_target") or 0)
    champion = hand_winner if hand_winner is not None and ledger.scores[hand_winner] >= target else None
    if champion is not None:
        loser = next(n for n in sheet.names if n != champion)
        shutout = ledger.scores[loser] == 0
        ledger.add(champion, 0, "GIN-GAME", f"{ledger.scores[champion]} reaches {target}: wins the game")
        ledger.add(champion, int(variant.option("game_bonus") or 0), "GIN-GAME", "game bonus")
        box = int(variant.option("box_bonus") or 0)
        for row in sheet.players:
            boxes = row.hands_won + (1 if row.name == hand_winner else 0)
            if boxes and box:
                hands = "1 hand" if boxes == 1 else f"{boxes} hands"
                ledger.add(row.name, boxes * box, "GIN-GAME", f"box bonus: {hands} won x {box}")
        if shutout and variant.option("shutout_doubles"):
            ledger.add(champion, ledger.scores[champion], "GIN-GAME",
                       f"shutout: {loser} scored nothing, so the winner's total doubles")
        margin = ledger.scores[champion] - ledger.scores[loser]
        ledger.add(champion, 0, "GIN-GAME", f"wins by {ledger.scores[champion]} - {ledger.scores[loser]} = {margin}")
    after = _finish(sheet, ledger, won=hand_winner, winner=champion, finished=champion is not None)
    return HandScore(number=sheet.hands + 1, before=sheet, after=after, lines=tuple(ledger.lines),
                     hand_winner=hand_winner)


# -- scenarios --------------------------------------------------------------------------------

def scenario_hand(scenario: Scenario) -> tuple[Sheet, HandEnd]:
    """The sheet before the hand and the hand's end described by a scenario's ``[end]``.

    Running scores come from ``[[players]]``; what each player holds from ``end.points``
    or, failing that, from his known hand.  ``end.buyback``, ``end.dead`` and
    ``end.big_gin`` pass through.  Gin: the knocker's melds are his table melds when the
    scenario lists any (else his best arrangement); under Oklahoma the first upcard is
    ``[pile] upcard``, or when that is not given the bottom card of ``[pile] discard``.
    Basic: a scenario without ``[end]`` whose table is a detected stalemate
    (``GameState.stalemate()``, BASIC-STALEMATE) scores as a stalemate.
    """
    end = scenario.end
    if end is None and scenario.variant.name == "basic":
        from rummycheck.table.state import GameState

        if GameState.from_scenario(scenario).stalemate() is not None:
            players = scenario.players
            sheet = new_sheet(scenario.variant, [p.name for p in players],
                              scores={p.name: p.score for p in players})
            return sheet, HandEnd(stalemate=True)
    if end is None:
        raise ScenarioError(f"{scenario.where()}: the scenario has no [end] table, so there is no hand to score")
    players = scenario.players
    sheet = new_sheet(scenario.variant, [p.name for p in players], scores={p.name: p.score for p in players},
                      out=[p.name for p in players if p.out])
    points = dict(end.points)
    cards = {p.name: p.hand for p in players
             if p.hand is not None and p.name not in points and not p.out
             and (p.name != end.out or p.hand)}
    knocker_melds = None
    upcard = None
    if scenario.variant.name == "gin":
        owned = tuple(t.meld for t in scenario.table if end.knocker is not None and t.owner == end.knocker)
        knocker_melds = owned or None
        if scenario.variant.option("oklahoma"):
            upcard = scenario.pile.first_upcard
    return sheet, HandEnd(out=end.out, knocker=end.knocker, points=points, cards=cards, rummy=end.rummy,
                          stalemate=end.stalemate, upcard=upcard, knocker_melds=knocker_melds,
                          buyback=end.buyback, dead=end.dead, big_gin=end.big_gin)


def score_scenario(scenario: Scenario) -> HandScore:
    """Score the hand a scenario's ``[end]`` describes; errors name the scenario's place."""
    sheet, end = scenario_hand(scenario)
    try:
        return score_hand(sheet, end)
    except (ScenarioError, IllegalPlayError) as error:
        if str(error).startswith(scenario.source):
            raise
        raise type(error)(f"{scenario.where('end')}: {error}") from None
