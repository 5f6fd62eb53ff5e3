"""What a decision is worth: every legal move valued by determinized rollouts.

``evaluate(state)`` values each move of the player to move, on one scale: **the player's
expected net points for the hand** (his points from the hand less the mean of the
other players'; in Bing, where the points of a hand count against a player, with the
sign turned so that more is better).  Each sample is a full state drawn from what the
player knows: the known cards kept and the unseen ones dealt by ``evidence.draw_sample``,
weighed by what the other players did (``observe(...).determinize``, every unseen card
dealt uniformly, with ``evidence=False``).  Every candidate move is applied to the same
sample and the hand is played out by the shipped bots (``rollout``, by default the game's
rollout bot, ``Game.rollout_bot``: gin's ``expert-race``, a quick opponent), with the
same bot randomness: common random numbers, so the differences between moves are much
more precise than the values themselves.  ``rollout`` may also name a bot per player
(``rollout_bots``): ``"expert,B=knock"`` plays B's seat with ``knock`` and every other seat
with ``expert``, to value moves against an opponent known to play a certain way.

A take of a card in sight is valued by its **best completion**: the player knows the hand it
leaves him whatever the sample, so where each move left in his turn ends it (gin's discards and
knocks), each is a line of its own
(``completions``), raced with the rest on the same samples, and the take is worth its best line
(``MoveValue.then`` names the rest of the turn).  Otherwise the rollout bot's choice after the
take would be charged to the take, and then again at the next decision, where it is the
player's own.  In Bing and basic, whose rollouts are far noisier, a take has two lines instead:
the rollout bot's finish and the discard keeping the least deadwood (``Game.take_lines``).  A draw
from the stock cannot be finished by one move (the card drawn differs from sample to sample):
it is raced as two lines, the rollout bot finishing the turn and a rule applied on each sample
(``LEAST_DEADWOOD``: the discard keeping the least deadwood), and is worth the better
(``MoveValue.finish`` names the rule when it gave the value).

Sampling is adaptive, a race: after each batch (once ``min_samples`` are in), a move
that the current best is ahead of by a paired interval excluding 0 is left behind and no
longer sampled; the rollouts stop when one move is left (the best, separated from every
other) or when ``samples`` are spent.  That interval is wider than 95% (``race_z``: the race
looks many times, and at 1.96 a move as good as the best would often be left behind at one
of them), so that "separated at 95%" holds over all the looks.  Each move reports its own number of
rollouts.  Each value carries its 95% interval (normal approximation
over the samples).  Sample ``i`` is seeded by ``(seed, i)`` alone, and batches are
folded in order, so the answer is the same for any number of workers.

Beside the points, each move gets the chance to win the game after it where
``analysis.match`` models it (two-player gin and basic; Bing's busts): the mean, over its rollouts, of the chance
from the score each rollout leaves (1 or 0 where it ends the game).  The race runs on the
points alone.

Each sample is weighed by how likely the other players' hands in it are after what they
were seen to do (``analysis.evidence``): their latest throws and passes, in gin and basic also
their takes and draws over the top discard, and, in gin and basic with two to four players,
since a played hand is far better than a uniform deal, how good the hand is for the number of
cards its holder has thrown.  A basic or Bing player left holding one or two cards he could
have laid off to go out is never dealt such cards (``evidence.kept_cards``).  The sample is
drawn from that weighted distribution (one of several uniform deals kept by weight), so it
counts 1; a game with a discard model but no hand-quality table weighs its uniform deals
instead, and the means, their intervals (``sim.stats.weighted_mean_interval``) and the race
are weighted.

Not modelled yet: the quality of a played hand in Bing and in basic with five or six players
(three or four, dealt seven cards each, have tables of their own),
Bing's takes and draws, and the game score of basic with five or six players (a house rule:
max_players).
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections.abc import Sequence
from concurrent.futures import Executor
from dataclasses import dataclass

from rummycheck.analysis.evidence import draw_sample
from rummycheck.analysis.match import game_chance
from rummycheck.analysis.sequential import MAX_LOOKS, boundary_z, student_z
from rummycheck.cards import Card
from rummycheck.errors import BotError, RummyError, SimulationError
from rummycheck.games import Game, game_of
from rummycheck.games.base import score_hand
from rummycheck.games.scoring import HandScore, new_sheet
from rummycheck.sim.bots import BaseBot, Bot, bot_class, bot_label
from rummycheck.sim.engine import hand_points, play_out, rollout_prefix
from rummycheck.sim.guard import Asked, fits, guarded_factory, illegal_answer, is_plug_in, tracked
from rummycheck.sim.stats import Z95, Interval, mean_interval, weighted_mean_interval
from rummycheck.solvers.deadwood import min_deadwood
from rummycheck.table.actions import Action, ActionKind
from rummycheck.table.hand import Ending
from rummycheck.table.observation import Observation, observe
from rummycheck.table.state import GameState, IllegalPlay
from rummycheck.textsafe import shorten
from rummycheck.variants import Variant

__all__ = ["MAX_SAMPLES", "UNIT", "Evaluation", "MoveValue", "evaluate", "grouped_held_out_loss", "held_out_loss",
           "move_words", "net_points", "rollout_bots", "rollout_specs", "rollout_values"]

UNIT = "expected net points for the hand"
#: the most rollouts per move (``advise`` and ``review``'s ``--samples`` too): the values are kept, a
#: few bytes a rollout and move, so a larger budget is memory, not only time
MAX_SAMPLES = 100_000
#: a rollout still going after this many turns (bots taking and throwing the same cards) counts as 0
ROLLOUT_TURNS = 400



@dataclass(frozen=True, slots=True)
class MoveValue:
    """One candidate: its value (mean net points), the 95% interval, and how far it is behind the
    best move with that difference's paired 95% interval (0 and (0, 0) for the best)."""

    action: Action
    value: float
    low: float
    high: float
    loss: float
    loss_low: float
    loss_high: float
    samples: int  # rollouts of this move (a move left behind early stops being sampled)
    win: Interval | None = None  # the chance to win the game after this move (analysis.match), where modelled
    # the loss measured on samples the best was not chosen on (see ``held_out_loss``): no winner's
    # curse, so a mean of these over many decisions is a fair error rate; may be below 0
    held_out: float = 0.0
    # a take valued by its best completion: the rest of the turn that gave this value (None: the
    # rollout bot finished the turn, or the move ends it)
    then: Action | None = None
    # a draw valued by a rule that finished the turn on each sample (``LEAST_DEADWOOD.name``), not by
    # the rollout bot: "" when the bot finished it
    finish: str = ""

    def text(self, top: Card | None = None) -> str:
        """The move in record notation, with the completion it was valued by: ``take, then discard Ad``,
        ``draw, then the discard keeping the least deadwood``; given the pile's ``top``, a take names it
        (``take Qh, then knock Ac``: ``move_words``)."""
        words = move_words(self.action, top)
        if self.finish:
            return f"{words}, then {self.finish}"
        return words if self.then is None else f"{words}, then {self.then.move_text()}"


def move_words(action: Action, top: Card | None = None) -> str:
    """``action.move_text()``; a take listed without its card (``legal_actions`` lists it so) names
    the pile's ``top`` when it is given: ``take Qh``."""
    words = action.move_text()
    return f"{words} {top}" if top is not None and action.kind is ActionKind.TAKE and action.card is None else words


@dataclass(frozen=True, slots=True)
class Finish:
    """A rule that chooses the rest of a turn on each sample, where no single move can (after a draw
    from the stock the card drawn differs from sample to sample): a step of a line in place of a move."""

    name: str


#: after a draw: throw the card that leaves the least deadwood (melds within the hand; ties: the card of
#: most points, then the highest), with no lay-down and no knock (``least_deadwood_discard``)
LEAST_DEADWOOD = Finish("the discard keeping the least deadwood")


@dataclass(frozen=True, slots=True)
class Evaluation:
    """Every candidate of one decision, best first, with how they were valued."""

    player: str
    seat: int
    unit: str
    samples: int  # rollouts of the best move (the most any move had)
    seed: int
    rollout: str
    candidates: tuple[MoveValue, ...]
    separated: bool  # the best was ahead of every other at 95% over the race's looks when sampling stopped
    race_z: float = Z95  # the standard errors the best had to be ahead by at a look (``race_z``)

    @property
    def best(self) -> MoveValue:
        return self.candidates[0]

    @property
    def forced(self) -> bool:
        return len(self.candidates) == 1

    def of(self, action: Action) -> MoveValue:
        for value in self.candidates:
            if value.action == action:
                return value
        raise KeyError(str(action))


def _net(final: GameState, ending: Ending, seat: int) -> tuple[float, float | None]:
    """The net points of the hand for ``seat`` (see the module docstring; 0 for a hand nobody
    scores) and, where the model covers the game, his chance to win the game after it."""
    names = [p.name for p in final.players]
    me = names[seat]
    scores = {p.name: p.score for p in final.players}
    if ending.end is None:
        return 0.0, game_chance(final.variant, scores, me)
    sheet = new_sheet(final.variant, names, scores=scores, out=[p.name for p in final.players if p.out])
    result = score_hand(sheet, ending.end)
    net = net_points(final.game, result, me)
    if result.after.winner is not None:
        return net, 1.0 if result.after.winner == me else 0.0
    return net, game_chance(final.variant, {p.name: p.score for p in result.after.players}, me)


def net_points(game: Game, result: HandScore, me: str) -> float:
    """``me``'s net points from a scored hand on the evaluator's scale: his points from the hand less
    the mean of the other players' still in the game, the sign turned where points are penalties."""
    seats = result.before.players
    points = hand_points(game, result, [p.name for p in seats])
    others = [points[p.name] for p in seats if p.name != me and not p.out]
    net = points.get(me, 0) - (sum(others) / len(others) if others else 0.0)
    return -net if game.points_are_penalties else float(net)


def rollout_specs(spec: str, names: Sequence[str], default: str) -> list[str]:
    """The bot spec of each seat from a rollout spec: comma-separated items, ``NAME=BOT`` for the
    player called NAME and a bare ``BOT`` for every other seat (``default`` when none is given).
    A name that is not a player's or a second bot for the same seat is an error."""
    chosen: dict[str, str] = {}
    rest: str | None = None
    for item in (part.strip() for part in spec.split(",")):
        if not item:
            raise RummyError(f"rollout bots {shorten(spec)}: an empty item")
        name, equals, bot = item.partition("=")
        if not equals:
            if rest is not None:
                raise RummyError(f"rollout bots {shorten(spec)}: two bots for every seat ({rest}, {item})")
            rest = item
            continue
        name, bot = name.strip(), bot.strip()
        if name not in names:
            raise RummyError(f"rollout bots {shorten(spec)}: no player {shorten(name)} "
                             f"(players: {', '.join(names)})")
        if name in chosen:
            raise RummyError(f"rollout bots {shorten(spec)}: two bots for {name}")
        chosen[name] = bot
    return [chosen.get(name, rest or default) for name in names]


def rollout_bots(spec: str, names: Sequence[str], default: str, variant: Variant | None = None
                 ) -> list[type[Bot]]:
    """The bot class of each seat from a rollout spec (``rollout_specs``).  An ``mc`` bot (rollouts
    inside rollouts: hours for one decision) is an error; so, with ``variant`` given, is a bot that
    does not play it (``BaseBot.fits``, as ``simulate`` asks) and a plug-in class
    (``package.module:ClassName``) that cannot be built."""
    game = game_of(variant) if variant is not None else None
    found = []
    for name, bot in zip(names, rollout_specs(spec, names, default)):
        factory = bot_class(bot)
        if getattr(factory, "rolls_out", False):  # an mc bot: a rollout of its own at every decision
            raise RummyError(f"rollout bots {shorten(spec)}: {shorten(bot)} (for {name}) values every decision "
                             "by rollouts of its own, so rollouts it plays would cost the square of the budget; "
                             "name a bot that plays without rollouts")
        if game is not None and variant is not None and isinstance(factory, type) and issubclass(factory, BaseBot):
            plays = fits(factory, bot_label(bot), game) if is_plug_in(bot) else factory.fits(game)
            if not plays:
                raise RummyError(f"rollout bots {shorten(spec)}: {shorten(bot)} (for {name}) does not play "
                                 f"{variant.name}")
        if game is not None and is_plug_in(bot):  # built once now: a class that cannot be built is told first
            guarded_factory(factory, bot_label(bot))(Asked())
        found.append(factory)
    return found


class _Seats:
    """The rollout bots of one task, made afresh for every rollout.  Plug-in bots (the user's
    classes) play behind ``sim.guard``, as in ``simulate``: whatever one does wrong (raises, answers
    nonsense, breaks a rule, runs past ``sim.guard.DEFAULT_TIME_LIMIT``, 10 seconds, a decision) ends the run with one
    ``BotError`` naming it; the shipped bots beside them only note when they are asked."""

    def __init__(self, specs: Sequence[str], classes: Sequence[type[Bot]]) -> None:
        self.classes = list(classes)
        self.labels = [bot_label(b) for b in specs]
        self.plug_ins = [is_plug_in(b) for b in specs]
        self.asked = Asked()
        self.makers = [guarded_factory(cls, label, limit_option=None) if plug_in else None
                       for cls, label, plug_in in zip(self.classes, self.labels, self.plug_ins)]

    @property
    def guarded(self) -> bool:
        return any(self.plug_ins)

    def replays(self, seat: int) -> bool:
        """Whether the seat's bot replays (``BaseBot.replays``); a plug-in bot is not trusted to."""
        return not self.plug_ins[seat] and bool(getattr(self.classes[seat], "replays", False))

    def own(self, seat: int, spec: str) -> None:
        """The seat's own later turns played by the shipped bot ``spec``."""
        self.classes[seat], self.labels[seat], self.plug_ins[seat], self.makers[seat] = \
            bot_class(spec), bot_label(spec), False, None

    def make(self) -> list[Bot]:
        if not self.guarded:
            return [cls() for cls in self.classes]
        return [maker(self.asked) if maker is not None else tracked(cls(), label, self.asked)
                for maker, cls, label in zip(self.makers, self.classes, self.labels)]

    def failure(self, error: ValueError) -> BotError:
        """A rollout's failure, with a plug-in bot seated, as the ``BotError`` of the bot last asked."""
        if isinstance(error, BotError):
            return error
        return illegal_answer(self.asked, error, error.reasons if isinstance(error, IllegalPlay) else ())


def least_deadwood_discard(state: GameState, memo: dict[tuple[int, ...], int] | None = None) -> Action | None:
    """The legal discard of the player to move that leaves the least deadwood (the exact count, melds
    within the hand), ties to the card of most points, then the highest card; None when there is no
    legal discard.  ``memo``: least deadwood by the sorted card indexes of a hand, kept by the caller."""
    player = state.player
    if player.unknown:
        return None
    variant = state.variant
    memo = {} if memo is None else memo
    hand = list(player.hand)
    best: tuple[int, int, int] | None = None
    chosen: Card | None = None
    for card in dict.fromkeys(hand):
        if not state.can_discard(card):
            continue
        rest = list(hand)
        rest.remove(card)
        key = tuple(sorted(c.index for c in rest))
        left = memo.get(key)
        if left is None:
            left = memo[key] = min_deadwood(rest, variant=variant)
        rank = (left, -variant.points([card]), -card.index)
        if best is None or rank < best:
            best, chosen = rank, card
    return None if chosen is None else Action(ActionKind.DISCARD, player.name, chosen)


def rollout_values(observation: Observation, candidates: Sequence[Action | tuple[Action | Finish, ...]], *,
                   seed: int,
                   first: int, count: int, rollout: str, evidence: bool = True, own: str | None = None
                   ) -> tuple[list[list[float]], list[list[float | None]], list[float]]:
    """The net points of each candidate in samples ``first`` .. ``first + count - 1`` (one task),
    the chances to win the game after them (None where not modelled), and each sample's weight
    (``analysis.evidence``; 1 with ``evidence`` off).  A candidate may be a line: a move and the
    player's own moves after it, applied in turn before the bots play on.  ``own``, if given, is
    the bot that plays the player's own later turns (the others' are ``rollout``'s)."""
    seat = observation.seat
    public = observation.public
    names = [p.name for p in public.players]
    seats = _Seats(rollout_specs(rollout, names, public.game.rollout_bot),
                   rollout_bots(rollout, names, public.game.rollout_bot))
    if own is not None:
        seats.own(seat, own)
    values: list[list[float]] = [[] for _ in candidates]
    wins: list[list[float | None]] = [[] for _ in candidates]
    weights: list[float] = []
    memo: dict[tuple[int, ...], int] = {}  # least deadwood by hand, for ``LEAST_DEADWOOD``
    # a line the rollout bot finishes (a draw or a take alone) and one that finishes the turn by a
    # discard of its own often throw the same card: the rest of the hand is then the same play, and
    # its rollout is not played twice (``_Reuse``)
    reuse = _Reuse() if seats.replays(seat) else None
    prefix = rollout_prefix(public)  # the samples share the observation's records: read them once
    for index in range(first, first + count):
        rng = random.Random(f"sample:{seed}:{index}")
        if evidence:
            sample, weight = draw_sample(observation, rng)
        else:
            sample, weight = observation.determinize(rng), 1.0
        weights.append(weight)
        if reuse is not None:
            reuse.ended.clear()
        for k, line in enumerate(candidates):
            state = sample
            for step in (line if isinstance(line, tuple) else (line,)):
                if isinstance(step, Finish):  # the turn finished by the rule, where it is still the player's
                    if state.is_over or state.current != seat or state.drew == "none":
                        continue
                    chosen = least_deadwood_discard(state, memo)
                    if chosen is None:
                        continue
                    step = chosen
                state = state.apply(step)
            watch = reuse is not None and not state.is_over and state.current == seat and state.drew != "none"
            if reuse is not None and not watch and state is not sample:
                found = reuse.find(state)
                if found is not None:
                    values[k].append(found[0])
                    wins[k].append(found[1])
                    continue
            try:
                final, ending = play_out(state, seats.make(), seed=f"{seed}:{index}", max_turns=ROLLOUT_TURNS,
                                         turn_ended=reuse.watch if watch and reuse is not None else None,
                                         prefix=prefix)
            except BotError as error:
                raise _in_rollout(error, seed, index) from None
            except SimulationError:  # the bots take and throw for ever: a hand nobody ends scores nothing
                values[k].append(0.0)
                wins[k].append(game_chance(sample.variant, {p.name: p.score for p in sample.players},
                                             sample.players[seat].name))
                if reuse is not None:
                    reuse.caught = None
                continue
            except ValueError as error:  # IllegalPlay too: a plug-in bot's answer the judge refused
                if not seats.guarded:
                    raise
                raise _in_rollout(seats.failure(error), seed, index) from None
            net, win = _net(final, ending, seat)
            values[k].append(net)
            wins[k].append(win)
            if reuse is not None:
                reuse.keep(net, win)
    return values, wins, weights


def _in_rollout(error: BotError, seed: int, index: int) -> BotError:
    """A bot's failure in a rollout, told with the rollout (its seed and sample)."""
    return BotError(f"{error} (in a rollout: seed {seed}, sample {index})", bot=error.bot, seat=error.seat,
                    method=error.method, rule=error.rule)


class _Reuse:
    """One sample's rollouts that the rollout bot began by finishing the player's turn: the state
    when that turn ended, with the rollout's value.  A line whose own moves end the turn in one of
    those states, no random number drawn before (``play_out``'s ``turn_ended``), would be played on
    by bots made afresh from the same seeds exactly as the bots went on there (``BaseBot.replays``),
    so it takes that value.  Rollouts cut short by ``ROLLOUT_TURNS`` are not kept (the line's count of
    turns would differ by the one played before)."""

    __slots__ = ("caught", "ended")

    def __init__(self) -> None:
        self.ended: list[tuple[GameState, float, float | None]] = []
        self.caught: GameState | None = None

    def watch(self, state: GameState, untouched: bool) -> None:
        self.caught = state.copy() if untouched else None

    def keep(self, net: float, win: float | None) -> None:
        if self.caught is not None:
            self.ended.append((self.caught, net, win))
            self.caught = None

    def find(self, state: GameState) -> tuple[float, float | None] | None:
        for ended, net, win in self.ended:
            if ended == state:
                return net, win
        return None


def _interval(values: Sequence[float], weights: Sequence[float] | None = None, z: float = Z95
              ) -> tuple[float, float, float]:
    """The mean and its interval (95% by default); weighted by ``weights[:len(values)]`` when given."""
    if weights is None:
        found = mean_interval(values, z=z)
    else:
        found = weighted_mean_interval(values, weights[:len(values)], z=z)
    return found.value, found.low, found.high


def evaluate(state: GameState | Observation, *, samples: int = 400, seed: int = 1, rollout: str | None = None,
             min_samples: int = 48, batch: int = 16, candidates: Sequence[Action] | None = None,
             executor: Executor | None = None, evidence: bool = True, complete_takes: bool = True,
             z: float | None = None, student: bool | None = None, own: str | None = None) -> Evaluation:
    """Value every legal move of the player to move at ``state`` (see the module docstring).

    ``state`` may be the true state (a record, a deal), one that knows only the player's own
    hand (a scenario), or the player's ``Observation`` itself (a bot's ``view.observe()``): the
    player's observation is taken from a state, so nothing hidden is used.  ``evidence``: weigh
    each sample by the other players' seen choices (``analysis.evidence``); off, every sample
    counts the same.  ``complete_takes``: value a take by its best completion (``completions``);
    off, the rollout bot finishes the turn after it, as after a draw.  ``z``: how many standard
    errors ahead the best must be to leave a move behind; by default ``race_z`` of the budget,
    so that "separated at 95%" holds over all the race's looks.  ``student``: meet ``z`` at each
    look as a t statistic with the same tail (``sequential.student_z``); by default so for the
    race's own boundary, not for a ``z`` given (the ``mc`` bots' 1.96, a rule of play).  ``own``:
    the bot that plays the player's own turns after the move in every rollout, in place of the
    ``rollout`` spec's (the ``mc`` bots roll out their own future with the bot they follow).
    """
    if type(samples) is not int or not 1 <= samples <= MAX_SAMPLES:  # 0 or a negative budget ran as one rollout
        raise RummyError(f"samples must be a whole number from 1 to {MAX_SAMPLES:,}, not {samples!r}")
    if isinstance(state, Observation):
        observation = state
    else:
        if state.is_over:
            raise RummyError("the hand is over: there is no decision to value")
        observation = observe(state, state.current)
    public = observation.public
    if public.is_over:
        raise RummyError("the hand is over: there is no decision to value")
    if public.current != observation.seat:
        raise RummyError(f"it is not {observation.name}'s decision")
    if not public.players[observation.seat].known:  # his own moves would differ from sample to sample
        raise RummyError(f"the hand of {observation.name} is not fully known: there is no decision of his to value")
    seat = observation.seat
    moves = list(candidates) if candidates is not None else public.legal_actions()
    if not moves:
        raise RummyError(f"{observation.name} has no legal move")
    rollout = rollout or public.game.rollout_bot  # the game's rollout bot (docs/advise.md)
    if all("=" in item for item in rollout.split(",")):  # only some players' bots named: the rest the game's
        rollout = f"{public.game.rollout_bot},{rollout}"
    # the lines sampled: each move alone, or a take with each of its completions
    lines: list[tuple[Action | Finish, ...]] = []
    owner: list[int] = []  # the move each line belongs to
    for m, move in enumerate(moves):
        for line in (completions(observation, move) if complete_takes else ((move,),)):
            lines.append(line)
            owner.append(m)
    budget = max(1, samples)
    batch = max(1, batch)
    student = z is None if student is None else student  # the race's own boundary: met as a t statistic
    schedule = race_looks(budget, min_samples, batch)
    z = boundary_z(schedule, RACE_ALPHA) if z is None else z  # race_z, on the looks worked out once
    looks = set(schedule)
    values: list[list[float]] = [[] for _ in lines]
    wins: list[list[float | None]] = [[] for _ in lines]
    weights: list[float] = []  # by sample, for every line (a line left behind has a prefix of the samples)
    active = list(range(len(lines)))  # the lines still sampled: not yet shown to be behind the best
    done = 0

    def racing() -> int:  # the moves still in the race
        return len({owner[k] for k in active})

    while done < budget and racing() > 1 or done < min(budget, min_samples):
        plan = []
        at = done
        for _ in range(1 if executor is None else 4):  # batches asked at once from an executor
            if at >= budget:
                break
            plan.append((at, min(batch, budget - at)))
            at += plan[-1][1]
        asked = list(active)
        chosen = [_sent(lines[k]) for k in asked]
        if executor is None:
            results = [rollout_values(observation, chosen, seed=seed, first=a, count=n, rollout=rollout,
                                      evidence=evidence, own=own) for a, n in plan]
        else:
            futures = [executor.submit(rollout_values, observation, chosen, seed=seed, first=a, count=n,
                                       rollout=rollout, evidence=evidence, own=own) for a, n in plan]
            results = [f.result() for f in futures]
        for (_, size), (result, won, batch_weights) in zip(plan, results):  # folded in order: one answer
            for k, found, sampled in zip(asked, result, won):
                if k in active:
                    values[k].extend(found)
                    wins[k].extend(sampled)
            weights.extend(batch_weights)
            done += size
            if done in looks:
                active = _race(values, active, weights if evidence else None, z, student)
            if racing() == 1 and done >= min_samples:
                break
    separated = racing() == 1 and len(moves) > 1
    weighed = weights if evidence else None
    best = _leader(values, active, weighed)
    rows = []
    groups = [[k for k in range(len(lines)) if owner[k] == m] for m in range(len(moves))]
    for m, action in enumerate(moves):
        group = groups[m]
        k = best if owner[best] == m else _leader(values, _longest(values, group), weighed)
        value, low, high = _interval(values[k], weighed)
        if k == best:
            loss, loss_low, loss_high = 0.0, 0.0, 0.0
        else:
            loss, loss_low, loss_high = _interval([b - v for b, v in zip(values[best], values[k])], weighed)
        modelled: list[float] = [w for w in wins[k] if w is not None]
        win = None
        if modelled and len(modelled) == len(wins[k]):
            chance = (mean_interval(modelled, z=Z95) if weighed is None
                      else weighted_mean_interval(modelled, weighed[:len(modelled)], z=Z95))
            # a chance: the normal interval is cut to [0, 1]
            win = Interval(chance.value, max(0.0, chance.low), min(1.0, chance.high))
        rest = lines[k][1] if len(lines[k]) > 1 else None
        rows.append(MoveValue(action, value, low, high, loss, loss_low, loss_high, len(values[k]), win,
                              (held_out_loss(values, k, weighed) if len(lines) == len(moves)
                               else grouped_held_out_loss(values, groups, m, weighed)),
                              rest if isinstance(rest, Action) else None,
                              rest.name if isinstance(rest, Finish) else ""))
    rows.sort(key=lambda r: (r.loss, -r.value))
    return Evaluation(observation.name, seat, UNIT, len(values[best]), seed, rollout, tuple(rows),
                      separated or len(moves) == 1, z)


def _sent(line: tuple[Action | Finish, ...]) -> Action | tuple[Action | Finish, ...]:
    """A line as ``rollout_values`` takes it: a move alone as itself (as callers before lines gave it)."""
    first = line[0]
    return first if len(line) == 1 and isinstance(first, Action) else line


#: a take with more completions than this is finished by the rollout bot (a game of a line per completion)
MAX_COMPLETIONS = 24


def completions(observation: Observation, move: Action, *, take_lines: str | None = None
                ) -> tuple[tuple[Action | Finish, ...], ...]:
    """The lines a move is valued by.  A take (of a card in sight) leaves the player a hand he
    knows whatever the sample, so the rest of his turn can be chosen on the same samples as
    everything else: where each move left to him ends the turn (a discard or a knock, as in gin,
    or in basic and Bing when nothing can be laid down), the take is one line per such move and
    is worth its best.  Otherwise (the rollout bot would finish the turn, the move is not a
    take, or more than ``MAX_COMPLETIONS`` moves) the move alone.  Without this a take is
    charged whatever the rollout bot does next, an error counted again at the next decision.
    In a game whose ``take_lines`` is "finishes" (Bing, basic) a take has two lines, as a draw has: the
    rollout bot finishing the turn, and the discard keeping the least deadwood (one card, the hand
    being known).  There a paired difference between two of a take's lines spreads over tens of
    points, so the best of a dozen lines is mostly the luckiest: chosen on 48 rollouts, it stood a
    median 7 to 9 points above its own value on other rollouts (``bench/take_lines.py``,
    docs/advise.md; in gin 0.3).  ``take_lines`` ("each" or "finishes") overrides the game's, as
    ``bench/take_lines.py`` does to roll out a Bing or basic take's every line.

    A draw from the stock cannot be completed so: what follows depends on the card drawn.  It
    has two lines: the rollout bot finishing the turn, and ``LEAST_DEADWOOD`` (the discard that
    keeps the least deadwood on the sample's drawn card), and is worth the better.  Where the
    bot's plan for later is wrong for the moment (a card kept to lay off on a later turn, when
    another player goes out first) the draw is not charged the bot's choice."""
    alone = ((move,),)
    if move.kind is ActionKind.DRAW:
        return (alone[0], (move, LEAST_DEADWOOD))
    if move.kind is not ActionKind.TAKE:
        return alone
    after = observation.determinize(random.Random("completions")).apply(move)
    if after.is_over or after.current != observation.seat:
        return alone
    follow = after.legal_actions()
    if len(follow) < 2 or any(a.kind not in _ENDS_TURN for a in follow):
        return alone
    if (take_lines or observation.public.game.take_lines) == "finishes":  # as a draw: the bot's finish, or the rule's,
        rule = least_deadwood_discard(after)  # which the known hand makes one card whatever the sample
        return alone if rule is None else (alone[0], (move, rule))
    if len(follow) > MAX_COMPLETIONS:
        return alone
    return tuple((move, a) for a in follow)


_ENDS_TURN = (ActionKind.DISCARD, ActionKind.KNOCK)


def _longest(values: Sequence[Sequence[float]], group: Sequence[int]) -> list[int]:
    """The lines of ``group`` sampled the most (the last left of a move in the race)."""
    most = max(len(values[k]) for k in group)
    return [k for k in group if len(values[k]) == most]


#: the folds of a cross-fitted loss (``held_out_loss``)
FOLDS = 5


def held_out_loss(values: Sequence[Sequence[float]], move: int, weights: Sequence[float] | None = None,
                  folds: int = FOLDS) -> float:
    """How far ``move`` is behind the best, with the best chosen on other samples than the loss is
    measured on, cross-fitted over ``folds`` folds.

    The loss against the leader is biased upwards: the leader is the move whose noise happened to
    be highest, so even a move as good as any other is charged the leader's luck (the winner's
    curse), and the more near-equal moves a decision has the more it is charged.  Here the
    samples ``move`` had are dealt into ``folds`` folds by position (sample ``i`` to fold
    ``i % folds``); for each fold the best is chosen on the other folds, among the moves sampled at
    least as often, and the loss measured on that fold, which took no part in the choice; the
    losses of the folds are averaged, weighted by their samples.  Its expectation is the true gap
    to the move so chosen, never more than the gap to the true best, so it errs low: by the gap
    times the chance the choice went wrong, which the choice on four fifths of the samples makes
    a little smaller than a choice on half (the even/odd split, the rule until this release:
    simulated, a move best by 2 points among eleven came out at -1.14 with the split and -1.01
    with five folds, spread 2.07 against 1.27; ``tests/test_review_rollouts.py``).  A single one
    is noisy and may be below 0.  0 with fewer than two samples.  (Moves of several lines:
    ``grouped_held_out_loss``.)"""
    return grouped_held_out_loss(values, [[k] for k in range(len(values))], move, weights, folds)


def grouped_held_out_loss(values: Sequence[Sequence[float]], groups: Sequence[Sequence[int]], move: int,
                          weights: Sequence[float] | None = None, folds: int = FOLDS) -> float:
    """``held_out_loss`` where some moves are valued by their best of several lines (a take and
    its completions): for each fold measured, the other folds are split in two, each move's line
    chosen on the first part and the best move on the second (each by that line).  Chosen on the
    same samples, a move of many lines would win the choice whenever one of them ran lucky, and a
    one-line rival would be chosen only when its own samples ran lucky, which the measured fold then
    takes back: a low bias for the player who took.  With five folds: the line on two, the move on
    two, the loss on one, in turn.  Samples are those of ``move``'s longest line; rivals are the
    moves with a line sampled as often.  0 with too few samples to fold (two; three with lines)."""
    n = max(len(values[k]) for k in groups[move])
    full = [[k for k in group if len(values[k]) >= n] for group in groups]  # the rival lines of each move
    several = any(len(lines) > 1 for lines in full)
    parts = min(folds, n)
    if n < 2 or several and parts < 3:
        return 0.0
    # each rival line's weighted sum in each fold, and each fold's weight
    fold_weight = [0.0] * parts
    for i in range(n):
        fold_weight[i % parts] += 1.0 if weights is None else weights[i]
    sums: dict[int, list[float]] = {}
    for lines in full:
        for k in lines:
            row = [0.0] * parts
            series = values[k]
            for i in range(n):
                row[i % parts] += series[i] if weights is None else series[i] * weights[i]
            sums[k] = row

    def mean(k: int, on: Sequence[int]) -> float:
        weight = sum(fold_weight[f] for f in on)
        return sum(sums[k][f] for f in on) / weight if weight > 0 else 0.0

    total = 0.0
    for f in range(parts):
        others = [(f + j) % parts for j in range(1, parts)]
        line_folds = others[:len(others) // 2] if several else others
        move_folds = others[len(others) // 2:] if several else others
        chosen = {g: lines[0] if len(lines) == 1 else max(lines, key=lambda k: mean(k, line_folds))
                  for g, lines in enumerate(full) if lines}
        best = max(chosen, key=lambda g: (mean(chosen[g], move_folds), g == move))
        if best != move and fold_weight[f] > 0:
            total += fold_weight[f] * (mean(chosen[best], [f]) - mean(chosen[move], [f]))
    weight_total = sum(fold_weight)
    return total / weight_total if weight_total > 0 else 0.0


def _leader(values: list[list[float]], active: list[int], weights: list[float] | None) -> int:
    """The active move with the highest (weighted) mean; the first listed on a tie."""
    if weights is None:
        means = {k: sum(values[k]) / len(values[k]) for k in active}
    else:
        means = {k: _interval(values[k], weights)[0] for k in active}
    return max(active, key=lambda k: (means[k], -k))


#: the chance, in one direction, that the race leaves behind a move as good as the best (either of
#: two equal moves may fall behind: twice this in all).  The normal theory's 2.5% is asked at
#: 2.25%: rollout differences are heavy-tailed (kurtosis about 4), and at 2.5% the race parted
#: real near-equal moves, re-centred to be equal, on 5.2% to 5.5% of runs, at 2.25% on 4.8% and
#: 5.1% (positions kept apart from the choice; ``bench/race_calibration.py``, docs/advise.md)
RACE_ALPHA = 0.0225


def race_z(samples: int, min_samples: int, batch: int) -> float:
    """How far (in standard errors) the best must be ahead for a move to be left behind, so that
    the race's looks together keep the 95% promise: the race looks after every batch from
    ``min_samples`` on, and a move as good as the best would be left behind at some look far more
    often than at one (with 1.96 at each of 23 looks, a simulated pair of equal moves was parted
    on 11% of runs in one direction, not 2.5%).  The constant boundary crossed with ``RACE_ALPHA``
    over these looks, computed for them (``analysis.sequential``, Pocock's design): 2.00 for one
    look, 2.41 for five (a review's 96 rollouts from 32 in batches of 16), 2.68 for twenty-three
    (advise's 400 from 48).  (Bonferroni, the chance split evenly over the looks, bounds it too
    but asks 2.58 and 3.06 at 2.5%, and so some 20% to 30% more rollouts to part two moves.)"""
    return boundary_z(race_looks(samples, min_samples, batch), RACE_ALPHA)


def race_looks(samples: int, min_samples: int, batch: int) -> list[int]:
    """The numbers of rollouts after which the race looks: every batch from ``min_samples`` on,
    and the end of the budget; for a budget of more than ``sequential.MAX_LOOKS`` such looks,
    every so many batches (the first look kept, the same stride after it, and the end)."""
    samples, batch = max(1, samples), max(1, batch)
    ends = range(batch, samples, batch)  # a range, not a list: its length is known without building it
    ends = ends[bisect_left(ends, min(min_samples, samples)):]
    if len(ends) + 1 <= MAX_LOOKS:
        return [*ends, samples]
    stride = -(-len(ends) // (MAX_LOOKS - 2))
    return [*ends[::stride], samples]


def _race(values: list[list[float]], active: list[int], weights: list[float] | None = None,
          z: float = Z95, student: bool = False) -> list[int]:
    """The moves still in the race: those not behind the current best by a paired interval at ``z``
    excluding 0 (every active move has the same samples, so the comparison is paired).
    ``student``: ``z`` is a normal score, met by the t statistic with the same tail for the
    number of samples (``sequential.student_z``)."""
    best = _leader(values, active, weights)
    if student:
        z = student_z(z, len(values[best]) - 1)
    kept = []
    for k in active:
        if k != best:
            _, low, _ = _interval([b - v for b, v in zip(values[best], values[k])], weights, z)
            if low > 0:
                continue
        kept.append(k)
    return kept
