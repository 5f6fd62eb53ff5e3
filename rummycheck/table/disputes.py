"""``check_play``: is a play legal in a scenario, which rule decides, and would house rules change it?

The verdict is computed by applying the play to a ``GameState`` built from the scenario
(``state.py`` holds all the legality).  The disputes table re-runs the same check with
each disputed option of RULES.md that bears on the play switched to its other reading,
and says whether the verdict changes.
"""

from __future__ import annotations

from dataclasses import dataclass

from rummycheck.errors import RummyError
from rummycheck.position import Scenario
from rummycheck.results import Reason
from rummycheck.table.plays import Play, apply_play, parse_play
from rummycheck.table.state import GameState, IllegalPlay, Snapshot
from rummycheck.variants import OptionValue, Variant

__all__ = ["DisputeRow", "Verdict", "check_play", "judge"]


@dataclass(frozen=True, slots=True)
class DisputeRow:
    rule: str
    option: str
    in_force: OptionValue
    alternative: OptionValue
    legal: bool | None  # None: the play cannot be judged under this reading (e.g. the table breaks it)
    changes: bool
    note: str = ""


@dataclass(frozen=True, slots=True)
class Verdict:
    """The answer of ``check``: legal or not, the deciding rules with numbers, the state after."""

    play: str
    legal: bool
    reasons: tuple[Reason, ...]  # illegal: the rules broken; legal: the rules checked
    passed: tuple[Reason, ...] = ()
    unsettled: tuple[Reason, ...] = ()  # illegal: rules that depend on unknown cards (the verdict does not)
    variant: Variant | None = None
    after: Snapshot | None = None  # the table after a legal play
    disputes: tuple[DisputeRow, ...] = ()
    problems: tuple[str, ...] = ()  # whole-state validation of the state after (should be empty)

    @property
    def rules(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(r.rule for r in self.reasons))

    def line(self) -> str:
        word = "legal" if self.legal else "illegal"
        shown = self.reasons if not self.legal else self.reasons[-1:]
        return f"{word}: " + "; ".join(str(r) for r in shown)


def judge(state: GameState, play: Play) -> tuple[bool, tuple[Reason, ...], tuple[Reason, ...], GameState]:
    """(legal, deciding reasons, other passed reasons, state after) of ``play`` applied to a copy of ``state``."""
    trial = state.copy()
    try:
        records = apply_play(trial, play)
    except IllegalPlay as error:
        return False, error.reasons, error.passed, trial
    reasons = tuple(r for record in records for r in record.reasons)
    return True, reasons, (), trial


def check_play(scenario: Scenario, text: str, *, disputes: bool = True) -> Verdict:
    """Judge the play ``text`` in ``scenario`` (see ``docs/check.md``)."""
    play = parse_play(text)
    state = GameState.from_scenario(scenario)
    legal, reasons, passed, after = judge(state, play)
    rows: list[DisputeRow] = []
    if disputes:
        deciding = tuple(dict.fromkeys(r.rule for r in (reasons if not legal else reasons[-1:])))
        rows = _disputes(scenario, state, play, legal, deciding)
    return Verdict(play=text, legal=legal, reasons=reasons, passed=tuple(r for r in passed if r.settled),
                   unsettled=tuple(r for r in passed if not r.settled), variant=scenario.variant,
                   after=after.snapshot() if legal else None, disputes=tuple(rows),
                   problems=tuple(after.problems()) if legal else ())


def _disputes(scenario: Scenario, state: GameState, play: Play, legal: bool,
              deciding: tuple[str, ...] = ()) -> list[DisputeRow]:
    variant = scenario.variant
    rows = []
    verbs = set(play.verbs)
    for dispute in variant.disputes:
        if not verbs & set(dispute.actions):
            continue
        if dispute.opening and state.player.opened:
            continue  # opening rules do not bear on a player who has opened
        current = variant.option(dispute.option)
        for alternative in dispute.readings:
            if alternative == current:
                continue
            try:
                other = variant.with_options(**{dispute.option: "none" if alternative is None else alternative})
            except RummyError:
                continue
            trial = state.copy()
            trial.variant = other
            table_problems = [p for p in trial.problems() if p.startswith("table meld")]
            if table_problems:
                rows.append(DisputeRow(dispute.rule, dispute.option, current, alternative, None, False,
                                       "the table is not legal under this reading"))
                continue
            try:
                other_legal, other_reasons, _, _ = judge(trial, play)
            except RummyError as error:
                rows.append(DisputeRow(dispute.rule, dispute.option, current, alternative, None, False, str(error)))
                continue
            note = "" if other_legal else "; ".join(str(r) for r in other_reasons)
            rows.append(DisputeRow(dispute.rule, dispute.option, current, alternative, other_legal,
                                   other_legal != legal, note))
        if dispute.nearest:
            row = _nearest_change(state, play, legal, dispute.rule, dispute.option, current)
            if row is not None and all((r.option, r.alternative) != (row.option, row.alternative) for r in rows):
                rows.append(row)
    # the rows of the rules that decide the verdict lead
    return sorted(rows, key=lambda r: r.rule not in deciding)


def _nearest_change(state: GameState, play: Play, legal: bool, rule: str, option: str,
                    current: OptionValue) -> DisputeRow | None:
    """The value of an int option nearest to the one in force under which the verdict changes."""
    spec = state.variant.spec(option)
    if not isinstance(current, int) or isinstance(current, bool) or spec.min is None or spec.max is None:
        return None
    for step in range(1, spec.max - spec.min + 1):
        for value in (current - step, current + step):
            if not spec.min <= value <= spec.max:
                continue
            trial = state.copy()
            trial.variant = state.variant.with_options(**{option: value})
            try:
                other_legal, other_reasons, _, _ = judge(trial, play)
            except RummyError:
                continue
            if other_legal != legal:
                note = "" if other_legal else "; ".join(str(r) for r in other_reasons)
                return DisputeRow(rule, option, current, value, other_legal, True, note)
    return None
