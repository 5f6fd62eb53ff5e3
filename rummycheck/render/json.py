"""JSON of the library's values, for ``--json`` (the shapes are documented in docs/json.md)."""

from __future__ import annotations

from typing import Any

from rummycheck.analysis.advisor import Advice
from rummycheck.analysis.decisions import DecisionReview
from rummycheck.analysis.evaluate import MoveValue
from rummycheck.analysis.match import WIN_UNIT

__all__ = ["advice_json", "best_line", "decisions_json"]


def _finite(value: float) -> float | None:
    return None if value != value or value in (float("inf"), float("-inf")) else round(value, 3)


def best_line(advice: Advice) -> str:
    """The best move in words, the player's name left out: ``discard Ts``, ``knock 3d: gin``."""
    best = advice.evaluation.best.action
    text = best.move_text()
    facts = advice.facts[0]
    if best.kind.value == "knock" and (best.card is None or (facts is not None and facts.deadwood == 0)):
        text += ": gin"
    return text


def advice_json(advice: Advice) -> dict[str, Any]:
    """``rummycheck advise --json``: ``unit``, ``samples``, ``seed``, ``candidates`` (best first)."""
    evaluation = advice.evaluation

    def row(value: MoveValue, index: int) -> dict[str, Any]:
        facts = advice.facts[index]
        return {
            "action": value.action.move_text(),
            "value": _finite(value.value),
            "ci": [_finite(value.low), _finite(value.high)],
            "loss": _finite(value.loss),
            "loss_ci": [_finite(value.loss_low), _finite(value.loss_high)],
            "samples": value.samples,
            "win": None if value.win is None else _finite(value.win.value),
            "win_ci": None if value.win is None else [_finite(value.win.low), _finite(value.win.high)],
            "deadwood": None if facts is None else facts.deadwood,
            "p_knock_next": None if facts is None else facts.knock_chance,
            "p_gin_next": None if facts is None else facts.gin_chance,
            "p_out_next": None if facts is None else facts.out_chance,
            "p_open_next": None if facts is None else facts.open_chance,
            "outs": None if facts is None else [str(c) for c in facts.outs],
            "exact": None if facts is None else facts.to_json()["exact"],
        }

    return {
        "variant": advice.variant,
        "player": evaluation.player,
        "unit": evaluation.unit,
        "win_unit": WIN_UNIT if evaluation.best.win is not None else None,
        "samples": evaluation.samples,
        "seed": evaluation.seed,
        "rollout": evaluation.rollout,
        "separated": evaluation.separated,
        "forced": evaluation.forced,
        "best": best_line(advice),
        "candidates": [row(v, i) for i, v in enumerate(evaluation.candidates)],
    }


def decisions_json(review: DecisionReview) -> dict[str, Any]:
    """``rummycheck review --rollouts --json``: every decision and each player's rates (docs/review.md)."""
    return {
        "source": review.source,
        "unit": review.unit,
        "samples": review.samples,
        "seed": review.seed,
        "legal": review.illegal is None,
        "illegal": None if review.illegal is None else review.illegal.to_json(),
        "decisions": [{"hand": d.hand, "action": d.action, "player": d.player,
                       "played": d.played.move_text(), "best": d.best.move_text(),
                       "rank": d.rank, "moves": d.moves, "forced": d.forced, "value": _finite(d.value),
                       "loss": _finite(d.loss), "loss_ci": [_finite(d.loss_low), _finite(d.loss_high)],
                       "samples": d.samples, "grade": d.grade,
                       "candidates": [{"action": c.action.move_text(), "value": _finite(c.value),
                                       "ci": [_finite(c.low), _finite(c.high)], "samples": c.samples}
                                      for c in d.candidates]} for d in review.decisions],
        "players": [{"name": p.name, "decisions": p.decisions, "forced": p.forced,
                     "error_rate": _finite(p.error_rate), "accuracy": _finite(p.accuracy),
                     "inaccuracies": p.inaccuracies, "mistakes": p.mistakes, "blunders": p.blunders,
                     "hands": p.hands, "result": _finite(p.result),
                     "luck": _finite(p.luck.value), "luck_ci": [_finite(p.luck.low), _finite(p.luck.high)],
                     "luck_adjusted": _finite(p.adjusted.value),
                     "luck_adjusted_ci": [_finite(p.adjusted.low), _finite(p.adjusted.high)]}
                    for p in review.players],
    }
