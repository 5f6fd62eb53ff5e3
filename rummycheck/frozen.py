"""Frozen values built quickly: their classes at start-up (``dataclass``), and their instances
on the few hot paths that make millions of them (``quick``).

``dataclass`` is ``dataclasses.dataclass`` (same options, same classes, same methods) whose
methods come compiled ahead where they can; see the section below.

A frozen slots dataclass stores each field in ``__init__`` through ``object.__setattr__``
(its own ``__setattr__`` refuses), which costs several times a plain store.  ``quick`` gives
a positional constructor that fills a mutable twin with the same slots, in the same order,
by plain stores and then gives it the frozen class: ``__class__`` assignment is allowed
between classes of the same layout, and what comes out is an instance of the frozen class
like any other (equal, same hash, repr and pickle; a test checks each use).

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class Point:
...     x: int
...     y: int
>>> make = quick(Point)
>>> make(1, 2) == Point(1, 2), type(make(1, 2)) is Point
(True, True)
"""

from __future__ import annotations

import builtins
import dataclasses
import sys
import threading
from collections.abc import Callable
from dataclasses import fields, make_dataclass
from types import CodeType, FunctionType
from typing import TYPE_CHECKING, Any, TypeVar

__all__ = ["dataclass", "quick"]

T = TypeVar("T")


def quick(cls: type[T]) -> Callable[..., T]:
    """A constructor of ``cls`` (a frozen dataclass with ``slots=True``, no ``__post_init__``)
    taking every field positionally, in field order (defaults are not filled in)."""
    names = tuple(f.name for f in fields(cls))  # type: ignore[arg-type]
    if getattr(cls, "__slots__", None) != names or hasattr(cls, "__post_init__"):
        raise TypeError(f"quick() needs a slots dataclass without __post_init__, not {cls.__name__}")
    twin: Any = None  # made on the first call: a command that never builds one does not pay for it

    def make(*values: Any) -> T:
        nonlocal twin
        if twin is None:
            twin = make_dataclass(f"_Quick{cls.__name__}", names, slots=True, eq=False, repr=False, match_args=False)
        value = twin(*values)
        value.__class__ = cls
        made: T = value
        return made

    make.__doc__ = f"``{cls.__name__}(...)`` with every field given in order, built the quick way."
    return make


# -- frozen dataclasses made without compiling their methods at every start -----------------------

# ``dataclasses.dataclass`` writes each method it adds as text and compiles it with ``exec``: about
# a tenth of a millisecond a method, five or six methods a frozen class, paid at every start of the
# command line.  ``data/frozen_methods.py`` holds those texts as code (made ahead by
# ``python -m rummycheck.data.compile_frozen``, compiled once into its byte code like any module):
# while ``dataclass`` below makes a class, a text found there is not compiled again but taken from
# there, as the function ``exec`` would have made of it (same code, same file name ``<string>``
# and lines, the class's module as its globals).  Any other text, another Python version's
# included, is compiled by ``exec`` as before; a test checks that the table holds what ``exec``
# compiles and that every class made here found its methods in it.
_LOCK = threading.RLock()
_MISSED: list[str] = []  # texts that were not found ahead (the table is made from these)
_NOT_SET = object()
_made_ahead: dict[str, Callable[..., Any]] | None = None


def _table() -> dict[str, Callable[..., Any]]:
    global _made_ahead
    if _made_ahead is None:
        from rummycheck.data import frozen_methods

        _made_ahead = frozen_methods.MADE if frozen_methods.PYTHON == sys.version_info[:2] else {}
    return _made_ahead


def _as_exec_made(code: CodeType, first_line: int) -> CodeType:
    """``code`` (of the table's module, starting at line ``first_line`` there) as ``exec`` makes it
    from the text alone: file ``<string>``, lines counted from the text's first."""
    consts = tuple(_as_exec_made(c, first_line) if isinstance(c, CodeType) else c for c in code.co_consts)
    return code.replace(co_filename="<string>", co_firstlineno=code.co_firstlineno - first_line + 1,
                        co_consts=consts)


def _exec(text: str, globals: dict[str, Any] | None = None, locals: dict[str, Any] | None = None) -> None:
    """``exec(text, globals, locals)`` for the texts ``dataclasses`` compiles, from the table when there."""
    made = _table().get(text) if isinstance(globals, dict) and isinstance(locals, dict) else None
    if made is None or globals is None or locals is None:
        _MISSED.append(text)
        # compiled without this module's ``from __future__`` (as in ``dataclasses``, which has none)
        exec(compile(text, "<string>", "exec", dont_inherit=True), globals, locals)
        return
    if "__builtins__" not in globals:  # as exec does
        globals["__builtins__"] = builtins.__dict__
    code = made.__code__
    locals[code.co_name] = FunctionType(_as_exec_made(code, code.co_firstlineno), globals, code.co_name)


if TYPE_CHECKING:
    from dataclasses import dataclass as dataclass
else:
    def dataclass(cls=None, /, **options):
        """``dataclasses.dataclass``, its methods taken made ahead (see above) where it can."""

        def wrap(cls):
            with _LOCK:  # ``dataclasses`` finds ``exec`` in its globals while this class is made
                before = vars(dataclasses).get("exec", _NOT_SET)
                dataclasses.exec = _exec
                try:
                    return dataclasses.dataclass(cls, **options)
                finally:
                    if before is _NOT_SET:
                        del dataclasses.exec
                    else:
                        dataclasses.exec = before

        return wrap if cls is None else wrap(cls)
