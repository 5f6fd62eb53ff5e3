"""``rummycheck check``: may this play be made in this table situation?"""

from typing import Annotated, Any

import typer

from rummycheck.cli.common import JsonOpt, app, emit_json, guarded, say


@app.command()
def check(
    scenario: Annotated[str, typer.Argument(help="Scenario file (TOML, see docs/scenarios.md).",
                                            show_default=False)],
    play: Annotated[str, typer.Option("--play", "-p", help='The play, e.g. "meld Kd Kh Kc / 8c 9c Tc / 3h 3s 3h" '
                                                           '(see docs/check.md).')],
    no_disputes: Annotated[bool, typer.Option("--no-disputes", help="Skip the disputed-rules table.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Judge a play: legal or illegal, the rule ids and numbers, the state after, and the disputes.

    Exit code 0 when legal, 1 when illegal, 2 on bad input.
    """
    from rummycheck.files.scenario import load_scenario
    from rummycheck.table.disputes import check_play

    def run() -> Any:
        return check_play(load_scenario(scenario), play, disputes=not no_disputes)

    verdict = guarded(run)
    if as_json:
        from rummycheck.render.json import verdict_json

        emit_json(verdict_json(verdict))
    else:
        say(_text(verdict))
    raise typer.Exit(0 if verdict.legal else 1)


def _text(verdict: Any) -> str:
    from tabulate import tabulate

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
        from rummycheck.render.text import table_lines

        lines.append("after the play:")
        lines.extend(table_lines(verdict.after))
    if verdict.disputes:
        rows = []
        for row in verdict.disputes:
            if row.legal is None:
                outcome = "cannot judge"
            else:
                outcome = ("legal" if row.legal else "illegal") + (" (changes)" if row.changes else " (same)")
            rows.append([row.rule, row.option, _value(row.in_force), _value(row.alternative), outcome])
        lines.append("disputed rules:")
        lines.append(tabulate(rows, headers=["rule", "option", "in force", "other reading", "verdict"],
                              tablefmt="simple"))
    return "\n".join(lines)


def _value(value: object) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
