"""A simulation's results as text tables, JSON (docs/json.md) and a plot (the ``plot`` extra)."""

from __future__ import annotations

import math
from typing import Any

from rummycheck.games import game_of
from rummycheck.sim.bots import bot_label
from rummycheck.sim.runner import SimResult
from rummycheck.sim.stats import Interval, wilson
from rummycheck.tabletext import tabulate

__all__ = ["result_json", "result_table", "save_plot"]

METHOD = ("rates: Wilson 95% intervals over seat-games (seat-hands for per-hand rates); "
          "points per hand and differences: paired by deal, mean +- 1.96 sd/sqrt(deals)")


NO_INTERVAL = "[no interval: one deal]"  # a spread needs two deals at least (mean_interval, paired_interval)


def _pct(interval: Interval) -> str:
    if math.isnan(interval.value):
        return "-"
    if math.isinf(interval.low) or math.isinf(interval.high):
        return f"{100 * interval.value:.1f}% {NO_INTERVAL}"
    return f"{100 * interval.value:.1f}% [{100 * interval.low:.1f}, {100 * interval.high:.1f}]"


def _num(interval: Interval) -> str:
    if math.isnan(interval.value):
        return "-"
    if math.isinf(interval.low) or math.isinf(interval.high):
        return f"{interval.value:.2f} {NO_INTERVAL}"
    return f"{interval.value:.2f} [{interval.low:.2f}, {interval.high:.2f}]"


def _interval_json(interval: Interval) -> dict[str, float | None]:
    def clean(x: float) -> float | None:
        return None if math.isnan(x) or math.isinf(x) else round(x, 6)
    return {"value": clean(interval.value), "low": clean(interval.low), "high": clean(interval.high)}


def _extras(result: SimResult) -> list[tuple[str, str, str]]:
    """(column, count key, per) for the counts the game keeps (``Game.COUNTERS``): busts, knocks, ..."""
    game = game_of(result.spec.build_variant())
    return [(c.column, c.key, "seat_games" if c.per_game else "seat_hands") for c in game.COUNTERS]


def result_table(result: SimResult) -> str:
    """The per-bot table, the paired differences, and the counts behind them."""
    spec = result.spec
    extras = _extras(result)
    game = game_of(spec.build_variant())
    points_name = f"{game.points_words}/hand"
    headers = ["bot", "seat-games", "games won", "hands won", points_name] + [e[0] for e in extras]
    rows = []
    for label in result.labels:
        tally = result.tallies[label]
        row = [label, tally.seat_games, _pct(result.win_rate(label)), _pct(result.hand_rate(label)),
               _num(result.points_per_hand(label))]
        row += [_pct(wilson(tally.counts[key], getattr(tally, per))) for _, key, per in extras]
        rows.append(row)
    lines = [f"{spec.variant}: {len(spec.bots)} players ({', '.join(spec.bots)}), seed {spec.seed}: "
             f"{result.games} games ({result.deals} deals x {len(spec.bots)} seat rotations), "
             f"{result.hands} hands, mean game length {result.hands / max(result.games, 1):.2f} hands"
             + (f", {result.dead_hands} hands without a winner" if result.dead_hands else "")
             + (f", {result.unfinished} games stopped unfinished" if result.unfinished else "")
             + (f"; buy-backs: {spec.buybacks} a player and game" if game.BUYBACK else ""),
             tabulate(rows, headers=headers, tablefmt="simple")]
    if len(result.labels) > 1:
        diff_rows = [[f"{a} - {b}", _pct(result.difference(a, b))] for a, b in result.pairs()]
        lines.append("")
        lines.append(tabulate(diff_rows, headers=["difference in games won (paired by deal)", "95% interval"],
                              tablefmt="simple"))
    lines.append("")
    lines.append(METHOD)
    return "\n".join(lines)


def result_json(result: SimResult) -> dict[str, Any]:
    """The results as one JSON object (documented in docs/json.md)."""
    spec = result.spec
    extras = _extras(result)
    bots = {}
    for label in result.labels:
        tally = result.tallies[label]
        entry: dict[str, Any] = {
            "seats": sum(1 for b in spec.bots if bot_label(b) == label),
            "seat_games": tally.seat_games, "games_won": tally.wins,
            "win_rate": _interval_json(result.win_rate(label)),
            "hands": tally.seat_hands, "hands_won": tally.hands_won,
            "hand_win_rate": _interval_json(result.hand_rate(label)),
            "points_per_hand": _interval_json(result.points_per_hand(label)),
        }
        for _, key, per in extras:
            entry[key] = tally.counts[key]
            entry[f"{key}_rate"] = _interval_json(wilson(tally.counts[key], getattr(tally, per)))
        bots[label] = entry
    return {
        "variant": spec.variant,
        "options": spec.build_variant().changed_options(),
        "seats": list(spec.bots),
        "seed": spec.seed,
        "buybacks": spec.buybacks,
        "games": result.games,
        "deals": result.deals,
        "rotations": len(spec.bots),
        "hands": result.hands,
        "dead_hands": result.dead_hands,
        "unfinished_games": result.unfinished,
        "mean_game_hands": round(result.hands / max(result.games, 1), 6),
        "bots": bots,
        "differences": [{"first": a, "second": b, "win_rate_difference": _interval_json(result.difference(a, b))}
                        for a, b in result.pairs()],
        "method": METHOD,
    }


def pyplot() -> Any:
    """``matplotlib.pyplot`` drawing to files (loaded only for a plot: the ``plot`` extra)."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        from rummycheck.errors import SimulationError
        raise SimulationError("--plot needs matplotlib: pip install 'rummycheck[plot]'") from None
    return plt


def save_plot(result: SimResult, path: str) -> None:
    """Win rates with their intervals, and the distribution of points per hand, per bot (matplotlib)."""
    plt = pyplot()
    labels = list(result.labels)
    figure, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2))
    rates = [result.win_rate(label) for label in labels]
    left.errorbar(range(len(labels)), [r.value for r in rates],
                  yerr=[[r.value - r.low for r in rates], [r.high - r.value for r in rates]],
                  fmt="o", capsize=6)
    left.axhline(1 / len(result.spec.bots), color="grey", linestyle=":", label="fair share")
    left.set_xticks(range(len(labels)), labels)
    left.set_ylabel("games won (share of seat-games)")
    left.set_title(f"win rate, 95% Wilson ({result.games} games)")
    left.legend()
    data = []
    for label in labels:
        histogram = result.tallies[label].histogram
        data.append([value for value, count in sorted(histogram.items()) for _ in range(count)] or [0])
    right.boxplot(data, showfliers=False)
    right.set_xticks(range(1, len(labels) + 1), labels)
    right.set_ylabel(f"{game_of(result.spec.build_variant()).points_words} per hand")
    right.set_title(f"points per hand ({result.hands} hands; whiskers 1.5 IQR)")
    figure.suptitle(f"{result.spec.variant}: {', '.join(result.spec.bots)} (seed {result.spec.seed})")
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    plt.close(figure)
