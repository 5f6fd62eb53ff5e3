"""Analysis of a player's decisions: the exact facts of each discard (``facts``).

The advisor of issue 17 (``rummycheck advise``) will stand on this layer; it is not built
yet.  See docs/advise.md.
"""

from rummycheck.analysis.facts import DiscardFacts, HandFacts, discard_facts

__all__ = ["DiscardFacts", "HandFacts", "discard_facts"]
