"""The ``expert`` gin bot's knock table, from self-play inside OpenSpiel's gin engine.

Run:  python bench/expert_knock_table.py [--hands 4000] [--seed 7]

Two ``expert`` bots that knock whenever the rules allow (their knock model switched off) play
``--hands`` hands of OpenSpiel's gin (OpenSpiel's scoring: the deadwood difference, 25 for gin,
25 for an undercut); each knock is logged with the knocker's deadwood, the stock left and how
many cards the other player holds that he took from the pile, and the hand's return to the
knocker.  The table printed is the mean return per (deadwood, stage, holding two or more) with
its count: ``rummycheck.sim.gin_expert.KNOCK_TABLE`` is that table (cells with fewer than
``--least`` knocks left out, so the bot knocks there).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from openspiel_duel import Seat, tuned  # noqa: E402

from rummycheck.sim.gin_expert import _STAGES, GinExpert, _holding  # noqa: E402


def stage_of(stock: int) -> int:
    return 0 if stock > _STAGES[0] else 1 if stock > _STAGES[1] else 2


class Logger(Seat):
    """A seat that logs its knocks: (deadwood, stage, opponent holds two or more)."""

    def __init__(self, player: int, bot: str) -> None:
        super().__init__(player, bot)
        self.knocked: tuple[int, int, bool] | None = None

    def step(self, state: Any) -> int:
        action = super().step(state)
        if action == 55 and self.knocked is None and self.discard is not None:
            view = self.view(state, (), drew=self.drew)
            bot = self.bot
            assert isinstance(bot, GinExpert)
            rest = list(view.hand)
            rest.remove(self.discard)
            deadwood = bot._deadwood(view, rest)
            self.knocked = (deadwood, stage_of(view.stock), _holding(view) >= 2)
        return action


def main(argv: list[str] | None = None) -> int:
    import pyspiel

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--least", type=int, default=30, help="fewest knocks for a cell to be tabled")
    args = parser.parse_args(argv)
    spec = "expert[play_on=-1000,close=1000]"
    tuned(spec)
    game = pyspiel.load_game("gin_rummy")
    cells: dict[tuple[int, int, bool], list[float]] = defaultdict(list)
    for h in range(args.hands):
        rng = random.Random(f"knock-table:{args.seed}:{h}")
        seats = [Logger(0, spec), Logger(1, spec)]
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            player = state.current_player()
            action = seats[player].step(state)
            for seat in seats:
                seat.watch(state, action)
            state.apply_action(action)
        returns = state.returns()
        for player, seat in enumerate(seats):
            if seat.knocked is not None:
                cells[seat.knocked].append(returns[player])
    print(f"# {args.hands} hands of expert v expert (knocking whenever allowed), seed {args.seed}")
    print("# (deadwood, stage, holding two or more): mean return to the knocker, knocks")
    table = {}
    for key in sorted(cells):
        values = cells[key]
        mean = sum(values) / len(values)
        print(f"#   {key}: {mean:+.1f} over {len(values)}")
        if len(values) >= args.least:
            table[key] = round(mean, 1)
    print("KNOCK_TABLE = {")
    for key, value in table.items():
        print(f"    {key}: {value},")
    print("}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
