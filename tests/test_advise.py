"""The advisor: rollout values checked against values worked out by hand, and the command."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rummycheck.analysis.advisor import advise
from rummycheck.analysis.evaluate import completions, evaluate
from rummycheck.cards import Card, full_deck, parse_cards
from rummycheck.cli import app
from rummycheck.errors import RummyError
from rummycheck.files.record import load_record
from rummycheck.files.scenario import parse_scenario
from rummycheck.table.actions import ActionKind
from rummycheck.table.observation import observe
from rummycheck.table.replay import state_at
from rummycheck.table.state import GameState

ROOT = Path(__file__).resolve().parents[1]

BASIC_OUT = """
variant = "basic"
[[players]]
name = "A"
hand = "As 2s 3s 4s 7h 7d 7c Jc Qc Kc 5h"
[[players]]
name = "B"
hand_size = 10
[turn]
player = "A"
drew = "stock"
[pile]
discard = "4d"
stock = 30
"""


#: A to move with As 2s 3s / 7h 8h 9h / 5d 5c 5s and a loose Kc; the 4s on the pile gives gin
GIN_TAKE_FOR_GIN = """variant = "gin"
[[players]]
name = "A"
hand = "As 2s 3s 7h 8h 9h 5d 5c 5s Kc"
[[players]]
name = "B"
hand_size = 10
[turn]
player = "A"
[pile]
discard = "Qd 4s"
stock = 30
"""


def _state(text: str) -> GameState:
    return GameState.from_scenario(parse_scenario(text, source="test.toml"))


def test_going_out_is_worth_twice_the_expected_points_of_the_unseen_hand() -> None:
    """A (never laid down) melds As 2s 3s 4s / 7h 7d 7c / Jc Qc Kc, then throws 5h: out in one
    turn, rummy (BASIC-RUMMY doubles).  B's 10 cards are any 10 of the 40 cards A has not seen
    (52 less A's 11 and the 4d on the pile), so B's points average 10 x (their points / 40); A
    scores twice that, B nothing: the net value is 2 x 10 x points / 40, worked out below."""
    state = _state(BASIC_OUT)
    seen = set(parse_cards("As 2s 3s 4s 7h 7d 7c Jc Qc Kc 5h 4d"))
    unseen = [c for c in full_deck() if c not in seen]
    assert len(unseen) == 40
    points = sum(min(int(c.rank.value) if c.rank.value.isdigit() else {"A": 1, "T": 10}.get(c.rank.value, 10), 10)
                 for c in unseen)
    # a suit is worth 1 + ... + 10 + 3 faces of 10 = 85, the deck 340; less what A holds (71) and the 4d
    assert points == 340 - (1 + 2 + 3 + 4 + 7 + 7 + 7 + 10 + 10 + 10 + 5) - 4 == 270
    exact = Fraction(2 * 10 * points, 40)
    lay = next(a for a in state.legal_actions() if a.kind is ActionKind.LAY_DOWN)
    assert len(lay.cards) == 10
    evaluation = evaluate(state, samples=1500, min_samples=1500, seed=4, candidates=[lay])
    value = evaluation.best
    assert value.low <= float(exact) <= value.high, (value.value, float(exact))
    # 2 x (10 cards of 40): sd 2 x sqrt(10 x 9.9 x 30/39) = 17.4, so 1,500 samples give about +-0.9
    assert value.high - value.low < 2.5
    assert evaluation.samples == 1500


def test_taking_the_card_that_gives_gin_is_the_best_move_and_separated() -> None:
    """A holds As 2s 3s / 7h 8h 9h / 5d 5c 5s and a loose Kc; the 4s on the pile makes As-4s, so
    taking it and throwing the Kc is gin (25 and B's deadwood).  Drawing blind gins at once only
    with 5h, 6h or Th (3 of the 40 unseen cards), so it must come out well behind."""
    state = _state(GIN_TAKE_FOR_GIN)
    advice = advise(state, samples=200, seed=2)
    assert advice.evaluation.best.action.kind is ActionKind.TAKE
    draw = next(v for v in advice.candidates if v.action.kind is ActionKind.DRAW)
    assert draw.loss_low > 5
    assert advice.evaluation.best.value > 25  # at least the gin bonus, plus B's deadwood
    assert advice.evaluation.separated


def test_discard_facts_come_with_the_rollout_values() -> None:
    state = _state(BASIC_OUT)
    advice = advise(state, samples=16, min_samples=16, seed=1)
    for value, facts in zip(advice.candidates, advice.facts):
        if value.action.kind is ActionKind.DISCARD:
            assert facts is not None and facts.discard == value.action.card
        else:
            assert facts is None


def test_the_same_seed_gives_the_same_answer_with_or_without_workers() -> None:
    from concurrent.futures import ProcessPoolExecutor

    state = _state(BASIC_OUT)
    moves = state.legal_actions()[:3]
    one = evaluate(state, samples=32, min_samples=32, seed=9, batch=8, candidates=moves)
    two = evaluate(state, samples=32, min_samples=32, seed=9, batch=8, candidates=moves)
    with ProcessPoolExecutor(max_workers=2) as pool:
        three = evaluate(state, samples=32, min_samples=32, seed=9, batch=8, candidates=moves, executor=pool)
    assert one == two == three


def test_advise_command_json_names_unit_samples_seed_and_candidates() -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["advise", "scenarios/gin-knock.toml", "--samples", "64", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["unit"] == "expected net points for the hand"
    assert data["samples"] <= 64 and data["seed"] == 1
    first = data["candidates"][0]
    assert {"action", "value", "ci", "deadwood", "p_knock_next", "p_gin_next", "outs"} <= set(first)
    assert first["ci"][0] <= first["value"] <= first["ci"][1]
    assert any(c["action"].startswith("knock") for c in data["candidates"])


def test_a_scenario_without_the_stock_size_gets_every_unseen_card_left_as_its_stock(tmp_path: Path) -> None:
    # Bing, two players: two decks of 52 less A's 14 cards less B's 14 unseen places = 76.  Before,
    # the samples had no stock, the rollouts drew cards nobody held, and a bot stopped with a traceback.
    runner = CliRunner()
    result = runner.invoke(app, ["advise", "scenarios/example-bing-opening.toml", "--samples", "8"])
    assert result.exit_code == 0, result.output
    assert "stock: not given, so taken as the 76 unseen cards not in a hand" in result.output.splitlines()
    # basic: 52 less A's 11, the Ks on the pile and B's 10 = 30, the size the scenario itself states
    text = (ROOT / "scenarios" / "basic-opening-31-points.toml").read_text()
    assert "stock = 30\n" in text
    stated = json.loads(runner.invoke(app, ["advise", "scenarios/basic-opening-31-points.toml", "--samples", "8",
                                            "--json"]).output)
    unstated = tmp_path / "no-stock.toml"
    unstated.write_text(text.replace("stock = 30\n", ""))
    taken = json.loads(runner.invoke(app, ["advise", str(unstated), "--samples", "8", "--json"]).output)
    assert stated["stock_taken"] is None and taken["stock_taken"] == 30
    # the same deals of the same 30 cards: the same answer
    assert [c["value"] for c in taken["candidates"]] == [c["value"] for c in stated["candidates"]]


def test_advise_a_record_needs_at_and_names_the_mover() -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["advise", "records/gin-knock.toml"])
    assert result.exit_code == 2 and "needs --at" in result.output
    result = runner.invoke(app, ["advise", "records/gin-knock.toml", "--at", "3", "--player", "Z", "--samples", "16"])
    assert result.exit_code == 2 and "not Z's" in result.output


def test_advise_refuses_record_options_on_a_scenario_in_one_line() -> None:
    """A scenario is one decision: --at, --hand and a --player not to move are refused, not ignored."""
    runner = CliRunner()
    for args, said in ((["--at", "3"], "a scenario (docs/scenarios.md), not a record"),
                       (["--hand", "2"], "needs --at N"), (["--player", "B"], "decision is A's, not B's")):
        result = runner.invoke(app, ["advise", "scenarios/gin-knock.toml", *args, "--samples", "8"])
        assert result.exit_code == 2, args
        assert said in result.output and len(result.output.strip().splitlines()) == 1, result.output
    assert runner.invoke(app, ["advise", "scenarios/gin-knock.toml", "--player", "A", "--samples", "8"]).exit_code == 0


def test_card_text_in_json_is_record_notation() -> None:
    assert str(Card.parse("10h")) == "Th"


def test_verify_checks_the_advisors_exact_facts(tmp_path: Path) -> None:
    """The shipped scenario passes; the same file with one wrong chance fails (exit 1)."""
    runner = CliRunner()
    shipped = "scenarios/gin-facts-one-from-gin.toml"
    assert runner.invoke(app, ["verify", shipped]).exit_code == 0
    wrong = tmp_path / "wrong.toml"
    wrong.write_text(Path(shipped).read_text(encoding="utf-8").replace('p_knock_next = "4/41" }',
                                                                       'p_knock_next = "5/41" }'), encoding="utf-8")
    result = runner.invoke(app, ["verify", str(wrong)])
    assert result.exit_code == 1 and "FAIL" in result.output


def test_verify_checks_the_facts_of_a_hand_before_its_draw(tmp_path: Path) -> None:
    """``{ draw = "stock", ... }`` before the draw: the shipped scenario passes, a wrong count fails,
    and an entry of the wrong kind for the moment is one located line with exit 2."""
    runner = CliRunner()
    shipped = Path("scenarios/gin-facts-before-the-draw.toml")
    assert runner.invoke(app, ["verify", str(shipped)]).exit_code == 0
    text = shipped.read_text(encoding="utf-8")
    wrong = tmp_path / "wrong.toml"
    wrong.write_text(text.replace('p_gin_next = "2/41"', 'p_gin_next = "3/41"'), encoding="utf-8")
    result = runner.invoke(app, ["verify", str(wrong)])
    assert result.exit_code == 1 and "FAIL" in result.output
    for bad in ('discard = "Kd"', 'draw = "pile"'):  # a discard before the draw; a draw from elsewhere
        mixed = tmp_path / "mixed.toml"
        mixed.write_text(text.replace('draw = "stock"', bad), encoding="utf-8")
        result = runner.invoke(app, ["verify", str(mixed)])
        assert result.exit_code == 2 and "Traceback" not in result.output
        assert 'before the draw an entry is draw = "stock"' in result.output
        # one location, the entry's own (the [expect] key's was put in front of it too, before)
        assert result.output.count("mixed.toml:") == 1 and "mixed.toml:29:3:" in result.output
    drawn = tmp_path / "drawn.toml"
    drawn.write_text(Path("scenarios/gin-facts-one-from-gin.toml").read_text(encoding="utf-8").replace(
        'discard = "Qc"', 'draw = "stock"'), encoding="utf-8")
    result = runner.invoke(app, ["verify", str(drawn)])
    assert result.exit_code == 2 and "draw = ... is for a player who has not drawn" in result.output


def _headings(output: str) -> list[str]:
    """The advice table's column headings (the line above the dashes)."""
    lines = output.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("----"))
    return [h for h in lines[at - 1].split("  ") if h.strip()]


def test_the_facts_columns_are_the_games_own() -> None:
    runner = CliRunner()
    ask = [("scenarios/gin-knock.toml",), ("records/basic-rummy.toml", "--at", "2"),
           ("tests/data/review/bing-draw-over-the-opening-card.toml", "--at", "4"),
           ("records/gin-game.toml", "--at", "3"), ("records/gin-knock.toml", "--at", "9")]
    heads = []
    for args in ask:
        result = runner.invoke(app, ["advise", *args, "--samples", "8"])
        assert result.exit_code == 0, result.output
        heads.append([h.strip() for h in _headings(result.output)])
    gin, basic, bing, draw, defender = heads
    assert gin[-5:] == ["rollouts", "deadwood", "knock next", "gin next", "outs"]
    assert basic[-4:] == ["rollouts", "deadwood", "out next", "outs"]
    # A, on 50 and not opened, after a draw (the planted record): the chance to open is his
    assert bing[-5:] == ["rollouts", "deadwood", "out next", "open next", "outs"]
    # a draw: the facts of the hand kept as it is (the chances of the card it brings)
    assert draw[-5:] == ["rollouts", "deadwood", "knock next", "gin next", "outs"]
    # the defender's lay-offs after a knock: no discard, no draw, no facts
    assert defender[-1] == "rollouts" and "deadwood" not in defender
    # the text's open chance is the JSON's, move by move
    text = runner.invoke(app, ["advise", *ask[2], "--samples", "8"]).output.splitlines()
    data = json.loads(runner.invoke(app, ["advise", *ask[2], "--samples", "8", "--json"]).output)
    rows = text[text.index(next(line for line in text if line.startswith("----"))) + 1:]
    for row, move in zip(rows, data["candidates"]):
        assert row.startswith(move["action"]) and f"{100 * move['p_open_next']:.1f}%" in row


def test_a_take_carries_its_completions_facts_and_a_draw_those_of_the_hand_kept() -> None:
    runner = CliRunner()
    # A holds 9h Th Jh / 7c 7d 7s / 2d 3d 4d and the Ac; the Qh on the pile joins his hearts: take it
    # and knock with the Ac, and the ten cards left are all melded (deadwood 0, gin). Whatever he draws
    # next, he throws it and is gin again: every unseen card is an out. Unseen: 52 less his 11 cards
    # after the take and the Kc and Kd under the Qh, 39
    gin = json.loads(runner.invoke(app, ["advise", "tests/data/review/gin-draw-over-the-gin-discard-low.toml",
                                         "--at", "7", "--samples", "16", "--json"]).output)
    take = next(c for c in gin["candidates"] if c["action"] == "take")
    assert take["then"] == "knock Ac" and take["deadwood"] == 0
    assert gin["best"] == "take Qh, then knock Ac: gin"  # the best line in words, as the issue words it
    assert take["p_gin_next"] == 1 and len(take["outs"]) == 39
    # the draw: his ten cards kept as they are, deadwood 1 (the Ac); any card drawn can be thrown again,
    # so every unseen card lets him knock; gin with the 8h or 7h (hearts, sevens) or the Ad or 5d
    # (2d 3d 4d), throwing the Ac: 4 of 39 (the Qh is on the pile)
    draw = next(c for c in gin["candidates"] if c["action"] == "draw")
    assert draw["deadwood"] == 1 and draw["p_knock_next"] == 1 and len(draw["outs"]) == 39
    assert draw["exact"]["p_gin_next"] == "4/39"
    # Bing: A (on 50, not opened) takes the Qc for a fourth meld: 8s 8c 8h / 4c 5c 6c / Tc Td Th / Qs Qh Qc,
    # and the 7s, 9d and 3d loose.  A Bing take is raced as two lines (docs/advise.md): the rollout bot's
    # finish, and the discard keeping the least deadwood, the 9d (3 + 7 = 10 kept, against 12 or 16).  On
    # these samples the bot's finish is the better line: no one card follows the take, so no facts
    path = "tests/data/review/bing-draw-over-the-opening-card.toml"
    state = state_at(load_record(path), 1, 3)
    taking = next(a for a in state.legal_actions() if a.kind is ActionKind.TAKE)
    lines = completions(observe(state, state.current), taking)
    assert [[str(step) for step in line] for line in lines] == [["A take"], ["A take", "A discard 9d"]]
    bing = json.loads(runner.invoke(app, ["advise", path, "--at", "3", "--samples", "8", "--json"]).output)
    take = next(c for c in bing["candidates"] if c["action"] == "take")
    assert take["then"] is None and take["finish"] is None and take["deadwood"] is None
    # drawing instead: of the 77 cards he has not seen (104 less his 14, the Qc and B's 12 on the
    # table), which let him open at his next meld turn?  He melds 8s 8h 8c, 4c 5c 6c and Tc Th Td and,
    # in the same turn, lays the 9d off on B's 9s 9h 9c (BING-LAYOFF: the opening turn allows it); 7s
    # Qs Qh 3d are left, 30 points, and 50 + 30 > 75 (BING-LIMIT).  After the draw he throws a queen,
    # leaving 7s, a queen and 3d (20) and the card drawn, so he opens when that card melds or lays off
    # (a queen, a deuce, a card for B's kings, nines, jacks or 5d 6d 7d, for his own melds: 7c, 3c,
    # eights, tens) or is worth 5 or less (a 3, 4 or 5): every card but the aces (15 points; 8
    # copies), the sixes (6s 6h 2 each, 6d 6c 1 each: 6) and 7s 7h 7d (1 + 2 + 1: 4): 77 - 18 = 59.
    # Without the lay-offs (the facts before they counted the table) only a fourth meld did: 13/77.
    draw = next(c for c in bing["candidates"] if c["action"] == "draw")
    assert draw["exact"]["p_open_next"] == "59/77" and draw["deadwood"] == 108


def test_evaluate_refuses_a_state_with_no_decision_to_value() -> None:
    state = _state(GIN_TAKE_FOR_GIN)
    over = state.apply(next(a for a in state.legal_actions() if a.kind is ActionKind.TAKE))
    over = over.apply(next(a for a in over.legal_actions() if a.kind is ActionKind.KNOCK))  # gin: no lay-offs
    while not over.is_over:
        over = over.apply(over.legal_actions()[0])
    with pytest.raises(RummyError, match="the hand is over"):
        evaluate(over, samples=4)
    with pytest.raises(RummyError, match="the hand is over"):
        evaluate(observe(over, 0), samples=4)
    with pytest.raises(RummyError, match="it is not B's decision"):
        evaluate(observe(state, 1), samples=4)
    with pytest.raises(RummyError, match="has no legal move"):
        evaluate(state, samples=4, candidates=[])
    for samples in (0, -5, 100_001, 10**9):  # 0 and -5 ran as one rollout; 10**9 built a list of looks of
        # 10**9 / 16 entries (2.6 GB) before the first rollout
        with pytest.raises(RummyError, match="samples must be a whole number from 1 to 100,000"):
            evaluate(state, samples=samples)


def test_a_rollout_that_never_ends_scores_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """A rollout whose bots take and throw for ever (``SimulationError`` from the engine) counts 0
    points for the hand (nobody scores it) and the game chance of the scores as they stand."""
    import rummycheck.analysis.evaluate as evaluate_module
    from rummycheck.analysis.match import game_chance
    from rummycheck.errors import SimulationError

    def stuck(*args: object, **kwargs: object) -> None:
        raise SimulationError("no end")

    monkeypatch.setattr(evaluate_module, "play_out", stuck)
    state = _state(BASIC_OUT)
    moves = [a for a in state.legal_actions() if a.kind is ActionKind.DISCARD][:2]
    found = evaluate(state, samples=8, min_samples=8, batch=8, seed=3, candidates=moves)
    chance = game_chance(state.variant, {p.name: p.score for p in state.players}, "A")
    for row in found.candidates:
        assert (row.value, row.low, row.high, row.samples) == (0.0, 0.0, 0.0, 8)
        assert (row.win is None) if chance is None else (row.win is not None and row.win.value == chance)
