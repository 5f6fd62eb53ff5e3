"""``prove`` and ``solve --prove``: z3 confirms optimal answers and refutes doctored ones."""

from __future__ import annotations

import dataclasses

from typer.testing import CliRunner

from rummycheck.cards import parse_cards
from rummycheck.cli import app
from rummycheck.games.prove import prove
from rummycheck.games.solve import solve
from rummycheck.games.validate import arrangement_problems
from rummycheck.variants import get_variant

runner = CliRunner()


def test_prove_confirms_gin_knock_example() -> None:
    solution = solve(parse_cards("Ac 2c 3c 4d 5d 6d 7h 8h 9h Ts"), variant="gin")
    proof = prove(solution)
    assert proof.optimal and proof.claimed_points == 10


def test_prove_refutes_a_doctored_answer_with_a_counter_example() -> None:
    # claim: the gin hand melds nothing (10 cards, 1+2+3+4+5+6+7+8+9+10 = 55 points);
    # z3 must find the three runs that leave only Ts (10 points)
    hand = parse_cards("Ac 2c 3c 4d 5d 6d 7h 8h 9h Ts")
    honest = solve(hand, variant="gin")
    doctored = dataclasses.replace(honest, melds=(), deadwood=tuple(sorted(hand)), deadwood_points=55)
    proof = prove(doctored)
    assert not proof.optimal
    assert proof.better is not None and proof.better.points == 10
    assert arrangement_problems(hand, proof.better.melds, proof.better.deadwood, variant=get_variant("gin")) == []
    assert "NOT optimal" in proof.text() and "10 points" in proof.text()


def test_prove_bing_cannot_open_claim() -> None:
    # BING-OPEN: each natural is alone in its rank and three ranks from its suit's next card,
    # so four deuces make at most two melds: "cannot open" is proved
    solution = solve(parse_cards("2s 2h 2d 2c 3h 6h 9h Qh 5s 8s Js 4d 7d Td"), variant="bing")
    assert not solution.melds
    proof = prove(solution)
    assert proof.optimal and "BING-OPEN" in proof.claim


def test_prove_refutes_a_false_cannot_open_claim() -> None:
    # the RULES.md opening Kd Kh Kc / 8c 9c Tc / 3h 3s 3h 3s can open: a "no melds" answer is wrong
    hand = parse_cards("Kd Kh Kc 8c 9c Tc 3h 3s 3h 3s")
    honest = solve(hand, variant="bing")
    doctored = dataclasses.replace(honest, melds=(), deadwood=tuple(sorted(hand)),
                                   deadwood_points=get_variant("bing").points(hand))
    proof = prove(doctored)
    assert not proof.optimal and proof.better is not None and len(proof.better.melds) >= 3


def test_prove_gin_eleven_cards_considers_every_discard() -> None:
    # 11 cards: the three runs plus Ts and Kd; discarding Kd leaves Ts (10), the best possible
    solution = solve(parse_cards("Ac 2c 3c 4d 5d 6d 7h 8h 9h Ts Kd"), variant="gin")
    assert solution.discard is not None
    proof = prove(solution)
    assert proof.optimal and proof.claimed_points == 10


def test_prove_gin_refutes_a_bad_discard() -> None:
    # discarding Ac breaks the club run: 2c 3c Ts Kd stay (25); z3 finds the 10-point discard
    hand = parse_cards("Ac 2c 3c 4d 5d 6d 7h 8h 9h Ts Kd")
    honest = solve(hand, variant="gin")
    worse = solve(tuple(c for c in hand if str(c) != "Ac"), variant="gin")
    doctored = dataclasses.replace(honest, melds=worse.melds, deadwood=worse.deadwood,
                                   deadwood_points=worse.deadwood_points, discard=parse_cards("Ac")[0])
    assert doctored.deadwood_points == 25
    proof = prove(doctored)
    assert not proof.optimal and proof.better is not None and proof.better.points == 10


def test_solve_prove_prints_proved_optimal() -> None:
    result = runner.invoke(app, ["solve", "--cards", "Kd Kh Kc 8c 9c Tc 3h 3s 3h 3s 7c Jc 2d 5s", "--prove"])
    assert result.exit_code == 0, result.output
    assert "z3: proved optimal" in result.output


def test_solve_prove_json_field() -> None:
    result = runner.invoke(app, ["solve", "--cards", "Ac 2c 3c 4d 5d 6d 7h 8h 9h Ts", "--variant", "gin",
                                 "--solver", "z3", "--prove", "--json"])
    assert result.exit_code == 0, result.output
    assert '"optimal": true' in result.output and '"solver": "z3"' in result.output


def test_prove_with_lay_offs_is_not_a_cannot_open_claim() -> None:
    # an opened Bing player who lays off his whole hand has no new melds; the proof must
    # not read that as BING-OPEN's "cannot open", and 0 points left cannot be beaten
    from rummycheck.results import LayOff

    hand = parse_cards("7c Jc")
    honest = solve(hand, variant="bing", opened=True)
    laid = dataclasses.replace(honest, melds=(), deadwood=(), deadwood_points=0,
                               layoffs=tuple(LayOff(card, 1, card) for card in hand))
    proof = prove(laid)
    assert proof.optimal
    assert "BING-OPEN" not in proof.claim and "lay-offs" in proof.claim
