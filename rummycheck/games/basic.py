"""Basic Rummy: every BASIC- behaviour (one deck, 2 to 4 players, winner takes all).

Dealing depends on the number of players (BASIC-DECK); a turn draws, melds any number of
melds (or one, BASIC-TURN), lays off even before melding (BASIC-LAYOFF) and ends with a
discard that may not be the card just taken (BASIC-DISCARD); going out may need a final
discard (BASIC-OUT); the winner of a hand takes the others' points (BASIC-SCORE), doubled
for going rummy (BASIC-RUMMY), until the target (BASIC-TARGET).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations
from typing import TYPE_CHECKING

from rummycheck.cards import Card, Suit, full_deck
from rummycheck.errors import ScenarioError
from rummycheck.games.base import Game, PlayerView, TableView, solution_of, table_solution, without
from rummycheck.melds import Meld, MeldKind, TableMeld, extend_meld, may_join, meld_problems
from rummycheck.results import LayOff, Reason, Solution
from rummycheck.solvers.base import Arrangement, Finder, PlayFinder, PlayFound, TableQuestion
from rummycheck.variants import Variant

if TYPE_CHECKING:  # a solve needs neither a scenario nor a score sheet: those load where used
    from rummycheck.games.scoring import HandEnd, HandScore, Sheet
    from rummycheck.position import Scenario

__all__ = ["Basic", "basic_target", "melded_points"]


def basic_target(variant: Variant, players: int) -> int:
    """BASIC-TARGET: the score that wins, by number of players (four or more: target_4)."""
    key = "target_2" if players <= 2 else "target_3" if players == 3 else "target_4"
    return int(variant.option(key) or 0)


def melded_points(arrangement: Arrangement, variant: Variant) -> int:
    return sum(variant.card_points(c) for m in arrangement.melds for c in m.stands_for)


def _some_meld(cards: Sequence[Card], variant: Variant) -> Meld | None:
    """A legal three-card set or run made of ``cards`` (distinct cards), or None."""
    have = set(cards)
    by_rank: dict[int, list[Card]] = {}
    for card in sorted(have):
        by_rank.setdefault(card.number, []).append(card)
    for group in by_rank.values():
        for trio in combinations(group, 3):
            meld = Meld.natural(MeldKind.SET, trio)
            if not meld_problems(meld, variant):
                return meld
    for suit in Suit:
        for start in range(1, 14):
            run = tuple(Card.from_index(suit.index * 13 + (start - 1 + k) % 13) for k in range(3))
            if all(c in have for c in run):
                meld = Meld.natural(MeldKind.RUN, run)
                if not meld_problems(meld, variant):
                    return meld
    return None


class Basic(Game):
    name = "basic"
    DEAL = "BASIC-DECK"
    TURN = "BASIC-TURN"
    SET = "BASIC-SET"
    RUN = "BASIC-RUN"
    LAYOFF = "BASIC-LAYOFF"
    OUT = "BASIC-OUT"
    OPEN = "BASIC-OPEN"
    DISCARD = "BASIC-DISCARD"
    VALUES = "BASIC-SCORE"
    STOCK = "BASIC-STOCK"
    REPAIRABLE = frozenset({"BASIC-OPEN", "BASIC-DISCARD", "BASIC-OUT"})


    PLAYERS = "BASIC-DECK"
    renews_stock = True
    turn_starts_with_draw = True
    solve_ignores = ("score",)  # no limit on melding (--opened waives BASIC-OPEN's opening_points)
    WIN = "BASIC-TARGET"
    HAND_WIN = ("BASIC-OUT",)
    NOT_CAUGHT = frozenset({"BASIC-TARGET"})
    default_bots = ("eager", "patient")
    rollout_bot = "patient"
    take_lines = "finishes"  # docs/advise.md: the best of a take's lines was mostly its luckiest
    evidence_beta = 0.5  # analysis/evidence.py says how it was chosen and checked
    pile_model = (-1.75, 1.75, 1.0)  # bench/fit_pile_model.py; analysis/evidence.py
    hand_quality_table = "basic_opponent_deadwood.toml"  # made by bench/fit_opponent_deadwood.py --game basic
    game_chance_table = "basic_hands.toml"  # made by bench/gin_hand_points.py --game basic
    # the deal size: hand_size with two players, hand_size_many with three or more (BASIC-DECK)
    game_chance_scoring = ("rummy_multiplier", "ace_points", "face_points", "hand_size", "hand_size_many")

    def target_score(self, players: int) -> int | None:
        return basic_target(self.variant, players)

    def stock_renewal(self, state: TableView) -> Reason | None:
        """BASIC-STOCK: the empty stock is the discard pile less its top card, turned over."""
        return Reason(self.STOCK, "the discard pile becomes the new stock")

    def state_problems(self, state: TableView) -> list[str]:
        found = super().state_problems(state)
        most = int(self.variant.option("stock_reshuffles") or 0)
        if state.stock is not None and state.reshuffles > most:
            found.append(f"the stock was renewed {state.reshuffles} times, more than {self.STOCK} allows ({most})")
        return found
    END_KEYS = ("out", "rummy", "stalemate")

    def layoff_rule_problems(self, solution: Solution, scenario: Scenario) -> list[str]:
        if not solution.opened and not self.variant.option("layoff_before_meld") and not solution.melds:
            return ["BASIC-LAYOFF: lay-offs before melding, but layoff_before_meld is off"]
        if not solution.opened and self.variant.option("opening_points") and not solution.melds:
            return ["BASIC-OPEN: lay-offs alone before the opening minimum (they count nothing toward it)"]
        return []

    def could_lay_off(self, *, melded: bool, opened_before: bool) -> bool:
        """Lay-offs in any turn (BASIC-LAYOFF), before the player's first meld only with
        ``layoff_before_meld`` and no opening minimum (BASIC-OPEN), or together with a new meld."""
        return (opened_before or melded
                or (bool(self.variant.option("layoff_before_meld")) and not self.variant.option("opening_points")))

    def meld_bounds(self, opened: bool) -> tuple[int, int | None]:
        return 0, 1 if self.variant.option("melds_per_turn") == "one" else None

    def table_questions(self, scenario: Scenario, hand: tuple[Card, ...], *, opened: bool,
                        discard: Card | None, every_discard: bool) -> list[TableQuestion]:
        """Lay-offs once opened or with ``layoff_before_meld`` (else only together with a new
        meld); the turn ends with a discard, never the card just taken, unless nothing is left."""
        variant = self.variant
        most = self.meld_bounds(opened)[1]
        allow = opened or bool(variant.option("layoff_before_meld"))
        table = tuple(scenario.table)
        if every_discard:
            turn = scenario.turn
            took = turn.took if turn is not None and turn.drew == "discard" else None
            counts = Counter(hand)
            discards: list[Card | None] = [] if variant.option("out_discard_required") else [None]
            discards += [c for c in sorted(set(hand)) if c != took or counts[c] > 1]
        else:
            discards = [discard]
        questions = []
        for chosen in discards:
            rest = list(hand)
            if chosen is not None:
                rest.remove(chosen)
            questions.append(TableQuestion(tuple(rest), table if allow else (), 0, most, chosen,
                                           empty_without_discard=every_discard))
            if not allow and most != 0:  # layoff_before_meld = false: lay-offs together with a meld
                questions.append(TableQuestion(tuple(rest), table, 1, most, chosen,
                                               empty_without_discard=every_discard))
        return questions

    def out_discards(self, hand: Sequence[Card]) -> list[Card | None]:
        """BASIC-OUT: going out may end with a final discard (must, with ``out_discard_required``)."""
        discards: list[Card | None] = [] if self.variant.option("out_discard_required") else [None]
        return discards + list(sorted(set(hand)))

    def draw_problems(self, state: TableView) -> list[Reason]:
        """BASIC-STOCK: an empty stock is renewed from the discard pile, up to ``stock_reshuffles`` times."""
        if state.stock != 0:
            return []
        allowed = int(self.variant.option("stock_reshuffles") or 0)
        if state.reshuffles < allowed and len(state.discard_pile) > 1:
            return []
        if state.reshuffles < allowed:
            return [Reason("BASIC-STOCK", "the stock is empty and the discard pile holds only its top card: "
                                          "nothing to renew the stock with (BASIC-STALEMATE)")]
        return [Reason("BASIC-STOCK", f"the stock is empty and has been renewed {state.reshuffles} of "
                                      f"{allowed} times: stalemate")]

    def exhausted(self, state: TableView) -> Reason | None:
        """BASIC-STOCK: the stock is empty and was renewed as often as allowed: the hand is a stalemate
        (an empty stock with nothing yet to renew it with is not: the discard may still be taken)."""
        if state.stock != 0 or state.reshuffles < int(self.variant.option("stock_reshuffles") or 0):
            return None
        return self.draw_problems(state)[0]

    def stalemate(self, state: TableView) -> Reason | None:
        """BASIC-STALEMATE: why no player can ever finish, or None when that is not certain.

        Only the clear cases are detected, from the table alone (hands may be unknown).
        No card outside the table (in any hand, the stock or the discard pile) extends a
        table meld, and either

        * every player holds at most one card: after drawing he holds two, too few for a
          new meld, so his hand never shrinks below one card; or
        * the cards outside the table contain no set or run at all, so no new meld can
          ever be laid down.

        Then no card is ever laid down again, a player's hand never empties (each draw
        is followed by a discard), and the hand cannot end but in a stalemate.  The
        second stalemate of BASIC-STOCK (the stock runs out once too often) is judged
        when drawing, not here.
        """
        if state.drew != "none" or state.melded:
            # judged between turns: mid-turn a player who drew and laid off may hold one card,
            # and discarding it goes out (BASIC-OUT), which the reasoning below does not see
            return None
        players = [p for p in state.players if not getattr(p, "out", False)]
        if any(p.size == 0 for p in players):
            return None
        variant = self.variant
        # what lies outside the table and whether any of it fits a table meld depend on the
        # table alone: memoised per variant, first by the table melds' identity (no hashing of their
        # cards: the table is shared by the copies a rollout makes; the memo holds the melds it
        # names, so no id in it can belong to another object), then by their value
        seen: dict[tuple[int, ...], tuple[tuple[TableMeld, ...], tuple[bool, list[Card], int, bool]]] = \
            variant.memo.setdefault("stalemate-by-id", {})
        ids = tuple(map(id, state.table))
        found = seen.get(ids)
        if found is None:
            found = tuple(state.table), self._outside(state)
            if len(seen) > 4096:
                seen.clear()
            seen[ids] = found
        fits, cards, total, barren = found[1]
        if fits:
            return None
        most = max(p.size for p in state.players)
        if most <= 1:
            return Reason("BASIC-STALEMATE", "stalemate: no card outside the table fits a table meld and no "
                                             f"player holds more than {most} card (two after drawing, too few "
                                             "for a new meld), so nobody can ever finish")
        if barren:
            return Reason("BASIC-STALEMATE", "stalemate: no card outside the table fits a table meld and those "
                                             f"{total} cards hold no set or "
                                             "run, so nobody can ever finish")
        return None

    def _outside(self, state: TableView) -> tuple[bool, list[Card], int, bool]:
        """What lies outside the table of ``state`` (the cards, their number), whether one of them fits a
        table meld, and whether they hold no set or run (asked only when nothing fits): memoised per
        variant by the table's melds."""
        variant = self.variant
        memo: dict[tuple[Meld, ...], tuple[bool, list[Card], int, bool]] = variant.memo.setdefault("stalemate", {})
        key = tuple(t.meld for t in state.table)
        if key not in memo:
            outside = Counter(card for card in full_deck() for _ in range(variant.decks))
            outside.subtract(c for t in state.table for c in t.meld.cards)
            cards = sorted(c for c, n in outside.items() if n > 0)
            fits = any(not meld_problems(extend_meld(t.meld, [(card, card)], variant), variant)
                       for t in state.table for card in may_join(t.meld, cards, variant))
            if len(memo) > 4096:
                memo.clear()
            # whether those cards hold a set or a run: the table alone decides it too (asked only when
            # nothing fits, the one case that needs it)
            barren = not fits and _some_meld(cards, variant) is None
            memo[key] = (fits, cards, sum(n for n in outside.values() if n > 0), barren)
        return memo[key]

    def lay_down_rules(self, state: TableView, melds: Sequence[Meld], layoffs: Sequence[LayOff],
                       after: PlayerView, table: Sequence[TableMeld], problems: list[Reason],
                       passed: list[Reason]) -> None:
        variant = self.variant
        player = state.player
        if state.drew == "none":
            problems.append(Reason("BASIC-TURN", "a turn starts with a draw (stock or discard pile) "
                                                 "before melding"))
        if variant.option("melds_per_turn") == "one" and state.melds_this_turn + len(melds) > 1:
            problems.append(Reason("BASIC-TURN", f"one meld a turn: this would be meld "
                                                 f"{state.melds_this_turn + len(melds)} this turn"))
        elif melds:
            passed.append(Reason("BASIC-TURN", f"{len(melds)} meld(s) laid down after the draw"))
        if layoffs:
            if not player.opened and not melds and not variant.option("layoff_before_meld"):
                problems.append(Reason("BASIC-LAYOFF", "lay-offs only after the player's own first meld "
                                                       "(layoff_before_meld = false)"))
            else:
                passed.append(Reason("BASIC-LAYOFF", f"{len(layoffs)} card(s) laid off"))
        minimum = int(variant.option("opening_points") or 0)
        # a player opened by lay-offs alone earlier in this turn has not met the minimum yet: a turn's
        # lay-downs are judged as the one lay-down a record's replay and solve make of them
        opened_by_layoffs_now = state.opened_this_turn and state.melds_this_turn == 0
        if minimum and (not player.opened or opened_by_layoffs_now) and melds:
            worth = sum(variant.card_points(c) for m in melds for c in m.stands_for)
            if worth < minimum:
                problems.append(Reason("BASIC-OPEN", f"the first lay-down is worth {worth} points, "
                                                     f"{minimum} needed"))
            else:
                passed.append(Reason("BASIC-OPEN", f"the first lay-down is worth {worth} points, "
                                                   f"{minimum} needed: met"))
        elif minimum and (not player.opened or opened_by_layoffs_now) and after.size == 0:
            problems.append(_layoffs_alone(player.name, minimum))
        if after.size == 0 and variant.option("out_discard_required"):
            problems.append(Reason("BASIC-OUT", "going out needs a final discard: keep one card "
                                                "(out_discard_required = true)"))
        if after.size == 1 and state.took is not None and after.hand == (state.took,):
            problems.append(Reason("BASIC-DISCARD", f"the only card left would be {state.took}, taken from the "
                                                    "discard pile this turn, and it may not be discarded"))

    def discard_problems(self, state: TableView, card: Card) -> list[Reason]:
        """The base's, and BASIC-OPEN's minimum for a player who has laid off this turn without a
        meld: lay-offs count nothing toward it, so the turn cannot end there (``lay_down_rules``
        lets them come first, as a record's turn may lay off before it melds)."""
        problems = super().discard_problems(state, card)
        minimum = int(self.variant.option("opening_points") or 0)
        if minimum and state.opened_this_turn and state.melds_this_turn == 0:
            problems.append(_layoffs_alone(state.player.name, minimum))
        return problems

    def dealt_size(self, players: int) -> int:
        """Basic rummy deals fewer cards with three or more players (BASIC-DECK)."""
        if players >= 3:
            return int(self.variant.option("hand_size_many") or 7)
        return self.variant.hand_size

    def quality_table_for(self, players: int) -> str | None:
        """Two players: the ten-card table; three or four, dealt seven cards each: a table for each
        (bench/fit_opponent_deadwood.py --game basic --players 3 4); any other deal: None."""
        if players < 3:
            return self.hand_quality_table
        if players <= 4 and self.dealt_size(players) == 7:
            return f"basic{players}_opponent_deadwood.toml"
        return None


    def solve_hand(self, hand: tuple[Card, ...], *, score: int, opened: bool, find: Finder, solver: str,
                   mask: int = 0) -> Solution:
        """Basic rummy: the least deadwood, or a way to go out this turn when there is one.

        Going out: melding every card (BASIC-OUT, unless a final discard is required), else
        melding all but one card and discarding it.  Among the discards that go out, the
        first in sort order whose lay-down meets BASIC-OPEN's minimum is chosen.
        """
        variant = self.variant
        one_meld = variant.option("melds_per_turn") == "one"
        max_melds = 1 if one_meld else None
        discard_required = bool(variant.option("out_discard_required"))
        minimum = 0 if opened else int(variant.option("opening_points") or 0)
        reasons: list[Reason] = []
        arrangement = find(hand, variant=variant, min_melds=0, max_melds=max_melds)
        assert arrangement is not None
        discard: Card | None = None
        goes_out = False
        if not arrangement.deadwood and not discard_required:
            goes_out = True
            reasons.append(Reason("BASIC-OUT", "every card melds: the hand goes out without a discard"))
        else:
            outs: list[tuple[Card, Arrangement]] = []
            for card in sorted(set(hand)):
                trial = find(without(hand, card), variant=variant, min_melds=0, max_melds=max_melds)
                if trial is not None and not trial.deadwood:
                    outs.append((card, trial))
            if outs:
                meeting = [out for out in outs if melded_points(out[1], variant) >= minimum]
                discard, arrangement = (meeting or outs)[0]
                goes_out = True
                reasons.append(Reason("BASIC-OUT", f"melds all but {discard}: goes out discarding it"))
        if not goes_out:
            reasons.append(Reason("BASIC-OUT", f"cannot go out this turn: {len(arrangement.deadwood)} "
                                               f"cards ({arrangement.points} points) stay in hand"))
        if one_meld:
            reasons.append(Reason("BASIC-TURN", "one meld a turn: only the best single meld is laid down"))
        legal = True
        if minimum and arrangement.melds:
            melded = melded_points(arrangement, variant)
            if melded < minimum:
                legal = False
                reasons.append(Reason("BASIC-OPEN", f"the first lay-down is worth {melded} points, "
                                                    f"{minimum} are needed"))
            else:
                reasons.append(Reason("BASIC-OPEN", f"the first lay-down is worth {melded} points, "
                                                    f"{minimum} needed: met"))
        return solution_of(hand, variant, arrangement, legal=legal, reasons=reasons, solver=solver,
                         score=score, opened=opened, discard=discard,
                         facts={"can_go_out": goes_out and legal})

    def solve_table(self, scenario: Scenario, seat: int, hand: tuple[Card, ...], *, find: PlayFinder,
                    solver: str) -> Solution:
        variant = self.variant
        player = scenario.players[seat]
        score, opened = player.score, player.opened
        assert scenario.turn is not None
        max_melds = 1 if variant.option("melds_per_turn") == "one" else None
        allow = self.could_lay_off(melded=False, opened_before=opened)  # else only with melds of his own
        discard_required = bool(variant.option("out_discard_required"))
        took = scenario.turn.took if scenario.turn.drew == "discard" else None
        reasons: list[Reason] = []
        if scenario.turn.drew == "none":
            reasons.append(Reason("BASIC-TURN", f"{scenario.turn.player} has not drawn yet: the turn starts with a "
                                                "draw; the answer is for the hand as it is"))
        candidates: list[tuple[tuple[int, int, int, int, int], Card | None]] = []
        options: list[Card | None] = [] if discard_required else [None]
        options += [c for c in sorted(set(hand)) if c != took or Counter(hand)[c] > 1]
        best: tuple[tuple[int, int, int, int, int], Card | None, PlayFound] | None = None
        # (lay-offs allowed, least new melds): with layoff_before_meld = false, or an opening
        # minimum, a player who has not opened may lay off only together with a meld of his own
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
            return table_solution(variant, hand, (), (), hand, legal=False, reasons=reasons, score=score, opened=opened)
        _, discard, (_, melds, layoffs, deadwood) = best
        legal = scenario.turn.drew != "none"
        minimum = 0 if opened else int(variant.option("opening_points") or 0)
        if minimum and (melds or layoffs):  # lay-offs count nothing toward it
            worth = sum(variant.card_points(c) for m in melds for c in m.stands_for)
            met = worth >= minimum
            legal = legal and met
            reasons.append(Reason("BASIC-OPEN", f"the first lay-down is worth {worth} points, {minimum} needed"
                                                + (": met" if met else "")))
        if layoffs:
            reasons.append(Reason("BASIC-LAYOFF", f"{len(layoffs)} card(s) laid off on table melds"))
        goes_out = not deadwood
        if goes_out:
            reasons.append(Reason("BASIC-OUT", "no cards left: goes out"
                                  + (f" discarding {discard}" if discard else "")))
        else:
            reasons.append(Reason("BASIC-OUT", f"cannot go out this turn: {len(deadwood)} cards "
                                               f"({variant.points(deadwood)} points) stay in hand"))
        if took is not None:
            reasons.append(Reason("BASIC-DISCARD", f"{took} was taken from the discard pile and is not discarded"))
        return table_solution(variant, hand, melds, layoffs, deadwood, legal=legal, reasons=reasons, score=score,
                         opened=opened, discard=discard, facts={"can_go_out": goes_out and legal})


    def score_hand(self, sheet: Sheet, end: HandEnd) -> HandScore:
        from rummycheck.games.scoring import HandScore, Ledger, check_player, counted, finish_sheet, unexpected

        variant = sheet.variant
        ledger = Ledger(sheet)
        if end.stalemate:
            if end.out is not None or end.rummy:
                raise ScenarioError("a stalemate has nobody going out (and nobody going rummy)")
            ledger.add(None, 0, "BASIC-STALEMATE", "stalemate: nobody scores")
            return HandScore(number=sheet.hands + 1, before=sheet, after=finish_sheet(sheet, ledger),
                             lines=tuple(ledger.lines))
        winner = check_player(sheet, end.out, "went out (or set stalemate)")
        if end.cards.get(winner) or end.points.get(winner):
            raise ScenarioError(f"player {winner!r} went out, so he holds no points (BASIC-OUT)")
        others = [n for n in sheet.names if n != winner]
        unexpected(sheet, end, set(others) | {winner})
        total = 0
        for name in others:
            points, how = counted(sheet, end, name, rule="BASIC-SCORE")
            total += points
            ledger.add(winner, points, "BASIC-SCORE", f"{name} holds {how}")
        if end.rummy:
            factor = int(variant.option("rummy_multiplier") or 1)
            ledger.add(winner, total * (factor - 1), "BASIC-RUMMY",
                       f"went rummy: the hand's {total} points count {factor} times")
        target = basic_target(variant, len(sheet.players))
        champion: str | None = None
        if ledger.scores[winner] >= target:
            champion = winner
            ledger.add(winner, 0, "BASIC-TARGET",
                       f"{ledger.scores[winner]} reaches {target} ({len(sheet.players)} players): wins the game")
        after = finish_sheet(sheet, ledger, won=winner, winner=champion, finished=champion is not None)
        return HandScore(number=sheet.hands + 1, before=sheet, after=after, lines=tuple(ledger.lines),
                         hand_winner=winner)


def _layoffs_alone(name: str, minimum: int) -> Reason:
    return Reason("BASIC-OPEN", f"{name} has laid off but not melded: lay-offs count nothing toward the first "
                                f"lay-down's {minimum} points, so a first lay-down needs melds worth {minimum}")
