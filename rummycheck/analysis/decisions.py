"""A record reviewed on one scale: each decision's move against every legal move, by rollouts.

``review_decisions(record)`` replays the record and, at every decision of the reviewed
players, values every legal move and the move played with ``evaluate`` (expected net
points for the hand, determinized rollouts over what the player could know, common
random numbers, the race).  Each decision gives one ``Decision``: the move played, its
rank among the moves, and how many points it is behind the best, with that loss's paired
95% interval.  A grade is given only where the whole interval clears its threshold:

=========== ====================================
grade       the loss's 95% interval is above
=========== ====================================
inaccuracy  2 points
mistake     5 points
blunder     10 points
=========== ====================================

(points of the one scale, as backgammon programs grade equity lost at fixed steps).  A
decision with one legal move is forced: listed, not graded, left out of the rates.  Per
player: the decisions, the error rate (the mean loss per decision that was not forced)
and the accuracy (the share of those where the move played was not shown behind the
best).

The error rate is the mean of the **held-out** losses (``evaluate.held_out_loss``): the
best move chosen on four of five folds of a decision's samples, the loss measured on the
fifth, in turn (cross-fitted).  The loss against the leader of all the samples carries the
winner's curse (the leader is the move whose noise ran highest, so a decision with many
near-equal moves charges even a perfect move a few points), and that charge, not the play,
decided which bot looked better.  A held-out loss is noisy and may be below 0, but its mean
is fair, erring low.  Where a take is valued by its best of several lines, the line and the
move are chosen on different folds (``evaluate.grouped_held_out_loss``).

Memory is one table at a time; the record's length is bounded as ``review``'s.

**Luck and the luck-adjusted result** (as backgammon programs separate the dice from the
play).  A player's **result** is his net points over the hands the record scores.  Were
the evaluator perfect, every change in his expected points would be either luck (the deal,
the draws, cards coming to light) or a decision: his own moves lose what they are behind
the best, and the other players' moves give away what theirs are behind (the scale is net
of the others, so their losses are his gain).  So the **luck-adjusted result** is the
mean of the other reviewed players' losses less his own, and his **luck** is the result
less that.  Losses are paired differences over the same samples, far more precise than
the values themselves, which is why the luck is found this way round rather than by adding
up the value changes at each draw.  The 95% interval adds the variances of the losses
(read back from their intervals) as independent.  Only hands the record scores count,
and only the players reviewed (review them all for a fair figure); with more than two
players, another player's loss is shared among his opponents, which is an approximation.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, Future
from dataclasses import dataclass, replace

from rummycheck.analysis.evaluate import MAX_SAMPLES, UNIT, Evaluation, MoveValue, evaluate, net_points
from rummycheck.cards import Card
from rummycheck.errors import RecordError
from rummycheck.sim.stats import Z95, Interval
from rummycheck.table.actions import Action, ActionKind
from rummycheck.table.plays import read_action
from rummycheck.table.replay import HandRun, IllegalAction, Record, Replay, replay
from rummycheck.table.state import GameState

__all__ = ["GRADES", "MAX_ACTIONS", "Decision", "DecisionReview", "PlayerRates", "refuse_absurd", "review_decisions"]

#: (grade, the points the loss's whole interval must clear), worst first
GRADES: tuple[tuple[str, float], ...] = (("blunder", 10.0), ("mistake", 5.0), ("inaccuracy", 2.0))
#: the most actions a record may hold to be reviewed (either review); replay has no bound
MAX_ACTIONS = 10_000
#: a second look (``_second_look``) takes this many times the review's budget of rollouts a move
SECOND_LOOK = 4

#: a decision valued: its evaluation, and the second look at the move played where the first samples graded it
_Valued = tuple[Evaluation, MoveValue | None]


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision: where, who, the move played and the best, the loss with its interval."""

    hand: int
    action: int  # 1-based number of the (first) action of the move in its hand
    player: str
    played: Action
    best: Action
    rank: int  # 1 + the number of moves valued above the move played
    moves: int  # the moves open to him: the legal moves listed, and the move played when none of them is it
    loss: float
    loss_low: float
    loss_high: float
    value: float  # the move played, expected net points
    samples: int
    grade: str | None
    best_value: float = 0.0  # the position's value for the player: his best move's
    candidates: tuple[MoveValue, ...] = ()  # every move valued, best first
    held_out: float = 0.0  # the loss on samples the best was not chosen on (``evaluate.held_out_loss``)
    top: Card | None = None  # the card a take would have taken (the discard pile's top), if any
    #: rollouts of the second look, the fresh samples a grade must bear out (``_second_look``):
    #: then the loss, its interval, the held-out loss, the grade and ``samples`` are the second
    #: look's, the value, the rank and ``candidates`` the first's; 0 when there was none
    second_look: int = 0

    @property
    def forced(self) -> bool:
        return self.moves == 1

    @property
    def best_held_out(self) -> float:
        """The held-out loss of the best move (``candidates[0]``, as ``Evaluation.best``): what a
        player who played it is charged, the decision's share of the best play's rate; 0 with no
        candidates."""
        return self.candidates[0].held_out if self.candidates else 0.0


@dataclass(frozen=True, slots=True)
class PlayerRates:
    name: str
    decisions: int  # not forced
    forced: int
    #: mean held-out loss per decision not forced (points; see the module docstring); None when he
    #: had no such decision (a rate over nothing is no rate)
    error_rate: float | None
    #: share of decisions not forced where the move played was not shown behind the best; None as above
    accuracy: float | None
    inaccuracies: int
    mistakes: int
    blunders: int
    hands: int = 0  # hands scored in the record that the player played
    result: float = 0.0  # his net points over those hands (the one scale)
    #: points his deals and stock draws brought (see the module docstring); None when the record
    #: scores no hand of his (nothing to split into luck and skill)
    luck: Interval | None = None
    adjusted: Interval | None = None  # the luck-adjusted result; None as above
    #: the error rate the review's own best moves would get in the same decisions (each decision's
    #: best move's held-out loss, averaged as ``error_rate``): where the rate puts play the review
    #: cannot fault; not 0 (the held-out loss errs low in wide decisions, and may err high where a
    #: take is worth its best of several lines); None as ``error_rate``
    best_rate: float | None = None


@dataclass(frozen=True, slots=True)
class DecisionReview:
    source: str
    unit: str
    samples: int
    seed: int
    decisions: tuple[Decision, ...]
    players: tuple[PlayerRates, ...]
    illegal: IllegalAction | None = None
    rollout: str = ""  # the rollout bots as asked (``evaluate.rollout_bots``); "" for the game's default
    #: the record's stated scores that the rules do not give, each a located line (``Replay.mismatches``)
    mismatches: tuple[str, ...] = ()


class _Luck:
    """Each player's result, skill and luck over the record (see the module docstring)."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = tuple(names)
        self.result = dict.fromkeys(names, 0.0)
        self.hands = dict.fromkeys(names, 0)
        self.lost = dict.fromkeys(names, 0.0)  # over scored hands: the points his moves were behind the best
        self.variance = dict.fromkeys(names, 0.0)
        self.new_hand()

    def new_hand(self) -> None:
        self.hand_lost = dict.fromkeys(self.names, 0.0)
        self.hand_variance = dict.fromkeys(self.names, 0.0)

    def decision(self, name: str, loss: float, low: float, high: float) -> None:
        self.hand_lost[name] += loss
        self.hand_variance[name] += ((high - low) / (2 * Z95)) ** 2  # read back from the 95% interval

    def scored(self, nets: dict[str, float]) -> None:
        for name, net in nets.items():
            self.hands[name] += 1
            self.result[name] += net
            self.lost[name] += self.hand_lost[name]
            self.variance[name] += self.hand_variance[name]

    def adjusted(self, name: str) -> Interval:
        """The luck-adjusted result: the mean of the others' losses less his own."""
        others = [o for o in self.names if o != name]
        value = -self.lost[name]
        variance = self.variance[name]
        if others:
            value += sum(self.lost[o] for o in others) / len(others)
            variance += sum(self.variance[o] for o in others) / len(others) ** 2
        half = Z95 * variance ** 0.5
        return Interval(value, value - half, value + half)

    def of(self, name: str) -> Interval:
        """His luck: the result less the luck-adjusted result."""
        skill = self.adjusted(name)
        return Interval(self.result[name] - skill.value, self.result[name] - skill.high,
                        self.result[name] - skill.low)


def refuse_absurd(record: Record, limit: int = MAX_ACTIONS) -> int:
    """The record's number of actions; a ``RecordError`` past ``limit`` (either review's bound)."""
    actions = sum(len(hand.actions) for hand in record.hands)
    if actions > limit:
        raise RecordError(f"{record.source}: the record holds {actions} actions in {len(record.hands)} hand(s); "
                          f"review judges at most {limit} (a whole game is a few hundred); replay checks "
                          "a record of any length")
    return actions


def _grade(low: float) -> str | None:
    """The grade whose step the interval's low end clears; a loss exactly on a step (an exact 10 with
    no spread, summed in floating point as 10.000000000000002) does not clear it."""
    for grade, points in GRADES:
        if low > points + 1e-9:
            return grade
    return None


def _as_played(action: Action) -> Action:
    """The move as ``legal_actions`` lists it: a draw or take without its card, a knock with the
    judge's melds when it declares none."""
    if action.kind in (ActionKind.DRAW, ActionKind.TAKE):
        return Action(action.kind, action.player)
    return action


def _position(state: GameState) -> tuple[object, ...]:
    """What a move leaves, whatever the order its melds and lay-offs were named in: each hand, and
    the table's melds as a multiset (their owner and cards, wild cards with what they stand for)."""
    hands = tuple(tuple(sorted(p.hand)) for p in state.players)
    table = sorted((t.owner or "", tuple(sorted(str(t.meld).split()))) for t in state.table)
    return hands, tuple(table), state.phase, state.current


def _listed_as(move: Action, moves: Sequence[Action], state: GameState) -> Action:
    """The listed legal move that is ``move`` (as played) in another wording: melds or lay-offs
    named in another order, or a knock naming the melds the judge would choose itself; ``move``
    itself when none is.  Valued as one candidate, not two (a lay-down named in its own order
    was raced against its listed twin, and a knock with its melds against the bare knock)."""
    if move in moves:
        return move
    cards = sorted(move.cards)
    twins = [m for m in moves if m.kind is move.kind and m.card == move.card and sorted(m.cards) == cards]
    if not twins:
        return move
    after = _position(state.apply(move))
    return next((m for m in twins if _position(state.apply(m)) == after), move)


@dataclass(frozen=True, slots=True)
class _Asked:
    """A decision to value: where, whose, the move played and the legal moves (``listed``: the
    legal move that is the one played, in the engine's wording, which the move is valued as)."""

    hand: int
    action: int
    player: str
    move: Action
    moves: tuple[Action, ...]
    state: GameState
    listed: Action


@dataclass(frozen=True, slots=True)
class _HandEnd:
    nets: dict[str, float] | None  # each reviewed player's net points, None for a hand the record leaves open


def _decisions(record: Record, played: Replay, names: Sequence[str]) -> Iterator[_Asked | _HandEnd]:
    """The decisions of ``names`` in order, each hand closed by its ``_HandEnd``."""
    sheet = played.start
    for index, hand in enumerate(played.hands):
        run = HandRun(record, index, sheet, hand.dealer)
        for first, end in run.steps():
            state: GameState = run.state
            actor = run.hand.actions[first].actor
            if actor not in names or state.is_over or state.player.name != actor or not state.player.known:
                continue
            text = "; ".join(a.text for a in run.hand.actions[first:end])
            move = _as_played(read_action(text, state))
            moves = tuple(state.legal_actions())
            yield _Asked(index + 1, first + 1, actor, move, moves, state.copy(), _listed_as(move, moves, state))
        nets = None
        if hand.score is not None:
            playing = {p.name for p in hand.score.before.players if not p.out}
            nets = {name: net_points(run.game, hand.score, name) for name in names if name in playing}
            sheet = hand.score.after
        yield _HandEnd(nets)


def _value(asked: _Asked, samples: int, seed: int, rollout: str | None) -> _Valued:
    """One decision valued (a task: the same in this process or a worker), and its second look.

    A move the race left behind early, on fewer rollouts than ``samples``, is valued again
    against the best with the whole budget when it would be graded or its loss looks like one
    (the mean past the lowest grade's threshold, the interval not yet clear of it): an early
    separation is one look of many, and neither a grade nor its absence should rest on it.

    The second look (``_second_look``): where the first samples grade the move played, it
    against the best on fresh samples; None where they do not."""
    listed = list(asked.moves) if asked.listed in asked.moves else [*asked.moves, asked.listed]
    found = _as_worded(evaluate(asked.state, samples=samples, seed=seed, rollout=rollout, candidates=listed,
                                min_samples=min(32, samples)), asked)
    mine = found.of(asked.move)
    lowest = GRADES[-1][1]
    if mine.samples < samples and (mine.loss_low > lowest or mine.loss > lowest):
        best = asked.listed if found.best.action == asked.move else found.best.action
        again = _as_worded(evaluate(asked.state, samples=samples, seed=seed, rollout=rollout,
                                    candidates=[best, asked.listed], min_samples=samples), asked)
        redone = {c.action: c for c in again.candidates}
        rows = sorted((redone.get(c.action, c) for c in found.candidates), key=lambda r: (r.loss, -r.value))
        found = replace(found, candidates=tuple(rows), samples=max(found.samples, again.samples))
    return found, _second_look(asked, found, samples, seed, rollout)


def _second_look(asked: _Asked, found: Evaluation, samples: int, seed: int,
                 rollout: str | None) -> MoveValue | None:
    """The move played against the best move of ``found`` on ``SECOND_LOOK`` times the budget of
    fresh samples, where the first samples grade it: a grade is a claim, and it is made only as
    fresh samples bear it out.

    A review values many decisions, so now and then the interval of a move that loses little
    clears a threshold by chance on the samples that also picked the best (16.5 [4.5, 28.6], a
    Bing opening that loses nothing by hand).  The fresh samples (``second_seed``) did not pick
    the best, so its lead there is not inflated by the pick: an unbiased loss against that move,
    no more than the loss against the true best.  The grade, the loss and its interval are then
    the second look's, which may grade lower, higher or not at all.  A decision the first
    samples do not grade makes no claim and gets no second look (a look at those too would grade
    small losses that the first samples could not tell apart, and more of the moves a competent
    player finds plain: docs/review-checks.md).  None: no grade, the move played is the best,
    or the decision is forced."""
    mine = found.of(asked.move)
    if found.best.action == asked.move or len(found.candidates) == 1 or _grade(mine.loss_low) is None:
        return None
    budget = min(MAX_SAMPLES, SECOND_LOOK * samples)
    again = _as_worded(evaluate(asked.state, samples=budget, seed=second_seed(seed), rollout=rollout,
                                candidates=[found.best.action, asked.listed], min_samples=budget), asked)
    played = again.of(asked.move)
    if again.best.action != asked.move:
        return played
    # on the fresh samples the move played came out ahead: its loss is the other's lead, turned round
    other = again.candidates[1]
    return replace(played, loss=-other.loss, loss_low=-other.loss_high, loss_high=-other.loss_low)


def second_seed(seed: int) -> int:
    """The seed of a second look's fresh samples: never the review's own (``-seed - 1`` differs from
    ``seed`` for every whole number)."""
    return -seed - 1


def _as_worded(found: Evaluation, asked: _Asked) -> Evaluation:
    """``found`` with the listed twin of the move played shown as the player worded it."""
    if asked.listed == asked.move:
        return found
    return replace(found, candidates=tuple(replace(c, action=asked.move) if c.action == asked.listed else c
                                           for c in found.candidates))


def _valued(items: Iterator[_Asked | _HandEnd], *, samples: int, seed: int, rollout: str | None,
            executor: Executor | None, window: int) -> Iterator[_HandEnd | tuple[_Asked, _Valued]]:
    """The items in order, each decision with its evaluation (at most ``window`` in flight)."""
    if executor is None:
        for item in items:
            yield item if isinstance(item, _HandEnd) else (item, _value(item, samples, seed, rollout))
        return
    flight: deque[tuple[_Asked | _HandEnd, Future[_Valued] | None]] = deque()
    for item in items:
        if isinstance(item, _HandEnd):
            flight.append((item, None))
        else:
            flight.append((item, executor.submit(_value, item, samples, seed, rollout)))
        while sum(1 for _, f in flight if f is not None) > max(1, window) or (flight and flight[0][1] is None):
            yield _done(flight.popleft())
    while flight:
        yield _done(flight.popleft())


def _done(entry: tuple[_Asked | _HandEnd, Future[_Valued] | None]) -> _HandEnd | tuple[_Asked, _Valued]:
    item, future = entry
    if isinstance(item, _HandEnd):
        return item
    assert future is not None
    return item, future.result()


def review_decisions(record: Record, *, players: Sequence[str] | None = None, samples: int = 96, seed: int = 1,
                     rollout: str | None = None, executor: Executor | None = None,
                     max_actions: int = MAX_ACTIONS, window: int = 8,
                     progress: Callable[[int, int], None] | None = None) -> DecisionReview:
    """Review every decision of ``players`` (default: all) in ``record`` (see the module docstring).

    With an ``executor`` the decisions are valued in parallel, ``window`` of them in flight at
    once (each a state copy: memory stays bounded), each valued by one worker exactly as
    without one, so the answer is the same for any executor.  ``progress(done, total)`` is told
    the record's actions judged so far after each decision."""
    if type(samples) is not int or not 1 <= samples <= MAX_SAMPLES:
        raise RecordError(f"samples must be a whole number from 1 to {MAX_SAMPLES:,}, not {samples!r}")
    if type(window) is not int or window < 1:
        raise RecordError(f"window (decisions valued at once) must be 1 or more, not {window!r}")
    unknown = [n for n in players or () if n not in record.players]
    if unknown:
        raise RecordError(f"{record.source}: no player {unknown[0]!r} in the record "
                          f"(players: {', '.join(record.players)})")
    names = tuple(n for n in record.players if not players or n in players)
    total = refuse_absurd(record, max_actions)
    played = replay(record)
    if played.illegal is not None:
        return DecisionReview(record.source, UNIT, samples, seed, (), (), played.illegal, rollout or "")
    decisions: list[Decision] = []
    luck = _Luck(names)
    for item in _valued(_decisions(record, played, names), samples=samples, seed=seed, rollout=rollout,
                        executor=executor, window=window):
        if isinstance(item, _HandEnd):
            if item.nets is not None:
                luck.scored(item.nets)
            luck.new_hand()
            continue
        asked, (result, second) = item
        if progress is not None:
            progress(sum(len(h.actions) for h in record.hands[:asked.hand - 1]) + asked.action, total)
        move = asked.move
        # the moves open to him: the listed ones, and the move played where none of them is it (a
        # defender's lay-offs short of the listed best, say): then he had a choice, even beside one listed
        count = len(asked.moves) + (asked.listed not in asked.moves)
        mine = result.of(move)
        rank = 1 + sum(1 for c in result.candidates if c.action != move and c.value > mine.value)
        # the loss and its grade: the second look's where there was one (its best was picked on other
        # samples, so its plain loss is a held-out loss too)
        lost = mine if second is None else replace(second, held_out=second.loss)
        decisions.append(Decision(asked.hand, asked.action, asked.player, move, result.best.action, rank,
                                  count, lost.loss, lost.loss_low, lost.loss_high, mine.value, lost.samples,
                                  None if count == 1 else _grade(lost.loss_low), result.best.value,
                                  result.candidates, lost.held_out,
                                  asked.state.top_discard, 0 if second is None else second.samples))
        luck.decision(asked.player, lost.loss, lost.loss_low, lost.loss_high)
    rates = []
    for name in names:
        theirs = [d for d in decisions if d.player == name and not d.forced]
        forced = sum(1 for d in decisions if d.player == name and d.forced)
        grades = [d.grade for d in theirs]
        scored = luck.hands[name] > 0
        rates.append(PlayerRates(name, len(theirs), forced,
                                 sum(d.held_out for d in theirs) / len(theirs) if theirs else None,
                                 sum(1 for d in theirs if d.loss_low <= 0) / len(theirs) if theirs else None,
                                 grades.count("inaccuracy"), grades.count("mistake"), grades.count("blunder"),
                                 luck.hands[name], luck.result[name], luck.of(name) if scored else None,
                                 luck.adjusted(name) if scored else None,
                                 sum(d.best_held_out for d in theirs) / len(theirs) if theirs else None))
    return DecisionReview(record.source, UNIT, samples, seed, tuple(decisions), tuple(rates), None, rollout or "",
                          tuple(played.mismatches))
