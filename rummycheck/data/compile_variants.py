"""Writes ``shipped_variants.py``: the shipped variant files (``variants/*.toml``), parsed ahead.

The TOML files stay the one source of the rules.  ``rummycheck.variants`` reads a shipped
file at every start as before and takes its parsed form from ``shipped_variants.PARSED``
when the text it read is the one that module was made from (the dictionary is keyed by the
whole text); any other text, an edited file included, is parsed by ``tomllib`` as it comes.
That spares the command line importing ``tomllib`` and parsing the file on every run.
``tests/test_shipped_variants.py`` fails when the module is not what this script writes
from the files as they are now.

Run after changing a variant file:  python -m rummycheck.data.compile_variants
"""

from __future__ import annotations

import pprint
import textwrap
import tomllib
from pathlib import Path

__all__ = ["TARGET", "render", "variant_files"]

HERE = Path(__file__).parent
TARGET = HERE / "shipped_variants.py"

HEADER = '''"""The shipped variant files, parsed: made by ``python -m rummycheck.data.compile_variants``
from ``variants/*.toml`` (never edit it by hand; a test checks it against the files).

``PARSED`` maps the whole text of each file to what ``tomllib.loads`` gives for it.
"""

from typing import Any

'''


def variant_files() -> list[Path]:
    """The shipped variant files, in name order."""
    return sorted((HERE / "variants").glob("*.toml"))


def render() -> str:
    """The text of ``shipped_variants.py`` for the variant files as they are now."""
    entries = []
    for path in variant_files():
        text = path.read_text("utf-8")
        entry = (f"# {path.name}\n{pprint.pformat(text, width=96)}:\n"
                 f"{pprint.pformat(tomllib.loads(text), width=96, sort_dicts=False)},\n")
        entries.append(textwrap.indent(entry, "    "))
    return HEADER + "PARSED: dict[str, dict[str, Any]] = {\n" + "".join(entries) + "}\n"


def main() -> None:
    TARGET.write_text(render(), "utf-8")
    print(f"wrote {TARGET}")


if __name__ == "__main__":
    main()
