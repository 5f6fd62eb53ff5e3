"""Fit the pile model of ``rummycheck.analysis.evidence``: what a take or a draw over the top
discard says about a hand (``Game.pile_model``).

Plays seeded one-hand games of shipped bots (gin: ``knock`` against ``gin`` and ``expert-race``
against ``gin``; basic: ``eager`` against ``patient``) and keeps every choice between the top
discard and the stock with the hand the player held when he made it (the bots' own view).
A wild card on top is left out (the model gives it no weight: anybody takes a deuce).
The model is a logistic in two features of the top card against that hand: whether it
completes a meld of three (``evidence.makes_meld``) and its partners there (at most 3).  The
script prints the share taken in each cell, then the maximum-likelihood setting on a grid
(seed 777) and its mean log-likelihood on games it never saw (seed 778) against a constant
chance.  Whether the setting also places the opponent's cards better is a separate check
(``tests/test_evidence.py``, on other seeds).

    python bench/fit_pile_model.py [--hands 300] [--game gin]
"""

from __future__ import annotations

import argparse
import math
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rummycheck.analysis.evidence import makes_meld, partners, pile_log_chance, pile_log_likelihood  # noqa: E402
from rummycheck.cards import Card  # noqa: E402
from rummycheck.sim.bots import View, ViewPhase, bot_class  # noqa: E402
from rummycheck.sim.engine import play_game  # noqa: E402
from rummycheck.table.actions import ActionKind  # noqa: E402
from rummycheck.variants import Variant, get_variant  # noqa: E402

PAIRS = {"gin": (("knock", "gin"), ("expert-race", "gin")), "basic": (("eager", "patient"),),
         "bing": (("early", "common", "sandbag", "common"),)}
RULES: dict[str, dict[str, str]] = {"gin": {"game_target": "1"}, "basic": {"target_2": "1"}, "bing": {}}
CONSTANTS = tuple(x / 4 for x in range(-24, 1))
MELDS = tuple(x / 4 for x in range(0, 25))
PER_PARTNER = tuple(x / 4 for x in range(-4, 9))

Choice = tuple[Card, tuple[Card, ...], bool]


def choices(variant: Variant, bots: tuple[str, ...], hands: int, seed: int) -> list[Choice]:
    seen: list[Choice] = []

    def spying(name: str) -> object:
        base = bot_class(name)

        class Spy(base):  # type: ignore[misc, valid-type]
            def start(self, view: View) -> ActionKind:
                answer: ActionKind = super().start(view)
                options = view.options
                if (view.phase is ViewPhase.PLAY and view.top is not None and not variant.is_wild(view.top)
                        and ActionKind.TAKE in options and ActionKind.DRAW in options):
                    seen.append((view.top, view.hand, answer is ActionKind.TAKE))
                return answer

        return Spy()

    for deal in range(hands):
        play_game(variant, [spying(b) for b in bots], seed=seed, deal=deal, max_hands=1)  # type: ignore[misc]
    return seen


def cells(data: list[Choice], variant: Variant) -> Counter[tuple[bool, int, bool]]:
    """The choices counted by (makes a meld, partners up to 3, taken): all the model reads."""
    return Counter((makes_meld(card, hand, variant), min(3, partners(card, hand, variant)), took)
                   for card, hand, took in data)


def mean_log_likelihood(counts: Counter[tuple[bool, int, bool]], model: tuple[float, float, float]) -> float:
    """The mean over the counted choices of the log of the model's chance of each (the same sum as
    ``evidence.pile_log_likelihood`` over the choices, cell by cell)."""
    total = sum(n * pile_log_chance(melds, near, took, model) for (melds, near, took), n in counts.items())
    return total / sum(counts.values())


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--game", choices=sorted(PAIRS), default=None, help="one game (default: both)")
    args = parser.parse_args()
    for game in [args.game] if args.game else sorted(PAIRS):
        variant = get_variant(game, **RULES[game])
        fit = [c for bots in PAIRS[game] for c in choices(variant, bots, args.hands, seed=777)]
        held = [c for bots in PAIRS[game] for c in choices(variant, bots, args.hands, seed=778)]
        print(f"{game}: {len(fit)} choices to fit, {len(held)} held out ({args.hands} hands a pair of bots)")
        fitted, kept = cells(fit, variant), cells(held, variant)
        for melds in (False, True):
            for near in range(4):
                took, left = fitted[(melds, near, True)], fitted[(melds, near, False)]
                if took + left:
                    print(f"  makes a meld {'yes' if melds else 'no '}, partners {near}: "
                          f"taken {took} of {took + left} ({took / (took + left):.3f})")
        best = max(((a, b, c) for a in CONSTANTS for b in MELDS for c in PER_PARTNER),
                   key=lambda model: mean_log_likelihood(fitted, model))
        card, hand, took = fit[0]  # the cell sum is pile_log_likelihood's sum
        assert math.isclose(mean_log_likelihood(cells([fit[0]], variant), best),
                            pile_log_likelihood(card, hand, took, variant, best))
        share = sum(took for _, _, took in fit) / len(fit)
        constant = (math.log(share / (1 - share)), 0.0, 0.0)
        print(f"  best (constant, meld, per partner) = {best}: {mean_log_likelihood(fitted, best):+.4f} a choice, "
              f"held out {mean_log_likelihood(kept, best):+.4f} "
              f"(a constant chance {share:.3f}: held out {mean_log_likelihood(kept, constant):+.4f})")


if __name__ == "__main__":
    main()
