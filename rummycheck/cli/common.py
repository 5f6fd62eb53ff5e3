"""Shared pieces of the command line: the Typer app, option types, error handling.

Each command parses its arguments, calls one library function and prints.  The
library's own errors (bad cards, bad options, bad files) become one line on stderr and
exit code 2; set ``RUMMYCHECK_DEBUG=1`` to see the traceback instead.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, NoReturn, TypeVar

import typer

from rummycheck.errors import RummyError, located

app = typer.Typer(
    name="rummycheck",
    help="Exact answers for rummy: best melds, legal plays, scores (Bing, basic and gin rummy).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)

T = TypeVar("T")

VariantOpt = Annotated[str, typer.Option("--variant", "-v", help="bing, basic or gin.")]
RuleOpt = Annotated[list[str] | None, typer.Option(
    "--rule", "-r", help="Override a rule option, e.g. --rule wild_points=25 (repeatable).")]
PresetOpt = Annotated[str | None, typer.Option("--preset", help="A variant preset (gin: modern, classic, openspiel).")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON object instead of tables.")]


def fail(message: str, code: int = 2) -> NoReturn:
    typer.echo(f"rummycheck: {message}", err=True)
    raise typer.Exit(code)


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
        name = error.filename if error.filename is not None else ""
        fail(f"cannot read {str(name)!r}: {error.strerror or error}")


def read_input(path: str) -> tuple[str, str]:
    """(text, source name) of a file path or '-' for standard input (UTF-8 text)."""
    if path == "-":
        buffer = getattr(sys.stdin, "buffer", None)
        if buffer is None:
            return sys.stdin.read(), "<stdin>"
        return decode_text(buffer.read(), "<stdin>"), "<stdin>"
    file = Path(path)
    if file.is_dir():
        raise IsADirectoryError(21, "is a directory", path)
    return decode_text(file.read_bytes(), path), path


def decode_text(data: bytes, source: str) -> str:
    """Decode UTF-8 (a leading byte-order mark is dropped), or raise a located error
    naming the first byte that is not UTF-8; the column counts characters."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        offset = error.start + (3 if data.startswith(b"\xef\xbb\xbf") else 0)
        line_start = data.rfind(b"\n", 0, offset) + 1
        line = data.count(b"\n", 0, offset) + 1
        column = len(data[line_start:offset].decode("utf-8", errors="replace")) + 1
        bad = data[offset:offset + 1]
        raise RummyError(located(source, line, column,
                                 f"expected UTF-8 text, got the byte {bad!r}")) from None


def build_variant(name: str, rules: list[str] | None, preset: str | None) -> Any:
    from rummycheck.variants import get_variant, parse_override

    overrides = dict(parse_override(r) for r in rules or [])
    return get_variant(name, preset=preset, **overrides)


def emit_json(data: Any) -> None:
    typer.echo(json.dumps(data, indent=2, ensure_ascii=False))
