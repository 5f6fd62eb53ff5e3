"""Shared pieces of the command line: the Typer app, option types, error handling.

Each command parses its arguments, calls one library function and prints.  The
library's own errors (bad cards, bad options, bad files) become one line on stderr and
exit code 2; set ``RUMMYCHECK_DEBUG=1`` to see the traceback instead.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn, TypeVar

import typer

from rummycheck.errors import RummyError
from rummycheck.textsafe import escape, escape_json

if TYPE_CHECKING:
    from rummycheck.variants import Variant

app = typer.Typer(
    name="rummycheck",
    help="Exact answers for rummy: best melds, legal plays, scores (Bing, basic and gin rummy).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


def _show_version(asked: bool) -> None:
    if asked:
        from rummycheck import __version__

        typer.echo(f"rummycheck {__version__}")
        raise typer.Exit()


@app.callback()
def _group(
    version: Annotated[bool, typer.Option("--version", help="Print rummycheck's version and exit.",
                                          callback=_show_version, is_eager=True)] = False,
) -> None:
    # Keeps the app a group of commands even when ``main`` has registered only the one
    # command it was asked for (Typer runs a lone command without its name).  Run before every
    # command: from here the files it reads are remembered, and never written (``write_file``).
    from rummycheck.reading import track_reads

    track_reads()


def given_on_the_line(ctx: typer.Context, name: str) -> bool:
    """Whether the option ``name`` (its parameter's name) was given on the command line, not left
    at its default: an option that means nothing with the others given is refused, not ignored."""
    source = ctx.get_parameter_source(name)  # (an enum of the click Typer carries: read by its name)
    return source is not None and source.name == "COMMANDLINE"


def refuse_buybacks_without_the_rule(ctx: typer.Context, build: Callable[[], Variant]) -> None:
    """--buybacks (simulate, tournament) for a game that has no buying back in: refused, not ignored
    (but 0, which says what the game does anyway: a script may pass it for every game)."""
    if given_on_the_line(ctx, "buybacks") and ctx.params.get("buybacks"):
        from rummycheck.games import game_of

        variant = guarded(build)
        if not game_of(variant).BUYBACK:
            fail(f"--buybacks: {variant.name} has no buying back in; leave it out")


T = TypeVar("T")

VariantOpt = Annotated[str, typer.Option("--variant", "-v", help="bing, basic or gin, or a house-rules file "
                                                                 "(club.toml, docs/scenarios.md).")]
RuleOpt = Annotated[list[str] | None, typer.Option(
    "--rule", "-r", help="Override a rule option, e.g. --rule wild_points=25 (repeatable).")]
PresetOpt = Annotated[str | None, typer.Option("--preset", help="A variant preset (gin: modern, classic, openspiel).")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON object instead of tables.")]
# the options of the commands that play games with bots (simulate, tournament)
BotTimeOpt = Annotated[float, typer.Option(
    "--bot-time", help="Seconds a --bot may take over one decision before the run stops with an error "
                       "(0: no limit).", min=0.0, max=86400.0)]
WorkersOpt = Annotated[int | None, typer.Option("--workers", "-w", help="Local processes, 1 to 128 (default: all "
                                                                        "cores).", min=1, max=128)]
SchedulerOpt = Annotated[str | None, typer.Option(
    "--scheduler", help="A Dask scheduler, tcp://HOST:8786, or 'local' for a LocalCluster.")]
BatchOpt = Annotated[int, typer.Option("--batch", help="Deals per task.", min=1)]
BuybacksOpt = Annotated[int | None, typer.Option(
    "--buybacks", help="Bing: buy-backs allowed per player and game (default: 1 where the variant allows them, "
                       "as Bing's rules do; 0 with buyback=false).", min=0, show_default=False)]
#: the most games a run asks for (simulate without --precision; tournament, per pair of bots)
MAX_GAMES = 10_000_000
#: the largest seed (either sign): a record holds its seed, and the readers take numbers of up to 18 digits
MAX_SEED = 10**18 - 1
SeedOpt = Annotated[int, typer.Option("--seed", help="Seed: the same seed gives the same results.",
                                      min=-MAX_SEED, max=MAX_SEED)]
#: the shipped bots by game, as ``--bots`` lists them (a test holds it to ``sim.bots``' registry)
SHIPPED_BOTS = ("knock, gin, knock-at-K, expert, expert-race (gin); eager, patient, eager-outs, patient-outs "
                "(basic); early, common, sandbag, common-ev, sandbag-ev (bing); mc, mc-N, random (any game)")
# the options of the commands that value moves by rollouts (advise, review)
RolloutOpt = Annotated[str | None, typer.Option("--rollout", help="The bots that play the rollouts: BOT for "
                                                                  "every seat, NAME=BOT for one player's, "
                                                                  "comma-separated (default: the game's).")]
RolloutWorkersOpt = Annotated[int | None, typer.Option("--workers", "-w",
                                                       help="Local processes, 1 to 128 (default 1).", min=1, max=128)]


MAX_LINE = 400  # an error line longer than this is cut (a huge bad token is not echoed whole)
MAX_LINES = 50  # a file with more problems shows the first ones and how many more there are


def error_text(message: str) -> str:
    """``rummycheck: message`` as stderr shows it: control characters escaped, each line cut
    to ``MAX_LINE``, at most ``MAX_LINES`` lines."""
    # split at line feeds only: ``str.splitlines`` also breaks at \r, U+2028 and the like, which a
    # file's name can hold, and would print them as real lines (a forged "rummycheck: ..." line)
    parts = message.split("\n")
    while len(parts) > 1 and not parts[-1]:
        parts.pop()
    lines = [escape(line, keep="") for line in parts]
    lines = [line if len(line) <= MAX_LINE else line[:MAX_LINE] + "..." for line in lines]
    if len(lines) > MAX_LINES:
        lines[MAX_LINES - 1:] = [f"... and {len(lines) - MAX_LINES + 1} more problems"]
    return "rummycheck: " + "\n".join(lines)


def fail(message: str, code: int = 2) -> NoReturn:
    typer.echo(error_text(message), err=True)
    raise typer.Exit(code)


class OutputError(Exception):
    """Standard output cannot be written (a full disk, a closed pipe); ``main`` reports it."""


def say(text: str) -> None:
    """Print text output; characters from files that could drive the terminal are escaped."""
    _write(escape(text))


def say_exactly(text: str) -> None:
    """Print a whole file's text as it is (no newline added); control characters are escaped."""
    _write(escape(text, keep="\n\t"), newline=False)


def _write(text: str, *, newline: bool = True) -> None:
    try:
        typer.echo(text, nl=newline)
    except OSError as error:  # not an OSError any more: Typer would end a closed pipe silently
        raise OutputError(error) from None


def guarded(action: Callable[[], T]) -> T:
    """Run ``action``; turn the library's input errors into a one-line message, exit 2."""
    try:
        return action()
    except RummyError as error:
        if os.environ.get("RUMMYCHECK_DEBUG"):
            raise
        fail(str(error))
    except OSError as error:
        if os.environ.get("RUMMYCHECK_DEBUG"):
            raise
        name = f" {str(error.filename)!r}" if error.filename is not None else ""
        fail(f"cannot read{name}: {error.strerror or error}")


def check_rollout(rollout: str, names: Sequence[str], variant: Variant, page: Path | None, shown: str | None) -> None:
    """``--rollout`` checked before any work (``analysis.evaluate.rollout_bots``: players, bots, games;
    a plug-in class built once); a plug-in bot's module, read by its import, is then an input like the
    record, so it is never ``page`` (the --html file, named as ``shown``)."""
    from rummycheck.analysis.evaluate import rollout_bots
    from rummycheck.games import game_of
    from rummycheck.reading import never_write_a_read_file

    guarded(lambda: rollout_bots(rollout, names, game_of(variant).rollout_bot, variant))
    if page is not None:
        guarded(lambda: never_write_a_read_file(page, shown=shown))


def output_path(path: str, *, option: str, force: bool = True, inputs: Sequence[str] = (),
                suffix: str | None = None, folder: bool = False) -> Path:
    """Check a place to write, before any work is done: a file in a folder that exists and can be
    written (``folder``: a folder, made if missing), not an existing file unless ``force``, never one
    of the command's own ``inputs`` (input files are never written); ``suffix``: the file's ending."""
    target = Path(path)
    shown = f"{option} {path}" if option else path
    if path == "-":
        fail(f"{shown}: this output goes to a file, not to standard output; give a file name")
    if suffix is not None and target.suffix.lower() != suffix:
        fail(f"{shown}: the file must end in {suffix}")
    if folder:
        if target.exists() and not target.is_dir():
            fail(f"{shown}: not a folder")
        try:
            target.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            fail(f"cannot write {path!r}: {_reason(error)}")
        if not os.access(target, os.W_OK | os.X_OK):
            fail(f"cannot write {path!r}: permission denied")
        return target
    if target.is_dir():
        fail(f"cannot write {path!r}: is a directory")
    parent = target.parent
    if not parent.is_dir():
        fail(f"cannot write {path!r}: no folder {str(parent)!r}")
    for given in inputs:
        if given != "-" and target.exists() and _same_file(target, Path(given)):
            fail(f"{shown}: is the input file {given}; input files are never written (give another path)")
    from rummycheck.reading import never_write_a_read_file

    guarded(lambda: never_write_a_read_file(target, shown=shown))  # a house-rules file a scenario names, say
    if target.is_file() and not force:
        fail(f"{path}: the file exists; use --force to overwrite it")
    if not os.access(target if target.exists() else parent, os.W_OK):
        fail(f"cannot write {path!r}: permission denied")
    return target


def _same_file(first: Path, second: Path) -> bool:
    try:
        return os.path.samefile(first, second)
    except OSError:
        return False


def write_file(target: Path, text: str) -> None:
    """Write ``text`` to ``target`` (UTF-8); a failure is one line naming the path, exit 2.  A file the
    command has read (a house-rules file a record or scenario names, say) is never written."""
    from rummycheck.reading import never_write_a_read_file

    guarded(lambda: never_write_a_read_file(target))  # read after output_path checked it
    try:
        with open(target, "w", encoding="utf-8") as stream:
            stream.write(text)
    except OSError as error:
        fail(f"cannot write {str(target)!r}: {_reason(error)}")


def _reason(error: OSError) -> str:
    return error.strerror or type(error).__name__


def build_variant(name: str, rules: list[str] | None, preset: str | None) -> Any:
    from rummycheck.variants import get_variant, parse_override

    overrides = dict(parse_override(r) for r in rules or [])
    return get_variant(name, preset=preset, **overrides)


def emit_json(data: Any) -> None:
    import json  # only --json needs it; kept off the start-up path

    _write(escape_json(json.dumps(data, indent=2, ensure_ascii=False)))


def with_progress(name: str, go: Callable[..., T], *, show: bool = True, what: str = "the run",
                  unit: str = "games") -> T:
    """``guarded(go)`` with a progress bar of ``unit`` on a terminal's stderr (``go(progress)`` is
    handed ``progress(done, total)``; without a terminal, or when not ``show``, ``go()``).
    Ctrl-C, or a plug-in bot raising ``KeyboardInterrupt``, ends the run with one line and exit
    code 130 (Typer would end it silently); ``what`` names the run in that line."""
    import sys

    try:
        if not (show and sys.stderr.isatty()):
            return guarded(go)
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        columns = (TextColumn(name), BarColumn(), MofNCompleteColumn(), TextColumn(unit),
                   TextColumn("{task.fields[rate]}"), TimeRemainingColumn())
        with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
            task = bar.add_task(name, total=None, rate="")

            def update(done: int, total: int) -> None:
                speed = bar.tasks[task].speed
                bar.update(task, completed=done, total=total, rate=f"{speed:.1f} {unit}/s" if speed else "")

            return guarded(lambda: go(update))
    except KeyboardInterrupt:
        fail(f"interrupted: {what} stopped before it finished (Ctrl-C, or a --bot raised "
             "KeyboardInterrupt)", 130)


def draw_plot(save: Callable[[str], None], target: Path) -> None:
    """``save(path)`` a picture (``--plot``) to ``target``; a library error or a file that cannot be
    written is one line, exit 2."""

    def draw() -> None:
        try:
            save(str(target))
        except OSError as error:
            fail(f"cannot write {str(target)!r}: {error.strerror or error}")

    guarded(draw)
