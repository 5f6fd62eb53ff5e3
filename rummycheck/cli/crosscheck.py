"""``rummycheck crosscheck``: every solver on seeded random hands, answers compared and validated."""

import sys
from typing import Annotated, Any

import typer

from rummycheck.cli.common import (
    MAX_SEED,
    PresetOpt,
    RuleOpt,
    VariantOpt,
    app,
    build_variant,
    fail,
    given_on_the_line,
    guarded,
    say,
)

PROGRESS_FROM = 20  # runs of at least this many hands show a progress bar


@app.command()
def crosscheck(
    ctx: typer.Context,
    variant: VariantOpt = "bing",
    hands: Annotated[int, typer.Option("--hands", "-n", help="How many hands to deal (at most 1,000,000: every "
                                                              "hand's times are kept for the medians).",
                                       min=1, max=1_000_000)] = 100,
    seed: Annotated[int, typer.Option("--seed", help="Seed of random.Random for the deal (a negative seed "
                                                     "deals apart from its positive).",
                                      min=-MAX_SEED, max=MAX_SEED)] = 0,
    kind: Annotated[str, typer.Option(
        "--kind", help="plain, deuce-rich (2-4 wild deuces) or meld-rich (built from sets and runs); "
                       "with --tables plain (0-2 wild deuces) or deuce-rich.")] = "plain",
    solver: Annotated[list[str] | None, typer.Option(
        "--solver", help="Solvers to compare (repeatable; default exact, z3 and csp).")] = None,
    size: Annotated[int | None, typer.Option("--size", help="Cards per hand (default: the variant's deal).",
                                             min=3, max=20)] = None,
    score: Annotated[int, typer.Option("--score", "-s", help="Bing: the running score.", min=0)] = 0,
    opened: Annotated[bool, typer.Option("--opened", help="Bing: the player has opened already.")] = False,
    tables: Annotated[bool, typer.Option(
        "--tables", help="Table situations: melds on the table, lay-offs count (exact, z3 and csp; "
                         "bing opened or not, basic after a draw, gin after a knock).")] = False,
    rule: RuleOpt = None,
    preset: PresetOpt = None,
) -> None:
    """Solve seeded random hands with every solver; exit 1 on any disagreement or invalid answer."""
    from rummycheck.crosscheck import SOLVERS, TABLE_KINDS, TABLE_SOLVERS, crosscheck_tables
    from rummycheck.crosscheck import crosscheck as run_crosscheck
    from rummycheck.dealing import DEALERS
    from rummycheck.render.text import crosscheck_text

    if tables:  # the table situations are dealt their own way: these would be ignored, so they are refused
        given = [f"--{name}" for name in ("size", "score") if given_on_the_line(ctx, name)]
        wrong = [f"{', '.join(given)}: not used with --tables (its situations are dealt their own way)"
                 ] if given else []
        if kind not in TABLE_KINDS:
            wrong.append(f"--kind {kind}: table situations are {' or '.join(TABLE_KINDS)} (with 2 to 4 wild cards "
                         "dealt first)")
        if wrong:
            fail("\n".join(wrong))
    known = TABLE_SOLVERS if tables else SOLVERS
    chosen_solvers = tuple(solver or known)
    for name in chosen_solvers:
        if name not in known:
            fail(f"unknown solver {name!r}" + (" for table situations" if tables else "")
                 + f"; choose {', '.join(known)}")
    if kind not in DEALERS:
        fail(f"unknown kind of hand {kind!r}; choose {', '.join(DEALERS)}")
    chosen = guarded(lambda: build_variant(variant, rule, preset))

    def run(progress: Any = None) -> Any:
        if tables:
            return crosscheck_tables(variant=chosen, situations=hands, seed=seed, solvers=chosen_solvers,
                                     opened=opened, kind=kind, progress=None if progress is None else progress.update)
        return run_crosscheck(variant=chosen, hands=hands, seed=seed, kind=kind, solvers=chosen_solvers,
                              score=score, opened=opened, size=size,
                              progress=None if progress is None else progress.update)

    if hands >= PROGRESS_FROM:
        with typer.progressbar(length=hands, label="crosscheck", file=sys.stderr) as bar:
            result = guarded(lambda: run(bar))
    else:
        result = guarded(run)
    say(crosscheck_text(result))
    if not result.ok:
        raise typer.Exit(1)
