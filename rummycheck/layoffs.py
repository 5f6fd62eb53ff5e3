"""Lay-off-aware solving: the best play of the player whose turn it is, table included.

Built on ``exact.search``.  The search over lay-offs is exact by enumeration:

1. For every table meld, list every way the hand can extend it (``meld_options``): a run
   grows at its low end and at its high end by a contiguous stretch of positions, each
   filled by the natural card or by a wild deuce named as that card; a set takes any
   sub-multiset of the hand's cards of its rank plus any number of wilds named as that
   rank.  Each option is checked with ``melds.meld_problems`` (the one place meld
   legality lives) on the extended meld, so set sizes, duplicate rules, the ace rule and
   wild limits all apply.
2. A depth-first walk over the table melds combines one option per meld without using a
   card twice; combinations that leave the same cards in hand are kept once (the first
   found, which has the fewest cards laid off because each meld's options are listed
   smallest first).
3. For every distinct remainder, the exact search gives the best cost of new melds from
   it (with the opening's minimum meld count for an unopened Bing player); all the
   remainders share one search (``exact.cost_finder``) and so one memo.  The
   remainder with the lowest (points left, cards left, wilds used, cards laid off) wins;
   only the winner is laid out with ``exact.search``.

Every arrangement of the turn is some choice of lay-offs plus new melds from what is
left, and step 2 covers every choice of lay-offs, so the minimum is exact.  Lay-offs on
a meld laid down in the same turn are never needed: such cards can be part of the new
meld itself.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace
from itertools import combinations

from rummycheck.cards import Card
from rummycheck.exact import INF, SearchRules, cost_finder, search
from rummycheck.melds import Meld, MeldKind, meld_problems, run_positions
from rummycheck.results import LayOff, Reason, Solution
from rummycheck.scenario import Scenario, TableMeld
from rummycheck.solver import limit_verdict
from rummycheck.solver import solve as solve_hand
from rummycheck.state import extend_meld
from rummycheck.variants import Variant

__all__ = ["best_layoffs", "exact_play", "meld_options", "solve_scenario"]

Addition = tuple[Card, Card]  # (physical card, what it stands for)
_Path = tuple[tuple[int, tuple[Addition, ...]], ...]  # (table meld index, what goes on it), meld by meld


def meld_options(meld: Meld, hand: Sequence[Card], variant: Variant) -> list[tuple[Addition, ...]]:
    """Every legal way to add cards of ``hand`` to ``meld``, smallest first (the empty way first)."""
    wilds = sorted(c for c in hand if variant.is_wild(c))
    have = Counter(hand)
    options: list[tuple[Addition, ...]] = [()]
    seen: set[tuple[Card | int, ...]] = set()

    wild_counts = Counter(wilds)
    distinct_wilds = sorted(wild_counts)

    def fill(targets: list[Card]) -> list[tuple[Addition, ...]]:
        """Ways to supply each target card, naturally (if held) or with the first wild
        still free; each way carries the count of the cards it has used."""
        ways: list[tuple[tuple[Addition, ...], dict[Card, int]]] = [((), {})]
        for target in targets:
            grown = []
            for way, used in ways:
                if have[target] - used.get(target, 0) > 0:
                    grown.append(((*way, (target, target)), {**used, target: used.get(target, 0) + 1}))
                for wild in distinct_wilds:
                    if used.get(wild, 0) < wild_counts[wild]:
                        grown.append(((*way, (wild, target)), {**used, wild: used.get(wild, 0) + 1}))
                        break
            ways = grown
        return [way for way, _ in ways]

    if meld.kind == MeldKind.RUN:
        numbers = [s.number for s in meld.stands_for]
        positions = run_positions(numbers, variant.ace)
        if positions is None:
            return options
        suit = meld.stands_for[0].suit
        low, high = positions[0], positions[-1]
        spare = 13 - len(meld)
        for below in range(0, spare + 1):
            for above in range(0, spare - below + 1):
                if below == above == 0:
                    continue
                spots = list(range(low - below, low)) + list(range(high + 1, high + above + 1))
                targets = [Card.from_index(suit.index * 13 + (p - 1) % 13) for p in spots]
                for way in fill(targets):
                    _keep(meld, way, variant, options, seen)
    else:
        rank = meld.stands_for[0].rank
        naturals = sorted(c for c in hand if c.rank == rank and not variant.is_wild(c))
        counts = Counter(naturals)
        distinct = sorted(counts)
        choices: list[list[Card]] = [[]]
        for card in distinct:
            choices = [prefix + [card] * n for prefix in choices for n in range(counts[card] + 1)]
        # which wild cards go on the set matters when one can stand for itself (a deuce
        # on a set of 2s): try every distinct choice of them, not just the first few
        wild_choices: list[tuple[Card, ...]] = sorted(
            {combo for size in range(len(wilds) + 1) for combo in combinations(wilds, size)},
            key=lambda combo: (len(combo), combo))
        for chosen in sorted(choices, key=len):
            for placed in wild_choices:
                if not chosen and not placed:
                    continue
                added: list[Addition] = [(c, c) for c in chosen]
                stand_counts = Counter(meld.stands_for) + Counter(chosen)
                for wild in placed:
                    if wild.rank == rank and (variant.set_duplicates or not stand_counts[wild]):
                        suit_card = wild  # a deuce on a set of 2s stands for itself
                    else:
                        suit_card = min((Card.from_index(s * 13 + rank.number - 1) for s in range(4)),
                                        key=lambda c: (stand_counts[c], c.index))
                    stand_counts[suit_card] += 1
                    added.append((wild, suit_card))
                _keep(meld, tuple(added), variant, options, seen)
    options.sort(key=len)
    return options


def _keep(meld: Meld, way: tuple[Addition, ...], variant: Variant, options: list[tuple[Addition, ...]],
          seen: set[tuple[Card | int, ...]]) -> None:
    # the same cards may go on a meld in several ways; keep one per count of wilds that
    # stand for another card (a deuce laid off as itself is not a wild used)
    key: tuple[Card | int, ...] = (*sorted(c for c, _ in way), sum(1 for c, s in way if c != s))
    if key in seen:
        return
    if not meld_problems(extend_meld(meld, way, variant), variant):
        seen.add(key)
        options.append(way)


def best_layoffs(hand: Sequence[Card], table: Sequence[TableMeld], *, variant: Variant, min_melds: int = 0,
                 max_melds: int | None = None, allow_layoffs: bool = True
                 ) -> tuple[tuple[int, int, int, int], tuple[LayOff, ...], tuple[Card, ...]] | None:
    """The best (cost, lay-offs, remainder) over every lay-off choice; None if no arrangement exists.

    The cost is (points left, cards left, wilds used, cards laid off).
    """
    rules = SearchRules.from_variant(variant)
    per_meld = [meld_options(t.meld, hand, variant) for t in table] if allow_layoffs else []
    # each way to extend a meld as (card indices it takes, wilds laid off as another card,
    # cards laid off, the way itself); cards left are sorted tuples of card indices
    ways = [[(tuple(sorted(c.index for c, _ in way)), sum(1 for c, s in way if c != s), len(way), way)
             for way in options] for options in per_meld]
    remainders: dict[tuple[int, ...], tuple[tuple[int, int], _Path]] = {}
    # (meld index, cards left) -> the cheapest lay-offs that reached it; a later path to
    # the same point goes on only when its lay-offs are cheaper (fewer wilds laid off as
    # other cards, then fewer cards)
    visited: dict[tuple[int, tuple[int, ...]], tuple[int, int]] = {}
    last = len(ways)

    def walk(index: int, left: tuple[int, ...], path: _Path, laid_wilds: int, laid: int) -> None:
        cost = (laid_wilds, laid)
        reached = visited.get((index, left))
        if reached is not None and reached <= cost:
            return
        visited[(index, left)] = cost
        if index == last:
            found = remainders.get(left)
            if found is None or cost < found[0]:
                remainders[left] = (cost, path)
            return
        for need, wilds, count, way in ways[index]:
            rest = _take(left, need)
            if rest is not None:
                walk(index + 1, rest, path + ((index, way),), laid_wilds + wilds, laid + count)

    hand_indices = tuple(sorted(c.index for c in hand))
    walk(0, hand_indices, (), 0, 0)
    wild = variant.wild_number
    natural_universe = [i for i in hand_indices if i % 13 + 1 != wild]
    find = cost_finder(rules, natural_universe, len(hand_indices) - len(natural_universe),
                       min_melds=min_melds, max_melds=max_melds)
    best: tuple[tuple[int, int, int, int], _Path, tuple[int, ...]] | None = None
    for remainder, ((laid_wilds, laid), path) in remainders.items():
        naturals = [i for i in remainder if i % 13 + 1 != wild]
        cost = find(naturals, len(remainder) - len(naturals))
        if cost[0] >= INF:
            continue
        full = (cost[0], cost[1], cost[2] + laid_wilds, laid)
        if best is None or full < best[0]:
            best = (full, path, remainder)
    if best is None:
        return None
    full, path, remainder = best
    layoffs = tuple(LayOff(c, table[index].number, s) for index, way in path for c, s in way)
    return full, layoffs, tuple(Card.from_index(i) for i in remainder)


def _take(cards: tuple[int, ...], taken: tuple[int, ...]) -> tuple[int, ...] | None:
    """``cards`` less ``taken`` (both sorted card indices), or None if one is missing."""
    if not taken:
        return cards
    rest = list(cards)
    try:
        for x in taken:
            rest.remove(x)
    except ValueError:
        return None
    return tuple(rest)


# (cost, new melds, lay-offs, cards left): what a play finder returns (z3_solver.search_table too)
Play = tuple[tuple[int, int, int, int], tuple[Meld, ...], tuple[LayOff, ...], tuple[Card, ...]]
PlayFinder = Callable[..., Play | None]


def exact_play(hand: Sequence[Card], table: Sequence[TableMeld], *, variant: Variant, min_melds: int = 0,
               max_melds: int | None = None, allow_layoffs: bool = True) -> Play | None:
    """``best_layoffs`` and the exact layout of the cards left: the exact solver's play."""
    found = best_layoffs(hand, table, variant=variant, min_melds=min_melds, max_melds=max_melds,
                         allow_layoffs=allow_layoffs)
    if found is None:
        return None
    cost, layoffs, remainder = found
    arrangement = search(remainder, variant=variant, min_melds=min_melds, max_melds=max_melds)
    assert arrangement is not None
    return cost, arrangement.melds, layoffs, arrangement.deadwood


def _play_finder(solver: str) -> PlayFinder:
    """The whole-play search of ``solver``: z3 and csp model the lay-offs themselves."""
    if solver == "exact":
        return exact_play
    if solver == "z3":
        from rummycheck.z3_solver import search_table as z3_play  # heavy import: only here
        return z3_play
    if solver == "csp":
        from rummycheck.csp_solver import search_table as csp_play  # heavy import: only here
        return csp_play
    from rummycheck.errors import VariantError
    raise VariantError(f"unknown solver {solver!r}; choose exact, z3 or csp")


def _arrange(hand: Sequence[Card], table: Sequence[TableMeld], variant: Variant, *, min_melds: int,
             max_melds: int | None = None, allow_layoffs: bool = True, find: PlayFinder = exact_play
             ) -> tuple[tuple[Meld, ...], tuple[LayOff, ...], tuple[Card, ...], int] | None:
    found = find(hand, table, variant=variant, min_melds=min_melds, max_melds=max_melds,
                 allow_layoffs=allow_layoffs)
    if found is None:
        return None
    _, melds, layoffs, deadwood = found
    return melds, layoffs, deadwood, variant.points(deadwood)


def solve_scenario(scenario: Scenario, *, solver: str = "exact") -> Solution:
    """The best play of the player whose turn it is, with lay-offs on the table melds.

    Bing: new melds and lay-offs together (an unopened player needs the opening's melds;
    BING-LIMIT; BING-MELD-TURN when he drew this turn).  Basic: melds, lay-offs (also
    before melding) and the discard.  Gin: after a knock, the defender's melds and
    lay-offs on the knocker's melds; before a knock, the plain gin solve.
    """
    from rummycheck.errors import ScenarioError

    variant = scenario.variant
    if scenario.turn is None:
        raise ScenarioError(f"{scenario.source}: the scenario has no [turn]: say whose turn it is")
    seat = scenario.seat(scenario.turn.player)
    player = scenario.players[seat]
    if player.hand is None:
        raise ScenarioError(f"{scenario.where('players', seat)}: the hand of {player.name!r} is not given; "
                            "solve needs it")
    hand = tuple(player.hand)
    if variant.name == "gin" and not scenario.turn.knocked:
        return replace(solve_hand(hand, variant=variant, solver=solver), score=player.score)
    find = _play_finder(solver)
    if variant.name == "gin":
        solution = _solve_gin_defender(scenario, seat, find)
    elif variant.name == "bing":
        solution = _solve_bing(scenario, hand, player.score, player.opened, find)
    else:
        solution = _solve_basic(scenario, hand, player.score, player.opened, find)
    return replace(solution, solver=solver)


def _solution(variant: Variant, hand: tuple[Card, ...], melds: tuple[Meld, ...], layoffs: tuple[LayOff, ...],
              deadwood: tuple[Card, ...], *, legal: bool, reasons: list[Reason], score: int, opened: bool,
              discard: Card | None = None, facts: dict[str, object] | None = None) -> Solution:
    return Solution(variant=variant, hand=hand, melds=melds, deadwood=tuple(sorted(deadwood)),
                    deadwood_points=variant.points(deadwood), legal=legal, reasons=tuple(reasons),
                    discard=discard, layoffs=layoffs, score=score, opened=opened,
                    facts=tuple((facts or {}).items()))


def _solve_bing(scenario: Scenario, hand: tuple[Card, ...], score: int, opened: bool,
                find: PlayFinder) -> Solution:
    variant = scenario.variant
    assert scenario.turn is not None
    needed = 0 if opened else int(variant.option("opening_melds") or 1)
    allow = opened or bool(variant.option("layoff_in_opening"))
    found = _arrange(hand, scenario.table, variant, min_melds=max(needed, 0), allow_layoffs=allow, find=find)
    reasons: list[Reason] = []
    if scenario.turn.drew != "none":
        reasons.append(Reason("BING-MELD-TURN", f"{scenario.turn.player} drew this turn and may not meld "
                                                "until a later turn; the arrangement below is for that turn"))
    if found is None or (opened and not found[0] and not found[1]):
        if opened:
            reasons.append(Reason("BING-LAYOFF", "nothing can be melded or laid off"))
        else:
            reasons.append(Reason("BING-OPEN", f"no arrangement lays down {needed} melds; an opening needs "
                                               f"{needed}, so meld nothing yet (lay-offs count only with it)"))
        return _solution(variant, hand, (), (), hand, legal=False, reasons=reasons, score=score, opened=opened,
                         facts={"melds_needed": needed})
    melds, layoffs, deadwood, points = found
    if not opened:
        reasons.append(Reason("BING-OPEN", f"{len(melds)} melds, at least {needed} needed to open: met"))
    if layoffs:
        reasons.append(Reason("BING-LAYOFF", f"{len(layoffs)} card(s) laid off on table melds"))
    if not allow and not opened:
        reasons.append(Reason("BING-LAYOFF", "no lay-offs in the opening turn (layoff_in_opening = false)"))
    check = limit_verdict(score=score, points=points, variant=variant)
    reasons.append(Reason("BING-LIMIT", ("may meld: " if check.ok else "may not meld now: ") + check.text))
    legal = check.ok and scenario.turn.drew == "none"
    if not deadwood and legal:
        reasons.append(Reason("BING-OUT", "every card is melded or laid off: this goes out"))
    return _solution(variant, hand, melds, layoffs, deadwood, legal=legal, reasons=reasons, score=score,
                     opened=opened, facts={"melds_needed": needed, "goes_out": not deadwood and legal})


def _solve_basic(scenario: Scenario, hand: tuple[Card, ...], score: int, opened: bool,
                 find: PlayFinder) -> Solution:
    variant = scenario.variant
    assert scenario.turn is not None
    max_melds = 1 if variant.option("melds_per_turn") == "one" else None
    allow = opened or bool(variant.option("layoff_before_meld"))
    discard_required = bool(variant.option("out_discard_required"))
    took = scenario.turn.took if scenario.turn.drew == "discard" else None
    reasons: list[Reason] = []
    if scenario.turn.drew == "none":
        reasons.append(Reason("BASIC-TURN", f"{scenario.turn.player} has not drawn yet: the turn starts with a "
                                            "draw; the answer is for the hand as it is"))
    candidates: list[tuple[tuple[int, int, int, int, int], Card | None]] = []
    options: list[Card | None] = [] if discard_required else [None]
    options += [c for c in sorted(set(hand)) if c != took or Counter(hand)[c] > 1]
    best: tuple[tuple[int, int, int, int, int], Card | None, Play] | None = None
    # (lay-offs allowed, least new melds): with layoff_before_meld = false a player who has
    # not opened may lay off only together with a meld of his own in the same turn
    attempts = [(True, 0)] if allow else [(False, 0), (True, 1)]
    for discard in options:
        rest = list(hand)
        if discard is not None:
            rest.remove(discard)
        for layoffs_ok, least in attempts:
            if max_melds is not None and least > max_melds:
                continue
            found = find(rest, scenario.table, variant=variant, min_melds=least, max_melds=max_melds,
                         allow_layoffs=layoffs_ok)
            if found is None:
                continue
            cost = found[0]
            if discard is None and cost[1] > 0:
                continue  # keeping cards without discarding does not end the turn
            key = (cost[0], cost[1], cost[2], cost[3], 0 if discard is None else 1)
            candidates.append((key, discard))
            if best is None or key < best[0]:
                best = (key, discard, found)
    assert best is not None or not options
    if best is None:
        return _solution(variant, hand, (), (), hand, legal=False, reasons=reasons, score=score, opened=opened)
    _, discard, (_, melds, layoffs, deadwood) = best
    legal = scenario.turn.drew != "none"
    minimum = 0 if opened else int(variant.option("opening_points") or 0)
    if minimum and melds:
        worth = sum(variant.card_points(c) for m in melds for c in m.stands_for)
        met = worth >= minimum
        legal = legal and met
        reasons.append(Reason("BASIC-OPEN", f"the first lay-down is worth {worth} points, {minimum} needed"
                                            + (": met" if met else "")))
    if layoffs:
        reasons.append(Reason("BASIC-LAYOFF", f"{len(layoffs)} card(s) laid off on table melds"))
    goes_out = not deadwood
    if goes_out:
        reasons.append(Reason("BASIC-OUT", "no cards left: goes out" + (f" discarding {discard}" if discard else "")))
    else:
        reasons.append(Reason("BASIC-OUT", f"cannot go out this turn: {len(deadwood)} cards "
                                           f"({variant.points(deadwood)} points) stay in hand"))
    if took is not None:
        reasons.append(Reason("BASIC-DISCARD", f"{took} was taken from the discard pile and is not discarded"))
    return _solution(variant, hand, melds, layoffs, deadwood, legal=legal, reasons=reasons, score=score,
                     opened=opened, discard=discard, facts={"can_go_out": goes_out and legal})


def _solve_gin_defender(scenario: Scenario, knocker_seat: int, find: PlayFinder = exact_play) -> Solution:
    variant = scenario.variant
    players = scenario.players
    defender_seat = (knocker_seat + 1) % len(players)
    defender = players[defender_seat]
    knocker = players[knocker_seat]
    if defender.hand is None:
        raise _missing(scenario, defender_seat)
    hand = tuple(defender.hand)
    knocker_melds = [t for t in scenario.table if t.owner == knocker.name]
    knocker_points = variant.points(knocker.hand) if knocker.hand is not None else None
    gin = knocker_points == 0
    found = _arrange(hand, knocker_melds, variant, min_melds=0, allow_layoffs=not gin, find=find)
    assert found is not None
    melds, layoffs, deadwood, points = found
    reasons = [Reason("GIN-GIN", "the knocker has gin: no lay-offs")] if gin else [
        Reason("GIN-LAYOFF", f"the defender lays off {len(layoffs)} card(s) on the knocker's melds")]
    if knocker_points is not None:
        reasons.append(Reason("GIN-SCORE", f"defender deadwood {points} against the knocker's {knocker_points}"))
    return _solution(variant, hand, melds, layoffs, deadwood, legal=True, reasons=reasons, score=defender.score,
                     opened=False, facts={"defender": defender.name, "knocker": knocker.name})


def _missing(scenario: Scenario, seat: int) -> Exception:
    from rummycheck.errors import ScenarioError

    return ScenarioError(f"{scenario.where('players', seat)}: the hand of {scenario.players[seat].name!r} "
                         "is not given; solve needs it")
