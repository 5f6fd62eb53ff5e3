"""Plug-in bots (``--bot package.module:ClassName``) played behind a guard.

A plug-in bot is the user's code; the engine trusts its bots.  ``guarded_factory`` wraps a
plug-in class so that whatever the bot does becomes one ``BotError`` naming the bot, its
seat and the method asked, instead of a traceback or a silent end:

* building it: a class that needs arguments, or whose ``__init__`` raises;
* an exception raised by any method (``setup``, ``start``, ``lay_down``, ``discard``,
  ``knock``, ``knock_melds``), and ``sys.exit`` called inside one;
* an answer of the wrong kind: ``start`` not one of ``view.options`` (an ``ActionKind``, its
  value as a plain ``str``, or the older word for it: ``sim.bots.OLD_STARTS``), ``lay_down``
  not a ``LayDown`` (or None) of ``Meld`` and ``LayOff`` values, ``discard`` not a ``Card`` of the
  hand, ``knock`` not a bool, ``knock_melds`` not ``Meld`` values (or None), a meld turn
  that lays nothing down;
* an answer the judge refuses (``IllegalPlay``): ``illegal_answer`` names the rule, with
  the bot and method ``Asked`` remembers as the last one asked;
* a decision that takes longer than ``time_limit`` seconds (wall clock; 0: no limit): the
  bot is interrupted.  In a process's main thread a ``SIGALRM`` timer interrupts it even
  in a ``time.sleep``; in another thread (a Dask worker) the interruption is raised in
  that thread, which stops Python code but not a call that blocks inside C.

What a plug-in bot prints (``print``, ``sys.stdout``) is thrown away: it never reaches the
command's own output or its JSON.  A plug-in bot runs with the same rights as rummycheck
itself: the guard stops mistakes, not a bot written to do harm.
"""

from __future__ import annotations

import ctypes
import io
import random
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, redirect_stdout
from dataclasses import dataclass
from typing import Any

from rummycheck.cards import Card
from rummycheck.errors import BotError
from rummycheck.melds import Meld, MeldKind
from rummycheck.results import LayOff
from rummycheck.sim.bots import Bot, LayDown, View, start_choice, start_options_text
from rummycheck.table.actions import ActionKind
from rummycheck.textsafe import brief
from rummycheck.variants import Variant

__all__ = ["DEFAULT_TIME_LIMIT", "Asked", "GuardedBot", "fits", "guarded_factory", "illegal_answer", "is_plug_in",
           "tracked"]

#: seconds a plug-in bot may take over one decision (``--bot-time``)
DEFAULT_TIME_LIMIT = 10.0


class _OutOfTime(BaseException):
    """Raised inside a bot that overran its time (a BaseException: ``except Exception`` in the bot
    does not swallow it)."""


@dataclass
class Asked:
    """The bot last asked for a decision in a game, and which method: a judge's refusal that
    follows is that answer's."""

    bot: str = ""
    seat: str = ""
    method: str = ""


def is_plug_in(spec: str) -> bool:
    """Whether a bot spec names a user's class (``package.module:ClassName``), not a shipped bot."""
    return ":" in spec


def _shown(value: object) -> str:
    """``repr(value)`` cut short; a value whose ``repr`` fails is named by its type."""
    try:
        return brief(value)
    except BaseException:  # the bot's own object: its repr may raise anything
        return f"a {type(value).__name__} object"


def _told(error: BaseException) -> str:
    """The type and first line of a bot's exception (its ``str`` may fail, or run over many lines)."""
    try:
        lines = str(error).strip().splitlines()
    except BaseException:  # the bot's own exception: its str may raise anything
        lines = []
    text = lines[0] if lines else ""
    text = text if len(text) <= 200 else text[:200] + "..."
    more = f" (and {len(lines) - 1} more lines)" if len(lines) > 1 else ""
    return f"{type(error).__name__}: {text}{more}" if text else type(error).__name__


def _seat_name(seat: int) -> str:
    return chr(ord("A") + seat) if 0 <= seat < 26 else str(seat)


class _Discard(io.TextIOBase):
    """A text stream that keeps nothing (a bot's prints)."""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        return len(text)


@contextmanager
def _deadline(seconds: float) -> Iterator[None]:
    """Raise ``_OutOfTime`` in this thread when the block runs longer than ``seconds``."""
    if seconds <= 0:
        yield
        return
    if threading.current_thread() is threading.main_thread() and hasattr(signal, "setitimer"):
        armed = [True]

        def ring(signum: int, frame: Any) -> None:
            if armed[0]:
                raise _OutOfTime

        previous = signal.signal(signal.SIGALRM, ring)
        signal.setitimer(signal.ITIMER_REAL, seconds)
        try:
            yield
        finally:
            armed[0] = False
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
        return
    ident = threading.get_ident()
    lock = threading.Lock()
    state = {"running": True, "rang": False}

    def interrupt() -> None:
        with lock:
            if state["running"]:
                state["rang"] = True
                ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(ident), ctypes.py_object(_OutOfTime))

    timer = threading.Timer(seconds, interrupt)
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        timer.cancel()
        with lock:
            state["running"] = False
            if state["rang"]:  # the interruption may still be pending: clear it, then say so
                ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(ident), None)
        if state["rang"]:
            raise _OutOfTime


class GuardedBot:
    """A bot behind the guard (see the module docstring); ``trusted`` bots (the shipped ones,
    seated beside a plug-in bot) only tell ``asked`` when they are asked."""

    def __init__(self, bot: Bot, label: str, asked: Asked, *, time_limit: float, trusted: bool = False,
                 limit_option: str | None = "--bot-time") -> None:
        self.bot = bot
        self.limit_option = limit_option  # the option that sets ``time_limit``, named when it is overrun
        self.label = label
        self.asked = asked
        self.time_limit = time_limit
        self.trusted = trusted
        self.seat = ""
        self.meld_turn = False  # ``start`` chose a meld turn: the lay-down that follows must lay something
        # the engine asks for knock_melds only when the bot has it
        self.knock_melds: Callable[[View, Card], tuple[Meld, ...] | None] | None = (
            self._knock_melds if callable(getattr(bot, "knock_melds", None)) else None)

    def _fail(self, method: str, what: str, rule: str = "") -> BotError:
        return BotError(f"bot {self.label!r} in seat {self.seat or '?'}: {method}: {what}", bot=self.label,
                        seat=self.seat, method=method, rule=rule)

    def _call(self, method: str, *args: Any, **kwargs: Any) -> Any:
        self.asked.bot, self.asked.seat, self.asked.method = self.label, self.seat, method
        function = getattr(self.bot, method)
        if self.trusted:
            return function(*args, **kwargs)
        try:
            with redirect_stdout(_Discard()), _deadline(self.time_limit):
                return function(*args, **kwargs)
        except _OutOfTime:
            option = f", {self.limit_option}" if self.limit_option else ""
            raise self._fail(method, f"no answer within {self.time_limit:g} seconds (the limit of one decision"
                                     f"{option})") from None
        except KeyboardInterrupt:
            raise
        except SystemExit as error:
            raise self._fail(method, f"the bot called sys.exit({_shown(error.code)})") from None
        except BotError:
            raise
        except BaseException as error:  # the bot's own code: any error is told in one line
            raise self._fail(method, f"raised {_told(error)}") from None

    def setup(self, *, seat: int, variant: Variant, rng: random.Random) -> None:
        self.seat = _seat_name(seat)
        self.meld_turn = False
        self._call("setup", seat=seat, variant=variant, rng=rng)

    def start(self, view: View) -> ActionKind:
        answer = self._call("start", view)
        if self.trusted:
            return answer  # type: ignore[no-any-return]
        # exact types: a subclass of str could answer anything when compared or printed
        choice = start_choice(answer, view.options)
        if choice is None:
            kind = f" (a {type(answer).__name__})" if isinstance(answer, str) and type(answer) not in (
                str, ActionKind) else ""
            raise self._fail("start", f"answered {_shown(answer)}{kind}, not one of "
                                      f"{start_options_text(view.options)}")
        self.meld_turn = choice is ActionKind.LAY_DOWN
        return choice

    def lay_down(self, view: View) -> LayDown | None:
        answer = self._call("lay_down", view)
        meld_turn, self.meld_turn = self.meld_turn, False
        if self.trusted:
            return answer  # type: ignore[no-any-return]
        if answer is not None and not (type(answer) is LayDown and _melds(answer.melds)
                                       and _layoffs(answer.layoffs)):
            raise self._fail("lay_down", f"answered {_shown(answer)}, not a LayDown of Meld and LayOff values "
                                         "(or None)")
        if meld_turn and not answer:
            raise self._fail("lay_down", "start chose a meld turn (ActionKind.LAY_DOWN), then nothing was laid "
                                         "down")
        return answer

    def discard(self, view: View) -> Card:
        answer = self._call("discard", view)
        if not self.trusted and (type(answer) is not Card or answer not in view.hand):
            raise self._fail("discard", f"answered {_shown(answer)}, not a Card of the bot's hand")
        return answer  # type: ignore[no-any-return]

    def knock(self, view: View, card: Card) -> bool:
        answer = self._call("knock", view, card)
        if not self.trusted and not isinstance(answer, bool):
            raise self._fail("knock", f"answered {_shown(answer)}, not True or False")
        return bool(answer)

    def _knock_melds(self, view: View, card: Card) -> tuple[Meld, ...] | None:
        answer = self._call("knock_melds", view, card)
        if answer is None or self.trusted:
            return answer  # type: ignore[no-any-return]
        if type(answer) not in (tuple, list) or not _melds(answer):
            raise self._fail("knock_melds", f"answered {_shown(answer)}, not a tuple of Meld values (or None)")
        return tuple(answer)


def _melds(melds: object) -> bool:
    return type(melds) in (tuple, list) and all(
        type(m) is Meld and type(m.kind) is MeldKind and type(m.cards) is tuple and type(m.stands_for) is tuple
        and all(type(c) is Card for c in (*m.cards, *m.stands_for)) for m in melds)  # type: ignore[attr-defined]


def _layoffs(layoffs: object) -> bool:
    return type(layoffs) in (tuple, list) and all(
        type(lo) is LayOff and type(lo.card) is Card and type(lo.stands_for) is Card and type(lo.target) is int
        for lo in layoffs)  # type: ignore[attr-defined]


def fits(cls: type[Any], label: str, game: Any) -> bool:
    """A plug-in ``BaseBot`` subclass's own ``fits(game)``, its failure told in one line."""
    try:
        with redirect_stdout(_Discard()):
            return bool(cls.fits(game))
    except KeyboardInterrupt:
        raise
    except BaseException as error:  # the user's code
        raise BotError(f"bot {label!r}: fits raised {_told(error)}", bot=label, method="fits") from None


def guarded_factory(cls: type[Bot], label: str, *, time_limit: float = DEFAULT_TIME_LIMIT,
                    limit_option: str | None = "--bot-time") -> Callable[[Asked], GuardedBot]:
    """A maker of guarded bots of the plug-in class ``cls`` (built with no arguments); ``limit_option``
    is the option that sets ``time_limit`` (None where none does), named when a bot overruns it."""

    def make(asked: Asked) -> GuardedBot:
        try:
            with redirect_stdout(_Discard()), _deadline(time_limit):
                bot = cls()
        except _OutOfTime:
            raise BotError(f"bot {label!r}: building {cls.__name__}() took more than {time_limit:g} seconds",
                           bot=label, method="__init__") from None
        except KeyboardInterrupt:
            raise
        except SystemExit as error:
            raise BotError(f"bot {label!r}: {cls.__name__}() called sys.exit({_shown(error.code)})", bot=label,
                           method="__init__") from None
        except TypeError as error:
            raise BotError(f"bot {label!r}: cannot build {cls.__name__}() with no arguments (a bot class is "
                           f"built with none): {_told(error).removeprefix('TypeError: ')}", bot=label,
                           method="__init__") from None
        except BaseException as error:  # the user's code: told in one line
            raise BotError(f"bot {label!r}: building {cls.__name__}() raised {_told(error)}", bot=label,
                           method="__init__") from None
        return GuardedBot(bot, label, asked, time_limit=time_limit, limit_option=limit_option)

    return make


def illegal_answer(asked: Asked, error: ValueError, reasons: Sequence[Any] = ()) -> BotError:
    """The judge refused the answer ``asked`` names (``IllegalPlay``, with its ``reasons``), or the
    engine found it wrong (a ``ValueError``): one ``BotError`` naming the bot and the rule."""
    rules = list(dict.fromkeys(getattr(r, "rule", "") for r in reasons if getattr(r, "rule", "")))
    what = f"an illegal answer ({', '.join(rules)}): {error}" if rules else f"a wrong answer: {error}"
    return BotError(f"bot {asked.bot!r} in seat {asked.seat or '?'}: {asked.method}: {what}", bot=asked.bot,
                    seat=asked.seat, method=asked.method, rule=rules[0] if rules else "")


def tracked(bot: Bot, label: str, asked: Asked) -> GuardedBot:
    """A shipped bot seated beside a plug-in bot: unguarded, it only tells ``asked`` when asked."""
    return GuardedBot(bot, label, asked, time_limit=0, trusted=True)
