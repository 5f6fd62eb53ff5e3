"""Small charts as inline SVG for the pages (no chart library): intervals, and distributions.

``interval_chart`` draws one row per item: a dot at the value and a line over its 95%
interval, on a shared axis with a few round ticks, and an optional reference line (a fair
share, or 0 for a difference).  ``histogram_chart`` draws the distribution of a count per
value (points per hand, say) for several series on one axis, one panel each, a bar per
bin as the share of that series' total.  Every mark has a ``<title>`` in words, the chart
an ``aria-label``; every text given is escaped here (``render.html.html_text``).  The
drawing is 420 units wide and scales to its column (``CHART_CSS``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from rummycheck.render.html import html_text as _x

__all__ = ["CHART_CSS", "Row", "histogram_chart", "interval_chart"]

_WIDTH = 420  # the drawing's width; the page scales it to the column (a phone: about 370 pixels)
_LEFT = 112  # room for the row labels


@dataclass(frozen=True, slots=True)
class Row:
    """One row of an interval chart: its label, the value and its interval, and the words of its title."""

    label: str
    value: float
    low: float
    high: float
    words: str


def _ticks(low: float, high: float, count: int = 4) -> list[float]:
    """Round values between ``low`` and ``high`` (1, 2 or 5 times a power of ten apart)."""
    span = high - low
    if span <= 0:
        return [low]
    raw = span / count
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    first = math.ceil(low / step) * step
    return [first + k * step for k in range(int((high - first) / step + 1e-9) + 1)]


def _finite(*values: float) -> bool:
    return all(math.isfinite(v) for v in values)


def interval_chart(rows: Sequence[Row], *, title: str, tick: Callable[[float], str],
                   reference: float | None = None, reference_words: str = "") -> str:
    """The rows' values with their intervals on one axis; ``tick`` writes an axis value."""
    shown = [r for r in rows if math.isfinite(r.value)]
    if not shown:
        return f"<p>{_x(title)}: nothing to draw.</p>"
    ends = [v for r in shown for v in (r.value, r.low, r.high) if math.isfinite(v)]
    ends += [reference] if reference is not None else []
    low, high = min(ends), max(ends)
    pad = (high - low) * 0.08 or abs(high) * 0.1 or 0.05
    low, high = low - pad, high + pad
    band, top = 24, 6
    bottom = top + band * len(shown)
    height = bottom + 22
    right = _WIDTH - 8

    def x(value: float) -> float:
        return _LEFT + (value - low) / (high - low) * (right - _LEFT)

    parts = [f'<line class="axis" x1="{_LEFT}" y1="{bottom}" x2="{right}" y2="{bottom}"/>']
    for value in _ticks(low, high):
        parts.append(f'<line class="grid" x1="{x(value):.1f}" y1="{top}" x2="{x(value):.1f}" y2="{bottom}"/>'
                     f'<text x="{x(value):.1f}" y="{bottom + 14}" text-anchor="middle">{_x(tick(value))}</text>')
    if reference is not None:
        parts.append(f'<line class="ref" x1="{x(reference):.1f}" y1="{top}" x2="{x(reference):.1f}" y2="{bottom}">'
                     f"<title>{_x(reference_words)}</title></line>")
    for n, row in enumerate(shown):
        y = top + band * n + band / 2
        mark = f'<circle cx="{x(row.value):.1f}" cy="{y:.1f}" r="4"/>'
        if _finite(row.low, row.high):
            mark = f'<path d="M{x(row.low):.1f} {y:.1f}H{x(row.high):.1f}M{x(row.low):.1f} {y - 5:.1f}v10' \
                   f'M{x(row.high):.1f} {y - 5:.1f}v10"/>' + mark
        parts.append(f'<g><title>{_x(row.words)}</title><text x="{_LEFT - 6}" y="{y + 4:.1f}" text-anchor="end">'
                     f"{_x(row.label)}</text>{mark}</g>")
    return (f'<svg class="chart" role="img" aria-label="{_x(title)}" viewBox="0 0 {_WIDTH} {height}">'
            f'<title>{_x(title)}</title>{"".join(parts)}</svg>')


def _bins(low: int, high: int, most: int = 30) -> list[tuple[int, int]]:
    """Bins ``(first, last)`` over ``low .. high``: one value each, or equal widths when there are many."""
    width = max(1, math.ceil((high - low + 1) / most))
    return [(start, min(start + width - 1, high)) for start in range(low, high + 1, width)]


def histogram_chart(series: Sequence[tuple[str, Mapping[int, int]]], *, title: str, words: str) -> str:
    """One panel per series (label, count by value) on a shared axis of values; ``words`` names a value
    (``points won``), for the titles."""
    filled = [(label, counts) for label, counts in series if sum(counts.values())]
    if not filled:
        return f"<p>{_x(title)}: nothing to draw.</p>"
    low = min(min(c) for _, c in filled)
    high = max(max(c) for _, c in filled)
    bins = _bins(low, high)
    width = bins[0][1] - bins[0][0] + 1
    panel, gap, top = 64, 16, 4
    right = _WIDTH - 8
    slot = (right - _LEFT) / len(bins)
    shares = []
    for _, counts in filled:
        total = sum(counts.values())
        shares.append([sum(n for v, n in counts.items() if a <= v <= b) / total for a, b in bins])
    tallest = max(max(s) for s in shares)
    parts = []
    for k, ((label, counts), share) in enumerate(zip(filled, shares)):
        base = top + k * (panel + gap) + panel
        parts.append(f'<line class="axis" x1="{_LEFT}" y1="{base}" x2="{right}" y2="{base}"/>'
                     f'<text x="{_LEFT - 6}" y="{base - panel / 2 + 4:.1f}" text-anchor="end">{_x(label)}</text>'
                     f'<text x="{_LEFT - 6}" y="{base - panel / 2 + 16:.1f}" text-anchor="end" class="small">'
                     f"{sum(counts.values()):,}</text>")
        for n, ((a, b), part) in enumerate(zip(bins, share)):
            if not part:
                continue
            size = part / tallest * (panel - 4)
            span = f"{a}" if a == b else f"{a} to {b}"
            parts.append(f'<rect x="{_LEFT + n * slot + .5:.1f}" y="{base - size:.1f}" '
                         f'width="{max(slot - 1, .8):.1f}" height="{size:.1f}"><title>{_x(label)}: {span} {_x(words)}, '
                         f"{100 * part:.1f}% of {sum(counts.values()):,}</title></rect>")
    bottom = top + len(filled) * (panel + gap) - gap
    for value in _ticks(low, high, 5):
        at = _LEFT + (value - low + .5) / (len(bins) * width) * (right - _LEFT)
        parts.append(f'<text x="{at:.1f}" y="{bottom + 14}" text-anchor="middle">{value:g}</text>')
    return (f'<svg class="chart" role="img" aria-label="{_x(title)}" viewBox="0 0 {_WIDTH} {bottom + 20}">'
            f'<title>{_x(title)}</title>{"".join(parts)}</svg>')


CHART_CSS = """
.chart{width:100%;max-width:34rem;height:auto;display:block}
.chart text{font:11px sans-serif;fill:#333}.chart .small{font-size:9px;fill:#666}
.chart .axis{stroke:#333}.chart .grid{stroke:#ddd}.chart .ref{stroke:#888;stroke-dasharray:4 3}
.chart path{stroke:#1d3d5e;stroke-width:1.6;fill:none}.chart circle{fill:#1d3d5e}.chart rect{fill:#5b7a99}
figure{margin:.5rem 0}figcaption{font-size:.9rem;color:#444}
"""
