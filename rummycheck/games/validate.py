"""The validator: checks a proposed arrangement of a hand, independently of any solver.

``arrangement_problems`` answers "is this a legal way to lay out exactly these cards?";
``solution_problems`` also checks the numbers and verdicts a solver reported.
It shares no code with the solvers except the meld rules in ``melds.py``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rummycheck.cards import Card
from rummycheck.games.base import game_of
from rummycheck.melds import Meld, extend_meld, meld_problems
from rummycheck.position import Scenario
from rummycheck.results import Solution
from rummycheck.variants import Variant

__all__ = ["arrangement_problems", "layoff_problems", "solution_problems"]


def arrangement_problems(hand: Sequence[Card], melds: Sequence[Meld], deadwood: Sequence[Card],
                         *, variant: Variant, discard: Card | None = None,
                         laid_off: Sequence[Card] = ()) -> list[str]:
    """Every problem with laying out ``hand`` as ``melds`` + ``deadwood`` (+ discard, lay-offs)."""
    problems: list[str] = []
    for number, meld in enumerate(melds, start=1):
        for problem in meld_problems(meld, variant):
            problems.append(f"meld {number} ({meld}): {problem}")
    used = Counter(c for m in melds for c in m.cards)
    used.update(deadwood)
    used.update(laid_off)
    if discard is not None:
        used[discard] += 1
    have = Counter(hand)
    extra = used - have
    missing = have - used
    if extra:
        problems.append("cards not in the hand: " + " ".join(str(c) for c in sorted(extra.elements())))
    if missing:
        problems.append("cards of the hand not accounted for: "
                        + " ".join(str(c) for c in sorted(missing.elements())))
    return problems


def solution_problems(solution: Solution) -> list[str]:
    """Check a solver's answer: the arrangement, the points, and the game's own checks
    (``Game.solution_problems``; Bing: the opening count and BING-LIMIT on an answer called legal)."""
    variant = solution.variant
    problems = arrangement_problems(solution.hand, solution.melds, solution.deadwood,
                                    variant=variant, discard=solution.discard,
                                    laid_off=[lo.card for lo in solution.layoffs])
    points = variant.points(solution.deadwood)
    if points != solution.deadwood_points:
        problems.append(f"deadwood points reported {solution.deadwood_points}, the cards count {points}")
    problems.extend(game_of(variant).solution_problems(solution))
    return problems


def layoff_problems(solution: Solution, scenario: Scenario) -> list[str]:
    """Every problem with the lay-offs of ``solution``: each table meld, with the cards laid
    off on it, must pass ``meld_problems``; the game must allow lay-offs at this point."""
    variant = solution.variant
    problems: list[str] = []
    if not solution.layoffs:
        return problems
    melds = {t.number: t.meld for t in scenario.table}
    problems.extend(game_of(variant).layoff_rule_problems(solution, scenario))
    for number in sorted({lo.target for lo in solution.layoffs}):
        if number not in melds:
            problems.append(f"lay-off on table meld {number}, which does not exist")
            continue
        added = [(lo.card, lo.stands_for) for lo in solution.layoffs if lo.target == number]
        extended = extend_meld(melds[number], added, variant)
        problems += [f"table meld {number} with lay-offs ({extended}): {p}" for p in meld_problems(extended, variant)]
    return problems
