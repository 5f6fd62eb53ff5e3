"""A tournament's results as text tables, JSON (docs/tournament.md) and a plot (the ``plot`` extra)."""

from __future__ import annotations

import math
from typing import Any

from rummycheck.games import game_of
from rummycheck.sim.ratings import Rating
from rummycheck.sim.report import _interval_json, _num, _pct, pyplot
from rummycheck.sim.stats import Z95
from rummycheck.sim.tournament import TournamentResult
from rummycheck.tabletext import tabulate

__all__ = ["tournament_json", "tournament_table", "save_tournament_plot"]


def method(result: TournamentResult) -> str:
    """How the figures were made, in one paragraph."""
    spec = result.spec
    anchor = f"{spec.anchor!r} at 0" if spec.anchor is not None else "mean 0"
    prior = (f"plus {spec.prior_draws:g} drawn game{'s' if spec.prior_draws != 1 else ''} per pair as a prior"
             if spec.prior_draws else "no prior")
    if result.ratings.interval == "fisher information":
        interval = "95% intervals from the Fisher information (games taken as independent)"
    else:
        interval = (f"95% intervals: the middle 95% of the ratings refitted to {result.ratings.resamples} "
                    "bootstrap resamples of the deals (seeded)")
    return (f"ratings: Bradley-Terry maximum likelihood over all games at once, Elo scale ({anchor}), "
            f"a draw or an unfinished game half a win to each side, {prior}; {interval}. win rates: Wilson "
            "95% over the pair's games; points per game and their difference: paired by deal, mean +- 1.96 "
            "sd/sqrt(deals)")


def _elo(rating: Rating, anchor: str | None) -> str:
    if rating.name == anchor:
        return f"{rating.value:+.0f} (anchor)"
    return f"{rating.value:+.0f} [{rating.low:+.0f}, {rating.high:+.0f}]"


def _points_words(result: TournamentResult) -> str:
    return game_of(result.spec.build_variant()).points_words


def tournament_table(result: TournamentResult) -> str:
    """The ratings, best first, then every pair's games."""
    spec = result.spec
    lines = [f"{spec.variant} tournament: {len(spec.bots)} bots ({', '.join(result.spec.labels)}), seed {spec.seed}: "
             f"{result.games} games, {2 * result.deals} per pair ({result.deals} "
             f"deals x 2 seats, the same deals for every pair), {result.hands} hands"
             + (f", {result.unfinished} games stopped unfinished" if result.unfinished else "")]
    rows = []
    for rank, name in enumerate(result.ranked(), 1):
        wins, losses, draws = result.record(name)
        games = wins + losses + draws
        rows.append([rank, name, _elo(result.ratings.rating(name), spec.anchor), games, wins, losses, draws,
                     f"{100 * (wins + draws / 2) / games:.1f}%" if games else "-"])
    lines.append(tabulate(rows, headers=["rank", "bot", "rating (Elo, 95%)", "games", "won", "lost", "drawn",
                                         "score"], tablefmt="simple"))
    words = _points_words(result)
    pair_rows = []
    for pair in result.pairs:
        pair_rows.append([f"{pair.first} - {pair.second}", pair.games, pair.wins, pair.losses, pair.draws,
                          _pct(pair.win_rate), f"{100 * result.predicted_score(pair):.1f}%",
                          _num(pair.first_points_per_game), _num(pair.second_points_per_game),
                          _num(pair.points_difference)])
    lines.append("")
    lines.append(tabulate(pair_rows, headers=["pair (first - second)", "games", "won", "lost", "drawn", "win rate",
                                              "rated", "first pts/game", "second pts/game", "pts difference"],
                          tablefmt="simple"))
    lines.append("")
    lines.append(f"won, lost, win rate: the first bot's; rated: the first's score expected from the ratings; pts: "
                 f"{words} per game (from the hands, as simulate counts them)")
    lines.append(method(result))
    lines += [f"note: {note}" for note in notes(result)]
    return "\n".join(lines)


def notes(result: TournamentResult) -> list[str]:
    """What the reader must know to read the intervals (the table's last lines, the JSON's ``notes``)."""
    swept = [f"{pair.first} - {pair.second}" for pair in result.pairs if pair.games and not (pair.wins and pair.losses)]
    if swept and result.ratings.interval != "fisher information":
        return [f"one side won every game of {', '.join(swept)}; there the ratings rest on the prior, every "
                "bootstrap resample alike, so the bootstrap intervals of those bots (and, with the mean at 0, of "
                "all) are too narrow: read the Fisher intervals (--interval fisher) for them"]
    return []


def tournament_json(result: TournamentResult) -> dict[str, Any]:
    """The results as one JSON object (docs/tournament.md)."""
    spec = result.spec
    ratings = []
    ranks = {name: rank for rank, name in enumerate(result.ranked(), 1)}
    for rating in result.ratings.ratings:
        wins, losses, draws = result.record(rating.name)
        games = wins + losses + draws
        ratings.append({"bot": rating.name, "rank": ranks[rating.name], "rating": _interval_json(rating.interval),
                        "standard_error": round(rating.error, 6), "games": games, "wins": wins, "losses": losses,
                        "draws": draws, "score": round((wins + draws / 2) / games, 6) if games else None})
    pairs = []
    for pair in result.pairs:
        pairs.append({
            "first": pair.first, "second": pair.second, "deals": pair.deals, "games": pair.games,
            "wins": pair.wins, "losses": pair.losses, "draws": pair.draws, "unfinished": pair.unfinished,
            "hands": pair.hands, "win_rate": _interval_json(pair.win_rate),
            "score": round(pair.score, 6), "rated_score": round(result.predicted_score(pair), 6),
            "points_per_game": {"first": _interval_json(pair.first_points_per_game),
                                "second": _interval_json(pair.second_points_per_game),
                                "difference": _interval_json(pair.points_difference)},
        })
    return {
        "variant": spec.variant,
        "options": spec.build_variant().changed_options(),
        "bots": list(spec.bots),
        "seed": spec.seed,
        "buybacks": spec.buybacks,
        "deals_per_pair": result.deals,
        "games": result.games,
        "hands": result.hands,
        "unfinished_games": result.unfinished,
        "points": _points_words(result),
        "model": {"name": "bradley-terry", "fit": "maximum likelihood (Newton)", "scale": "elo",
                  "elo_per_unit": round(400 / math.log(10), 6), "anchor": spec.anchor,
                  "prior_draws": spec.prior_draws, "interval": result.ratings.interval,
                  "resamples": result.ratings.resamples, "z": round(Z95, 6),
                  "iterations": result.ratings.iterations,
                  "log_likelihood": round(result.ratings.log_likelihood, 6)},
        "ratings": ratings,
        "pairs": pairs,
        "method": method(result),
        "notes": notes(result),
    }


def save_tournament_plot(result: TournamentResult, path: str) -> None:
    """The ratings with their intervals, and each pair's score as a grid (matplotlib)."""
    plt = pyplot()
    ranked = result.ranked()
    figure, (left, right) = plt.subplots(1, 2, figsize=(11, 4.4))
    ratings = [result.ratings.rating(name) for name in ranked]
    rows = range(len(ranked))
    left.errorbar([r.value for r in ratings], rows, xerr=[[r.value - r.low for r in ratings],
                                                         [r.high - r.value for r in ratings]], fmt="o", capsize=5)
    left.axvline(0, color="grey", linestyle=":")
    left.set_yticks(rows, ranked)
    left.invert_yaxis()
    left.set_xlabel("rating (Elo scale), 95% interval")
    left.set_title(f"Bradley-Terry ratings ({result.games} games)")
    where = {name: k for k, name in enumerate(ranked)}
    grid = [[math.nan] * len(ranked) for _ in ranked]
    for pair in result.pairs:
        a, b = where[pair.first], where[pair.second]
        grid[a][b] = pair.score
        grid[b][a] = 1 - pair.score
    image = right.imshow(grid, vmin=0, vmax=1, cmap="RdBu")
    for a in rows:
        for b in rows:
            if not math.isnan(grid[a][b]):
                right.text(b, a, f"{100 * grid[a][b]:.0f}", ha="center", va="center", fontsize=8,
                           color="white" if abs(grid[a][b] - 0.5) > 0.3 else "black")
    right.set_xticks(rows, ranked, rotation=30, ha="right")
    right.set_yticks(rows, ranked)
    right.set_title(f"row's score against column, % ({result.deals * 2} games a pair)")
    figure.colorbar(image, ax=right)
    figure.suptitle(f"{result.spec.variant} tournament, seed {result.spec.seed}")
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    plt.close(figure)
