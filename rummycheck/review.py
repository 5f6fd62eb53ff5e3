"""Post-game review: each decision of a player against the best choice the solvers find.

``review(record)`` replays the record through the one judge (``table.replay``); an illegal
record gives no review, only the replay's ``IllegalAction`` (its place and rule).  For a
legal record every step of every hand is replayed again, and each decision of a reviewed
player is judged from that player's view only: his own hand, the melds on the table, the
discard pile, the scores and the counts of cards, and the cards he saw go into another
hand (taken from the discard pile); never another hand or the order of the stock.

What is judged (``docs/review.md`` has the numbers and the reasons):

* a discard: the expected deadwood after the player's next draw, averaged over every card
  he has not seen, against the best legal discard; where no fast deadwood table exists
  (two decks, wilds) the deadwood left now, stated as such;
* the stock or the top discard (one-deck games): the deadwood at the end of the turn,
  exact for the top discard, averaged over the unseen cards for the stock;
* a lay-down (melds and lay-offs of one turn): the points left in hand at the end of the
  turn against the best legal lay-down (``solve_scenario``); a turn without a lay-down when
  a legal one would have left fewer points (a missed meld or lay-off);
* knocking games: a knock with more deadwood than the best knock, a turn that could have
  ended in gin or a knock and did not, and the defender's melds and lay-offs.

Findings are frozen values; the grade of a finding comes from ``GRADES``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from rummycheck.analysis.decisions import MAX_ACTIONS, refuse_absurd
from rummycheck.cards import Card, format_cards, full_deck
from rummycheck.errors import RecordError, RummyError
from rummycheck.games import game_of
from rummycheck.games.scoring import HandEnd, Sheet, new_sheet
from rummycheck.games.solve import solve_scenario
from rummycheck.position import PileInfo, Scenario, ScenarioPlayer, TurnInfo
from rummycheck.results import Solution
from rummycheck.solvers.deadwood import fast_tables, min_deadwood
from rummycheck.table.actions import ActionKind
from rummycheck.table.replay import HandRun, IllegalAction, Record, parse_action, replay
from rummycheck.table.scoring import score_hand
from rummycheck.table.state import GameState
from rummycheck.variants import Variant

__all__ = ["GRADES", "KNOCK_SAMPLES", "MAX_ACTIONS", "Fact", "Finding", "PlayerSummary", "Review", "grade_of", "review"]

#: (least points lost, grade), worst first; a loss below the last threshold is no finding
GRADES: tuple[tuple[float, str], ...] = ((10.0, "blunder"), (4.0, "mistake"), (1.0, "inaccuracy"))
#: hands of the defender sampled to value a knock that was not made
KNOCK_SAMPLES = 100
#: the most actions a reviewed record may hold: a whole simulated game is a few hundred to about
#: 1,300, and each judged decision asks the solvers (docs/review.md, "Limits")


def grade_of(lost: float) -> str | None:
    """The grade of ``lost`` points (None below the smallest threshold).

    >>> grade_of(10), grade_of(9.5), grade_of(4), grade_of(1), grade_of(0.5)
    ('blunder', 'mistake', 'mistake', 'inaccuracy', None)
    """
    for least, name in GRADES:
        if lost >= least - 1e-9:
            return name
    return None


#: one named value of a finding: a number, a card, a count, a name
Fact = int | float | str


@dataclass(frozen=True, slots=True)
class Finding:
    """One decision that lost points: where, what was done, the better choice and the numbers.

    ``measure`` says what ``lost`` is: ``exact`` (points in hand or deadwood, no unseen card
    involved), ``expected`` (an average over every card the player had not seen),
    ``at-least`` (a lower bound that holds whatever the unseen cards are) or ``sampled``
    (an average over ``KNOCK_SAMPLES`` seeded samples of the unseen cards).
    """

    player: str
    hand: int
    action: int
    where: str
    text: str
    kind: str
    better: str
    lost: float
    measure: str
    grade: str
    # what was measured, as named values: ``case`` says which comparison (the sentence
    # ``render.text.finding_detail`` makes of them), the rest its numbers, cards and counts
    case: str
    facts: tuple[tuple[str, Fact], ...] = ()
    reasons: tuple[str, ...] = ()

    def fact(self, name: str) -> Fact:
        return dict(self.facts)[name]


@dataclass(frozen=True, slots=True)
class PlayerSummary:
    """A reviewed player's totals: decisions judged, findings by grade, points lost."""

    name: str
    decisions: int
    inaccuracies: int
    mistakes: int
    blunders: int
    lost: float


@dataclass(frozen=True, slots=True)
class Review:
    """The review of a record: the findings in play order and a summary per reviewed player.

    ``illegal`` is the replay's first illegal action; then there are no findings.
    """

    source: str
    variant: Variant
    players: tuple[str, ...]
    findings: tuple[Finding, ...]
    summaries: tuple[PlayerSummary, ...]
    illegal: IllegalAction | None = None
    notes: tuple[str, ...] = ()

    @property
    def legal(self) -> bool:
        return self.illegal is None


# -- the review -------------------------------------------------------------------------------

def review(record: Record, *, players: Sequence[str] | None = None) -> Review:
    """Review every decision of ``players`` (default: everyone) in ``record``."""
    unknown = [n for n in players or () if n not in record.players]
    names = tuple(n for n in record.players if not players or n in players)  # seat order
    if unknown:
        raise RecordError(f"{record.source}: no player {unknown[0]!r} in the record "
                          f"(players: {', '.join(record.players)})")
    refuse_absurd(record, MAX_ACTIONS)
    played = replay(record)
    if played.illegal is not None:
        return Review(record.source, record.variant, names, (), (), played.illegal)
    findings: list[Finding] = []
    decisions: Counter[str] = Counter()
    notes: list[str] = [f"{m} (the review goes on with the rules' scores)" for m in played.mismatches]
    sheet = played.start
    for index, hand in enumerate(played.hands):
        run = HandRun(record, index, sheet, hand.dealer)
        _Judge(record, run, sheet, names, findings, decisions, notes).walk()
        if hand.score is not None:
            sheet = hand.score.after
    summaries = []
    for name in names:
        mine = [f for f in findings if f.player == name]
        grades = Counter(f.grade for f in mine)
        summaries.append(PlayerSummary(name, decisions[name], grades["inaccuracy"], grades["mistake"],
                                       grades["blunder"], float(sum(f.lost for f in mine))))
    return Review(record.source, record.variant, names, tuple(findings), tuple(summaries), None,
                  tuple(dict.fromkeys(notes)))


@dataclass
class _Step:
    first: int
    end: int
    before: GameState
    after: GameState
    verb: str
    actor: str


@dataclass
class _Judge:
    """Walks one hand step by step and judges the reviewed players' decisions."""

    record: Record
    run: HandRun
    sheet: Sheet  # the running scores before the hand
    names: tuple[str, ...]
    findings: list[Finding]
    decisions: Counter[str]
    notes: list[str]
    seen: dict[str, Counter[Card]] = field(default_factory=dict)  # cards known to be in each hand
    defence: GameState | None = None  # the table when the defender's turn after a knock began

    @property
    def variant(self) -> Variant:
        return self.run.variant

    def walk(self) -> None:
        run = self.run
        for player in run.state.players:  # Bing: the deuce kept from the cut was shown to all
            if player.cut is not None:
                self.seen.setdefault(player.name, Counter())[player.cut] += 1
        # one table kept at a time (the one before the step being judged): memory stays linear in the
        # hand's length, where a copy kept per step grew with its square
        previous: tuple[int, int, GameState] | None = None
        for first, end in run.steps():
            if previous is not None:
                self.step(*previous, run.state)
            previous = (first, end, run.state.copy())
        if previous is not None:
            self.step(*previous, run.state)

    def step(self, first: int, end: int, before: GameState, after: GameState) -> None:
        """Judge the step of actions ``first`` to ``end - 1`` (the table ``before`` and ``after`` it)."""
        run = self.run
        action = run.hand.actions[first]
        verb = parse_action(action.text, self.record.players).actions[0].verb
        step = _Step(first, end, before, after, verb, action.actor)
        if step.actor in self.names and before.player.known:
            self.judge(step)
        elif step.actor in self.names:
            self.notes.append(f"hand {run.index + 1}: {step.actor}'s decisions with unknown cards in hand "
                              "(a '?' card or an unknown draw) are not judged")
        self.track(before, after)

    def track(self, before: GameState, after: GameState) -> None:
        """Cards seen going into a hand (taken from the pile) and leaving it again."""
        for done in after.history[len(before.history):]:
            held = self.seen.setdefault(done.player, Counter())
            if done.kind is ActionKind.TAKE:
                held.update(done.cards)
            elif done.kind in (ActionKind.DISCARD, ActionKind.LAY_DOWN, ActionKind.KNOCK):
                # a lay-down lists its meld cards among its cards, a knock only its discard
                gone = Counter(done.cards) | Counter(c for m in done.melds for c in m.cards)
                held.subtract(gone)
                for card in [c for c, n in held.items() if n <= 0]:
                    del held[card]

    # -- what the player sees ------------------------------------------------------------------
    def unseen(self, state: GameState, name: str) -> Counter[Card]:
        """The cards ``name`` has not seen: the decks less his hand, the pile, the table and the
        cards he knows to be in another hand (taken from the pile; a knocker's hand lies face up)."""
        left = Counter({card: self.variant.decks for card in full_deck()})
        me = next(p for p in state.players if p.name == name)
        left.subtract(me.hand)
        left.subtract(state.discard_pile)
        for t in state.table:
            left.subtract(t.meld.cards)
        for seat, p in enumerate(state.players):
            if p.name == name:
                continue
            if seat == state.knocker:
                left.subtract(p.hand)
            else:
                left.subtract(self.seen.get(p.name, Counter()))
        return Counter({c: n for c, n in left.items() if n > 0})

    def scenario(self, state: GameState, name: str) -> Scenario:
        """The table as ``name`` sees it: his hand; the others' sizes (a knocker's hand is shown)."""
        players = []
        for seat, p in enumerate(state.players):
            shown = p.name == name or seat == state.knocker
            players.append(ScenarioPlayer(p.name, p.score, p.opened, tuple(p.hand) if shown else None, p.size,
                                          p.out, p.cut))
        knocked = state.phase == "layoff" and state.knocker is not None
        turn_player = state.players[state.knocker].name if knocked and state.knocker is not None \
            else state.player.name
        took = state.took if state.took is not None and state.took in state.player.hand else None
        turn = TurnInfo(turn_player, drew="stock" if knocked else state.drew, took=None if knocked else took,
                        melded=state.melded and not knocked, knocked=knocked)
        pile = PileInfo(tuple(state.discard_pile), state.stock, state.game.kept_upcard(state))
        return Scenario(self.record.source, self.variant, tuple(players), tuple(state.table), turn, pile)

    # -- judging -------------------------------------------------------------------------------
    def judge(self, step: _Step) -> None:
        game = game_of(self.variant)
        before = step.before
        if before.phase == "layoff" and self.defence is None:
            self.defence = before
        judged = False
        if before.phase == "layoff":
            judged = step.verb == "finish" and self.judge_defence(step)
        elif step.verb in ("draw", "take") and before.drew == "none" and not before.melded:
            if not game.knocks:
                judged = self.judge_missed_lay_down(step)
            judged = self.judge_draw(step) or judged
        elif step.verb in ("meld", "layoff") and not game.knocks:
            judged = self.judge_lay_down(step)
        elif step.verb == "discard":
            if not before.melded and before.drew != "none" and not game.knocks:
                judged = self.judge_missed_lay_down(step)
            if game.knocks:
                judged = self.judge_missed_knock(step) or judged
            judged = self.judge_discard(step) or judged
        elif step.verb == "knock":
            judged = self.judge_knock(step)
        if judged:
            self.decisions[step.actor] += 1

    def add(self, step: _Step, kind: str, better: str, lost: float, measure: str, case: str,
            facts: dict[str, Fact], reasons: Sequence[str] = ()) -> None:
        grade = grade_of(lost)
        if grade is None:
            return
        number = step.first + 1
        action = self.run.hand.actions[step.first]
        self.findings.append(Finding(step.actor, self.run.index + 1, number, self.run.where(number), action.text,
                                     kind, better, lost, measure, grade, case, tuple(facts.items()),
                                     tuple(reasons)))

    # points in hand at the end of the turn: the best legal discard follows, unless the turn may end
    # without one (a Bing meld turn) or the hand is over
    def end_of_turn_points(self, state: GameState) -> tuple[int, Card | None]:
        if state.phase == "over" or not state.player.hand:
            return 0, None
        if state.can_end_turn():
            return self.variant.points(state.player.hand), None
        options = [(self.variant.points(_less(state.player.hand, c)), c) for c in sorted(set(state.player.hand))
                   if state.can_discard(c)]
        if not options:
            return self.variant.points(state.player.hand), None
        points, card = min(options)
        return points, card

    def best_lay_down(self, state: GameState, name: str) -> Solution | None:
        """The best legal lay-down from ``state`` (the solver's), or None when none is legal."""
        best = solve_scenario(self.scenario(state, name))
        if not best.legal or not (best.melds or best.layoffs):
            return None
        return best

    def judge_lay_down(self, step: _Step) -> bool:
        best = self.best_lay_down(step.before, step.actor)
        if best is None:
            return False
        done, _ = self.end_of_turn_points(step.after)
        if done <= best.deadwood_points:
            return True
        after = step.after
        kind = "worse-meld"  # missed lay-offs when laying off more, after it, reaches the best
        if after.phase != "over" and after.player.name == step.actor:
            try:
                rest = self.best_lay_down(_reopened(after), step.actor)
                if rest is not None and rest.layoffs and not rest.melds \
                        and self.end_of_turn_points(_laid(after, rest))[0] <= best.deadwood_points:
                    kind = "missed-layoff"
            except RummyError:  # a further lay-down the table cannot take: the whole loss is the meld's
                pass
        lost = done - best.deadwood_points
        self.add(step, kind, _play_text(best), lost, "exact", "lay-down",
                 {"left": done, "best": best.deadwood_points}, [str(r) for r in best.reasons])
        return True

    def judge_missed_lay_down(self, step: _Step) -> bool:
        before = step.before
        best = self.best_lay_down(before, step.actor)
        if best is None:
            return False
        measure = "exact"
        held: float
        facts: dict[str, Fact] = {}
        if step.verb == "discard":
            held = self.end_of_turn_points(before)[0]
            case = "held-discard"
        elif step.verb == "take":
            held = self.end_of_turn_points(_took(before))[0]
            case, facts["took"] = "held-take", str(before.top_discard)
        else:
            unseen = self.unseen(before, step.actor)
            if not unseen:
                return False
            held = _expected_points(before.player.hand, unseen, self.variant)
            measure = "expected"
            case, facts["unseen"], facts["player"] = "held-draw", sum(unseen.values()), step.actor
        if held <= best.deadwood_points:
            return True
        kind = "missed-layoff" if best.layoffs and not best.melds else "missed-meld"
        self.add(step, kind, _play_text(best), held - best.deadwood_points, measure, case,
                 {"held": round(held, 2), **facts, "best": best.deadwood_points}, [str(r) for r in best.reasons])
        return True

    # -- draws and discards ---------------------------------------------------------------------------
    def judge_draw(self, step: _Step) -> bool:
        """The stock or the top discard, on the deadwood at the end of the turn (one-deck games)."""
        before = step.before
        variant = self.variant
        if before.game.offer_open(before) or fast_tables(variant) is None or not before.can_take_discard() \
                or not before.can_draw_stock():
            return False
        unseen = self.unseen(before, step.actor)
        took = _took(before)
        hand = took.player.hand
        options = [c for c in sorted(set(hand)) if took.can_discard(c)]
        if not unseen or not options:
            return False
        top = before.top_discard
        take = float(min(min_deadwood(_less(hand, c), variant=variant) for c in options))
        draw = _expected(before.player.hand, unseen, variant, {})
        count = sum(unseen.values())
        numbers: dict[str, Fact] = {"top": str(top), "take": take, "draw": round(draw, 2), "unseen": count,
                                    "player": step.actor}
        if step.verb == "take" and take > draw + 1e-9:
            self.add(step, "draw", "draw", take - draw, "expected", "draw", numbers)
        elif step.verb == "draw" and draw > take + 1e-9:
            self.add(step, "draw", f"take {top}", draw - take, "expected", "draw", numbers)
        return True


    def judge_discard(self, step: _Step) -> bool:
        before = step.before
        hand = before.player.hand
        chosen = self.run_card(step)
        options = [c for c in sorted(set(hand)) if before.can_discard(c)]
        if chosen is None or len(options) < 2:
            return False
        variant = self.variant
        now = {c: min_deadwood(_less(hand, c), variant=variant) for c in options}
        unseen = self.unseen(before, step.actor)
        fast = fast_tables(variant) is not None
        if fast and unseen:
            memo: dict[int, int] = {}
            value: dict[Card, float] = {c: _expected(_less(hand, c), unseen, variant, memo) for c in options}
            measure = "expected"
            case: str = "discard-next"
            facts: dict[str, Fact] = {"unseen": sum(unseen.values()), "player": step.actor}
        else:
            value = {c: float(v) for c, v in now.items()}
            measure = "exact"
            case, facts = ("discard-seen" if fast else "discard-now"), {}
            if not fast:
                self.notes.append("discards are judged on the deadwood left now: the average over the unseen "
                                  "cards needs the one-deck deadwood tables (one deck, no wilds)")
        best = min(options, key=lambda c: (value[c], now[c]))
        lost = value[chosen] - value[best]
        if lost <= 1e-9:
            return True
        facts.update({"chosen": str(chosen), "value": round(value[chosen], 2), "best": str(best),
                      "best_value": round(value[best], 2)})
        if measure == "expected":
            facts.update({"now": now[chosen], "best_now": now[best]})
        self.add(step, "discard", f"discard {best}", lost, measure, case, facts)
        return True

    def run_card(self, step: _Step) -> Card | None:
        play = parse_action(self.run.hand.actions[step.first].text, self.record.players)
        cards = play.actions[0].cards
        return cards[0] if cards else None

    # -- knocking games ----------------------------------------------------------------------------------
    def knocks(self, state: GameState) -> list[tuple[int, Card | None]]:
        """Every legal knock from ``state``: (deadwood, discard; None is a knock without a discard)."""
        hand = state.player.hand
        found: list[tuple[int, Card | None]] = []
        if state.can_knock(None):
            found.append((0, None))
        for card in sorted(set(hand)):
            if state.can_knock(card):
                found.append((min_deadwood(_less(hand, card), variant=self.variant), card))
        return sorted(found, key=lambda k: (k[0], k[1] is not None, k[1].index if k[1] else -1))

    def least_gin(self, state: GameState, name: str, *, big: bool = False) -> int:
        """The least a knock with no deadwood scores: against a defender holding nothing, on a
        sheet with no scores yet (the engine's lines)."""
        names = [p.name for p in state.players]
        other = next(n for n in names if n != name)
        result = score_hand(new_sheet(self.variant, names), HandEnd(knocker=name, points={name: 0, other: 0},
                                                                    upcard=state.game.kept_upcard(state), big_gin=big))
        return sum(line.points for line in result.lines if line.player == name) - \
            sum(line.points for line in result.lines if line.player == other)

    def judge_knock(self, step: _Step) -> bool:
        before, after = step.before, step.after
        options = self.knocks(before)
        if not options:
            return False
        knocker = next(p for p in after.players if p.name == step.actor)
        done = self.variant.points(knocker.hand)
        least, card = options[0]
        if done <= least:
            return True
        better = "knock" if card is None else f"knock {card}"
        if least == 0:
            bonus = self.least_gin(before, step.actor, big=card is None)
            self.add(step, "missed-gin", better, done + bonus, "at-least", "knocked-not-gin",
                     {"deadwood": done, "bonus": bonus})
            return True
        self.add(step, "knock-arrangement", better, done - least, "exact", "knock-arrangement",
                 {"deadwood": done, "least": least})
        return True

    def judge_missed_knock(self, step: _Step) -> bool:
        before = step.before
        options = self.knocks(before)
        if not options:
            return False
        least, card = options[0]
        better = "knock" if card is None else f"knock {card}"
        if least == 0:
            bonus = self.least_gin(before, step.actor, big=card is None)
            self.add(step, "missed-gin", better, bonus, "at-least", "gin-on", {"bonus": bonus})
            return True
        assert card is not None
        value, error, count = self.knock_value(before, step.actor, _less(before.player.hand, card))
        if value <= 0:
            return True
        self.add(step, "missed-knock", better, value, "sampled", "knock-on",
                 {"deadwood": least, "value": round(value, 2), "error": round(error, 2), "samples": count,
                  "player": step.actor})
        return True

    def knock_value(self, state: GameState, name: str, kept: tuple[Card, ...]) -> tuple[float, float, int]:
        """The knock's average score over sampled defender hands (seeded by hand and action),
        its standard error and the number of samples."""
        other = next(p for p in state.players if p.name != name)
        known = list(self.seen.get(other.name, Counter()).elements())
        unseen = list(self.unseen(state, name).elements())
        for card in known:
            if card in unseen:
                unseen.remove(card)
        need = other.size - len(known)
        if need < 0 or need > len(unseen):
            return 0.0, 0.0, 0
        rng = random.Random(f"{self.run.index}:{len(state.history)}")
        sheet = self.sheet
        scores = []
        for _ in range(KNOCK_SAMPLES):
            cards = tuple(known + rng.sample(unseen, need))
            result = score_hand(sheet, HandEnd(knocker=name, cards={name: kept, other.name: cards},
                                               upcard=state.game.kept_upcard(state)))
            scores.append(sum(ln.points for ln in result.lines if ln.player == name)
                          - sum(ln.points for ln in result.lines if ln.player == other.name))
        mean = sum(scores) / len(scores)
        spread = (sum((x - mean) ** 2 for x in scores) / (len(scores) - 1)) ** 0.5
        return mean, spread / len(scores) ** 0.5, len(scores)

    def judge_defence(self, step: _Step) -> bool:
        start = self.defence
        if start is None or start.knocker is None:
            return False
        best = solve_scenario(self.scenario(start, step.actor))
        done = self.variant.points(step.before.player.hand)
        if done <= best.deadwood_points:
            return True
        # both deadwood counts are known to the defender now (the knocker's lies face up), so the
        # hand's score is exact: the scoring engine, from the running scores before the hand
        knocker = start.players[start.knocker]
        big = any(r.kind is ActionKind.KNOCK and r.fact("big_gin") for r in start.history)
        kept, least = (self.defence_net(step.actor, knocker.name, self.variant.points(knocker.hand), d, big,
                                         start.game.kept_upcard(start)) for d in (done, best.deadwood_points))
        kind = "missed-layoff" if best.layoffs else "missed-meld"
        self.add(step, kind, _play_text(best), least - kept, "exact", "defence",
                 {"kept": done, "best": best.deadwood_points, "scores": kept, "best_scores": least},
                 [str(r) for r in best.reasons])
        return True

    def defence_net(self, name: str, knocker: str, knock: int, defence: int, big: bool,
                    upcard: Card | None) -> int:
        """The defender's points minus the knocker's for the hand, by the scoring engine."""
        result = score_hand(self.sheet, HandEnd(knocker=knocker, points={knocker: knock, name: defence},
                                                big_gin=big, upcard=upcard))
        return sum(ln.points for ln in result.lines if ln.player == name) - \
            sum(ln.points for ln in result.lines if ln.player == knocker)


# -- helpers ------------------------------------------------------------------------------------------

def _less(hand: Sequence[Card], card: Card) -> tuple[Card, ...]:
    rest = list(hand)
    rest.remove(card)
    return tuple(rest)


def _expected(kept: Sequence[Card], unseen: Counter[Card], variant: Variant, memo: dict[int, int]) -> float:
    """The deadwood after drawing one of the unseen cards (each copy equally likely) and the best
    discard.  One deck only (the fast tables' games): a card is its bit, a hand the sum of its bits."""
    base = sum(c.bit for c in kept)
    total = 0
    for card, copies in unseen.items():
        grown = (*kept, card)
        mask = base | card.bit
        best = None
        for drop in grown:
            rest = mask ^ drop.bit
            found = memo.get(rest)
            if found is None:
                found = memo[rest] = min_deadwood([c for c in grown if c is not drop], variant=variant)
            best = found if best is None or found < best else best
        total += copies * (best or 0)
    return total / sum(unseen.values())


def _expected_points(hand: Sequence[Card], unseen: Counter[Card], variant: Variant) -> float:
    """The points in hand after drawing one of the unseen cards (each copy equally likely) and
    discarding the card worth most."""
    total = 0
    for card, copies in unseen.items():
        grown = (*hand, card)
        total += copies * (variant.points(grown) - max(variant.card_points(c) for c in grown))
    return total / sum(unseen.values())


def _took(state: GameState) -> GameState:
    """``state`` after its player takes the top discard."""
    trial = state.copy()
    trial.take_discard()
    return trial


def _reopened(state: GameState) -> GameState:
    """``state`` as if its player's turn had just begun (to ask for a further lay-down)."""
    trial = state.copy()
    trial.melded = False
    return trial


def _laid(state: GameState, play: Solution) -> GameState:
    """``state`` after the lay-offs of ``play`` (a further lay-down of the same turn)."""
    trial = _reopened(state)
    trial.lay_down(play.melds, play.layoffs)
    return trial


def _play_text(solution: Solution) -> str:
    """A solver's play in the words of ``check --play``."""
    parts = []
    if solution.melds:
        parts.append("meld " + " / ".join(str(m) for m in solution.melds))
    for lo in solution.layoffs:
        card = str(lo.card) if lo.card == lo.stands_for else f"{lo.card}={lo.stands_for}"
        parts.append(f"layoff {card} on {lo.target}")
    if solution.discard is not None:
        parts.append(f"discard {solution.discard}")
    text = "; ".join(parts) or "nothing"
    return text + (f" (keeps {format_cards(solution.deadwood)})" if solution.deadwood else " (goes out)")

