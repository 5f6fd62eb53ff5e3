"""Does the rollout review see mistakes in games played by another engine's bots?

Run:  python bench/review_openspiel.py [--deals 20] [--noise 0,0.3] [--samples 48] [--seed 3001] [--workers 2]

The review's other checks use hands worked out by hand (``tests/data/review/``) and games of
rummycheck's own bots (``bench/review_strength.py``).  Here the games come from outside: each
hand is played in OpenSpiel's gin engine (``pyspiel``) by OpenSpiel's ``make_simple_gin_rummy_bot``
in both seats, one of them made worse by noise: at each of its decisions of the first upcard,
the draw and the discard (OpenSpiel's phases ``FirstUpcard``, ``Draw`` and ``Discard``), with
chance ``p`` it plays a move drawn uniformly from the legal ones of that kind (a take, a draw
or a pass; a discard, never a knock) instead of the bot's.  The hand is serialized by pyspiel,
read back by ``files.openspiel`` (``import openspiel``) and reviewed by ``review_decisions``
(``--samples`` rollouts a move, the game's rollout bot, under OpenSpiel's rules as read).

Each deal (chance drawn from ``random.Random(f"{seed}:{deal}")``) is played once with no noise
(both seats the simple bot) and, for each ``p`` above 0, twice: the noisy bot in seat 0, then in
seat 1.  Printed per ``p``: each side's hands, decisions (not forced) and mean error rate (the
held-out points behind the best per decision, each hand's rate counting the same) with a
95% interval over hands, the noisy side's rate less the plain side's paired by hand, the
grades, the points the review charged a hand (each side's held-out losses summed; noisy less
plain, paired by hand) and OpenSpiel's own verdict on the same hands (the returns pyspiel paid
the noisy side): on the review's scale, expected net points for the hand, the two should agree.
The review passes this check when the noisy side's rate is above the plain side's by an
interval clear of 0 wherever the noise costs points in OpenSpiel, and the two are level
(an interval holding 0) with no noise.  The seeds 3001 on were never used before this bench.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rummycheck.analysis.decisions import review_decisions  # noqa: E402
from rummycheck.files.openspiel import parse_openspiel, to_record  # noqa: E402
from rummycheck.sim.stats import mean_interval  # noqa: E402

NOISY_PHASES = ("FirstUpcard", "Draw", "Discard")
DRAWS = (52, 53, 54)  # take the upcard, draw from the stock, pass
KNOCK = 55


def play(seed: int, deal: int, noise: float, noisy_seat: int) -> tuple[str, list[float]]:
    """One OpenSpiel hand: its serialized text and the returns pyspiel paid each seat."""
    import pyspiel

    game = pyspiel.load_game("gin_rummy")
    params = game.get_parameters()
    bots = [pyspiel.make_simple_gin_rummy_bot(params, p) for p in (0, 1)]
    chance = random.Random(f"{seed}:{deal}")
    jolt = random.Random(f"noise:{seed}:{deal}:{noisy_seat}")
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(chance.choice(state.chance_outcomes())[0])
            continue
        seat = state.current_player()
        action = bots[seat].step(state)
        if seat == noisy_seat and noise > 0 and jolt.random() < noise:
            phase = re.search(r"Phase: (\w+)", str(state))
            legal = state.legal_actions()
            if phase is not None and phase.group(1) in NOISY_PHASES:
                kind = [a for a in legal if (a in DRAWS) == (action in DRAWS) and a != KNOCK]
                if action != KNOCK and kind:
                    action = jolt.choice(kind)
        state.apply_action(action)
    return pyspiel.serialize_game_and_state(game, state), list(state.returns())


def judged(task: tuple[int, int, float, int, int]) -> dict[str, Any]:
    """Play one hand and review it: per seat, the decisions, the summed held-out loss, the grades."""
    seed, deal, noise, noisy_seat, samples = task
    text, returns = play(seed, deal, noise, noisy_seat)
    record = to_record(parse_openspiel(text, source=f"deal {deal}"), ("S0", "S1"))
    review = review_decisions(record, samples=samples, seed=deal)
    seats = []
    for name in ("S0", "S1"):
        mine = [d for d in review.decisions if d.player == name and not d.forced]
        seats.append({"decisions": len(mine), "lost": sum(d.held_out for d in mine),
                      "grades": [d.grade for d in mine if d.grade is not None]})
    return {"deal": deal, "noise": noise, "noisy": noisy_seat, "returns": returns, "seats": seats}


def _rate(seat: dict[str, Any]) -> float:
    return float(seat["lost"]) / seat["decisions"] if seat["decisions"] else 0.0


def report(noise: float, hands: list[dict[str, Any]]) -> None:
    plain, noisy, gaps, paid, charged = [], [], [], [], []
    counts = {"plain": [0, 0], "noisy": [0, 0]}  # decisions, graded
    for hand in hands:
        n = hand["noisy"] if noise > 0 else 1  # no noise: seat 1 stands in for "noisy"
        mine, theirs = hand["seats"][n], hand["seats"][1 - n]
        if not mine["decisions"] or not theirs["decisions"]:
            continue
        noisy.append(_rate(mine))
        plain.append(_rate(theirs))
        gaps.append(_rate(mine) - _rate(theirs))
        paid.append(hand["returns"][n])
        charged.append(float(mine["lost"]) - float(theirs["lost"]))
        counts["noisy"][0] += mine["decisions"]
        counts["noisy"][1] += len(mine["grades"])
        counts["plain"][0] += theirs["decisions"]
        counts["plain"][1] += len(theirs["grades"])
    label = f"noise {noise:g}" if noise > 0 else "no noise (seat 1 as 'noisy')"
    rate_noisy, rate_plain, gap, cost, charge = (mean_interval(x) for x in (noisy, plain, gaps, paid, charged))
    print(f"{label}: {len(gaps)} hands")
    print(f"  error rate, noisy side: {rate_noisy.value:.2f} [{rate_noisy.low:.2f}, {rate_noisy.high:.2f}] "
          f"({counts['noisy'][0]} decisions, {counts['noisy'][1]} graded)")
    print(f"  error rate, plain side: {rate_plain.value:.2f} [{rate_plain.low:.2f}, {rate_plain.high:.2f}] "
          f"({counts['plain'][0]} decisions, {counts['plain'][1]} graded)")
    print(f"  noisy less plain, paired by hand: {gap.value:+.2f} [{gap.low:+.2f}, {gap.high:+.2f}]")
    print(f"  points charged a hand (the held-out losses summed), noisy less plain: {charge.value:+.2f} "
          f"[{charge.low:+.2f}, {charge.high:+.2f}]")
    print(f"  OpenSpiel's returns to the noisy side: {cost.value:+.2f} [{cost.low:+.2f}, {cost.high:+.2f}] a hand")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--noise", default="0,0.3")
    parser.add_argument("--samples", type=int, default=48)
    parser.add_argument("--seed", type=int, default=3001)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, help="also write every hand's figures here (JSON)")
    args = parser.parse_args(argv)
    levels = [float(x) for x in args.noise.split(",")]
    tasks = [(args.seed, deal, p, seat, args.samples) for p in levels
             for deal in range(args.seed, args.seed + args.deals) for seat in ((1,) if p == 0 else (0, 1))]
    start, wall = time.process_time(), time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        done = list(pool.map(judged, tasks))
    print(f"gin, OpenSpiel's simple bot in both seats, one noisy; {args.deals} deals from seed {args.seed}; "
          f"{args.samples} rollouts a move; {len(done)} hands reviewed in {time.perf_counter() - wall:.0f} s of wall "
          f"time on {args.workers} worker(s) ({time.process_time() - start:.0f} s of CPU here)")
    if args.out is not None:
        args.out.write_text(json.dumps(done, indent=1), encoding="utf-8")
    for p in levels:
        report(p, [h for h in done if h["noise"] == p])
    decisions = statistics.fmean(s["decisions"] for h in done for s in h["seats"])
    print(f"decisions not forced, mean per seat-hand: {decisions:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
