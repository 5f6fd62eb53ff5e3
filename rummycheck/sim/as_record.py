"""A simulated game as a record (``table.replay.Record``): written with ``files.record`` and
replayed through the one judge like any record a club keeps.

``to_record`` takes the plain data ``record_out.game_to_record_dict`` makes of a game
(``play_game(..., record=True)``): the rules, the seats, and per hand the deal (each
hand, the cut, the upcard, the stock in drawing order, renewed stocks), the action
strings and the running scores after the hand, which the replay checks.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rummycheck.cards import Card
from rummycheck.table.replay import HandRecord, Record, RecordAction

__all__ = ["to_record"]


def _cards(texts: Sequence[str]) -> tuple[Card, ...]:
    return tuple(Card.parse(text) for text in texts)


def to_record(game: Mapping[str, Any], *, title: str = "") -> Record:
    """The record of one simulated game (see the module docstring)."""
    players = tuple(str(name) for name in game["players"])
    hands = []
    for raw in game["hands"]:
        dealt = raw["hands"]
        cut = raw.get("cut")
        buyback = tuple(raw.get("buyback") or ())
        hands.append(HandRecord(
            cards=tuple((name, _cards(dealt[name])) for name in players if name in dealt),
            upcard=Card.parse(raw["upcard"]) if raw.get("upcard") else None,
            dealer=str(raw["dealer"]),
            cut=Card.parse(cut["card"]) if cut else None,
            stock=_cards(raw.get("stock", ())),
            restock=tuple(_cards(order) for order in raw.get("restocks", ())),
            actions=tuple(RecordAction(str(text)) for text in raw["actions"]),
            buyback=buyback,
            scores=tuple((name, int(raw["scores_after"][name])) for name in players),
        ))
    bots = ", ".join(f"{name} {bot}" for name, bot in zip(players, game.get("bots", ())))
    description = f"simulated: seed {game['seed']}, deal {game['deal']}, rotation {game['rotation']}" + (
        f"; bots {bots}" if bots else "")
    return Record(variant_name=str(game["variant"]), players=players, hands=tuple(hands),
                  dealer=str(game["hands"][0]["dealer"]), rules=tuple(dict(game.get("options") or {}).items()),
                  seed=int(game["seed"]), title=title or f"{game['variant']} simulated game", description=description)
