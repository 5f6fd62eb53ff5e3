"""The table at each step of a replayed record: small frozen values for the HTML pages.

``replay_frames(result)`` walks the hands of a ``Replay`` again with ``HandRun.steps()``
(the replay's own machinery, unchanged) and keeps, for the deal and after each step, what
a picture of the table needs: every hand, the table melds, the discard pile, the stock
count and the running scores.  A step is what ``HandRun`` applies at once: one action,
or the melds and lay-offs of one lay-down.  The walk stops where the replay stopped, so
the last frame of a record with an illegal action is the table before that action.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from rummycheck.cards import Card
from rummycheck.melds import TableMeld
from rummycheck.render.text import table_lines
from rummycheck.table.replay import HandReplay, HandRun, Record, Replay, parse_action, start_sheet
from rummycheck.table.scoring import HandScore, Sheet
from rummycheck.table.state import GameState

__all__ = ["Frame", "Seat", "replay_frames"]


@dataclass(frozen=True, slots=True)
class Seat:
    """One player at one step: the known cards (sorted), how many are unknown, and his state."""

    name: str
    cards: tuple[Card, ...]
    unknown: int = 0
    out: bool = False
    opened: bool = False
    points: int | None = None  # the card points of a fully known hand


@dataclass(frozen=True, slots=True)
class Frame:
    """The table after one step (``step`` 0-based over the whole record) of hand ``hand``.

    ``texts`` are the step's action strings as the record writes them (none for the deal),
    ``first`` the 1-based number of its first action in the hand (0 for the deal), ``public``
    the same actions as the other seats see them (a card drawn from the stock is not named).
    ``turn`` says who plays next (``current``), in ``render.text.table_lines``' words; ``scores`` are the running
    scores, after the hand on the frame that ends it (``score``: its lines).
    """

    step: int
    hand: int
    first: int
    texts: tuple[str, ...]
    public: tuple[str, ...]
    seats: tuple[Seat, ...]
    table: tuple[TableMeld, ...]
    pile: tuple[Card, ...]
    stock: int | None
    turn: str
    current: str  # the player to act ("" when the hand is over)
    scores: tuple[tuple[str, int], ...]
    score: HandScore | None = None
    refused: bool = False  # the judge refused this hand's deal: the seats are the deal as written

    @property
    def actor(self) -> str:
        return self.texts[0].split(maxsplit=1)[0] if self.texts else ""


def replay_frames(result: Replay) -> tuple[Frame, ...]:
    """Every step of every hand ``result`` replayed, the deal of each hand first."""
    record = result.record
    frames: list[Frame] = []
    sheet = start_sheet(record)
    for done in result.hands:
        run = HandRun(record, done.number - 1, sheet, done.dealer)
        frames.extend(_hand_frames(run, done, len(frames)))
        if done.score is not None:
            sheet = done.score.after
    illegal = result.illegal
    if illegal is not None and illegal.action == 0:  # the deal itself was refused: show it as written
        frames.append(_deal_as_written(record, illegal.hand - 1, sheet, len(frames)))
    return tuple(frames)


def _hand_frames(run: HandRun, done: HandReplay, step: int) -> Iterator[Frame]:
    players = run.record.players
    texts = [a.text for a in run.hand.actions]
    yield _frame(run.state, step, done.number, 0, (), ())
    pending: tuple[int, int] | None = None
    for first, end in run.steps():
        if pending is not None:  # the previous step is applied now
            step += 1
            yield _frame(run.state, step, done.number, pending[0] + 1, tuple(texts[pending[0]:pending[1]]),
                         _public(texts[pending[0]:pending[1]], players))
        if first >= done.actions:  # the replay stopped here (an illegal action): do not apply it
            pending = None
            break
        pending = (first, end)
    if pending is not None:
        step += 1
        last = pending[1] == len(texts)
        yield _frame(run.state, step, done.number, pending[0] + 1, tuple(texts[pending[0]:pending[1]]),
                     _public(texts[pending[0]:pending[1]], players), done.score if last else None)


def _public(texts: list[str], players: tuple[str, ...]) -> tuple[str, ...]:
    """The actions as the other seats see them: a card drawn from the stock is not named."""
    seen = []
    for text in texts:
        play = parse_action(text, players)
        if play.actions[0].verb == "draw":
            text = f"{text.split(maxsplit=1)[0]} draw"
        seen.append(text)
    return tuple(seen)


def _frame(state: GameState, step: int, hand: int, first: int, texts: tuple[str, ...], public: tuple[str, ...],
           score: HandScore | None = None) -> Frame:
    variant = state.variant
    seats = tuple(Seat(p.name, tuple(p.hand), p.unknown, p.out, p.opened,
                       variant.points(p.hand) if p.known else None) for p in state.players)
    scores = tuple(score.after.scores().items()) if score is not None else tuple((p.name, p.score)
                                                                                   for p in state.players)
    return Frame(step, hand, first, texts, public, seats, tuple(state.table), tuple(state.discard_pile), state.stock,
                 table_lines(state.snapshot())[-1].strip(), "" if state.phase == "over" else state.player.name,
                 scores, score)


def _deal_as_written(record: Record, index: int, sheet: Sheet, step: int) -> Frame:
    hand = record.hands[index]
    seats = []
    for row in sheet.players:
        cards = hand.hand_of(row.name) or ()
        known = tuple(sorted(c for c in cards if c is not None))
        seats.append(Seat(row.name, known, sum(1 for c in cards if c is None), row.out))
    pile = (hand.upcard,) if hand.upcard is not None else ()
    return Frame(step, index + 1, 0, (), (), tuple(seats), (), pile, None, "the deal is refused", "",
                 tuple(sheet.scores().items()), refused=True)
