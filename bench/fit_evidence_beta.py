"""Choose a game's ``evidence_beta`` (``rummycheck.analysis.evidence``) by what it predicts.

For seeded one-hand games of shipped bots, at A's turns from the fifth on (every third one),
A's observation is sampled 150 times; the chance that B (the next player) holds each card A
has not seen is read off the samples, once unweighted and once weighted by B's latest throws
under the discard model with each ``beta`` of the grid, and scored by its log loss against
B's true hand (a card of a two-deck game counts as held when B has a copy).  The lowest loss
is the setting; other seeds, kept apart, check it.  ``tests/test_evidence.py`` repeats the
held-out check for the shipped settings.

    python bench/fit_evidence_beta.py --game basic --seed 99 --betas 0.25,0.5,0.75,1,1.5
    python bench/fit_evidence_beta.py --game bing --seed 41 --betas 0.25
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rummycheck.analysis.evidence import _evidence, _throws  # noqa: E402
from rummycheck.games import game_of  # noqa: E402
from rummycheck.sim.as_record import to_record  # noqa: E402
from rummycheck.sim.bots import bot_class  # noqa: E402
from rummycheck.sim.engine import play_game  # noqa: E402
from rummycheck.sim.record_out import game_to_record_dict  # noqa: E402
from rummycheck.table.observation import observe  # noqa: E402
from rummycheck.table.replay import state_at  # noqa: E402
from rummycheck.variants import get_variant  # noqa: E402

GAMES: dict[str, tuple[dict[str, str], tuple[str, ...]]] = {
    "gin": ({"game_target": "1"}, ("knock", "gin")),
    "basic": ({"target_2": "1"}, ("eager", "patient")),
    "bing": ({}, ("early", "common", "sandbag", "common")),
}


def positions(game: str, count: int, seed: int) -> list[tuple[Any, frozenset[Any]]]:
    """A's observation and B's true hand, at A's turns from the fifth on, in seeded hands."""
    rules, bots = GAMES[game]
    variant = get_variant(game, **rules)  # type: ignore[arg-type]
    found: list[tuple[Any, frozenset[Any]]] = []
    deal = 0
    while len(found) < count:
        outcome = play_game(variant, [bot_class(b)() for b in bots], seed=seed, deal=deal, labels=bots,
                            record=True, max_hands=1)
        deal += 1
        assert outcome.record is not None
        record = to_record(game_to_record_dict(outcome.record))
        actions = record.hands[0].actions
        turns = [i for i, a in enumerate(actions) if a.actor == "A" and a.text.split()[1] in ("draw", "take")]
        for at in turns[4::3]:
            state = state_at(record, 1, at + 1)
            if state.is_over or state.player.name != "A":
                continue
            found.append((observe(state, 0), frozenset(state.players[1].hand)))
    return found[:count]


def log_losses(found: list[tuple[Any, frozenset[Any]]], game: str, beta: float,
               samples: int = 150) -> tuple[float, float]:
    """(uniform, weighted) log loss of the chance that B holds each unseen card."""
    cls = type(game_of(get_variant(game)))
    old = cls.evidence_beta
    cls.evidence_beta = beta  # the setting tried (restored below)
    uniform = weighted = 0.0
    try:
        for observation, truth in found:
            rng = random.Random(5)
            drawn = [observation.determinize(rng) for _ in range(samples)]
            thrown = _throws(observation)
            weights = [_evidence(observation, [p.hand for p in s.players], thrown) for s in drawn]
            mean = sum(weights) / len(weights)
            for card in observation.unseen():
                held = [card in s.players[1].hand for s in drawn]
                p_uniform = (sum(held) + 0.5) / (len(held) + 1)
                p_weighted = (sum(w for w, h in zip(weights, held) if h) + 0.5 * mean) / (sum(weights) + mean)
                y = card in truth
                uniform -= math.log(p_uniform if y else 1 - p_uniform)
                weighted -= math.log(p_weighted if y else 1 - p_weighted)
    finally:
        cls.evidence_beta = old
    return uniform, weighted


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="basic", choices=sorted(GAMES))
    parser.add_argument("--seed", type=int, default=99)
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--betas", default="0.25,0.5,0.75,1,1.5")
    args = parser.parse_args()
    found = positions(args.game, args.positions, args.seed)
    for beta in (float(b) for b in args.betas.split(",")):
        uniform, weighted = log_losses(found, args.game, beta)
        print(f"{args.game} seed {args.seed}, {len(found)} positions, beta {beta}: log loss uniform {uniform:.1f}, "
              f"weighted {weighted:.1f}", flush=True)


if __name__ == "__main__":
    main()
