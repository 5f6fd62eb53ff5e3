"""The Python library refuses arguments of the wrong kind with an error that names them.

Found by an outside audit of the library (2026-12-07): these raised ``AttributeError`` from deep
inside (``parse_cards(None)``, ``observe("x", 0)``), read text as a list of one-letter cards
(``solve("Kd Kh ...")`` complained of three copies of "K"), or accepted values that make no sense
(a running score of ``nan``, ``min_players`` above ``max_players``, the players "AB" read as A and B).
"""

from __future__ import annotations

from pathlib import Path

import pytest

import rummycheck as r
from rummycheck.errors import RummyError, VariantError

HAND = "Kd Kh Kc 8c 9c Tc 3h 3s 3h 3s 7c Jc 2d 5s"


@pytest.mark.parametrize("text", [None, 5, b"Kd Kh", ["Kd"]])
def test_parse_cards_takes_text(text: object) -> None:
    with pytest.raises(TypeError, match="cards are parsed from text like 'Kd Kh Kc', not from"):
        r.parse_cards(text)  # type: ignore[arg-type]


def test_solve_takes_cards_not_text() -> None:
    with pytest.raises(TypeError, match=r"solve takes cards, not text"):
        r.solve(HAND, variant="bing")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="solve takes Card values"):
        r.solve([1, 2, 3], variant="bing")  # type: ignore[list-item]


@pytest.mark.parametrize("score", [float("nan"), 1.5, "63", None, True])
def test_solve_takes_a_whole_running_score(score: object) -> None:
    with pytest.raises(TypeError, match="the running score is a whole number"):
        r.solve(r.parse_cards(HAND), variant="bing", score=score)  # type: ignore[arg-type]


def test_solve_refuses_a_negative_running_score() -> None:
    with pytest.raises(RummyError, match="a running score cannot be negative, got -5"):
        r.solve(r.parse_cards(HAND), variant="bing", score=-5)
    # and a real score still solves (the package's own example: every card melds, 63 + 0 <= 75)
    solution = r.solve(r.parse_cards(HAND), variant="bing", score=63)
    assert solution.legal and solution.deadwood_points == 0


def test_get_variant_refuses_fewer_players_allowed_than_needed(tmp_path: Path) -> None:
    with pytest.raises(VariantError, match="min_players 6 is more than max_players 3"):
        r.get_variant("bing", min_players=6, max_players=3)
    club = tmp_path / "club.toml"
    club.write_text('name = "club"\nextends = "bing"\n[rules]\nmin_players = 6\nmax_players = 3\n', encoding="utf-8")
    # line 4 'min_players = 6': the key at column 1
    with pytest.raises(VariantError, match=rf"^{club}:4:1: min_players 6 is more than max_players 3"):
        r.get_variant(club)


def test_observe_takes_a_game_state() -> None:
    with pytest.raises(TypeError, match="observe takes a GameState"):
        r.observe("x", 0)  # type: ignore[arg-type]


def test_new_sheet_takes_a_list_of_names() -> None:
    with pytest.raises(TypeError, match="players are a list of names"):
        r.new_sheet("gin", "AB")
    assert [p.name for p in r.new_sheet("gin", ["A", "B"]).players] == ["A", "B"]
