"""The z3 solver: a declarative model of the meld rules, solved by z3 (least cost by descent).

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
  one weighted sum orders the same way, and ``optimise`` asks z3 for ever cheaper
  solutions until there is none.

``z3`` is imported inside the functions only: ``rummycheck solve`` with the exact solver
never loads it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rummycheck.cards import Card, Rank, Suit
from rummycheck.melds import Meld, MeldKind, run_positions
from rummycheck.results import LayOff
from rummycheck.solvers.base import Arrangement, PlayFound
from rummycheck.variants import Variant

if TYPE_CHECKING:
    from rummycheck.position import TableMeld

__all__ = ["Model", "build_model", "search", "search_table"]

# (cost, new melds, lay-offs, cards left); cost = (points, cards left, wilds used, cards laid off)

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
    wilds_used: Any  # wilds in new melds plus wild cards laid off as another card
    weight: int  # objective = ((points * weight + cards) * weight + wilds) * weight + laid off
    laid_off: Any = 0  # cards laid off on table melds
    # per table meld: (Boolean, card index, card it stands for) for every way a hand card can join it
    layoffs: tuple[tuple[tuple[Any, int, Card], ...], ...] = ()


def build_model(cards: Sequence[Card], *, variant: Variant, min_melds: int = 0,
                max_melds: int | None = None, discard: bool = False, table: Sequence[Meld] = ()) -> Model:
    """The constraints whose solutions are exactly the legal arrangements of ``cards``.

    ``table``: melds already on the table that cards may be laid off on (see ``_layoffs``);
    ``min_melds`` counts new melds only.
    """
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

    joins, laid_wilds = _layoffs(cards, table, variant, rank_of, suit_of, cons)
    placed_on_table: list[list[Any]] = [[] for _ in range(n)]
    for ways in joins:
        for b, i, _ in ways:
            placed_on_table[i].append(b)

    # each card: at most one group or table meld (and, with a discard, exactly one card set aside)
    for i in range(n):
        members = list(x[i]) + placed_on_table[i] + ([discarded[i]] if discard else [])
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
            # two wilds are interchangeable in new melds only: on a table meld a deuce may
            # stand for itself, which costs no wild
            if (wild[i] and wild[j] and not table) or cards[i] == cards[j]:
                cons.append(label[i] <= label[j])

    melds_laid = z3.Sum([one(z3.Or([x[i][g] for i in range(n)])) for g in range(groups)]) \
        if groups else z3.IntVal(0)
    if min_melds:
        cons.append(melds_laid >= min_melds)
    in_hand = [z3.Not(z3.Or(list(x[i]) + placed_on_table[i] + ([discarded[i]] if discard else [])))
               for i in range(n)]
    points_left = z3.Sum([z3.If(in_hand[i], variant.card_points(c), 0) for i, c in enumerate(cards)])
    cards_left = z3.Sum([one(h) for h in in_hand])
    wilds_used = z3.Sum(group_wilds + laid_wilds) if group_wilds or laid_wilds else z3.IntVal(0)
    laid = [b for i in range(n) for b in placed_on_table[i]]
    laid_off = z3.Sum([one(b) for b in laid]) if laid else z3.IntVal(0)
    return Model(cards, groups, tuple(cons), x, discarded, is_run, set_rank, run_suit, position,
                 wild_rank, wild_suit, points_left, cards_left, wilds_used, weight=n + 1,
                 laid_off=laid_off, layoffs=joins)


def _layoffs(cards: tuple[Card, ...], table: Sequence[Meld], variant: Variant, rank_of: list[Any],
             suit_of: list[Any], cons: list[Any]
             ) -> tuple[tuple[tuple[tuple[Any, int, Card], ...], ...], list[Any]]:
    """Lay-offs: the ways each card can join each table meld, and the constraints on them.

    A table meld's own cards are fixed.  A run grows by *spots* next to its ends: spot
    ``low - k`` / ``high + k`` (ace rule positions) stands for one card; a natural fills
    only its own spot, a wild any spot; the filled spots are contiguous from the ends and
    the whole run stays within ``max_run_length``.  A set takes naturals of its rank or
    wilds (with a suit variable), within ``set_max`` and, without ``set_duplicates``,
    never a card it already represents.  The extended meld's wilds obey ``max_wilds`` and
    ``min_naturals``.  Returns the (Boolean, card index, stands for) triples per meld and
    the cost terms for wilds laid off as another card.
    """
    import z3

    wild = [variant.is_wild(c) for c in cards]
    joins: list[tuple[tuple[Any, int, Card], ...]] = []
    costs: list[Any] = []
    for t, meld in enumerate(table):
        ways: list[tuple[Any, int, Card]] = []
        if meld.kind == MeldKind.RUN:
            positions = run_positions([c.number for c in meld.stands_for], variant.ace)
            suit = meld.stands_for[0].suit
            spare = variant.max_run_length - len(meld)
            spots: list[int] = []
            if positions is not None and spare > 0:
                low, high = positions[0], positions[-1]
                spots = [p for p in list(range(low - spare, low)) + list(range(high + 1, high + spare + 1))
                         if variant.ace == "wrap" or (1 if variant.ace in ("low", "low_or_high") else 2)
                         <= p <= (13 if variant.ace == "low" else 14)]
                filled: dict[int, list[Any]] = {}
                for p in spots:
                    target = Card(Rank.from_number((p - 1) % 13 + 1), suit)
                    for i, card in enumerate(cards):
                        if card == target or wild[i]:
                            b = z3.Bool(f"lay_{t}_{p}_{i}")
                            ways.append((b, i, target))
                            filled.setdefault(p, []).append(b)
                            if wild[i]:
                                cons.append(z3.Implies(b, z3.And(rank_of[i] == target.number,
                                                                 suit_of[i] == suit.index)))
                                if card != target:
                                    costs.append(z3.If(b, 1, 0))
                occupied = {p: z3.Or(bs) for p, bs in filled.items()}
                for p, bs in filled.items():
                    if len(bs) > 1:
                        cons.append(z3.AtMost(*bs, 1))
                    inner = p + 1 if p < low else p - 1  # the spot between it and the table run
                    if inner not in (low, high) and not low <= inner <= high:
                        cons.append(z3.Implies(occupied[p], occupied.get(inner, z3.BoolVal(False))))
                laid = z3.Sum([z3.If(b, 1, 0) for b, _, _ in ways]) if ways else z3.IntVal(0)
                cons.append(laid + len(meld) <= variant.max_run_length)
        else:
            rank = meld.stands_for[0].rank
            for i, card in enumerate(cards):
                if not wild[i] and card.rank != rank:
                    continue
                b = z3.Bool(f"lay_{t}_set_{i}")
                if wild[i]:
                    cons.append(z3.Implies(b, rank_of[i] == rank.number))
                    costs.append(z3.If(z3.And(b, suit_of[i] != card.suit.index), 1, 0)
                                 if card.rank == rank else z3.If(b, 1, 0))
                    stands = Card(rank, card.suit)  # read back from the suit variable
                else:
                    stands = card
                ways.append((b, i, stands))
            laid = z3.Sum([z3.If(b, 1, 0) for b, _, _ in ways]) if ways else z3.IntVal(0)
            if variant.set_max is not None:
                cons.append(laid + len(meld) <= variant.set_max)
            if not variant.set_duplicates:
                for s in range(4):
                    already = sum(1 for c in meld.stands_for if c.suit.index == s)
                    mine = [z3.If(z3.And(b, suit_of[i] == s), 1, 0) for b, i, _ in ways]
                    if mine:
                        cons.append(z3.Sum(mine) + already <= 1 if already <= 1 else z3.Sum(mine) == 0)
        if ways:
            laid_count = z3.Sum([z3.If(b, 1, 0) for b, _, _ in ways])
            table_wild = sum(1 for c in meld.cards if variant.is_wild(c))
            wild_count = table_wild + z3.Sum([z3.If(b, 1, 0) for b, i, _ in ways if wild[i]] or [z3.IntVal(0)])
            size = len(meld) + laid_count
            counted = z3.If(wild_count == size, 0, wild_count)  # an all-wild meld uses no wilds
            if variant.max_wilds is not None:
                cons.append(z3.Implies(laid_count > 0, counted <= variant.max_wilds))
            if variant.min_naturals:
                cons.append(z3.Implies(laid_count > 0, size - counted >= variant.min_naturals))
        joins.append(tuple(ways))
    return tuple(joins), costs


def objective(model: Model) -> Any:
    """One integer that orders arrangements like the cost tuple (points, cards, wilds, laid off)."""
    w = model.weight
    return ((model.points_left * w + model.cards_left) * w + model.wilds_used) * w + model.laid_off


def read_arrangement(model: Model, solution: Any, variant: Variant) -> tuple[Arrangement, Card | None]:
    """Turn a z3 model (assignment) into melds with named stand-ins, and the discard."""
    import z3

    def true(b: Any) -> bool:
        return bool(z3.is_true(solution.eval(b, model_completion=True)))

    def number(v: Any) -> int:
        return int(solution.eval(v, model_completion=True).as_long())

    melds: list[Meld] = []
    placed: set[int] = {i for ways in model.layoffs for b, i, _ in ways if true(b)}
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


def read_layoffs(model: Model, solution: Any, table: Sequence[TableMeld]) -> tuple[LayOff, ...]:
    """The lay-offs of a z3 model (assignment), numbered like the ``table`` the model was built on."""
    import z3

    found: list[LayOff] = []
    for t, ways in enumerate(model.layoffs):
        for b, i, stands in ways:
            if not z3.is_true(solution.eval(b, model_completion=True)):
                continue
            suit = model.wild_suit[i]
            if suit is not None and table[t].meld.kind == MeldKind.SET:  # the wild's suit is a variable
                stands = Card(stands.rank, _SUITS[solution.eval(suit, model_completion=True).as_long()])
            found.append(LayOff(model.cards[i], table[t].number, stands))
    return tuple(sorted(found, key=lambda lo: (lo.target, lo.stands_for.index, lo.card.index)))


TIMEOUT_MS = 5000  # the default budget of one optimisation: an answer or a clear "gave up"


def optimise(model: Model, *, timeout_ms: int | None = None) -> Any:
    """The z3 model (assignment) of least cost, or None when the constraints have no solution.

    Raises ``SolverGaveUpError`` when z3 cannot decide within ``timeout_ms`` (default
    ``TIMEOUT_MS``).  A plain solver is asked again and again: each answer's cost becomes a
    bound ("cheaper than this") for the next question, and the last answer before
    "unsatisfiable" is optimal.  On these models that is several times faster than z3's
    ``Optimize``, which the first version used; a proof (``prove``) is a single question.
    The budget bounds the whole descent; an answer that is not proved the least is never
    returned.
    """
    import time

    import z3

    budget = TIMEOUT_MS if timeout_ms is None else timeout_ms
    solver = z3.Solver()
    solver.add(*model.constraints)
    goal = objective(model)
    deadline = time.monotonic() + budget / 1000
    best = None
    while True:
        solver.set("timeout", max(1, int((deadline - time.monotonic()) * 1000)))
        result = solver.check()
        if result == z3.unsat:
            return best
        if result != z3.sat:
            from rummycheck.errors import SolverGaveUpError
            raise SolverGaveUpError(f"the z3 solver gave up on this hand ({solver.reason_unknown()}, budget "
                                    f"{budget} ms); the exact solver (the default) finds the best arrangement "
                                    "of every hand the rules allow")
        best = solver.model()
        solver.add(goal < best.eval(goal, model_completion=True).as_long())


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


def search_table(hand: Sequence[Card], table: Sequence[TableMeld], *, variant: Variant, min_melds: int = 0,
                 max_melds: int | None = None, allow_layoffs: bool = True) -> PlayFound | None:
    """The best play of ``hand`` with lay-offs on ``table``: new melds (at least ``min_melds``)
    and cards added to the table melds, or None when no play has ``min_melds`` new melds.

    The same contract as ``layoffs.best_layoffs`` followed by the exact layout, from this
    module's own model of the rules.
    """
    melds = [t.meld for t in table] if allow_layoffs else []
    model = build_model(hand, variant=variant, min_melds=min_melds, max_melds=max_melds, table=melds)
    if model.groups < min_melds:
        return None
    found = optimise(model)
    if found is None:
        return None
    arrangement, _ = read_arrangement(model, found, variant)
    layoffs = read_layoffs(model, found, table)
    laid_wilds = sum(1 for lo in layoffs if lo.card != lo.stands_for)
    cost = (arrangement.points, len(arrangement.deadwood), arrangement.wilds_used + laid_wilds, len(layoffs))
    return cost, arrangement.melds, layoffs, arrangement.deadwood
