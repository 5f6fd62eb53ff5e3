"""Simulated games as records: the action strings of the agreed record grammar, and their replay.

Each ``PlayRecord`` of ``GameState`` becomes one or more actor-prefixed strings::

    A draw 7h            A take 7h            A pass (gin: first upcard refused)
    A discard 9c         A end                B finish
    A meld Kd Kh Kc / 8c 9c 2d=Tc             A layoff Jd on 2
    A knock Kd with Ac 2c 3c / 4d 5d 6d       A knock with ... (big gin: no discard)

``game_to_record_dict`` gives a whole game (variant, players, bots, seed, and per hand
the deal, the actions, how it ended and the scores after) as plain data for the record
writer.  ``replay_hand`` re-applies a hand's action strings to a fresh ``GameState``
built from the same deal (melds and lay-offs through ``table.plays``), so a record can
be checked for legality without the engine that made it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rummycheck.cards import Card
from rummycheck.errors import RummyError
from rummycheck.melds import Meld, MeldKind, extend_meld, meld_problems
from rummycheck.table.plays import apply_play, parse_play
from rummycheck.table.state import GameState, PlayRecord
from rummycheck.variants import Variant

__all__ = ["ReplayError", "action_texts", "game_to_record_dict", "replay_hand"]


class ReplayError(RummyError):
    """A recorded action does not fit the hand being replayed."""


def _pair(card: Card, stands: Card) -> str:
    return str(card) if card == stands else f"{card}={stands}"


def _melds_text(melds: Sequence[Meld]) -> str:
    return " / ".join(str(m) for m in melds)


def action_texts(record: PlayRecord) -> list[str]:
    """The record-grammar strings of one ``GameState`` action."""
    return list(record.action.lines())


def game_to_record_dict(outcome_record: dict[str, Any]) -> dict[str, Any]:
    """A simulated game as plain record data (``GameOutcome.record``, made with ``record=True``).

    Keys: ``variant``, ``options`` (rule options changed from the variant's defaults),
    ``seed``, ``deal``, ``rotation``, ``players``, ``bots`` (by seat), ``winner``,
    ``finished``, ``final_scores`` and ``hands``: per hand ``dealer``, ``first``,
    ``hands`` (cards dealt, by player), ``cut``, ``upcard``, ``stock`` (in drawing order),
    ``scores`` and ``out`` before the hand, ``actions``, ``restocks``, ``end``, ``buyback``
    (the busted players who bought back in), ``scores_after`` and the score ``lines``.
    """
    return {key: outcome_record[key] for key in ("variant", "options", "seed", "deal", "rotation", "players",
                                                 "bots", "winner", "finished", "final_scores", "hands")}


def _meld(text: str, variant: Variant) -> Meld:
    pairs = []
    for token in text.split():
        physical, _, meaning = token.partition("=")
        card = Card.parse(physical)
        pairs.append((card, Card.parse(meaning) if meaning else card))
    for kind in (MeldKind.SET, MeldKind.RUN):
        meld = Meld(kind, tuple(c for c, _ in pairs), tuple(s for _, s in pairs))
        if not meld_problems(meld, variant):
            return extend_meld(Meld(kind, (), ()), pairs, variant)
    raise ReplayError(f"{text!r} is not a legal meld")


def replay_hand(state: GameState, actions: Sequence[str]) -> list[PlayRecord]:
    """Apply a hand's action strings to ``state`` (as dealt); raise ``IllegalPlay`` or
    ``ReplayError`` at the first action that does not fit."""
    records: list[PlayRecord] = []
    i = 0
    while i < len(actions):
        actor, _, rest = actions[i].partition(" ")
        if actor != state.player.name:
            raise ReplayError(f"action {i + 1} ({actions[i]!r}): it is {state.player.name}'s turn, not {actor}'s")
        verb = rest.split(" ", 1)[0]
        if verb == "pass":
            records.append(state.pass_turn())
            i += 1
            continue
        if verb == "knock":
            body = rest[len("knock"):].strip()
            card_text, _, melds_text = body.partition("with")
            card = Card.parse(card_text.strip()) if card_text.strip() else None
            melds = [_meld(m, state.variant) for m in melds_text.split("/")] if melds_text.strip() else None
            records.append(state.knock(card, melds))
            i += 1
            continue
        group = [rest]
        if verb in ("meld", "layoff"):
            while i + 1 < len(actions):
                nxt_actor, _, nxt = actions[i + 1].partition(" ")
                if nxt_actor != actor or nxt.split(" ", 1)[0] not in ("meld", "layoff"):
                    break
                group.append(nxt)
                i += 1
        records.extend(apply_play(state, parse_play("; ".join(group), source=f"action {i + 1}")))
        i += 1
    return records
