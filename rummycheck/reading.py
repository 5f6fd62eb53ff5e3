"""Reading input files: one bounded, decoding reader for every command, and TOML parsing
whose failures become located errors.

Every file rummycheck reads (hand files, scenarios, score sheets, standard input) goes
through ``read_input`` / ``read_file``: at most ``MAX_INPUT_BYTES`` are read (a hand, a
scenario or a whole score sheet is a few kilobytes; ``/dev/zero`` is not), the text is
decoded as UTF-8 (a leading byte-order mark is dropped) or as UTF-16 when it starts
with a UTF-16 byte-order mark, and every failure is a ``ReadError`` naming the file.
``parse_toml`` turns ``tomllib``'s errors, including the ones it does not expect to
raise (nesting too deep, an integer too long to convert), into one located line.

A file is opened without waiting for a writer (a named pipe nobody writes to reads as empty
instead of hanging the command), and, once a command has called ``track_reads``, every file
read is remembered (``was_read``), so that its writers refuse to overwrite any of them: a
record's house-rules file, say, given as the place to write a page.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path
from typing import Any, NoReturn

from rummycheck.errors import ReadError, RummyError, ScenarioError, located

__all__ = ["MAX_INPUT_BYTES", "ReadError", "decode_text", "never_write_a_read_file", "parse_toml", "read_file",
           "read_input", "track_reads", "was_read"]

MAX_INPUT_BYTES = 1 << 20  # 1 MiB: far more than any hand, scenario or score sheet

_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")
# Patterns of the error paths only: ``re`` compiles (and caches) them on first use, not at start-up.
_TOML_POSITION = r"\s*\(at line (\d+), column (\d+)\)\s*$"
_TOML_END = r"\s*\(at end of document\)\s*$"
_LONG_NUMBER = r"(?<![\w.])[+-]?(0x[0-9a-fA-F_]{16,}|0o[0-7_]{22,}|0b[01_]{64,}|[0-9][0-9_]{18,})"
_INT_BITS = 63  # a TOML integer is 64-bit; larger ones (a 0x... with thousands of digits) cannot even be printed


def read_input(path: str) -> tuple[str, str]:
    """(text, source name) of a file path, or of standard input for ``-``."""
    if path == "-":
        return _read_stdin(), "<stdin>"
    return read_file(path), path


#: the files read since ``track_reads`` (each command line starts it), as (device, inode, change
#: time): the writers never overwrite one.  The change time tells a file read from a later one that
#: reuses its inode; the last ``_READ_KEPT`` files are remembered.  None: not tracked (the library).
_READ: dict[tuple[int, int, int], None] | None = None
_READ_KEPT = 4096


def track_reads() -> None:
    """Remember, from now on, every file read (``was_read``), forgetting those read before: each
    command of the command line calls it first, so its writers refuse the files it reads."""
    global _READ
    _READ = {}


def read_file(path: str | Path) -> str:
    """The decoded text of the file at ``path``, read up to ``MAX_INPUT_BYTES``."""
    name = str(path)
    try:
        with _open_for_reading(path) as stream:
            _remember(os.fstat(stream.fileno()))
            data = stream.read(MAX_INPUT_BYTES + 1)
    except OSError as error:
        raise ReadError(f"cannot read {name!r}: {_reason(error)}") from None
    return decode_text(_bounded(data, name), name)


def _open_for_reading(path: str | Path) -> Any:
    """``open(path, "rb")``, except that a named pipe is opened without waiting for a writer: with
    none it then reads as empty (a plain ``open`` would wait for ever); with one (``<(...)`` in a
    shell) it is read as usual, the descriptor set back to blocking reads once open."""
    nonblocking = getattr(os, "O_NONBLOCK", 0)
    descriptor = os.open(path, os.O_RDONLY | nonblocking)
    try:
        if nonblocking:
            import fcntl  # POSIX only, where O_NONBLOCK exists

            flags = fcntl.fcntl(descriptor, fcntl.F_GETFL)
            fcntl.fcntl(descriptor, fcntl.F_SETFL, flags & ~nonblocking)
        return os.fdopen(descriptor, "rb")
    except BaseException:
        os.close(descriptor)
        raise


def _identity(status: os.stat_result) -> tuple[int, int, int]:
    return status.st_dev, status.st_ino, status.st_ctime_ns


def _remember(status: os.stat_result) -> None:
    if _READ is None:
        return
    _READ[_identity(status)] = None
    if len(_READ) > _READ_KEPT:
        del _READ[next(iter(_READ))]


def remember_read(path: str | Path) -> None:
    """Count ``path`` among the files read (``was_read``) though it was read by other means: the
    module of a plug-in bot, which Python's import reads, is an input like the rest."""
    try:
        _remember(os.stat(path))
    except OSError:
        return


def was_read(path: str | Path) -> bool:
    """Whether ``path`` is (the same file as) a file read since ``track_reads`` (False when not tracking)."""
    if _READ is None:
        return False
    try:
        return _identity(os.stat(path)) in _READ
    except OSError:
        return False


def never_write_a_read_file(path: str | Path, *, shown: str | None = None) -> None:
    """Raise ``RummyError`` when ``path`` is a file read since ``track_reads``: every writer asks
    before writing, as no command overwrites its own input.  ``shown`` names the place in the message
    (``--plot p.png``; default: the path)."""
    if was_read(path):
        raise RummyError(f"{path if shown is None else shown}: is a file this command read; input files are never "
                         "written (give another path)")


def _read_stdin() -> str:
    stream = sys.stdin
    if stream is None:
        raise ReadError("cannot read '<stdin>': standard input is closed")
    try:  # a file redirected in (`< game.txt`) is an input too: never written, even with --force
        _remember(os.fstat(stream.fileno()))
    except (OSError, ValueError, AttributeError):  # a pipe, a terminal or a test's stand-in: nothing to keep
        pass
    buffer = getattr(stream, "buffer", None)
    try:
        if buffer is None:
            return str(stream.read(MAX_INPUT_BYTES + 1))[:MAX_INPUT_BYTES + 1]
        data = buffer.read(MAX_INPUT_BYTES + 1)
    except (OSError, ValueError) as error:  # ValueError: a closed file object
        reason = _reason(error) if isinstance(error, OSError) else "standard input is closed"
        raise ReadError(f"cannot read '<stdin>': {reason}") from None
    return decode_text(_bounded(data, "<stdin>"), "<stdin>")


def _reason(error: OSError) -> str:
    if isinstance(error, IsADirectoryError):
        return "is a directory"
    return error.strerror or type(error).__name__


def _bounded(data: bytes, name: str) -> bytes:
    if len(data) > MAX_INPUT_BYTES:
        raise ReadError(f"cannot read {name!r}: larger than {MAX_INPUT_BYTES >> 20} MiB; hands, scenarios "
                        "and score sheets are a few kilobytes")
    return data


def decode_text(data: bytes, source: str) -> str:
    """Decode UTF-8 (a leading byte-order mark is dropped), or UTF-16 after a UTF-16
    byte-order mark; otherwise raise a located error naming the first byte that is not
    UTF-8 (the column counts characters)."""
    if data.startswith(_UTF16_BOMS):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError as error:
            raise ReadError(located(source, 1, 1, f"a UTF-16 byte-order mark, but not UTF-16 text "
                                                  f"({error.reason} at byte {error.start})")) from None
    bom = 3 if data.startswith(b"\xef\xbb\xbf") else 0  # a UTF-8 byte-order mark's bytes
    try:  # what "utf-8-sig" does (a leading byte-order mark dropped), without loading that codec
        return data[bom:].decode("utf-8")
    except UnicodeDecodeError as error:
        offset = error.start + bom
        line_start = data.rfind(b"\n", 0, offset) + 1
        line = data.count(b"\n", 0, offset) + 1
        column = len(data[line_start:offset].decode("utf-8", errors="replace")) + 1
        if bom and line == 1:
            column -= 1  # the byte-order mark is no character of the text
        bad = data[offset:offset + 1]
        raise ReadError(located(source, line, column, f"expected UTF-8 text, got the byte {bad!r}")) from None


def parse_toml(text: str, *, source: str) -> dict[str, Any]:
    """``tomllib.loads`` whose every failure is a ``ScenarioError`` with ``file:line:col``;
    integers beyond 64 bits are refused too."""
    import tomllib  # loaded when a file is parsed, not at start-up

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        message = str(error)
        match = re.search(_TOML_POSITION, message)
        if match:
            line, column = int(match.group(1)), int(match.group(2))
            message = message[:match.start()]
        else:
            lines = text.splitlines() or [""]
            line, column = len(lines), len(lines[-1]) + 1
            message = re.sub(_TOML_END, "", message)
        message = message[:1].lower() + message[1:]
        raise ScenarioError(located(source, line, column, f"not valid TOML: {message}")) from None
    except RecursionError:
        line, column = _position(text, _first_deep(text))
        raise ScenarioError(located(source, line, column, "not valid TOML here: arrays or tables "
                                                          "nested too deep")) from None
    except ValueError:  # an integer with thousands of digits (int() refuses to convert it)
        _too_large(text, source)
    if _has_huge_int(data):
        _too_large(text, source)
    return data


def _too_large(text: str, source: str) -> NoReturn:
    found = re.search(_LONG_NUMBER, text)
    line, column = _position(text, found.start() if found else 0)
    raise ScenarioError(located(source, line, column, "not valid TOML here: a number far too large "
                                                      "to be a count or a score")) from None


def _has_huge_int(data: object) -> bool:
    """Whether any integer in the parsed document needs more than 64 bits (walked without recursion)."""
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, int) and item.bit_length() > _INT_BITS:
            return True
    return False


def _first_deep(text: str, depth: int = 100) -> int:
    """Offset of the first bracket nested ``depth`` deep (outside strings, roughly), else 0."""
    level = 0
    for index, char in enumerate(text):
        if char in "[{":
            level += 1
            if level >= depth:
                return index
        elif char in "]}":
            level = max(0, level - 1)
    return 0


def _position(text: str, offset: int) -> tuple[int, int]:
    line_start = text.rfind("\n", 0, offset) + 1
    return text.count("\n", 0, offset) + 1, offset - line_start + 1
