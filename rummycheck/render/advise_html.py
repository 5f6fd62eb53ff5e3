"""The advise page (``advise --html``): one decision, its position and every move valued, as one page.

The page shows the position from the advised player's seat: his hand (the contract's
``data-hand`` element, holding exactly his cards), the other players (their card counts and
scores; their cards are not drawn, since the advice uses only what he can know), the table
melds, the discard pile (top card last), the stock and whose turn it is.  Then the advice:
the best move in words (``id="best"``), how the values were found (the unit, the most
rollouts per move, the rollout bots, the seed, whether the best is separated at 95%), and
the candidates best first (``#candidates tr[data-move]``): each value with its 95%
interval, how far it is behind the best with that interval, its rollouts and, for a
discard, the exact facts (deadwood kept, the chances with the next draw to knock or go
out, to go gin, to open, as percentages and fractions, and the outs as card chips, each
with ``data-card``).  A chart draws the values with their intervals.  No script: the page
is complete as written.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from rummycheck.analysis.advisor import Advice
from rummycheck.analysis.facts import DiscardFacts
from rummycheck.render.charts import CHART_CSS, Row, interval_chart
from rummycheck.render.html import (
    card_chip,
    cards_html,
    data_ci,
    hand_html,
    html_text,
    page_html,
    scroll_box,
    table_meld_html,
    write_page,
)
from rummycheck.render.text import (
    FactColumns,
    advice_heading,
    fact_columns,
    loss_text,
    next_chances,
    table_lines,
    value_text,
    win_text,
)
from rummycheck.render.words import best_line
from rummycheck.table.state import GameState

__all__ = ["advice_page", "write_advice_page"]


def advice_page(advice: Advice, state: GameState, *, where: str = "", four_colour: bool = False) -> str:
    """The page of ``advice`` for the player to move at ``state``; ``where`` says which position it is
    (the scenario's file, or the record, hand and action), for the heading."""
    evaluation = advice.evaluation
    heading = f"Advice: {evaluation.player} to move" + (f" ({where})" if where else "")
    _, how, sure, *game = advice_heading(advice)
    body = "".join([
        f"<header><h1>{html_text(heading)}</h1><p>{html_text(state.variant.title)} ({html_text(advice.variant)})"
        f"</p></header>",
        '<main class="report">',
        _position(state),
        '<section id="advice" aria-labelledby="advice-h"><h2 id="advice-h">The moves, best first</h2>',
        f'<p id="best" class="summary">Best: {html_text(best_line(advice))}</p>',
        f"<p>{html_text(how)}.</p><p>{html_text(sure)}.</p>" + "".join(f"<p>{html_text(g)}.</p>" for g in game),
        _candidates(advice),
        _chart(advice),
        "</section></main>",
    ])
    return page_html(title=heading, body=body, style=CHART_CSS + _CSS, four_colour=four_colour)


def write_advice_page(advice: Advice, state: GameState, target: Path, *, where: str = "") -> None:
    """Write the page to ``target`` (checked first with ``render.html.check_target``)."""
    write_page(target, advice_page(advice, state, where=where))


def _position(state: GameState) -> str:
    me = state.player
    others = []
    for player in state.players:
        if player is me:
            continue
        size = len(player.hand) + player.unknown
        notes = [f"{size} card{'s' * (size != 1)}, not shown", f"score {player.score}"]
        notes += ["opened"] * player.opened + ["out of the game"] * player.out
        others.append(f"<li>{html_text(player.name)}: {html_text(', '.join(notes))}</li>")
    notes = [f"score {me.score}"] + ["opened"] * me.opened
    melds = "".join(table_meld_html(m) for m in state.table) or "<p>none</p>"
    pile = tuple(state.discard_pile)
    stock = "not known" if state.stock is None else f"{state.stock} card{'s' * (state.stock != 1)}"
    return (f'<section id="board" aria-labelledby="position-h"><h2 id="position-h">The position</h2>'
            f'<p id="turn">{html_text(table_lines(state.snapshot())[-1].strip())}</p>'
            f'<section class="seat turn" aria-label="{html_text(me.name)}"><h2>{html_text(me.name)} '
            f'<span class="note">{html_text(", ".join(notes))}</span></h2>{hand_html(me.name, me.hand)}</section>'
            f'<ul id="others">{"".join(others)}</ul>'
            f'<div id="middle"><section aria-labelledby="pile-h"><h2 id="pile-h">Discard pile ({len(pile)})</h2>'
            f'<div class="cards pile" id="pile" role="group" aria-label="discard pile, top card last">'
            f"{cards_html(pile)}</div></section>"
            f'<section aria-labelledby="stock-h"><h2 id="stock-h">Stock</h2><p id="stock">{stock}</p></section></div>'
            f'<section aria-labelledby="melds-h"><h2 id="melds-h">Table melds</h2><div id="melds">{melds}</div>'
            "</section></section>")


def _fraction(chance: Fraction | None) -> str:
    return "" if chance is None else f" ({chance.numerator}/{chance.denominator})"


def _facts_cells(facts: DiscardFacts | None, columns: FactColumns) -> list[str]:
    """Deadwood, the next draw's chances (exact: the fraction after the percentage), and the outs,
    under ``columns``' headings (``render.text.fact_columns``, as the text table)."""
    if facts is None:
        return ["<td></td>"] * (len(columns.heads) + 1)
    knock, gin_text = next_chances(facts)
    knock_exact = facts.p_knock_next if facts.p_knock_next is not None else facts.p_out_next
    cells = [f"<td>{facts.deadwood}</td>", f"<td>{knock}{_fraction(knock_exact)}</td>"]
    if columns.gin:
        cells.append(f"<td>{gin_text}{_fraction(facts.p_gin_next)}</td>")
    if columns.opening:
        cells.append("<td></td>" if facts.open_chance is None else
                     f"<td>{100 * facts.open_chance:.1f}%{_fraction(facts.p_open_next)}</td>")
    chips = "".join(card_chip(c) for c in facts.outs)
    count = f"{len(facts.outs)} card{'s' * (len(facts.outs) != 1)}"
    outs = (f'<details class="outs"><summary>{count}</summary>{chips}</details>' if len(facts.outs) > 8
            else f'<span class="outs">{chips or "none"}</span>')
    return [*cells, f"<td>{outs}</td>"]


def _candidates(advice: Advice) -> str:
    columns = fact_columns(advice.facts)
    game = advice.evaluation.best.win is not None
    rows = []
    for index, value in enumerate(advice.candidates):
        move = value.action.move_text()
        numbers = f' data-move="{html_text(move)}" data-value="{value.value:.2f}"' + data_ci(value.low, value.high)
        if value.win is not None:
            numbers += f' data-win="{value.win.value:.4f}"'
        facts = _facts_cells(advice.facts[index], columns) if columns.shown else []
        won = f"<td>{html_text(win_text(value))}</td>" if game else ""
        rows.append(f"<tr{numbers}><td>{index + 1}</td><th scope=\"row\"><code>{html_text(value.text())}</code></th>"
                    f"<td>{html_text(value_text(value))}</td><td>{html_text(loss_text(value, index))}</td>"
                    f"<td>{value.samples}</td>{''.join(facts)}{won}</tr>")
    heads = ["rank", "move", "value [95% interval]", "behind the best [95%]", "rollouts"]
    if columns.shown:
        heads += [*columns.heads, "outs (next draw)"]
    heads += ["game won [95%]"] * game
    head = "".join(f'<th scope="col">{h}</th>' for h in heads)
    caption = f"Every legal move: values in {advice.evaluation.unit}; the facts exact, over every unseen card"
    return scroll_box("the moves", f'<table id="candidates"><caption>{html_text(caption)}</caption>'
                                   f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>")


def _chart(advice: Advice) -> str:
    rows = [Row(v.action.move_text(), v.value, v.low, v.high, f"{v.action.move_text()}: {value_text(v)}")
            for v in advice.candidates]
    chart = interval_chart(rows, title="each move's value with its 95% interval", tick=lambda v: f"{v:+.0f}")
    return (f'<figure id="values-chart">{chart}<figcaption>Each move\'s value ({html_text(advice.evaluation.unit)}): '
            "the dot, with its 95% interval; best first.</figcaption></figure>")


_CSS = """
main.report{max-width:76rem}
#board{background:var(--felt);border-radius:.5rem;padding:.5rem}
#others{margin:.2rem 0;padding-left:1.2rem}
#candidates td,#candidates tbody th{white-space:nowrap;vertical-align:top}
#candidates tbody tr:first-child{background:#eef6e8}
.outs{white-space:normal;display:block;min-width:11rem;max-width:13rem}details.outs summary{cursor:pointer}
"""
