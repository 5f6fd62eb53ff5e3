"""``rummycheck tournament``: a round robin of bots over paired deals, rated by Bradley-Terry."""

import dataclasses
import importlib.util
from pathlib import Path
from typing import Annotated, Any

import typer

from rummycheck.cli.common import (
    MAX_GAMES,
    SHIPPED_BOTS,
    BatchOpt,
    BotTimeOpt,
    BuybacksOpt,
    JsonOpt,
    PresetOpt,
    RuleOpt,
    SchedulerOpt,
    SeedOpt,
    WorkersOpt,
    app,
    draw_plot,
    emit_json,
    fail,
    given_on_the_line,
    guarded,
    output_path,
    refuse_buybacks_without_the_rule,
    say,
    with_progress,
)


@app.command()
def tournament(
    ctx: typer.Context,
    variant: Annotated[str, typer.Option("--variant", "-v", help="gin, basic or bing (two-player games).")] = "gin",
    bots: Annotated[str | None, typer.Option(
        "--bots", help=f"Comma-separated bots, two at least: {SHIPPED_BOTS}; package.module:ClassName.")] = None,
    bot: Annotated[list[str] | None, typer.Option(
        "--bot", help="A bot of your own, package.module:ClassName, added to --bots (repeatable; a module in the "
                      "current folder is found).")] = None,
    bot_time: BotTimeOpt = 10.0,
    games: Annotated[int, typer.Option(
        "--games", "-n", help="Games per pair of bots (rounded up to whole deals, each played from both seats).",
        min=1, max=MAX_GAMES)] = 200,
    seed: SeedOpt = 1,
    anchor: Annotated[str | None, typer.Option(
        "--anchor", help="The bot rated 0 (default: the mean rating is 0).")] = None,
    prior: Annotated[float, typer.Option(
        "--prior", help="Drawn games added to every pair before the ratings are fitted (keeps a bot that wins "
                        "every game at a finite rating; 0: none).", min=0.0, max=1000.0)] = 1.0,
    interval: Annotated[str, typer.Option(
        "--interval", help="The ratings' intervals: fisher (the information matrix) or bootstrap (resampled deals, "
                           "seeded).")] = "fisher",
    resamples: Annotated[int, typer.Option("--resamples", help="With --interval bootstrap: resamples of the deals.",
                                           min=2, max=100000)] = 1000,
    workers: WorkersOpt = None,
    scheduler: SchedulerOpt = None,
    batch: BatchOpt = 10,
    buybacks: BuybacksOpt = None,
    plot: Annotated[Path | None, typer.Option("--plot", help="Draw the ratings and the pairs' scores to this PNG.")
                    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing --plot file.")] = False,
    as_json: JsonOpt = False,
    rule: RuleOpt = None,
    preset: PresetOpt = None,
) -> None:
    """Every pair of bots plays the same deals from both seats; ratings with intervals for all of them."""
    if interval != "bootstrap" and given_on_the_line(ctx, "resamples"):
        fail("--resamples is the bootstrap's: give --interval bootstrap too")
    from rummycheck.sim.runner import check_scheduler, default_buybacks
    from rummycheck.sim.tournament import TournamentSpec
    from rummycheck.sim.tournament import tournament as run
    from rummycheck.sim.tournament_report import save_tournament_plot, tournament_json, tournament_table
    from rummycheck.variants import parse_override

    if scheduler is not None:
        guarded(lambda: check_scheduler(scheduler))
    picture = output_path(str(plot), option="--plot", force=force, suffix=".png") if plot is not None else None
    if picture is not None and importlib.util.find_spec("matplotlib") is None:
        fail("--plot needs matplotlib: pip install 'rummycheck[plot]'")
    names = [b.strip() for b in bots.split(",") if b.strip()] if bots else []
    names += [b.strip() for b in bot or []]
    overrides = tuple(guarded(lambda: [parse_override(r) for r in rule or []]))
    spec = TournamentSpec(variant=variant, bots=tuple(names), seed=seed, preset=preset, rules=overrides,
                          buybacks=buybacks or 0, time_limit=bot_time, anchor=anchor, prior_draws=prior,
                          interval=interval, resamples=resamples)
    refuse_buybacks_without_the_rule(ctx, spec.build_variant)
    if buybacks is None:  # the variant's own rule: once a game where it allows buying back in
        spec = dataclasses.replace(spec, buybacks=guarded(lambda: default_buybacks(spec.build_variant())))
    guarded(spec.check)

    def go(progress: Any = None) -> Any:
        return run(spec, games=games, workers=workers, scheduler=scheduler, batch=batch, progress=progress)

    result = with_progress("tournament", go, show=not as_json, what="the tournament")
    if picture is not None:
        draw_plot(lambda path: save_tournament_plot(result, path), picture)
    if as_json:
        emit_json(tournament_json(result))
    else:
        say(tournament_table(result))
