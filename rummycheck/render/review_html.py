"""The review page (``review --html``): the replay page of a record plus its review.

The page is ``render.html.replay_page`` (the table at every step, the controls, the keys,
the action list, the ``data-card`` / ``data-hand`` contract) with three additions:

- a mark under each judged decision in the action list (``class="finding"``, with
  ``data-loss`` and its interval): the move played, the best move and the points behind the
  best with the 95% interval.  A graded finding also carries ``data-grade="<grade>"``, and
  the value and rank of the move played (``data-value``, ``data-rank``: what a ``Decision``
  keeps; it holds no other candidate's value),
  (``inaccuracy``, ``mistake`` or ``blunder``); nothing else on the page does;
- the players' rates (decisions, forced, accuracy, error rate, the grades);
- the loss of every decision across the record as a small chart, inline SVG drawn here.

The seat view of the replay page hides the review (its best moves name cards the other
players hold): it is the hand as one player lived it, the review comes after.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path

from rummycheck.analysis.decisions import GRADES, Decision, DecisionReview
from rummycheck.render.html import data_ci, html_text, replay_page, scroll_box, write_page
from rummycheck.render.text import BEST_RATE, NO_LUCK, NO_RATES, RATE_HEADS, bounds, rates_cells, value_text
from rummycheck.table.replay import Record, Replay, replay

__all__ = ["review_page", "write_review_page"]


def review_page(review: DecisionReview, result: Replay, *, four_colour: bool = False) -> str:
    """The page of ``result`` (the record replayed) with the findings of ``review`` (its rollout review)."""
    record = result.record
    heading = record.title or Path(record.source).name
    marks = {(d.hand, d.action): _mark(d) for d in review.decisions}
    return replay_page(result, title=f"Review: {heading}", four_colour=four_colour, marks=marks,
                       appendix=_review_section(review), style=_CSS)


def write_review_page(record: Record, review: DecisionReview, target: Path, *, four_colour: bool = False) -> None:
    """Replay ``record`` and write its review page to ``target`` (checked first with ``check_target``)."""
    write_page(target, review_page(review, replay(record), four_colour=four_colour))


def _moves(decision: Decision) -> tuple[str, str]:
    return str(decision.played), str(decision.best)


def _loss(decision: Decision) -> str:
    low, high = decision.loss_low, decision.loss_high
    ci = f"[95%: {low:.2f}, {high:.2f}]" if math.isfinite(low) and math.isfinite(high) else bounds(low, high)
    return f"{decision.loss:.2f} points behind the best {ci}"


def _short(decision: Decision) -> str:
    return f"{decision.loss:.2f} {bounds(decision.loss_low, decision.loss_high)}"


def _mark(decision: Decision) -> str:
    """One decision's mark in the action list; a graded one adds what the review holds of the move
    played: its value and its rank among the legal moves (kept off the others: a long hand's page
    stays under 100 KB)."""
    played, best = _moves(decision)
    numbers = f' data-loss="{decision.loss:.2f}"' + data_ci(decision.loss_low, decision.loss_high)
    if decision.forced:
        return f'<small class="finding forced"{numbers}>forced (the only legal move)</small>'
    rollouts = f"{decision.samples} rollouts"
    if decision.grade is None:
        what = "the best move" if played == best else f"best {html_text(best)}"
        return (f'<small class="finding judged"{numbers}>{what}; {decision.loss:.2f} behind '
                f'{bounds(decision.loss_low, decision.loss_high)}</small>')
    ranked = f"value {decision.value:+.2f}, {_ordinal(decision.rank)} of {decision.moves} moves"
    return (f'<div class="finding graded" data-grade="{decision.grade}"{numbers} data-value="{decision.value:.2f}" '
            f'data-rank="{decision.rank} {decision.moves}" role="note"><strong>{decision.grade}</strong>: played '
            f'<code>{html_text(played)}</code> ({ranked}), best <code>{html_text(best)}</code>; '
            f"{html_text(_loss(decision))} ({rollouts}){_candidates(decision)}</div>")


def _candidates(decision: Decision) -> str:
    """A graded decision's moves with their values, best first (folded: the page stays small)."""
    if not decision.candidates:
        return ""
    played = decision.played
    items = "".join(
        f'<li data-move="{html_text(c.action.move_text())}" data-value="{c.value:.2f}"'
        f'{" class=played" if c.action == played else ""}><code>{html_text(c.text())}</code> '
        f"{value_text(c)}</li>" for c in decision.candidates)
    return (f'<details class="candidates"><summary>the {len(decision.candidates)} moves, best first</summary>'
            f"<ol>{items}</ol></details>")


def _ordinal(number: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ..., ``11th``, ``21st``."""
    tail = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{tail}"


def _review_section(review: DecisionReview) -> str:
    steps = ", ".join(f"{grade} above {points:g}" for grade, points in reversed(GRADES))
    intro = (f"Every decision valued in {review.unit} by rollouts (up to {review.samples} per move, seed "
             f"{review.seed}); a grade only where the loss's whole 95% interval clears its step ({steps} "
             "points).")
    if review.illegal is not None:
        body = f"<p>No review: {html_text(review.illegal.line())}</p>"
    else:
        body = _rates_table(review) + _chart(review.decisions)
        notes = [f"Note: {m} (the review goes on with the rules' scores)." for m in review.mismatches]
        body += "".join(f'<p class="note mismatch">{html_text(note)}</p>' for note in notes)
    return (f'<section id="review" aria-labelledby="review-h"><h2 id="review-h">Review</h2>'
            f"<p>{html_text(intro)}</p>{body}</section>")


def _rates_table(review: DecisionReview) -> str:
    heads = ("player", "decisions", "forced", *RATE_HEADS, "inaccuracies", "mistakes",
             "blunders", "hands scored", "result", "luck [95%]", "luck-adjusted result [95%]")
    rows = "".join(f'<tr><th scope="row">{html_text(p.name)}</th><td>{p.decisions}</td><td>{p.forced}</td>'
                   + "".join(f"<td>{cell}</td>" for cell in rates_cells(p.accuracy, p.error_rate, p.best_rate))
                   + f"<td>{p.inaccuracies}</td>"
                   f"<td>{p.mistakes}</td><td>{p.blunders}</td><td>{p.hands}</td><td>{p.result:+.2f}</td>"
                   f"<td>{value_text(p.luck)}</td>"
                   + (f'<td data-adjusted="{p.adjusted.value:.2f}">' if p.adjusted is not None else "<td>")
                   + f"{value_text(p.adjusted)}</td></tr>" for p in review.players)
    head = "".join(f'<th scope="col">{h}</th>' for h in heads)
    notes = [note for note, missing in ((BEST_RATE, True), (NO_RATES, any(p.accuracy is None for p in review.players)),
                                        (NO_LUCK, any(p.luck is None for p in review.players))) if missing]
    return scroll_box("per player", f'<table id="rates"><caption>Per player</caption><thead><tr>{head}</tr>'
                                    f"</thead><tbody>{rows}</tbody></table>") \
        + "".join(f'<p class="note">{html_text(note)}</p>' for note in notes)


def _chart(decisions: Sequence[Decision]) -> str:
    """The loss of each decision (a bar, its 95% interval a line through it) in record order, the
    grade steps as dashed lines, a thin line between hands."""
    if not decisions:
        return "<p>No decision to chart.</p>"
    width, height, left, top, bottom = 640, 180, 34, 8, 20
    # the scale spans the losses and their intervals where an interval is known (one rollout gives none)
    low = min(0.0, *(d.loss_low for d in decisions if math.isfinite(d.loss_low)), *(d.loss for d in decisions))
    high = max(GRADES[0][1] + 2, *(d.loss_high for d in decisions if math.isfinite(d.loss_high)),
               *(d.loss for d in decisions))
    plot = height - top - bottom
    slot = (width - left - 4) / len(decisions)

    def y(points: float) -> float:
        return top + (high - points) / (high - low) * plot

    parts = [f'<line x1="{left}" y1="{y(0):.1f}" x2="{width - 4}" y2="{y(0):.1f}" class="axis"/>',
             f'<text x="{left - 3}" y="{y(0) + 4:.1f}" text-anchor="end">0</text>']
    for _, points in GRADES:  # the steps dashed; only the top one labelled (2 and 5 would overlap 0)
        parts.append(f'<line x1="{left}" y1="{y(points):.1f}" x2="{width - 4}" y2="{y(points):.1f}" class="step"/>')
    parts.append(f'<text x="{left - 3}" y="{y(GRADES[0][1]) + 4:.1f}" text-anchor="end">{GRADES[0][1]:g}</text>')
    for n, d in enumerate(decisions):
        x = left + n * slot
        if n and d.hand != decisions[n - 1].hand:
            parts.append(f'<line x1="{x:.1f}" y1="{top}" x2="{x:.1f}" y2="{height - bottom}" class="hand"/>')
        middle = x + slot / 2
        bar = min(max(slot * 0.6, 1.0), 24.0)
        top_y, base_y = sorted((y(d.loss), y(0)))
        label = f"{d.hand}.{d.action} {d.played}: {d.grade or ('forced' if d.forced else 'not graded')}, {_short(d)}"
        grade = f' class="{d.grade}"' if d.grade else ""
        parts.append(f'<g{grade}><title>{html_text(label)}</title><rect x="{middle - bar / 2:.1f}" y="{top_y:.1f}" '
                     f'width="{bar:.1f}" height="{max(base_y - top_y, 0.5):.1f}"/>'
                     + (f'<path d="M{middle:.1f} {y(d.loss_high):.1f}V{y(d.loss_low):.1f}"/>'
                        if math.isfinite(d.loss_low) and math.isfinite(d.loss_high) else "") + "</g>")
    hands = sorted({d.hand for d in decisions})
    caption = (f"{len(decisions)} decisions in {len(hands)} hand(s), in the order played; dashed: the grade steps "
               f"({', '.join(f'{p:g}' for _, p in GRADES)} points)")
    parts.append(f'<text x="{left}" y="{height - 5}">{html_text(caption)}</text>')
    return (f'<figure id="chart"><svg class="chart" role="img" aria-label="points behind the best, each decision" '
            f'viewBox="0 0 {width} {height}"><title>Points behind the best, each decision, with its 95% interval'
            f'</title>{"".join(parts)}</svg><figcaption>Points behind the best move at each decision (the bar), '
            "with its 95% interval (the line).</figcaption></figure>")


_CSS = """
#review{margin-top:1rem;background:#fff;border:1px solid #ddd;border-radius:.5rem;padding:.3rem .6rem}
#rates td{text-align:right}
.finding{display:block;font-size:.85rem;color:#444}.finding.graded{border-left:4px solid;padding:.1rem .4rem;
margin:.1rem 0;color:var(--ink);background:#fff7e6}
.finding[data-grade=inaccuracy]{border-color:#b8860b}.finding[data-grade=mistake]{border-color:#d35400}
.finding[data-grade=blunder]{border-color:#a00010;background:#fff0f0}
#log li:has(>button[aria-current]) .finding.graded{outline:2px solid #e07000}
#chart{margin:.5rem 0}.chart{width:100%;max-width:40rem;height:auto}
.chart text{font:10px sans-serif;fill:#333}.chart .axis{stroke:#333}.chart .step{stroke:#999;stroke-dasharray:3 3}
.chart .hand{stroke:#bbb}.chart g path{stroke:#111;stroke-width:1.5}.chart rect{fill:#5b7a99}
.chart .inaccuracy rect{fill:#b8860b}.chart .mistake rect{fill:#d35400}.chart .blunder rect{fill:#a00010}
.seatview #review,.seatview .finding{display:none}
"""
