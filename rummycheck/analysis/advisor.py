"""``rummycheck advise``: the moves of one decision, valued by rollouts, with the exact facts.

``advise(state)`` values every legal move of the player to move (``evaluate``: his
expected net points for the hand, by determinized rollouts, each value with its 95%
interval) and, where the player holds the cards to discard, adds each discard's exact
facts (``facts.discard_facts``: the least deadwood kept, the outs, the chances of the
next draw, lay-offs on the table's melds counted; enumerated, never sampled); a take valued
by its best completion gets the facts of the discard that completes it, and a draw from the
stock those of the hand as it stands (the chances of the card it brings:
``facts.kept_facts``).  The command line builds the state it is given: a scenario file's table
(``GameState.from_scenario``) or a record's moment (``table.replay.state_at``).
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Executor
from dataclasses import dataclass

from rummycheck.analysis.evaluate import Evaluation, MoveValue, evaluate
from rummycheck.analysis.facts import DiscardFacts, HandFacts, discard_facts, kept_facts
from rummycheck.cards import Card
from rummycheck.errors import ScenarioError
from rummycheck.table.actions import ActionKind
from rummycheck.table.observation import observe
from rummycheck.table.state import GameState

__all__ = ["Advice", "advise", "facts_at", "kept_facts_at", "no_advice"]


@dataclass(frozen=True, slots=True)
class Advice:
    """One decision's advice: the evaluation, best first, and the exact facts by discard."""

    evaluation: Evaluation
    facts: tuple[DiscardFacts | None, ...]  # by candidate, in the evaluation's order
    variant: str
    stock_taken: int | None = None  # the stock's size where the state did not give it: every unseen card left
    top: Card | None = None  # the card a take would take (the discard pile's top, the first upcard), if any

    @property
    def candidates(self) -> tuple[MoveValue, ...]:
        return self.evaluation.candidates


def no_advice(state: GameState) -> str | None:
    """Why there is no decision to advise on at ``state`` (the hand is over, or the player to move
    has cards nobody knows), or None: ``advise`` refuses with it, the command line says it first."""
    if state.is_over:
        return "the hand is over: there is no decision to advise on"
    if not state.player.known:
        return f"the hand of {state.player.name} is not fully known: give his cards to advise him"
    return state.game.cannot_play_out(state)


def advise(state: GameState, *, samples: int = 400, seed: int = 1, rollout: str | None = None,
           executor: Executor | None = None, min_samples: int = 48) -> Advice:
    """Advice for the player to move at ``state`` (see the module docstring)."""
    refusal = no_advice(state)
    if refusal is not None:
        raise ScenarioError(refusal)
    evaluation = evaluate(state, samples=samples, seed=seed, rollout=rollout, executor=executor,
                          min_samples=min_samples)
    facts = _facts(state, [c.action.card for c in evaluation.candidates
                           if c.action.kind in (ActionKind.DISCARD, ActionKind.KNOCK) and c.action.card])
    by_card = {f.discard: f for f in facts}
    drawn = kept_facts_at(state) if state.drew == "none" and any(  # the draw: the hand kept as it is
        c.action.kind is ActionKind.DRAW for c in evaluation.candidates) else None

    def row(value: MoveValue) -> DiscardFacts | None:
        action = value.action
        if action.kind in (ActionKind.DISCARD, ActionKind.KNOCK) and action.card is not None:
            return by_card.get(action.card)
        return drawn if action.kind is ActionKind.DRAW else _completion_facts(state, value)

    rows = tuple(row(c) for c in evaluation.candidates)
    taken = None
    if state.stock is None:  # the rollouts' samples deal every unseen card left to the stock (``Observation.dealt``)
        unseen = sum(observe(state, state.current).unseen().values())
        taken = max(0, unseen - sum(p.unknown for i, p in enumerate(state.players) if i != state.current))
    return Advice(evaluation, rows, state.variant.name, taken, state.top_discard)


def _completion_facts(state: GameState, value: MoveValue) -> DiscardFacts | None:
    """The facts of the discard (or knock) that completes a take valued by its best completion
    (``MoveValue.then``): the hand after the take is the player's whatever the sample."""
    then = value.then
    if value.action.kind is not ActionKind.TAKE or then is None or then.card is None \
            or then.kind not in (ActionKind.DISCARD, ActionKind.KNOCK):
        return None
    found = _facts(state.apply(value.action), [then.card])
    return found[0] if found else None


def _facts(state: GameState, cards: Sequence[object]) -> tuple[DiscardFacts, ...]:
    discards = [c for c in dict.fromkeys(cards) if c is not None]
    if not discards or state.drew == "none" and not state.melded:
        return ()
    return facts_at(state, discards).discards  # type: ignore[arg-type]


def facts_at(state: GameState, discards: Sequence[Card] | None = None) -> HandFacts:
    """The exact facts of the discards (default: every card) of the player on turn at ``state``,
    who has drawn and whose hand is known: ``facts.discard_facts`` over the cards he has not seen,
    with his score, his opening, the first upcard, the card he took and the table's melds (an out
    may lay cards off on them)."""
    player = state.player
    return discard_facts(player.hand, unseen=observe(state, state.current).unseen(), variant=state.variant,
                         score=player.score, opened=player.opened, upcard=state.game.kept_upcard(state),
                         took=state.took if state.drew == "discard" else None, discards=discards,
                         table=state.table)


def kept_facts_at(state: GameState) -> DiscardFacts | None:
    """The exact facts of the hand of the player on turn at ``state``, before his draw, kept as it
    is (``facts.kept_facts``: the chances of the card a draw from the stock brings, lay-offs on the
    table's melds counted)."""
    player = state.player
    return kept_facts(player.hand, unseen=observe(state, state.current).unseen(), variant=state.variant,
                      score=player.score, opened=player.opened, upcard=state.game.kept_upcard(state),
                      table=state.table)
