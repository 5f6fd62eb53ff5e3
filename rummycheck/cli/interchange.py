"""``rummycheck import openspiel`` and ``rummycheck export openspiel``: other programs' game files.

``import openspiel FILE`` reads the text ``pyspiel.serialize_game_and_state`` writes (no
OpenSpiel needed) and writes a record under the gin ``openspiel`` preset; ``export openspiel
RECORD`` writes a one-hand gin record back in that form, with the same action ids.  See
docs/openspiel.md.
"""

from pathlib import Path
from typing import Annotated

import typer

from rummycheck.cli.common import JsonOpt, app, emit_json, fail, guarded, output_path, say, say_exactly, write_file
from rummycheck.reading import read_input

import_app = typer.Typer(name="import", help="Read another program's game file and write a record.",
                         no_args_is_help=True, rich_markup_mode=None)
export_app = typer.Typer(name="export", help="Write a record as another program's game file.",
                         no_args_is_help=True, rich_markup_mode=None)
app.add_typer(import_app)
app.add_typer(export_app)

OutputOpt = Annotated[str | None, typer.Option("--output", "-o", help="Write to this file (default, or '-': "
                                                                      "standard output).")]
ForceOpt = Annotated[bool, typer.Option("--force", help="Overwrite an existing --output file (never the input "
                                                        "file).")]


def _target(output: str | None, force: bool, source: str) -> Path | None:
    """The --output file, checked before any work (never the command's input file); ``-`` (as no
    --output): standard output."""
    return None if output in (None, "-") else output_path(output, option="--output", force=force, inputs=[source])


def _write(text: str, target: Path | None, what: str, as_json: bool, source: str) -> None:
    if target is None:
        if as_json:
            emit_json({"source": source, "output": None, "kind": what, "text": text})
        else:
            say_exactly(text)
        return
    write_file(target, text)
    if as_json:
        emit_json({"source": source, "output": str(target), "kind": what, "text": text})
    else:
        say(f"wrote {target} ({what})")


@import_app.command("openspiel")
def import_openspiel(
    file: Annotated[str, typer.Argument(help="An OpenSpiel serialized gin rummy game ('-': standard input).",
                                        show_default=False)],
    output: OutputOpt = None,
    force: ForceOpt = False,
    names: Annotated[str, typer.Option("--names", help="The two player names, OpenSpiel's player 0 then "
                                                       "player 1 (the dealer).")] = "P0,P1",
    as_json: JsonOpt = False,
) -> None:
    """An OpenSpiel gin rummy game (pyspiel.serialize_game_and_state) as a record under the openspiel preset."""
    from rummycheck.files.openspiel import import_openspiel as convert
    from rummycheck.table.record import name_problem

    seats = tuple(n.strip() for n in names.split(","))
    if len(seats) != 2:
        fail(f"--names needs two names separated by a comma, got {names!r}")
    for name in seats:
        if name_problem(name):
            fail(f"--names: {name_problem(name)}")
    target = _target(output, force, file)
    text, source = guarded(lambda: read_input(file))
    record = guarded(lambda: convert(text, source=source, names=(seats[0], seats[1])))
    _write(record, target, "a gin record, preset openspiel", as_json, source)


@export_app.command("openspiel")
def export_openspiel(
    record: Annotated[str, typer.Argument(help="A one-hand gin record (TOML, see docs/records.md).",
                                          show_default=False)],
    output: OutputOpt = None,
    force: ForceOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """A one-hand gin record as an OpenSpiel serialized game, for rules OpenSpiel plays (the openspiel preset)."""
    from rummycheck.files.openspiel import export_openspiel as convert
    from rummycheck.files.record import load_record

    target = _target(output, force, record)
    loaded = guarded(lambda: load_record(record))
    text = guarded(lambda: convert(loaded))
    _write(text, target, "an OpenSpiel gin_rummy game", as_json, record)
