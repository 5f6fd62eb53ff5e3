"""``rummycheck review``: each decision of a record against the best choice."""

from typing import Annotated

import typer

from rummycheck.cli.common import JsonOpt, app, emit_json, fail, guarded, say


@app.command()
def review(
    record: Annotated[str, typer.Argument(help="A record file (TOML, see docs/records.md); - reads standard input.",
                                          show_default=False)],
    player: Annotated[list[str] | None, typer.Option("--player", "-p", help="Review only this player "
                                                                            "(repeatable; default: all).")] = None,
    rollouts: Annotated[bool, typer.Option("--rollouts", help="Judge every decision by rollouts on one scale "
                                                              "(expected net points for the hand, with intervals) "
                                                              "instead of the one-step solver review.")] = False,
    samples: Annotated[int, typer.Option("--samples", help="With --rollouts: most rollouts per move.", min=1,
                                         max=100000)] = 96,
    seed: Annotated[int, typer.Option("--seed", help="With --rollouts: the seed.")] = 1,
    workers: Annotated[int | None, typer.Option("--workers", "-w", help="With --rollouts: local processes "
                                                                        "(default 1).", min=1, max=256)] = None,
    scheduler: Annotated[str | None, typer.Option("--scheduler", help="With --rollouts: a Dask scheduler, "
                                                                      "tcp://HOST:8786, or 'local'.")] = None,
    html: Annotated[str | None, typer.Option("--html", help="With --rollouts: also write the review as one "
                                                           "self-contained HTML page (docs/html.md).")] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing --html file (never the "
                                                        "record).")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Review a record: for each decision of a player, the better choice and the points lost,
    graded (docs/review.md). Exit 0 with or without findings, 1 when an action is illegal
    (its hand, number, file:line:col and rule, as replay says), 2 on bad input."""
    from rummycheck.files.record import load_record

    if html is not None and not rollouts:
        fail("--html needs --rollouts (the review page shows the rollout review)")
    loaded = guarded(lambda: load_record(record))
    if html is not None:
        from rummycheck.render.html import check_target, record_inputs

        page = guarded(lambda: check_target(html, force=force, inputs=record_inputs(loaded)))
    if rollouts:
        from rummycheck.analysis.decisions import review_decisions
        from rummycheck.render.json import decisions_json
        from rummycheck.render.text import decisions_text
        from rummycheck.sim.runner import pool_for

        with pool_for(workers, scheduler) as pool:
            judged = guarded(lambda: review_decisions(loaded, players=player, samples=samples, seed=seed,
                                                      executor=pool, window=2 * (workers or 1)))
        if html is not None:
            from rummycheck.render.review_html import write_review_page

            guarded(lambda: write_review_page(loaded, judged, page))
        if as_json:
            emit_json(decisions_json(judged))
        else:
            say(decisions_text(judged))
        raise typer.Exit(0 if judged.illegal is None else 1)
    from rummycheck.render.text import review_text
    from rummycheck.review import review as run_review

    result = guarded(lambda: run_review(loaded, players=player))
    if as_json:
        from rummycheck.render.json import review_json

        emit_json(review_json(result))
    else:
        say(review_text(result))
    raise typer.Exit(0 if result.legal else 1)
