"""Do the Bing bots play the strategies the rules text names (BING-STRATEGY)?

The rules text names three ways to play Bing: early lay (open as soon as three melds are
possible), common (wait for four melds) and sandbagging (meld every card at once).
``strategy_problems`` replays a simulated game action by action through ``GameState``
and checks each bot's openings against those words, with the solver as the independent
witness:

* ``early``: at the start of each of its turns before it has opened, when ``solve``
  finds a legal opening (the opening's melds, score plus points left within the limit),
  the bot opens in that turn;
* ``common``: its opening lays down at least four melds;
* ``sandbag``: its opening lays down every card (it goes out).

These three are the pure strategies, with no exception.  The hybrids ``common-ev`` and
``sandbag-ev`` play the same strategy but may open short of it (fewer than four melds; keeping
cards) when holding on costs more than it is worth: the chance that an opponent goes out
before their next turn (``rummycheck.sim.bots.danger_from``: opened or not and hand size of
each opponent) times the points the opening takes out of the hand must reach the bot's
``hold_value``.  A short opening of a hybrid is checked against that figure.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rummycheck.cards import Card
from rummycheck.games.solve import solve
from rummycheck.sim.bots import BOTS, danger_from
from rummycheck.table.hand import start_state
from rummycheck.table.plays import apply_play, parse_play
from rummycheck.table.state import GameState
from rummycheck.variants import Variant

__all__ = ["strategy_problems"]

_LAY = ("meld", "layoff")


def _steps(actions: list[str]) -> list[tuple[str, str]]:
    """(actor, play text) per step; one player's melds and lay-offs in a row are one play."""
    steps: list[tuple[str, str]] = []
    for text in actions:
        actor, _, play = text.partition(" ")
        verb = play.split(" ", 1)[0]
        if steps and verb in _LAY and steps[-1][0] == actor and steps[-1][1].split(" ", 1)[0] in _LAY:
            steps[-1] = (actor, f"{steps[-1][1]}; {play}")
        else:
            steps.append((actor, play))
    return steps


_STRATEGY = {"common": "common", "sandbag": "sandbag", "common-ev": "common", "sandbag-ev": "sandbag"}


def _danger(state: GameState, seat: int) -> float:
    return danger_from((p.opened, p.size) for i, p in enumerate(state.players) if i != seat and not p.out)


def strategy_problems(game: Mapping[str, Any], variant: Variant) -> list[str]:
    """Every opening in ``game`` (``record_out.game_to_record_dict``) that breaks its bot's strategy."""
    names: list[str] = list(game["players"])
    bots: list[str] = list(game["bots"])
    problems: list[str] = []
    for number, hand in enumerate(game["hands"], start=1):
        cut = hand["cut"]
        state = start_state(
            variant, names=names, scores=[hand["scores"][n] for n in names], out=[n in hand["out"] for n in names],
            hands=[[Card.parse(c) for c in hand["hands"].get(n, [])] for n in names],
            cut=Card.parse(cut["card"]) if cut else None, cutter=names.index(cut["player"]) if cut else None,
            upcard=Card.parse(hand["upcard"]) if hand["upcard"] else None, stock=len(hand["stock"]),
            first=names.index(hand["first"]))
        for index, (actor, play) in enumerate(_steps(list(hand["actions"])), start=1):
            seat = names.index(actor)
            player, bot = state.players[seat], bots[seat]
            verb = play.split(" ", 1)[0]
            where = f"hand {number}, step {index} ({actor}, {bot})"
            turn_start = state.drew == "none" and not state.melded
            if turn_start and not player.opened and player.known:
                opening = verb == "meld"
                if bot == "early" and not opening and solve(player.hand, variant=variant, score=player.score).legal:
                    problems.append(f"{where}: a legal opening was possible and the early bot did not open")
                if opening and bot in _STRATEGY:
                    actions = parse_play(play).actions
                    melds = sum(len(a.melds) for a in actions)
                    laid = [card for a in actions for m in a.melds for card, _ in m] + \
                        [card for a in actions for card, _, _ in a.layoffs]
                    short = melds < 4 if _STRATEGY[bot] == "common" else len(laid) < player.size
                    hold_value = BOTS[bot].hold_value  # type: ignore[attr-defined]
                    if short and hold_value is None:
                        problems.append(f"{where}: the {bot} bot opened with {melds} melds keeping "
                                        f"{player.size - len(laid)} cards")
                    elif short:
                        saved = variant.points(laid)
                        risk = _danger(state, seat)
                        if risk * saved < hold_value:
                            problems.append(f"{where}: the {bot} bot opened short of its strategy with danger "
                                            f"{risk:.3f} x {saved} points < {hold_value}")
            apply_play(state, parse_play(play))
    return problems
