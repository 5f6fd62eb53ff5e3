"""JSON of the library's values, for ``--json`` (the shapes are documented in docs/json.md).

Every JSON object the commands print is made here, from the frozen values the library
returns (solutions, verdicts, replays, reviews, facts, advice): the values hold data, this
module writes it.  The value types are imported for annotations only, so a command that
prints one kind of JSON loads no other part of the library.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from rummycheck.render.words import best_line, finding_detail
from rummycheck.results import meld_json

if TYPE_CHECKING:
    from rummycheck.analysis.advisor import Advice
    from rummycheck.analysis.decisions import DecisionReview
    from rummycheck.analysis.evaluate import MoveValue
    from rummycheck.analysis.facts import DiscardFacts, HandFacts
    from rummycheck.games.scoring import HandScore
    from rummycheck.results import Reason, Solution
    from rummycheck.review import Finding, PlayerSummary, Review
    from rummycheck.table.disputes import Verdict
    from rummycheck.table.replay import HandReplay, IllegalAction, Replay
    from rummycheck.table.state import GameState, Snapshot
    from rummycheck.variants import Variant
    from rummycheck.verify import Check

__all__ = ["advice_json", "check_json", "decisions_json", "discard_facts_json", "finding_json",
           "hand_facts_json", "hand_replay_json", "hand_score_json", "illegal_json", "replay_json",
           "review_json", "sheet_json", "snapshot_json", "solution_json", "state_json", "summary_json",
           "verdict_json"]


def _reasons(reasons: Sequence[Reason]) -> list[dict[str, str]]:
    return [{"rule": r.rule, "message": r.message} for r in reasons]


# -- a position: solve, check ---------------------------------------------------------------------

def solution_json(solution: Solution) -> dict[str, Any]:
    """``rummycheck solve --json`` (docs/json.md)."""
    data: dict[str, Any] = {
        "variant": solution.variant.name,
        "options": {k: v for k, v in solution.variant.changed_options().items()},
        "solver": solution.solver,
        "hand": [str(c) for c in solution.hand],
        "score": solution.score,
        "opened": solution.opened,
        "melds": [meld_json(m) for m in solution.melds],
        "layoffs": [{"card": str(lo.card), "meld": lo.target, "as": str(lo.stands_for)}
                    for lo in solution.layoffs],
        "discard": None if solution.discard is None else str(solution.discard),
        "deadwood": [str(c) for c in solution.deadwood],
        "deadwood_points": solution.deadwood_points,
        "legal": solution.legal,
        "reasons": _reasons(solution.reasons),
    }
    for name, value in solution.facts:
        data[name] = value
    return data


def snapshot_json(snapshot: Snapshot) -> dict[str, Any]:
    """A table in progress: players, table melds, the pile's top, the stock and the turn."""
    return {
        "players": [{"name": p.name, "score": p.score, "opened": p.opened,
                     "hand": [str(c) for c in p.hand], "unknown": p.unknown,
                     "points": snapshot.variant.points(p.hand) if p.known else None, "out": p.out}
                    for p in snapshot.players],
        "table": [{"number": t.number, "owner": t.owner, "kind": str(t.meld.kind),
                   "cards": [str(c) for c in t.meld.cards], "as": [str(c) for c in t.meld.stands_for]}
                  for t in snapshot.table],
        "discard_top": None if snapshot.top_discard is None else str(snapshot.top_discard),
        "stock": snapshot.stock,
        "turn": snapshot.player.name,
        "phase": snapshot.phase,
        "drew": snapshot.drew,
        "melded": snapshot.melded,
    }


def state_json(state: GameState) -> dict[str, Any]:
    """The table of a state as it is now (``snapshot_json`` of its snapshot)."""
    return snapshot_json(state.snapshot())


def verdict_json(verdict: Verdict) -> dict[str, Any]:
    """``rummycheck check --json`` (docs/check.md)."""
    return {
        "play": verdict.play,
        "legal": verdict.legal,
        "rules": list(verdict.rules),
        "reasons": _reasons(verdict.reasons),
        "passed": _reasons(verdict.passed),
        "unsettled": _reasons(verdict.unsettled),
        "options": {} if verdict.variant is None else dict(verdict.variant.changed_options()),
        "after": snapshot_json(verdict.after) if verdict.legal and verdict.after is not None else None,
        "disputes": [{"rule": d.rule, "option": d.option, "in_force": d.in_force,
                      "alternative": d.alternative, "legal": d.legal, "changes": d.changes,
                      "note": d.note} for d in verdict.disputes],
    }


# -- scores and checks ---------------------------------------------------------------------------------

def hand_score_json(result: HandScore) -> dict[str, Any]:
    """One scored hand: its lines, the scores after it, busts and buy-backs, the game's end."""
    return {
        "hand": result.number,
        "variant": result.after.variant.name,
        "hand_winner": result.hand_winner,
        "lines": [{"player": ln.player, "points": ln.points, "rule": ln.rule, "text": ln.text}
                  for ln in result.lines],
        "scores": result.after.scores(),
        "busted": list(result.busted),
        "buyback_level": result.buyback_level,
        "bought_back": list(result.bought_back),
        "eliminated": list(result.eliminated),
        "finished": result.after.finished,
        "winner": result.after.winner,
    }


def sheet_json(file_title: str, variant: Variant, results: Sequence[HandScore]) -> dict[str, Any]:
    """``rummycheck score --json`` of a score sheet (docs/scoresheets.md)."""
    return {
        "title": file_title,
        "variant": variant.name,
        "preset": variant.preset,
        "options": variant.changed_options(),
        "hands": [hand_score_json(r) for r in results],
        "final": results[-1].after.scores() if results else {},
        "winner": results[-1].winner if results else None,
    }


def check_json(check: Check) -> dict[str, Any]:
    """One ``verify`` check."""
    return {"scenario": check.scenario, "title": check.title, "place": check.place, "check": check.label,
            "rules": list(check.rules), "expected": check.expected, "got": check.got, "passed": check.passed,
            "diff": check.diff}


# -- records: replay, the one-step review ----------------------------------------------------------------

def illegal_json(illegal: IllegalAction) -> dict[str, Any]:
    """The first illegal action of a record: where, the rule and the reasons."""
    return {"hand": illegal.hand, "action": illegal.action, "text": illegal.text, "where": illegal.where,
            "rule": illegal.rule, "rules": list(illegal.rules), "message": illegal.message,
            "reasons": _reasons(illegal.reasons)}


def hand_replay_json(hand: HandReplay) -> dict[str, Any]:
    """One replayed hand."""
    score = hand.score
    return {
        "hand": hand.number,
        "dealer": hand.dealer,
        "actions": hand.actions,
        "finished": bool(hand.ending),
        "ending": hand.ending or None,
        "winner": None if score is None else score.hand_winner,
        "lines": [] if score is None else [{"player": ln.player, "points": ln.points, "rule": ln.rule,
                                            "text": ln.text} for ln in score.lines],
        "totals": None if score is None else score.after.scores(),
        "stated": None if hand.stated is None else dict(hand.stated),
        "mismatches": list(hand.mismatches),
        "note": hand.note or None,
    }


def replay_json(result: Replay) -> dict[str, Any]:
    """``rummycheck replay --json`` (docs/records.md)."""
    return {
        "legal": result.legal,
        "actions": result.actions,
        "illegal": None if result.illegal is None else illegal_json(result.illegal),
        "scores": result.scores(),
        "totals": result.sheet.scores(),
        "winner": result.sheet.winner,
        "scores_match": not result.mismatches,
        "hands": [hand_replay_json(h) for h in result.hands],
    }


def finding_json(finding: Finding) -> dict[str, Any]:
    return {"player": finding.player, "hand": finding.hand, "action": finding.action, "where": finding.where,
            "text": finding.text, "kind": finding.kind, "better": finding.better, "lost": round(finding.lost, 2),
            "measure": finding.measure, "grade": finding.grade, "detail": finding_detail(finding),
            "case": finding.case, "facts": dict(finding.facts), "reasons": list(finding.reasons)}


def summary_json(summary: PlayerSummary) -> dict[str, Any]:
    return {"player": summary.name, "decisions": summary.decisions, "inaccuracies": summary.inaccuracies,
            "mistakes": summary.mistakes, "blunders": summary.blunders, "lost": round(summary.lost, 2)}


def review_json(review: Review) -> dict[str, Any]:
    """``rummycheck review --json``: the one-step review (docs/review.md)."""
    from rummycheck.review import GRADES

    return {"record": review.source, "variant": review.variant.name, "legal": review.legal,
            "illegal": None if review.illegal is None else illegal_json(review.illegal),
            "players": list(review.players),
            "grades": [{"grade": name, "from": least} for least, name in GRADES],
            "findings": [finding_json(f) for f in review.findings],
            "summary": [summary_json(s) for s in review.summaries],
            "notes": list(review.notes)}


# -- the advisor's exact facts ----------------------------------------------------------------------------

def _exact(value: Fraction | None) -> str | None:
    return None if value is None else f"{value.numerator}/{value.denominator}"


def discard_facts_json(facts: DiscardFacts) -> dict[str, Any]:
    """One discard candidate's facts (docs/advise.md): cards as text, chances as floats, and the
    same chances exactly, as "numerator/denominator" strings, under ``exact``."""
    return {
        "discard": str(facts.discard),
        "deadwood": facts.deadwood,
        "outs": [str(c) for c in facts.outs],
        "gin_outs": [str(c) for c in facts.gin_outs],
        "open_outs": None if facts.open_outs is None else [str(c) for c in facts.open_outs],
        "p_out_next": facts.out_chance,
        "p_knock_next": facts.knock_chance,
        "p_gin_next": facts.gin_chance,
        "p_open_next": facts.open_chance,
        "exact": {"p_out_next": _exact(facts.p_out_next), "p_knock_next": _exact(facts.p_knock_next),
                  "p_gin_next": _exact(facts.p_gin_next), "p_open_next": _exact(facts.p_open_next)},
    }


def hand_facts_json(facts: HandFacts) -> dict[str, Any]:
    """The facts of every discard of a hand (docs/advise.md)."""
    return {
        "variant": facts.variant.name,
        "options": dict(facts.variant.changed_options()),
        "hand": [str(c) for c in facts.hand],
        "score": facts.score,
        "opened": facts.opened,
        "unseen": facts.unseen,
        "knock_limit": facts.knock_limit,
        "candidates": [discard_facts_json(d) for d in facts.discards],
    }


def _finite(value: float) -> float | None:
    return None if value != value or value in (float("inf"), float("-inf")) else round(value, 3)


def advice_json(advice: Advice) -> dict[str, Any]:
    """``rummycheck advise --json``: ``unit``, ``samples``, ``seed``, ``candidates`` (best first)."""
    evaluation = advice.evaluation

    def row(value: MoveValue, index: int) -> dict[str, Any]:
        facts = advice.facts[index]
        return {
            "action": value.action.move_text(),
            "then": None if value.then is None else value.then.move_text(),
            "finish": value.finish or None,
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
            "exact": None if facts is None else discard_facts_json(facts)["exact"],
        }

    return {
        "variant": advice.variant,
        "player": evaluation.player,
        "unit": evaluation.unit,
        "win_unit": _win_unit() if evaluation.best.win is not None else None,
        "samples": evaluation.samples,
        "seed": evaluation.seed,
        "rollout": evaluation.rollout,
        "separated": evaluation.separated,
        "race_z": round(evaluation.race_z, 3),
        "forced": evaluation.forced,
        "stock_taken": advice.stock_taken,
        "best": best_line(advice),
        "candidates": [row(v, i) for i, v in enumerate(evaluation.candidates)],
    }


def _win_unit() -> str:
    from rummycheck.analysis.match import WIN_UNIT

    return WIN_UNIT


def decisions_json(review: DecisionReview) -> dict[str, Any]:
    """``rummycheck review --json``: every decision and each player's rates (docs/review.md)."""
    return {
        "source": review.source,
        "unit": review.unit,
        "samples": review.samples,
        "seed": review.seed,
        "rollout": review.rollout or None,
        "legal": review.illegal is None,
        "illegal": None if review.illegal is None else illegal_json(review.illegal),
        "mismatches": list(review.mismatches),
        "decisions": [{"hand": d.hand, "action": d.action, "player": d.player,
                       "played": d.played.move_text(), "best": d.best.move_text(),
                       "rank": d.rank, "moves": d.moves, "forced": d.forced, "value": _finite(d.value),
                       "loss": _finite(d.loss), "loss_ci": [_finite(d.loss_low), _finite(d.loss_high)],
                       "loss_held_out": _finite(d.held_out), "samples": d.samples, "grade": d.grade,
                       "second_look": d.second_look,
                       "candidates": [{"action": c.action.move_text(),
                                       "then": None if c.then is None else c.then.move_text(),
                                       "finish": c.finish or None,
                                       "value": _finite(c.value),
                                       "ci": [_finite(c.low), _finite(c.high)], "samples": c.samples,
                                       "win": None if c.win is None else _finite(c.win.value),
                                       "win_ci": None if c.win is None else [_finite(c.win.low),
                                                                              _finite(c.win.high)]}
                                      for c in d.candidates]} for d in review.decisions],
        "players": [{"name": p.name, "decisions": p.decisions, "forced": p.forced,
                     "error_rate": None if p.error_rate is None else _finite(p.error_rate),
                     "accuracy": None if p.accuracy is None else _finite(p.accuracy),
                     "best_play_rate": None if p.best_rate is None else _finite(p.best_rate),
                     "inaccuracies": p.inaccuracies, "mistakes": p.mistakes, "blunders": p.blunders,
                     "hands": p.hands, "result": _finite(p.result),
                     "luck": None if p.luck is None else _finite(p.luck.value),
                     "luck_ci": None if p.luck is None else [_finite(p.luck.low), _finite(p.luck.high)],
                     "luck_adjusted": None if p.adjusted is None else _finite(p.adjusted.value),
                     "luck_adjusted_ci": None if p.adjusted is None else [_finite(p.adjusted.low),
                                                                          _finite(p.adjusted.high)]}
                    for p in review.players],
    }
