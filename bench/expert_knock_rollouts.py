"""Knock now or play on: rollouts of both at each of our knock opportunities, inside OpenSpiel's gin.

Run:  python bench/expert_knock_rollouts.py roll [--bot expert] [--hands 1000] [--seeds 11] [--rollouts 2]
          --out knock.jsonl
      python bench/expert_knock_rollouts.py fit knock.jsonl [--least 30] [--json table.json]

Needs the bench extra (``open-spiel``).  The duel of ``bench/openspiel_duel.py`` (our bot against
OpenSpiel's simple bot given the EAAI lay-off sweep, deal ``h`` of seed ``s`` from
``random.Random(f"{s}:{h}")``, played from both seats, score 0-0) is played with ``--bot``; at each
decision where our bot may knock with some deadwood (OpenSpiel offers the knock, the least deadwood
after a discard is 1 to 10), the state is cloned twice:

* *knock*: our bot knocks now (throwing the card that leaves the least deadwood), the hand is
  played out (our melds, the simple bot's lay-off sweep): one outcome, no chance left;
* *play on*: our bot throws its usual card without knocking, then both bots play the hand out
  by their policies (ours by ``--bot``'s, knock table and all); ``--rollouts`` times, each with
  the stock drawn from its own ``random.Random``.

Each opportunity is one line of JSON: the deadwood kept, the stock left, the pile cards the
opponent holds and took, the turn, and our return (OpenSpiel's points, above 0 a hand won) of the
knock and of each play-on rollout.  The main line then goes on by ``--bot``'s own choice.  ``fit``
turns these lines into the bot's table (``KNOCK_GAIN``, by deadwood, stage and holding).  That is a
policy-iteration step: the play-on branch is valued under the current policy, so a table fitted
from one run's lines can be given back to the bot (``--bot 'expert[table=FILE]'``) and the
rollouts run again.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from openspiel_duel import Seat, sweep, tuned  # noqa: E402

from rummycheck.sim.bots import GinBase, _fast_choices  # noqa: E402
from rummycheck.sim.gin_expert import _STAGES, _holding, stage_of  # noqa: E402


def clone_seat(seat: Seat, bot: str) -> Seat:
    """A fresh seat with the same public record (the bots keep only caches between decisions)."""
    twin = Seat(seat.player, bot, seat.scores)
    twin.taken = [list(t) for t in seat.taken]
    twin.thrown = [list(t) for t in seat.thrown]
    twin.discard, twin.took, twin.drew, twin.phase = seat.discard, seat.took, seat.drew, seat.phase
    return twin


def forced_step(seat: Seat, state: Any, knock: bool) -> int:
    """The seat's action at a discard decision with its knock forced on or off for this decision."""
    bot = seat.bot
    assert isinstance(bot, GinBase)
    bot.wants_knock = lambda view, deadwood: knock or deadwood == 0  # type: ignore[method-assign]
    try:
        return seat.step(state)
    finally:
        del bot.wants_knock  # the class's method again


def play_out(game: Any, state: Any, seat: Seat, rng: random.Random, first: int | None) -> list[float]:
    """The hand from ``state`` to its end, our ``seat`` against the simple bot; ``first`` is our first
    action if given (already chosen)."""
    import pyspiel

    ours = seat.player
    simple = pyspiel.make_simple_gin_rummy_bot(game.get_parameters(), 1 - ours)
    layoff = pyspiel.gin_rummy.LAYOFF
    pending = first
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
            continue
        player = state.current_player()
        if player == ours:
            if pending is not None:
                action, pending = pending, None
            else:
                action = seat.step(state)
        elif state.current_phase() == layoff:
            action = sweep(state, player)
        else:
            action = simple.step(state)
        seat.watch(state, action)
        state.apply_action(action)
    return list(state.returns())


def branch(game: Any, state: Any, seat: Seat, bot: str, knock: bool, rng: random.Random) -> float:
    """Our return (OpenSpiel's points: above 0 a hand won, below a hand lost) of one play-out."""
    twin = clone_seat(seat, bot)
    copy = state.clone()
    action = forced_step(twin, copy, knock)
    return play_out(game, copy, twin, rng, action)[seat.player]


def roll(args: argparse.Namespace) -> None:
    import pyspiel

    game = pyspiel.load_game("gin_rummy")
    params = game.get_parameters()
    bot = args.bot
    tuned(bot)
    layoff = pyspiel.gin_rummy.LAYOFF
    discard_phase = pyspiel.gin_rummy.DISCARD
    start = time.process_time()
    lines = 0
    with args.out.open("w") as out:
        for seed in args.seeds:
            for h in range(args.hands):
                for ours in (0, 1):
                    rng = random.Random(f"{seed}:{h}")
                    seat = Seat(ours, bot, (0, 0))
                    simple = pyspiel.make_simple_gin_rummy_bot(params, 1 - ours)
                    state = game.new_initial_state()
                    turn = 0
                    while not state.is_terminal():
                        if state.is_chance_node():
                            state.apply_action(rng.choice(state.chance_outcomes())[0])
                            continue
                        player = state.current_player()
                        phase = state.current_phase()
                        if player == ours and phase == discard_phase:
                            turn += 1
                            if 55 in state.legal_actions():
                                view = seat.view(state, (), drew=seat.drew)
                                expert = seat.bot
                                assert isinstance(expert, GinBase)
                                fast = expert._fast(view.variant)
                                assert fast is not None
                                found = _fast_choices(view, fast)
                                assert found is not None
                                deadwood = min(found[1])
                                if 0 < deadwood <= 10:
                                    tag = f"{seed}:{h}:{ours}:{turn}"
                                    knock = branch(game, state, seat, bot, True, random.Random(f"k:{tag}"))
                                    on = [branch(game, state, seat, bot, False, random.Random(f"p:{tag}:{k}"))
                                          for k in range(args.rollouts)]
                                    opponent = 1 - ours
                                    out.write(json.dumps({
                                        "seed": seed, "hand": h, "ours": ours, "turn": turn, "deadwood": deadwood,
                                        "stock": view.stock, "holding": _holding(view),
                                        "took": len(view.taken[opponent]), "mine_took": len(view.taken[ours]),
                                        "knock": knock, "on": on,
                                    }) + "\n")
                                    lines += 1
                        if player == ours:
                            action = seat.step(state)
                        elif phase == layoff:
                            action = sweep(state, player)
                        else:
                            action = simple.step(state)
                        seat.watch(state, action)
                        state.apply_action(action)
            print(f"seed {seed}: {lines} opportunities so far, {time.process_time() - start:.0f} CPU s", flush=True)


def fit(args: argparse.Namespace) -> None:
    """The table: per cell, the mean of (the knock's return) less (the mean return of the play-on
    rollouts), with its standard error and count; cells with fewer than ``--least`` left out."""
    cells: dict[tuple[int, int, int], list[float]] = defaultdict(list)
    for path in args.lines:
        for line in path.read_text().splitlines():
            row = json.loads(line)
            key = (row["deadwood"], stage_of(row["stock"]), min(row["holding"], 2))
            cells[key].append(row["knock"] - sum(row["on"]) / len(row["on"]))
    pooled: dict[tuple[int, int], list[float]] = defaultdict(list)  # (deadwood, stage), every holding
    for (deadwood, stage, _), values in cells.items():
        pooled[deadwood, stage].extend(values)
    table = {}
    print(f"# {sum(map(len, cells.values()))} knock opportunities from {', '.join(map(str, args.lines))}")
    print("# (deadwood, stage, holding): knock less play on, points (standard error), opportunities;")
    print(f"# a cell with fewer than {args.least} takes the cell with one card fewer held, else its deadwood")
    print("# and stage over every holding (pooled)")
    for deadwood in range(1, 11):
        for stage in range(len(_STAGES) + 1):
            for holding in range(3):
                key = (deadwood, stage, holding)
                values = cells.get(key, [])
                note = ""
                if len(values) < args.least and (deadwood, stage, holding - 1) in table:
                    # he holds more: the cell with one card fewer (knocking is worth less the more
                    # he holds, nearly everywhere the cells are full)
                    table[key] = table[deadwood, stage, holding - 1]
                    print(f"#   {key}: {table[key]:+.1f} as {holding - 1} held ({len(values)} of its own)")
                    continue
                if len(values) < args.least:
                    values, note = pooled.get((deadwood, stage), []), " (pooled)"
                n = len(values)
                if n < args.least:
                    continue
                mean = sum(values) / n
                error = (sum((v - mean) ** 2 for v in values) / max(n - 1, 1) / n) ** 0.5
                print(f"#   {key}: {mean:+.1f} ({error:.1f}) over {n}{note}")
                table[key] = round(mean, 1)
    print("KNOCK_GAIN: dict[tuple[int, int, int], float] = {")
    for key, value in table.items():
        print(f"    {key}: {value},")
    print("}")
    if args.json:
        args.json.write_text(json.dumps({",".join(map(str, k)): v for k, v in table.items()}, indent=0) + "\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    rolls = commands.add_parser("roll", help="play the duel and roll out both branches at each knock opportunity")
    rolls.add_argument("--bot", default="expert", help="our bot, or name[setting=value,...] (table=FILE too)")
    rolls.add_argument("--hands", type=int, default=1000, help="deals per seed, each played from both seats")
    rolls.add_argument("--seeds", type=lambda t: [int(x) for x in t.split(",")], default=[11])
    rolls.add_argument("--rollouts", type=int, default=2, help="play-on rollouts per opportunity")
    rolls.add_argument("--out", type=Path, required=True, help="the JSON lines written")
    fits = commands.add_parser("fit", help="the table from lines written by roll")
    fits.add_argument("lines", type=Path, nargs="+")
    fits.add_argument("--least", type=int, default=30, help="fewest opportunities for a cell to be tabled")
    fits.add_argument("--json", type=Path, help="also write the table as JSON (for --bot expert[table=FILE])")
    args = parser.parse_args(argv)
    roll(args) if args.command == "roll" else fit(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
