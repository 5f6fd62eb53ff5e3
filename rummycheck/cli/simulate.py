"""``rummycheck simulate``: bots play whole games; strategies compared with paired statistics."""

import importlib.util
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from rummycheck.cli.common import (
    PresetOpt,
    RuleOpt,
    app,
    emit_json,
    fail,
    guarded,
    output_path,
    say,
    write_file,
)


@app.command()
def simulate(
    variant: Annotated[str, typer.Option("--variant", "-v", help="bing, basic or gin.")] = "bing",
    players: Annotated[int | None, typer.Option("--players", "-p", help="Seats (default: one per bot).",
                                                min=2, max=8)] = None,
    bots: Annotated[str | None, typer.Option(
        "--bots", help="Comma-separated bots by seat: early, common, sandbag, common-ev, sandbag-ev (bing); "
                       "knock, gin, knock-at-K "
                       "(gin); eager, patient (basic); random (any game).")] = None,
    bot: Annotated[list[str] | None, typer.Option(
        "--bot", help="A bot of your own, package.module:ClassName, added to the seats (repeatable; a module "
                      "in the current folder is found).")] = None,
    bot_time: Annotated[float, typer.Option(
        "--bot-time", help="Seconds a --bot may take over one decision before the run stops with an error "
                           "(0: no limit).", min=0.0, max=86400.0)] = 10.0,
    games: Annotated[int | None, typer.Option(
        "--games", "-n", help="Games to play (rounded up to whole deals, one game per seat rotation; default 1000); "
                              "with --precision, the most (default 1000000).", min=1)] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed: the same seed gives the same results.")] = 1,
    precision: Annotated[float | None, typer.Option(
        "--precision", help="Play on until every 95% interval (win rates and paired differences) is at most "
                            "this wide on each side, e.g. 0.01.", min=0.0001)] = None,
    workers: Annotated[int | None, typer.Option("--workers", "-w", help="Local processes, 1 to 128 (default: all "
                                                                        "cores).", min=1, max=128)] = None,
    scheduler: Annotated[str | None, typer.Option(
        "--scheduler", help="A Dask scheduler, tcp://HOST:8786, or 'local' for a LocalCluster.")] = None,
    batch: Annotated[int, typer.Option("--batch", help="Deals per task.", min=1)] = 10,
    buybacks: Annotated[int, typer.Option("--buybacks", help="Bing: buy-backs allowed per player and game.",
                                          min=0)] = 0,
    records: Annotated[Path | None, typer.Option("--records", help="Write sampled games as records here.")] = None,
    sample: Annotated[int, typer.Option("--sample", help="With --records: games written.", min=1)] = 20,
    plot: Annotated[Path | None, typer.Option("--plot", help="Draw win rates and points to this PNG.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object instead of tables.")] = False,
    rule: RuleOpt = None,
    preset: PresetOpt = None,
) -> None:
    """Play whole games with bots and compare them: paired deals, every seat rotation, intervals."""
    from rummycheck.sim.record_out import game_to_record_dict
    from rummycheck.sim.report import result_json, result_table, save_plot
    from rummycheck.sim.runner import SimSpec, check_scheduler, default_bots
    from rummycheck.sim.runner import simulate as run
    from rummycheck.variants import parse_override

    # every place the run writes, and the scheduler's address, are checked before it starts
    if scheduler is not None:
        guarded(lambda: check_scheduler(scheduler))
    folder = output_path(str(records), option="--records", folder=True) if records is not None else None
    picture = output_path(str(plot), option="--plot", suffix=".png") if plot is not None else None
    if picture is not None and importlib.util.find_spec("matplotlib") is None:
        fail("--plot needs matplotlib: pip install 'rummycheck[plot]'")

    names = [b.strip() for b in bots.split(",") if b.strip()] if bots else list(guarded(lambda: default_bots(variant)))
    names += list(bot or [])
    if players is not None:
        if len(names) > players:
            fail(f"{len(names)} bots for {players} players; give one bot per seat")
        names = [names[i % len(names)] for i in range(players)]
    overrides = tuple(guarded(lambda: [parse_override(r) for r in rule or []]))
    spec = SimSpec(variant=variant, bots=tuple(names), seed=seed, preset=preset, rules=overrides,
                   buybacks=buybacks, time_limit=bot_time)
    guarded(spec.check)

    def go(progress: Any = None) -> Any:
        most = games if games is not None else (1000 if precision is None else 10**6)
        return run(spec, games=most, precision=precision,
                   workers=workers, scheduler=scheduler, batch=batch, record_games=sample if records else 0,
                   progress=progress)

    if sys.stderr.isatty() and not as_json:
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        columns = (TextColumn("simulate"), BarColumn(), MofNCompleteColumn(), TextColumn("games"),
                   TextColumn("{task.fields[rate]}"), TimeRemainingColumn())
        with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
            task = bar.add_task("simulate", total=None, rate="")

            def update(done: int, total: int) -> None:
                speed = bar.tasks[task].speed
                bar.update(task, completed=done, total=total, rate=f"{speed:.1f} games/s" if speed else "")

            result = _interruptible(lambda: go(update))
    else:
        result = _interruptible(go)
    if folder is not None:
        from rummycheck.files.record import write_record
        from rummycheck.sim.as_record import to_record

        for record in result.records[:sample]:
            path = folder / f"{variant}-seed{seed}-deal{record['deal']}-rot{record['rotation']}.toml"
            write_file(path, write_record(to_record(game_to_record_dict(record))))
    if picture is not None:
        target = picture

        def draw() -> None:
            try:
                save_plot(result, str(target))
            except OSError as error:
                fail(f"cannot write {str(target)!r}: {error.strerror or error}")

        guarded(draw)
    if as_json:
        emit_json(result_json(result))
    else:
        say(result_table(result))


def _interruptible(action: Any) -> Any:
    """``guarded(action)``; Ctrl-C, or a plug-in bot raising ``KeyboardInterrupt``, ends the run with one
    line and exit code 130 (Typer would end it silently)."""
    try:
        return guarded(action)
    except KeyboardInterrupt:
        fail("interrupted: the simulation stopped before it finished (Ctrl-C, or a --bot raised "
             "KeyboardInterrupt)", 130)
