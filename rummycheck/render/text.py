"""Text reports for the CLI: solutions and variant rule tables (tabulate)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from rummycheck.cards import format_cards
from rummycheck.games import game_of
from rummycheck.render.words import best_line, finding_detail
from rummycheck.results import Solution
from rummycheck.tabletext import tabulate
from rummycheck.variants import Variant

if TYPE_CHECKING:
    from rummycheck.analysis.advisor import Advice
    from rummycheck.analysis.decisions import Decision, DecisionReview
    from rummycheck.analysis.evaluate import MoveValue
    from rummycheck.analysis.facts import DiscardFacts
    from rummycheck.crosscheck import Crosscheck
    from rummycheck.games.prove import OptimalPlay
    from rummycheck.games.scoring import HandScore
    from rummycheck.review import Review
    from rummycheck.sim.stats import Interval
    from rummycheck.solvers.base import Arrangement
    from rummycheck.table.disputes import Verdict
    from rummycheck.table.replay import Replay
    from rummycheck.table.state import Snapshot

__all__ = ["FactColumns", "arrangements_text", "crosscheck_text", "fact_cells", "fact_columns", "hand_text",
           "plays_text", "presets_table", "replay_text", "review_text", "rules_table", "solution_text", "verdict_text"]


def solution_text(solution: Solution) -> str:
    variant = solution.variant
    lines = [f"{variant.title} ({variant}) - hand: {format_cards(solution.hand)}"]
    if game_of(variant).has_opening:
        lines.append(f"running score {solution.score}, {'opened' if solution.opened else 'not opened yet'}")
    rows = []
    for number, meld in enumerate(solution.melds, start=1):
        wilds = ", ".join(f"{card} as {stand}" for card, stand in meld.wild_pairs())
        rows.append([number, str(meld.kind), format_cards(meld.cards), wilds or "-"])
    if rows:
        lines.append(tabulate(rows, headers=["#", "meld", "cards", "wilds"], tablefmt="simple"))
    else:
        lines.append("melds: none")
    if solution.layoffs:
        lines.append("lay-offs: " + ", ".join(f"{lo.card} on table meld {lo.target}"
                                               + ("" if lo.card == lo.stands_for else f" as {lo.stands_for}")
                                               for lo in solution.layoffs))
    if solution.discard is not None:
        lines.append(f"discard: {solution.discard}")
    left = format_cards(solution.deadwood) or "none"
    lines.append(f"left in hand: {left} ({solution.deadwood_points} points)")
    lines.append("verdict: " + ("legal" if solution.legal else "not legal"))
    for reason in solution.reasons:
        lines.append(f"  {reason.rule}: {reason.message}")
    return "\n".join(lines)


def rules_table(variant: Variant) -> str:
    rows = []
    for rule in variant.rules:
        if not rule.options:
            rows.append([rule.id, rule.text, "", "", ""])
            continue
        for i, spec in enumerate(rule.options):
            value = spec.describe(variant.option(spec.name))
            rows.append([rule.id if i == 0 else "", rule.text if i == 0 else "",
                         spec.name, value, spec.alternatives(variant.option(spec.name))])
    header = f"{variant.title} (variant {variant.name!r}"
    if variant.preset:
        header += f", preset {variant.preset!r}; presets: {', '.join(p for p, _ in variant.presets)}"
    header += ")"
    table = tabulate(rows, headers=["id", "rule", "option", "in force", "alternatives"],
                     tablefmt="simple", maxcolwidths=[None, 48, None, None, 30])
    return header + "\n" + table + presets_table(variant)


def presets_table(variant: Variant) -> str:
    """The values each preset uses, for every rule a preset touches (empty without presets)."""
    if len(variant.presets) < 2:
        return ""
    touched = {name for _, changes in variant.presets for name, _ in changes}
    rows = []
    for rule in variant.rules:
        if not any(spec.name in touched for spec in rule.options):
            continue
        for spec in rule.options:
            row = [rule.id, spec.name]
            for _, changes in variant.presets:
                row.append(spec.describe(dict(changes).get(spec.name, spec.default)))
            rows.append(row)
    names = [name for name, _ in variant.presets]
    note = ""
    oklahoma = next((rule.id for rule, spec in variant.specs() if spec.name == "oklahoma"), None)
    if oklahoma is not None:
        note = f"\nOklahoma ({oklahoma}) goes with any preset: --rule oklahoma=true"
    return "\n\npresets (--preset NAME; the first is the default):\n" + tabulate(
        rows, headers=["id", "option", *names], tablefmt="simple") + note


def arrangements_text(arrangements: Sequence[Arrangement]) -> str:
    """``solve --all``: every optimal arrangement, numbered, best tie-break first."""
    if not arrangements:
        return "all optimal arrangements: none (no legal arrangement)"
    lines = [f"all optimal arrangements ({len(arrangements)}, "
             "best tie-break first: fewer cards left, then fewer wilds):"]
    for number, arrangement in enumerate(arrangements, start=1):
        melds = "; ".join(str(meld) for meld in arrangement.melds) or "no melds"
        left = format_cards(arrangement.deadwood) or "nothing"
        lines.append(f"  {number}. {melds} | left {left} ({arrangement.points} points, "
                     f"{arrangement.wilds_used} wilds used)")
    return "\n".join(lines)


def plays_text(plays: Sequence[OptimalPlay]) -> str:
    """``solve SCENARIO.toml --all``: every optimal whole play (melds, lay-offs, discard), numbered."""
    if not plays:
        return "all optimal plays: none (no legal play)"
    lines = [f"all optimal plays ({len(plays)}, best tie-break first: fewer cards left, fewer wilds, "
             "fewer cards laid off, no discard):"]
    for number, play in enumerate(plays, start=1):
        parts = ["; ".join(str(meld) for meld in play.melds) or "no new melds"]
        parts += [f"lay off {lo.card} on table meld {lo.target}" + ("" if lo.card == lo.stands_for
                                                                     else f" as {lo.stands_for}")
                  for lo in play.layoffs]
        if play.discard is not None:
            parts.append(f"discard {play.discard}")
        left = format_cards(play.deadwood) or "nothing"
        lines.append(f"  {number}. {', '.join(parts)} | left {left} ({play.points} points, "
                     f"{play.wilds_used} wilds used)")
    return "\n".join(lines)


def crosscheck_text(result: Crosscheck) -> str:
    """``rummycheck crosscheck``: agreement counts, timings, then every disagreement and failure."""
    head = (f"crosscheck {result.variant} - {result.hands} {result.kind} hands, seed {result.seed}: "
            f"{result.agreements} agree, {len(result.disagreements)} disagree, "
            f"{len(result.failures)} answers fail validation")
    rows = []
    exact_median = result.median("exact") if "exact" in result.solvers else 0.0
    for name in result.solvers:
        median = result.median(name)
        ratio = f"{median / exact_median:.0f}x" if exact_median > 0 else "-"
        rows.append([name, f"{median * 1000:.1f}", f"{result.worst(name) * 1000:.1f}", ratio])
    lines = [head, tabulate(rows, headers=["solver", "median ms", "worst ms", "median vs exact"],
                            tablefmt="simple")]
    for disagreement in result.disagreements:
        lines.append(f"DISAGREE {format_cards(disagreement.hand)}")
        lines.extend(f"  table meld {n}: {meld}" for n, meld in enumerate(disagreement.table, start=1))
        lines.extend(f"  {name}: {outcome}" for name, outcome in disagreement.outcomes)
    for failure in result.failures:
        lines.append(f"INVALID ({failure.solver}) {format_cards(failure.hand)}")
        lines.extend(f"  table meld {n}: {meld}" for n, meld in enumerate(failure.table, start=1))
        lines.extend(f"  {problem}" for problem in failure.problems)
    return "\n".join(lines)


def review_text(review: Review) -> str:
    """The findings of a review, hand by hand, then a summary table per player."""
    from rummycheck.review import GRADES

    variant = review.variant
    lines = [f"{variant.title} ({variant}) - review of {review.source}: {', '.join(review.players)}"]
    if review.illegal is not None:
        lines.append(review.illegal.line())
        return "\n".join(lines)
    lines.append("grades by points lost: " + ", ".join(f"{name} >= {least:g}" for least, name in GRADES))
    hand = 0
    for finding in review.findings:
        if finding.hand != hand:
            hand = finding.hand
            lines.append("")
            lines.append(f"hand {hand}")
        lost = f"{finding.lost:g}" if float(finding.lost).is_integer() else f"{finding.lost:.2f}"
        lines.append(f"  {finding.where}: action {finding.action} {finding.text!r}: {finding.grade}, "
                     f"{lost} points lost ({finding.measure})")
        lines.append(f"    {finding.kind}: {finding_detail(finding)}")
        lines.append(f"    better: {finding.better}")
        for reason in finding.reasons:
            lines.append(f"      {reason}")
    if not review.findings:
        lines.append("")
        lines.append("no findings: every judged decision was the best the solvers find (or within "
                     f"{GRADES[-1][0]:g} point)")
    rows = [[s.name, s.decisions, s.inaccuracies, s.mistakes, s.blunders, f"{s.lost:.2f}".rstrip("0").rstrip(".")]
            for s in review.summaries]
    lines.append("")
    lines.append(tabulate(rows, headers=["player", "decisions", "inaccuracies", "mistakes", "blunders",
                                         "points lost"], tablefmt="simple"))
    for note in review.notes:
        lines.append(f"note: {note}")
    return "\n".join(lines)


def advice_text(advice: Advice) -> str:
    """``rummycheck advise``: the candidates best first, each value with its interval, the facts."""
    game = advice.evaluation.best.win is not None
    columns = fact_columns(advice.facts)
    rows = []
    for index, value in enumerate(advice.evaluation.candidates):
        facts = advice.facts[index]
        row: list[object] = [value.text(), value_text(value), loss_text(value, index)]
        if game:
            row.append(win_text(value))
        row.append(value.samples)
        if columns.shown:
            row += fact_cells(facts, columns)
        rows.append(row)
    headers = ["move", "value [95% interval]", "behind the best", *(["game won [95%]"] * game), "rollouts"]
    if columns.shown:
        headers += [*columns.heads, "outs"]
    table = tabulate(rows, headers=headers, tablefmt="simple")
    return "\n".join(advice_heading(advice)) + "\n\n" + table


class FactColumns(NamedTuple):
    """Which columns of the exact facts a decision's table shows (text and HTML alike): none when no
    move has facts (a draw, a lay-down); the next draw's chance to knock (gin) or to go out (basic,
    Bing); the chance of gin only in gin, of opening only for an unopened Bing player."""

    shown: bool
    knock: bool  # the chance heading reads "knock next" (gin), else "out next"
    gin: bool
    opening: bool

    @property
    def heads(self) -> list[str]:
        """The headings of the facts' columns, outs left out (each renderer names that its way)."""
        return ["deadwood", "knock next" if self.knock else "out next", *(["gin next"] * self.gin),
                *(["open next"] * self.opening)]


def fact_columns(facts: Sequence[DiscardFacts | None]) -> FactColumns:
    """The facts' columns for the moves' ``facts`` (see ``FactColumns``)."""
    known = [f for f in facts if f is not None]
    return FactColumns(bool(known), any(f.p_knock_next is not None for f in known),
                       any(f.p_gin_next is not None for f in known), any(f.p_open_next is not None for f in known))


def fact_cells(facts: DiscardFacts | None, columns: FactColumns) -> list[object]:
    """One move's cells under ``columns``' headings, the outs last (listed up to 8, else counted)."""
    if facts is None:
        return [""] * (len(columns.heads) + 1)
    knock, gin = next_chances(facts)
    cells: list[object] = [facts.deadwood, knock]
    if columns.gin:
        cells.append(gin)
    if columns.opening:
        cells.append("" if facts.open_chance is None else f"{100 * facts.open_chance:.1f}%")
    outs = " ".join(str(c) for c in facts.outs) if len(facts.outs) <= 8 else f"{len(facts.outs)} cards"
    return [*cells, outs]


def bounds(low: float, high: float, *, signed: bool = False) -> str:
    """An interval as ``[low, high]`` (``signed``: ``[+1.00, +2.50]``); one that a single sample
    cannot give (its bounds infinite) as ``[no interval: 1 sample]``."""
    if not (math.isfinite(low) and math.isfinite(high)):
        return "[no interval: 1 sample]"
    return f"[{low:+.2f}, {high:+.2f}]" if signed else f"[{low:.2f}, {high:.2f}]"


def rates_cells(accuracy: float | None, rate: float | None, best: float | None) -> tuple[str, str, str]:
    """A review's accuracy (``50%``), error rate (``3.59``) and the best play's rate (``-0.84``),
    each ``-`` for a player with no decision that was not forced."""
    return ("-" if accuracy is None else f"{100 * accuracy:.0f}%", "-" if rate is None else f"{rate:.2f}",
            "-" if best is None else f"{best:.2f}")


#: the heads of a review's rates, text and page alike
RATE_HEADS = ("accuracy", "error rate (points, held out)", "best play's rate")
BEST_RATE = ("best play's rate: the error rate the review's own best moves would get in the same decisions, "
             "where the rate puts play it cannot fault (not 0: it errs low in wide decisions, and may err high "
             "where a take is worth its best of several lines); read the error rate against it (docs/review.md)")
NO_RATES = "-: no decision of this player's that was not forced, so no rate"
NO_LUCK = "-: no hand of this player's that the record scores, so nothing to split into luck and skill"


def value_text(value: MoveValue | Interval | None) -> str:
    """A value with its 95% interval, signed (a move's, a review's luck): ``+51.75 [+48.31, +55.19]``;
    ``-`` where there is none to give (the luck when the record scores no hand of the player)."""
    return "-" if value is None else f"{value.value:+.2f} {bounds(value.low, value.high, signed=True)}"


def win_text(value: MoveValue) -> str:
    """The chance to win the game after a move, with its interval: ``77.0% [75.3, 78.7]`` ("" unmodelled)."""
    win = value.win
    return "" if win is None else f"{100 * win.value:.1f}% [{100 * win.low:.1f}, {100 * win.high:.1f}]"


def loss_text(value: MoveValue, index: int) -> str:
    """How far candidate ``index`` is behind the best, with the interval: ``2.39 [0.10, 4.68]`` (``best``)."""
    return "best" if index == 0 else f"{value.loss:.2f} {bounds(value.loss_low, value.loss_high)}"


def next_chances(facts: DiscardFacts | None) -> tuple[str, str]:
    """A discard's exact chances with the next draw: to knock (or go out, or open), and to go gin."""
    def pct(chance: float | None) -> str:
        return "" if chance is None else f"{100 * chance:.1f}%"

    if facts is None:
        return "", ""
    return pct(facts.knock_chance if facts.p_knock_next is not None else facts.out_chance), pct(facts.gin_chance)


def advice_heading(advice: Advice) -> tuple[str, ...]:
    """The lines above the advice table: the best move, how it was valued, how sure it is, and
    (gin) what the game-won column means."""
    evaluation = advice.evaluation
    stop = ("the only legal move" if evaluation.forced else
            f"the best move is ahead of every other at 95% (over the race's looks: a boundary of "
            f"{evaluation.race_z:.2f} standard errors, docs/advise.md)" if evaluation.separated
            else "the best move is not yet separated from every other at 95%")
    lines: tuple[str, ...] = (f"{evaluation.player} to move: best {best_line(advice)}",
             f"value: {evaluation.unit}; up to {evaluation.samples} rollout{'s' if evaluation.samples != 1 else ''} "
             f"per move by the "
             f"{evaluation.rollout!r} bots (seed {evaluation.seed})",
             f"{stop}; chances and outs are exact (every unseen card counted)")
    if evaluation.best.win is not None:
        lines += ("game won: the chance to win the game after the hand, by a model of the hands to come "
                  "(docs/advise.md)",)
    if advice.stock_taken is not None:
        lines += (f"stock: not given, so taken as the {advice.stock_taken} unseen cards not in a hand",)
    return lines


def table_lines(snapshot: Snapshot) -> list[str]:
    """The table of a hand in progress, a line a player, a meld, the pile and the turn (replay, check)."""
    lines = []
    for seat, p in enumerate(snapshot.players):
        marker = "*" if seat == snapshot.current and snapshot.phase != "over" else " "
        cards = " ".join(x for x in (format_cards(p.hand), f"+{p.unknown} unknown" if p.unknown else "") if x)
        status = snapshot.statuses[seat]
        points = f" ({snapshot.variant.points(p.hand)} points)" if p.known else ""
        lines.append(f"{marker} {p.name}: score {p.score}, {status}; hand {cards or '-'}{points}".replace(
            ", ;", ";"))
    for t in snapshot.table:
        lines.append(f"  table {t.number}: {t.meld}" + (f" ({t.owner})" if t.owner else ""))
    lines.append(f"  discard pile top: {snapshot.top_discard or '-'}; stock: "
                 f"{'?' if snapshot.stock is None else snapshot.stock}")
    name = snapshot.player.name
    turn = {"play": f"{name} to play", "layoff": f"{name} to lay off (after the knock)",
            "over": "the hand is over"}[snapshot.phase]
    done = []
    if snapshot.phase == "play":
        if snapshot.drew != "none":
            done.append(f"drew from the {'stock' if snapshot.drew == 'stock' else 'discard pile'}")
        if snapshot.melded:
            done.append("melded")
    lines.append("  " + turn + (f" ({', '.join(done)})" if done else ""))
    return lines


def _played_value(decision: Decision) -> MoveValue:
    """The move played among a decision's valued candidates."""
    return next((c for c in decision.candidates if c.action == decision.played), decision.candidates[0])


def _best_text(decision: Decision) -> str:
    """The best move, with the rest of the turn a take was valued by (``take, then discard Ad``)."""
    best = decision.candidates[0] if decision.candidates else None
    from rummycheck.analysis.evaluate import move_words

    # a take names the card it takes, as advise's best line does
    return best.text(decision.top) if best is not None and best.action == decision.best \
        else move_words(decision.best, decision.top)


def decisions_text(review: DecisionReview, *, every: bool = False) -> str:
    """``rummycheck review``: the graded decisions (``every``: every decision, with the rank of the
    move played among the moves, a forced one marked), then each player's rates."""
    from tabulate import tabulate

    if review.illegal is not None:
        return review.illegal.line()
    rows = []
    graded = [d for d in review.decisions if every or d.grade is not None]
    # the game chance beside the points, where the evaluator models it (analysis.match)
    # (a graded decision had more than one move, so its candidates are there)
    chances = [(_played_value(d).win, d.candidates[0].win) if d.candidates else (None, None) for d in graded]
    # (with ``every``, a forced decision may have no chance beside it: its cell is left empty)
    with_win = bool(graded) and all(mine is not None and best is not None
                                    for d, (mine, best) in zip(graded, chances) if not d.forced or not every)
    for d, (mine, best) in zip(graded, chances):
        row: list[object] = [f"{d.hand}.{d.action}", d.player, d.played.move_text(), _best_text(d)]
        if every:
            row += [f"{d.rank} of {d.moves}", "forced" if d.forced else d.grade or ""]
        else:
            row.append(d.grade)
        row += [f"{d.loss:.2f} {bounds(d.loss_low, d.loss_high)}", d.samples]
        if with_win:
            row.append(f"{100 * mine.value:.1f}% / {100 * best.value:.1f}%" if mine is not None and best is not None
                       else "")
        rows.append(row)
    from rummycheck.analysis.decisions import SECOND_LOOK
    from rummycheck.analysis.evaluate import MAX_SAMPLES
    bots = f", rollout bots {review.rollout}" if review.rollout else ""
    lines = [f"{review.source}: every decision valued in {review.unit} by rollouts (up to {review.samples} per "
             f"move, seed {review.seed}{bots}); a grade only where the loss's whole 95% interval clears 2 "
             "(inaccuracy), 5 (mistake) or 10 (blunder) points, and again on a second look at "
             f"{min(MAX_SAMPLES, SECOND_LOOK * review.samples)} fresh rollouts", ""]
    if rows:
        heads = ["hand.action", "player", "played", "best", *(["rank"] if every else []), "grade",
                 "points behind [95%]", "rollouts"]
        if with_win:
            heads.append("game won: played / best")
        lines.append(tabulate(rows, headers=heads, tablefmt="simple",
                              disable_numparse=True))  # "1.20" is hand 1, action 20, not a number
    else:
        lines.append("no decision is graded")
    lines.append("")
    lines.append(tabulate([[p.name, p.decisions, p.forced, *rates_cells(p.accuracy, p.error_rate, p.best_rate),
                            p.inaccuracies, p.mistakes, p.blunders] for p in review.players],
                          headers=["player", "decisions", "forced", *RATE_HEADS,
                                   "inaccuracies", "mistakes", "blunders"], tablefmt="simple"))
    lines.append(BEST_RATE)
    if any(p.accuracy is None for p in review.players):
        lines.append(NO_RATES)
    lines.append("")
    lines.append(tabulate([[p.name, p.hands, f"{p.result:+.2f}", value_text(p.luck), value_text(p.adjusted)]
                           for p in review.players],
                          headers=["player", "hands scored", "result (net points)", "luck [95%]",
                                   "luck-adjusted result [95%]"], tablefmt="simple", disable_numparse=True))
    lines.append("luck-adjusted result: the others' losses less the player's own; luck: the result less it "
                 "(docs/review.md)")
    if any(p.luck is None for p in review.players):
        lines.append(NO_LUCK)
    lines.extend(f"note: {m} (the review goes on with the rules' scores)" for m in review.mismatches)
    return "\n".join(lines)


def _hand_status(result: HandScore, name: str) -> str:
    parts = []
    row = result.after.player(name)
    if name == result.hand_winner:
        parts.append(game_of(result.after.variant).hand_won_words)
    if name in result.busted:
        parts.append("busted")
    if name in result.bought_back:
        parts.append(f"bought back at {result.buyback_level}")
    elif row.out:
        parts.append("out")
    if name == result.winner:
        parts.append("WINS THE GAME")
    return ", ".join(parts)


def hand_text(result: HandScore, *, note: str = "") -> str:
    """One hand: the score lines with their rule ids, then the sheet after the hand."""
    head = f"hand {result.number}" + (f" - {note}" if note else "")
    lines = tabulate([[ln.rule, ln.player if ln.player is not None else "all",
                       f"{ln.points:+d}" if ln.points else "0", ln.text] for ln in result.lines],
                     headers=["rule", "player", "points", "why"], tablefmt="simple",
                     maxcolwidths=[None, None, None, 70])
    rows = []
    for before, after in zip(result.before.players, result.after.players):
        change = after.score - before.score
        rows.append([after.name, before.score, f"{change:+d}" if change else "0", after.score,
                     _hand_status(result, after.name)])
    sheet = tabulate(rows, headers=["player", "before", "hand", "total", "status"], tablefmt="simple")
    extra = []
    if result.busted and result.buyback_level is not None:
        extra.append(f"buy-back level: {result.buyback_level} ({game_of(result.after.variant).BUYBACK})")
    if result.after.finished:
        extra.append(f"game over: {result.winner} wins" if result.winner else "game over: no winner")
    return "\n".join([head, lines, "", sheet, *extra])


def verdict_text(verdict: Verdict) -> str:
    """``check``'s verdict: its line, the rules met or broken, the options in force, the table after
    a legal play, and the disputed readings re-judged (one that cannot judge the play says why)."""
    lines = [verdict.line()]
    if verdict.legal:
        for reason in verdict.reasons[:-1]:
            lines.append(f"  {reason}")
    else:
        for reason in verdict.passed:
            lines.append(f"  met: {reason}")
        for reason in verdict.unsettled:
            lines.append(f"  cannot tell: {reason}")
    if verdict.variant is not None and verdict.variant.changed_options():
        lines.append("options in force: " + ", ".join(f"{k}={v}" for k, v in verdict.variant.changed_options().items()))
    if verdict.after is not None:
        lines.append("after the play:")
        lines.extend(table_lines(verdict.after))
    if verdict.disputes:
        variant = verdict.variant
        assert variant is not None  # the disputes are its readings
        rows = []
        for row in verdict.disputes:
            if row.legal is None:
                outcome = f"cannot judge: {row.note}" if row.note else "cannot judge"
            else:
                outcome = ("legal" if row.legal else "illegal") + (" (changes)" if row.changes else " (same)")
            describe = variant.spec(row.option).describe  # an option's value in words, as `rules` shows it
            rows.append([row.rule, row.option, describe(row.in_force), describe(row.alternative), outcome])
        lines.append("disputed rules:")
        lines.append(tabulate(rows, headers=["rule", "option", "in force", "other reading", "verdict"],
                              tablefmt="simple"))
    return "\n".join(lines)


def replay_text(result: Replay) -> str:
    """``replay``'s text: each hand's end of play, the table and its score, then the verdict."""
    record = result.record
    variant = record.variant
    lines = [f"{variant.title} ({variant})" + (f" - {record.title}" if record.title else "")]
    for hand in result.hands:
        lines.append("")
        lines.append(f"hand {hand.number} (dealer {hand.dealer}): {hand.actions} of {hand.total} actions"
                     + (f", ends: {hand.ending}" if hand.ending else ""))
        lines.extend(table_lines(hand.final))
        if hand.score is not None:
            lines.append("")
            lines.append(hand_text(hand.score))
        elif hand.note and result.legal:
            lines.append(f"not scored: {hand.note}")
        lines.extend(hand.mismatches)
    lines.append("")
    if result.illegal is not None:
        lines.append(result.illegal.line())
    else:
        totals = ", ".join(f"{name} {points}" for name, points in result.sheet.scores().items())
        agree = "" if result.mismatches else (" (as the record states)" if any(h.stated for h in result.hands)
                                               else "")
        lines.append(f"legal: {len(result.hands)} hand(s), {result.actions} actions; scores {totals}{agree}")
    return "\n".join(lines)
