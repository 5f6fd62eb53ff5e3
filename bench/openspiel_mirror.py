"""A mirror of an OpenSpiel gin hand as a rummycheck ``GameState``, so that the ``mc`` bots can play inside OpenSpiel.

Run:  python bench/openspiel_mirror.py --check [--bot knock] [--hands 300] [--seed 5]

The ``mc`` bots (``rummycheck.analysis.mc``) decide from their seat's ``Observation``
(``view.observe()``), which needs a rummycheck game state behind the view; the OpenSpiel adapter
(``openspiel_duel.Seat``) has none.  ``mirror`` rebuilds one from OpenSpiel's action history: the
history is written as the text ``pyspiel.serialize_game_and_state`` writes, read back with
``rummycheck.files.openspiel.parse_openspiel``, made a record under the gin ``openspiel`` preset
(OpenSpiel's rules) by ``to_record``, and replayed to its last action by
``rummycheck.table.replay.state_at``.  ``MirrorSeat`` is ``Seat`` with the view's ``observe`` set
to the seat's observation of that state (``rummycheck.table.observation.observe``, the call the
simulator makes), worked out only when the bot asks for it.

The bot is asked at OpenSpiel's first-upcard, draw and discard decisions; the wall (two cards
left: knock or pass), the knocker's melds and the defender's lay-offs are the adapter's own rules,
which ask no bot, so no mirror is made there (a history stopped inside a knock cannot be a record).

``--check`` plays hands as ``openspiel_duel`` does (the bot in both seats of each deal against the
simple bot with its lay-off sweep) and at every decision of our seat in those phases compares the
mirror with OpenSpiel: our hand, the stock size, the discard pile with the upcard, the player to
move and the legal actions (rummycheck's draw 53, take 52, pass 54, discard of a card its id,
a knock with any card 55, and at the wall a take 55).  It prints the count of decisions and of
differences, and the first differences found.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from openspiel_duel import Seat, play  # noqa: E402

from rummycheck.errors import RummyError  # noqa: E402
from rummycheck.files.openspiel import HEADER, PRESET, card_of_id, id_of_card, parse_openspiel, to_record  # noqa: E402
from rummycheck.sim.bots import View  # noqa: E402
from rummycheck.table.actions import Action, ActionKind  # noqa: E402
from rummycheck.table.observation import Observation, observe  # noqa: E402
from rummycheck.table.replay import state_at  # noqa: E402
from rummycheck.table.state import GameState  # noqa: E402

#: a change made to OpenSpiel's history before it is mirrored (the tests' wrong hand)
Tamper = Callable[[list[int]], list[int]]
WALL_STOCK = 2


def game_text(history: Sequence[int], game_string: str = "gin_rummy()") -> str:
    """The text ``pyspiel.serialize_game_and_state`` writes for this history."""
    actions = "".join(f"{a}\n" for a in history)
    return f"{HEADER}\n[Meta]\nVersion: 1\n\n[Game]\n{game_string}\n[State]\n{actions}\n"


def mirror(history: Sequence[int], game_string: str = "gin_rummy()", *, preset: str = PRESET,
           scores: tuple[int, int] = (0, 0)) -> GameState:
    """The rummycheck ``GameState`` after OpenSpiel's ``history`` (every action id, chance deals
    included, as ``state.history()`` gives them), under the gin ``preset`` (OpenSpiel's own rules by
    default), the game standing at ``scores`` (player 0's, player 1's) before the hand.  Raises
    ``RummyError`` when the history cannot be read or replayed."""
    record = to_record(parse_openspiel(game_text(history, game_string)))
    if preset != PRESET:
        record = replace(record, preset=preset)
    if any(scores):
        record = replace(record, start=tuple(zip(record.players, scores)))
    return state_at(record, 1, len(record.hands[0].actions) + 1)


def mirror_of(state: Any, *, preset: str = PRESET, scores: tuple[int, int] = (0, 0)) -> GameState:
    """``mirror`` of a pyspiel gin state."""
    return mirror(list(state.history()), str(state.get_game()), preset=preset, scores=scores)


class MirrorSeat(Seat):
    """``openspiel_duel.Seat`` whose views carry ``observe``: the seat's observation of the mirrored
    state (the game score included, so an ``mc`` bot's rollouts and its chance to win the game see
    it), built the first time the bot asks during its call and kept for the rest of the call."""

    def __init__(self, player: int, bot: str, scores: tuple[int, int] = (0, 0), *, preset: str = PRESET) -> None:
        super().__init__(player, bot, scores)
        self.preset = preset
        self.mirrors = 0  # mirrors built
        self.mirror_seconds = 0.0  # CPU time spent building them

    def view(self, state: Any, options: tuple[ActionKind, ...], *, drew: str = "none") -> View:
        found = super().view(state, options, drew=drew)
        history = list(state.history())  # the pyspiel state moves on; the view's observation must not
        game_string = str(state.get_game())
        made: list[Observation] = []

        def seen() -> Observation:
            if not made:
                start = time.process_time()
                state = mirror(history, game_string, preset=self.preset, scores=self.scores)
                made.append(observe(state, self.player))
                self.mirrors += 1
                self.mirror_seconds += time.process_time() - start
            return made[0]

        return replace(found, observe=seen)


# -- the check --------------------------------------------------------------------------------------

def legal_ids(actions: Sequence[Action], state: GameState) -> tuple[set[int], list[str]]:
    """rummycheck's legal actions as OpenSpiel action ids, and the kinds it has no id for."""
    wall = state.stock == WALL_STOCK and state.drew == "none"
    ids: set[int] = set()
    unmapped: list[str] = []
    for action in actions:
        kind = action.kind
        if kind is ActionKind.DRAW:
            ids.add(53)
        elif kind is ActionKind.TAKE:
            ids.add(55 if wall else 52)  # at the wall OpenSpiel's knock takes the upcard
        elif kind is ActionKind.PASS:
            ids.add(54)
        elif kind is ActionKind.DISCARD and action.card is not None:
            ids.add(id_of_card(action.card))
        elif kind is ActionKind.KNOCK and action.card is not None:
            ids.add(55)
        else:
            unmapped.append(str(kind))
    return ids, unmapped


def _cards(cards: Sequence[Any]) -> str:
    return " ".join(map(str, cards)) or "-"


def differences(state: Any, seat: int, *, preset: str = PRESET, tamper: Tamper | None = None) -> list[str]:
    """Where the mirror of the pyspiel ``state`` differs from it, seen from ``seat``: [] when it agrees."""
    history = list(state.history())
    if tamper is not None:
        history = tamper(history)
    try:
        found = mirror(history, str(state.get_game()), preset=preset)
    except RummyError as error:
        return [f"no mirror: {error}"]
    out: list[str] = []
    ours = sorted(card_of_id(c) for c in state.hands()[seat])
    mine = sorted(found.players[seat].hand)
    if ours != mine or found.players[seat].unknown:
        out.append(f"hand: OpenSpiel {_cards(ours)}, mirror {_cards(mine)}")
    if found.stock != state.stock_size():
        out.append(f"stock: OpenSpiel {state.stock_size()}, mirror {found.stock}")
    pile = [card_of_id(c) for c in state.discard_pile()]
    upcard = state.upcard()
    if upcard is not None and upcard >= 0:
        pile.append(card_of_id(upcard))
    if pile != list(found.discard_pile):
        out.append(f"pile: OpenSpiel {_cards(pile)}, mirror {_cards(found.discard_pile)}")
    if found.current != state.current_player():
        out.append(f"to move: OpenSpiel {state.current_player()}, mirror {found.current}")
    ids, unmapped = legal_ids(found.legal_actions(), found)
    legal = set(state.legal_actions())
    if ids != legal or unmapped:
        out.append(f"legal: OpenSpiel {sorted(legal)}, mirror {sorted(ids)}" + (f" and {unmapped}" if unmapped else ""))
    return out


@dataclass
class Check:
    decisions: int = 0
    differing: int = 0  # decisions with at least one difference
    examples: list[str] = field(default_factory=list)
    phases: Counter[str] = field(default_factory=Counter)  # decisions by OpenSpiel's phase

    def line(self) -> str:
        phases = ", ".join(f"{name} {n}" for name, n in sorted(self.phases.items()))
        return f"{self.decisions} decisions compared ({phases}), {self.differing} with a difference"


def check_hands(bot: str, count: int, seed: int, *, preset: str = PRESET, tamper: Tamper | None = None,
                keep: int = 10) -> Check:
    """``count`` deals of seed ``seed``, each played with ``bot`` in both seats as ``openspiel_duel``
    plays them; at each decision of the bot's seat in the first-upcard, draw, discard and wall
    phases, the mirror (under ``preset``, of the history changed by ``tamper``) is compared with
    OpenSpiel.  The first ``keep`` differences are kept as examples."""
    import pyspiel

    phases = pyspiel.gin_rummy
    asked = (phases.FIRST_UPCARD, phases.DRAW, phases.DISCARD, phases.WALL)
    game = pyspiel.load_game("gin_rummy")
    check = Check()
    for h in range(count):
        for ours in (0, 1):
            def compare(state: Any, ours: int = ours, h: int = h) -> None:
                if state.current_phase() not in asked:
                    return
                check.decisions += 1
                check.phases[str(state.current_phase()).removeprefix("Phase.").lower()] += 1
                found = differences(state, ours, preset=preset, tamper=tamper)
                if found:
                    check.differing += 1
                    if len(check.examples) < keep:
                        check.examples.append(f"deal {h}, seat {ours}, {state.current_phase()}, "
                                              f"action {len(state.history()) + 1}: " + "; ".join(found))

            play(game, random.Random(f"{seed}:{h}"), ours, bot, (0, 0), before=compare)
    return check


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare the mirror with OpenSpiel at every decision")
    parser.add_argument("--bot", default="knock")
    parser.add_argument("--hands", type=int, default=300, help="deals, each played from both seats")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--preset", default=PRESET, help="the gin preset the mirror plays under")
    args = parser.parse_args(argv)
    if not args.check:
        parser.error("nothing to do: give --check")
    start = time.process_time()
    check = check_hands(args.bot, args.hands, args.seed, preset=args.preset)
    print(f"mirror v OpenSpiel, {args.bot} in both seats of {args.hands} deals (seed {args.seed}, "
          f"preset {args.preset}): {check.line()}")
    for example in check.examples:
        print(f"  {example}")
    print(f"  ({time.process_time() - start:.1f} CPU s)")
    return 1 if check.differing else 0


if __name__ == "__main__":
    sys.exit(main())
