"""The simulate page (``simulate --html``): a simulation's results as one self-contained page.

The page holds what ``simulate`` prints and more: the settings (the variant and its changed
options, the seats, the seed, buy-backs, what was asked: games, precision, batch), the counts
(games, deals, seat rotations, hands, hands without a winner, games stopped unfinished), the
per-bot table (seat-games, games won, hands won, points per hand, the game's own counts,
each rate with its 95% interval), the paired differences, and three charts drawn here as
inline SVG (``render.charts``): the win rates with their intervals against the fair share,
the paired differences against 0, and the distribution of points per hand of each bot.
With ``--records`` it lists the sampled games, each linked to its replay page written
beside its record (the only ``href`` on the page, a relative path to a local file: opening
the page loads nothing).

The figures are the ones ``result_json`` gives (``sim.report``): the same intervals as the
text and the JSON, written here with the text's decimals.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rummycheck.games import game_of
from rummycheck.render.charts import CHART_CSS, Row, histogram_chart, interval_chart
from rummycheck.render.html import html_text, page_html, scroll_box, write_page
from rummycheck.sim.bots import bot_label
from rummycheck.sim.report import METHOD
from rummycheck.sim.runner import SimResult
from rummycheck.sim.stats import Interval, wilson

__all__ = ["SampledGame", "simulate_page", "write_simulate_page"]


@dataclass(frozen=True, slots=True)
class SampledGame:
    """A game written by ``--records``: the simulator's record of it, and where its replay page is,
    relative to the simulate page (``""``: no page)."""

    game: Mapping[str, Any]
    link: str = ""


def _pct(interval: Interval) -> str:
    """A rate and its interval in percent, one decimal, as the text table writes it."""
    return _interval(interval, scale=100, unit="%", digits=1)


def _num(interval: Interval) -> str:
    """A mean and its interval, two decimals."""
    return _interval(interval, scale=1, unit="", digits=2)


def _interval(interval: Interval, *, scale: float, unit: str, digits: int) -> str:
    if math.isnan(interval.value):
        return "-"
    value = f"{scale * interval.value:.{digits}f}{unit}"
    if not (math.isfinite(interval.low) and math.isfinite(interval.high)):
        return f"{value} (no interval: one deal)"
    return f"{value} [{scale * interval.low:.{digits}f}, {scale * interval.high:.{digits}f}]"


def _table(caption: str, head: Sequence[str], rows: Sequence[tuple[str, Sequence[str]]], *, ident: str) -> str:
    """A table of text (escaped here); each row ``(its data-row, its cells)``, the first cell a row header."""
    heads = "".join(f'<th scope="col">{html_text(h)}</th>' for h in head)
    body = "".join(f'<tr data-row="{html_text(key)}"><th scope="row">{html_text(cells[0])}</th>'
                   + "".join(f"<td>{html_text(c)}</td>" for c in cells[1:]) + "</tr>" for key, cells in rows)
    return scroll_box(caption, f'<table id="{ident}"><caption>{html_text(caption)}</caption><thead><tr>{heads}'
                               f"</tr></thead><tbody>{body}</tbody></table>")


def simulate_page(result: SimResult, *, settings: Sequence[tuple[str, str]] = (),
                  games: Sequence[SampledGame] = ()) -> str:
    """The page of ``result``; ``settings`` are the command's own (games asked, precision, ...) in
    words, shown after the spec's; ``games`` the sampled games with their replay pages."""
    spec = result.spec
    variant = spec.build_variant()
    game = game_of(variant)
    labels = result.labels
    players = len(spec.bots)
    heading = f"Simulation: {variant.title}, {', '.join(spec.bots)}"
    counts = (f"{result.games:,} games ({result.deals:,} deals x {players} seat rotations), {result.hands:,} hands, "
              f"mean game length {result.hands / max(result.games, 1):.2f} hands"
              + (f", {result.dead_hands:,} hands without a winner" if result.dead_hands else "")
              + (f", {result.unfinished:,} games stopped unfinished" if result.unfinished else ""))
    changed = variant.changed_options()
    spec_rows = [("variant", f"{variant.title} ({spec.variant})"),
                 ("rule options changed", ", ".join(f"{k} = {v}" for k, v in changed.items()) or "none"),
                 ("seats", ", ".join(f"{n + 1}: {b}" for n, b in enumerate(spec.bots))),
                 ("seed", str(spec.seed)), ("buy-backs", str(spec.buybacks)), *settings,
                 ("played", counts)]
    settings_table = "".join(f'<tr><th scope="row">{html_text(k)}</th><td>{html_text(v)}</td></tr>'
                             for k, v in spec_rows)
    points = game.points_words
    extras = [(c.column, c.key, "seat_games" if c.per_game else "seat_hands") for c in game.COUNTERS]
    bot_rows = []
    for label in labels:
        tally = result.tallies[label]
        cells = [label, str(sum(1 for b in spec.bots if bot_label(b) == label)),
                 f"{tally.seat_games:,}", f"{tally.wins:,}", _pct(result.win_rate(label)),
                 _pct(result.hand_rate(label)), _num(result.points_per_hand(label))]
        cells += [_pct(wilson(tally.counts[key], getattr(tally, per))) for _, key, per in extras]
        bot_rows.append((label, cells))
    bots = _table("Per bot (95% intervals in brackets)",
                  ["bot", "seats", "seat-games", "games won", "win rate", "hands won", f"{points}/hand",
                   *[column for column, _, _ in extras]], bot_rows, ident="bots")
    rates = interval_chart([Row(label, result.win_rate(label).value, result.win_rate(label).low,
                                result.win_rate(label).high, f"{label}: games won {_pct(result.win_rate(label))}")
                            for label in labels], title="games won, each bot, with its 95% interval",
                           tick=lambda v: f"{100 * v:.0f}%", reference=1 / players,
                           reference_words=f"a fair share: 1 in {players}")
    parts = [f"<header><h1>{html_text(heading)}</h1><p>{html_text(f'seed {spec.seed}: {counts}')}</p></header>",
             '<main class="report">',
             '<section aria-labelledby="settings-h"><h2 id="settings-h">Settings and counts</h2>'
             + scroll_box("settings and counts", f'<table id="settings"><tbody>{settings_table}</tbody></table>')
             + "</section>",
             f'<section aria-labelledby="results-h"><h2 id="results-h">Results</h2>{bots}'
             f'<figure id="win-chart">{rates}<figcaption>Games won (share of seat-games): the dot, with its 95% '
             f"Wilson interval; dashed: a fair share (1 in {players}).</figcaption></figure></section>"]
    if len(labels) > 1:
        parts.append(_differences(result))
    parts.append(_distribution(result, points))
    parts.append(_lengths(result))
    parts.append(f'<section aria-labelledby="method-h"><h2 id="method-h">How the intervals are made</h2>'
                 f"<p>{html_text(METHOD)}.</p></section>")
    parts.append(_sampled(games))
    parts.append("</main>")
    return page_html(title=heading, body="".join(parts), style=CHART_CSS + _CSS)


def _differences(result: SimResult) -> str:
    pairs = result.pairs()
    rows = [(f"{a} - {b}", [f"{a} - {b}", _pct(result.difference(a, b))]) for a, b in pairs]
    chart = interval_chart([Row(f"{a} - {b}", result.difference(a, b).value, result.difference(a, b).low,
                                result.difference(a, b).high, f"{a} - {b}: {_pct(result.difference(a, b))}")
                            for a, b in pairs], title="difference in games won, each pair, with its 95% interval",
                           tick=lambda v: f"{100 * v:+.0f}%" if round(100 * v) else "0%", reference=0.0,
                           reference_words="no difference")
    return ('<section aria-labelledby="diff-h"><h2 id="diff-h">Paired differences</h2>'
            + _table("Difference in games won, paired by deal", ["pair", "difference [95% interval]"], rows,
                     ident="differences")
            + f'<figure id="diff-chart">{chart}<figcaption>The first bot\'s share of wins less the second\'s, over '
              "the same deals: the dot, with its 95% interval; dashed: no difference.</figcaption></figure></section>")


def _distribution(result: SimResult, points: str) -> str:
    series = [(label, result.tallies[label].histogram) for label in result.labels]
    chart = histogram_chart(series, title=f"{points} per hand, each bot: the share of its hands at each value",
                            words=points)
    means = "; ".join(f"{label} {_num(result.points_per_hand(label))}" for label in result.labels)
    return (f'<section aria-labelledby="dist-h"><h2 id="dist-h">Distribution of {html_text(points)} per hand</h2>'
            f'<figure id="points-chart">{chart}<figcaption>Each bot\'s seat-hands by the {html_text(points)} in the '
            "hand (bars: the share of its hands; the number under the name: its seat-hands). The mean per hand "
            f"with its 95% interval: {html_text(means)}.</figcaption></figure></section>")


def _lengths(result: SimResult) -> str:
    """How many hands the games took: one histogram over every game played."""
    chart = histogram_chart([("all games", result.lengths)], title="hands per game: the share of games at each "
                            "length", words="hands")
    mean = result.hands / result.games if result.games else 0.0
    return ('<section aria-labelledby="length-h"><h2 id="length-h">Game length</h2>'
            f'<figure id="length-chart">{chart}<figcaption>Every game by the number of hands it took (bars: the share '
            f"of the {result.games:,} games); {mean:.2f} hands a game on average, as in the counts above."
            "</figcaption></figure></section>")


def _sampled(games: Sequence[SampledGame]) -> str:
    if not games:
        return ('<section id="records" aria-labelledby="records-h"><h2 id="records-h">Sampled games</h2>'
                "<p>None written (give <code>--records DIR</code> to write the first games as records, each with "
                "its replay page).</p></section>")
    items = []
    for sampled in games:
        game = sampled.game
        seats = ", ".join(f"{name} {bot}" for name, bot in zip(game["players"], game.get("bots", ())))
        scores = ", ".join(f"{name} {points}" for name, points in dict(game.get("final_scores") or {}).items())
        ending = f"{game['winner']} wins" if game.get("winner") else "no winner"
        words = (f"deal {game['deal']}, rotation {game['rotation']}: {seats}; {len(game['hands'])} hand(s); "
                 f"{ending}; scores {scores}")
        if sampled.link:
            name = Path(sampled.link).name
            items.append(f'<li><a href="{html_text(sampled.link)}">{html_text(words)}</a> '
                         f"<small>({html_text(name)})</small></li>")
        else:
            items.append(f"<li>{html_text(words)}</li>")
    return (f'<section id="records" aria-labelledby="records-h"><h2 id="records-h">Sampled games</h2>'
            f"<p>The first {len(games)} games, each written as a record with its replay page beside it "
            f"(the links open those pages).</p><ol>{''.join(items)}</ol></section>")


def write_simulate_page(result: SimResult, target: Path, *, settings: Sequence[tuple[str, str]] = (),
                        games: Sequence[SampledGame] = ()) -> None:
    """Write the page of ``result`` to ``target`` (checked before the run)."""
    write_page(target, simulate_page(result, settings=settings, games=games))


_CSS = """
#bots td,#differences td{white-space:nowrap}
#settings th{font-weight:600;white-space:nowrap;vertical-align:top}
#records li{margin:.2rem 0}#records a{color:#0b4fc0}
"""
