"""Analysis of a player's decisions: what each move is worth and the exact facts beside it.

``evaluate`` values every legal move by determinized rollouts (``advisor.advise`` for
``rummycheck advise``, ``decisions.review_decisions`` for ``rummycheck review``, ``mc`` for
the ``mc`` bots); ``facts`` gives each discard's exact facts (``discard_facts``) and those of
a hand kept as it is before a draw (``kept_facts``).  See docs/advise.md and docs/review.md.
"""

from rummycheck.analysis.facts import DiscardFacts, HandFacts, discard_facts, kept_facts

__all__ = ["DiscardFacts", "HandFacts", "discard_facts", "kept_facts"]
