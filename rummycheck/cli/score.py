"""``rummycheck score``: one hand's end from a scenario, or a whole game from a score sheet."""

from typing import Annotated, Any

import typer

from rummycheck.cli.common import JsonOpt, RuleOpt, app, emit_json, guarded, say
from rummycheck.reading import read_input


@app.command()
def score(
    path: Annotated[str, typer.Argument(
        help="A scenario file with an [end] table, or a score-sheet file with [[hands]] (docs/scoresheets.md); "
             "- reads standard input.", show_default=False)],
    rule: RuleOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Score a hand or a whole game: every line names the rule that produced it."""
    from rummycheck.files.scoresheet import is_sheet, parse_sheet, run_sheet
    from rummycheck.render.json import sheet_json
    from rummycheck.render.text import hand_text

    def run() -> tuple[str, Any, list[Any], tuple[str, ...]]:
        from dataclasses import replace

        from rummycheck.errors import ScenarioError
        from rummycheck.files.scenario import parse_scenario
        from rummycheck.files.tomlpos import SHEET_OR_SCENARIO, read_toml
        from rummycheck.table.scoring import score_scenario
        from rummycheck.variants import parse_override

        text, source = read_input(path)
        overrides = dict(parse_override(r) for r in rule or [])
        data = read_toml(text, source=source, wanted=SHEET_OR_SCENARIO)
        if "hand" in data and "dealer" in data and "hands" not in data:  # a record: [[hand]] tables and a dealer
            raise ScenarioError(f"{source}: a record (docs/records.md), not a scenario or a score sheet: "
                                f"'rummycheck replay {path}' replays it and scores every hand")
        if is_sheet(data):
            sheet_file = parse_sheet(text, source=source, data=data)
            if overrides:
                variant = sheet_file.sheet.variant.with_options(**overrides)
                sheet_file = replace(sheet_file, sheet=replace(sheet_file.sheet, variant=variant))
            return sheet_file.title, sheet_file.sheet.variant, run_sheet(sheet_file), sheet_file.notes
        scenario = parse_scenario(text, source=source, data=data)
        if overrides:
            scenario = replace(scenario, variant=scenario.variant.with_options(**overrides))
        result = score_scenario(scenario)
        return scenario.title, scenario.variant, [result], ()

    title, variant, results, notes = guarded(run)
    if as_json:
        emit_json(sheet_json(title, variant, results))
        return
    header = f"{variant.title} ({variant})" + (f" - {title}" if title else "")
    say(header)
    for i, result in enumerate(results):
        say("")
        say(hand_text(result, note=notes[i] if i < len(notes) else ""))
