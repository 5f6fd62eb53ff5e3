"""``rummycheck review``: each decision of a record against the best choice the solvers find."""

from typing import Annotated

import typer

from rummycheck.cli.common import JsonOpt, app, emit_json, guarded, say


@app.command()
def review(
    record: Annotated[str, typer.Argument(help="A record file (TOML, see docs/records.md); - reads standard input.",
                                          show_default=False)],
    player: Annotated[list[str] | None, typer.Option("--player", "-p", help="Review only this player "
                                                                            "(repeatable; default: all).")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Review a record: for each decision of a player, the better choice and the points lost,
    graded (docs/review.md). Exit 0 with or without findings, 1 when an action is illegal
    (its hand, number, file:line:col and rule, as replay says), 2 on bad input."""
    from rummycheck.files.record import load_record
    from rummycheck.render.text import review_text
    from rummycheck.review import review as run_review

    loaded = guarded(lambda: load_record(record))
    result = guarded(lambda: run_review(loaded, players=player))
    if as_json:
        emit_json(result.to_json())
    else:
        say(review_text(result))
    raise typer.Exit(0 if result.legal else 1)
