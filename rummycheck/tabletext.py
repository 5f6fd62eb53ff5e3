"""Plain-text tables in tabulate's "simple" format, without loading tabulate when it is not needed.

Importing tabulate asks the installed package metadata for its version (``importlib.metadata``
reading and parsing its METADATA file), about 4.7 ms of a 100 ms start-up.  The tables
that a ``solve`` prints hold only whole numbers and plain words, for which the "simple"
format is a few lines: numbers right-aligned, words left-aligned, each column as wide as
its widest cell or its header plus two spaces, columns two spaces apart, trailing spaces
cut.  ``tabulate`` here writes those itself and hands every other table (other formats,
``maxcolwidths``, floats, text that tabulate would read as a number, wide or non-printing
characters, ragged rows) to tabulate, loaded then.  Either way the output is tabulate's,
byte for byte (tests/test_tabletext.py compares the two).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["tabulate"]

MIN_PADDING = 2  # tabulate's: a header counts two spaces more than its text


def tabulate(rows: Sequence[Sequence[Any]], headers: Sequence[str] = (), tablefmt: str = "simple",
             **options: Any) -> str:
    """``tabulate.tabulate(rows, headers=headers, tablefmt=tablefmt, **options)``."""
    if tablefmt == "simple" and not options:
        table = _simple(rows, headers)
        if table is not None:
            return table
    from tabulate import tabulate as full

    return full(rows, headers=headers, tablefmt=tablefmt, **options)


def _simple(rows: Sequence[Sequence[Any]], headers: Sequence[str]) -> str | None:
    """The "simple" table when every column is all ints or all plain words; else None."""
    count = len(headers)
    if not rows or not count or not all(type(h) is str and _printable(h) for h in headers):
        return None
    numeric: list[bool | None] = [None] * count  # None: no cell seen yet
    for row in rows:
        if len(row) != count:
            return None
        for i, cell in enumerate(row):
            if type(cell) is int:  # not bool, not an int subclass
                is_number = True
            elif type(cell) is str and _plain_word(cell):
                is_number = False
            else:
                return None
            if numeric[i] is None:
                numeric[i] = is_number
            elif numeric[i] is not is_number:
                return None  # numbers and words in one column: tabulate's own rules
    texts = [[str(cell) for cell in row] for row in rows]
    widths = [max(len(headers[i]) + MIN_PADDING, *(len(row[i]) for row in texts)) for i in range(count)]

    def line(cells: Sequence[str]) -> str:
        return "  ".join(cell.rjust(width) if numeric[i] else cell.ljust(width)
                         for i, (cell, width) in enumerate(zip(cells, widths))).rstrip()

    return "\n".join([line(headers), "  ".join("-" * width for width in widths), *map(line, texts)])


def _printable(text: str) -> bool:
    """ASCII without control characters or spaces at either end (tabulate strips those)."""
    return text.isascii() and text.isprintable() and text == text.strip()


def _plain_word(text: str) -> bool:
    """A cell tabulate reads as text: printable, not empty, not a number or a bool to it."""
    if not text or not _printable(text) or text in ("True", "False"):
        return False
    try:
        float(text)
    except ValueError:
        return True
    return False
