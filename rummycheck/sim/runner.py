"""Running a simulation: paired deals in every seat rotation, in seeded batches, on any executor.

``simulate(spec, ...)`` plays deals ``0, 1, 2, ...``; each deal is played once per seat
rotation (rotation r puts ``bots[(s + r) % P]`` in seat s), all rotations with the same
shuffles.  Deals are cut into fixed batches (``batch`` deals each, whatever the number
of workers); a batch is one task, ``run_batch``, for any ``concurrent.futures``-style
executor: local processes, or a Dask cluster through ``Client.get_executor()``.  The
results are folded in deal order, and with ``precision`` the stop rule is checked after
each batch in that order: so the same seed gives the same numbers with any number of
workers, wherever they run.
"""

from __future__ import annotations

import importlib
import logging
import os
import re
import threading
from collections import Counter, deque
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import closing, contextmanager
from dataclasses import dataclass, field
from typing import Any, TypeVar

from rummycheck.errors import BotError, RummyError, SimulationError
from rummycheck.games import game_of
from rummycheck.games.base import SeatCount
from rummycheck.sim.bots import BaseBot, Bot, bot_class, bot_label
from rummycheck.sim.engine import GameOutcome, play_game
from rummycheck.sim.guard import (
    DEFAULT_TIME_LIMIT,
    Asked,
    fits,
    guarded_factory,
    illegal_answer,
    is_plug_in,
    tracked,
)
from rummycheck.sim.stats import Interval, mean_interval, paired_interval, wilson
from rummycheck.table.state import IllegalPlay
from rummycheck.textsafe import shorten
from rummycheck.variants import Variant, get_variant, players_text

__all__ = ["DealSummary", "SimResult", "SimSpec", "Tally", "default_bots", "in_order", "run_batch", "simulate"]

T = TypeVar("T")


def default_bots(variant: str) -> tuple[str, ...]:
    """The bots seated when none are named: the game's own (``Game.default_bots``), or two random
    bots for a name that is no variant (``SimSpec.check`` then says so)."""
    try:
        return game_of(get_variant(variant)).default_bots
    except RummyError:
        return ("random", "random")


def default_buybacks(variant: Variant) -> int:
    """How often a busted player may buy back in when the command line does not say: once a game
    where the variant allows it (Bing's ``buyback`` option, BING-BUYBACK: the rules allow it and
    set no number, and with no cap a game may never end), else never."""
    return 1 if game_of(variant).BUYBACK and variant.get("buyback") is True else 0


@dataclass(frozen=True, slots=True)
class SimSpec:
    """Everything that decides a simulation's results (pickled to the workers)."""

    variant: str = "bing"
    bots: tuple[str, ...] = ("early", "common", "sandbag", "common")
    seed: int = 1
    preset: str | None = None
    rules: tuple[tuple[str, str], ...] = ()
    buybacks: int = 0
    max_hands: int = 300
    time_limit: float = DEFAULT_TIME_LIMIT  # seconds a plug-in bot may take over one decision (0: no limit)

    def build_variant(self) -> Variant:
        return get_variant(self.variant, preset=self.preset, **dict(self.rules))

    @property
    def players(self) -> int:
        return len(self.bots)

    @property
    def labels(self) -> tuple[str, ...]:
        """Distinct bot names, in first-seat order."""
        return tuple(dict.fromkeys(bot_label(b) for b in self.bots))

    def check(self) -> None:
        variant = self.build_variant()
        game = game_of(variant)
        if self.buybacks and game.BUYBACK and variant.get("buyback") is False:
            raise SimulationError(f"--buybacks {self.buybacks}, but {variant.name} plays with buying back in "
                                  f"switched off (buyback = false, {game.BUYBACK})")
        low, high = int(variant.get("min_players", 2) or 2), int(variant.get("max_players", 2) or 2)
        if not low <= self.players <= high:
            raise SimulationError(f"{variant.name} is played by {players_text(low, high)}, got {self.players} bots")
        size = game.dealt_size(self.players)
        needed = size * self.players + 1
        if needed > 52 * variant.decks:  # the same count as ``deal`` (table/deal.py)
            raise SimulationError(f"{self.players} hands of {size} cards and the upcard need {needed} cards, but "
                                  f"the decks hold {52 * variant.decks}")
        for spec in self.bots:
            cls = bot_class(spec)
            if isinstance(cls, type) and issubclass(cls, BaseBot) and not (
                    fits(cls, bot_label(spec), game) if is_plug_in(spec) else cls.fits(game)):
                raise SimulationError(f"bot {spec!r} does not play {variant.name}")
            if is_plug_in(spec):  # built once now: a class that cannot be built is told before the run
                guarded_factory(cls, bot_label(spec), time_limit=self.time_limit)(Asked())


@dataclass
class Tally:
    """One bot's counts (summed over its seats)."""

    seat_games: int = 0
    wins: int = 0
    seat_hands: int = 0
    hands_won: int = 0
    points: int = 0
    #: the game's own counts (``Game.COUNTERS``) by their report key: seat-games with a bust, knocks
    counts: Counter[str] = field(default_factory=Counter)
    histogram: Counter[int] = field(default_factory=Counter)

    def add(self, other: Tally) -> None:
        for name in ("seat_games", "wins", "seat_hands", "hands_won", "points"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.counts.update(other.counts)
        self.histogram.update(other.histogram)


@dataclass
class DealSummary:
    """One deal played in every rotation: per bot tallies, and the deal's totals."""

    deal: int
    games: int = 0
    hands: int = 0
    dead_hands: int = 0
    unfinished: int = 0
    tallies: dict[str, Tally] = field(default_factory=dict)
    records: list[dict[str, Any]] = field(default_factory=list)
    lengths: Counter[int] = field(default_factory=Counter)  # games by their number of hands

    def share(self, label: str) -> float:
        tally = self.tallies[label]
        return tally.wins / tally.seat_games if tally.seat_games else 0.0

    def mean_points(self, label: str) -> float:
        tally = self.tallies[label]
        return tally.points / tally.seat_hands if tally.seat_hands else 0.0


def _summarise(deal: int, outcomes: Sequence[GameOutcome], counters: Sequence[SeatCount]) -> DealSummary:
    summary = DealSummary(deal)
    for outcome in outcomes:
        summary.games += 1
        summary.hands += outcome.hands
        summary.lengths[outcome.hands] += 1
        summary.dead_hands += outcome.dead_hands
        summary.unfinished += 0 if outcome.finished else 1
        for seat, (label, result) in enumerate(zip(outcome.bots, outcome.seats)):
            tally = summary.tallies.setdefault(label, Tally())
            tally.seat_games += 1
            tally.wins += 1 if outcome.winner == seat else 0
            tally.seat_hands += result.hands
            tally.hands_won += result.hands_won
            tally.points += sum(result.points)
            for counter in counters:
                value = result.count(counter.name)
                tally.counts[counter.key] += (1 if value else 0) if counter.per_game else value
            tally.histogram.update(result.points)
    return summary


def run_batch(spec: SimSpec, first: int, count: int, record_below: int = 0) -> list[DealSummary]:
    """Play deals ``first .. first + count - 1`` in every rotation; keep the records of deals
    below ``record_below``.  A top-level function, so any executor can run it.  Plug-in bots
    play behind the guard (``sim/guard.py``); whatever they do wrong is a ``BotError``."""
    variant = spec.build_variant()
    classes = [bot_class(b) for b in spec.bots]
    labels = [bot_label(b) for b in spec.bots]
    plug_ins = [is_plug_in(b) for b in spec.bots]
    makers = [guarded_factory(cls, label, time_limit=spec.time_limit) if plug_in else None
              for cls, label, plug_in in zip(classes, labels, plug_ins)]
    players = len(classes)
    summaries = []
    for deal in range(first, first + count):
        outcomes = []
        for rotation in range(players):
            order = [(s + rotation) % players for s in range(players)]
            asked = Asked()
            bots: list[Bot] = [classes[i]() for i in order] if not any(plug_ins) else [
                maker(asked) if maker is not None else tracked(classes[i](), labels[i], asked)
                for i, maker in ((i, makers[i]) for i in order)]
            try:
                outcomes.append(play_game(variant, bots, seed=spec.seed, deal=deal, rotation=rotation,
                                          labels=[labels[i] for i in order], buybacks=spec.buybacks,
                                          max_hands=spec.max_hands, record=deal < record_below))
            except (BotError, IllegalPlay, ValueError) as error:
                if not any(plug_ins) or not asked.method or (
                        isinstance(error, SimulationError) and not isinstance(error, BotError)):
                    raise
                raise _in_game(error, asked, spec, deal, rotation) from None
        summary = _summarise(deal, outcomes, game_of(variant).COUNTERS)
        summary.records = [o.record for o in outcomes if o.record is not None]
        summaries.append(summary)
    return summaries


def _in_game(error: ValueError, asked: Asked, spec: SimSpec, deal: int, rotation: int) -> BotError:
    """A plug-in game's failure as one ``BotError`` naming the bot, the method and the game."""
    if not isinstance(error, BotError):
        error = illegal_answer(asked, error, error.reasons if isinstance(error, IllegalPlay) else ())
    return BotError(f"{error} (seed {spec.seed}, deal {deal}, rotation {rotation})", bot=error.bot,
                    seat=error.seat, method=error.method, rule=error.rule)


# -- the result -------------------------------------------------------------------------------------

@dataclass
class SimResult:
    """The fold of every deal played, in deal order."""

    spec: SimSpec
    deals: int = 0
    games: int = 0
    hands: int = 0
    dead_hands: int = 0
    unfinished: int = 0
    tallies: dict[str, Tally] = field(default_factory=dict)
    shares: dict[str, list[float]] = field(default_factory=dict)
    deal_points: dict[str, list[float]] = field(default_factory=dict)
    records: list[dict[str, Any]] = field(default_factory=list)
    lengths: Counter[int] = field(default_factory=Counter)  # games by their number of hands

    def add(self, summary: DealSummary) -> None:
        self.deals += 1
        self.games += summary.games
        self.hands += summary.hands
        self.lengths.update(summary.lengths)
        self.dead_hands += summary.dead_hands
        self.unfinished += summary.unfinished
        for label, tally in summary.tallies.items():
            self.tallies.setdefault(label, Tally()).add(tally)
            self.shares.setdefault(label, []).append(summary.share(label))
            self.deal_points.setdefault(label, []).append(summary.mean_points(label))
        self.records.extend(summary.records)

    @property
    def labels(self) -> tuple[str, ...]:
        return self.spec.labels

    def win_rate(self, label: str) -> Interval:
        tally = self.tallies[label]
        return wilson(tally.wins, tally.seat_games)

    def hand_rate(self, label: str) -> Interval:
        tally = self.tallies[label]
        return wilson(tally.hands_won, tally.seat_hands)

    def points_per_hand(self, label: str) -> Interval:
        return mean_interval(self.deal_points[label])

    def difference(self, first: str, second: str) -> Interval:
        """Paired by deal: first's share of wins minus second's (a difference of shares lies in
        [-1, 1], and so does its interval: the normal one is cut there)."""
        found = paired_interval(self.shares[first], self.shares[second])
        return Interval(found.value, max(-1.0, found.low), min(1.0, found.high))

    def pairs(self) -> list[tuple[str, str]]:
        labels = self.labels
        return [(a, b) for i, a in enumerate(labels) for b in labels[i + 1:]]

    def widest(self) -> float:
        """The farthest any win-rate interval or paired difference reaches from its estimate, on
        either side (``--precision`` bounds each side)."""
        widths = [self.win_rate(label).reach for label in self.labels]
        if self.deals >= 2:
            widths += [self.difference(a, b).reach for a, b in self.pairs()]
        else:
            widths.append(float("inf"))
        return max(widths)


# -- executors -------------------------------------------------------------------------------------

class _Inline(Executor):
    """Runs each task at once in this process (one worker)."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as error:  # handed to the caller through the future
            future.set_exception(error)
        return future


#: seconds to wait for a Dask scheduler to answer
CONNECT_TIMEOUT_S = 5
#: the most local processes (``--workers``)
MAX_WORKERS = 128
_ADDRESS = r"(?:(?:tcp|tls)://)?(?:[A-Za-z0-9._-]+|\[[0-9A-Fa-f:.]+\]):[0-9]{1,5}"


def check_scheduler(scheduler: str) -> None:
    """``local`` or a scheduler's address, ``tcp://HOST:PORT`` (checked before any work is done)."""
    if scheduler != "local" and not re.fullmatch(_ADDRESS, scheduler):
        raise SimulationError(f"--scheduler {shorten(scheduler)}: expected 'local' or a Dask scheduler's address "
                              "like tcp://HOST:8786")


def _first_line(error: BaseException) -> str:
    lines = str(error).strip().splitlines()
    return lines[0] if lines else type(error).__name__


def _connect(client_class: Any, scheduler: str) -> Any:
    """A Dask client of ``scheduler``, or a ``SimulationError`` within ``CONNECT_TIMEOUT_S`` (and a
    little): a server that accepts the connection and never answers (not a Dask scheduler) would
    otherwise hold the client's handshake for ever, so it is made in a thread that is given up on."""
    found: list[Any] = []
    failed: list[BaseException] = []

    def connect() -> None:
        try:
            found.append(client_class(scheduler, timeout=CONNECT_TIMEOUT_S))
        except BaseException as error:  # handed back to the caller below
            failed.append(error)

    worker = threading.Thread(target=connect, name="rummycheck-connect", daemon=True)
    worker.start()
    worker.join(CONNECT_TIMEOUT_S + 2)
    if found:
        return found[0]
    reason = _first_line(failed[0]) if failed else "no answer (is it a Dask scheduler?)"
    raise SimulationError(f"cannot connect to the scheduler at {scheduler!r} within {CONNECT_TIMEOUT_S} seconds: "
                          f"{reason}")


@contextmanager
def executor_for(workers: int | None, scheduler: str | None) -> Iterator[Executor]:
    """Local processes (``workers``; all cores by default; 1: in this process), or a Dask
    cluster: ``scheduler`` ``tcp://host:8786`` or ``local`` (a LocalCluster for a try-out)."""
    if scheduler:
        check_scheduler(scheduler)
        try:
            distributed: Any = importlib.import_module("dask.distributed")
        except ImportError:
            raise SimulationError("--scheduler needs dask.distributed: pip install 'rummycheck[dask]'") from None
        Client, LocalCluster = distributed.Client, distributed.LocalCluster  # noqa: N806
        if scheduler == "local":
            cluster = LocalCluster(n_workers=workers or os.cpu_count() or 1, threads_per_worker=1,
                                   processes=True, dashboard_address=None,
                                   scheduler_kwargs={"dashboard_address": ":0"},  # any free port: no warning
                                   silence_logs=logging.CRITICAL)  # a task's error is told once, by us
            client = Client(cluster)
            try:
                yield client.get_executor()
            finally:
                client.close()
                cluster.close()
        else:
            client = _connect(Client, scheduler)
            try:
                yield client.get_executor()
            finally:
                client.close()
        return
    count = workers or os.cpu_count() or 1
    if count <= 1:
        yield _Inline()
        return
    with ProcessPoolExecutor(max_workers=count) as pool:
        yield pool


@contextmanager
def pool_for(workers: int | None, scheduler: str | None) -> Iterator[Executor | None]:
    """``executor_for`` for work that runs in this process unless told otherwise: None (no pool)
    for one local process, else the local processes or the Dask cluster (advise, review)."""
    if (workers or 1) <= 1 and not scheduler:
        yield None
        return
    with executor_for(workers or 1, scheduler) as executor:
        yield executor


def simulate(spec: SimSpec, *, games: int, precision: float | None = None, workers: int | None = None,
             scheduler: str | None = None, batch: int | None = None, record_games: int = 0,
             progress: Callable[[int, int], None] | None = None) -> SimResult:
    """Play at least ``games`` games (rounded up to whole deals: one game per seat rotation);
    with ``precision``, ``games`` is the cap and play stops at the first batch after which
    every win-rate interval and paired difference is at most ``precision`` wide on each side."""
    spec.check()
    if workers is not None and not 1 <= workers <= MAX_WORKERS:
        raise SimulationError(f"--workers {workers}: from 1 to {MAX_WORKERS} local processes")
    if type(games) is not int or games < 1:  # 0 or fewer played a deal anyway
        raise SimulationError(f"games must be a whole number of 1 or more, not {games!r}")
    if batch is not None and (type(batch) is not int or batch < 1):  # -1 played nothing and said so nowhere
        raise SimulationError(f"batch (deals per task) must be 1 or more, not {batch!r}")
    if precision is not None and not precision > 0:
        raise SimulationError(f"precision must be above 0, not {precision!r}")
    if scheduler:
        check_scheduler(scheduler)
    players = spec.players
    deals = max(1, -(-games // players))
    size = batch or 10
    batches = -(-deals // size)  # batch k is deals k * size onwards, made when it is submitted
    record_below = -(-record_games // players) if record_games else 0
    result = SimResult(spec)
    tasks = ((run_batch, (spec, k * size, min(size, deals - k * size), record_below)) for k in range(batches))
    with executor_for(workers, scheduler) as pool, \
            closing(in_order(pool, tasks, ahead=max(2, 2 * (workers or os.cpu_count() or 1)))) as results:
        for done in results:
            for summary in done:
                result.add(summary)
            if progress is not None:
                progress(result.games, deals * players)
            if precision is not None and result.deals >= 2 and result.widest() <= precision:
                break
    return result


def in_order(pool: Executor, tasks: Iterable[tuple[Callable[..., T], tuple[Any, ...]]], *,
             ahead: int) -> Generator[T, None, None]:
    """The results of ``tasks`` (function, arguments) in their order, at most ``ahead`` of them
    submitted to ``pool`` and not yet handed back (a task is made only when it is submitted).
    A caller that stops early closes the generator (``contextlib.closing``): the tasks still
    pending are cancelled.  Folding results in this order is what makes a seeded run give the
    same numbers with any number of workers (``simulate``, ``sim.tournament``)."""
    pending: deque[Future[T]] = deque()
    queue = iter(tasks)
    try:
        while True:
            while len(pending) < max(1, ahead):
                task = next(queue, None)
                if task is None:
                    break
                pending.append(pool.submit(task[0], *task[1]))
            if not pending:
                return
            try:
                done = pending.popleft().result()
            except BrokenProcessPool:  # os._exit or a signal in a worker: nothing to unpickle, say what is known
                raise SimulationError("a worker process ended abruptly (a --bot that calls os._exit, or a process "
                                      "killed from outside); run with --workers 1 to find the game") from None
            yield done
    finally:
        for future in pending:
            future.cancel()
