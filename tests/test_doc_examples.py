"""The command examples of README.md and docs/*.md print what the pages show.

An example is a line ``$ rummycheck ...`` in a code block followed by the output shown; ``...``
on a line of its own stands for lines left out.  Each example is run in this process and every
line shown must be printed, in order; with no ``...`` the output must be the lines shown and
nothing else.  (Several pages had drifted from the code before this test: stale ratings, a
changed luck figure, a command missing an option.)  The tournament examples take a minute
each on two workers and are left to be run by hand; they are listed so that a new slow example
is a decision, not an accident.
"""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rummycheck.cli import app

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
#: examples run by hand, not here: (page, the command's first words)
BY_HAND = {
    ("tournament.md", "rummycheck tournament --variant gin --bots knock,gin,knock-at-5"),
}


def examples() -> list[tuple[str, str, list[str]]]:
    """(page:line, command, the output lines shown) for every ``$ rummycheck`` line of the pages."""
    found = []
    for page in PAGES:
        lines = page.read_text(encoding="utf-8").split("\n")
        i = 0
        while i < len(lines):
            stripped = lines[i].lstrip()
            if not stripped.startswith("$ rummycheck "):
                i += 1
                continue
            indent = len(lines[i]) - len(stripped)
            shown: list[str] = []
            j = i + 1
            while j < len(lines):
                line = lines[j]
                outdented = indent and line.strip() and not line.startswith(" " * indent)
                if line.strip().startswith(("$ ", "```")) or outdented:
                    break
                shown.append(line[indent:].rstrip())
                j += 1
            while shown and not shown[-1]:
                shown.pop()
            found.append((f"{page.name}:{i + 1}", stripped[2:], shown))
            i = j
    return found


EXAMPLES = examples()


def test_the_pages_hold_examples_and_the_slow_ones_are_listed() -> None:
    commands = {(where.split(":")[0], command) for where, command, _ in EXAMPLES}
    assert len(EXAMPLES) >= 8
    for page, start in BY_HAND:
        assert any(p == page and c.startswith(start) for p, c in commands), (page, start)


def _slow(where: str, command: str) -> bool:
    return any(where.startswith(page + ":") and command.startswith(start) for page, start in BY_HAND)


@pytest.mark.parametrize(("where", "command", "shown"), [e for e in EXAMPLES if not _slow(e[0], e[1])],
                         ids=[e[0] for e in EXAMPLES if not _slow(e[0], e[1])])
def test_example_prints_what_the_page_shows(where: str, command: str, shown: list[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # the pages' paths are the repository's
    words = shlex.split(command)
    result = CliRunner().invoke(app, words[1:])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    printed = [line.rstrip() for line in result.output.split("\n")]
    while printed and not printed[-1]:
        printed.pop()
    if "..." not in shown:
        assert printed == shown, f"{where}: {command}"
        return
    at = 0
    for line in shown:
        if line == "...":
            continue
        assert line in printed[at:], f"{where}: {command}: not printed (in this order): {line!r}"
        at = printed.index(line, at) + 1
