"""The one place that maps a solver's name to its search functions.

z3 and python-constraint are heavy imports; they load only when their solver is asked for.
"""

from __future__ import annotations

from rummycheck.errors import VariantError
from rummycheck.solvers.base import SOLVER_NAMES, Finder, PlayFinder

__all__ = ["finder", "play_finder"]


def _unknown(name: str) -> VariantError:
    return VariantError(f"unknown solver {name!r}; choose {', '.join(SOLVER_NAMES[:-1])} or {SOLVER_NAMES[-1]}")


_FOUND: dict[str, Finder] = {}


def finder(name: str) -> Finder:
    """The hand search of solver ``name`` (exact, z3 or csp)."""
    found = _FOUND.get(name)
    if found is None:
        found = _FOUND[name] = _load_finder(name)
    return found


def _load_finder(name: str) -> Finder:
    if name == "exact":
        from rummycheck.solvers.deadwood import fast_search
        return fast_search
    if name == "z3":
        from rummycheck.solvers.z3 import search as z3_search
        return z3_search
    if name == "csp":
        from rummycheck.solvers.csp import search as csp_search
        return csp_search
    raise _unknown(name)


def play_finder(name: str) -> PlayFinder:
    """The whole-play search at a table of solver ``name``: z3 and csp model lay-offs themselves."""
    if name == "exact":
        from rummycheck.solvers.layoffs import exact_play
        return exact_play
    if name == "z3":
        from rummycheck.solvers.z3 import search_table as z3_play
        return z3_play
    if name == "csp":
        from rummycheck.solvers.csp import search_table as csp_play
        return csp_play
    raise _unknown(name)
