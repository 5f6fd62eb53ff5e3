"""The other players' choices as evidence about their hands: a weight for each sample.

``determinize`` deals the unseen cards uniformly.  But a player who threw the 7h is less
likely to hold 7c 7d or 6h 8h than a uniform deal says, and the same goes for an upcard he
declined.  ``sample_weight(observation, sample)`` is the likelihood of the others' seen
throws and passes given their hands in ``sample``, under this model of a discard:

* a card's **partners** in a hand are the other cards of its rank and the cards of its suit
  at most two ranks away (the cards it could make a meld with); wild cards are nobody's
  partners and are never counted;
* a player throws (or declines) card ``d`` from the cards ``S`` he could have thrown with
  chance ``exp(-beta * partners(d, S - d)) / sum over c in S of exp(-beta * partners(c, S - c))``,

and the factors of each other player's ``RECENT`` latest throws and passes are
multiplied.  ``S`` is taken to be his hand in the sample plus ``d``: the cards he drew
after the throw are not told apart from the ones he held then, which is why only the
latest throws count (his hand has changed least since).

How gin's ``beta`` (``Game.evidence_beta``, 0.5) was chosen (``bench/fit_discard_model.py``):
fitted to the shipped gin bots' own discards, with the hands they truly held, the maximum-likelihood ``beta`` is 1.25 (a
mean log-likelihood of -1.83 a discard against -2.40 for a uniform choice, on 2,218
held-out discards).  Used for weighting, with the approximate hand above, that is too
sharp: the weights collapse onto a few samples.  On positions from seeded hands (seed
99, 40 positions, 150 samples each, the gin bots as they were before their first-upcard
fix), the log loss of the chance that the opponent holds
each unseen card was 780.4 for uniform samples and lowest, 747.0, at ``beta`` 0.5 with
the latest 4 throws (0.75 with 3: 750.8; 1.25 with all of them: worse than uniform once
the samples are too few); ``tests/test_evidence.py`` checks the chosen setting on other
seeds.  Basic (fitted ``beta`` 1.5 for its bots' discards) is not weighted yet: the
setting was not validated there.  A game whose ``evidence_beta`` is None gets weight 1,
uniform samples as before.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from rummycheck.cards import Card
from rummycheck.table.observation import Observation
from rummycheck.table.state import GameState
from rummycheck.variants import Variant

__all__ = ["RECENT", "discard_log_likelihood", "partners", "sample_weight"]

#: the latest throws and passes of each other player that count
RECENT = 4


def partners(card: Card, others: Sequence[Card], variant: Variant) -> int:
    """The cards of ``others`` that ``card`` could meld with: its rank, or its suit within two ranks."""
    if variant.is_wild(card):
        return 0
    number, suit = card.number, card.suit
    found = 0
    for other in others:
        if variant.is_wild(other):
            continue
        if other.number == number:
            found += other != card or variant.decks > 1  # a second deck's copy is a partner too
        elif other.suit == suit and abs(other.number - number) <= 2:
            found += 1
    return found


def discard_log_likelihood(card: Card, hand: Sequence[Card], variant: Variant, beta: float) -> float:
    """The log of the model's chance that a player holding ``hand`` (which includes ``card``)
    throws ``card``."""
    cards = list(hand)
    counts = [0] * len(cards)  # partners of each card among the others, counted pairwise once
    wild = [variant.is_wild(c) for c in cards]
    for i, a in enumerate(cards):
        if wild[i]:
            continue
        for j in range(i + 1, len(cards)):
            b = cards[j]
            if wild[j]:
                continue
            if a.number == b.number:
                pair = a != b or variant.decks > 1
            else:
                pair = a.suit == b.suit and abs(a.number - b.number) <= 2
            if pair:
                counts[i] += 1
                counts[j] += 1
    scores = [-beta * n for n in counts]
    top = max(scores)
    mine = scores[cards.index(card)]
    return mine - (top + math.log(math.fsum(math.exp(s - top) for s in scores)))


def sample_weight(observation: Observation, sample: GameState) -> float:
    """The likelihood of the other players' seen throws and passes given their hands in ``sample``
    (1 for a game without a fitted beta)."""
    variant = observation.variant
    beta = sample.game.evidence_beta  # the game's own setting (games/), None for uniform samples
    if beta is None:
        return 1.0
    seat_of = {p.name: seat for seat, p in enumerate(sample.players)}
    latest: dict[int, list[Card]] = {}
    for seen in observation.seen:
        seat = seat_of.get(seen.player)
        if seat is not None and seat != observation.seat and seen.how != "taken":
            latest.setdefault(seat, []).append(seen.card)
    total = 0.0
    for seat, cards in latest.items():
        hand = sample.players[seat].hand
        for card in cards[-RECENT:]:
            total += discard_log_likelihood(card, [*hand, card], variant, beta)
    return math.exp(total)
