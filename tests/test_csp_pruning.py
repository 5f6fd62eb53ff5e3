"""The constraint model's pruning (wild cards a group still needs, meld count still reachable)
must not lose arrangements.  Every expected value is worked out by hand in the comments."""

from __future__ import annotations

from rummycheck.cards import parse_cards
from rummycheck.solvers.csp import all_optimal, search
from rummycheck.variants import get_variant


def _groups(arrangement: object) -> set[tuple[str, ...]]:
    return {tuple(sorted(str(c) for c in meld.cards)) for meld in arrangement.melds}  # type: ignore[attr-defined]


def test_csp_run_gap_filled_by_a_natural_decided_later() -> None:
    # Ah is decided first (hearts sort ace low) and then Qh: the gap at the king is
    # filled by Kh, decided after both, so no wild card is needed for Q-K-A (BING-RUN)
    found = all_optimal(parse_cards("Ah Qh Kh"), variant=get_variant("bing"))
    assert len(found) == 1 and found[0].points == 0
    assert _groups(found[0]) == {("Ah", "Kh", "Qh")}


def test_csp_run_gap_filled_by_a_wild_with_ace_high() -> None:
    # J, K, A of hearts and a deuce: the deuce is the queen of J-Q-K-A, nothing left;
    # no set is possible, and any three-card run would leave a card in hand
    found = all_optimal(parse_cards("Ah Jh Kh 2c"), variant=get_variant("bing"))
    assert len(found) == 1 and found[0].points == 0 and found[0].wilds_used == 1


def test_csp_wrap_run_fills_the_gap_across_the_king() -> None:
    # ace=wrap: K-A-2-3 of spades with 2h standing for 2s, nothing left; two groups
    # would need six cards, so this is the only way to lay down all four
    cards = parse_cards("Ks As 2h 3s")
    found = all_optimal(cards, variant=get_variant("bing", ace="wrap"))
    assert len(found) == 1 and found[0].points == 0
    assert _groups(found[0]) == {("2h", "3s", "As", "Ks")}
    # without wrap no run holds all four: A-2-3 (deuce as the 2s) leaves the king (10),
    # Q-K-A (deuce as the queen) leaves the 3s (3 points), which is the best
    best = search(cards, variant=get_variant("bing"))
    assert best is not None and best.points == 3 and [str(c) for c in best.deadwood] == ["3s"]


def test_csp_max_wilds_blocks_a_run_needing_two_wilds() -> None:
    # 5h .. 8h needs both deuces (6h, 7h): allowed without a limit, not with max_wilds=1
    cards = parse_cards("5h 8h 2c 2d")
    unlimited = search(cards, variant=get_variant("bing"))
    assert unlimited is not None and unlimited.points == 0 and unlimited.wilds_used == 2
    limited = all_optimal(cards, variant=get_variant("bing", max_wilds=1))
    # nothing can be melded: 5 + 8 and the two deuces' points stay in hand
    assert len(limited) == 1 and limited[0].melds == ()
    assert sorted(str(c) for c in limited[0].deadwood) == ["2c", "2d", "5h", "8h"]


def test_csp_opening_count_out_of_reach_gives_none() -> None:
    # a run and a set and a spare king: two melds at most, so three cannot be asked for
    cards = parse_cards("3h 4h 5h 9s 9d 9c Kd")
    bing = get_variant("bing")
    assert search(cards, variant=bing, min_melds=3) is None
    two = search(cards, variant=bing, min_melds=2)
    assert two is not None and two.points == 10 and [str(c) for c in two.deadwood] == ["Kd"]
