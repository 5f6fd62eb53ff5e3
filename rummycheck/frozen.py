"""Frozen values built quickly, for the few hot paths that make millions of them.

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

from collections.abc import Callable
from dataclasses import fields, make_dataclass
from typing import Any, TypeVar

__all__ = ["quick"]

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
