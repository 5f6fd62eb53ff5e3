"""``rummycheck rules``."""

from typing import Annotated

import typer

from rummycheck.cli.common import JsonOpt, PresetOpt, RuleOpt, app, build_variant, emit_json, guarded, say


@app.command()
def rules(
    variant: Annotated[str, typer.Argument(help="bing, basic or gin.")] = "bing",
    rule: RuleOpt = None,
    preset: PresetOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Print a variant's rules: id, rule, option value in force, alternatives."""
    from rummycheck.render.text import rules_table

    chosen = guarded(lambda: build_variant(variant, rule, preset))
    if as_json:
        emit_json({
            "variant": chosen.name,
            "preset": chosen.preset,
            "presets": {name: dict(values) for name, values in chosen.presets},
            "rules": [{"id": r.id, "text": r.text,
                       "options": {s.name: chosen.option(s.name) for s in r.options}}
                      for r in chosen.rules],
        })
    else:
        say(rules_table(chosen))
