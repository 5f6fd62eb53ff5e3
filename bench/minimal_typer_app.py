"""The start-up baseline: the smallest Typer app that does what ``rummycheck solve FILE`` does
at the edge, as issue #12 describes it: one command taking a path, an int option and a flag,
that prints the file; and nothing else.  (A second command is there so that the app, like
rummycheck, dispatches on a command name.)

Run:  python bench/minimal_typer_app.py solve scenarios/bing-opening.txt
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

app = typer.Typer(add_completion=False)


@app.command()
def solve(
    hand: Annotated[Path, typer.Argument(help="Hand file.")],
    score: Annotated[int, typer.Option("--score", "-s", help="A running score.", min=0)] = 0,
    opened: Annotated[bool, typer.Option("--opened", help="A flag.")] = False,
) -> None:
    """Print the hand file."""
    typer.echo(hand.read_text(encoding="utf-8"))


@app.command()
def rules() -> None:
    """A second command, so the app dispatches on a command name like rummycheck does."""
    typer.echo("rules")


def main() -> int:
    app()
    return 0


if __name__ == "__main__":
    sys.exit(main())
