"""Helpers of the speed work (issue #18): the judge's remembered verdicts (``melds.meld_problems``,
``Game.meld_reasons``) against the same verdicts worked out afresh, on random melds of several variants;
the deal's shuffle against ``random.Random.shuffle``."""

from __future__ import annotations

import random

import pytest

from rummycheck.cards import Card
from rummycheck.games import game_of
from rummycheck.melds import Meld, MeldKind, _meld_problems, meld_problems
from rummycheck.variants import get_variant


def _random_meld(rng: random.Random) -> Meld:
    size = rng.randint(1, 6)
    cards = tuple(Card.from_index(rng.randrange(52)) for _ in range(size))
    stands = tuple(c if rng.random() < 0.8 else Card.from_index(rng.randrange(52)) for c in cards)
    return Meld(rng.choice([MeldKind.SET, MeldKind.RUN]), cards, stands)


@pytest.mark.parametrize("name", ["gin", "basic", "bing"])
def test_meld_problems_remembered(name: str) -> None:
    variant = get_variant(name)
    game = game_of(variant)
    rng = random.Random(f"memo:{name}")
    melds = [_random_meld(rng) for _ in range(400)]
    for _ in range(2):  # the second time from what was kept
        for meld in melds:
            again = Meld(meld.kind, tuple(Card.from_index(c.index) for c in meld.cards), meld.stands_for)
            found = meld_problems(again, variant)
            assert found == _meld_problems(meld, variant)
            found.append("changed by the caller")  # a new list each time: the kept verdict is untouched
            assert meld_problems(meld, variant) == _meld_problems(meld, variant)
            if not _meld_problems(meld, variant):
                cited = game.meld_reasons("new meld 1", meld)
                assert cited == game._cite_meld("new meld 1", meld)
                cited.clear()
                assert game.meld_reasons("new meld 1", again) == game._cite_meld("new meld 1", meld)


def test_meld_problems_unhashable() -> None:
    variant = get_variant("gin")
    cards = [Card.parse(t) for t in "4h 5h 6h".split()]
    meld = Meld(MeldKind.RUN, cards, cards)  # type: ignore[arg-type]  # a list where a tuple belongs
    assert meld_problems(meld, variant) == []
    assert game_of(variant).meld_reasons("new meld 1", meld) == game_of(variant)._cite_meld("new meld 1", meld)


def test_shuffle_as_random() -> None:
    """``dealing.shuffle`` gives ``random.Random.shuffle``'s permutation and leaves the generator where
    it leaves it; another generator class shuffles itself."""
    from rummycheck.dealing import shuffle

    for seed in range(200):
        for size in (0, 1, 2, 7, 31, 52, 104):
            cards = [Card.from_index(i % 52) for i in range(size)]
            mine, theirs = list(cards), list(cards)
            first, second = random.Random(f"deal:{seed}"), random.Random(f"deal:{seed}")
            shuffle(first, mine)
            second.shuffle(theirs)
            assert mine == theirs
            assert first.getstate() == second.getstate()

    class Reversing(random.Random):
        def shuffle(self, x: list[Card]) -> None:  # type: ignore[override]
            x.reverse()

    cards = [Card.from_index(i) for i in range(5)]
    shuffle(Reversing(1), cards)
    assert [c.index for c in cards] == [4, 3, 2, 1, 0]
