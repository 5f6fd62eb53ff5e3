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


class HouseRulesUnreadable(VariantError):
    """A house-rules file that cannot be read at all (missing, a folder, too large, not text): the
    file naming it is the place to point at, not the house-rules file's own lines."""


class ScenarioError(RummyError):
    """A scenario or score-sheet file is malformed or inconsistent."""


class CannotTell(ScenarioError):
    """A verdict depends on cards that are not known; the message names them and the rule,
    ``rule`` is that rule's id."""

    def __init__(self, message: str, rule: str = "") -> None:
        super().__init__(message)
        self.rule = rule


class IllegalPlayError(RummyError):
    """A play breaks a rule; the message names the rule id."""


class ReadError(RummyError):
    """An input file cannot be read: missing, unreadable, too large or not text."""


class PlaySyntaxError(RummyError):
    """The text of a play cannot be read."""


class ExpectValueError(ScenarioError):
    """An [expect] value of the wrong shape (a mistake in the file, not a failed check)."""


class RecordError(ScenarioError):
    """A record file is malformed: bad TOML, unknown keys, bad cards, an action that cannot be read."""


class ActionSyntaxError(RecordError):
    """An action string cannot be read; ``offset`` is the 0-based column of the bad part in the string."""

    def __init__(self, offset: int, detail: str) -> None:
        self.offset = offset
        self.detail = detail
        super().__init__(detail)


def located(source: str, line: int, column: int, message: str) -> str:
    """Format ``message`` with a ``file:line:column:`` prefix."""
    return f"{source}:{line}:{column}: {message}"


class HandSizeError(RummyError):
    """A hand holds more (or, in gin, fewer) cards than the game can deal a player."""


class SolverGaveUpError(RummyError):
    """A search solver (z3, constraint) ran out of its time budget; the message says which and why."""


class SimulationError(RummyError):
    """A simulation cannot be set up as asked, or its bots cannot finish a hand."""


class BotError(SimulationError):
    """A bot cannot be found, imported or built, does not fit the game, or misbehaved in a game:
    it raised, gave an answer of the wrong kind, broke a rule, or took too long.  ``bot``,
    ``seat`` and ``method`` say who and where when a game was under way (empty otherwise);
    ``rule`` is the rule id an illegal answer broke."""

    def __init__(self, message: str, *, bot: str = "", seat: str = "", method: str = "", rule: str = "") -> None:
        super().__init__(message)
        self.bot = bot
        self.seat = seat
        self.method = method
        self.rule = rule
