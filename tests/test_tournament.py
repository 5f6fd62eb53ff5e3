"""The tournament: Bradley-Terry ratings (by hand and against an independent maximisation), the
round robin over paired deals (determinism, the same deals as ``simulate``), and the command line."""

from __future__ import annotations

import itertools
import json
import math
import random
import re
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rummycheck.cli import app
from rummycheck.errors import SimulationError
from rummycheck.sim.ratings import ELO, Match, bootstrap, expected_score, fit
from rummycheck.sim.runner import SimSpec, simulate
from rummycheck.sim.stats import Z95
from rummycheck.sim.tournament import TournamentSpec, tournament
from rummycheck.sim.tournament_report import tournament_json

DATA = Path(__file__).parent / "data" / "sim"


# -- the ratings, worked by hand --------------------------------------------------------------------

def test_two_bots_three_wins_in_four_is_400_log10_3_apart_with_the_binomial_error() -> None:
    # P(a beats b) = 3/4 at the maximum: t_a - t_b = ln 3, 400 log10 3 = 190.85 Elo points.  The
    # information for the difference is n p (1 - p) = 4 * 3/4 * 1/4 = 3/4, so var(t_a - t_b) = 4/3 and,
    # with the mean held at 0 (t_a = -t_b), var(t_a) = 1/3.
    result = fit(["a", "b"], [Match("a", "b", wins=3, losses=1)], prior_draws=0)
    a, b = result.rating("a"), result.rating("b")
    assert a.value == pytest.approx(400 * math.log10(3) / 2, abs=1e-6)
    assert b.value == pytest.approx(-a.value, abs=1e-9)
    assert a.error == pytest.approx(ELO * math.sqrt(1 / 3), rel=1e-6)
    assert a.low == pytest.approx(a.value - Z95 * a.error, abs=1e-6)
    spread = result.difference("a", "b")
    assert spread.high - spread.value == pytest.approx(Z95 * ELO * math.sqrt(4 / 3), rel=1e-6)


def test_the_prior_adds_one_drawn_game_and_draws_count_half() -> None:
    # 3 wins, 1 loss and the prior's draw: a scores 3.5 of 5, so t_a - t_b = ln(3.5 / 1.5)
    with_prior = fit(["a", "b"], [Match("a", "b", wins=3, losses=1)], prior_draws=1)
    assert with_prior.difference("a", "b").value == pytest.approx(ELO * math.log(3.5 / 1.5), abs=1e-6)
    # 3 wins, no loss, 2 draws: a scores 4 of 5, odds 4
    drawn = fit(["a", "b"], [Match("a", "b", wins=3, draws=2)], prior_draws=0)
    assert drawn.difference("a", "b").value == pytest.approx(ELO * math.log(4), abs=1e-6)
    level = fit(["a", "b"], [Match("a", "b", wins=1, losses=1, draws=5)], prior_draws=0)
    assert level.rating("a").value == pytest.approx(0, abs=1e-9)


def test_a_chain_of_pairs_decouples_and_the_variances_add() -> None:
    # a-b 6:2 and b-c 3:1, no a-c games: each gap is ln 3 on its own; the information of a chain
    # is that of two independent pairs, var(t_a - t_c) = 1/(8 * 3/16) + 1/(4 * 3/16) = 2/3 + 4/3 = 2
    result = fit(["a", "b", "c"], [Match("a", "b", wins=6, losses=2), Match("c", "b", wins=1, losses=3)],
                 prior_draws=0)
    assert result.rating("a").value == pytest.approx(ELO * math.log(3), abs=1e-6)
    assert result.rating("b").value == pytest.approx(0, abs=1e-6)
    gap = result.difference("a", "c")
    assert gap.value == pytest.approx(2 * ELO * math.log(3), abs=1e-6)
    assert gap.high - gap.value == pytest.approx(Z95 * ELO * math.sqrt(2), rel=1e-6)
    anchored = fit(["a", "b", "c"], [Match("a", "b", wins=6, losses=2), Match("c", "b", wins=1, losses=3)],
                   prior_draws=0, anchor="b")
    b = anchored.rating("b")
    assert (b.value, b.error) == (0.0, 0.0)
    # with b at 0, a's variance is that of the a-b pair alone: 1 / (8 * 3/16)
    assert anchored.rating("a").error == pytest.approx(ELO * math.sqrt(2 / 3), rel=1e-6)
    assert anchored.difference("a", "c").high == pytest.approx(gap.high - gap.value + anchored.difference(
        "a", "c").value, rel=1e-9)


def test_a_balanced_cycle_rates_everyone_level() -> None:
    cycle = [Match("a", "b", wins=7, losses=3), Match("b", "c", wins=7, losses=3), Match("c", "a", wins=7, losses=3)]
    result = fit(["a", "b", "c"], cycle, prior_draws=0)
    assert all(abs(r.value) < 1e-6 for r in result.ratings)


def test_ratings_do_not_depend_on_the_order_of_games_or_bots() -> None:
    matches = [Match("a", "b", wins=9, losses=4, draws=1), Match("a", "c", wins=2, losses=8),
               Match("b", "c", wins=5, losses=5), Match("d", "a", wins=3, losses=6), Match("d", "c", wins=1, losses=0)]
    first = fit(["a", "b", "c", "d"], matches)
    shuffled = list(reversed(matches)) + [Match("b", "a", wins=0, losses=0)]
    swapped = [Match(m.second, m.first, wins=m.losses, losses=m.wins, draws=m.draws) for m in shuffled]
    second = fit(["d", "c", "b", "a"], swapped)
    for rating in first.ratings:
        other = second.rating(rating.name)
        assert other.value == pytest.approx(rating.value, abs=1e-6)
        assert other.error == pytest.approx(rating.error, rel=1e-6)


def test_a_bot_that_wins_every_game_needs_the_prior() -> None:
    matches = [Match("a", "b", wins=10), Match("b", "c", wins=6, losses=4), Match("a", "c", wins=10)]
    with pytest.raises(SimulationError, match="no finite fit"):
        fit(["a", "b", "c"], matches, prior_draws=0)
    result = fit(["a", "b", "c"], matches, prior_draws=1)
    assert result.ratings[0].value > result.ratings[1].value > result.ratings[2].value
    assert all(math.isfinite(r.high) for r in result.ratings)


def test_expected_score_is_the_elo_curve() -> None:
    # Elo's own table: 400 points is 10:1 odds
    assert expected_score(400) == pytest.approx(10 / 11)
    assert expected_score(0) == 0.5
    assert expected_score(-1e6) == 0.0 and expected_score(1e6) == 1.0


# -- the ratings against an independent method ------------------------------------------------------

def _loglik(strengths: Sequence[float], rows: Sequence[tuple[int, int, float, float]]) -> float:
    """The Bradley-Terry log-likelihood written out on its own (not the module's)."""
    total = 0.0
    for i, j, won, games in rows:
        p = 1 / (1 + math.exp(strengths[j] - strengths[i]))
        total += won * math.log(p) + (games - won) * math.log(1 - p)
    return total


def _brute_maximum(count: int, rows: Sequence[tuple[int, int, float, float]]) -> list[float]:
    """The maximum by a shrinking grid search over strengths 1..n-1 (strength 0 held at 0)."""
    best = [0.0] * count
    step = 2.0
    while step > 1e-7:
        improved = True
        while improved:
            improved = False
            for moves in itertools.product((-step, 0.0, step), repeat=count - 1):
                trial = [0.0] + [b + m for b, m in zip(best[1:], moves)]
                if _loglik(trial, rows) > _loglik(best, rows) + 1e-15:
                    best, improved = trial, True
        step /= 2
    return best


def test_ratings_match_a_brute_force_maximisation_of_the_likelihood() -> None:
    rng = random.Random(7)
    names = ["a", "b", "c", "d"]
    matches = []
    for i, j in itertools.combinations(range(4), 2):
        won, lost, drawn = rng.randint(1, 15), rng.randint(1, 15), rng.randint(0, 2)
        matches.append(Match(names[i], names[j], wins=won, losses=lost, draws=drawn))
    prior = 0.5
    rows = [(names.index(m.first), names.index(m.second), m.wins + (m.draws + prior) / 2, m.games + prior)
            for m in matches]
    brute = _brute_maximum(4, rows)
    mean = sum(brute) / 4
    result = fit(names, matches, prior_draws=prior)
    for k, name in enumerate(names):
        assert result.rating(name).value == pytest.approx(ELO * (brute[k] - mean), abs=1e-3)


def test_intervals_match_the_numerical_curvature_of_the_likelihood() -> None:
    # three bots, bot a held at 0: the covariance of (t_b, t_c) is the inverse of minus the
    # Hessian, here taken by finite differences of the likelihood written above
    names = ["a", "b", "c"]
    matches = [Match("a", "b", wins=12, losses=5), Match("b", "c", wins=4, losses=9, draws=1),
               Match("a", "c", wins=7, losses=7)]
    rows = [(names.index(m.first), names.index(m.second), m.wins + m.draws / 2, m.games) for m in matches]
    top = _brute_maximum(3, rows)
    h = 1e-4

    def f(db: float, dc: float) -> float:
        return _loglik([0.0, top[1] + db, top[2] + dc], rows)

    hbb = -(f(h, 0) - 2 * f(0, 0) + f(-h, 0)) / h ** 2
    hcc = -(f(0, h) - 2 * f(0, 0) + f(0, -h)) / h ** 2
    hbc = -(f(h, h) - f(h, -h) - f(-h, h) + f(-h, -h)) / (4 * h * h)
    det = hbb * hcc - hbc * hbc
    var_b, var_c, cov_bc = hcc / det, hbb / det, -hbc / det
    anchored = fit(names, matches, prior_draws=0, anchor="a")
    assert anchored.rating("b").error == pytest.approx(ELO * math.sqrt(var_b), rel=1e-4)
    assert anchored.rating("c").error == pytest.approx(ELO * math.sqrt(var_c), rel=1e-4)
    gap = anchored.difference("b", "c")
    assert (gap.high - gap.value) / Z95 == pytest.approx(ELO * math.sqrt(var_b + var_c - 2 * cov_bc), rel=1e-4)
    # the mean-0 ratings: var(t_b - mean) from the same covariance, t = (0, t_b, t_c)
    centred = fit(names, matches, prior_draws=0)
    w = [-1 / 3, 2 / 3, -1 / 3]  # t_b - (t_a + t_b + t_c) / 3 with t_a = 0
    var = w[1] ** 2 * var_b + w[2] ** 2 * var_c + 2 * w[1] * w[2] * cov_bc
    assert centred.rating("b").error == pytest.approx(ELO * math.sqrt(var), rel=1e-4)


def test_fit_refuses_bad_input() -> None:
    with pytest.raises(SimulationError, match="two bots"):
        fit(["a"], [])
    with pytest.raises(SimulationError, match="not one of"):
        fit(["a", "b"], [Match("a", "z", wins=1)])
    with pytest.raises(SimulationError, match="anchor"):
        fit(["a", "b"], [Match("a", "b", wins=1, losses=1)], anchor="z")
    with pytest.raises(SimulationError, match="never met|singular|no finite"):
        fit(["a", "b", "c"], [Match("a", "b", wins=1, losses=1)])


# -- the bootstrap over deals ------------------------------------------------------------------------

def _deals(outcomes: Sequence[tuple[int, int, int]]) -> list[list[Match]]:
    return [[Match("a", "b", wins=w, losses=lost, draws=d)] for w, lost, d in outcomes]


def test_deals_that_always_split_give_a_bootstrap_interval_of_no_width() -> None:
    # every deal 1-1: every resample is the same games, so the ratings never move; Fisher, which
    # takes the 2 x 50 games as independent, gives them an interval
    deals = _deals([(1, 1, 0)] * 50)
    boot = bootstrap(["a", "b"], deals, rng=random.Random(1), resamples=200, prior_draws=0)
    fisher = fit(["a", "b"], [m for deal in deals for m in deal], prior_draws=0)
    a = boot.rating("a")
    assert (a.value, a.low, a.high, a.error) == (0.0, 0.0, 0.0, 0.0)
    assert fisher.rating("a").error > 10
    assert boot.interval == "bootstrap over deals" and boot.resamples == 200


def test_bootstrap_of_independent_games_agrees_with_fisher() -> None:
    # deals of two independent games at p = 0.7: the bootstrap's standard error should be the
    # Fisher one (both estimate the same spread); the tolerance covers the sampling noise of 400 deals
    rng = random.Random(11)
    outcomes = []
    for _ in range(400):
        wins = sum(rng.random() < 0.7 for _ in range(2))
        outcomes.append((wins, 2 - wins, 0))
    deals = _deals(outcomes)
    boot = bootstrap(["a", "b"], deals, rng=random.Random(2), resamples=1000, prior_draws=0)
    fisher = fit(["a", "b"], [m for deal in deals for m in deal], prior_draws=0)
    assert boot.rating("a").value == fisher.rating("a").value
    assert boot.rating("a").error == pytest.approx(fisher.rating("a").error, rel=0.15)
    low, high = boot.rating("a").low, boot.rating("a").high
    assert low < boot.rating("a").value < high
    assert (high - low) / 2 == pytest.approx(Z95 * fisher.rating("a").error, rel=0.15)
    again = bootstrap(["a", "b"], deals, rng=random.Random(2), resamples=1000, prior_draws=0)
    assert again == boot


def test_bootstrap_keeps_a_deals_games_together_across_pairs() -> None:
    # three bots; in each deal a scores against b exactly what b scores against c, and a-c is
    # always 1-1.  Resampled deal by deal, the a-b and b-c gaps rise and fall together
    # (correlation 1); resampled pair by pair they would not (the a-c games pull them apart: -0.79
    # when this was written with each pair drawn on its own)
    deals = [[Match("a", "b", wins=w, losses=2 - w), Match("b", "c", wins=w, losses=2 - w),
              Match("a", "c", wins=1, losses=1)] for w in [2, 0, 1, 2, 1, 2, 0, 2, 1, 1] * 6]
    boot = bootstrap(["a", "b", "c"], deals, rng=random.Random(3), resamples=400, prior_draws=1)
    c = boot.covariance
    together = c[0][1] - c[0][2] - c[1][1] + c[1][2]  # cov(t_a - t_b, t_b - t_c)
    spread_ab, spread_bc = c[0][0] + c[1][1] - 2 * c[0][1], c[1][1] + c[2][2] - 2 * c[1][2]
    assert together / math.sqrt(spread_ab * spread_bc) > 0.99
    gap = boot.difference("a", "c")
    assert gap.high - gap.value == pytest.approx(Z95 * math.sqrt(c[0][0] + c[2][2] - 2 * c[0][2]))


def test_bootstrap_with_no_prior_and_a_swept_resample_says_so() -> None:
    deals = _deals([(2, 0, 0)] * 5 + [(0, 2, 0)])
    with pytest.raises(SimulationError, match="bootstrap resample"):
        bootstrap(["a", "b"], deals, rng=random.Random(1), resamples=200, prior_draws=0)


# -- the round robin ----------------------------------------------------------------------------------

SHORT = (("game_target", "25"),)
SPEC = TournamentSpec(variant="gin", bots=("knock", "gin", "random"), seed=3, rules=SHORT)


def test_a_tournament_counts_every_game_of_every_pair() -> None:
    result = tournament(SPEC, games=7, workers=1, batch=2)
    assert result.deals == 4 and [(p.first, p.second) for p in result.pairs] == [
        ("knock", "gin"), ("knock", "random"), ("gin", "random")]
    for pair in result.pairs:
        assert pair.games == 8 == pair.wins + pair.losses + pair.draws
        assert len(pair.first_points) == len(pair.second_points) == 4
    assert result.record("random")[0] <= 16 and sum(result.record("knock")) == 16


def test_each_pair_plays_the_deals_simulate_plays_for_those_two_bots() -> None:
    result = tournament(SPEC, games=6, workers=1, batch=2)
    for pair in result.pairs:
        alone = simulate(SimSpec(variant="gin", bots=(pair.first, pair.second), seed=3, rules=SHORT), games=6,
                         workers=1, batch=5)
        assert (pair.wins, pair.losses) == (alone.tallies[pair.first].wins, alone.tallies[pair.second].wins)
        assert pair.hands == alone.hands
        assert sum(pair.first_points) * 2 == pytest.approx(alone.tallies[pair.first].points)


def test_same_seed_same_tournament_whatever_the_workers_and_batches() -> None:
    one = tournament_json(tournament(SPEC, games=8, workers=1, batch=1))
    two = tournament_json(tournament(SPEC, games=8, workers=2, batch=3))
    assert one == two
    other_seed = tournament_json(tournament(TournamentSpec(variant="gin", bots=SPEC.bots, seed=4, rules=SHORT),
                                            games=8, workers=1))
    assert other_seed["pairs"] != one["pairs"]


def test_dask_local_cluster_gives_the_local_tournament() -> None:
    pytest.importorskip("dask.distributed")
    local = tournament_json(tournament(SPEC, games=4, workers=1, batch=1))
    cluster = tournament_json(tournament(SPEC, games=4, workers=2, batch=1, scheduler="local"))
    assert cluster == local


def test_basic_and_two_player_bing_tournaments_run() -> None:
    basic = tournament(TournamentSpec(variant="basic", bots=("eager", "patient"), rules=(("target_2", "30"),)),
                       games=4, workers=1)
    assert basic.pairs[0].games == 4
    bing = tournament(TournamentSpec(variant="bing", bots=("early", "common", "sandbag")), games=2, workers=1)
    assert [p.games for p in bing.pairs] == [2, 2, 2]


def test_a_plug_in_bot_takes_part(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(DATA))
    try:
        result = tournament(TournamentSpec(variant="gin", bots=("knock", "plugin_bot:HighCardThrower"), rules=SHORT),
                            games=4, workers=1)
    finally:
        sys.modules.pop("plugin_bot", None)
    assert result.pairs[0].second == "HighCardThrower" and result.pairs[0].games == 4


@pytest.mark.parametrize(("bots", "message"), [
    (("knock",), "two bots at least, got 1"),
    (("knock", "knock"), "'knock' twice"),
    (("knock", "nonsense"), "unknown bot 'nonsense'"),
    (("knock", "early"), "bot 'early' does not play gin"),
])
def test_the_spec_is_checked_before_any_game(bots: tuple[str, ...], message: str) -> None:
    with pytest.raises(SimulationError, match=re.escape(message)):
        TournamentSpec(variant="gin", bots=bots).check()


# -- the command line --------------------------------------------------------------------------------

def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rummycheck", "tournament", *args], capture_output=True, text=True,
                          timeout=120)


@pytest.mark.parametrize(("args", "message"), [
    (["--bots", "knock"], "a tournament needs two bots at least, got 1 ('knock')"),
    ([], "a tournament needs two bots at least, got 0"),
    (["--bots", "knock,gin,knock"], "bot 'knock' twice: each bot plays once in a round robin"),
    (["--bots", "knock,nosuch"], "unknown bot 'nosuch'"),
    (["--bots", "knock,patient"], "bot 'patient' does not play gin"),
    (["--bots", "knock,gin", "--anchor", "random"], "--anchor 'random': not one of the bots (knock, gin)"),
    (["--bots", "knock,gin", "--variant", "nope"], "nope"),
    (["--bots", "knock,gin", "--scheduler", "not an address"], "expected 'local' or a Dask scheduler's address"),
    (["--bots", "knock,gin", "--games", "0"], "--games"),
])
def test_cli_input_errors_are_one_line_and_exit_2(args: list[str], message: str) -> None:
    done = _cli(*args)
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("rummycheck: ") and message in lines[0], done.stderr


def _table_rows(text: str, first_header: str) -> list[list[str]]:
    """The rows of the table whose header starts with ``first_header``, cut at two spaces."""
    lines = text.splitlines()
    start = next(k for k, line in enumerate(lines) if line.strip().startswith(first_header))
    rows = []
    for line in lines[start + 2:]:
        if not line.strip():
            break
        rows.append(re.split(r"\s{2,}", line.strip()))
    return rows


def test_the_table_and_the_json_tell_the_same_results() -> None:
    args = ["tournament", "--variant", "gin", "--bots", "knock,gin,random", "--games", "6", "--workers", "1",
            "--rule", "game_target=25", "--seed", "5"]
    table = CliRunner().invoke(app, args)
    data = CliRunner().invoke(app, [*args, "--json"])
    assert table.exit_code == 0 and data.exit_code == 0, table.output + data.output
    found = json.loads(data.output)
    assert found["games"] == 18 and found["deals_per_pair"] == 3
    assert f"{found['games']} games, 6 per pair (3 deals x 2 seats" in table.output
    ratings = _table_rows(table.output, "rank")
    by_rank = sorted(found["ratings"], key=lambda r: r["rank"])
    assert [row[1] for row in ratings] == [r["bot"] for r in by_rank]
    for row, rating in zip(ratings, by_rank):
        value = rating["rating"]
        assert row[2] == f"{value['value']:+.0f} [{value['low']:+.0f}, {value['high']:+.0f}]"
        assert [int(x) for x in row[3:7]] == [rating["games"], rating["wins"], rating["losses"], rating["draws"]]
    pairs = _table_rows(table.output, "pair")
    assert len(pairs) == len(found["pairs"]) == 3
    for row, pair in zip(pairs, found["pairs"]):
        assert row[0] == f"{pair['first']} - {pair['second']}"
        assert [int(x) for x in row[1:5]] == [pair["games"], pair["wins"], pair["losses"], pair["draws"]]
        assert row[5].startswith(f"{100 * pair['win_rate']['value']:.1f}%")
        assert row[9].startswith(f"{pair['points_per_game']['difference']['value']:.2f}")
    assert found["model"]["interval"] == "fisher information" and "Fisher" in table.output


def test_plot_without_matplotlib_is_one_line_or_a_png(tmp_path: Path) -> None:
    import importlib.util

    target = tmp_path / "t.png"
    result = CliRunner().invoke(app, ["tournament", "--bots", "knock,gin", "--games", "2", "--workers", "1",
                                      "--rule", "game_target=25", "--plot", str(target)])
    if importlib.util.find_spec("matplotlib") is None:
        assert result.exit_code == 2 and "--plot needs matplotlib" in result.output
        assert not target.exists()
    else:
        assert result.exit_code == 0, result.output
        assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    bad = CliRunner().invoke(app, ["tournament", "--bots", "knock,gin", "--plot", str(tmp_path / "t.txt")])
    assert bad.exit_code == 2 and "must end in .png" in bad.output


def test_bootstrap_intervals_from_the_command_line_are_seeded_and_said() -> None:
    args = ["tournament", "--bots", "knock,gin,random", "--games", "6", "--workers", "1", "--rule", "game_target=25",
            "--interval", "bootstrap", "--resamples", "50"]
    first = CliRunner().invoke(app, [*args, "--json"])
    second = CliRunner().invoke(app, [*args, "--json", "--workers", "2"])
    assert first.exit_code == 0, first.output
    data = json.loads(first.output)
    assert data == json.loads(second.output)
    assert data["model"]["interval"] == "bootstrap over deals" and data["model"]["resamples"] == 50
    assert any("random" in note for note in data["notes"])  # random never wins: the bootstrap's blind spot
    table = CliRunner().invoke(app, args)
    assert "50 bootstrap resamples of the deals" in table.output and "note: one side won every game" in table.output
    bad = CliRunner().invoke(app, ["tournament", "--bots", "knock,gin", "--interval", "jackknife"])
    assert bad.exit_code == 2 and "expected fisher or bootstrap" in bad.output
    one_deal = CliRunner().invoke(app, ["tournament", "--bots", "knock,gin", "--games", "2", "--interval", "bootstrap"])
    assert one_deal.exit_code == 2 and "give --games 4 at least" in one_deal.output


def test_the_anchor_is_marked_in_the_table_and_rated_zero() -> None:
    result = CliRunner().invoke(app, ["tournament", "--bots", "knock,gin", "--games", "4", "--workers", "1",
                                      "--rule", "game_target=25", "--anchor", "gin"])
    assert result.exit_code == 0, result.output
    rows = {row[1]: row for row in _table_rows(result.output, "rank")}
    assert rows["gin"][2] == "+0 (anchor)" and "(anchor)" not in rows["knock"][2]


def test_the_bots_option_names_every_shipped_bot_under_the_games_it_plays() -> None:
    from rummycheck.cli.common import SHIPPED_BOTS
    from rummycheck.games import game_of
    from rummycheck.sim.bots import BOTS, LATER_BOTS, BaseBot, bot_class
    from rummycheck.variants import get_variant

    listed: dict[str, list[str]] = {}
    for part in SHIPPED_BOTS.split("; "):
        names, _, game = part.rpartition(" (")
        listed[game.rstrip(")")] = [n.strip() for n in names.split(",")]
    every = [n for names in listed.values() for n in names]
    assert len(every) == len(set(every))
    assert set(every) == {*BOTS, *LATER_BOTS, "knock-at-K", "mc", "mc-N"}
    for where, bots in listed.items():
        variants = ["gin", "basic", "bing"] if where == "any game" else [where]
        for name in bots:
            cls = bot_class({"knock-at-K": "knock-at-8", "mc-N": "mc-50"}.get(name, name))
            assert issubclass(cls, BaseBot)
            fits = [v for v in ("gin", "basic", "bing") if cls.fits(game_of(get_variant(v)))]
            assert fits == variants, (name, fits)
    for command in ("simulate", "tournament"):
        shown = " ".join(CliRunner().invoke(app, [command, "--help"], terminal_width=400).output.split())
        assert " ".join(SHIPPED_BOTS.split()) in shown


def test_ratings_refuse_arguments_outside_their_range() -> None:
    """A library audit: level 2 was an IndexError and -1 an interval upside down, z -1 likewise, and
    an unknown bot a KeyError or a list's ValueError."""
    from rummycheck.errors import SimulationError

    matches = [Match("a", "b", wins=3, losses=1)]
    with pytest.raises(SimulationError, match="z \\(standard errors each side of an interval\\) must be above 0"):
        fit(["a", "b"], matches, z=-1)
    ratings = fit(["a", "b"], matches)
    for bad in (("a", "z"), ("z", "a")):
        with pytest.raises(SimulationError, match="ratings: no bot 'z' \\(the bots: a, b\\)"):
            ratings.difference(*bad)
    with pytest.raises(SimulationError, match="ratings: no bot 'z'"):
        ratings.rating("z")
    deals = [[Match("a", "b", wins=1)], [Match("a", "b", losses=1)], [Match("a", "b", wins=1)]]
    for level in (2.0, -1.0, 0.0):
        with pytest.raises(SimulationError, match="the interval's level is between 0 and 1"):
            bootstrap(["a", "b"], deals, rng=random.Random(1), resamples=10, level=level)


def test_the_order_the_bots_are_named_in_changes_no_game() -> None:
    # Found by an outside audit (2026-12-08): a bot's random stream is seeded by rotation and seat,
    # so naming mc-2 first put it in other seats of the same rotations and it played other games
    # (knock +74 one way, 0 the other, 4 games on seed 5).  random draws on its stream at every move
    # (and plays mc-2's part here: quicker, and it too played other hands the other way round).
    def played(bots: tuple[str, ...]) -> tuple[int, dict[str, tuple[float, tuple[int, int, int]]]]:
        found = tournament(TournamentSpec(variant="gin", bots=bots, seed=5), games=4, workers=1)
        return found.hands, {r.name: (round(r.value, 9), found.record(r.name)) for r in found.ratings.ratings}

    assert played(("knock", "random")) == played(("random", "knock"))
