"""Fit the discard model of ``rummycheck.analysis.evidence``: its ``beta`` per game.

Plays seeded one-hand games of shipped bots (gin: ``knock`` against ``gin``; basic: ``eager``
against ``patient``), keeps every discard with the hand the player held when he threw it
(the bots' own view), and prints, for a grid of ``beta``, the mean log-likelihood of those
discards under the model (``beta = 0`` is a uniform choice among the cards held).  The best
``beta`` is the one shipped in ``BETA``.  A second seed, kept apart, gives the held-out
figure.

    python bench/fit_discard_model.py [--hands 300]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rummycheck.analysis.evidence import discard_log_likelihood  # noqa: E402
from rummycheck.cards import Card  # noqa: E402
from rummycheck.sim.bots import View, bot_class  # noqa: E402
from rummycheck.sim.engine import play_game  # noqa: E402
from rummycheck.variants import Variant, get_variant  # noqa: E402

PAIRS = {"gin": ("knock", "gin"), "basic": ("eager", "patient")}
RULES = {"gin": {"game_target": "1"}, "basic": {"target_2": "1"}}
GRID = (0.0, 0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 2.0, 2.5, 3.0)


def discards(variant: Variant, bots: tuple[str, ...], hands: int, seed: int) -> list[tuple[Card, tuple[Card, ...]]]:
    seen: list[tuple[Card, tuple[Card, ...]]] = []

    def spying(name: str) -> object:
        base = bot_class(name)

        class Spy(base):  # type: ignore[misc, valid-type]
            def discard(self, view: View) -> Card:
                card: Card = super().discard(view)
                seen.append((card, view.hand))
                return card

        return Spy()

    for deal in range(hands):
        play_game(variant, [spying(b) for b in bots], seed=seed, deal=deal, max_hands=1)  # type: ignore[misc]
    return seen


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=300)
    args = parser.parse_args()
    for game, bots in PAIRS.items():
        variant = get_variant(game, **RULES[game])
        fit = discards(variant, bots, args.hands, seed=777)
        held = discards(variant, bots, args.hands, seed=778)
        print(f"{game}: {len(fit)} discards to fit, {len(held)} held out ({args.hands} hands each, {', '.join(bots)})")
        best = None
        for beta in GRID:
            mean = sum(discard_log_likelihood(c, h, variant, beta) for c, h in fit) / len(fit)
            out = sum(discard_log_likelihood(c, h, variant, beta) for c, h in held) / len(held)
            print(f"  beta {beta:4.2f}: mean log-likelihood {mean:+.3f} (held out {out:+.3f})")
            if best is None or mean > best[1]:
                best = (beta, mean, out)
        assert best is not None
        print(f"  best beta {best[0]}: {best[1]:+.3f} a discard, held out {best[2]:+.3f} "
              f"(uniform: {sum(discard_log_likelihood(c, h, variant, 0.0) for c, h in held) / len(held):+.3f})")


if __name__ == "__main__":
    main()
