"""``rummycheck simulate``: bots play whole games; strategies compared with paired statistics."""

import dataclasses
import importlib.util
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

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
    write_file,
)

if TYPE_CHECKING:
    from rummycheck.table.replay import Record


@app.command()
def simulate(
    ctx: typer.Context,
    variant: Annotated[str, typer.Option("--variant", "-v", help="bing, basic or gin, or a house-rules file "
                                                                 "(club.toml, docs/scenarios.md).")] = "bing",
    players: Annotated[int | None, typer.Option("--players", "-p", help="Seats (default: one per bot).",
                                                min=2, max=8)] = None,
    bots: Annotated[str | None, typer.Option(
        "--bots", help=f"Comma-separated bots by seat: {SHIPPED_BOTS}.")] = None,
    bot: Annotated[list[str] | None, typer.Option(
        "--bot", help="A bot of your own, package.module:ClassName, added to the seats (repeatable; a module "
                      "in the current folder is found).")] = None,
    bot_time: BotTimeOpt = 10.0,
    games: Annotated[int | None, typer.Option(
        "--games", "-n", help="Games to play (rounded up to whole deals, one game per seat rotation; default 1000, "
                              "at most 10,000,000); with --precision, the most (default 1000000).", min=1)] = None,
    seed: SeedOpt = 1,
    precision: Annotated[float | None, typer.Option(
        "--precision", help="Play on until every 95% interval (win rates and paired differences) is at most "
                            "this wide on each side, e.g. 0.01.", min=0.0001)] = None,
    workers: WorkersOpt = None,
    scheduler: SchedulerOpt = None,
    batch: BatchOpt = 10,
    buybacks: BuybacksOpt = None,
    records: Annotated[Path | None, typer.Option("--records", help="Write sampled games as records here.")] = None,
    sample: Annotated[int, typer.Option("--sample", help="With --records: games written.", min=1)] = 20,
    plot: Annotated[Path | None, typer.Option("--plot", help="Draw win rates and points to this PNG.")] = None,
    html: Annotated[Path | None, typer.Option("--html", help="Also write the results as one self-contained HTML "
                                                             "page (docs/html.md); with --records, a replay page "
                                                             "beside each record, linked from it.")] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing --html or --plot file, or "
                                                        "--records of the same variant and seed.")] = False,
    as_json: JsonOpt = False,
    rule: RuleOpt = None,
    preset: PresetOpt = None,
) -> None:
    """Play whole games with bots and compare them: paired deals, every seat rotation, intervals."""
    from rummycheck.sim.record_out import game_to_record_dict
    from rummycheck.sim.report import result_json, result_table, save_plot
    from rummycheck.sim.runner import SimSpec, check_scheduler, default_bots, default_buybacks
    from rummycheck.sim.runner import simulate as run
    from rummycheck.variants import parse_override

    if games is not None and precision is None and games > MAX_GAMES:  # with --precision it is only a ceiling
        fail(f"--games {games}: at most {MAX_GAMES:,} games (a run of that many takes hours; --precision stops "
             "when the intervals are as narrow as asked)")
    if records is None and given_on_the_line(ctx, "sample"):
        fail("--sample says how many games --records writes: give --records DIR too")
    # every place the run writes, and the scheduler's address, are checked before it starts
    if scheduler is not None:
        guarded(lambda: check_scheduler(scheduler))
    folder = output_path(str(records), option="--records", folder=True) if records is not None else None
    if folder is not None:  # the run's records (and their pages) would overwrite these
        _no_records_there(folder, _record_stem(variant, seed), force=force)
    picture = output_path(str(plot), option="--plot", force=force, suffix=".png") if plot is not None else None
    page = _page_target(html, force=force, variant=variant, seed=seed, bots=bot or [], plot=picture,
                        records=folder) if html is not None else None
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
                   buybacks=buybacks or 0, time_limit=bot_time)
    refuse_buybacks_without_the_rule(ctx, spec.build_variant)
    if buybacks is None:  # the variant's own rule: once a game where it allows buying back in
        spec = dataclasses.replace(spec, buybacks=guarded(lambda: default_buybacks(spec.build_variant())))
    guarded(spec.check)

    most = games if games is not None else (1000 if precision is None else 10**6)

    def go(progress: Any = None) -> Any:
        return run(spec, games=most, precision=precision,
                   workers=workers, scheduler=scheduler, batch=batch, record_games=sample if records else 0,
                   progress=progress)

    result = with_progress("simulate", go, show=not as_json, what="the simulation")
    sampled = []
    if folder is not None:
        from rummycheck.files.record import write_record
        from rummycheck.sim.as_record import to_record

        for record in result.records[:sample]:
            path = folder / f"{_record_stem(variant, seed)}{record['deal']}-rot{record['rotation']}.toml"
            game = to_record(game_to_record_dict(record))
            write_file(path, write_record(game))
            if page is not None:
                sampled.append((record, _replay_page_beside(game, path, page)))
    if picture is not None:
        draw_plot(lambda path: save_plot(result, path), picture)
    if page is not None:
        from rummycheck.render.sim_html import SampledGame, write_simulate_page

        asked = [("games asked", f"at most {most:,}" if precision is not None else f"{most:,}")]
        if precision is not None:
            asked.append(("precision", f"stop when every 95% interval is at most {precision:g} on each side"))
        asked.append(("deals per task", str(batch)))
        if folder is not None:
            asked.append(("records written", f"{len(sampled)} to {folder}, each with its replay page"))
        target = page
        guarded(lambda: write_simulate_page(result, target, settings=asked,
                                            games=[SampledGame(g, link) for g, link in sampled]))
    if as_json:
        emit_json(result_json(result))
    else:
        say(result_table(result))


def _no_records_there(folder: Path, stem: str, *, force: bool) -> None:
    """Refuse a --records folder that already holds a file of this run's names (a record or a replay
    page of the same variant and seed): without --force nothing is overwritten, and a folder in the
    way is found before the run, not after it."""
    for entry in folder.iterdir():
        if not entry.name.startswith(stem):
            continue
        if entry.is_dir():
            fail(f"--records {folder}: a folder {entry.name} is where this run may write a game; give another folder")
        if not force:
            fail(f"--records {folder}: {entry.name} is there already (a game of this variant and seed); "
                 "use --force to overwrite, or give another folder")


def _record_stem(variant: str, seed: int) -> str:
    """The start of a sampled record's file name in the --records folder (then the deal and rotation);
    a house-rules file gives its name without the folder (``club`` for ``rules/club.toml``)."""
    from rummycheck.variants import is_house_rules_name

    return f"{Path(variant).stem if is_house_rules_name(variant) else variant}-seed{seed}-deal"


def _page_target(html: Path, *, force: bool, variant: str, seed: int, bots: list[str], plot: Path | None,
                 records: Path | None) -> Path:
    """The --html file, checked before the run like the other outputs: a file in a folder that exists,
    an existing one only with --force, never an input (the house-rules file, a --bot's module), not
    --plot's file, not a name the --records folder's replay pages take."""
    from rummycheck.variants import is_house_rules_name

    inputs = [variant] if is_house_rules_name(variant) else []
    inputs += [spec.partition(":")[0].replace(".", "/") + ".py" for spec in bots]
    target = output_path(str(html), option="--html", force=force, inputs=inputs)
    if plot is not None and target.resolve() == plot.resolve():
        fail(f"--html {html}: --plot writes to this file; give the page its own")
    if records is not None and target.resolve().parent == records.resolve() and target.name.startswith(
            _record_stem(variant, seed)):
        fail(f"--html {html}: the replay pages of the --records folder take names like this one; give the page "
             "another name")
    return target


def _replay_page_beside(game: "Record", path: Path, page: Path) -> str:
    """Write the replay page of a sampled record beside it (``name.html`` for ``name.toml``) and give
    its path relative to the simulate page's folder, as the page's link writes it."""
    import os
    from urllib.parse import quote

    from rummycheck.render.html import write_replay_page

    beside = path.with_suffix(".html")
    guarded(lambda: write_replay_page(game, beside))
    return quote(Path(os.path.relpath(beside.resolve(), page.resolve().parent)).as_posix())
