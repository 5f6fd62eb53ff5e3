"""The chance to win the game from a score, for the evaluator's second scale.

Two models, named by the game (``Game.game_chance_model``): a *race* to a target (gin and
basic: ``win_chance`` for two players, ``race_chance`` for three or four) and a *bust* game
(Bing: ``bust_chance``, below); ``game_chance`` asks the game's own.

**The race** (two-player gin; basic with two to four players).

A hand's expected points do not say everything when the game score matters: at 95 to 90
in a game to 100, any win of the next hand ends the game, and the size of the win hardly
counts.  ``win_chance(variant, mine, theirs)`` is the chance that the player with ``mine``
points wins the game against ``theirs``, under a simple model of the hands still to come:

* each hand is won by either player with the same chance (hands nobody wins are replayed,
  so they drop out), and
* the points it is won by follow the counts in ``rummycheck/data/gin_hands.toml`` (basic:
  ``basic_hands.toml``), made by ``bench/gin_hand_points.py`` from seeded one-hand games of
  the shipped bots under the preset's scoring.

Then the chance is exact for the model: ``W(a, b) = 1/2 sum_x p(x) W(a + x, b) + 1/2
sum_x p(x) W(a, b + x)``, with ``W = 1`` once ``a`` reaches the target and ``0`` once ``b``
does, worked out from the highest scores down (every hand is won by at least one point).
The game and box bonuses decide no game, so they are left out.  Who deals next and how
strong each player is are not in the model.

*Three or more players* (basic: the winner of a hand takes the points left in all the others'
hands, BASIC-SCORE, and the first to the target for that many players wins, BASIC-TARGET:
150 with three, 200 with four).  ``race_chance(variant, scores, me)``: each hand one of the N
players wins, each with chance 1/N (stalemates replayed), by points drawn from the table
counted for N players (one-hand games of N shipped bots, every distinct seat order); only the
winner's score moves.  The recursion over all N scores would have target^N states, so the
chance is counted another way, exactly for the same model: a player's scores depend only on
his own wins, so let ``K_i`` be the number of hands player i must still win to reach the
target (its law, ``R[s][m] = P(K > m)`` for a player on ``s``, follows from the table by a
recursion over the scores), independent from player to player; the seats that win the hands
in turn are independent and uniform.  I win when my ``K``-th win comes before every other
player's ``K_j``-th: of the others' hands before my ``k``-th win there are ``n`` with the
negative binomial chance ``C(n + k - 1, n) (1/N)^k ((N-1)/N)^n``, shared among them as a
multinomial, so ``W = sum_k P(K = k) sum_n NB(n; k) H[n]`` with ``H[n]`` the chance that none
of the others is home after ``n`` hands won among them (their ``R`` merged one by one with
binomial weights).  The work is about (N - 1) x target^2 terms, milliseconds at basic's
targets; above ``MAX_WORK`` (500,000: a target of 500 with three, 408 with four) the chance
is refused (None).  A player at or over the target has won (1, or 0 for the others).  Left
out, as with two: who deals next (the bench's rotated seats won close to level shares, 1,916,
1,947 and 1,832 hands of three; 760, 806, 753 and 781 of four) and how strong each
player is; and nobody plays to the score: the chance of going out and the points taken are
the same whatever the scores.  The four-player table rests on 3,100 won hands (900 of the
4,000 one-hand games were stalemates, which the model replays).

Only a game that names its table (``Game.game_chance_table``) is covered, for the numbers of
players the table has (basic: 2, 3 and 4; gin: 2): the scoring options the game names
(``Game.game_chance_scoring``; gin: ``gin_bonus``, ``undercut_bonus``, ``big_gin_bonus``,
``knock_limit``; basic: ``rummy_multiplier``, ``ace_points``, ``face_points``, ``hand_size``,
``hand_size_many``) must match one of the table's entries for that many players, and the
target (``Game.target_score``: gin's ``game_target``, basic's ``target_2``, ``target_3`` or
``target_4``) must be at most 1,000 points with two, ``MAX_WORK`` with more.  Otherwise the
chance is None and the evaluator reports the hand's points alone.

**The bust game** (Bing, any number of players): a player whose running score passes the
``limit`` (75) is out, and the last one left at or under it wins (BING-BUST, BING-WIN).
``bust_chance(variant, scores, me)`` is the chance that ``me`` is that player, under a model
of the hands to come whose points are drawn from the counts in
``rummycheck/data/bing_hands.toml`` (made by ``bench/bing_hand_points.py`` from seeded one-hand
games of the shipped bots, one table per number of players: the points each seat added, 0
for the one who went out).  Nobody buys back in (the rollouts do not either; a record's
buy-backs are a player's choice).

* *Two players left*: each hand one of them goes out, either with the same chance, and the
  other adds points drawn from the two-player counts of the players caught.  The chance is
  exact for this model, by the race's own recursion: the other busting is my reaching a
  target of limit + 1 with his score as my progress.
* *Three or more*: each player still in adds points drawn from the counts for that many
  players (the zeros of the one who goes out included), each independently of the others.
  Then ``S_t(s)``, the chance that a player on ``s`` is still in after ``t`` more hands,
  follows from ``S_0(s) = 1`` for ``s <= limit`` and ``S_t(s) = sum_x p(x) S_(t-1)(s + x)``, and
  ``me`` on ``a`` wins when the last of the others busts in some hand ``t`` while he is still
  in: ``sum_t S_t(a) (prod_j F_t(b_j) - prod_j F_(t-1)(b_j))`` with ``F = 1 - S`` for the others
  on ``b_j``, summed until every ``S_t`` is below 1e-12 (or 2,000 hands).  The independence is
  the simplification: in a real hand exactly one player goes out, so the model lets several
  players bust together more often than play does, and a hand in which everyone left busts
  has no winner (counted as lost).  The table of the number of players in when the chance is
  asked serves every hand to come (the largest table serves more players).

A limit other than the table's, or a variant without a table, gives None.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import cache, lru_cache
from math import exp, lgamma, log
from pathlib import Path

from rummycheck.games import game_of
from rummycheck.variants import Variant

__all__ = ["MAX_TARGET", "MAX_WORK", "WIN_UNIT", "added_points_table", "bust_chance", "game_chance",
           "hand_points_table", "race_chance", "win_chance"]

WIN_UNIT = "chance to win the game (a model of the hands to come: analysis.match)"

_DATA = Path(__file__).resolve().parent.parent / "data"
MAX_TARGET = 1000


@cache
def _tables(name: str) -> dict[str, dict[str, object]]:
    with (_DATA / name).open("rb") as handle:
        return tomllib.load(handle)


def hand_points_table(variant: Variant, players: int = 2) -> tuple[tuple[int, float], ...] | None:
    """The model's (points, chance) pairs for a hand won under ``variant``'s scoring by one of
    ``players``, or None (kept in the variant's memo: the evaluator asks after every rollout)."""
    memo = variant.memo.setdefault("hand_points_table", {})
    assert isinstance(memo, dict)
    if players not in memo:
        memo[players] = _hand_points_table(variant, players)
    found = memo[players]
    assert found is None or isinstance(found, tuple)
    return found


def _hand_points_table(variant: Variant, players: int) -> tuple[tuple[int, float], ...] | None:
    game = game_of(variant)
    name = game.game_chance_table  # the game's own table (games/), or None
    if name is None or game.game_chance_model != "race":
        return None
    for entry in _tables(name).values():
        if (isinstance(entry, dict) and entry.get("players", 2) == players
                and all(entry.get(key) == variant.get(key) for key in game.game_chance_scoring)):
            won = entry["won"]
            assert isinstance(won, dict)
            return _shares(won)
    return None


def _shares(counts: Mapping[str, float] | Mapping[int, float]) -> tuple[tuple[int, float], ...]:
    """(points, chance) pairs from counts (or weights) by points, in order of the points."""
    pairs = sorted((int(points), float(count)) for points, count in counts.items())
    total = sum(count for _, count in pairs)
    return tuple((points, count / total) for points, count in pairs)


@cache
def _chances(points: tuple[tuple[int, float], ...], target: int) -> tuple[tuple[float, ...], ...]:
    """``W[a][b]`` for every score below the target (see the module docstring)."""
    size = target
    table = [[0.0] * size for _ in range(size)]
    for a in range(size - 1, -1, -1):
        row = table[a]
        for b in range(size - 1, -1, -1):
            mine = 0.0
            theirs = 0.0
            for x, p in points:
                mine += p * (1.0 if a + x >= target else table[a + x][b])
                theirs += p * (0.0 if b + x >= target else row[b + x])
            row[b] = (mine + theirs) / 2
    return tuple(tuple(row) for row in table)


def win_chance(variant: Variant, mine: int, theirs: int) -> float | None:
    """The chance that a player with ``mine`` points wins the game against ``theirs`` (the model
    of the module docstring), or None where the model does not cover the variant."""
    target = game_of(variant).target_score(2)
    if target is None or target > MAX_TARGET:
        return None
    if mine >= target:  # a gin hand gives points to one player only: two cannot cross at once
        return 1.0
    if theirs >= target:
        return 0.0
    points = hand_points_table(variant)
    if points is None:
        return None
    return _chances(points, target)[max(0, mine)][max(0, theirs)]


def _limit(variant: Variant) -> int:
    limit = variant.option("limit")
    assert isinstance(limit, int)
    return limit


def game_chance(variant: Variant, scores: Mapping[str, int], me: str) -> float | None:
    """The chance that ``me`` wins the game from ``scores`` (every player's running score), by the
    game's own model (the module docstring), or None where it has none for this variant."""
    model = game_of(variant).game_chance_model
    if model == "race":
        if len(scores) == 2:
            theirs = next(score for name, score in scores.items() if name != me)
            return win_chance(variant, scores[me], theirs)
        return race_chance(variant, scores, me)
    if model == "bust":
        return bust_chance(variant, scores, me)
    return None


MAX_WORK = 500_000  # the race of three or more: (players - 1) x target^2 at most, else no chance


def race_chance(variant: Variant, scores: Mapping[str, int], me: str) -> float | None:
    """The chance that ``me`` reaches the target first in a race of three or more players (the
    module docstring), or None where the model does not cover the variant."""
    players = len(scores)
    target = game_of(variant).target_score(players)
    if players < 3 or target is None or (players - 1) * target ** 2 > MAX_WORK:
        return None
    if scores[me] >= target:  # one player scores in a hand: two cannot cross at once
        return 1.0
    others = tuple(sorted(max(0, score) for name, score in scores.items() if name != me))
    if others[-1] >= target:
        return 0.0
    points = hand_points_table(variant, players)
    if points is None:
        return None
    return _first_home(points, target, max(0, scores[me]), others)


@cache
def _tails(points: tuple[tuple[int, float], ...], target: int) -> tuple[tuple[float, ...], ...]:
    """``R[s][m]``: the chance that a player on ``s`` is still short of the target after ``m``
    more hands won by him (``m`` = 0 .. target - s - 1; from target - s on it is 0, as every
    hand is won by at least one point)."""
    rows: list[tuple[float, ...]] = [()] * target
    for s in range(target - 1, -1, -1):
        row = [1.0] + [0.0] * (target - s - 1)
        for x, p in points:
            if s + x < target:
                for m, short in enumerate(rows[s + x], start=1):
                    row[m] += p * short
        rows[s] = tuple(row)
    return tuple(rows)


def _log_factorials(size: int) -> list[float]:
    return [lgamma(n + 1) for n in range(size)]


def _merge(first: tuple[float, ...], players: int, last: tuple[float, ...]) -> tuple[float, ...]:
    """The chance that nobody of a group of ``players`` and one more player is home after ``n``
    hands won among them, from the group's (``first``) and the player's (``last``) chances: of
    ``n`` such hands the group won ``m`` with the binomial chance, each hand its own with
    chance players / (players + 1)."""
    size = len(first) + len(last) - 1
    logs = _log_factorials(size)
    group, one = log(players / (players + 1)), log(1 / (players + 1))
    merged = []
    for n in range(size):
        total = 0.0
        for m in range(max(0, n - len(last) + 1), min(n, len(first) - 1) + 1):
            total += exp(logs[n] - logs[m] - logs[n - m] + m * group + (n - m) * one) * first[m] * last[n - m]
        merged.append(total)
    return tuple(merged)


@lru_cache(maxsize=4096)
def _all_short(points: tuple[tuple[int, float], ...], target: int, others: tuple[int, ...]) -> tuple[float, ...]:
    """``H[n]``: the chance that none of the others (on ``others``) is home after ``n`` hands won
    among them."""
    tails = _tails(points, target)
    short = tails[others[0]]
    for count, score in enumerate(others[1:], start=1):
        short = _merge(short, count, tails[score])
    return short


@lru_cache(maxsize=65536)
def _first_home(points: tuple[tuple[int, float], ...], target: int, mine: int, others: tuple[int, ...]) -> float:
    """``sum_k P(K = k) sum_n NB(n; k, 1/N) H[n]``: I am home with my ``k``-th won hand, the
    others have won ``n`` hands before it (negative binomial) and none of them is home."""
    mine_short = _tails(points, target)[mine]
    short = _all_short(points, target, others)
    players = len(others) + 1
    logs = _log_factorials(len(mine_short) + len(short))
    me, them = log(1 / players), log((players - 1) / players)
    chance = 0.0
    for k in range(1, len(mine_short) + 1):
        home = mine_short[k - 1] - (mine_short[k] if k < len(mine_short) else 0.0)  # P(K = k)
        if home <= 0.0:
            continue
        base = k * me - logs[k - 1]
        chance += home * sum(exp(base + logs[n + k - 1] - logs[n] + n * them) * h for n, h in enumerate(short) if h)
    return chance


_HORIZON = 2000  # hands: the bust model's sum stops here at the latest
_NEGLIGIBLE = 1e-12


def added_points_table(variant: Variant, players: int) -> tuple[tuple[int, float], ...] | None:
    """The bust model's (points added, chance) pairs for a hand of ``players`` players, or None
    (kept in the variant's memo)."""
    memo = variant.memo.setdefault("added_points_table", {})
    assert isinstance(memo, dict)
    if players not in memo:
        memo[players] = _added_points_table(variant, players)
    found = memo[players]
    assert found is None or isinstance(found, tuple)
    return found


def _added_points_table(variant: Variant, players: int) -> tuple[tuple[int, float], ...] | None:
    name = game_of(variant).game_chance_table
    if name is None or players < 2:
        return None
    tables = _tables(name)
    if _limit(variant) != tables.get("limit", 75):
        return None
    sizes = sorted(int(key) for key, value in tables.items() if isinstance(value, dict))
    if not sizes:
        return None
    entry = tables[str(min(players, sizes[-1]) if players >= sizes[0] else sizes[0])]
    assert isinstance(entry, dict)
    added = entry["added"]
    assert isinstance(added, dict)
    return _shares(added)


@cache
def _survival(points: tuple[tuple[int, float], ...], limit: int) -> tuple[tuple[float, ...], ...]:
    """``S[t][s]``: the chance that a player on ``s`` (0 .. limit) is still in after ``t`` hands."""
    rows = [tuple([1.0] * (limit + 1))]
    while len(rows) <= _HORIZON and max(rows[-1]) > _NEGLIGIBLE:
        last = rows[-1]
        rows.append(tuple(sum(p * last[s + x] for x, p in points if s + x <= limit) for s in range(limit + 1)))
    return tuple(rows)


def bust_chance(variant: Variant, scores: Mapping[str, int], me: str) -> float | None:
    """The chance that ``me`` is the last player at or under the limit (the bust model of the
    module docstring), or None where the model does not cover the variant."""
    limit = _limit(variant)
    if scores[me] > limit:
        return 0.0
    others = tuple(sorted(score for name, score in scores.items() if name != me and score <= limit))
    if not others:
        return 1.0
    return _bust_chance(variant, max(0, scores[me]), tuple(max(0, b) for b in others), limit)


def _bust_chance(variant: Variant, mine: int, others: tuple[int, ...], limit: int) -> float | None:
    points = added_points_table(variant, len(others) + 1)
    if points is None:
        return None
    if len(others) == 1:
        # two left: the race's recursion with the roles turned round. When I go out he adds x,
        # and he busts (I win) once his score passes the limit, as a racer wins on reaching the
        # target limit + 1: so my chance is the race's W[his score][my score] to limit + 1
        caught = _shares({x: p for x, p in points if x > 0})
        return _chances(caught, limit + 1)[others[0]][mine]
    return _last_one_in(points, limit, mine, others)


@lru_cache(maxsize=65536)
def _last_one_in(points: tuple[tuple[int, float], ...], limit: int, mine: int, others: tuple[int, ...]) -> float:
    table = _survival(points, limit)
    chance = 0.0
    before = 0.0  # prod_j F_(t-1)(b_j): the others all out after t - 1 hands
    for t in range(1, len(table)):
        now = 1.0
        for b in others:
            now *= 1.0 - table[t][b]
        chance += table[t][mine] * (now - before)
        before = now
    return chance
