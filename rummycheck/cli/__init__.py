"""The ``rummycheck`` command line: a thin edge over the library.

Each command lives in its own module below and registers itself on the shared Typer
``app`` from ``common.py``; every command parses arguments, calls one library function
and prints.  The library's own errors become one line on stderr with exit code 2
(``RUMMYCHECK_DEBUG=1`` shows the traceback instead).
"""

from __future__ import annotations

import os
import sys
from typing import NoReturn

from rummycheck.cli import check as _check  # noqa: F401  (registers check)
from rummycheck.cli import crosscheck as _crosscheck  # noqa: F401  (registers crosscheck)
from rummycheck.cli import deal as _deal  # noqa: F401  (registers deal)
from rummycheck.cli import interchange as _interchange  # noqa: F401  (registers import, export)
from rummycheck.cli import replay as _replay  # noqa: F401  (registers replay)
from rummycheck.cli import review as _review  # noqa: F401  (registers review)
from rummycheck.cli import score as _score  # noqa: F401  (registers score)
from rummycheck.cli import simulate as _simulate  # noqa: F401  (registers simulate)
from rummycheck.cli import solve as _solve  # noqa: F401  (registers solve, rules)
from rummycheck.cli import verify as _verify  # noqa: F401  (registers verify)
from rummycheck.cli.common import OutputError, app

__all__ = ["app", "main"]


def main() -> None:
    try:
        try:
            app()
        finally:
            sys.stdout.flush()  # a full disk or a closed pipe shows here, not at exit
    except OutputError as error:  # the answer could not be written
        _closed_output(error.args[0])
    except OSError as error:  # the last of it could not be written
        _closed_output(error)


def _closed_output(error: OSError) -> NoReturn:
    """One line on stderr and exit 2 when standard output cannot be written."""
    try:  # nothing more reaches the broken output, not even Python's flush at exit
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    if os.environ.get("RUMMYCHECK_DEBUG"):
        raise error
    try:
        print(f"rummycheck: cannot write the output: {error.strerror or error}", file=sys.stderr)
    except OSError:
        pass
    sys.exit(2)
