"""Cards and hand notation (RULES.md "Cards and notation"): parsing, canonical output,
round trips, the value type, parse errors with their place, and the copy limit."""

from __future__ import annotations

import dataclasses
import operator
import pickle

import pytest
from typer.testing import CliRunner

from rummycheck import Card, CardParseError, Rank, RummyError, Suit, format_cards, parse_cards, solve
from rummycheck.cards import check_copies, full_deck, parse_cards_located
from rummycheck.cli import app

EXPECTED = "expected a card like '10h' or 'H10'"


def texts(cards: tuple[Card, ...]) -> list[str]:
    return [str(c) for c in cards]


# -- every notation of RULES.md ------------------------------------------------------

@pytest.mark.parametrize(("token", "canonical"), [
    # rank then suit
    ("8s", "8s"), ("10h", "Th"), ("Th", "Th"), ("Kd", "Kd"), ("As", "As"),
    ("Qc", "Qc"), ("Jh", "Jh"), ("3d", "3d"), ("2c", "2c"),
    # suit then rank; 1 is the ace (the Basic Rummy text writes H1)
    ("H8", "8h"), ("S10", "Ts"), ("H1", "Ah"), ("DK", "Kd"), ("CQ", "Qc"), ("ST", "Ts"),
    # rank then suit with 1 for the ace
    ("1s", "As"),
    # Unicode suits, both the black and the white forms
    ("8♠", "8s"), ("10♥", "Th"), ("K♦", "Kd"), ("A♣", "Ac"),
    ("8♤", "8s"), ("10♡", "Th"), ("K♢", "Kd"), ("A♧", "Ac"),
])
def test_parse_every_rules_notation(token: str, canonical: str) -> None:
    assert str(Card.parse(token)) == canonical


@pytest.mark.parametrize("token", ["th", "TH", "tH", "Th", "10H", "10h", "h10", "H10", "hT", "Ht"])
def test_parse_any_letter_case_gives_ten_of_hearts(token: str) -> None:
    assert Card.parse(token) == Card(Rank.TEN, Suit.HEARTS)


@pytest.mark.parametrize("token", ["as", "AS", "aS", "s1", "S1", "1S", "sa", "SA"])
def test_parse_any_letter_case_gives_ace_of_spades(token: str) -> None:
    assert Card.parse(token) == Card(Rank.ACE, Suit.SPADES)


def test_parse_rules_example_line_mixing_all_notations() -> None:
    # the RULES.md list "8s 10h Th H8 S10 H1 8♠", card by card
    cards = parse_cards("8s 10h Th H8 S10 H1 8♠")
    assert texts(cards) == ["8s", "Th", "Th", "8h", "Ts", "Ah", "8s"]


def test_parse_commas_spaces_tabs_and_line_breaks_separate_cards() -> None:
    cards = parse_cards("Kd,Kh, Kc ,\t8c\n9c,,10c")
    assert texts(cards) == ["Kd", "Kh", "Kc", "8c", "9c", "Tc"]


def test_parse_comments_and_blank_lines_are_ignored() -> None:
    text = "# the opening from the rules\n\nKd Kh Kc   # three kings\n\n   \n# Z9 is only a comment\n8c 9c 10c\n"
    assert texts(parse_cards(text)) == ["Kd", "Kh", "Kc", "8c", "9c", "Tc"]


def test_parse_comment_right_after_a_card_without_space() -> None:
    assert texts(parse_cards("8s#9h")) == ["8s"]


def test_parse_windows_line_endings() -> None:
    assert texts(parse_cards("8s\r\n9h\r\n")) == ["8s", "9h"]


def test_parse_empty_and_comment_only_texts_give_no_cards() -> None:
    assert parse_cards("") == ()
    assert parse_cards("# nothing here\n\n") == ()


def test_parse_keeps_order_and_duplicates() -> None:
    assert texts(parse_cards("3h 3s 3h 3s")) == ["3h", "3s", "3h", "3s"]


def test_parse_cards_located_records_line_column_and_token() -> None:
    found = parse_cards_located("# header\n  H8,  10h\n")
    assert [(lc.line, lc.column, lc.token, str(lc.card)) for lc in found] == [
        (2, 3, "H8", "8h"),   # two spaces before it: column 3
        (2, 8, "10h", "Th"),  # "  H8,  " is 7 characters: column 8
    ]


# -- canonical output and round trips ------------------------------------------------

def test_canonical_text_is_rank_then_suit_with_t_for_ten() -> None:
    assert format_cards(parse_cards("S10 h1 dk 10C")) == "Ts Ah Kd Tc"


def test_every_card_round_trips_through_str() -> None:
    deck = full_deck()
    assert len(deck) == 52 and len(set(deck)) == 52
    for card in deck:
        assert Card.parse(str(card)) == card


def test_every_card_round_trips_through_repr_pasted_back() -> None:
    for card in full_deck():
        assert repr(card) == f"Card.parse({str(card)!r})"
        assert eval(repr(card), {"Card": Card}) == card


def test_repr_matches_style_example() -> None:
    # STYLE.md: Card.parse("10h"), str == "Th", repr == "Card.parse('Th')"
    card = Card.parse("10h")
    assert str(card) == "Th"
    assert repr(card) == "Card.parse('Th')"


def test_format_then_parse_is_lossless_for_a_two_deck_hand() -> None:
    hand = parse_cards("Kd Kh Kc 8c 9c 10c 3h 3s 3h 3s 2d Jc 5s 7c")
    assert parse_cards(format_cards(hand)) == hand


def test_full_deck_sorts_spades_hearts_diamonds_clubs_ace_low() -> None:
    deck = full_deck()
    assert str(deck[0]) == "As" and str(deck[12]) == "Ks"
    assert str(deck[13]) == "Ah" and str(deck[26]) == "Ad" and str(deck[51]) == "Kc"
    assert list(deck) == sorted(deck)


def test_rank_and_suit_enum_values_are_the_notation_characters() -> None:
    assert [r.value for r in Rank] == list("A23456789TJQK")
    assert [s.value for s in Suit] == list("shdc")
    assert Card.parse("Qd").rank is Rank.QUEEN and Card.parse("Qd").suit is Suit.DIAMONDS
    assert Card.parse("Qd").number == 12 and Card.parse("Ad").number == 1


def test_card_from_index_gives_the_deck_order_at_both_ends() -> None:
    # index = suit * 13 + rank number - 1, suits in the order s h d c
    assert str(Card.from_index(0)) == "As" and str(Card.from_index(25)) == "Kh"
    assert str(Card.from_index(26)) == "Ad" and str(Card.from_index(51)) == "Kc"


@pytest.mark.parametrize("index", [-1, -52, 52, 53, 10**6])
def test_card_from_index_refuses_an_index_outside_the_deck(index: int) -> None:
    with pytest.raises(CardParseError) as caught:
        Card.from_index(index)
    assert str(caught.value) == f"expected a card index from 0 to 51, got {index}"


def test_rank_from_number_takes_1_to_13_and_14_for_the_high_ace() -> None:
    assert Rank.from_number(1) is Rank.ACE and Rank.from_number(13) is Rank.KING
    assert Rank.from_number(14) is Rank.ACE and Rank.from_number(10) is Rank.TEN


@pytest.mark.parametrize("number", [0, -1, -13, 15, 100])
def test_rank_from_number_refuses_a_number_outside_1_to_14(number: int) -> None:
    with pytest.raises(CardParseError) as caught:
        Rank.from_number(number)
    assert str(caught.value) == f"expected a rank number from 1 (ace) to 13 (king) or 14 (high ace), got {number}"


# -- the value type ------------------------------------------------------------------

def test_card_is_frozen() -> None:
    card = Card.parse("8s")
    with pytest.raises(dataclasses.FrozenInstanceError):
        card.index = 3  # type: ignore[misc]


def test_card_has_slots_and_no_instance_dict() -> None:
    assert not hasattr(Card.parse("8s"), "__dict__")


def test_cards_compare_and_hash_by_value() -> None:
    assert Card.parse("10h") == Card.parse("H10") == Card(Rank.TEN, Suit.HEARTS)
    assert len({Card.parse("th"), Card.parse("TH"), Card.parse("10♥")}) == 1
    assert Card.parse("Ks") != Card.parse("Kh")


def test_card_comparisons_are_those_of_the_index_for_every_pair() -> None:
    # the hand-written comparisons keep the dataclass's semantics: by index, a fresh
    # Card equal to the deck's, nothing equal to or ordered against a non-card
    deck = full_deck()
    fresh = [Card(c.rank, c.suit) for c in deck]
    for a in deck:
        for b in fresh:
            i, j = a.index, b.index
            assert (a == b, a != b, a < b, a <= b, a > b, a >= b) == (i == j, i != j, i < j, i <= j, i > j, i >= j)
            assert (hash(a) == hash(b)) == (i == j)
    card = deck[0]
    assert card != card.index and card != (0,) and not card == None  # noqa: E711
    for compare in (operator.lt, operator.le, operator.gt, operator.ge):
        with pytest.raises(TypeError):
            compare(card, 0)


def test_card_survives_pickle() -> None:
    card = Card.parse("Jc")
    assert pickle.loads(pickle.dumps(card)) == card


# -- parse errors --------------------------------------------------------------------

def test_parse_error_names_file_line_column_and_token() -> None:
    # line 2 is "8c Z9 Tc": "8c " is three characters, so Z9 starts in column 4
    with pytest.raises(CardParseError) as caught:
        parse_cards("Kd Kh\n8c Z9 Tc\n", source="hand.txt")
    assert str(caught.value) == f"hand.txt:2:4: {EXPECTED}, got 'Z9'"


def test_parse_error_column_of_issue_example() -> None:
    with pytest.raises(CardParseError) as caught:
        parse_cards("# kings\n8c, Z9\n", source="hand.txt")
    # "8c, " is four characters, so Z9 starts in column 5
    assert str(caught.value) == f"hand.txt:2:5: {EXPECTED}, got 'Z9'"


@pytest.mark.parametrize(("text", "place", "token"), [
    ("Z9", "1:1", "Z9"),
    ("8s 11h", "1:4", "11h"),          # no rank 11
    ("8s 1", "1:4", "1"),              # a rank without a suit
    ("8s h", "1:4", "h"),              # a suit without a rank
    ("8s 8x", "1:4", "8x"),            # no suit x
    ("8s9h", "1:1", "8s9h"),           # two cards need a separator
    ("Ace", "1:1", "Ace"),             # words are not cards
    ("10", "1:1", "10"),
    ("0h", "1:1", "0h"),
    ("\n\n   8s  Qz", "3:8", "Qz"),    # blank lines count; 3 spaces + "8s" + 2 spaces = column 8
    ("8s\t9x", "1:4", "9x"),           # a tab is one column
    ("Kd # fine\nKh Kc K", "2:7", "K"),
    ("8s 10hh", "1:4", "10hh"),
    ("♠", "1:1", "♠"),
])
def test_parse_error_reports_place_and_bad_token(text: str, place: str, token: str) -> None:
    with pytest.raises(CardParseError) as caught:
        parse_cards(text, source="hand.txt")
    assert str(caught.value) == f"hand.txt:{place}: {EXPECTED}, got {token!r}"


def test_parse_error_is_a_value_error_and_a_rummy_error() -> None:
    with pytest.raises(CardParseError) as caught:
        parse_cards("Z9")
    assert isinstance(caught.value, RummyError)
    assert isinstance(caught.value, ValueError)


def test_card_parse_single_token_error_quotes_token() -> None:
    with pytest.raises(CardParseError) as caught:
        Card.parse("Z9")
    assert str(caught.value) == f"{EXPECTED}, got 'Z9'"


def test_default_source_name_for_text_without_file() -> None:
    with pytest.raises(CardParseError) as caught:
        parse_cards("8s X")
    assert str(caught.value) == f"<cards>:1:4: {EXPECTED}, got 'X'"


# -- more copies than the decks allow ------------------------------------------------

def test_two_copies_are_fine_with_two_decks() -> None:
    assert texts(parse_cards("8s 8s", decks=2)) == ["8s", "8s"]


def test_third_copy_with_two_decks_is_an_error_naming_card_and_count() -> None:
    with pytest.raises(CardParseError) as caught:
        parse_cards("8s 8s 9h\n8s", source="hand.txt", decks=2)
    # the third 8s is on line 2, column 1
    assert str(caught.value) == "hand.txt:2:1: the hand holds 3 copies of 8s, but 2 decks hold only 2"


def test_copy_count_is_the_whole_hands_count() -> None:
    # four copies: the message gives the total, not the count at the first excess copy
    with pytest.raises(CardParseError) as caught:
        parse_cards("Th 10h H10 th", decks=2)
    assert "holds 4 copies of Th" in str(caught.value)


def test_second_copy_with_one_deck_is_an_error() -> None:
    with pytest.raises(CardParseError) as caught:
        parse_cards("Kd 5c Kd", source="gin.txt", decks=1)
    assert str(caught.value) == "gin.txt:1:7: the hand holds 2 copies of Kd, but one deck holds only 1"


def test_copies_are_only_checked_when_decks_are_given() -> None:
    assert len(parse_cards("8s 8s 8s")) == 3


def test_check_copies_on_plain_cards_names_source() -> None:
    cards = parse_cards("Qh Qh Qh")
    with pytest.raises(CardParseError) as caught:
        check_copies(cards, decks=2, source="table")
    assert str(caught.value) == "table: the hand holds 3 copies of Qh, but 2 decks hold only 2"


def test_solve_refuses_more_copies_than_the_variant_decks() -> None:
    # gin is one deck: two queens of hearts cannot be in one hand
    with pytest.raises(CardParseError, match="2 copies of Qh"):
        solve(parse_cards("Qh Qh Qs Qd"), variant="gin")
    with pytest.raises(CardParseError, match="3 copies of Qh"):
        solve(parse_cards("Qh Qh Qh Qd"), variant="bing")


# -- the CLI reads '-' as standard input ---------------------------------------------

def test_cli_reads_hand_from_stdin() -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["solve", "-", "--variant", "gin", "--json"],
                           input="# from a pipe\nAc 2c 3c 4d 5d 6d\n7h 8h 9h 10s\n")
    assert result.exit_code == 0, result.output
    assert '"Ts"' in result.stdout  # the ten of spades is left, written canonically


def test_cli_stdin_error_names_stdin_as_the_place() -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["solve", "-"], input="Kd Kh\nKc Z9\n")
    assert result.exit_code == 2
    assert result.stderr.strip() == f"rummycheck: <stdin>:2:4: {EXPECTED}, got 'Z9'"
    assert "Traceback" not in result.output


def test_cli_stdin_copy_limit_error() -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["solve", "-"], input="8s 8s 8s 9h 10h Jh")
    assert result.exit_code == 2
    assert "3 copies of 8s" in result.stderr
