"""Scoring a position: the hand's end a scenario describes, through the games' score engine.

The engine itself lives with the games: ``rummycheck.games.scoring`` holds the sheet,
the hand's end and the score lines, and each game's module scores its own hands
(``Game.score_hand``).  This module turns a ``Scenario``'s ``[end]`` into those values.
"""

from __future__ import annotations

from rummycheck.errors import HandSizeError, IllegalPlayError, ScenarioError
from rummycheck.games.base import score_hand, score_hands
from rummycheck.games.scoring import HandEnd, HandScore, PlayerScore, ScoreLine, Sheet, new_sheet
from rummycheck.position import Scenario
from rummycheck.table.state import GameState

__all__ = [
    "HandEnd",
    "HandScore",
    "PlayerScore",
    "ScoreLine",
    "Sheet",
    "new_sheet",
    "scenario_hand",
    "score_hand",
    "score_hands",
    "score_scenario",
]


# -- scenarios --------------------------------------------------------------------------------

def scenario_hand(scenario: Scenario) -> tuple[Sheet, HandEnd]:
    """The sheet before the hand and the hand's end described by a scenario's ``[end]``.

    Running scores come from ``[[players]]``; what each player holds from ``end.points``
    or, failing that, from his known hand.  ``end.buyback``, ``end.dead`` and
    ``end.big_gin`` pass through.  Gin: the knocker's melds are his table melds when the
    scenario lists any (else his best arrangement); under Oklahoma the first upcard is
    ``[pile] upcard``, or when that is not given the bottom card of ``[pile] discard``.
    Basic: a scenario without ``[end]`` whose table is a detected stalemate
    (``GameState.stalemate()``, BASIC-STALEMATE) scores as a stalemate.
    """
    end = scenario.end
    if end is None:
        if GameState.from_scenario(scenario).stalemate() is not None:
            players = scenario.players
            sheet = new_sheet(scenario.variant, [p.name for p in players],
                              scores={p.name: p.score for p in players})
            return sheet, HandEnd(stalemate=True)
    if end is None:
        raise ScenarioError(f"{scenario.where()}: the scenario has no [end] table, so there is no hand to score")
    players = scenario.players
    sheet = new_sheet(scenario.variant, [p.name for p in players], scores={p.name: p.score for p in players},
                      out=[p.name for p in players if p.out])
    points = dict(end.points)
    cards = {p.name: p.hand for p in players
             if p.hand is not None and p.name not in points and not p.out
             and (p.name != end.out or p.hand)}
    knocker_melds = None
    upcard = None
    if end.knocker is not None:
        owned = tuple(t.meld for t in scenario.table if t.owner == end.knocker)
        knocker_melds = owned or None
        if scenario.variant.get("oklahoma"):
            upcard = scenario.pile.first_upcard
    return sheet, HandEnd(out=end.out, knocker=end.knocker, points=points, cards=cards, rummy=end.rummy,
                          stalemate=end.stalemate, upcard=upcard, knocker_melds=knocker_melds,
                          buyback=end.buyback, dead=end.dead, big_gin=end.big_gin)


def score_scenario(scenario: Scenario) -> HandScore:
    """Score the hand a scenario's ``[end]`` describes; errors name the scenario's place."""
    sheet, end = scenario_hand(scenario)
    try:
        return score_hand(sheet, end)
    except (ScenarioError, IllegalPlayError, HandSizeError) as error:
        if str(error).startswith(scenario.source):
            raise
        raise type(error)(f"{scenario.where('end')}: {error}") from None
