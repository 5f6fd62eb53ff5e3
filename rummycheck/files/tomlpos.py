"""Where things are in a TOML text: the scanner every file reader uses for its positions.

``tomllib`` reports no positions for values, so ``TomlLocator`` scans the text once and
records where every key, table header and string value starts (inside strings with
escapes too); readers turn a key path into ``file:line:col`` with it.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from rummycheck.cards import parse_cards
from rummycheck.errors import RummyError, ScenarioError
from rummycheck.position import Path_
from rummycheck.reading import parse_toml

__all__ = ["MAX_NUMBER", "SCENARIO_OR_RECORD", "SHEET_OR_SCENARIO", "WITH_EXPECT", "Problems", "TomlLocator",
           "read_toml"]

MAX_NUMBER = 1_000_000  # scores, hand sizes, stock and points: larger is a mistake, not a game


_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
#: a text longer than this is not looked at as a hand of cards (a hand file is a few lines)
_HAND_TEXT = 10_000


#: what the scenario and record readers' commands read, as the hint words it
SCENARIO_OR_RECORD = "a scenario or a record (TOML: docs/scenarios.md, docs/records.md)"
#: what ``score`` reads
SHEET_OR_SCENARIO = "a score sheet or a hand's end (TOML: docs/scoresheets.md, docs/scoring.md)"
#: what ``verify`` reads
WITH_EXPECT = "scenarios and score sheets with [expect] checks (TOML: docs/verify.md)"


def read_toml(text: str, *, source: str, wanted: str = SCENARIO_OR_RECORD) -> dict[str, Any]:
    """``reading.parse_toml``; where the text is no TOML but reads as a hand of cards (the file
    ``solve`` takes), its error says so, and what the command reads instead (``wanted``)."""
    try:
        return parse_toml(text, source=source)
    except ScenarioError as error:
        if not _reads_as_hand(text):
            raise
        raise ScenarioError(f"{error}; the file reads as a hand of cards, which 'rummycheck solve' takes: "
                            f"this command reads {wanted}") from None


def _reads_as_hand(text: str) -> bool:
    if len(text) > _HAND_TEXT:
        return False
    try:
        return bool(parse_cards(text))
    except RummyError:
        return False


class TomlLocator:
    """A small scanner over TOML text recording where keys and values start.

    Only positions are recorded; the values themselves come from ``tomllib``.  The
    scanner never raises: text it does not understand ends the scan, and lookups of paths
    it did not record fall back to the nearest enclosing path.
    """

    def __init__(self, text: str) -> None:
        self.text = text
        self.i = 0
        self.line = 1
        self.col = 1
        self.keys: dict[Path_, tuple[int, int]] = {}
        self.values: dict[Path_, tuple[int, int]] = {}
        self.string_starts: dict[Path_, tuple[int, int]] = {}  # first content character
        self.string_chars: dict[Path_, list[tuple[int, int]]] = {}  # each character, for strings with escapes
        self.array_counts: Counter[Path_] = Counter()
        try:
            self._document()
        except (IndexError, ValueError, RecursionError):
            pass

    # low-level movement
    def _peek(self, n: int = 0) -> str:
        j = self.i + n
        return self.text[j] if j < len(self.text) else ""

    def _advance(self, n: int = 1) -> None:
        for _ in range(n):
            if self.i >= len(self.text):
                return
            if self.text[self.i] == "\n":
                self.line += 1
                self.col = 1
            else:
                self.col += 1
            self.i += 1

    def _skip_space(self, newlines: bool) -> None:
        while self.i < len(self.text):
            ch = self.text[self.i]
            if ch in " \t\r" or (newlines and ch == "\n"):
                self._advance()
            elif ch == "#":
                while self.i < len(self.text) and self.text[self.i] != "\n":
                    self._advance()
            else:
                return

    def _key(self) -> list[str]:
        parts: list[str] = []
        while True:
            self._skip_space(False)
            ch = self._peek()
            if ch in "\"'":
                parts.append(self._string_value(None))
            else:
                match = _BARE_KEY.match(self.text, self.i)
                if not match:
                    raise ValueError("not a key")
                parts.append(match.group(0))
                self._advance(len(match.group(0)))
            self._skip_space(False)
            if self._peek() == ".":
                self._advance()
                continue
            return parts

    def _document(self) -> None:
        current: Path_ = ()
        while True:
            self._skip_space(True)
            if self.i >= len(self.text):
                return
            start = (self.line, self.col)
            if self._peek() == "[":
                double = self._peek(1) == "["
                self._advance(2 if double else 1)
                name = tuple(self._key())
                self._advance(2 if double else 1)
                if double:
                    index = self.array_counts[name]
                    self.array_counts[name] += 1
                    current = (*name, index)
                else:
                    current = name
                self.keys.setdefault(current, start)
                continue
            path = (*current, *self._key())
            self.keys[path] = start
            self._skip_space(False)
            if self._peek() != "=":
                raise ValueError("expected '='")
            self._advance()
            self._skip_space(False)
            self._value(path)

    def _value(self, path: Path_) -> None:
        self.values[path] = (self.line, self.col)
        ch = self._peek()
        if ch in "\"'":
            self._string_value(path)
        elif ch == "[":
            self._advance()
            index = 0
            while True:
                self._skip_space(True)
                if self._peek() == "]":
                    self._advance()
                    return
                if self._peek() == ",":
                    self._advance()
                    continue
                self.keys.setdefault((*path, index), (self.line, self.col))
                self._value((*path, index))
                index += 1
        elif ch == "{":
            self._advance()
            while True:
                self._skip_space(False)
                if self._peek() == "}":
                    self._advance()
                    return
                if self._peek() == ",":
                    self._advance()
                    continue
                start = (self.line, self.col)
                sub = (*path, *self._key())
                self.keys[sub] = start
                self._skip_space(False)
                if self._peek() != "=":
                    raise ValueError("expected '='")
                self._advance()
                self._skip_space(False)
                self._value(sub)
        else:
            while self.i < len(self.text) and self._peek() not in ",]}\n#":
                self._advance()

    def _string_value(self, path: Path_ | None) -> str:
        quote = self._peek()
        triple = self.text.startswith(quote * 3, self.i)
        self._advance(3 if triple else 1)
        if triple and self._peek() == "\n":
            self._advance()
        elif triple and self.text.startswith("\r\n", self.i):
            self._advance(2)
        if path is not None:
            self.string_starts[path] = (self.line, self.col)
        begin = self.i
        closing = quote * 3 if triple else quote
        chars: list[tuple[int, int]] = []  # where each character of the string's value is written
        escaped = False
        while self.i < len(self.text) and not self.text.startswith(closing, self.i):
            chars.append((self.line, self.col))
            if quote == '"' and self._peek() == "\\":
                escaped = True
                if triple and self.text[self.i + 1:self.text.find("\n", self.i) + 1].strip(" \t\r\n") == "":
                    chars.pop()  # a line-ending backslash: the line break and the indent vanish
                    self._advance()
                    while self._peek() in (" ", "\t", "\r", "\n") and self._peek():
                        self._advance()
                    continue
                self._advance({"u": 6, "U": 10}.get(self._peek(1), 2))
                continue
            self._advance()
        if escaped and path is not None:
            self.string_chars[path] = chars
        content = self.text[begin:self.i]
        self._advance(len(closing))
        return content


# -- the loader ---------------------------------------------------------------------------



class Problems:
    """The problems a reader finds in one TOML text, each at ``(line, column)``: a reader
    collects every problem of a file and reports them together, in order."""

    def __init__(self, text: str, source: str) -> None:
        self.source = source
        self.locator = TomlLocator(text)
        self.problems: list[tuple[int, int, str]] = []

    def at(self, path: Path_, *, key: bool = False) -> tuple[int, int]:
        """Where ``path`` is: its value (its key first with ``key``), else its key, else the
        nearest enclosing path's; ``(1, 1)`` when nothing encloses it."""
        keys, values = self.locator.keys, self.locator.values
        while path:
            if key and path in keys:
                return keys[path]
            if path in values:
                return values[path]
            if path in keys:
                return keys[path]
            path = path[:-1]
        return (1, 1)

    def problem(self, path: Path_, message: str, *, key: bool = False) -> None:
        line, column = self.at(path, key=key)
        self.problems.append((line, column, message))
