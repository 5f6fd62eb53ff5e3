"""Text that came from a file, made safe to print on a terminal.

A scenario title, a player name or a bad token is the file's author's text; printed raw
it could hold terminal escape sequences (ESC ``[2J``, a C1 ``CSI``), a carriage return
that overwrites the line, or bidirectional overrides that reorder it.  ``escape`` turns
every such character into a visible ``\\x1b`` / ``\\u202e`` escape and keeps line
breaks; ``shorten`` cuts an echoed token to a readable length.  JSON output escapes the
C0 controls itself; ``escape_json`` adds DEL, the C1 controls and the format characters.

>>> escape("A\\x1b[31mB")
'A\\\\x1b[31mB'
>>> shorten("x" * 100, 10)
"'xxxxxxxxxx...' (100 characters)"
"""

from __future__ import annotations

__all__ = ["brief", "escape", "escape_json", "shorten"]

_UNSAFE_CATEGORIES = ("Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn")
_SAFE_TABLE: dict[str, str] = {}


def _unsafe(char: str, keep: str) -> bool:
    if char in keep:
        return False
    if char < " " or "\x7f" <= char <= "\x9f":
        return True
    if char <= "\x9f":
        return False
    import unicodedata  # here, not at the top: most text is printable and the start-up stays light

    return unicodedata.category(char) in _UNSAFE_CATEGORIES


def _escaped(char: str) -> str:
    code = ord(char)
    if code <= 0xFF:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def escape(text: str, *, keep: str = "\n") -> str:
    """``text`` with every control or format character written as a visible escape."""
    if text.isprintable():
        return text
    return "".join(_escaped(c) if _unsafe(c, keep) else c for c in text)


def escape_json(text: str) -> str:
    """JSON text (C0 controls already escaped by ``json``) with DEL, C1 and format
    characters written as ``\\uXXXX`` escapes, which a JSON reader turns back."""
    if text.isascii() and "\x7f" not in text:
        return text
    import json  # only JSON output needs it

    return "".join(json.dumps(c)[1:-1] if _unsafe(c, "\n\t") else c for c in text)


def shorten(token: str, limit: int = 40) -> str:
    """``repr(token)``, cut to ``limit`` characters with the full length said when longer."""
    if len(token) <= limit:
        return repr(token)
    shown = repr(token[:limit])
    return f"{shown[:-1]}...{shown[-1]} ({len(token)} characters)"


def brief(value: object, limit: int = 60) -> str:
    """``repr(value)``, cut to ``limit`` characters with the full length said when longer."""
    shown = repr(value)
    if len(shown) <= limit:
        return shown
    return f"{shown[:limit]}... ({len(shown)} characters)"
