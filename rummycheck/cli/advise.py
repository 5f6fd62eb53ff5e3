"""``rummycheck advise``: every move of one decision valued by rollouts, with the exact facts."""

from contextlib import ExitStack
from typing import Annotated

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
    guarded,
    say,
)


@app.command()
def advise(
    path: Annotated[str, typer.Argument(help="A scenario (TOML, docs/scenarios.md), or a record with --at.",
                                        show_default=False)],
    at: Annotated[int | None, typer.Option("--at", help="Record: the decision before this action (1-based).",
                                           min=1)] = None,
    hand: Annotated[int, typer.Option("--hand", help="Record: the hand (1-based).", min=1)] = 1,
    player: Annotated[str | None, typer.Option("--player", "-p", help="Record: the player to advise; he must be "
                                                                      "the one to move there.")] = None,
    samples: Annotated[int, typer.Option("--samples", help="Most rollouts per move.", min=1, max=100000)] = 400,
    seed: Annotated[int, typer.Option("--seed", help="Seed: the same seed gives the same answer.",
                                      min=-MAX_SEED, max=MAX_SEED)] = 1,
    rollout: RolloutOpt = None,
    workers: RolloutWorkersOpt = None,
    scheduler: SchedulerOpt = None,
    html: Annotated[str | None, typer.Option("--html", help="Also write the position and the advice as one "
                                                           "self-contained HTML page (docs/html.md).")] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing --html file (never an "
                                                        "input).")] = False,
    as_json: JsonOpt = False,
) -> None:
    """The moves of the player to move, best first: each valued by rollouts over what he could know
    (expected net points for the hand, with a 95% interval), with the exact facts of each discard
    and of a draw (deadwood kept, outs, the chance to knock, go gin, go out or open with the next
    card from the stock). docs/advise.md."""
    from rummycheck.analysis.advisor import advise as run_advise
    from rummycheck.analysis.advisor import no_advice
    from rummycheck.render.json import advice_json
    from rummycheck.render.text import advice_text
    from rummycheck.sim.runner import pool_for

    if html is not None:
        from rummycheck.render.html import check_target

        page = guarded(lambda: check_target(html, force=force, inputs=(path,)))
    if at is None:
        if path != "-" and _looks_like_record(path):
            fail(f"{path}: a record needs --at N (the decision before action N)")
        if hand != 1:
            fail(f"{path}: --hand {hand} picks a hand of a record and needs --at N")
        from rummycheck.files.scenario import load_scenario
        from rummycheck.table.state import GameState

        scenario = guarded(lambda: load_scenario(path))
        state = guarded(lambda: GameState.from_scenario(scenario))
        where = path
        if player is not None and (state.is_over or state.player.name != player):
            fail(f"{path}: the scenario's decision is {'nobody' if state.is_over else state.player.name}'s, "
                 f"not {player}'s")
    else:
        from rummycheck.files.record import load_record
        from rummycheck.table.replay import state_at

        record = guarded(lambda: load_record(path))
        if html is not None:
            from rummycheck.render.html import record_inputs

            guarded(lambda: check_target(html, force=force, inputs=record_inputs(record)))
        state = guarded(lambda: state_at(record, hand, at))
        where = f"{path}, hand {hand}, before action {at}"
        if player is not None and (state.is_over or state.player.name != player):
            fail(f"{path}: before action {at} of hand {hand} it is "
                 f"{'nobody' if state.is_over else state.player.name}'s decision, not {player}'s")
    refusal = no_advice(state)  # the advisor's own refusal, told with the place it is about
    if refusal is not None:
        fail(f"{where}: {refusal}")
    if rollout is not None:
        check_rollout(rollout, [p.name for p in state.players], state.variant, page if html is not None else None,
                      html)
    with ExitStack() as stack:  # the pool entered through guarded: a scheduler out of reach is one line
        executor = guarded(lambda: stack.enter_context(pool_for(workers, scheduler)))
        advice = guarded(lambda: run_advise(state, samples=samples, seed=seed, rollout=rollout,
                                            executor=executor))
    if html is not None:
        from rummycheck.render.advise_html import write_advice_page

        guarded(lambda: write_advice_page(advice, state, page, where=where))
    if as_json:
        emit_json(advice_json(advice))
    else:
        say(advice_text(advice))


def _looks_like_record(path: str) -> bool:
    """A record has ``[[hand]]`` tables; a scenario has none (read bounded; a bad path is the loader's to say)."""
    from rummycheck.errors import RummyError
    from rummycheck.reading import read_file

    try:
        return "[[hand]]" in read_file(path)
    except RummyError:
        return False
