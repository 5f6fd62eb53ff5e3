"""Bing Rummy: every BING- behaviour (two decks, deuces wild, 14 cards, the 75-point limit).

The opening (BING-OPEN) needs ``opening_melds`` melds in one turn; melding and laying off
must keep score plus the points left in hand within the limit (BING-LIMIT), and so must
every later draw and discard (BING-LIMIT-HOLD); a meld turn has no draw (BING-MELD-TURN);
a hand's end adds the points left to the others' running scores, busts players over the
limit and lets them buy back in (BING-SCORE, BING-BUST, BING-BUYBACK, BING-WIN).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rummycheck.cards import Card
from rummycheck.errors import CannotTell, IllegalPlayError, ScenarioError
from rummycheck.games.base import (
    Game,
    LimitCheck,
    PlayerView,
    SeatCount,
    TableView,
    arrange,
    solution_of,
    table_solution,
)
from rummycheck.games.solve import best_discard
from rummycheck.melds import Meld, TableMeld
from rummycheck.results import LayOff, Reason, Solution
from rummycheck.solvers.base import Finder, PlayFinder, TableQuestion

if TYPE_CHECKING:  # a solve needs neither a scenario nor a score sheet: those load where used
    from rummycheck.games.scoring import HandEnd, HandScore, Sheet
    from rummycheck.position import Scenario

__all__ = ["Bing"]


class Bing(Game):
    name = "bing"
    DEAL = "BING-DEAL"
    TURN = "BING-TURN"
    SET = "BING-SET"
    RUN = "BING-RUN"
    WILD = "BING-WILD"
    LAYOFF = "BING-LAYOFF"
    OUT = "BING-OUT"
    OPEN = "BING-OPEN"
    DISCARD = "BING-TURN"
    VALUES = "BING-VALUES"
    BUST = "BING-BUST"
    REPAIRABLE = frozenset({"BING-LIMIT", "BING-OPEN", "BING-LAYOFF"})
    has_opening = True
    has_limit = True
    players_bust = True
    points_are_penalties = True


    PLAYERS = "BING-DECK"
    cuts = True
    melds_instead_of_drawing = True
    CUT = "BING-DEAL"
    WIN = "BING-WIN"
    HAND_WIN = ("BING-OUT",)
    BUYBACK = "BING-BUYBACK"
    STRATEGY = "BING-STRATEGY"
    NOT_CAUGHT = frozenset({"BING-BUYBACK", "BING-WIN", "BING-BUST"})
    COUNTERS = (SeatCount("busts", "bust rate", "bust_games", per_game=True),
                SeatCount("buybacks", "buy-back rate", "buyback_games", per_game=True))
    points_words = "points caught"
    hand_won_words = "went out"
    default_bots = ("early", "common", "sandbag", "common")
    rollout_bot = "common"
    take_lines = "finishes"  # docs/advise.md: the best of a take's dozen lines was its luckiest
    evidence_beta = 0.25  # analysis/evidence.py says how it was chosen and checked
    game_chance_table = "bing_hands.toml"  # made by bench/bing_hand_points.py
    game_chance_model = "bust"
    END_KEYS = ("out", "buyback")

    def lays_down(self, state: TableView) -> bool:
        return True  # a meld turn instead of the draw (BING-MELD-TURN), or melds after it

    def cut_problems(self, state: TableView) -> list[str]:
        """BING-DEAL: only the player on the dealer's right cuts, and he keeps only a deuce."""
        cutters = [p for p in state.players if p.cut is not None]
        found = [f"{p.name} kept {p.cut} from the cut, but only a deuce is kept ({self.CUT})"
                 for p in cutters if p.cut is not None and not self.variant.is_wild(p.cut)]
        if len(cutters) > 1:
            found.append(f"{len(cutters)} players cut for a deuce; only the one on the dealer's right cuts "
                         f"({self.CUT})")
        return found

    def seat_size_problem(self, state: TableView, seat: int) -> str | None:
        """A player out of the game (BING-BUST) holds no hand to judge."""
        return None if state.players[seat].out else super().seat_size_problem(state, seat)

    def layoff_rule_problems(self, solution: Solution, scenario: Scenario) -> list[str]:
        problems = []
        if not solution.opened and not self.variant.option("layoff_in_opening"):
            problems.append("BING-LAYOFF: lay-offs in the opening turn, but layoff_in_opening is off")
        if not solution.opened and not solution.melds:
            problems.append("BING-LAYOFF: lay-offs without an opening")
        return problems

    @property
    def draw_after_meld_rule(self) -> str:
        return "BING-MELD-TURN"

    def take_problems(self, state: TableView, *, then: Card | None = None) -> list[Reason]:
        """BING-LIMIT-HOLD: taking the top discard is illegal when no discard that may follow keeps the limit.

        A Bing player who takes the top discard must discard another card in the same turn
        (BING-TURN; no meld after a draw, BING-MELD-TURN); when every such discard leaves
        score + hand over the limit, the take itself breaks the rule.  When the play names
        the discard that follows (``then``), that discard is judged with its own numbers.
        Unknown cards count as the cheapest and the dearest card.
        """
        player = state.player
        if then is None and state.discard_pile and player.hand and not player.unknown \
                and all(c == state.discard_pile[-1] for c in player.hand):
            return [Reason(self.TURN, f"after taking {state.discard_pile[-1]} {player.name} would hold no other card "
                                      "to discard (a copy of the card taken may not go back: BING-TURN)")]
        if then is not None or not state.discard_pile or not player.opened or not player.size:
            return []
        card = state.discard_pile[-1]
        held = [self.variant.card_points(c) for c in player.hand]
        total = sum(held) + self.variant.card_points(card)
        # the discard that follows is another card than the one taken, not a copy of it either
        others = [self.variant.card_points(c) for c in player.hand if c != card]

        def best_left(unknown_value: int) -> int:  # the dearest card held goes back out
            spare = others + ([unknown_value] if player.unknown else [])
            return total + player.unknown * unknown_value - max(spare)

        cheapest, dearest = self.card_value_bounds()
        best_low, best_high = best_left(cheapest), best_left(dearest)
        verdict = self._limit_between(state, player, best_low, best_high, hold=True, rule="BING-LIMIT-HOLD",
                                      what=f"after taking {card} the best discard leaves ")
        if verdict is None:
            if state.drew != "none" or state.melded:
                return []  # the turn order already forbids the take
            raise self._cannot_tell(state, player, best_low, best_high, hold=True, rule="BING-LIMIT-HOLD")
        return [] if verdict[0] else [verdict[1]]

    def draw_problems(self, state: TableView) -> list[Reason]:
        """BING-LIMIT-HOLD: drawing is illegal when no card it could bring lets a discard keep the limit.

        After a draw the turn ends with a discard (no meld: BING-MELD-TURN), and the card drawn
        may be the one thrown, so a player within his limit can always finish.  One already over
        it (a position given by hand: play never leaves him so) finishes only if a cheap enough
        card comes: when even the cheapest card, with the dearest card held thrown, leaves him
        over, the draw itself breaks the rule, as a take does (``take_problems``), and the legal
        moves never offer a draw after which no move is legal.  A draw that some cards would let
        him finish stays legal; the card named, if any, is judged by the discard that follows.
        Unknown cards in his hand count as the cheapest and the dearest card."""
        problems = super().draw_problems(state)
        player = state.player
        if problems or not player.opened or not player.size:
            return problems
        held = [self.variant.card_points(c) for c in player.hand]
        cheapest, dearest = self.card_value_bounds()

        def best_left(unknown_value: int) -> int:  # the cheapest card drawn, the dearest card then thrown
            cards = [*held, *[unknown_value] * player.unknown, cheapest]
            return sum(cards) - max(cards)

        low, high = best_left(cheapest), best_left(dearest)
        verdict = self._limit_between(state, player, low, high, hold=True, rule="BING-LIMIT-HOLD",
                                      what="even with the cheapest card drawn, the best discard leaves ")
        if verdict is None:
            raise self._cannot_tell(state, player, low, high, hold=True, rule="BING-LIMIT-HOLD")
        return [] if verdict[0] else [verdict[1]]

    def cannot_play_out(self, state: TableView) -> str | None:
        """An opened player over his limit before the draw, who may still draw (``draw_problems``: a
        cheap card would let him finish): a dearer card would leave him no legal discard, and a
        rollout that draws it could not go on."""
        player = state.player
        if not player.opened or not player.known or self.draw_problems(state):
            return None
        check = self.limit_check(score=player.score, points=self.variant.points(player.hand), hold=True)
        if check.ok:
            return None
        return (f"{player.name} is over his limit before the draw ({check.text}), a position play never reaches: "
                "some cards he could draw would leave him no legal discard, so rollouts cannot play it out")

    def _limit_between(self, state: TableView, player: PlayerView, low: int, high: int, *, hold: bool,
                       rule: str, what: str = "") -> tuple[bool, Reason] | None:
        """BING-LIMIT or BING-LIMIT-HOLD when the points left lie between ``low`` and ``high``
        (unknown cards): settled when both ends agree; else None, when something else already
        decides the play, and ``CannotTell`` naming the unknown cards is raised by the caller."""
        score = state.player.score
        if low == high:
            check = self.limit_check(score=score, points=low, hold=hold)
            return check.ok, Reason(rule, what + check.text)
        least = self.limit_check(score=score, points=low, hold=hold)
        most = self.limit_check(score=score, points=high, hold=hold)
        unknown = state.unknown_cards(player)
        cheapest, dearest = self.card_value_bounds()
        if most.ok:
            check = self.limit_check(score=score, points=high, hold=hold, bound="at most ")
            return True, Reason(rule, f"{what}{check.text} ({unknown}: counted at {dearest} a card)")
        if not least.ok:
            check = self.limit_check(score=score, points=low, hold=hold, bound="at least ")
            return False, Reason(rule, f"{what}{check.text} ({unknown}: counted at {cheapest} a card)")
        return None

    def _unsettled(self, state: TableView, player: PlayerView, low: int, high: int, *, hold: bool,
                   rule: str) -> Reason:
        """The limit between its bounds, for a play that another rule already decides."""
        score = state.player.score
        least = self.limit_check(score=score, points=low, hold=hold)
        most = self.limit_check(score=score, points=high, hold=hold)
        return Reason(rule, f"depends on {state.unknown_cards(player)}: {least.text} at the least, "
                            f"{most.text} at the most", settled=False)

    def _cannot_tell(self, state: TableView, player: PlayerView, low: int, high: int, *, hold: bool,
                     rule: str) -> CannotTell:
        reason = self._unsettled(state, player, low, high, hold=hold, rule=rule)
        return CannotTell(f"cannot tell: {reason}; name the cards to judge it", rule)

    def lay_down_rules(self, state: TableView, melds: Sequence[Meld], layoffs: Sequence[LayOff],
                       after: PlayerView, table: Sequence[TableMeld], problems: list[Reason],
                       passed: list[Reason]) -> None:
        variant = self.variant
        player = state.player
        if state.drew != "none":
            source = "stock" if state.drew == "stock" else "discard pile"
            problems.append(Reason("BING-MELD-TURN", f"{player.name} drew this turn (from the {source})"
                                                     " and may not meld in the same turn"))
        needed = self.melds_needed(False)
        opening = not player.opened or state.opened_this_turn
        if not player.opened:
            if len(melds) < needed:
                problems.append(Reason("BING-OPEN", f"an opening lays down at least {needed} melds, "
                                                    f"this lays down {len(melds)}"))
            else:
                passed.append(Reason("BING-OPEN", f"{len(melds)} melds, at least {needed} needed to open: met"))
        elif not state.opened_this_turn:
            passed.append(Reason("BING-OPEN", f"{player.name} opened in an earlier turn (already opened): "
                                              "does not apply"))
        if layoffs:
            if opening and not variant.option("layoff_in_opening"):
                problems.append(Reason("BING-LAYOFF", "lay-offs are not allowed in the opening turn "
                                                      "(layoff_in_opening = false)"))
            elif not player.opened and len(melds) < needed:
                problems.append(Reason("BING-LAYOFF", "lay-offs count only with a legal opening or after it"))
            else:
                passed.append(Reason("BING-LAYOFF", f"{len(layoffs)} card(s) laid off on the table"))
        low, high = self.points_range(after)
        verdict = self._limit_between(state, after, low, high, hold=False, rule="BING-LIMIT")
        if verdict is not None:
            (passed if verdict[0] else problems).append(verdict[1])
        elif not problems:  # nothing else decides the play: it turns on the unknown cards
            raise self._cannot_tell(state, after, low, high, hold=False, rule="BING-LIMIT")
        else:
            passed.append(self._unsettled(state, after, low, high, hold=False, rule="BING-LIMIT"))

    def discard_problems(self, state: TableView, card: Card) -> list[Reason]:
        if state.melded and not self.variant.option("meld_turn_discard"):
            return [Reason("BING-MELD-TURN", "a meld turn has no discard (meld_turn_discard = false)")]
        if not state.melded and state.drew == "none":
            return [Reason("BING-TURN", "a discard follows a draw (stock or discard pile)")]
        return []

    def discard_limit(self, state: TableView, card: Card) -> tuple[bool, Reason] | None:
        player = state.player
        if not player.opened:
            return None
        after = state.after_removing(player, [card])
        low, high = self.points_range(after)
        verdict = self._limit_between(state, after, low, high, hold=True, rule="BING-LIMIT-HOLD")
        if verdict is None:
            raise self._cannot_tell(state, after, low, high, hold=True, rule="BING-LIMIT-HOLD")
        return verdict

    def end_turn_problems(self, state: TableView) -> list[Reason]:
        if not state.melded:
            return [Reason("BING-TURN", "only a meld turn ends without a discard")]
        if self.variant.option("meld_turn_discard"):
            return [Reason("BING-MELD-TURN", "a meld turn ends with a discard (meld_turn_discard = true)")]
        return []

    def opened_size_problem(self, size: int, most: int) -> str | None:
        least_down = 3 * self.melds_needed(False)
        if size > most - least_down:
            return (f"{size} cards, but a player who has opened laid down at least {least_down} "
                    f"of the {most}: at most {most - least_down} ({self.OPEN})")
        return None

    def could_lay_off(self, *, melded: bool, opened_before: bool) -> bool:
        """Lay-offs only in a meld turn (BING-MELD-TURN), in the opening one with ``layoff_in_opening``
        (BING-LAYOFF)."""
        return melded and (opened_before or bool(self.variant.option("layoff_in_opening")))

    def meld_bounds(self, opened: bool) -> tuple[int, int | None]:
        return max(1, self.melds_needed(opened)), None

    def table_questions(self, scenario: Scenario, hand: tuple[Card, ...], *, opened: bool,
                        discard: Card | None, every_discard: bool) -> list[TableQuestion]:
        """An opening needs its melds; lay-offs in the opening turn only with ``layoff_in_opening``."""
        allow = opened or bool(self.variant.option("layoff_in_opening"))
        return [TableQuestion(hand, tuple(scenario.table) if allow else (), self.melds_needed(opened))]

    def no_play_claim(self, solution: Solution, needed: int, what: str) -> str | None:
        if solution.opened or solution.melds:
            return None
        return f"no {what} lays down {needed} melds ({self.OPEN})"

    def melds_needed(self, opened: bool) -> int:
        return 0 if opened else int(self.variant.option("opening_melds") or 1)

    def running_score_problem(self, score: int) -> str | None:
        """BING-BUST: a score over the limit puts the player out of the game, as the hand's scoring does."""
        limit = int(self.variant.option("limit") or 0)
        if score > limit:
            return f"{score} is over the limit of {limit}: a player over it has busted out of the game (BING-BUST)"
        return None

    def limit_check(self, *, score: int, points: int, hold: bool = False, bound: str = "") -> LimitCheck:
        """BING-LIMIT (and, with ``hold``, BING-LIMIT-HOLD): may score + points left stand?"""
        variant = self.variant
        limit = int(variant.option("limit") or 0)
        strict = bool(variant.option("hold_strict" if hold else "limit_strict"))
        total = score + points
        ok = total < limit if strict else total <= limit
        relation = ("<" if ok else ">=") if strict else ("<=" if ok else ">")
        return LimitCheck(ok, f"score {score} + {bound}{points} left = {bound}{total} {relation} {limit}")

    def solution_problems(self, solution: Solution) -> list[str]:
        problems: list[str] = []
        if solution.melds and not solution.opened:
            needed = self.melds_needed(False)
            if len(solution.melds) < needed:
                problems.append(f"{self.OPEN}: an opening needs {needed} melds, the answer lays down "
                                f"{len(solution.melds)}")
        if solution.melds and solution.legal:
            check = self.limit_check(score=solution.score, points=self.variant.points(solution.deadwood))
            if not check.ok:
                problems.append(f"BING-LIMIT: the answer is called legal but {check.text}")
        return problems

    def solve_hand(self, hand: tuple[Card, ...], *, score: int, opened: bool, find: Finder, solver: str,
                   mask: int = 0) -> Solution:
        variant = self.variant
        needed = max(1, self.melds_needed(opened))
        reasons: list[Reason] = []
        discard: Card | None = None
        if variant.option("meld_turn_discard") and len(hand) > 1:
            # house rule: a meld turn ends with a discard, so one card is kept back for it
            best = best_discard(hand, variant, find, min_melds=needed)
            if best is not None:
                discard = best[0]
                reasons.append(Reason("BING-MELD-TURN", f"the meld turn ends with a discard: best discard {discard}"))
            arrangement = best[1] if best is not None else None
        else:
            arrangement = find(hand, variant=variant, min_melds=needed)
        if arrangement is None:
            if opened:
                reasons.append(Reason("BING-SET", "no set or run can be made from this hand; nothing to meld"))
            else:
                reasons.append(Reason("BING-OPEN", f"no arrangement lays down {needed} melds; "
                                                   "an opening needs at least "
                                                   f"{needed}, so meld nothing yet"))
            return solution_of(hand, variant, None, legal=False, reasons=reasons, solver=solver,
                             score=score, opened=opened, facts={"melds_needed": needed})
        check = self.limit_check(score=score, points=arrangement.points)
        if not opened:
            reasons.append(Reason("BING-OPEN", f"{len(arrangement.melds)} melds, at least {needed} "
                                               "needed to open: met"))
        if check.ok:
            reasons.append(Reason("BING-LIMIT", f"may meld: {check.text}"))
        else:
            reasons.append(Reason("BING-LIMIT", f"may not meld now: {check.text}"))
        if not arrangement.deadwood and check.ok:
            reasons.append(Reason("BING-OUT", "every card is melded: this goes out"))
        facts: dict[str, object] = {"melds_needed": needed, "goes_out": not arrangement.deadwood and check.ok}
        return solution_of(hand, variant, arrangement, legal=check.ok, reasons=reasons, solver=solver,
                         score=score, opened=opened, discard=discard, facts=facts)

    def solve_table(self, scenario: Scenario, seat: int, hand: tuple[Card, ...], *, find: PlayFinder,
                    solver: str) -> Solution:
        variant = self.variant
        player = scenario.players[seat]
        score, opened = player.score, player.opened
        assert scenario.turn is not None
        needed = self.melds_needed(opened)
        allow = opened or bool(variant.option("layoff_in_opening"))
        found = arrange(hand, scenario.table, variant, min_melds=max(needed, 0), allow_layoffs=allow, find=find)
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
            return table_solution(variant, hand, (), (), hand, legal=False, reasons=reasons, score=score, opened=opened,
                             facts={"melds_needed": needed})
        melds, layoffs, deadwood, points = found
        if not opened:
            reasons.append(Reason("BING-OPEN", f"{len(melds)} melds, at least {needed} needed to open: met"))
        if layoffs:
            reasons.append(Reason("BING-LAYOFF", f"{len(layoffs)} card(s) laid off on table melds"))
        if not allow and not opened:
            reasons.append(Reason("BING-LAYOFF", "no lay-offs in the opening turn (layoff_in_opening = false)"))
        check = self.limit_check(score=score, points=points)
        reasons.append(Reason("BING-LIMIT", ("may meld: " if check.ok else "may not meld now: ") + check.text))
        legal = check.ok and scenario.turn.drew == "none"
        if not deadwood and legal:
            reasons.append(Reason("BING-OUT", "every card is melded or laid off: this goes out"))
        return table_solution(variant, hand, melds, layoffs, deadwood, legal=legal, reasons=reasons, score=score,
                         opened=opened, facts={"melds_needed": needed, "goes_out": not deadwood and legal})

    def hand_counts(self, state: TableView, result: HandScore) -> list[tuple[str, str]]:
        """BING-BUST and BING-BUYBACK: who busted, who bought back in."""
        return [(n, "busts") for n in result.busted] + [(n, "buybacks") for n in result.bought_back]

    def score_hand(self, sheet: Sheet, end: HandEnd) -> HandScore:
        from rummycheck.games.scoring import HandScore, Ledger, check_player, counted, finish_sheet, unexpected

        variant = sheet.variant
        limit = int(variant.option("limit") or 0)
        playing = [p.name for p in sheet.players if not p.out]
        ledger = Ledger(sheet)
        if end.out is not None:
            check_player(sheet, end.out, "went out")
            if sheet.player(end.out).out:
                raise ScenarioError(f"player {end.out!r} is out of the game (BING-BUST) and cannot go out")
            if end.cards.get(end.out) or end.points.get(end.out):
                raise ScenarioError(f"player {end.out!r} went out, so he holds no points (BING-OUT)")
            ledger.add(end.out, 0, "BING-OUT", "went out: adds nothing")
        counting = [n for n in playing if n != end.out]
        unexpected(sheet, end, set(counting) | ({end.out} if end.out else set()))
        for name in counting:
            points, how = counted(sheet, end, name, rule="BING-VALUES")
            old = ledger.scores[name]
            ledger.add(name, points, "BING-SCORE", f"holds {how}: {old} + {points} = {old + points}")
        busted = [n for n in counting if ledger.scores[n] > limit]
        for name in busted:
            ledger.add(name, 0, "BING-BUST", f"{ledger.scores[name]} is over {limit}: out of the game")
        still_in = [n for n in playing if n not in busted]
        level = max((ledger.scores[n] for n in still_in), default=None)
        for name in end.buyback:
            sheet.player(name)
            if name not in busted:
                raise ScenarioError(f"player {name!r} did not bust in this hand, so he cannot buy back in "
                                    "(BING-BUYBACK)")
            if not variant.option("buyback"):
                raise IllegalPlayError("BING-BUYBACK: buying back in is switched off (buyback = false)")
            if level is None:
                raise IllegalPlayError(f"BING-BUYBACK: {name!r} cannot buy back in: nobody is left at "
                                       f"{limit} or less to buy back against")
        if len(set(end.buyback)) != len(end.buyback):
            raise ScenarioError("a player can buy back in only once a hand")
        if busted and level is not None:
            among = ", ".join(f"{n} {ledger.scores[n]}" for n in still_in)
            for name in busted:
                if name in end.buyback:
                    old = ledger.scores[name]
                    ledger.add(name, level - old, "BING-BUYBACK",
                               f"buys back in: {old} becomes {level}, the highest score at or below {limit} "
                               f"among the players still in ({among})")
        out_now = {p.name for p in sheet.players if p.out} | {n for n in busted if n not in end.buyback}
        remaining = [n for n in sheet.names if n not in out_now]
        winner: str | None = None
        finished = False
        if len(remaining) == 1 and len(sheet.players) > 1:
            winner, finished = remaining[0], True
            ledger.add(winner, 0, "BING-WIN", f"the only player at or below {limit}: wins the game")
        elif not remaining:
            finished = True
            ledger.add(None, 0, "BING-WIN", f"every player is over {limit}: nobody wins; start a new game")
        after = finish_sheet(sheet, ledger, out=out_now, won=end.out, winner=winner, finished=finished,
                        extra={n: 1 for n in end.buyback})
        return HandScore(number=sheet.hands + 1, before=sheet, after=after, lines=tuple(ledger.lines),
                         hand_winner=end.out, busted=tuple(busted),
                         buyback_level=level if busted else None, bought_back=tuple(end.buyback))
