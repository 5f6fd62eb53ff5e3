"""The ``rummycheck`` command line: a thin edge over the library.

Each command lives in its own module below and registers itself on the shared Typer
``app`` from ``common.py``; every command parses arguments, calls one library function
and prints.  The library's own errors become one line on stderr with exit code 2
(``RUMMYCHECK_DEBUG=1`` shows the traceback instead).
"""

from __future__ import annotations

import importlib
import os
import sys
from typing import Any, NoReturn

import typer

from rummycheck.cli import common
from rummycheck.cli.common import OutputError

__all__ = ["app", "load_commands", "main"]

# The module of each command.  A command registers itself on the shared ``app`` when its
# module is imported; ``main`` imports only the module of the command asked for, so a
# ``solve`` does not pay for loading the simulator, the record reader or the verifier.
COMMANDS: dict[str, str] = {
    "advise": "advise",
    "check": "check",
    "crosscheck": "crosscheck",
    "deal": "deal",
    "export": "interchange",
    "import": "interchange",
    "replay": "replay",
    "review": "review",
    "rules": "rules",
    "score": "score",
    "simulate": "simulate",
    "solve": "solve",
    "tournament": "tournament",
    "verify": "verify",
}


def load_commands(command: str | None = None) -> None:
    """Register ``command`` on the app, or every command when it is ``None`` or unknown."""
    names = [COMMANDS[command]] if command in COMMANDS else sorted(set(COMMANDS.values()))
    for name in names:
        importlib.import_module(f"rummycheck.cli.{name}")


def __getattr__(name: str) -> Any:
    """``rummycheck.cli.app``: the app with every command registered (tests, embedding)."""
    if name == "app":
        load_commands()
        return common.app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def main() -> None:
    code: Any = 0
    try:
        try:
            load_commands(_command_named(sys.argv[1:]))
            code = common.app(standalone_mode=False)  # usage errors come back here, to be told in one line
        finally:
            sys.stdout.flush()  # a full disk or a closed pipe shows here, not at exit
    except OutputError as error:  # the answer could not be written
        _closed_output(error.args[0])
    except OSError as error:  # the last of it could not be written
        _closed_output(error)
    except typer.Abort:
        print("rummycheck: aborted", file=sys.stderr)
        sys.exit(1)
    except typer.TyperException as error:  # a usage error: unknown option or command, a bad value
        sys.exit(_usage_error(error))
    sys.exit(code if isinstance(code, int) else 0)


def _usage_error(error: Exception) -> int:
    """Tell a usage error in one line on stderr (help itself when no command was given)."""
    message = getattr(error, "format_message", lambda: str(error))()
    context = getattr(error, "ctx", None)
    if type(error).__name__ == "NoArgsIsHelpError":  # bare ``rummycheck``: the help, as Typer shows it
        print(message, file=sys.stderr)
    else:
        where = context.command_path if context is not None else "rummycheck"
        print(common.error_text(" ".join(f"{message} (see '{where} --help')".split())), file=sys.stderr)
    code = getattr(error, "exit_code", 2)
    return code if isinstance(code, int) else 2


def _command_named(args: list[str]) -> str | None:
    """The command a command line names (its first word), or None for ``--help`` and the like."""
    return args[0] if args and not args[0].startswith("-") else None


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
