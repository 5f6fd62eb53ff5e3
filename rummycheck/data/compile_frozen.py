"""Writes ``frozen_methods.py``: the methods ``dataclasses`` writes for rummycheck's frozen classes,
as code compiled once (see ``rummycheck.frozen.dataclass``).

It imports every module that makes its classes with ``rummycheck.frozen.dataclass``, with the
table left empty, so that each text ``dataclasses`` compiles is recorded; then writes each text
as it is, followed by the line that files the function under its text.  Texts depend on the
Python version (``dataclasses`` is part of it), so the table names the version it was made
with and is used only there.  ``tests/test_frozen_ahead.py`` fails when the module is not what
this script writes now.

Run after adding or changing a frozen class (in a fresh process):
    python -m rummycheck.data.compile_frozen
"""

from __future__ import annotations

import importlib
import re
import sys
from pathlib import Path

__all__ = ["TARGET", "modules", "render"]

PACKAGE = Path(__file__).resolve().parent.parent
TARGET = PACKAGE / "data" / "frozen_methods.py"
_USES = re.compile(r"^from rummycheck\.frozen import .*\bdataclass\b", re.MULTILINE)

HEADER = '''"""The methods ``dataclasses`` writes for rummycheck's frozen classes, compiled ahead: made by
``python -m rummycheck.data.compile_frozen`` (never edit it by hand; a test checks it).

Each ``__create_fn__`` below is one text exactly as ``dataclasses`` gives it to ``exec``;
``MADE`` files it under that text.  Only ``rummycheck.frozen.dataclass`` uses this, and only
on the Python version named here.
"""
# ruff: noqa
# mypy: ignore-errors

PYTHON = {version!r}
MADE = {{}}
'''


def modules() -> list[str]:
    """The modules that make classes with ``rummycheck.frozen.dataclass``, in name order."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if _USES.search(path.read_text("utf-8")):
            parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
            found.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return found


def render() -> str:
    """The text of ``frozen_methods.py``; run in a process that has not yet imported ``modules()``."""
    from rummycheck import frozen

    names = modules()
    already = [name for name in names if name in sys.modules]
    if already:
        raise RuntimeError(f"run in a fresh process: {', '.join(already)} already imported")
    frozen._made_ahead = {}  # nothing found ahead: every text is compiled, and recorded
    del frozen._MISSED[:]
    for name in names:
        importlib.import_module(name)
    texts = list(dict.fromkeys(frozen._MISSED))
    parts = [HEADER.format(version=tuple(sys.version_info[:2]))]
    for text in texts:
        parts.append(f"\n{text}\nMADE[{text!r}] = __create_fn__\n")
    return "".join(parts)


def main() -> None:
    TARGET.write_text(render(), "utf-8")
    print(f"wrote {TARGET}")


if __name__ == "__main__":
    main()
