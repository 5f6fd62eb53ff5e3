"""The ``rummycheck`` command line: a thin edge over the library.

Each command lives in its own module below and registers itself on the shared Typer
``app`` from ``common.py``; every command parses arguments, calls one library function
and prints.  The library's own errors become one line on stderr with exit code 2
(``RUMMYCHECK_DEBUG=1`` shows the traceback instead).
"""

from __future__ import annotations

from rummycheck.cli import check as _check  # noqa: F401  (registers check)
from rummycheck.cli import crosscheck as _crosscheck  # noqa: F401  (registers crosscheck)
from rummycheck.cli import score as _score  # noqa: F401  (registers score)
from rummycheck.cli import simulate as _simulate  # noqa: F401  (registers simulate)
from rummycheck.cli import solve as _solve  # noqa: F401  (registers solve, rules)
from rummycheck.cli import verify as _verify  # noqa: F401  (registers verify)
from rummycheck.cli.common import app

__all__ = ["app", "main"]


def main() -> None:
    app()
