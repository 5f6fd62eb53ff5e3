"""A player left holding one or two cards he could have laid off would have gone out: the samples
never deal him such cards (``analysis.evidence.kept_cards``), each case worked by hand."""

from __future__ import annotations

import random

from rummycheck.analysis.evidence import could_not_go_out, draw_sample, kept_cards
from rummycheck.cards import parse_cards
from rummycheck.files.record import load_record
from rummycheck.table.observation import observe
from rummycheck.table.replay import state_at

KEPT = "tests/data/evidence/bing-one-card-kept.toml"


def _before(action: int):  # type: ignore[no-untyped-def]
    state = state_at(load_record(KEPT), 1, action)
    return state, observe(state, state.current)


def test_the_tables_each_player_kept_his_cards_against() -> None:
    # before A's take (action 5): C's table is his own four melds, B's adds his four
    state, seen = _before(5)
    names = [p.name for p in state.players]
    kept = dict(kept_cards(seen))
    assert sorted(names[s] for s in kept) == ["B", "C"]
    as_text = {names[s]: sorted(" ".join(sorted(str(c) for c in m.cards)) for m in melds) for s, melds in kept.items()}
    assert as_text["C"] == sorted(["4c 5c 6c", "9c 9d 9s", "Jd Qd Td", "8d 8h 8s"])
    assert len(kept[names.index("B")]) == 8  # C's four and B's Kc Kh Kd, 3h-6h, 5d-7d, Js Jh Jc


def test_a_dealt_hand_that_would_have_gone_out_is_ruled_out() -> None:
    state, seen = _before(5)
    seat = {p.name: s for s, p in enumerate(state.players)}
    kept = kept_cards(seen)
    variant = state.variant

    def hands(b: str, c: str) -> list[tuple[object, ...]]:
        found: list[tuple[object, ...]] = [()] * 3
        found[seat["A"]] = state.players[seat["A"]].hand
        found[seat["B"]] = tuple(parse_cards(b))
        found[seat["C"]] = tuple(parse_cards(c))
        return found

    # B's As goes on no meld (no spade run, no aces); C's 3s and 4h fit none of C's four
    assert could_not_go_out(kept, hands("As", "3s 4h"), variant)  # type: ignore[arg-type]
    for b in ("7c", "3c", "Ks", "9h", "Jd", "2c"):  # 4c-6c at either end, the kings, the nines, a jack, a deuce
        assert not could_not_go_out(kept, hands(b, "3s 4h"), variant), b  # type: ignore[arg-type]
    # two cards: both must go on C's table, one after the other: 3c and 7c at either end of 4c-6c
    assert not could_not_go_out(kept, hands("As", "3c 7c"), variant)  # type: ignore[arg-type]
    assert not could_not_go_out(kept, hands("As", "7c 8c"), variant)  # type: ignore[arg-type]  # 7c, then 8c
    assert could_not_go_out(kept, hands("As", "7c 4h"), variant)  # type: ignore[arg-type]  # the 4h fits nothing
    # B's kings and runs are not C's table: a Ks kept by C would not have gone out then
    assert could_not_go_out(kept, hands("As", "Ks 3h"), variant)  # type: ignore[arg-type]


def test_the_samples_never_deal_a_kept_hand_that_would_have_gone_out() -> None:
    state, seen = _before(5)
    kept = kept_cards(seen)
    b = next(s for s, p in enumerate(state.players) if p.name == "B")
    rng = random.Random(5)
    cards = set()
    for _ in range(200):
        sample, _ = draw_sample(seen, rng)
        hands = [p.hand for p in sample.players]
        assert could_not_go_out(kept, hands, state.variant)
        cards.add(str(hands[b][0]))
    # by hand, of B's table only aces, a few queens and the like stay open: never a king, a nine, a deuce
    assert not any(c[0] in "K92" for c in cards)
    assert len(cards) > 5


def test_a_player_whose_last_turn_was_a_draw_is_not_read_so() -> None:
    # before A's meld turn (action 11): B last took the Ks and threw the As (no lay-off in a drawing
    # turn, BING-MELD-TURN), and his card is known anyway; C last drew and threw
    _, seen = _before(11)
    assert kept_cards(seen) == ()
