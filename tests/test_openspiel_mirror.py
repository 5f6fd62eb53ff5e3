"""bench/openspiel_mirror.py: the rummycheck GameState rebuilt from OpenSpiel's history agrees with
OpenSpiel at every decision of our seat, says so when it does not (a wrong preset, a wrong card),
and lets an ``mc`` bot play a hand inside OpenSpiel."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel")

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

# bench/ is on sys.path only at run time (above), not on mypy's search path: import-not-found there
from openspiel_duel import play, wants_mirror  # type: ignore[import-not-found]  # noqa: E402
from openspiel_mirror import MirrorSeat, check_hands, mirror_of  # type: ignore[import-not-found]  # noqa: E402

from rummycheck.files.openspiel import card_of_id  # noqa: E402


@pytest.mark.parametrize("bot", ["knock", "expert", "random"])
def test_the_mirror_agrees_with_openspiel_at_every_decision(bot: str) -> None:
    check = check_hands(bot, 6, 17)
    assert check.decisions > 100
    assert check.differing == 0, check.examples


def test_a_wrong_preset_shows() -> None:
    # the modern preset forbids throwing back the upcard just taken; OpenSpiel allows it
    check = check_hands("knock", 6, 17, preset="modern")
    assert check.differing > 0
    assert any("legal:" in e or "no mirror" in e for e in check.examples)


def test_a_wrong_card_in_either_hand_shows_at_every_decision() -> None:
    def tamper(history: list[int]) -> list[int]:
        changed = list(history)
        unused = [c for c in range(52) if c not in history]
        changed[0], changed[10] = unused[0], unused[1]  # the first card of player 0's hand, and of player 1's
        return changed

    check = check_hands("knock", 3, 17, tamper=tamper)
    assert check.decisions > 0
    assert check.differing == check.decisions
    assert any("hand: " in e for e in check.examples)


def test_the_mirror_of_a_fresh_deal() -> None:
    game = pyspiel.load_game("gin_rummy")
    state = game.new_initial_state()
    rng = random.Random(3)
    while state.is_chance_node():
        state.apply_action(rng.choice(state.chance_outcomes())[0])
    found = mirror_of(state)
    for seat in (0, 1):
        assert sorted(found.players[seat].hand) == sorted(card_of_id(c) for c in state.hands()[seat])
    assert found.current == state.current_player() == 0
    assert list(found.discard_pile) == [card_of_id(state.upcard())]
    assert found.stock == state.stock_size() == 31


def test_only_the_mc_bots_play_through_the_mirror() -> None:
    assert wants_mirror("mc") and wants_mirror("mc-4")
    assert not wants_mirror("expert") and not wants_mirror("knock")


def test_an_mc_hand_plays_through_the_mirror_with_legal_actions() -> None:
    game = pyspiel.load_game("gin_rummy")
    seat = MirrorSeat(1, "mc-4")
    ours: list[int] = []
    state = play(game, random.Random("mirror:1"), 1, "mc-4", (0, 0), seat=seat,
                 before=lambda s: ours.append(len(s.history())))
    assert state.is_terminal()  # pyspiel refuses an illegal action, so every action was legal
    assert ours and seat.mirrors > 0
    assert sum(state.returns()) == 0


def test_the_mirror_carries_the_game_score() -> None:
    """In OpenSpiel's 100-point games the adapter knows the score; the mirror the ``mc`` bots observe
    starts the hand from it (it used to start every hand at 0-0)."""
    game = pyspiel.load_game("gin_rummy")
    state = game.new_initial_state()
    rng = random.Random(3)
    while state.is_chance_node():
        state.apply_action(rng.choice(state.chance_outcomes())[0])
    assert [p.score for p in mirror_of(state).players] == [0, 0]
    assert [p.score for p in mirror_of(state, scores=(62, 35)).players] == [62, 35]
