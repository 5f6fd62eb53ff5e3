"""``rummycheck replay``: apply every action of a record through the game's rules."""

from pathlib import Path
from typing import Annotated

import typer

from rummycheck.cli.common import (
    JsonOpt,
    app,
    emit_json,
    fail,
    given_on_the_line,
    guarded,
    output_path,
    say,
    say_exactly,
    write_file,
)


@app.command()
def replay(
    ctx: typer.Context,
    record: Annotated[str, typer.Argument(help="A record file (TOML, see docs/records.md); - reads standard input.",
                                                 show_default=False)],
    at: Annotated[int | None, typer.Option("--at", help="Print the table before action N of the hand "
                                                        "(one past the last: after it).")] = None,
    hand: Annotated[int, typer.Option("--hand", help="The hand --at refers to (1 = the first).")] = 1,
    scenario: Annotated[str | None, typer.Option("--scenario", help="With --at: write that table as a scenario "
                                                                    "file for solve and check ('-': standard "
                                                                    "output).")] = None,
    html: Annotated[str | None, typer.Option("--html", help="Also write the replay as one self-contained HTML "
                                                           "page (docs/html.md).")] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing --scenario or --html file (never "
                                                        "the record).")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Replay a record: exit 0 when every action is legal (and stated scores agree), 1 at the first
    illegal action (with its hand, number, file:line:col and rule), 2 on bad input."""
    from rummycheck.files.record import load_record
    from rummycheck.render.json import replay_json, state_json
    from rummycheck.table.replay import replay as run_replay
    from rummycheck.table.replay import state_at

    if scenario is not None and at is None:
        fail("--scenario needs --at N (the moment of the hand to write)")
    if at is None and given_on_the_line(ctx, "hand"):  # --hand 1 too: it would be ignored
        fail("--hand needs --at N (--hand picks the hand --at refers to; without --at every hand is replayed)")
    target = None
    if scenario is not None and scenario != "-":
        target = output_path(scenario, option="--scenario", force=force, inputs=[record])
    loaded = guarded(lambda: load_record(record))
    if html is not None:
        from rummycheck.render.html import check_target, record_inputs, write_replay_page

        page = guarded(lambda: check_target(html, force=force, inputs=record_inputs(loaded), outputs=(scenario,)))
        guarded(lambda: write_replay_page(loaded, page))
    if at is not None:
        state = guarded(lambda: state_at(loaded, hand, at))
        actions = loaded.hands[hand - 1].actions
        following = actions[at - 1].text if at <= len(actions) else None
        if scenario is not None:
            from rummycheck.files.record import rebase_house_rules, write_scenario

            title = f"{Path(record).name}, hand {hand}, before action {at}" + (f": {following}" if following else "")
            written = target.parent if target is not None else Path(".")
            name = rebase_house_rules(loaded.variant_name, found_from=Path(record).parent if record != "-" else ".",
                                      written_to=written)
            text = guarded(lambda: write_scenario(state, loaded, title=title, variant_name=name))
            if target is None and not as_json:
                say_exactly(text)
                return
            if target is not None:
                write_file(target, text)
        if as_json:  # with --scenario, its TOML text too (with "-" the only place it is printed)
            emit_json({"hand": hand, "at": at, "next": following, "state": state_json(state), "scenario": scenario,
                       "text": text if scenario is not None else None})
            return
        head = f"hand {hand}, before action {at}" + (f": {following}" if following else " (after the last action)")
        from rummycheck.render.text import table_lines

        say("\n".join([head, *table_lines(state.snapshot())] + ([f"wrote {scenario}"] if scenario else [])))
        return
    result = guarded(lambda: run_replay(loaded))
    if as_json:
        emit_json(replay_json(result))
    else:
        from rummycheck.render.text import replay_text

        say(replay_text(result))
    raise typer.Exit(0 if result.ok else 1)
