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
        from rummycheck.render.text import verdict_text

        say(verdict_text(verdict))
    raise typer.Exit(0 if verdict.legal else 1)
