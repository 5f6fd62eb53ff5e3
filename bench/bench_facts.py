"""Benchmark of the exact facts of a discard (``rummycheck.analysis.discard_facts``).

Run:  python bench/bench_facts.py [--rounds 7] [--seed 1] [--hands 40] [--bing-hands 8] [--table] [--json out.json]

What is timed: the full facts of one hand, every discard candidate, every unseen card.
  gin     11-card gin hands (half built from melds, half random) with 31 unseen cards:
          11 discards x 31 draws, each the least deadwood after the best discard.
  bing    15-card unopened Bing hands (two decks, 0 to 3 deuces, meld-rich) with 89
          unseen cards: 15 discards x about 50 distinct draws x 15 discards after the draw,
          the opening chance (BING-OPEN, BING-LIMIT) and the outs.
  opened  6-card opened Bing hands at a score of 40, 98 unseen cards.
With --table, hands at a table, whose outs may lay cards off on the table's melds
(tests/test_facts_layoffs.py makes the positions):
  basic-t 20 basic positions (``table_position``): 4 to 11 cards after the draw, 2 or 3 melds
          on the table, 4 cards on the pile, the player not opened.
  opened-t 8 opened Bing hands of 6 cards (0 to 2 deuces) at 40, a run and a set on the table.
  bing-t  4 unopened 15-card Bing hands (1 deuce) at 0, a run and a set on the table, lay-offs
          allowed in the opening turn (the default).

How it measures: CPU time of this process (``time.process_time``); one untimed warm-up
round builds the lookup tables; then every round times each part over the same seeded
hands, the order of the parts rotating from round to round, the garbage collector run
before each pass and off during it.  Figures are medians over the rounds of the time per
hand, with the spread (min..max over the rounds) and, per part, the slowest hand's median.

Before timing, the answers of a few hands are checked against a plain count: the test
suite's ``solve_count`` (tests/test_facts.py), which asks the game's own ``solve`` about
every hand after every discard, draw and discard (Bing), or the one-deck deadwood counter
(gin); with --table also two basic positions against the judge (``judge_outs``: every split
of the hand played through ``GameState.lay_down``) and two opened Bing hands against the
lay-off search asked about every hand (``bing_table_count``); a disagreement exits 1.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rummycheck.analysis import HandFacts, discard_facts
from rummycheck.analysis.advisor import facts_at
from rummycheck.cards import Card, full_deck
from rummycheck.solvers.deadwood import deadwood_counter, hand_mask, prepare
from rummycheck.variants import get_variant

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from test_facts import solve_count  # noqa: E402  (the suite's plain count by the game's solve)
from test_facts_layoffs import (  # noqa: E402  (the positions at a table and their references)
    bing_table_count,
    bing_table_position,
    facts_unseen,
    judge_outs,
    table_position,
)

GIN = get_variant("gin")
BING = get_variant("bing")
BASIC = get_variant("basic")


def _melds_first(rng: random.Random, deck: list[Card], size: int, melds: int) -> list[Card]:
    """``size`` cards from ``deck`` with ``melds`` runs or sets of three started in them."""
    hand: list[Card] = []
    pool = list(deck)
    for _ in range(melds):
        base = rng.choice(pool)
        if rng.random() < 0.5:
            near = [c for c in pool if c.suit is base.suit and 0 < c.number - base.number <= 2]
        else:
            near = [c for c in pool if c.number == base.number and c != base][:2]
        for card in [base, *near]:
            if card in pool and len(hand) < size:
                hand.append(card)
                pool.remove(card)
    rng.shuffle(pool)
    return hand + pool[:size - len(hand)]


def gin_hands(rng: random.Random, count: int) -> list[tuple[list[Card], list[Card]]]:
    hands = []
    for n in range(count):
        deck = list(full_deck())
        rng.shuffle(deck)
        hand = _melds_first(rng, deck, 11, 3) if n % 2 == 0 else deck[:11]
        rest = [c for c in deck if c not in hand]
        hands.append((hand, rest[:31]))
    return hands


def bing_hands(rng: random.Random, count: int, size: int, seen: int) -> list[tuple[list[Card], Counter[Card]]]:
    hands = []
    for n in range(count):
        deck = [c for c in full_deck() for _ in range(2)]
        rng.shuffle(deck)
        deuces = [c for c in deck if c.number == 2][:n % 4]
        for card in deuces:
            deck.remove(card)
        hand = deuces + _melds_first(rng, deck, size - len(deuces), 4)
        pool = Counter(c for c in full_deck() for _ in range(2))
        pool.subtract(hand)
        rest = list((+pool).elements())
        rng.shuffle(rest)
        pool.subtract(rest[:seen])
        hands.append((hand, +pool))
    return hands


def plain_gin(hand: list[Card], unseen: list[Card]) -> dict[Card, tuple[int, frozenset[Card], frozenset[Card]]]:
    """(deadwood, knock outs, gin outs) per discard, one counter call per hand after each draw."""
    least = deadwood_counter(GIN)
    after = deadwood_counter(GIN, discard=True)
    mask = hand_mask(hand)
    found = {}
    for card in set(hand):
        kept = mask ^ card.bit
        knocks = frozenset(d for d in unseen if after(kept | d.bit) <= 10)
        gins = frozenset(d for d in unseen if after(kept | d.bit) == 0 or least(kept | d.bit) == 0)
        found[card] = (least(kept), knocks | gins, gins)
    return found


def check(facts: HandFacts, expected: dict[Card, Any], what: str) -> bool:
    """Whether the facts agree with the plain count (gin: deadwood, knock and gin outs; Bing:
    the going-out cards, and the opening cards before opening)."""
    good = True
    for found in facts.discards:
        want = expected[found.discard]
        got: tuple[Any, ...]
        if what == "gin":
            got = (found.deadwood, frozenset(found.outs), frozenset(found.gin_outs))
        elif facts.opened:
            got, want = ({str(c) for c in found.outs},), want[:1]
        else:
            got = ({str(c) for c in found.outs}, {str(c) for c in found.open_outs or ()})
        if got != want:
            print(f"DISAGREE {what}: discard {found.discard}: {got} != {want}", file=sys.stderr)
            good = False
    return good


def add_table_parts(seed: int, parts: dict[str, Callable[[Any, Any], HandFacts]],
                    inputs: dict[str, list[Any]]) -> bool:
    """The --table parts (see the docstring), after checking a few of their hands; False on a disagreement."""
    rng = random.Random(seed + 1000)
    basic = [table_position(rng, BASIC, opened=False) for _ in range(20)]
    opened = [bing_table_position(rng, 6, deuces=n % 3) for n in range(8)]
    unopened = [bing_table_position(rng, 15, deuces=1) for _ in range(4)]
    started = time.process_time()
    ok = True
    for state in basic[:2]:
        facts = facts_at(state)
        for found in facts.discards:
            want = judge_outs(state, found.discard, facts_unseen(state))
            if {str(c) for c in found.outs} != want:
                print(f"DISAGREE basic-t: discard {found.discard}: {found.outs} != {want}", file=sys.stderr)
                ok = False
    for hand, pool, table in opened[:2]:
        facts = discard_facts(hand, unseen=pool, variant=BING, score=40, opened=True, table=table)
        expected = bing_table_count(hand, pool, table, BING, score=40, opened=True)
        ok &= check(facts, expected, "opened-t")
    print(f"checked 2 basic positions against the judge and 2 opened Bing hands at a table against the "
          f"lay-off search ({time.process_time() - started:.1f} s CPU): {'agree' if ok else 'DISAGREE'}")
    parts["basic-t"] = lambda state, _: facts_at(state)
    parts["opened-t"] = lambda hand, rest: discard_facts(hand, unseen=rest[0], variant=BING, score=40, opened=True,
                                                         table=rest[1])
    parts["bing-t"] = lambda hand, rest: discard_facts(hand, unseen=rest[0], variant=BING, table=rest[1])
    inputs["basic-t"] = [(state, None) for state in basic]
    inputs["opened-t"] = [(hand, (pool, table)) for hand, pool, table in opened]
    inputs["bing-t"] = [(hand, (pool, table)) for hand, pool, table in unopened]
    return ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hands", type=int, default=40, help="gin hands")
    parser.add_argument("--bing-hands", type=int, default=8, help="15-card Bing hands")
    parser.add_argument("--check", type=int, default=2, help="Bing hands checked against the plain count")
    parser.add_argument("--table", action="store_true", help="also time hands at a table (lay-offs)")
    parser.add_argument("--json", default=None)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    gin = gin_hands(rng, args.hands)
    bing = bing_hands(rng, args.bing_hands, 15, seen=0)  # 104 - 15 = 89 unseen each
    opened = bing_hands(rng, args.bing_hands, 6, seen=0)
    prepare(GIN)

    ok = True
    for hand, unseen in gin[:10]:
        ok &= check(discard_facts(hand, unseen=unseen, variant=GIN), plain_gin(hand, unseen), "gin")
    started = time.process_time()
    for hand, pool in bing[:args.check]:
        ok &= check(discard_facts(hand, unseen=pool, variant=BING), solve_count(hand, pool, score=0, opened=False),
                    "bing")
    for hand, pool in opened[:args.check]:
        ok &= check(discard_facts(hand, unseen=pool, variant=BING, score=40, opened=True),
                    solve_count(hand, pool, score=40, opened=True), "opened")
    print(f"checked {min(10, len(gin))} gin hands, {min(args.check, len(bing))} Bing and "
          f"{min(args.check, len(opened))} opened Bing hands against the plain count "
          f"({time.process_time() - started:.1f} s CPU for the Bing ones): {'agree' if ok else 'DISAGREE'}")
    if not ok:
        return 1

    parts: dict[str, Callable[[Any, Any], HandFacts]] = {
        "gin": lambda hand, unseen: discard_facts(hand, unseen=unseen, variant=GIN),
        "bing": lambda hand, unseen: discard_facts(hand, unseen=unseen, variant=BING),
        "opened": lambda hand, unseen: discard_facts(hand, unseen=unseen, variant=BING, score=40, opened=True),
    }
    inputs: dict[str, list[Any]] = {"gin": gin, "bing": bing, "opened": opened}
    if args.table and not add_table_parts(args.seed, parts, inputs):
        return 1
    per_round: dict[str, list[float]] = {name: [] for name in parts}
    per_hand: dict[str, list[list[float]]] = {name: [[] for _ in inputs[name]] for name in parts}
    names = list(parts)
    for round_number in range(args.rounds + 1):
        order = names[round_number % len(names):] + names[:round_number % len(names)]
        for name in order:
            gc.collect()
            gc.disable()
            try:
                total = 0.0
                for i, (hand, unseen) in enumerate(inputs[name]):
                    started = time.process_time()
                    parts[name](hand, unseen)
                    spent = time.process_time() - started
                    total += spent
                    if round_number:
                        per_hand[name][i].append(spent)
            finally:
                gc.enable()
            if round_number:  # round 0 is the warm-up
                per_round[name].append(total / len(inputs[name]))
    report: dict[str, Any] = {"rounds": args.rounds, "seed": args.seed}
    for name in names:
        times = per_round[name]
        slowest = max(statistics.median(t) for t in per_hand[name])
        report[name] = {"hands": len(inputs[name]), "median_ms": statistics.median(times) * 1e3,
                        "min_ms": min(times) * 1e3, "max_ms": max(times) * 1e3,
                        "slowest_hand_median_ms": slowest * 1e3}
        print(f"{name:8} {len(inputs[name]):3} hands: {statistics.median(times) * 1e3:9.2f} ms a hand "
              f"(rounds {min(times) * 1e3:.2f}..{max(times) * 1e3:.2f}); slowest hand {slowest * 1e3:.2f} ms")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(report, out, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
