"""Optimality proofs: ask z3 whether any legal arrangement leaves fewer points.

``prove(solution)`` works for an answer from any solver.  It rebuilds the question the
solver answered (``question``: which cards, how many melds at least and at most, whether
one card is set aside as the discard), adds "costs less than the answer" to the z3 model of
``solvers.z3`` and checks it.  The cost is the one every solver ranks by and ``crosscheck``
compares: points left, then cards left, then wild cards used (then cards laid off, at a
table), so an answer with the least points that spends a wild card more than it needs is
refuted too.  Unsatisfiable means no arrangement is better: the answer is proved optimal.
Satisfiable gives a counter-example, which is a bug in the solver that answered.  For a
Bing hand that cannot open, the claim is that no arrangement has enough melds at all; the
proof checks exactly that.

``prove_scenario(scenario, solution)`` proves the whole play at a table (new melds and
lay-offs on the table melds) with the z3 model's table melds: no legal play of the hand
costs less.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from rummycheck.cards import Card
from rummycheck.games.base import game_of
from rummycheck.melds import Meld
from rummycheck.results import LayOff, Solution, meld_json
from rummycheck.solvers.base import Arrangement

if TYPE_CHECKING:
    from rummycheck.position import Scenario

__all__ = ["OptimalPlay", "Proof", "Question", "all_optimal", "all_optimal_plays", "arrangement_json", "play_json",
           "proof_json", "prove", "prove_scenario", "question"]


@dataclass(frozen=True, slots=True)
class Question:
    """The search a solver ran for a solution: cards, meld bounds, a discard or not."""

    cards: tuple[Card, ...]
    min_melds: int
    max_melds: int | None
    discard: bool  # one card of ``cards`` is set aside as the discard
    kept: tuple[Card, ...]  # the cards left once the solution's discard is out


@dataclass(frozen=True, slots=True)
class Proof:
    """The outcome of a proof: optimal, or a better arrangement found by z3."""

    optimal: bool
    claimed_points: int
    claim: str  # what was proved or refuted, in words
    better: Arrangement | None = None
    better_discard: Card | None = None
    better_layoffs: tuple[LayOff, ...] = ()

    def text(self) -> str:
        if self.optimal:
            return f"z3: proved optimal: {self.claim}"
        assert self.better is not None
        melds = "; ".join(str(m) for m in self.better.melds) or "no melds"
        left = " ".join(str(c) for c in self.better.deadwood) or "nothing"
        extra = f", discard {self.better_discard}" if self.better_discard is not None else ""
        for lo in self.better_layoffs:
            extra += f", lay off {lo.card} on meld {lo.target}" + (f" as {lo.stands_for}"
                                                                   if lo.card != lo.stands_for else "")
        wilds = self.better.wilds_used + sum(1 for lo in self.better_layoffs if lo.card != lo.stands_for)
        tied = self.better.points == self.claimed_points
        used = f", {wilds} wild card{'' if wilds == 1 else 's'} used" if tied else ""
        return (f"z3: NOT optimal: {self.claim} is false; counter-example: {melds}{extra}; "
                f"left {left} ({self.better.points} points{used})")


def question(solution: Solution) -> Question:
    """Rebuild the search behind ``solution`` from the variant's rules (see solver.py)."""
    variant = solution.variant
    hand = tuple(solution.hand)
    kept = list(hand)
    if solution.discard is not None:
        kept.remove(solution.discard)
    min_melds, max_melds = game_of(variant).meld_bounds(solution.opened)
    return Question(hand, min_melds, max_melds, solution.discard is not None, tuple(kept))


def _cost(solution: Solution, *, layoffs: bool) -> tuple[int, int, int, int]:
    """The answer's cost as the solvers rank it: points, cards left, wilds used, cards laid off.

    Without ``layoffs`` (``prove``, whose model leaves the lay-offs out) the last two count
    the new melds only.
    """
    wilds = sum(m.wilds_used(solution.variant) for m in solution.melds)
    laid = 0
    if layoffs:
        wilds += sum(1 for lo in solution.layoffs if lo.card != lo.stands_for)
        laid = len(solution.layoffs)
    return solution.deadwood_points, len(solution.deadwood), wilds, laid


def _tie(cost: tuple[int, int, int, int], *, layoffs: bool) -> str:
    """The ties a proof refutes besides fewer points, in words ("" when there are none)."""
    points, cards, wilds, laid = cost

    def plural(n: int, noun: str) -> str:
        return f"{n} {noun}{'' if n == 1 else 's'}"

    ties = []
    if cards:
        ties.append(f"in fewer than {plural(cards, 'card')}")
    if wilds:
        ties.append(f"in {plural(cards, 'card')} with fewer than {plural(wilds, 'wild card')} used")
    if layoffs and laid:
        ties.append(f"with fewer than {plural(laid, 'card')} laid off")
    return f", nor {points} points " + " or ".join(ties) if ties else ""


def _cheaper(model: Any, cost: tuple[int, int, int, int]) -> Any:
    """The constraint "costs less than ``cost``" on ``model``, compared as the solvers rank."""
    from rummycheck.solvers.z3 import objective

    points, cards, wilds, laid = cost
    w = model.weight
    return objective(model) < ((points * w + cards) * w + wilds) * w + laid


def prove(solution: Solution, *, timeout_ms: int | None = None) -> Proof:
    """Prove ``solution`` optimal with z3, or return the better arrangement z3 finds."""
    from rummycheck.solvers.z3 import build_model, optimise, read_arrangement

    variant = solution.variant
    asked = question(solution)
    laid_off = [lo.card for lo in solution.layoffs]
    cards = list(asked.cards)
    for card in laid_off:  # lay-offs are outside this model: prove the rest
        cards.remove(card)
    # a player who has opened may lay off without a new meld: then no meld count is asked
    min_melds = 0 if laid_off and solution.opened else asked.min_melds
    model = build_model(cards, variant=variant, min_melds=min_melds, max_melds=asked.max_melds,
                        discard=asked.discard)
    opening = None if laid_off else game_of(variant).no_play_claim(solution, asked.min_melds, "arrangement")
    if opening is not None:
        claim = opening
        extra: list[object] = []
    else:
        cost = _cost(solution, layoffs=False)
        claim = f"no legal arrangement leaves fewer than {solution.deadwood_points} points{_tie(cost, layoffs=False)}"
        if laid_off:
            claim += " (with the same lay-offs)"
        extra = [_cheaper(model, cost)]
    if model.groups < min_melds:
        return Proof(True, solution.deadwood_points, claim)
    bounded = replace(model, constraints=model.constraints + tuple(extra))
    found = optimise(bounded, timeout_ms=timeout_ms)
    if found is None:
        return Proof(True, solution.deadwood_points, claim)
    arrangement, discard = read_arrangement(bounded, found, variant)
    return Proof(False, solution.deadwood_points, claim, arrangement, discard)


def prove_scenario(scenario: Scenario, solution: Solution, *, timeout_ms: int | None = None) -> Proof:
    """Prove the whole play of ``solution`` (the player to move in ``scenario``) optimal.

    The question is rebuilt from the game's rules: Bing needs the opening's melds before
    opening and lay-offs in the opening turn only with ``layoff_in_opening``; basic
    allows lay-offs once opened or with ``layoff_before_meld``, and keeps the answer's
    discard (the proof is for the cards kept); gin: the defender lays off on the
    knocker's melds unless the knocker has gin.  A gin hand before a knock has no table
    play: ``prove`` is used.
    """
    from rummycheck.solvers.z3 import build_model, optimise, read_arrangement, read_layoffs

    variant = solution.variant
    turn = scenario.turn
    game = game_of(variant)
    if turn is None or (game.knocks and not turn.knocked):
        return prove(solution, timeout_ms=timeout_ms)
    questions = game.table_questions(scenario, tuple(solution.hand), opened=solution.opened,
                                     discard=solution.discard, every_discard=False)
    opening = game.no_play_claim(solution, questions[0].min_melds, "play")
    cost = _cost(solution, layoffs=True)
    if opening is not None:
        claim = opening
    else:
        claim = (f"no legal play (new melds and lay-offs) leaves fewer than {solution.deadwood_points} points"
                 f"{_tie(cost, layoffs=True)}")
        if solution.discard is not None:
            claim += f" (discarding {solution.discard})"
    for asked in questions:
        used, least = asked.table, asked.min_melds
        model = build_model(list(asked.cards), variant=variant, min_melds=least, max_melds=asked.max_melds,
                            table=[t.meld for t in used])
        if model.groups < least:
            continue
        extra: list[object] = []
        if opening is None:
            extra = [_cheaper(model, cost)]
        bounded = replace(model, constraints=model.constraints + tuple(extra))
        found = optimise(bounded, timeout_ms=timeout_ms)
        if found is not None:
            arrangement, _ = read_arrangement(bounded, found, variant)
            return Proof(False, solution.deadwood_points, claim, arrangement, solution.discard,
                         read_layoffs(bounded, found, used))
    return Proof(True, solution.deadwood_points, claim)


def all_optimal(solution: Solution) -> tuple[Arrangement, ...]:
    """Every optimal arrangement of the cards ``solution`` kept, by the constraint solver.

    The same question as the solver's (meld bounds; after the solution's discard and
    lay-offs, if any).
    A Bing hand that cannot open has none.
    """
    from rummycheck.solvers.csp import all_optimal as enumerate_optimal

    asked = question(solution)
    kept = list(asked.kept)
    for layoff in solution.layoffs:  # with lay-offs: the ways to lay out the rest
        kept.remove(layoff.card)
    min_melds = 0 if solution.layoffs and solution.opened else asked.min_melds
    return enumerate_optimal(kept, variant=solution.variant, min_melds=min_melds, max_melds=asked.max_melds)


@dataclass(frozen=True, slots=True)
class OptimalPlay:
    """One optimal whole play at a table: new melds, lay-offs, the discard (basic) and what is left."""

    melds: tuple[Meld, ...]
    layoffs: tuple[LayOff, ...]
    deadwood: tuple[Card, ...]
    points: int
    wilds_used: int  # wilds in the new melds plus wilds laid off as another card
    discard: Card | None = None


def all_optimal_plays(scenario: Scenario, solution: Solution) -> tuple[OptimalPlay, ...]:
    """Every optimal whole play of the player to move in ``scenario``, by the constraint solver.

    The questions are the game's, as in ``games.solve.solve_scenario``: Bing needs the
    opening's melds before the player has opened and allows lay-offs in the opening turn
    only with ``layoff_in_opening``; basic tries every discard (never the card just taken
    from the pile; no discard only when nothing is left), with lay-offs once opened or with
    ``layoff_before_meld`` (else only together with a new meld); gin: the defender's melds
    and lay-offs on the knocker's melds after a knock (none after gin).  Every play leaving
    the least points is listed once, best tie-break (cards left, wilds used, cards laid
    off, then no discard before a discard, as ``solve_scenario`` ranks them) first.  A gin
    hand before a knock lists its arrangements after the answer's discard (``all_optimal``);
    a Bing player who cannot open, or who has opened but can neither meld nor lay off, has
    none.
    """
    from rummycheck.solvers.csp import all_optimal_table

    variant = solution.variant
    game = game_of(variant)
    turn = scenario.turn
    if turn is None or (game.knocks and not turn.knocked):
        return tuple(OptimalPlay(a.melds, (), a.deadwood, a.points, a.wilds_used, solution.discard)
                     for a in all_optimal(solution))
    questions = game.table_questions(scenario, tuple(solution.hand), opened=solution.opened,
                                     discard=None, every_discard=True)
    found: dict[tuple[object, ...], tuple[tuple[int, ...], OptimalPlay]] = {}
    for asked in questions:
        discard = asked.discard
        for cost, melds, layoffs, deadwood in all_optimal_table(asked.cards, asked.table, variant=variant,
                                                                 min_melds=asked.min_melds,
                                                                 max_melds=asked.max_melds):
            if asked.empty_without_discard and discard is None and deadwood:
                continue  # keeping cards without discarding does not end the turn
            play = OptimalPlay(melds, layoffs, deadwood, cost[0], cost[2], discard)
            key = (tuple(str(m) for m in melds), layoffs, discard)
            found.setdefault(key, ((*cost, 0 if discard is None else 1), play))
    if not found:
        return ()
    least_points = min(cost[0] for cost, _ in found.values())
    plays = sorted((entry for entry in found.values() if entry[0][0] == least_points),
                   key=lambda e: (e[0], [str(m) for m in e[1].melds], [str(lo) for lo in e[1].layoffs]))
    if game.has_opening and solution.opened and all(not p.melds and not p.layoffs for _, p in plays):
        return ()  # nothing to meld or lay off (BING-LAYOFF)
    return tuple(play for _, play in plays)


def _layoffs_json(layoffs: tuple[LayOff, ...]) -> list[dict[str, object]]:
    return [{"card": str(lo.card), "meld": lo.target, "as": str(lo.stands_for)} for lo in layoffs]


def play_json(play: OptimalPlay) -> dict[str, object]:
    return {"melds": [meld_json(m) for m in play.melds],
            "layoffs": _layoffs_json(play.layoffs),
            "discard": None if play.discard is None else str(play.discard),
            "deadwood": [str(c) for c in play.deadwood],
            "deadwood_points": play.points, "wilds_used": play.wilds_used}


def arrangement_json(arrangement: Arrangement) -> dict[str, object]:
    return {"melds": [meld_json(m) for m in arrangement.melds],
            "deadwood": [str(c) for c in arrangement.deadwood],
            "deadwood_points": arrangement.points, "wilds_used": arrangement.wilds_used}


def proof_json(proof: Proof) -> dict[str, object]:
    data: dict[str, object] = {"optimal": proof.optimal, "claim": proof.claim}
    if proof.better is not None:
        data["counter_example"] = arrangement_json(proof.better)
        data["counter_example_discard"] = None if proof.better_discard is None else str(proof.better_discard)
        if proof.better_layoffs:  # a table play's counter-example lays off too
            data["counter_example_layoffs"] = _layoffs_json(proof.better_layoffs)
    return data
