"""``rummycheck review``: each decision of a record valued on one scale (or the one-step review)."""

from contextlib import ExitStack
from typing import Annotated, Any

import typer

from rummycheck.cli.common import (
    MAX_SEED,
    JsonOpt,
    RolloutOpt,
    RolloutWorkersOpt,
    SchedulerOpt,
    app,
    check_rollout,
    emit_json,
    fail,
    given_on_the_line,
    guarded,
    say,
    with_progress,
)


@app.command()
def review(
    ctx: typer.Context,
    record: Annotated[str, typer.Argument(help="A record file (TOML, see docs/records.md); - reads standard input.",
                                          show_default=False)],
    player: Annotated[list[str] | None, typer.Option("--player", "-p", help="Review only this player "
                                                                            "(repeatable; default: all).")] = None,
    one_step: Annotated[bool, typer.Option("--one-step", help="The quick one-step solver review (deadwood after "
                                                              "one more draw) instead of rollouts.")] = False,
    rollouts: Annotated[bool, typer.Option("--rollouts", hidden=True,
                                           help="The rollout review (the default; kept for old scripts).")] = False,
    samples: Annotated[int, typer.Option(
        "--samples", help="Most rollouts per move (a graded decision's second look, on fresh samples: 4 times as "
                          "many).", min=1, max=100000)] = 96,
    seed: Annotated[int, typer.Option("--seed", help="The seed of the rollouts.", min=-MAX_SEED, max=MAX_SEED)] = 1,
    rollout: RolloutOpt = None,
    workers: RolloutWorkersOpt = None,
    scheduler: SchedulerOpt = None,
    html: Annotated[str | None, typer.Option("--html", help="Also write the review as one self-contained HTML "
                                                           "page (docs/html.md).")] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing --html file (never the "
                                                        "record).")] = False,
    every: Annotated[bool, typer.Option("--all", help="List every decision, not only the graded ones: the move "
                                                      "played, its rank among the moves, the loss (forced ones "
                                                      "marked).")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Review a record: every decision of a player valued by rollouts against every legal move, on
    one scale (expected net points for the hand, 95% intervals), graded where the interval clears a
    step, with error rates and luck (docs/review.md). Exit 0 with or without findings, 1 when an
    action is illegal (its hand, number, file:line:col and rule, as replay says), 2 on bad input."""
    from rummycheck.files.record import load_record

    if one_step and rollouts:
        fail("--one-step and --rollouts are two different reviews: give one")
    if one_step and html is not None:
        fail("--html shows the rollout review: leave out --one-step")
    loaded = guarded(lambda: load_record(record))
    if html is not None:
        from rummycheck.render.html import check_target, record_inputs

        page = guarded(lambda: check_target(html, force=force, inputs=record_inputs(loaded)))
    if one_step and rollout is not None:
        fail("--rollout sets the rollout review's bots: leave out --one-step")
    if one_step:  # the rollout review's settings mean nothing to the one-step review: said, not ignored
        given = [f"--{name}" for name in ("samples", "seed", "workers", "scheduler") if given_on_the_line(ctx, name)]
        given += ["--all"] if every else []
        if given:
            fail(f"{', '.join(given)} set{'s' if len(given) == 1 else ''} the rollout review: leave out --one-step")
    if every and as_json:
        fail("--json holds every decision already: leave out --all")
    if not one_step:
        from rummycheck.analysis.decisions import review_decisions

        if rollout is not None:
            check_rollout(rollout, loaded.players, loaded.variant, page if html is not None else None, html)
        from rummycheck.render.json import decisions_json
        from rummycheck.render.text import decisions_text
        from rummycheck.sim.runner import pool_for

        with ExitStack() as stack:  # the pool entered through guarded: a scheduler out of reach is one line
            pool = guarded(lambda: stack.enter_context(pool_for(workers, scheduler)))

            def go(progress: Any = None) -> Any:
                return review_decisions(loaded, players=player, samples=samples, seed=seed, rollout=rollout,
                                        executor=pool,
                                        window=2 * (workers or 1), progress=progress)

            judged = with_progress("review", go, show=not as_json, what="the review", unit="actions")
        if html is not None:
            from rummycheck.render.review_html import write_review_page

            guarded(lambda: write_review_page(loaded, judged, page))
        if as_json:
            emit_json(decisions_json(judged))
        else:
            say(decisions_text(judged, every=every))
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
