"""rummycheck.frozen.dataclass: the methods of rummycheck's frozen classes, taken from
``data/frozen_methods.py`` instead of compiled at every start, are the ones ``exec`` makes of
the texts ``dataclasses`` writes; the table is what its generator writes now; and a class whose
texts are not in it is made the usual way."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path
from types import CodeType, FunctionType
from typing import Any, cast

import pytest

from rummycheck import frozen
from rummycheck.cards import Card
from rummycheck.data import compile_frozen, frozen_methods
from rummycheck.melds import Meld, MeldKind

ROOT = Path(__file__).resolve().parent.parent
SAME_PYTHON = pytest.mark.skipif(frozen_methods.PYTHON != sys.version_info[:2],
                                 reason=f"the table is made for Python {frozen_methods.PYTHON}")


def _fresh(script: str) -> str:
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


@SAME_PYTHON
def test_the_table_is_what_the_generator_writes_now() -> None:
    # Fails after a frozen class changes until `python -m rummycheck.data.compile_frozen` is run.
    written = _fresh("import sys\nfrom rummycheck.data.compile_frozen import render\nsys.stdout.write(render())")
    assert compile_frozen.TARGET.read_text("utf-8") == written


@SAME_PYTHON
def test_every_frozen_class_finds_its_methods_in_the_table() -> None:
    # Fails when a class changed, or when this Python's dataclasses writes other texts than the one
    # the table was made with (a later 3.11 release): run `python -m rummycheck.data.compile_frozen`.
    modules = compile_frozen.modules()
    assert {"rummycheck.cards", "rummycheck.variants", "rummycheck.melds", "rummycheck.results"} <= set(modules)
    out = _fresh(f"import importlib\nfrom rummycheck import frozen\nfor name in {modules!r}:\n"
                 "    importlib.import_module(name)\nprint(len(frozen._MISSED), len(frozen._table()))")
    missed, entries = map(int, out.split())
    assert (missed, entries) == (0, len(frozen_methods.MADE)) and entries >= 90


def _factory(code: CodeType) -> CodeType:
    (found,) = [c for c in code.co_consts if isinstance(c, CodeType) and c.co_name == "__create_fn__"]
    return found


def _same_code(made: CodeType, compiled: CodeType) -> None:
    assert made == compiled  # op codes, constants, names, lines (CPython compares these)
    assert (made.co_filename, made.co_qualname, made.co_firstlineno, made.co_flags) == \
        (compiled.co_filename, compiled.co_qualname, compiled.co_firstlineno, compiled.co_flags)
    inner_made = [c for c in made.co_consts if isinstance(c, CodeType)]
    inner_compiled = [c for c in compiled.co_consts if isinstance(c, CodeType)]
    assert len(inner_made) == len(inner_compiled)
    for a, b in zip(inner_made, inner_compiled):
        _same_code(a, b)


def _function_fields(function: FunctionType) -> tuple[Any, ...]:
    cells = tuple(cell.cell_contents for cell in function.__closure__ or ())
    return (function.__name__, function.__qualname__, function.__module__, function.__defaults__,
            function.__kwdefaults__, function.__annotations__, cells, function.__doc__)


@pytest.mark.parametrize("text", list(frozen_methods.MADE), ids=lambda text: text.split("\n")[1].strip()[:60])
def test_each_entry_is_what_exec_makes_of_its_text(text: str) -> None:
    made = frozen_methods.MADE[text]
    _same_code(frozen._as_exec_made(made.__code__, made.__code__.co_firstlineno),
               _factory(compile(text, "<string>", "exec", dont_inherit=True)))
    # the functions made both ways, from the same globals and the same (stand-in) locals
    names = made.__code__.co_varnames[:made.__code__.co_argcount]
    stand_ins = {name: type(f"_{name}", (), {})() for name in names}
    by_exec: dict[str, Any] = {}
    exec_globals: dict[str, Any] = {"__name__": "somewhere"}
    exec(compile(text, "<string>", "exec", dont_inherit=True), exec_globals, by_exec)  # as dataclasses does
    ahead: dict[str, Any] = {}
    ahead_globals: dict[str, Any] = {"__name__": "somewhere"}
    frozen._exec(text, ahead_globals, ahead)
    first, second = by_exec["__create_fn__"](**stand_ins), ahead["__create_fn__"](**stand_ins)
    _same_code(second.__code__, first.__code__)
    assert _function_fields(second) == _function_fields(first)
    assert first.__globals__ is exec_globals and second.__globals__ is ahead_globals
    assert ahead_globals.keys() == exec_globals.keys()  # exec's __builtins__ too


def test_the_classes_keep_what_dataclasses_gives_them() -> None:
    assert Meld.__init__.__globals__ is vars(sys.modules["rummycheck.melds"])
    assert Meld.__init__.__code__.co_filename == "<string>" and Meld.__init__.__qualname__ == "Meld.__init__"
    meld = Meld.natural(MeldKind.SET, (Card.parse("Kd"), Card.parse("Kh"), Card.parse("Kc")))
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field 'kind'"):
        meld.kind = MeldKind.RUN  # type: ignore[misc]
    # typeshed does not declare ``__dataclass_params__`` (an implementation detail of dataclasses)
    assert cast(Any, Meld).__dataclass_params__.frozen and \
        Meld.__slots__ == tuple(f.name for f in dataclasses.fields(Meld))
    assert dataclasses.replace(meld) == meld and hash(dataclasses.replace(meld)) == hash(meld)


def test_a_class_not_in_the_table_is_made_the_usual_way() -> None:
    before = len(frozen._MISSED)

    @frozen.dataclass(frozen=True, slots=True)
    class Elsewhere:
        left: int
        right: tuple[int, ...] = ()

    @dataclasses.dataclass(frozen=True, slots=True)
    class Plain:
        left: int
        right: tuple[int, ...] = ()

    assert "exec" not in vars(dataclasses)  # dataclasses uses the built-in exec again
    assert len(frozen._MISSED) > before  # its texts (another class name's repr among them) were compiled
    assert repr(Elsewhere(1)) == "test_a_class_not_in_the_table_is_made_the_usual_way.<locals>.Elsewhere(left=1, " \
                                 "right=())"
    assert Elsewhere(1, (2,)) == Elsewhere(1, (2,)) and hash(Elsewhere(1)) == hash(Plain(1))
    for name in ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__"):
        _same_code(getattr(Elsewhere, name).__code__, getattr(Plain, name).__code__)
    with pytest.raises(dataclasses.FrozenInstanceError):
        Elsewhere(1).left = 2  # type: ignore[misc]
