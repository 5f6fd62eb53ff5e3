"""The package's shape: public names, light start-up, no game-name switches outside games/."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import rummycheck

PACKAGE = Path(rummycheck.__file__).parent


def test_every_public_name_resolves() -> None:
    for name in rummycheck.__all__:
        assert getattr(rummycheck, name) is not None, name


def test_cli_start_up_loads_no_heavy_or_game_module() -> None:
    code = ("import sys, rummycheck.cli; "
            "print(' '.join(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('z3', 'constraint', 'dask', 'matplotlib', 'tabulate') or m.startswith('rummycheck.games'))))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert loaded == []


def _compares_a_game_name(node: ast.AST) -> bool:
    """``x.name == "gin"`` or ``variant.name in ("bing", ...)``: a switch on a game's name."""
    if not isinstance(node, ast.Compare):
        return False
    sides = [node.left, *node.comparators]
    names = {"bing", "basic", "gin"}
    has_name_attr = any(isinstance(s, ast.Attribute) and s.attr == "name" for s in sides)
    literals = {s.value for s in sides if isinstance(s, ast.Constant) and isinstance(s.value, str)}
    for s in sides:
        if isinstance(s, ast.Tuple | ast.Set | ast.List):
            literals |= {e.value for e in s.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)}
    return has_name_attr and bool(literals & names)


def test_no_module_outside_games_switches_on_a_game_name() -> None:
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.parent.name == "games":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if _compares_a_game_name(node):
                offenders.append(f"{path.relative_to(PACKAGE)}:{getattr(node, 'lineno', 0)}")
    assert offenders == []


def test_the_switch_detector_sees_the_forms_it_forbids() -> None:
    forbidden = ['variant.name == "gin"', 'self.variant.name != "bing"', 'v.name in ("basic", "gin")']
    allowed = ['variant.name == name', 'card.rank == "gin"', 'player.name == "A"']
    assert all(_compares_a_game_name(ast.parse(text, mode="eval").body) for text in forbidden)
    assert not any(_compares_a_game_name(ast.parse(text, mode="eval").body) for text in allowed)
