"""``rummycheck solve``."""

from typing import Annotated, Any

import typer

from rummycheck.cli.common import (
    JsonOpt,
    PresetOpt,
    RuleOpt,
    app,
    build_variant,
    emit_json,
    fail,
    given_on_the_line,
    guarded,
    say,
)
from rummycheck.errors import HandSizeError, RummyError
from rummycheck.reading import read_input


@app.command()
def solve(
    ctx: typer.Context,
    hand: Annotated[str | None, typer.Argument(
        help="Hand file (cards separated by spaces or commas, # comments), or - for stdin.",
        show_default=False)] = None,
    cards: Annotated[str | None, typer.Option(
        "--cards", "-c", help='Cards on the command line, e.g. "Kd Kh Kc".')] = None,
    variant: Annotated[str | None, typer.Option(
        "--variant", "-v", help="bing (default), basic or gin; a scenario file names its own.")] = None,
    rule: RuleOpt = None,
    preset: PresetOpt = None,
    score: Annotated[int | None, typer.Option(
        "--score", "-s", help="Bing: the player's running score (default 0).", min=0)] = None,
    opened: Annotated[bool, typer.Option("--opened", help="The player has already opened (melded before).")] = False,
    solver: Annotated[str, typer.Option("--solver", help="exact (default), z3 or csp.")] = "exact",
    prove: Annotated[bool, typer.Option("--prove", help="Ask z3 to prove the answer optimal.")] = False,
    show_all: Annotated[bool, typer.Option(
        "--all", help="List every optimal arrangement (csp); for a scenario, every optimal whole play.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Find the optimal meld arrangement of a hand (least points left in hand)."""
    from rummycheck.cards import parse_cards
    from rummycheck.games.solve import solve as solve_hand
    from rummycheck.render.text import solution_text

    if (hand is None) == (cards is None):
        fail("give a hand file (or - for stdin) or --cards, not both and not neither")

    def run() -> Any:
        if hand is not None and hand.lower().endswith(".toml"):  # a table scenario: lay-offs count too
            from dataclasses import replace

            from rummycheck.files.scenario import load_scenario
            from rummycheck.games.solve import solve_scenario
            from rummycheck.variants import parse_override

            given = [flag for flag, value in (("--variant", variant), ("--preset", preset),
                                              ("--score", score), ("--opened", opened or None))
                     if value is not None]
            if given:
                raise RummyError(f"{hand}: a scenario file sets the variant, scores and who has opened; "
                                 f"drop {', '.join(given)} (--rule still applies a house rule)")
            scenario = load_scenario(hand)
            if rule:
                overrides = dict(parse_override(r) for r in rule)
                scenario = replace(scenario, variant=scenario.variant.with_options(**overrides))
            return solve_scenario(scenario, solver=solver), scenario
        chosen = build_variant("bing" if variant is None else variant, rule, preset)
        from rummycheck.games import game_of

        ignored = [f"--{name}" for name in ("score", "opened")
                   if name in game_of(chosen).solve_ignores and given_on_the_line(ctx, name)]
        if ignored:  # said, not ignored
            them = "it" if len(ignored) == 1 else "them"
            raise RummyError(f"{', '.join(ignored)}: {chosen.name} has no rule that reads {them} when solving a "
                             f"hand; leave {them} out")
        if cards is not None:
            text, source = cards, "--cards"
        else:
            assert hand is not None
            text, source = read_input(hand)
        parsed = parse_cards(text, source=source, decks=chosen.decks)
        if not parsed:
            raise RummyError(f"{source}: no cards found")
        try:
            return solve_hand(parsed, variant=chosen, score=score or 0, opened=opened, solver=solver), None
        except HandSizeError as error:
            raise HandSizeError(f"{source}: {error}") from None

    solution, scenario = guarded(run)
    proof: Any = None
    every: Any = None
    plays: Any = None
    if prove or show_all:
        from rummycheck.games import prove as proving  # z3 and constraint load only with --prove / --all

        if scenario is not None:  # the whole play at the table, lay-offs included
            proof = guarded(lambda: proving.prove_scenario(scenario, solution)) if prove else None
        else:
            proof = guarded(lambda: proving.prove(solution)) if prove else None
        every = guarded(lambda: proving.all_optimal(solution)) if show_all and scenario is None else None
        # a scenario: every optimal whole play (new melds, lay-offs, discard)
        plays = guarded(lambda: proving.all_optimal_plays(scenario, solution)) if show_all and scenario else None
    if as_json:
        from rummycheck.render.json import solution_json

        data = solution_json(solution)
        if prove or show_all:
            from rummycheck.games import prove as proving

            if proof is not None:
                data["proof"] = proving.proof_json(proof)
            if every is not None:
                data["all_optimal"] = [proving.arrangement_json(a) for a in every]
            if plays is not None:
                data["all_optimal"] = [proving.play_json(p) for p in plays]
        emit_json(data)
    else:
        say(solution_text(solution))
        if every is not None:
            from rummycheck.render.text import arrangements_text
            say(arrangements_text(every))
        if plays is not None:
            from rummycheck.render.text import plays_text
            say(plays_text(plays))
        if proof is not None:
            say(proof.text())
