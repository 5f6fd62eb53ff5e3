"""What keeps ``rummycheck solve`` quick to start: modules it does not load, and the start-up
shortcuts that must give what the longer way gives (a card token looked up in a table instead
of matched by the patterns; UTF-8 with a byte-order mark decoded without the "utf-8-sig" codec;
a variant's card points with each option read once)."""

from __future__ import annotations

import itertools
import re
import string
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummycheck import cards
from rummycheck.errors import ReadError
from rummycheck.reading import decode_text
from rummycheck.variants import Variant, get_variant

ROOT = Path(__file__).resolve().parent.parent

NOT_LOADED = ("tabulate", "tomllib", "json", "unicodedata", "encodings.utf_8_sig", "rummycheck.position",
              "rummycheck.files.scenario", "rummycheck.games.scoring")


def test_solve_does_not_load_what_it_does_not_use() -> None:
    script = ("import sys\nfrom rummycheck.cli import main\nsys.argv = ['rummycheck', 'solve', "
              "'scenarios/bing-opening.txt']\ntry:\n    main()\nexcept SystemExit:\n    pass\n"
              f"print([name for name in {NOT_LOADED!r} if name in sys.modules], file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert "  1  set     3s 3h 3h     -" in done.stdout
    assert done.stderr.strip() == "[]"


# -- card tokens: the table gives what the patterns give -------------------------------------

# (with ASCII case rules: under Unicode ones the Kelvin sign and the long s matched K and s and
# then failed the alias lookup, a traceback; now they are not cards, one line and exit 2)
_RANK_FIRST = re.compile("(10|[2-9]|1|[atjqk])([shdc♠♤♥♡♦♢♣♧])", re.IGNORECASE | re.ASCII)
_SUIT_FIRST = re.compile("([shdc♠♤♥♡♦♢♣♧])(10|[2-9]|1|[atjqk])", re.IGNORECASE | re.ASCII)


def _by_patterns(token: str) -> object:
    """The card the patterns alone give for ``token`` (the parser before the table), or what it raised."""
    try:
        for pattern, rank_group in ((_RANK_FIRST, 1), (_SUIT_FIRST, 2)):
            match = pattern.fullmatch(token)
            if match:
                rank = cards._RANK_ALIASES[match.group(rank_group).upper()]
                suit = cards._SUIT_ALIASES[match.group(3 - rank_group).lower()]
                return cards.Card(rank, suit)
        return None
    except Exception as error:  # the same failure is expected of both
        return type(error)


def _by_parser(token: str) -> object:
    try:
        return cards._parse_token(token)
    except Exception as error:
        return type(error)


# every character the patterns treat specially, their case-blind look-alikes, and some that are neither
TRICKY = "0123456789aAtTjJqQkKsShHdDcCxX♠♤♥♡♦♢♣♧ſKıİé１\u00a0"


def test_every_short_token_parses_as_the_patterns_read_it() -> None:
    tokens = itertools.chain(
        ("".join(t) for n in (1, 2, 3) for t in itertools.product(TRICKY, repeat=n)),
        ("".join(t) for n in (1, 2) for t in itertools.product(string.printable, repeat=n)),
        ["10h", "H10", "10♥", "♥10", "100h", "h100", "1010", "Ts ", " Ts"],
    )
    checked = 0
    for token in tokens:
        assert _by_parser(token) == _by_patterns(token), token
        checked += 1
    assert checked > 100_000


@settings(max_examples=2000, deadline=None)
@given(st.text(alphabet=TRICKY + string.ascii_letters, min_size=0, max_size=5))
def test_longer_tokens_parse_as_the_patterns_read_them(token: str) -> None:
    assert _by_parser(token) == _by_patterns(token)


def test_every_ascii_notation_is_in_the_table() -> None:
    for rank in cards.Rank:
        for suit in cards.Suit:
            card = cards.Card(rank, suit)
            for text in (f"{rank.value}{suit.value}", f"{suit.value}{rank.value}"):
                assert cards.Card.parse(text) == card and cards.Card.parse(text.upper()) == card
    assert cards.Card.parse("10h") == cards.Card.parse("h10") == cards.Card.parse("Th")
    assert cards.Card.parse("1s") == cards.Card.parse("S1") == cards.Card.parse("As")
    assert len(cards._ASCII_CARDS) == 15 * 4 * 2  # 13 ranks and the aliases 1 and 10, four suits, two orders


# -- UTF-8 with a byte-order mark, without the codec -----------------------------------------

def _decoded(data: bytes) -> object:
    try:
        return decode_text(data, "f.txt")
    except ReadError as error:
        return str(error)


def _by_codec(data: bytes) -> object:
    """What ``decode_text`` gave when it decoded with the "utf-8-sig" codec (the code before)."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return _decoded(data)  # the UTF-16 branch is unchanged
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        offset = error.start + (3 if data.startswith(b"\xef\xbb\xbf") else 0)
        line_start = data.rfind(b"\n", 0, offset) + 1
        line = data.count(b"\n", 0, offset) + 1
        column = len(data[line_start:offset].decode("utf-8", errors="replace")) + 1
        if data.startswith(b"\xef\xbb\xbf") and line == 1:
            column -= 1
        return f"f.txt:{line}:{column}: expected UTF-8 text, got the byte {data[offset:offset + 1]!r}"


PIECES = [b"\xef\xbb\xbf", b"\xef\xbb", b"\xef", b"Ks ", b"\n", b"\xe2\x99\xa5", b"\xe2\x99", b"\xff", b"\x80",
          b"\xc3\xa9", b"\xed\xa0\x80", b"\xf0\x9f\x82\xa1", b"a"]


@pytest.mark.parametrize("data", [b"", b"\xef\xbb\xbf", b"\xef\xbb\xbfKs Kd", b"\xef\xbb\xbf\xef\xbb\xbfKs",
                                  b"\xef\xbb\xbf\xff", b"\xef\xbb\xbfKs\n\x80", b"Ks\xef\xbb\xbf", b"\xef\xbbKs"])
def test_a_byte_order_mark_is_dropped_as_the_codec_drops_it(data: bytes) -> None:
    assert _decoded(data) == _by_codec(data)


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=8))
def test_any_bytes_decode_or_fail_as_with_the_codec(pieces: list[bytes]) -> None:
    data = b"".join(pieces)
    assert _decoded(data) == _by_codec(data)


# -- a variant's card points, each option read once ------------------------------------------

def _points_card_by_card(variant: Variant, card: cards.Card) -> int:
    """A card's points as the variant worked them out card by card (the code before)."""
    if variant.is_wild(card):
        return int(variant.get("wild_points", 0) or 0)
    if card.number == 1:
        return int(variant.get("ace_points", 1) or 0)
    if card.number >= 11:
        return int(variant.get("face_points", 10) or 0)
    return card.number


@pytest.mark.parametrize("name", ["bing", "basic", "gin"])
def test_card_points_are_those_worked_out_card_by_card(name: str) -> None:
    base = get_variant(name)
    settings_: list[dict[str, object]] = [{}] + [dict(changes) for _, changes in base.presets]
    specs = {spec.name for _, spec in base.specs()}
    for option, values in (("wild_points", (0, 25, 50)), ("ace_points", (0, 1, 11, 15)), ("face_points", (0, 10)),
                           ("wild_rank", ("none", "2"))):
        if option in specs:
            settings_ += [{option: value} for value in values if base.spec(option).type != "choice"
                          or str(value) in base.spec(option).choices]
    checked = 0
    for changes in settings_:
        variant = base.with_options(**changes)
        assert [variant.card_points(card) for card in cards.full_deck()] == \
            [_points_card_by_card(variant, card) for card in cards.full_deck()], changes
        checked += 1
    assert checked >= 6
