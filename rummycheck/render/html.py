"""Self-contained HTML pages: a record's replay (or a fresh deal) to step through in a browser.

One file, no network: no ``src`` or ``href`` attribute, no ``url()``, no ``@import``; the
style, the script and the cards are inside the page, the cards drawn here as SVG (rank and
a suit shape; two colours, or four with the page's switch).  The page works offline, on a
phone, with the keyboard (ArrowLeft/ArrowRight one step, Home/End) and with a screen reader.

The contract for tools and tests (``docs/html.md``): every card drawn carries
``data-card`` (our card text, ``Th``) and an ``aria-label`` and ``<title>``; a card not
known is drawn face down (class ``back``, no ``data-card``); the element holding a
player's hand carries ``data-hand="<name>"`` and holds exactly the cards he holds at the
step shown.  The steps are ``render.frames.Frame`` values, embedded as JSON and drawn by
a small script; the first step is also written into the page, so it reads without one.

Every page of rummycheck (replay, deal, review, advise, simulate) is made by ``page_html``,
the one shell with the shared style sheet, and draws cards with ``card_svg`` (or, in long
lists of cards, ``card_chip``); ``hand_html``, ``cards_html``, ``table_meld_html`` and
``scroll_box`` are the parts the other pages share.
"""

from __future__ import annotations

import html
import json
import math
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from rummycheck.cards import Card, Rank, Suit
from rummycheck.errors import RummyError
from rummycheck.melds import TableMeld
from rummycheck.reading import never_write_a_read_file
from rummycheck.render.frames import Frame, replay_frames
from rummycheck.table.replay import Record, Replay, replay
from rummycheck.table.scoring import HandScore
from rummycheck.textsafe import escape
from rummycheck.variants import resolve_house_rules

__all__ = ["card_chip", "card_name", "card_svg", "cards_html", "check_target", "data_ci", "deal_page", "hand_html",
           "html_text", "page_html", "record_inputs", "replay_page", "scroll_box", "table_meld_html", "write_deal_page",
           "write_page", "write_replay_page"]

_RANK_NAMES = {Rank.ACE: "ace", Rank.TWO: "two", Rank.THREE: "three", Rank.FOUR: "four", Rank.FIVE: "five",
               Rank.SIX: "six", Rank.SEVEN: "seven", Rank.EIGHT: "eight", Rank.NINE: "nine", Rank.TEN: "ten",
               Rank.JACK: "jack", Rank.QUEEN: "queen", Rank.KING: "king"}
_SUIT_NAMES = {Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds", Suit.CLUBS: "clubs"}
# each suit as one path in a 10 x 10 box, drawn for this page (no card art is copied)
_SUIT_PATHS = {
    Suit.SPADES: "M5 0C7 2 10 4 10 6.4 10 7.9 8.9 9 7.5 9 6.6 9 5.9 8.6 5.5 8L6.3 10H3.7L4.5 8C4.1 8.6 3.4 9 2.5 9 "
                 "1.1 9 0 7.9 0 6.4 0 4 3 2 5 0Z",
    Suit.HEARTS: "M5 9.5C3 7.6 0 5.4 0 2.9 0 1.3 1.2 0 2.7 0 3.8 0 4.6.6 5 1.6 5.4.6 6.2 0 7.3 0 8.8 0 10 1.3 10 2.9 "
                 "10 5.4 7 7.6 5 9.5Z",
    Suit.DIAMONDS: "M5 0 9 5 5 10 1 5Z",
    Suit.CLUBS: "M2.5 2.5a2.5 2.5 0 1 0 5 0 2.5 2.5 0 1 0-5 0ZM0 6.2a2.5 2.5 0 1 0 5 0 2.5 2.5 0 1 0-5 0ZM5 6.2a2.5 "
                "2.5 0 1 0 5 0 2.5 2.5 0 1 0-5 0ZM4.4 5.5 3.6 10H6.4L5.6 5.5Z",
}


# -- cards ------------------------------------------------------------------------------------

def card_name(card: Card) -> str:
    """The card in words, for screen readers: ``ten of hearts``."""
    return f"{_RANK_NAMES[card.rank]} of {_SUIT_NAMES[card.suit]}"


def card_svg(card: Card) -> str:
    """One card as inline SVG: the rank and a small suit in the corner, a large suit in the middle.

    >>> card_svg(Card.parse("Th")).startswith('<svg class="card h" data-card="Th" role="img" aria-label="ten of')
    True
    """
    name = card_name(card)
    path = _SUIT_PATHS[card.suit]
    rank = "10" if card.rank is Rank.TEN else str(card.rank)
    return (f'<svg class="card {card.suit.value}" data-card="{card}" role="img" aria-label="{name}" '
            f'viewBox="0 0 40 56"><title>{name}</title><rect x=".5" y=".5" width="39" height="55" rx="3"/>'
            f'<text x="3" y="12">{rank}</text><path transform="translate(3.5 15) scale(.6)" d="{path}"/>'
            f'<path transform="translate(11 24) scale(1.8)" d="{path}"/></svg>')


_BACK = ('<svg class="card back" role="img" aria-label="a card not known" viewBox="0 0 40 56"><title>a card not '
         'known</title><rect x=".5" y=".5" width="39" height="55" rx="3"/><path d="M5 5h30v46H5z"/></svg>')


def _symbol(card: Card) -> str:
    return f"{'10' if card.rank is Rank.TEN else card.rank}{card.suit.symbol}"


# -- the words of each step (shared by the page's first step and the script's JSON) -----------------

def _t(text: str) -> str:
    """File text in HTML: control characters escaped visibly, then HTML-escaped."""
    return html.escape(escape(text, keep=""), quote=True)


def data_ci(low: float, high: float) -> str:
    """A ``data-ci="low high"`` attribute for a 95% interval, left out where a single sample gives
    none (its bounds infinite)."""
    return f' data-ci="{low:.2f} {high:.2f}"' if math.isfinite(low) and math.isfinite(high) else ""


def html_text(text: str) -> str:
    """Text for a page (``<`` and ``&`` escaped, control characters written as visible escapes)."""
    return _t(text)


def _cards_text(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)


def _frame_json(frame: Frame) -> dict[str, Any]:
    """A frame as the script reads it: every wording done here, the script only places it."""
    seats = []
    for seat in frame.seats:
        size = len(seat.cards) + seat.unknown
        count = f"{size} card{'s' * (size != 1)}"
        notes = [count + (f", {seat.points} points" if seat.points is not None and size else "")]
        notes += ["out of the game"] * seat.out + ["opened"] * seat.opened
        away = "out of the game" if seat.out else f"{count}, hidden"
        seats.append([_cards_text(seat.cards), seat.unknown, ", ".join(notes), away])
    table = [_meld_row(meld) for meld in frame.table]
    data: dict[str, Any] = {
        "h": frame.hand, "a": list(frame.texts), "p": list(frame.public), "x": seats, "t": table,
        "d": _cards_text(frame.pile), "k": _stock_text(frame), "n": frame.turn,
        "s": [points for _, points in frame.scores],
        "c": next((n for n, s in enumerate(frame.seats) if s.name == frame.current), -1),
        "w": _where_text(frame),
    }
    if frame.score is not None:
        data["r"] = _score_rows(frame.score)
        data["e"] = _score_extras(frame.score)
    return {key: _shown(value) for key, value in data.items()}


def _shown(value: Any) -> Any:
    """``value`` with every text's control characters escaped visibly, as the page's HTML has them
    (``_t``): the script places these texts as they are, and compares the names in them with the
    seats' labels."""
    if isinstance(value, str):
        return escape(value, keep="")
    if isinstance(value, list):
        return [_shown(v) for v in value]
    if isinstance(value, dict):
        return {k: _shown(v) for k, v in value.items()}
    return value


def _meld_row(meld: TableMeld) -> list[Any]:
    """A table meld as the script reads it: its caption, its cards, what each wild card stands for."""
    owner = f" ({meld.owner})" if meld.owner else ""
    wilds = ["" if card == stands else f"={_symbol(stands)}" for card, stands in
             zip(meld.meld.cards, meld.meld.stands_for)]
    return [f"{meld.number}: {meld.meld.kind}{owner}", _cards_text(meld.meld.cards), wilds]


def _stock_text(frame: Frame) -> str:
    if frame.stock is None:
        return "not known"
    return f"{frame.stock} card{'s' * (frame.stock != 1)}"


def _where_text(frame: Frame) -> str:
    if not frame.texts:
        return f"hand {frame.hand}: the deal"
    last = frame.first + len(frame.texts) - 1
    numbers = f"action {frame.first}" if last == frame.first else f"actions {frame.first}-{last}"
    return f"hand {frame.hand}, {numbers}"


def _score_rows(score: HandScore) -> list[list[str]]:
    return [[line.rule, line.player if line.player is not None else "all", f"{line.points:+d}" if line.points
             else "0", line.text] for line in score.lines]


def _score_extras(score: HandScore) -> str:
    extra = []
    if score.hand_winner:
        extra.append(f"{score.hand_winner} wins the hand")
    if score.busted:
        extra.append("busted: " + ", ".join(score.busted))
    if score.bought_back and score.buyback_level is not None:
        extra.append(f"bought back at {score.buyback_level}: " + ", ".join(score.bought_back))
    if score.after.finished:
        extra.append(f"game over: {score.winner} wins" if score.winner else "game over: no winner")
    return "; ".join(extra)


# -- the page ---------------------------------------------------------------------------------

def replay_page(result: Replay, *, title: str = "", four_colour: bool = False,
                marks: Mapping[tuple[int, int], str] | None = None, appendix: str = "", style: str = "") -> str:
    """The page of a replayed record: the table at every step, the controls and the action list.

    Another page built on this one (``render.review_html``) adds HTML of its own: ``marks`` after
    the button of action (hand, number) in the action list, ``appendix`` after the table and the
    list, ``style`` after the page's style sheet."""
    record = result.record
    frames = replay_frames(result)
    data = [_frame_json(f) for f in frames]
    variant = record.variant
    heading = title or record.title or Path(record.source).name
    facts = [f"{variant.title} ({variant})", "players " + ", ".join(record.players), f"dealer {record.dealer}"]
    if record.seed is not None:
        facts.append(f"seed {record.seed}")
    # the script copies the faces drawn at the first step; the faces seen only later wait in templates
    later = _faces(frames) - _faces(frames[:1])
    body = "".join([
        f"<header><h1>{_t(heading)}</h1><p>{_t('; '.join(facts))}</p>",
        f'<p class="summary">{_t(_summary(result))}</p></header>',
        '<main class="replay"><section id="board" aria-label="The table">',
        _controls(record, four_colour, len(frames)),
        _verdict(result),
        _board(data[0] if data else None, record.players),
        "</section>",
        _log(result, frames, marks or {}),
        "</main>",
        appendix,
        "".join(f"<template>{card_svg(c)}</template>" for c in sorted(later, key=lambda c: c.index)),
        f"<template>{_BACK}</template>",
        f'<script type="application/json" id="frames">{_json(_deltas(data))}</script>',
    ])
    return page_html(title=heading, body=body, style=_REPLAY_CSS + style, script=_SCRIPT, four_colour=four_colour)


def page_html(*, title: str, body: str, style: str = "", script: str = "", four_colour: bool = False) -> str:
    """The one page shell of every page (replay, deal, review, advise, simulate): the head, the shared
    style sheet (the cards, tables, buttons, phone width) with the page's own ``style`` after it, the
    ``body`` as given (HTML made here), and the page's ``script`` if any.  Nothing outside the file."""
    code = f"<script>{script}</script>" if script else ""
    return ('<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{_t(title)} - rummycheck</title><style>{_CSS}{style}</style></head>"
            f'<body class="{"four" if four_colour else "two"}">{body}{code}</body></html>\n')


def _faces(frames: Sequence[Frame]) -> set[Card]:
    """Every card face the frames draw: in the hands, on the pile, in the table melds."""
    return ({c for f in frames for s in f.seats for c in s.cards} | {c for f in frames for c in f.pile}
            | {c for f in frames for m in f.table for c in m.meld.cards})


def deal_page(record: Record, *, four_colour: bool = False) -> str:
    """The page of a fresh deal (a record with no actions yet): the hands, the upcard, the stock."""
    seed = f", seed {record.seed}" if record.seed is not None else ""
    return replay_page(replay(record), title=record.title or f"A deal of {record.variant.title}{seed}",
                       four_colour=four_colour)


def _deltas(frames: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each frame as its changes from the one before (a seat that did not change: 0; the script
    puts the frames back together): a long game's page is a third of the size."""
    out: list[dict[str, Any]] = []
    previous: dict[str, Any] = {}
    for frame in frames:
        change = {k: v for k, v in frame.items() if previous.get(k) != v}
        if "x" in change and "x" in previous:
            change["x"] = [0 if seat == before else seat for seat, before in zip(frame["x"], previous["x"])]
        for key in ("r", "e"):  # a hand's score lines are on its last frame only
            if key in previous and key not in frame:
                change[key] = None
        out.append(change)
        previous = frame
    return out


def _json(data: object) -> str:
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


def _summary(result: Replay) -> str:
    totals = ", ".join(f"{name} {points}" for name, points in result.sheet.scores().items())
    illegal = result.illegal
    if illegal is not None:
        what = "the deal" if illegal.action == 0 else f"action {illegal.action}"
        return f"replay stops at hand {illegal.hand}, {what}: illegal ({', '.join(illegal.rules)})"
    text = f"legal: {len(result.hands)} hand(s), {result.actions} actions; scores {totals}"
    return text + ("; " + "; ".join(result.mismatches) if result.mismatches else "")


def _controls(record: Record, four_colour: bool, steps: int) -> str:
    seats = "".join(f'<option value="{i}">{_t(name)}\'s seat only</option>' for i, name in enumerate(record.players))
    buttons = "".join(f'<button type="button" id="{key}" aria-keyshortcuts="{keys}">{label}</button>'
                      for key, keys, label in (("first", "Home", "First"), ("back", "ArrowLeft", "Back"),
                                               ("forward", "ArrowRight", "Forward"), ("last", "End", "Last")))
    checked = " checked" if four_colour else ""
    return (f'<div class="controls" id="controls" hidden>{buttons}'
            '<button type="button" id="play" aria-pressed="false">Play</button>'
            f'<span id="where" aria-live="polite">step 0 of {steps - 1}</span>'
            f'<label>View <select id="view"><option value="-1">All hands</option>{seats}</select></label>'
            f'<label><input type="checkbox" id="four"{checked}> Four-colour suits</label></div>'
            '<noscript><p>Without JavaScript the page shows the first step only; the actions are listed '
            'beside it.</p></noscript>')


def _cards_html(text: str, unknown: int = 0) -> str:
    return cards_html([Card.parse(c) for c in text.split()], unknown)


def cards_html(cards: Iterable[Card], unknown: int = 0) -> str:
    """Cards as drawn on every page: each face as ``card_svg``, then ``unknown`` backs."""
    return "".join(card_svg(c) for c in cards) + _BACK * unknown


def hand_html(name: str, cards: Iterable[Card], unknown: int = 0) -> str:
    """A player's hand: the ``data-hand`` element of the contract, holding exactly these cards."""
    return (f'<div class="cards hand" data-hand="{_t(name)}" role="group" aria-label="{_t(name)}\'s hand">'
            f"{cards_html(cards, unknown)}</div>")


def table_meld_html(meld: TableMeld) -> str:
    """One table meld as the replay page draws it (numbered, its owner, the wild cards' meanings)."""
    return _meld_html(_meld_row(meld))


def scroll_box(label: str, inner: str) -> str:
    """A table that may be wider than a phone, in a box that scrolls sideways instead of the page: a
    labelled region the keyboard can reach (the arrows scroll it)."""
    return f'<div class="wide" role="region" aria-label="{_t(label)}" tabindex="0">{inner}</div>'


def card_chip(card: Card) -> str:
    """A card as a small chip of text (``10♥``), for lists of many cards (a discard's outs):
    ``data-card`` and an ``aria-label`` in words like a drawn card, a tenth of its size."""
    return (f'<span class="chip {card.suit.value}" data-card="{card}" role="img" aria-label="{card_name(card)}">'
            f"{_symbol(card)}</span>")


def _board(first: dict[str, Any] | None, players: Sequence[str]) -> str:
    """The first step, written into the page (the script redraws the same places at each step)."""
    empty: dict[str, Any] = {"x": [["", 0, "", ""] for _ in players], "t": [], "d": "", "k": "not known", "n": "",
                             "s": ["" for _ in players], "w": "", "c": -1}
    step = first or empty
    seats = []
    for number, (name, seat) in enumerate(zip(players, step["x"])):
        cards, unknown, note, hidden = seat
        turn = " turn" if number == step["c"] else ""
        seats.append(f'<section class="seat{turn}" id="seat-{number}" aria-label="{_t(name)}">'
                     f'<h2>{_t(name)} <span class="note">{_t(note)}</span></h2>'
                     f'{hand_html(name, [Card.parse(c) for c in cards.split()], unknown)}'
                     f'<p class="hidden-note" hidden>{_t(hidden)}</p></section>')
    melds = "".join(_meld_html(m) for m in step["t"])
    pile = step["d"].split()
    rows = "".join(f'<tr><th scope="row">{_t(name)}</th><td>{score}</td></tr>' for name, score in zip(players,
                                                                                                     step["s"]))
    result_rows = "".join("<tr>" + "".join(f"<td>{_t(v)}</td>" for v in row) + "</tr>" for row in step.get("r", []))
    hidden_result = "" if "r" in step else " hidden"
    return (f'<p id="turn" class="turn-line">{_t(step["n"])}</p><div id="seats">{"".join(seats)}</div>'
            '<div id="middle"><section aria-labelledby="pile-h"><h2 id="pile-h">Discard pile '
            f'<span id="pile-count">({len(pile)})</span></h2><div class="cards pile" id="pile" role="group" '
            f'aria-label="discard pile, top card last">{_cards_html(step["d"])}</div></section>'
            f'<section aria-labelledby="stock-h"><h2 id="stock-h">Stock</h2><p id="stock">{_t(step["k"])}</p>'
            '</section></div>'
            f'<section aria-labelledby="melds-h"><h2 id="melds-h">Table melds</h2><div id="melds">'
            f'{melds or "<p>none</p>"}</div></section>'
            f'<section aria-labelledby="scores-h"><h2 id="scores-h">Scores</h2><table id="scores"><tbody>{rows}'
            '</tbody></table></section>'
            f'<section id="result" aria-labelledby="result-h"{hidden_result}><h2 id="result-h">The hand scored</h2>'
            '<table><thead><tr><th scope="col">rule</th><th scope="col">player</th><th scope="col">points</th>'
            f'<th scope="col">why</th></tr></thead><tbody id="result-rows">{result_rows}</tbody></table>'
            f'<p id="result-extra">{_t(step.get("e", ""))}</p></section>')


def _meld_html(meld: list[Any]) -> str:
    caption, cards, wilds = meld
    drawn = []
    for text, wild in zip(cards.split(), wilds):
        svg = card_svg(Card.parse(text))
        drawn.append(f'<span class="wild">{svg}<small>{_t(wild)}</small></span>' if wild else svg)
    return (f'<div class="meld"><h3>{_t(caption)}</h3><div class="cards" role="group" aria-label="table meld '
            f'{_t(caption)}">{"".join(drawn)}</div></div>')


def _verdict(result: Replay) -> str:
    """Where the replay stops (the script shows it at the last step only; without it, always)."""
    illegal = result.illegal
    if illegal is None:
        return ""
    what = "the deal" if illegal.action == 0 else f"action {illegal.action}: {illegal.text}"
    reasons = "".join(f'<li><strong class="rule">{_t(r.rule)}</strong>: {_t(r.message)}</li>'
                      for r in illegal.reasons)
    held = ""
    if illegal.passed:
        held = "<p>Rules that held: " + _t("; ".join(str(r) for r in illegal.passed)) + "</p>"
    return (f'<section id="verdict" class="verdict" aria-labelledby="verdict-h"><h2 id="verdict-h">Illegal: '
            f'hand {illegal.hand}, {_t(what)}</h2><p class="where">{_t(illegal.where)}</p><ul>{reasons}</ul>{held}'
            '<p>The replay stops here: the table shown is the one before this action.</p></section>')


def _log(result: Replay, frames: Sequence[Frame], marks: Mapping[tuple[int, int], str]) -> str:
    """The action list: every action a button to the step after it; a hand's deal to its first step."""
    record = result.record
    illegal = result.illegal
    starts = {f.hand: f.step for f in frames if not f.texts}
    after: dict[tuple[int, int], int] = {}
    for frame in frames:
        for offset in range(len(frame.texts)):
            after[(frame.hand, frame.first + offset)] = frame.step
    last = len(frames) - 1
    hands = []
    for number, hand in enumerate(record.hands, start=1):
        if number not in starts and illegal is not None and illegal.hand == number and illegal.action == 0 and frames:
            starts[number] = last  # the refused deal, shown as written
        dealer = next((h.dealer for h in result.hands if h.number == number), hand.dealer or "")
        dealt = "the deal" + (f" (dealer {dealer})" if dealer else "")
        if number in starts:
            deal = f'<p class="deal"><button type="button" data-step="{starts[number]}">{_t(dealt)}</button></p>'
        else:  # after the hand where the replay stopped
            deal = f'<p class="deal skipped">{_t(dealt)} <small>(not replayed)</small></p>'
        items = []
        for index, action in enumerate(hand.actions, start=1):
            step = after.get((number, index))
            comment = f' <small class="comment">{_t(action.comment)}</small>' if action.comment else ""
            if step is not None:
                frame = frames[step]
                public = frame.public[index - frame.first]
                seen = f' data-public="{_t(public)}"' if public != action.text else ""
                items.append(f'<li data-by="{_t(action.actor)}"><button type="button" data-step="{step}"{seen}>'
                             f'{_t(action.text)}</button>{comment}{marks.get((number, index), "")}</li>')
            elif illegal is not None and illegal.hand == number and illegal.action == index:
                items.append(f'<li class="illegal" data-by="{_t(action.actor)}"><button type="button" '
                             f'data-step="{last}">{_t(action.text)}</button> <strong>illegal: '
                             f'{_t(", ".join(illegal.rules))}</strong></li>')
            else:
                items.append(f'<li class="skipped">{_t(action.text)} <small>(not replayed)</small></li>')
        note = f'<p class="comment">{_t(hand.note)}</p>' if hand.note else ""
        hands.append(f'<li><h3>Hand {number}</h3>{note}{deal}<ol>{"".join(items)}</ol></li>')
    return f'<aside id="log" aria-labelledby="log-h"><h2 id="log-h">Actions</h2><ol>{"".join(hands)}</ol></aside>'


# -- writing ------------------------------------------------------------------------------------

def check_target(path: str, *, force: bool, inputs: Iterable[str | None] = (),
                 outputs: Iterable[str | None] = ()) -> Path:
    """The page's file: refused when it is a folder or its folder does not exist, when it exists
    (without ``force``), when it is one of the files the command reads (``inputs``: never written) or
    when another output of the command names it too."""
    target = Path(path)
    if path == "-":
        raise RummyError("cannot write '-': a page goes to a file, not to standard output; give a file name")
    if target.is_dir():
        raise RummyError(f"cannot write {path!r}: is a directory")
    if not target.parent.is_dir():
        raise RummyError(f"cannot write {path!r}: no folder {str(target.parent)!r}")
    for other in outputs:
        if other and other != "-" and Path(other).resolve() == target.resolve():
            raise RummyError(f"{path}: the command writes another output to this file; give the page its own")
    if target.exists():
        for other in inputs:
            if other and other != "-" and Path(other).exists() and Path(other).samefile(target):
                raise RummyError(f"{path}: is the input file {other}; input files are never written "
                                 "(give another path)")  # the command line's words (cli.common.output_path)
        never_write_a_read_file(target, shown=path)  # read already, though not named above (a house-rules file)
        if not force:
            raise RummyError(f"{path}: the file exists; use --force to overwrite it")
    return target


def record_inputs(record: Record) -> tuple[str, ...]:
    """The files a record was read from: itself and the house-rules file it names (if any)."""
    return record.source, resolve_house_rules(record.variant_name, record.source)


def write_page(target: Path, page: str) -> None:
    """Write a page made here to ``target`` (checked first with ``check_target``)."""
    _write(target, page)


def _write(target: Path, page: str) -> None:
    never_write_a_read_file(target)  # read after the check above (the page's target is checked before the work)
    try:
        target.write_text(page, encoding="utf-8")
    except OSError as error:
        raise RummyError(f"cannot write {str(target)!r}: {error.strerror or error}") from None


def write_replay_page(record: Record, target: Path, *, four_colour: bool = False) -> None:
    """Replay ``record`` and write its page to ``target`` (checked first with ``check_target``)."""
    _write(target, replay_page(replay(record), four_colour=four_colour))


def write_deal_page(record: Record, target: Path, *, four_colour: bool = False) -> None:
    _write(target, deal_page(record, four_colour=four_colour))


_CSS = """
:root{--ink:#151515;--red:#c0102a;--blue:#0b4fc0;--green:#0f7a34;--w:2.6rem;--felt:#eef3ea}
*{box-sizing:border-box}
body{margin:0;padding:.5rem;font:16px/1.4 system-ui,sans-serif;color:var(--ink);background:#fafaf7}
h1{font-size:1.3rem;margin:.2rem 0;overflow-wrap:anywhere}
h2{font-size:1rem;margin:.4rem 0 .2rem}h3{font-size:.95rem;margin:.3rem 0}
header p{margin:.1rem 0}.summary{font-weight:600}
@media (max-width:46rem){:root{--w:2.25rem}}
button,select{font:inherit;min-height:2.5rem;min-width:2.75rem;padding:.2rem .6rem;border:1px solid #666;
border-radius:.3rem;background:#fff;color:var(--ink)}
button:hover{background:#f0f0f0}
:focus-visible{outline:3px solid #e07000;outline-offset:2px}
.seat{border-top:1px solid #cdd8c6;padding:.2rem 0}.seat.turn h2{color:#0b5a2a}.seat.turn h2::before{content:"\\25B6  "}
.note{font-weight:400;font-size:.9rem;color:#444}
.cards{display:flex;flex-wrap:wrap;gap:3px;min-height:calc(var(--w)*1.4)}
.card{width:var(--w);height:calc(var(--w)*1.4);flex:none}
.card rect{fill:#fff;stroke:#6c6c6c}.card text{font:700 12px sans-serif;letter-spacing:-.5px}
.card.s,.card.c,.wild small{fill:var(--ink)}.card.h,.card.d{fill:var(--red)}
.four .card.d{fill:var(--blue)}.four .card.c{fill:var(--green)}
.card.back rect{fill:#24497f;stroke:#13294a}.card.back path{fill:none;stroke:#9fb6dd;stroke-width:1.5}
.pile .card{margin-right:calc(var(--w)*-0.55)}.pile .card:last-child{margin-right:0}
#middle{display:flex;flex-wrap:wrap;gap:1.5rem}
.meld{display:inline-block;margin:0 .8rem .3rem 0;vertical-align:top}
.wild{display:inline-flex;flex-direction:column;align-items:center}.wild small{font-size:.8rem}
table{border-collapse:collapse}td,th{padding:.1rem .5rem;text-align:left;border-bottom:1px solid #d5dccf}
.wide{overflow-x:auto;max-width:100%}caption{text-align:left;font-weight:600}
main.report{max-width:64rem}main.report>section{margin:.6rem 0}
.verdict{border:2px solid #a00010;background:#fff3f3;border-radius:.4rem;padding:.3rem .6rem;margin:.3rem 0}
.verdict h2,.verdict p,.verdict ul{margin:.2rem 0}
.rule{font-family:ui-monospace,monospace}
.chip{display:inline-block;padding:0 .2rem;margin:1px;border:1px solid #aaa;border-radius:.2rem;background:#fff;
font-size:.85rem;white-space:nowrap}
.chip.h,.chip.d{color:var(--red)}.four .chip.d{color:var(--blue)}.four .chip.c{color:var(--green)}
.comment{display:block;color:#555;font-size:.85rem}
[hidden]{display:none!important}
"""

_REPLAY_CSS = """
main.replay{display:grid;grid-template-columns:minmax(0,1fr) 19rem;gap:1rem;align-items:start}
@media (max-width:46rem){main.replay{grid-template-columns:minmax(0,1fr)}}
#board{background:var(--felt);border-radius:.5rem;padding:.5rem}
.controls{display:flex;flex-wrap:wrap;gap:.3rem;align-items:center;margin-bottom:.4rem}
#where{flex:1 1 12rem;font-weight:600}
#log{position:relative;max-height:88vh;overflow:auto;background:#fff;border:1px solid #ddd;border-radius:.5rem;
padding:.3rem .5rem}
#log ol{margin:0;padding-left:1.4rem}#log>ol{padding-left:0;list-style:none}
#log button{border:0;background:none;min-height:2rem;padding:.1rem .3rem;text-align:left;font-family:ui-monospace,
monospace;font-size:.9rem}
#log .deal{margin:0}#log button[aria-current]{background:#ffe27a;font-weight:700}
.seatview .comment,.seatview .summary{display:none}
.illegal button{color:#a00010;text-decoration:underline}.skipped{color:#777}
"""

_SCRIPT = r"""
(function () {
"use strict";
var F = JSON.parse(document.getElementById("frames").textContent), at = 0, view = -1, timer = null;
var shownFor;  // the seat the action list was last written for (null: all hands)
F.forEach(function (f, i) {  // each frame holds its changes from the one before: put the whole frames back
  if (!i) return;
  var p = F[i - 1];
  Object.keys(p).forEach(function (k) { if (!(k in f)) f[k] = p[k]; });
  f.x = f.x.map(function (x, n) { return x === 0 ? p.x[n] : x; });
});
var $ = function (id) { return document.getElementById(id); };
var seats = document.querySelectorAll(".seat"), steps = document.querySelectorAll("#log button[data-step]");
var deck = {};  // one copy of every card face (and the back), from the first step and the templates
document.querySelectorAll("svg.card").forEach(function (e) { deck[e.dataset.card || "back"] = e.cloneNode(true); });
document.querySelectorAll("template").forEach(function (t) {
  var e = t.content.firstElementChild;
  deck[e.dataset.card || "back"] = e;
});
function clone(card) { return deck[card].cloneNode(true); }
function fill(box, text, unknown) {
  box.textContent = "";
  if (text) text.split(" ").forEach(function (c) { box.appendChild(clone(c)); });
  for (var i = 0; i < unknown; i++) box.appendChild(clone("back"));
}
function el(tag, text, cls) {
  var e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (cls) e.className = cls;
  return e;
}
function melds(list) {
  var box = $("melds");
  box.textContent = "";
  if (!list.length) { box.appendChild(el("p", "none")); return; }
  list.forEach(function (m) {
    var d = el("div", undefined, "meld"), g = el("div", undefined, "cards");
    g.setAttribute("role", "group");
    g.setAttribute("aria-label", "table meld " + m[0]);
    m[1].split(" ").forEach(function (c, i) {
      var card = clone(c);
      if (m[2][i]) { var w = el("span", undefined, "wild"); w.appendChild(card); w.appendChild(el("small", m[2][i]));
        card = w; }
      g.appendChild(card);
    });
    d.appendChild(el("h3", m[0]));
    d.appendChild(g);
    box.appendChild(d);
  });
}
function show(i) {
  at = Math.max(0, Math.min(F.length - 1, i));
  var f = F[at], last = at === F.length - 1;
  seats.forEach(function (s, n) {
    var x = f.x[n], hide = view >= 0 && view !== n;
    fill(s.querySelector("[data-hand]"), x[0], x[1]);
    s.querySelector(".note").textContent = hide ? "" : x[2];
    s.querySelector("[data-hand]").hidden = hide;
    var h = s.querySelector(".hidden-note");
    h.textContent = x[3];
    h.hidden = !hide;
    s.classList.toggle("turn", n === f.c);
  });
  fill($("pile"), f.d, 0);
  $("pile-count").textContent = "(" + (f.d ? f.d.split(" ").length : 0) + ")";
  $("stock").textContent = f.k;
  $("turn").textContent = f.n;
  melds(f.t);
  document.querySelectorAll("#scores td").forEach(function (td, n) { td.textContent = f.s[n]; });
  var rows = $("result-rows");
  rows.textContent = "";
  (f.r || []).forEach(function (r) {
    var tr = el("tr");
    r.forEach(function (v) { tr.appendChild(el("td", v)); });
    rows.appendChild(tr);
  });
  $("result-extra").textContent = f.e || "";
  $("result").hidden = !f.r;
  if ($("verdict")) $("verdict").hidden = !last;
  var me = view >= 0 ? seats[view].getAttribute("aria-label") : null, said = f.a.length ? f.a : [];
  if (me !== null && f.a.length && f.a[0].split(" ")[0] !== me) said = f.p;
  $("where").textContent = "step " + at + " of " + (F.length - 1) + ": " + f.w + (said.length ? ": " +
    said.join("; ") : "");
  var current = null;
  steps.forEach(function (b) {  // touch only what changes: a long game has hundreds of actions
    var n = +b.getAttribute("data-step"), li = b.parentNode, by = li.getAttribute("data-by");
    var mark = n === at && !li.classList.contains("illegal");
    if (mark) current = current || b;
    if (mark !== b.hasAttribute("aria-current")) {
      if (mark) b.setAttribute("aria-current", "step"); else b.removeAttribute("aria-current");
    }
    var pub = b.getAttribute("data-public");
    if (pub !== null && shownFor !== me) {
      if (!b.hasAttribute("data-text")) b.setAttribute("data-text", b.textContent);
      b.textContent = me !== null && by !== me ? pub : b.getAttribute("data-text");
    }
    var hide = me !== null && (n > at || (li.classList.contains("illegal") && !last));
    if (li.hidden !== hide) li.hidden = hide;
  });
  if (shownFor !== me) {
    document.querySelectorAll("#log .skipped").forEach(function (li) { li.hidden = me !== null; });
    shownFor = me;
  }
  var log = $("log");  // keep the current action in sight inside the list, not by scrolling the page
  if (current && log.scrollHeight > log.clientHeight) {
    var top = current.offsetTop, bottom = top + current.offsetHeight;
    if (top < log.scrollTop) log.scrollTop = top - 8;
    else if (bottom > log.scrollTop + log.clientHeight) log.scrollTop = bottom - log.clientHeight + 8;
  }
}
function stop() { if (timer !== null) { clearInterval(timer); timer = null; } $("play").textContent = "Play";
  $("play").setAttribute("aria-pressed", "false"); }
function play() {
  if (timer !== null) { stop(); return; }
  if (at === F.length - 1) show(0);
  $("play").textContent = "Pause";
  $("play").setAttribute("aria-pressed", "true");
  timer = setInterval(function () { if (at >= F.length - 1) stop(); else show(at + 1); }, 900);
}
var moves = {first: function () { return 0; }, back: function () { return at - 1; },
  forward: function () { return at + 1; }, last: function () { return F.length - 1; }};
Object.keys(moves).forEach(function (k) { $(k).addEventListener("click", function () { stop(); show(moves[k]()); }); });
$("play").addEventListener("click", play);
steps.forEach(function (b) {
  b.addEventListener("click", function () { stop(); show(+b.getAttribute("data-step")); });
});
$("view").addEventListener("change", function () { view = +this.value;
  document.body.classList.toggle("seatview", view >= 0); show(at); });
$("four").addEventListener("change", function () { document.body.classList.toggle("four", this.checked);
  document.body.classList.toggle("two", !this.checked); });
document.addEventListener("keydown", function (e) {
  var tag = e.target && e.target.tagName;
  if (tag === "SELECT" || tag === "INPUT" || e.altKey || e.ctrlKey || e.metaKey) return;
  var keys = {ArrowLeft: "back", ArrowRight: "forward", Home: "first", End: "last"};
  if (keys[e.key]) { e.preventDefault(); stop(); show(moves[keys[e.key]]()); }
});
$("controls").hidden = false;
if (F.length) show(0);
})();
"""
