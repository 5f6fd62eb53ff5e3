"""rummycheck: exact answers for rummy games (Bing, basic and gin rummy).

>>> import rummycheck
>>> hand = rummycheck.parse_cards("Kd Kh Kc 8c 9c Tc 3h 3s 3h 3s 7c Jc 2d 5s")
>>> result = rummycheck.solve(hand, variant="bing", score=63)
>>> result.deadwood_points, result.legal
(0, True)
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rummycheck.cards import Card, Rank, Suit, format_cards, parse_cards
    from rummycheck.errors import CardParseError, IllegalPlayError, RummyError, ScenarioError, VariantError
    from rummycheck.files.scenario import load_scenario, parse_scenario
    from rummycheck.games.solve import solve, solve_scenario
    from rummycheck.games.validate import arrangement_problems, solution_problems
    from rummycheck.melds import Meld, MeldKind
    from rummycheck.position import Scenario
    from rummycheck.results import LayOff, Reason, Solution
    from rummycheck.solvers.deadwood import min_deadwood
    from rummycheck.table.actions import Action, ActionKind
    from rummycheck.table.disputes import Verdict, check_play
    from rummycheck.table.hand import new_hand
    from rummycheck.table.observation import Observation, observe
    from rummycheck.table.scoring import HandEnd, HandScore, ScoreLine, Sheet, new_sheet, score_hand, score_hands
    from rummycheck.table.state import GameState, IllegalPlay, PlayRecord
    from rummycheck.variants import Variant, get_variant

# Public names and the module each comes from.  They load on first use, so that
# ``import rummycheck`` (and the command line's start-up) stays light.
_WHERE: dict[str, str] = {
    "VariantError": "rummycheck.errors",
    "ScenarioError": "rummycheck.errors",
    "RummyError": "rummycheck.errors",
    "IllegalPlayError": "rummycheck.errors",
    "CardParseError": "rummycheck.errors",
    "Action": "rummycheck.table.actions",
    "ActionKind": "rummycheck.table.actions",
    "Observation": "rummycheck.table.observation",
    "new_hand": "rummycheck.table.hand",
    "observe": "rummycheck.table.observation",
    "Card": "rummycheck.cards",
    "GameState": "rummycheck.table.state",
    "HandEnd": "rummycheck.table.scoring",
    "HandScore": "rummycheck.table.scoring",
    "IllegalPlay": "rummycheck.table.state",
    "LayOff": "rummycheck.results",
    "Meld": "rummycheck.melds",
    "MeldKind": "rummycheck.melds",
    "PlayRecord": "rummycheck.table.state",
    "Rank": "rummycheck.cards",
    "Reason": "rummycheck.results",
    "Scenario": "rummycheck.position",
    "ScoreLine": "rummycheck.table.scoring",
    "Sheet": "rummycheck.table.scoring",
    "Solution": "rummycheck.results",
    "Suit": "rummycheck.cards",
    "Variant": "rummycheck.variants",
    "Verdict": "rummycheck.table.disputes",
    "arrangement_problems": "rummycheck.games.validate",
    "check_play": "rummycheck.table.disputes",
    "format_cards": "rummycheck.cards",
    "get_variant": "rummycheck.variants",
    "load_scenario": "rummycheck.files.scenario",
    "min_deadwood": "rummycheck.solvers.deadwood",
    "new_sheet": "rummycheck.table.scoring",
    "parse_cards": "rummycheck.cards",
    "parse_scenario": "rummycheck.files.scenario",
    "score_hand": "rummycheck.table.scoring",
    "score_hands": "rummycheck.table.scoring",
    "solution_problems": "rummycheck.games.validate",
    "solve": "rummycheck.games.solve",
    "solve_scenario": "rummycheck.games.solve",
}

__all__ = [
    "Action",
    "ActionKind",
    "Observation",
    "new_hand",
    "observe",
    "Card",
    "GameState",
    "IllegalPlay",
    "PlayRecord",
    "Scenario",
    "Verdict",
    "check_play",
    "load_scenario",
    "parse_scenario",
    "solve_scenario",
    "CardParseError",
    "HandEnd",
    "HandScore",
    "IllegalPlayError",
    "LayOff",
    "Meld",
    "MeldKind",
    "Rank",
    "Reason",
    "RummyError",
    "ScenarioError",
    "ScoreLine",
    "Sheet",
    "Solution",
    "Suit",
    "Variant",
    "VariantError",
    "arrangement_problems",
    "format_cards",
    "get_variant",
    "min_deadwood",
    "new_sheet",
    "parse_cards",
    "score_hand",
    "score_hands",
    "solution_problems",
    "solve",
]

__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'rummycheck' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(list(globals()) + list(_WHERE))
