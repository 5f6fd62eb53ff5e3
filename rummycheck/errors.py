"""The exceptions rummycheck raises for bad input and illegal plays.

Every error is a ``ValueError`` so callers that only care about "the input was
wrong" can catch one type; the subclasses say which kind of input.
"""

from __future__ import annotations


class RummyError(ValueError):
    """Base class of every error rummycheck raises on purpose."""


class CardParseError(RummyError):
    """A token is not a card, or a hand holds more copies than the decks allow."""


class VariantError(RummyError):
    """An unknown variant, an unknown rule option or a bad option value."""


class ScenarioError(RummyError):
    """A scenario or score-sheet file is malformed or inconsistent."""


class CannotTell(ScenarioError):
    """A verdict depends on cards that are not known; the message names them and the rule."""


class IllegalPlayError(RummyError):
    """A play breaks a rule; the message names the rule id."""


def located(source: str, line: int, column: int, message: str) -> str:
    """Format ``message`` with a ``file:line:column:`` prefix."""
    return f"{source}:{line}:{column}: {message}"
