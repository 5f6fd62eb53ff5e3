"""Simulated games are records: written, read back unchanged, and replayed through the one judge."""

from __future__ import annotations

from pathlib import Path

import pytest

from rummycheck.files.record import parse_record, write_record
from rummycheck.sim.as_record import to_record
from rummycheck.sim.bots import bot_class
from rummycheck.sim.engine import play_game
from rummycheck.sim.record_out import game_to_record_dict
from rummycheck.table.replay import replay
from rummycheck.variants import get_variant


@pytest.mark.parametrize(("name", "bots", "deals"), [
    ("gin", ("knock", "random"), 12),
    ("gin", ("gin", "knock-at-5"), 8),
    ("basic", ("eager", "patient"), 12),
    ("basic", ("random", "eager"), 8),
    ("bing", ("early", "common", "sandbag"), 3),
])
def test_simulated_games_replay_as_records_with_their_scores(name: str, bots: tuple[str, ...], deals: int) -> None:
    variant = get_variant(name)
    for deal in range(deals):
        outcome = play_game(variant, [bot_class(b)() for b in bots], seed=1, deal=deal, labels=bots, record=True)
        assert outcome.record is not None
        record = to_record(game_to_record_dict(outcome.record))
        text = write_record(record)
        assert write_record(parse_record(text, source="sim.toml")) == text
        result = replay(parse_record(text, source="sim.toml"))
        assert result.illegal is None, (deal, result.illegal)
        assert result.ok, (deal, result.mismatches)  # the running scores the simulation wrote agree


def test_basic_stalemate_is_not_called_in_the_middle_of_a_turn() -> None:
    # found by replaying a simulated game (eager against patient, seed 1, deal 4): after
    # drawing and laying off, A held one card; the stalemate check, which reasons about the
    # start of a turn, ended the hand there, though discarding that card goes out (BASIC-OUT)
    variant = get_variant("basic")
    bots = ("eager", "patient")
    outcome = play_game(variant, [bot_class(b)() for b in bots], seed=1, deal=4, labels=bots, record=True)
    assert outcome.record is not None
    assert replay(to_record(game_to_record_dict(outcome.record))).ok


def test_the_strategy_check_tells_the_bots_apart() -> None:
    from rummycheck.sim.strategy import strategy_problems

    variant = get_variant("bing")
    bots = ("early", "common", "sandbag")
    outcome = play_game(variant, [bot_class(b)() for b in bots], seed=2, deal=0, labels=bots, record=True)
    assert outcome.record is not None
    game = game_to_record_dict(outcome.record)
    assert strategy_problems(game, variant) == []
    # the same moves credited to the wrong strategies break them
    swapped = dict(game, bots=["sandbag", "early", "common"])
    assert strategy_problems(swapped, variant)


def test_bing_bots_do_not_throw_back_a_copy_of_the_card_they_took() -> None:
    # seed 1, deal 95: two Bing bots left in the game took the 3h (or 3d) from the pile and threw
    # the other copy back, turn after turn, until the engine's turn cap; the record of that game
    # could not replay (no rule ends such a hand).  The bots now keep the card they took.
    bots = ("early", "common", "sandbag", "common")
    outcome = play_game(get_variant("bing"), [bot_class(b)() for b in bots], seed=1, deal=95, labels=bots, record=True)
    assert outcome.record is not None
    result = replay(parse_record(write_record(to_record(game_to_record_dict(outcome.record))), source="sim.toml"))
    assert result.illegal is None and result.ok


def test_records_simulated_under_a_house_rules_file_replay(tmp_path: Path) -> None:
    """A house variant's own name is no variant ``get_variant`` knows, so its records name the
    shipped variant of its game and carry the house's options (they once named the club, and
    replay refused them)."""
    from typer.testing import CliRunner

    from rummycheck.cli import app
    from rummycheck.files.record import load_record

    club = tmp_path / "club.toml"
    club.write_text('name = "club"\nextends = "gin"\n[rules]\nknock_limit = 7\n', encoding="utf-8")
    out = CliRunner().invoke(app, ["simulate", "--variant", str(club), "--bots", "knock,gin", "--games", "4",
                                   "--records", str(tmp_path / "recs")])
    assert out.exit_code == 0, out.output
    written = sorted((tmp_path / "recs").glob("*.toml"))
    assert written
    for path in written:
        record = load_record(str(path))
        assert record.variant.name == "gin" and record.variant.option("knock_limit") == 7
        assert replay(record).illegal is None


def test_a_simulated_bing_game_with_buy_backs_replays_legal() -> None:
    """A busted player who buys back in (BING-BUYBACK) must be in the record's hand (``buyback``):
    without it the judge finds the bust final and refuses the next deal. Seeds are tried until a
    game has a buy-back; the written record, read back, replays with every score as simulated."""
    variant = get_variant("bing")
    bots = ["early", "common", "sandbag", "early"]
    for deal in range(20):
        outcome = play_game(variant, [bot_class(b)() for b in bots], seed=5, deal=deal, buybacks=1, record=True)
        assert outcome.record is not None
        bought = [h["buyback"] for h in outcome.record["hands"] if h["buyback"]]
        if not bought:
            continue
        record = parse_record(write_record(to_record(game_to_record_dict(outcome.record))))
        assert any(hand.buyback for hand in record.hands)
        result = replay(record)
        assert result.ok, result
        break
    else:
        pytest.fail("no buy-back in 20 games")
