"""Does the rollout review see which bot is stronger?  Reviews of simulated one-hand games.

Plays ``--deals`` seeded one-hand games of two bots, each deal from both seats, reviews every
record with ``review --rollouts`` (``--samples`` a move), and reports per bot: the decisions
(not forced), the error rate (mean points behind the best per decision) with a 95% interval
over hands (a hand's decisions are not independent, so the hand is the unit), the accuracy,
the grades, and the luck-adjusted result.  The error rate is the held-out one (the best
chosen on the other folds, the loss measured on each fold; ``evaluate.held_out_loss``),
the loss against the leader of all the samples shown beside it.  The bots' strength in ``simulate`` (points won
per hand) is the yardstick the issue names: the stronger bot should show the lower error
rate.
The gap between the two bots is paired by deal (both seats); it is printed twice: with each
hand's rate counting the same, and with each deal's rates per decision and the deals weighted
by their decisions (the error rate is a mean per decision, and a hand of four decisions says
less than one of thirty: tests/test_review_strength.py).  Then each bot's floor, the held-out
loss of the review's own best move in its decisions (what always playing that move would be
charged: below 0, and lower in wider decisions), and the gap of the rates less their floors.

By default each game is one hand (``--target 1``: a game won by winning a hand).  There any
knock wins the game, so a bot that minds the game score (``expert``) knocks whenever it may;
``--target 100`` plays the first hand of a game to 100 instead (the review's rollouts then
see a knock's worth on the score).  After the rates, the losses are split by kind of decision
(each bot's count, total and mean held-out loss): a knock, a wait (a discard where a knock was
allowed), any other discard, a draw, a take, a pass, a lay-down or a finish.
``--opponent-as-played`` reviews each bot alone, with its opponent's seat in the rollouts
played by the opponent's own bot (``review --rollout BOT,NAME=BOT``): the review then values
each move against the opponent the bot really faced, not a model opponent.

    python bench/review_strength.py [--variant gin] [--bots gin,knock] [--deals 10] [--samples 48] [--rollout expert]
                                    [--target 1] [--opponent-as-played] [--workers 2] [--out FILE]

``--workers N`` values each record's decisions in N processes (the review's own executor: the
same answer as one process, less wall time; the CPU figure printed is this process's alone).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import time
from collections.abc import Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rummycheck.analysis.decisions import Decision, review_decisions  # noqa: E402
from rummycheck.sim.as_record import to_record  # noqa: E402
from rummycheck.sim.bots import bot_class  # noqa: E402
from rummycheck.sim.engine import play_game  # noqa: E402
from rummycheck.sim.record_out import game_to_record_dict  # noqa: E402
from rummycheck.sim.stats import mean_interval, weighted_mean_interval  # noqa: E402
from rummycheck.table.actions import ActionKind  # noqa: E402
from rummycheck.table.record import Record  # noqa: E402
from rummycheck.variants import Variant, get_variant  # noqa: E402

TARGET = {"gin": "game_target", "basic": "target_2"}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--variant", default="gin")
    parser.add_argument("--bots", default="gin,knock")
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--samples", type=int, default=48)
    parser.add_argument("--seed", type=int, default=515)
    parser.add_argument("--rollout", default=None, help="the rollout bot (default: the game's)")
    parser.add_argument("--target", default="1", help="the game's target: 1 for one-hand games (the default)")
    parser.add_argument("--opponent-as-played", action="store_true",
                        help="review each bot alone, its opponent's seat in the rollouts played by the opponent's "
                             "own bot (the rest by --rollout)")
    parser.add_argument("--workers", type=int, default=1, help="processes valuing decisions (default 1)")
    parser.add_argument("--out", default=None, help="write each bot's error rate by deal and hand here (JSON), "
                                                   "to pool runs on other seeds")
    args = parser.parse_args()
    with contextlib.ExitStack() as stack:
        executor = (stack.enter_context(ProcessPoolExecutor(args.workers)) if args.workers > 1 else None)
        _run(args, executor)


def _run(args: argparse.Namespace, executor: Executor | None) -> None:
    bots = args.bots.split(",")
    rules = {TARGET[args.variant]: args.target} if args.variant in TARGET else {}
    variant = get_variant(args.variant, **rules)
    kinds: dict[str, dict[str, list[float]]] = {b: {} for b in bots}  # held-out losses by kind of decision
    per_hand: dict[str, list[float]] = {b: [] for b in bots}  # held-out losses (the error rate)
    by_deal: dict[str, dict[int, list[float]]] = {b: {} for b in bots}  # the same, by deal (for the pairing)
    decided: dict[str, dict[int, list[int]]] = {b: {} for b in bots}  # each hand's decisions, by deal
    leader: dict[str, list[float]] = {b: [] for b in bots}  # losses against the leader of all the samples
    # the floor: each hand's mean held-out loss of the review's own best move (what always playing it would be
    # charged), by deal as ``by_deal``
    floor_deal: dict[str, dict[int, list[float]]] = {b: {} for b in bots}
    counts = {b: [0, 0, 0, 0, 0] for b in bots}  # decisions, not shown behind, inaccuracies, mistakes, blunders
    adjusted: dict[str, list[float]] = {b: [] for b in bots}
    start = time.process_time()
    wall = time.perf_counter()
    for deal, rotation, seats, record in one_hand_records(variant, bots, args.seed, args.deals):
        reviews = {}
        if args.opponent_as_played:
            for seat, name in enumerate(record.players):
                other = record.players[1 - seat]
                spec = ",".join(([args.rollout] if args.rollout else []) + [f"{other}={seats[1 - seat]}"])
                reviews[name] = review_decisions(record, players=[name], samples=args.samples, seed=deal,
                                                 rollout=spec, executor=executor)
        else:
            review = review_decisions(record, samples=args.samples, seed=deal, rollout=args.rollout,
                                      executor=executor)
            reviews = dict.fromkeys(record.players, review)
        for seat, name in enumerate(record.players):
            bot = seats[seat]
            review = reviews[name]
            mine = [d for d in review.decisions if d.player == name and not d.forced]
            if mine:
                per_hand[bot].append(sum(d.held_out for d in mine) / len(mine))
                by_deal[bot].setdefault(deal, []).append(per_hand[bot][-1])
                decided[bot].setdefault(deal, []).append(len(mine))
                leader[bot].append(sum(d.loss for d in mine) / len(mine))
                floor_deal[bot].setdefault(deal, []).append(sum(d.best_held_out for d in mine) / len(mine))
            for d in mine:
                kinds[bot].setdefault(_kind(d), []).append(d.held_out)
            counts[bot][0] += len(mine)
            counts[bot][1] += sum(1 for d in mine if d.loss_low <= 0)
            for i, grade in enumerate(("inaccuracy", "mistake", "blunder")):
                counts[bot][2 + i] += sum(1 for d in mine if d.grade == grade)
            if not args.opponent_as_played:  # the luck needs both players' losses from one review
                rates = next(p for p in review.players if p.name == name)
                if rates.adjusted is not None:  # None: the record scores no hand of his
                    adjusted[bot].append(rates.adjusted.value)
        judged = sum(len(r.decisions) for r in {id(r): r for r in reviews.values()}.values())
        print(f"  deal {deal} rotation {rotation}: {judged} decisions "
              f"({time.process_time() - start:.0f} s CPU so far)", flush=True)
    hands = 2 * args.deals
    print(f"{args.variant} (target {args.target}): {' v '.join(bots)}, {args.deals} deals from both seats "
          f"({hands} hands), "
          f"{args.samples} rollouts a move, rollout bot {args.rollout or 'the game default'}, seed {args.seed}; "
          f"{time.process_time() - start:.0f} s CPU in this process, {time.perf_counter() - wall:.0f} s wall "
          f"({args.workers} worker{'s' if args.workers != 1 else ''})")
    for bot in bots:
        rate = mean_interval(per_hand[bot])
        biased = mean_interval(leader[bot])
        n, fine, inacc, mist, blund = counts[bot]
        if adjusted[bot]:
            skill = mean_interval(adjusted[bot])
            luck = f"luck-adjusted result {skill.value:+.2f} [{skill.low:+.2f}, {skill.high:+.2f}] a hand"
        else:
            luck = "no luck-adjusted result (each bot reviewed alone)"
        print(f"  {bot:10} {n} decisions; error rate {rate.value:.2f} [{rate.low:.2f}, {rate.high:.2f}] points "
              f"a decision held out (mean of {len(per_hand[bot])} hands' means; against the leader "
              f"{biased.value:.2f} [{biased.low:.2f}, {biased.high:.2f}]); accuracy {fine / max(1, n):.0%}; "
              f"{inacc} inaccuracies, {mist} mistakes, {blund} blunders; {luck}")

    first, second = bots[0], bots[1]
    paired = [sum(by_deal[first][d]) / len(by_deal[first][d]) - sum(by_deal[second][d]) / len(by_deal[second][d])
              for d in by_deal[first] if d in by_deal[second]]
    if len(paired) > 1:
        gap = mean_interval(paired)
        print(f"  error rate {first} - {second}, paired by deal (both seats): {gap.value:+.2f} "
              f"[{gap.low:+.2f}, {gap.high:+.2f}] points a decision over {len(paired)} deals "
              f"(below 0: {first} errs less)")
        # the same with each bot's rate a mean per decision over the deal, and deals weighted by
        # their decisions: the error rate's own definition (a short hand counts for less)
        common = [d for d in by_deal[first] if d in by_deal[second]]

        def pooled(bot: str, d: int) -> float:
            return sum(r * n for r, n in zip(by_deal[bot][d], decided[bot][d])) / sum(decided[bot][d])

        weighted = weighted_mean_interval([pooled(first, d) - pooled(second, d) for d in common],
                                          [sum(decided[first][d]) + sum(decided[second][d]) for d in common])
        print(f"  the same, each deal's rates per decision and the deals weighted by their decisions: "
              f"{weighted.value:+.2f} [{weighted.low:+.2f}, {weighted.high:+.2f}]")

        def mean_of(values: dict[int, list[float]], d: int) -> float:
            return sum(values[d]) / len(values[d])

        for bot in bots:
            own = mean_interval([mean_of(floor_deal[bot], d) for d in common])
            print(f"  floor of {bot} (the held-out loss of the review's own best, a hand's mean): {own.value:+.2f} "
                  f"[{own.low:+.2f}, {own.high:+.2f}]")
        floors = mean_interval([mean_of(floor_deal[first], d) - mean_of(floor_deal[second], d) for d in common])
        above = mean_interval([(mean_of(by_deal[first], d) - mean_of(floor_deal[first], d))
                               - (mean_of(by_deal[second], d) - mean_of(floor_deal[second], d)) for d in common])
        print(f"  floor {first} - {second}, paired by deal: {floors.value:+.2f} [{floors.low:+.2f}, "
              f"{floors.high:+.2f}]; error rate less the floor, {first} - {second}: {above.value:+.2f} "
              f"[{above.low:+.2f}, {above.high:+.2f}]")

    if args.out:
        Path(args.out).write_text(json.dumps({"variant": args.variant, "bots": bots, "seed": args.seed,
                                              "samples": args.samples, "target": args.target,
                                              "by_deal": {b: {str(d): v for d, v in by_deal[b].items()} for b in bots},
                                              "decisions": {b: {str(d): v for d, v in decided[b].items()}
                                                            for b in bots}},
                                             indent=1) + "\n")

    names = sorted({k for b in bots for k in kinds[b]})
    print("  held-out loss by kind of decision (count, total, mean):")
    for name in names:
        cells = []
        for bot in bots:
            found = kinds[bot].get(name, [])
            cells.append(f"{bot} {len(found)}, {sum(found):+.1f}, {sum(found) / max(1, len(found)):+.2f}")
        print(f"    {name:8} " + "; ".join(cells))


def one_hand_records(variant: Variant, bots: list[str], seed: int, deals: int
                     ) -> Iterator[tuple[int, int, list[str], Record]]:
    """Seeded one-hand games of two bots, each deal from both seats: (deal, rotation, the bots by
    seat, the game's record)."""
    for deal in range(deals):
        for rotation in (0, 1):
            seats = bots if rotation == 0 else bots[::-1]
            outcome = play_game(variant, [bot_class(b)() for b in seats], seed=seed, deal=deal,
                                rotation=rotation, labels=seats, record=True, max_hands=1)
            assert outcome.record is not None
            yield deal, rotation, seats, to_record(game_to_record_dict(outcome.record))


def _kind(decision: Decision) -> str:
    """The kind of a decision for the split: the move played, a discard where a knock was allowed
    counted as a wait."""
    kind = decision.played.kind
    if kind is ActionKind.DISCARD and any(c.action.kind is ActionKind.KNOCK for c in decision.candidates):
        return "wait"
    return kind.value


if __name__ == "__main__":
    main()
