"""Record values: a whole hand or game as data (the deal of each hand and its actions).

Read and written by ``rummycheck.files.record`` (``docs/records.md``); replayed by
``rummycheck.table.replay``; a simulated game becomes one too (``rummycheck.sim.as_record``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rummycheck.cards import Card
from rummycheck.position import where
from rummycheck.variants import OptionValue, Variant, get_variant, resolve_house_rules

__all__ = ["HandRecord", "Path_", "Record", "RecordAction", "name_problem"]

Path_ = tuple[str | int, ...]


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a player's name in a record, or None: a name is one word (it
    starts each action), not empty, not starting with ``#``, and text a file can hold (no lone
    surrogate: what Python makes of a byte of the command line that is not UTF-8, which a record
    would have written as another character).  The record reader's rule, and the deal's
    (``table.hand.seats_for``): no hand is made with a name its record could not hold."""
    if not name or any(c.isspace() for c in name) or name.startswith("#"):
        return f"a player's name is one word (it starts each action), got {name!r}"
    if any("\ud800" <= c <= "\udfff" for c in name):
        return f"a player's name must be UTF-8 text (a byte of it is not), got {name!r}"
    return None


@dataclass(frozen=True, slots=True)
class RecordAction:
    """One action string: ``actor`` and the play in the ``--play`` words, as written.

    ``line`` and ``column`` are where the text starts in the file (0 when built in code);
    ``comment`` is a trailing ``# comment`` on the action's line, without the ``#``.
    """

    text: str
    comment: str = ""
    line: int = field(default=0, compare=False)
    column: int = field(default=0, compare=False)

    @property
    def actor(self) -> str:
        return self.text.split(maxsplit=1)[0] if self.text.split() else ""

    @property
    def play_text(self) -> str:
        parts = self.text.split(maxsplit=1)
        return parts[1] if len(parts) > 1 else ""


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One hand: its deal and its actions.

    ``cards`` holds the dealt hands by player (seat order; ``None`` marks an unknown card);
    players out of the game (Bing) have no entry.  ``stock`` is the stock from the top
    down as far as known (the rest unknown); ``restock`` (basic) the order of each
    renewed stock (BASIC-STOCK), when known.  ``dealer`` is None when the hand follows the
    default rotation.  ``scores`` are the running scores after the hand as the record
    states them (checked by replay), ``buyback`` the Bing players who buy back in.
    """

    cards: tuple[tuple[str, tuple[Card | None, ...]], ...]
    upcard: Card | None = None
    dealer: str | None = None
    cut: Card | None = None
    stock: tuple[Card | None, ...] = ()
    restock: tuple[tuple[Card | None, ...], ...] = ()
    actions: tuple[RecordAction, ...] = ()
    buyback: tuple[str, ...] = ()
    scores: tuple[tuple[str, int], ...] | None = None
    note: str = ""

    def hand_of(self, name: str) -> tuple[Card | None, ...] | None:
        return dict(self.cards).get(name)


@dataclass(frozen=True, slots=True)
class Record:
    """A checked record: the game's rules and players, then each hand."""

    variant_name: str
    players: tuple[str, ...]
    hands: tuple[HandRecord, ...]
    dealer: str
    preset: str | None = None
    rules: tuple[tuple[str, OptionValue], ...] = ()
    seed: int | None = None
    start: tuple[tuple[str, int], ...] = ()
    title: str = ""
    description: str = ""
    source: str = field(default="<record>", compare=False)
    positions: dict[Path_, tuple[int, int]] = field(default_factory=dict, compare=False, hash=False, repr=False)

    @property
    def variant(self) -> Variant:
        """The rules in force: the variant (or house-rules file, relative to the record), preset, [rules]."""
        base = get_variant(resolve_house_rules(self.variant_name, self.source), preset=self.preset)
        return base.with_options(**dict(self.rules)) if self.rules else base

    def where(self, *path: str | int) -> str:
        """``file:line:col`` of the key or value at ``path``, or of its nearest enclosing key."""
        return where(self.source, self.positions, tuple(path))

    def action_where(self, hand: int, action: int) -> str:
        """``file:line:col`` of action ``action`` (1-based) of hand ``hand`` (1-based)."""
        act = self.hands[hand - 1].actions[action - 1]
        if act.line:
            return f"{self.source}:{act.line}:{act.column}"
        return self.where("hand", hand - 1, "actions")
