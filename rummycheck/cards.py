"""Cards: ranks, suits, the frozen ``Card`` value type and the hand parser.

Canonical notation is rank then suit, one character each: ``As 2h 9d Tc Jc Qd Ks``
(``T`` is the ten, the suit is lower case).  The parser also accepts ``10h``,
suit-first ``H8 S10 H1`` (``1`` is the ace), any letter case and the Unicode
suits ``8♠ 10♥ K♦ A♣``.

>>> Card.parse("10h")
Card.parse('Th')
>>> str(Card.parse("H1"))
'Ah'
>>> [str(c) for c in parse_cards("8s, 10h  # a comment\\nK♦")]
['8s', 'Th', 'Kd']
"""

from __future__ import annotations

import enum
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import field

from rummycheck.errors import CardParseError, located
from rummycheck.frozen import dataclass
from rummycheck.textsafe import shorten

__all__ = [
    "CARD_TOKEN",
    "Card",
    "LocatedCard",
    "Rank",
    "Suit",
    "check_copies",
    "format_cards",
    "full_deck",
    "parse_cards",
    "parse_cards_located",
]


class Rank(enum.Enum):
    """A card rank; the value is its one-character notation."""

    ACE = "A"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "T"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"

    @property
    def number(self) -> int:
        """1 for the ace up to 13 for the king."""
        return _RANK_NUMBER[self]

    @classmethod
    def from_number(cls, number: int) -> Rank:
        """The rank numbered ``number`` (1 = ace ... 13 = king; 14 is the high ace)."""
        if number == 14:
            return cls.ACE
        try:
            if number > 0:
                return _RANKS[number - 1]
        except IndexError:
            pass
        raise CardParseError(f"expected a rank number from 1 (ace) to 13 (king) or 14 (high ace), got {number!r}")

    def __str__(self) -> str:
        return self.value


class Suit(enum.StrEnum):
    """A suit; the value is its lower-case letter."""

    SPADES = "s"
    HEARTS = "h"
    DIAMONDS = "d"
    CLUBS = "c"

    @property
    def index(self) -> int:  # type: ignore[override]  # shadows str.index on purpose
        """0 for spades, 1 hearts, 2 diamonds, 3 clubs (the order cards sort in)."""
        return _SUIT_INDEX[self]

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOL[self]


_RANKS: tuple[Rank, ...] = tuple(Rank)
_RANK_NUMBER = {rank: i + 1 for i, rank in enumerate(_RANKS)}
_SUITS: tuple[Suit, ...] = tuple(Suit)
_SUIT_INDEX = {suit: i for i, suit in enumerate(_SUITS)}
_SUIT_SYMBOL = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}

_RANK_ALIASES: dict[str, Rank] = {r.value: r for r in _RANKS}
_RANK_ALIASES.update({"1": Rank.ACE, "10": Rank.TEN})
_SUIT_ALIASES: dict[str, Suit] = {s.value: s for s in _SUITS}
_SUIT_ALIASES.update({"♠": Suit.SPADES, "♤": Suit.SPADES, "♥": Suit.HEARTS, "♡": Suit.HEARTS,
                      "♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS, "♣": Suit.CLUBS, "♧": Suit.CLUBS})

_RANK_RE = "(10|[2-9]|1|[atjqk])"
_SUIT_RE = "([shdc♠♤♥♡♦♢♣♧])"
# A token in another script goes through these (compiled on first use, by ``re``'s own cache).
_RANK_FIRST = f"{_RANK_RE}{_SUIT_RE}"
_SUIT_FIRST = f"{_SUIT_RE}{_RANK_RE}"
CARD_TOKEN = re.compile(r"[^\s,#]+")  # one card token in a text of cards: the one tokenizer

EXPECTED = "expected a card like '10h' or 'H10'"


@dataclass(frozen=True, slots=True)
class Card:
    """One playing card.  Immutable; sorts by suit, then rank (ace low).

    Equality, order and hash are those of ``index`` alone, written by hand: cards are
    compared millions of times (sorting, ``in``, ``list.remove``) and the methods the
    dataclass would generate build a tuple on each side of every comparison.
    """

    index: int  # suit.index * 13 + rank.number - 1, the sort key
    bit: int = field(compare=False, repr=False)  # 1 << index, for the fast bitmask paths

    def __init__(self, rank: Rank, suit: Suit) -> None:
        index = suit.index * 13 + rank.number - 1
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "bit", 1 << index)

    @property
    def rank(self) -> Rank:
        return _RANKS[self.index % 13]

    @property
    def suit(self) -> Suit:
        return _SUITS[self.index // 13]

    @property
    def number(self) -> int:
        """The rank number: 1 for the ace up to 13 for the king."""
        return self.index % 13 + 1

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card at ``index`` of the deck's sort order (0 = As ... 51 = Kc)."""
        try:  # one comparison on the way through: a hot path of the solvers and the bots
            if index >= 0:
                return _BY_INDEX[index]
        except IndexError:
            pass
        raise CardParseError(f"expected a card index from 0 to 51, got {index!r}")

    @classmethod
    def parse(cls, token: str) -> Card:
        """Parse one card in any accepted notation; raise ``CardParseError`` if it is not one."""
        card = _parse_token(token)
        if card is None:
            raise CardParseError(f"{EXPECTED}, got {shorten(token)}")
        return card

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        if other.__class__ is Card:
            return self.index == other.index
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        if other.__class__ is Card:
            return self.index != other.index
        return NotImplemented

    def __lt__(self, other: Card) -> bool:
        if other.__class__ is Card:
            return self.index < other.index
        return NotImplemented

    def __le__(self, other: Card) -> bool:
        if other.__class__ is Card:
            return self.index <= other.index
        return NotImplemented

    def __gt__(self, other: Card) -> bool:
        if other.__class__ is Card:
            return self.index > other.index
        return NotImplemented

    def __ge__(self, other: Card) -> bool:
        if other.__class__ is Card:
            return self.index >= other.index
        return NotImplemented

    def __str__(self) -> str:
        return _TEXT[self.index]  # rank.value + suit.value, made once per card (records and reasons name cards)

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


_BY_INDEX: tuple[Card, ...] = tuple(Card(r, s) for s in _SUITS for r in _RANKS)
_TEXT: tuple[str, ...] = tuple(r.value + s.value for s in _SUITS for r in _RANKS)  # by index

# Every ASCII token the patterns take, lower-cased, and its card: rank then suit and suit then rank.
# On an ASCII token the case-blind patterns match exactly these (their only case-blind matches
# outside ASCII, the Kelvin sign for k and the long s for s, are not ASCII), so a table lookup gives
# the same card without compiling the patterns at start-up.
_ASCII_CARDS: dict[str, Card] = {}
for _rank_text, _rank in _RANK_ALIASES.items():
    for _suit in _SUITS:
        _card = _BY_INDEX[_suit.index * 13 + _rank.number - 1]
        _ASCII_CARDS[_rank_text.lower() + _suit.value] = _ASCII_CARDS[_suit.value + _rank_text.lower()] = _card
del _rank_text, _rank, _suit, _card


def _parse_token(token: str) -> Card | None:
    if token.isascii():
        return _ASCII_CARDS.get(token.lower())
    for pattern, rank_group in ((_RANK_FIRST, 1), (_SUIT_FIRST, 2)):
        # ASCII case rules only: the Kelvin sign or the long s must not pass for a K or an s
        match = re.fullmatch(pattern, token, re.IGNORECASE | re.ASCII)
        if match:
            rank = _RANK_ALIASES[match.group(rank_group).upper()]
            suit = _SUIT_ALIASES[match.group(3 - rank_group).lower()]
            return _BY_INDEX[suit.index * 13 + rank.number - 1]
    return None


@dataclass(frozen=True, slots=True)
class LocatedCard:
    """A parsed card with where it was written (1-based line and column)."""

    card: Card
    line: int
    column: int
    token: str


def parse_cards_located(text: str, *, source: str = "<cards>") -> list[LocatedCard]:
    """Parse a hand text, keeping each card's position for later error messages."""
    if not isinstance(text, str):
        raise TypeError(f"cards are parsed from text like 'Kd Kh Kc', not from {type(text).__name__}")
    found: list[LocatedCard] = []
    for line_number, line in enumerate(text.splitlines(), start=1):
        content = line.split("#", 1)[0]
        for match in CARD_TOKEN.finditer(content):
            token = match.group(0)
            card = _parse_token(token)
            if card is None:
                raise CardParseError(
                    located(source, line_number, match.start() + 1, f"{EXPECTED}, got {shorten(token)}")
                )
            found.append(LocatedCard(card, line_number, match.start() + 1, token))
    return found


def parse_cards(text: str, *, source: str = "<cards>", decks: int | None = None) -> tuple[Card, ...]:
    """Parse cards separated by spaces or commas; ``#`` starts a comment.

    With ``decks``, more copies of a card than that many decks hold is an error.
    """
    located_cards = parse_cards_located(text, source=source)
    if decks is not None:
        check_copies(located_cards, decks=decks, source=source)
    return tuple(lc.card for lc in located_cards)


def check_copies(cards: Iterable[Card | LocatedCard], *, decks: int, source: str = "<cards>",
                 what: str = "the hand") -> None:
    """Raise ``CardParseError`` if any card occurs more often than ``decks`` decks hold; the message
    starts with ``source`` (or the card's place in it), unless ``source`` is empty (cards from no text)."""
    items = list(cards)
    plain = [item.card if isinstance(item, LocatedCard) else item for item in items]
    seen: Counter[Card] = Counter()
    for item, card in zip(items, plain):
        seen[card] += 1
        if seen[card] > decks:
            deck_words = "one deck holds" if decks == 1 else f"{decks} decks hold"
            message = f"{what} holds {plain.count(card)} copies of {card}, but {deck_words} only {decks}"
            if isinstance(item, LocatedCard):
                raise CardParseError(located(source, item.line, item.column, message))
            raise CardParseError(f"{source}: {message}" if source else message)


def full_deck() -> tuple[Card, ...]:
    """The 52 cards of one deck in sort order."""
    return _BY_INDEX


def format_cards(cards: Iterable[Card]) -> str:
    """Cards in canonical notation separated by single spaces."""
    return " ".join(str(c) for c in cards)
