"""Property tests on random table situations (seeded ``random.Random`` from hypothesis).

* Every play that ``check`` calls legal leaves a state that passes whole-state validation.
* The lay-off solver's best play, written in play syntax, is judged legal by ``check``.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from rummycheck.cards import Card, full_deck
from rummycheck.files.scenario import parse_scenario
from rummycheck.games.solve import solve_scenario
from rummycheck.results import Solution
from rummycheck.table.disputes import check_play
from rummycheck.table.plays import PlaySyntaxError


def _table_melds(deck: list[Card], rng: random.Random, count: int) -> list[list[Card]]:
    """Pull ``count`` natural 3-card runs or sets out of ``deck`` (one deck is enough for both)."""
    melds: list[list[Card]] = []
    for _ in range(count * 20):
        if len(melds) == count:
            break
        if rng.random() < 0.5:
            suit, start = rng.randrange(4), rng.randrange(2, 11)  # 3..11 (no deuces: they are wild in bing)
            cards = [Card.from_index(suit * 13 + start + i) for i in range(3)]
        else:
            rank = rng.randrange(2, 13)
            cards = [Card.from_index(s * 13 + rank) for s in rng.sample(range(4), 3)]
        if all(c in deck for c in cards):
            for c in cards:
                deck.remove(c)
            melds.append(cards)
    return melds


def _situation(seed: int, variant: str) -> str:
    rng = random.Random(seed)
    deck = list(full_deck())
    rng.shuffle(deck)
    table = _table_melds(deck, rng, rng.randrange(1, 4))
    size = 14 if variant == "bing" else 11  # bing: a meld turn; basic: 10 dealt + the card drawn
    hand = [deck.pop() for _ in range(size)]
    top = deck.pop()
    drew = "none" if variant == "bing" else "stock"
    other = 5 if variant == "bing" else 7
    melds = "".join(f'[[table]]\nowner = "B"\ncards = "{" ".join(map(str, m))}"\n' for m in table)
    return (f'variant = "{variant}"\n[[players]]\nname = "A"\nhand = "{" ".join(map(str, hand))}"\n'
            f'[[players]]\nname = "B"\nopened = true\nhand_size = {other}\n{melds}'
            f'[turn]\nplayer = "A"\ndrew = "{drew}"\n[pile]\ndiscard = "{top}"\nstock = 20\n')


def _as_play(solution: Solution) -> str:
    parts = []
    if solution.melds:
        parts.append("meld " + " / ".join(str(m) for m in solution.melds))
    parts += [f"layoff {lo.card}{'' if lo.card == lo.stands_for else '=' + str(lo.stands_for)} on {lo.target}"
              for lo in solution.layoffs]
    if solution.discard is not None:
        parts.append(f"discard {solution.discard}")
    return "; ".join(parts)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), variant=st.sampled_from(["bing", "basic"]))
def test_legal_plays_leave_valid_states_and_best_play_is_legal(seed: int, variant: str) -> None:
    scenario = parse_scenario(_situation(seed, variant), source="random.toml")
    hand = scenario.players[0].hand
    assert hand is not None
    plays = [f"discard {c}" for c in sorted(set(hand))]
    plays += [f"draw; discard {c}" for c in sorted(set(hand))[:3]]
    plays += [f"layoff {c} on {t.number}" + ("" if variant == "bing" else f"; discard {hand[0]}")
              for c in sorted(set(hand)) for t in scenario.table]
    for play in plays:
        try:
            verdict = check_play(scenario, play, disputes=False)
        except PlaySyntaxError:
            continue  # a wild laid off on a run without saying which end: bad input, not a verdict
        if verdict.legal:
            assert verdict.problems == (), (play, verdict.problems)
    solution = solve_scenario(scenario)
    if solution.legal and (solution.melds or solution.layoffs or solution.discard):
        verdict = check_play(scenario, _as_play(solution), disputes=False)
        assert verdict.legal, (_as_play(solution), verdict.line())
        assert verdict.problems == ()
