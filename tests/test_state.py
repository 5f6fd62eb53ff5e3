"""GameState: verify/can/apply per action, records, and whole-state validation."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from rummycheck.cards import Card, parse_cards
from rummycheck.cli import app
from rummycheck.files.scenario import load_scenario
from rummycheck.melds import Meld, MeldKind
from rummycheck.position import TableMeld
from rummycheck.table.actions import ActionKind
from rummycheck.table.state import GameState, IllegalPlay, PlayerState
from rummycheck.variants import get_variant

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"


def test_state_bing_opening_applies_and_returns_record() -> None:
    state = GameState.from_scenario(load_scenario(SCENARIOS / "bing-opening.toml"))
    melds = [Meld.natural(MeldKind.SET, parse_cards("Kd Kh Kc")), Meld.natural(MeldKind.RUN, parse_cards("8c 9c Tc")),
             Meld.natural(MeldKind.SET, parse_cards("3h 3s 3h 3s"))]
    assert state.can_lay_down(melds)
    record = state.lay_down(melds)
    assert record.kind is ActionKind.LAY_DOWN and record.player == "A"
    assert [r.rule for r in record.reasons] == ["BING-SET", "BING-RUN", "BING-SET", "BING-OPEN", "BING-LIMIT"]
    # 14 - 10 melded = 4 cards left: 2d Jc 5s 7d
    assert sorted(state.players[0].hand) == sorted(parse_cards("2d Jc 5s 7d"))
    assert state.players[0].opened and len(state.table) == 4 and state.table[-1].number == 4
    assert state.problems() == []
    # a meld turn has no discard (BING-MELD-TURN), it ends with end_turn
    assert not state.can_discard(Card.parse("5s"))
    state.end_turn()
    assert state.player.name == "B"


def test_state_verify_raises_with_every_broken_rule() -> None:
    state = GameState.from_scenario(load_scenario(SCENARIOS / "bing-limit-63.toml"))
    state.draw_stock(Card.parse("Ac"))
    two = [Meld.natural(MeldKind.SET, parse_cards("Kd Kh Kc")), Meld.natural(MeldKind.RUN, parse_cards("8c 9c Tc"))]
    with pytest.raises(IllegalPlay) as info:
        state.verify_lay_down(two)
    # drew this turn, only two melds, and 63 + (3h 3s 3h 4s 5s 6s 7d 5d = 36, Ac = 15: 51) = 114 > 75
    assert info.value.rules == ("BING-MELD-TURN", "BING-OPEN", "BING-LIMIT")
    assert "63 + 51 left = 114 > 75" in str(info.value)


def test_state_problems_collects_every_inconsistency() -> None:
    basic = get_variant("basic")
    bad_run = Meld.natural(MeldKind.RUN, parse_cards("5h 6h 8h"))
    state = GameState(variant=basic, players=[
        PlayerState("A", hand=parse_cards("Kd Kd 4c")),
        PlayerState("B", score=-1, unknown=7, opened=False),
    ], table=[TableMeld(1, bad_run, "B")])
    problems = state.problems()
    assert any(p.startswith("Kd appears 2 times") for p in problems)
    assert any(p.startswith("table meld 1 (5h 6h 8h)") for p in problems)
    assert any("belongs to B, who has not opened" in p for p in problems)
    assert any("negative score" in p for p in problems)
    # A has not opened and holds 3, not the 10 dealt (BASIC-DECK)
    assert any(p.startswith("A holds 3 cards") and "BASIC-DECK" in p for p in problems)


def test_state_gin_knock_then_defender_lays_off_then_finish() -> None:
    state = GameState.from_scenario(load_scenario(SCENARIOS / "gin-knock.toml"))
    record = state.knock(Card.parse("Kd"))
    assert record.fact("deadwood") == 10 and state.phase == "layoff" and state.player.name == "B"
    assert not state.can_draw_stock()  # only lay-offs remain (GIN-LAYOFF)
    state.finish()
    assert state.phase == "over"


def test_cli_solve_scenario_lays_off() -> None:
    result = CliRunner().invoke(app, ["solve", str(SCENARIOS / "bing-opening-layoffs.toml")])
    assert result.exit_code == 0
    assert "lay-offs: Ks on table meld 1, 7c on table meld 2, Jc on table meld 2, 3d on table meld 3" in result.output
    assert "left in hand: none (0 points)" in result.output


def test_an_action_kind_given_as_text_is_that_kind_and_an_unknown_one_is_refused() -> None:
    """ActionKind is a StrEnum, so Action("pass", "A") equals the real action; the judge used to treat
    any kind it did not recognise as "finish" (ending a hand after a knock)."""
    from rummycheck.errors import RummyError
    from rummycheck.table.actions import Action, ActionKind
    from rummycheck.table.hand import new_hand

    state = new_hand("gin", seed=7)
    text = Action("pass", state.player.name)  # type: ignore[arg-type]
    assert state.can(text) and state.apply(text) == state.apply(Action(ActionKind.PASS, state.player.name))
    for kind in ("bogus", 3):
        with pytest.raises(RummyError, match="no such action"):
            state.apply(Action(kind, state.player.name))  # type: ignore[arg-type]
