"""The z3 solver: a declarative model of the meld rules, solved by z3's optimiser.

This is a second, independent reading of the rules: it shares no search code with
``exact.py`` and never sees the exact solver's candidate melds.  The model (see
docs/solvers.md for the long form):

* ``n`` cards, ``G = n // 3`` groups (at most ``max_melds``).  Boolean ``x[i][g]``: card
  ``i`` sits in group ``g``; a card in no group stays in hand (or, with ``discard=True``,
  exactly one card is set aside as the discard).
* A group is empty or a legal meld of at least 3 cards: a *set* (every card stands for
  the group's rank; at most ``set_max`` cards; no card represented twice unless
  ``set_duplicates``) or a *run* (one suit; every card sits at a distinct position of a
  window ``start .. start + size - 1`` of at most 13 positions; the ace rule decides which
  positions a rank may take: low 1, high 14, low_or_high either, wrap rank or rank + 13).
* A wild card has its own rank and suit variables: it stands for whatever its group
  needs.  Wilds used by a group are its wild cards, or 0 when the group holds nothing
  else (a set of deuces); ``max_wilds`` and ``min_naturals`` bound them.
* Symmetry breaking (sound: every arrangement has one representative): groups are
  numbered in the order of their first card; of two identical cards (or two wild cards)
  the earlier never sits in a later group.
* Cost: (points left, cards left, wilds used), compared in that order, as in exact.py;
  z3 minimises one weighted sum that orders the same way.

``z3`` is imported inside the functions only: ``rummycheck solve`` with the exact solver
never loads it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rummycheck.cards import Card, Rank, Suit
from rummycheck.exact import Arrangement
from rummycheck.melds import Meld, MeldKind
from rummycheck.variants import Variant

__all__ = ["Model", "build_model", "search"]

_SUITS = tuple(Suit)


@dataclass(frozen=True, slots=True)
class Model:
    """A built z3 model: the variables needed to read an arrangement back."""

    cards: tuple[Card, ...]
    groups: int
    constraints: tuple[Any, ...]
    x: tuple[tuple[Any, ...], ...]  # x[i][g]
    discarded: tuple[Any, ...]  # per card (empty tuple when there is no discard)
    is_run: tuple[Any, ...]
    set_rank: tuple[Any, ...]
    run_suit: tuple[Any, ...]
    position: tuple[Any, ...]  # per card
    wild_rank: tuple[Any, ...]  # per card (None for naturals)
    wild_suit: tuple[Any, ...]
    points_left: Any
    cards_left: Any
    wilds_used: Any
    weight: int  # objective = points * weight**2 + cards * weight + wilds


def build_model(cards: Sequence[Card], *, variant: Variant, min_melds: int = 0,
                max_melds: int | None = None, discard: bool = False) -> Model:
    """The constraints whose solutions are exactly the legal arrangements of ``cards``."""
    import z3

    cards = tuple(cards)
    n = len(cards)
    usable = n - 1 if discard else n
    groups = usable // 3 if max_melds is None else min(usable // 3, max_melds)
    wild = [variant.is_wild(c) for c in cards]
    ace = variant.ace
    cons: list[Any] = []

    x = tuple(tuple(z3.Bool(f"x_{i}_{g}") for g in range(groups)) for i in range(n))
    discarded = tuple(z3.Bool(f"d_{i}") for i in range(n)) if discard else ()
    is_run = tuple(z3.Bool(f"run_{g}") for g in range(groups))
    set_rank = tuple(z3.Int(f"srank_{g}") for g in range(groups))
    run_suit = tuple(z3.Int(f"rsuit_{g}") for g in range(groups))
    start = tuple(z3.Int(f"start_{g}") for g in range(groups))
    position = tuple(z3.Int(f"pos_{i}") for i in range(n))
    wild_rank = tuple(z3.Int(f"wrank_{i}") if wild[i] else None for i in range(n))
    wild_suit = tuple(z3.Int(f"wsuit_{i}") if wild[i] else None for i in range(n))

    def one(b: Any) -> Any:
        return z3.If(b, 1, 0)

    rank_of: list[Any] = []
    suit_of: list[Any] = []
    for i, card in enumerate(cards):
        if wild[i]:
            wr: Any = wild_rank[i]
            ws: Any = wild_suit[i]
            cons += [wr >= 1, wr <= 13, ws >= 0, ws <= 3]
            rank_of.append(wr)
            suit_of.append(ws)
        else:
            rank_of.append(card.number)
            suit_of.append(card.suit.index)
        pos, rank = position[i], rank_of[i]
        if ace == "low":
            cons.append(pos == rank)
        elif ace == "high":
            cons.append(pos == z3.If(rank == 1, 14, rank) if wild[i] else pos == (14 if rank == 1 else rank))
        elif ace == "low_or_high":
            cons.append(z3.Or(pos == rank, z3.And(rank == 1, pos == 14)) if wild[i] or rank == 1
                        else pos == rank)
        else:
            cons.append(z3.Or(pos == rank, pos == rank + 13))

    # each card: at most one group (and, with a discard, exactly one card set aside)
    for i in range(n):
        members = list(x[i]) + ([discarded[i]] if discard else [])
        if len(members) > 1:
            cons.append(z3.AtMost(*members, 1))
    if discard:
        cons.append(z3.PbEq([(d, 1) for d in discarded], 1))

    sizes = []
    group_wilds = []
    set_max = variant.set_max
    for g in range(groups):
        size = z3.Sum([one(x[i][g]) for i in range(n)])
        wilds_in = z3.Sum([one(x[i][g]) for i in range(n) if wild[i]]) if any(wild) else z3.IntVal(0)
        used = z3.Or([x[i][g] for i in range(n)])
        counted = z3.If(wilds_in == size, 0, wilds_in)  # an all-wild meld uses no wilds
        sizes.append(size)
        group_wilds.append(counted)
        cons += [z3.Or(z3.Not(used), size >= 3), set_rank[g] >= 1, set_rank[g] <= 13,
                 run_suit[g] >= 0, run_suit[g] <= 3]
        cons.append(z3.Implies(is_run[g], size <= variant.max_run_length))
        if ace == "wrap":
            cons += [start[g] >= 1, start[g] <= 13]
        else:
            cons += [start[g] >= 1, start[g] + size - 1 <= 14]
        if set_max is not None:
            cons.append(z3.Implies(z3.Not(is_run[g]), size <= set_max))
        if variant.max_wilds is not None:
            cons.append(counted <= variant.max_wilds)
        if variant.min_naturals:
            cons.append(z3.Implies(used, size - counted >= variant.min_naturals))
        for i in range(n):
            in_set = z3.And(x[i][g], z3.Not(is_run[g]))
            in_run = z3.And(x[i][g], is_run[g])
            cons.append(z3.Implies(in_set, rank_of[i] == set_rank[g]))
            cons.append(z3.Implies(in_run, z3.And(suit_of[i] == run_suit[g], position[i] >= start[g],
                                                  position[i] <= start[g] + size - 1)))
        for i in range(n):
            for j in range(i + 1, n):
                both = z3.And(x[i][g], x[j][g])
                if not wild[i] and not wild[j]:
                    a, b = cards[i], cards[j]
                    if a.suit == b.suit and a.number != b.number:
                        # a run holds them at distinct positions; a set cannot hold both
                        cons.append(z3.Implies(both, z3.And(is_run[g], position[i] != position[j])))
                    elif a.number == b.number and (a != b or variant.set_duplicates):
                        cons.append(z3.Implies(both, z3.Not(is_run[g])))
                    else:
                        cons.append(z3.Not(both))
                    continue
                cons.append(z3.Implies(z3.And(both, is_run[g]), position[i] != position[j]))
                if not variant.set_duplicates:
                    cons.append(z3.Implies(z3.And(both, z3.Not(is_run[g])), suit_of[i] != suit_of[j]))

    # symmetry breaking: groups numbered by first card; identical cards in group order
    for g in range(1, groups):
        for i in range(n):
            earlier = [x[j][g - 1] for j in range(i)]
            cons.append(z3.Implies(x[i][g], z3.Or(earlier) if earlier else z3.BoolVal(False)))
    label = [z3.Sum([z3.If(x[i][g], g + 1, 0) for g in range(groups)]) if groups else z3.IntVal(0)
             for i in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            if (wild[i] and wild[j]) or cards[i] == cards[j]:
                cons.append(label[i] <= label[j])

    melds_laid = z3.Sum([one(z3.Or([x[i][g] for i in range(n)])) for g in range(groups)]) \
        if groups else z3.IntVal(0)
    if min_melds:
        cons.append(melds_laid >= min_melds)
    in_hand = [z3.And(z3.Not(z3.Or(list(x[i]))) if groups else z3.BoolVal(True),
                      z3.Not(discarded[i]) if discard else z3.BoolVal(True)) for i in range(n)]
    points_left = z3.Sum([z3.If(in_hand[i], variant.card_points(c), 0) for i, c in enumerate(cards)])
    cards_left = z3.Sum([one(h) for h in in_hand])
    wilds_used = z3.Sum(group_wilds) if group_wilds else z3.IntVal(0)
    return Model(cards, groups, tuple(cons), x, discarded, is_run, set_rank, run_suit, position,
                 wild_rank, wild_suit, points_left, cards_left, wilds_used, weight=n + 1)


def objective(model: Model) -> Any:
    """One integer that orders arrangements like the cost tuple (points, cards, wilds)."""
    w = model.weight
    return model.points_left * (w * w) + model.cards_left * w + model.wilds_used


def read_arrangement(model: Model, solution: Any, variant: Variant) -> tuple[Arrangement, Card | None]:
    """Turn a z3 model (assignment) into melds with named stand-ins, and the discard."""
    import z3

    def true(b: Any) -> bool:
        return bool(z3.is_true(solution.eval(b, model_completion=True)))

    def number(v: Any) -> int:
        return int(solution.eval(v, model_completion=True).as_long())

    melds: list[Meld] = []
    placed: set[int] = set()
    for g in range(model.groups):
        members = [i for i in range(len(model.cards)) if true(model.x[i][g])]
        if not members:
            continue
        placed.update(members)
        run = true(model.is_run[g])
        entries: list[tuple[int, Card, Card]] = []  # (sort key, card, stands for)
        all_wild = all(model.wild_rank[i] is not None for i in members)
        for i in members:
            card = model.cards[i]
            if model.wild_rank[i] is None:
                stands = card
            elif run:
                pos = number(model.position[i])
                stands = Card(Rank.from_number((pos - 1) % 13 + 1), _SUITS[number(model.run_suit[g])])
            else:
                stands = Card(Rank.from_number(number(model.set_rank[g])), _SUITS[number(model.wild_suit[i])])
            key = number(model.position[i]) if run else stands.index
            entries.append((key, card, stands))
        if all_wild and not run:
            plain = tuple(sorted(model.cards[i] for i in members))
            if variant.set_duplicates or len(set(plain)) == len(plain):
                entries = [(c.index, c, c) for c in plain]  # deuces simply as a set of 2s
        entries.sort(key=lambda e: (e[0], e[1].index))
        kind = MeldKind.RUN if run else MeldKind.SET
        melds.append(Meld(kind, tuple(e[1] for e in entries), tuple(e[2] for e in entries)))
    discard: Card | None = None
    deadwood: list[Card] = []
    for i, card in enumerate(model.cards):
        if i in placed:
            continue
        if model.discarded and true(model.discarded[i]):
            discard = card
        else:
            deadwood.append(card)
    deadwood.sort()
    wilds = sum(m.wilds_used(variant) for m in melds)
    return Arrangement(tuple(melds), tuple(deadwood), variant.points(deadwood), wilds), discard


def optimise(model: Model, *, timeout_ms: int | None = None) -> Any:
    """The z3 model (assignment) of least cost, or None when the constraints have no solution."""
    import z3

    opt = z3.Optimize()
    if timeout_ms is not None:
        opt.set("timeout", timeout_ms)
    opt.add(*model.constraints)
    opt.minimize(objective(model))
    result = opt.check()
    if result == z3.unsat:
        return None
    if result != z3.sat:
        from rummycheck.errors import RummyError
        raise RummyError(f"z3 could not decide the hand: {opt.reason_unknown()!r}")
    return opt.model()


def search(cards: Sequence[Card], *, variant: Variant, rules: object = None, min_melds: int = 0,
           max_melds: int | None = None) -> Arrangement | None:
    """The best arrangement with between ``min_melds`` and ``max_melds`` melds, or None.

    Same signature as ``exact.search``; ``rules`` (the exact solver's flattened rules) is
    accepted and ignored.
    """
    model = build_model(cards, variant=variant, min_melds=min_melds, max_melds=max_melds)
    if model.groups < min_melds:
        return None
    found = optimise(model)
    if found is None:
        return None
    arrangement, _ = read_arrangement(model, found, variant)
    return arrangement
