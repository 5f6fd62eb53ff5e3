"""Cross-checks: solve seeded random hands with every solver and compare the answers.

Each hand is dealt by ``rummycheck.dealing`` from ``dealing.seeded(seed)``, solved by
``solver.solve`` once per solver (so the game's rules, Bing's opening count and limit or
gin's discard, apply to every solver alike), and every answer is checked by the
validator.  Two answers agree when they have the same cost (points left, cards left,
wilds used, cards laid off), the same discard and the same verdict; the melds themselves
may differ, as ties have more than one optimal arrangement.

``crosscheck_tables`` does the same for table situations (``dealing.deal_table``): a few
melds already on the table, the hand of the player to move, solved by
``games.solve.solve_scenario`` with each solver (z3 and csp model the lay-offs themselves),
and every lay-off checked by ``meld_problems`` on the table meld it extends.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rummycheck.cards import Card
from rummycheck.dealing import deal, seeded
from rummycheck.errors import RummyError, VariantError
from rummycheck.games import game_of
from rummycheck.games.solve import solve
from rummycheck.games.validate import layoff_problems, solution_problems
from rummycheck.melds import Meld
from rummycheck.results import Solution
from rummycheck.variants import Variant

if TYPE_CHECKING:
    from rummycheck.position import Scenario

__all__ = ["SOLVERS", "TABLE_SOLVERS", "Crosscheck", "Disagreement", "Failure", "Answer", "crosscheck",
           "crosscheck_tables", "outcome", "table_scenario"]

SOLVERS = ("exact", "z3", "csp")
TABLE_SOLVERS = ("exact", "z3", "csp")


@dataclass(frozen=True, slots=True)
class Answer:
    """What one solver said about one hand, reduced to what must agree."""

    points: int
    cards_left: int
    wilds_used: int
    discard: Card | None
    legal: bool
    laid_off: int = 0

    def __str__(self) -> str:
        discard = "" if self.discard is None else f", discard {self.discard}"
        laid = f" / {self.laid_off} laid off" if self.laid_off else ""
        return (f"{self.points} points / {self.cards_left} cards / {self.wilds_used} wilds{laid}"
                f"{discard}, {'legal' if self.legal else 'not legal'}")


@dataclass(frozen=True, slots=True)
class Disagreement:
    hand: tuple[Card, ...]
    outcomes: tuple[tuple[str, Answer], ...]
    table: tuple[Meld, ...] = ()  # the table melds of a table situation


@dataclass(frozen=True, slots=True)
class Failure:
    """A solver's answer that the validator rejects."""

    hand: tuple[Card, ...]
    solver: str
    problems: tuple[str, ...]
    table: tuple[Meld, ...] = ()


@dataclass(frozen=True, slots=True)
class Crosscheck:
    """The result of a cross-check run."""

    variant: Variant
    kind: str
    seed: int
    hands: int
    solvers: tuple[str, ...]
    agreements: int
    disagreements: tuple[Disagreement, ...]
    failures: tuple[Failure, ...]
    times: tuple[tuple[str, tuple[float, ...]], ...]  # CPU seconds per hand, per solver (time.process_time)

    @property
    def ok(self) -> bool:
        return not self.disagreements and not self.failures

    def median(self, solver: str) -> float:
        return statistics.median(dict(self.times)[solver]) if self.hands else 0.0

    def worst(self, solver: str) -> float:
        return max(dict(self.times)[solver], default=0.0)


def outcome(solution: Solution) -> Answer:
    """The cost and verdict of an answer; a wild laid off as another card counts as a wild used."""
    wilds = sum(m.wilds_used(solution.variant) for m in solution.melds)
    wilds += sum(1 for lo in solution.layoffs if lo.card != lo.stands_for)
    return Answer(solution.deadwood_points, len(solution.deadwood), wilds, solution.discard, solution.legal,
                   len(solution.layoffs))


def crosscheck(*, variant: Variant, hands: int, seed: int, kind: str = "plain",
               solvers: Sequence[str] = SOLVERS, score: int = 0, opened: bool = False,
               size: int | None = None, progress: Callable[[int], None] | None = None) -> Crosscheck:
    """Deal ``hands`` hands of ``kind`` from ``dealing.seeded(seed)`` and compare ``solvers``."""
    rng = seeded(seed)
    times: dict[str, list[float]] = {name: [] for name in solvers}
    disagreements: list[Disagreement] = []
    failures: list[Failure] = []
    agreements = 0
    for _ in range(hands):
        hand = deal(kind, rng, variant, size=size)
        outcomes: list[tuple[str, Answer]] = []
        for name in solvers:
            started = time.process_time()
            solution = solve(hand, variant=variant, score=score, opened=opened, solver=name)
            times[name].append(time.process_time() - started)
            problems = solution_problems(solution)
            if problems:
                failures.append(Failure(hand, name, tuple(problems)))
            outcomes.append((name, outcome(solution)))
        if len({o for _, o in outcomes}) == 1:
            agreements += 1
        else:
            disagreements.append(Disagreement(hand, tuple(outcomes)))
        if progress is not None:
            progress(1)
    return Crosscheck(variant, kind, seed, hands, tuple(solvers), agreements, tuple(disagreements),
                      tuple(failures), tuple((name, tuple(t)) for name, t in times.items()))


#: the kinds of table situation: as the game deals them, or with 2 to 4 wild cards dealt first
TABLE_KINDS = ("plain", "deuce-rich")


def table_scenario(rng: random.Random, variant: Variant, *, opened: bool = False, kind: str = "plain") -> Scenario:
    """A seeded table situation for ``variant``, as its game deals one (``Game.sample_table``);
    ``kind`` "deuce-rich": 2 to 4 wild cards dealt first, the rest fairly (a ``VariantError`` without wild cards)."""
    if kind not in TABLE_KINDS:
        raise RummyError(f"unknown kind of table situation {kind!r}; choose {', '.join(TABLE_KINDS)}")
    if kind == "deuce-rich" and variant.wild_number is None:
        raise VariantError(f"variant {variant.name!r} has no wild cards to deal")
    return game_of(variant).sample_table(rng, opened=opened, wild_rich=kind == "deuce-rich")



def crosscheck_tables(*, variant: Variant, situations: int, seed: int, solvers: Sequence[str] = TABLE_SOLVERS,
                      opened: bool = False, kind: str = "plain",
                      progress: Callable[[int], None] | None = None) -> Crosscheck:
    """Deal ``situations`` table situations (``table_scenario``'s ``kind``) from ``dealing.seeded(seed)``
    and compare ``solvers`` on the whole play (new melds and lay-offs) of the player to move."""
    from rummycheck.games.solve import solve_scenario

    rng = seeded(seed)
    times: dict[str, list[float]] = {name: [] for name in solvers}
    disagreements: list[Disagreement] = []
    failures: list[Failure] = []
    agreements = 0
    for _ in range(situations):
        scenario = table_scenario(rng, variant, opened=opened, kind=kind)
        me = scenario.player("me")
        assert me.hand is not None
        table = tuple(t.meld for t in scenario.table)
        outcomes: list[tuple[str, Answer]] = []
        for name in solvers:
            started = time.process_time()
            solution = solve_scenario(scenario, solver=name)
            times[name].append(time.process_time() - started)
            problems = solution_problems(solution) + layoff_problems(solution, scenario)
            if problems:
                failures.append(Failure(me.hand, name, tuple(problems), table))
            outcomes.append((name, outcome(solution)))
        if len({o for _, o in outcomes}) == 1:
            agreements += 1
        else:
            disagreements.append(Disagreement(me.hand, tuple(outcomes), table))
        if progress is not None:
            progress(1)
    shown = ("deuce-rich table" if kind == "deuce-rich" else "table") \
        + (" (opened)" if opened and game_of(variant).melds_open else "")
    return Crosscheck(variant, shown, seed, situations, tuple(solvers), agreements, tuple(disagreements),
                      tuple(failures), tuple((name, tuple(t)) for name, t in times.items()))
