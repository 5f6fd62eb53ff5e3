"""rummycheck: exact answers for rummy games (Bing, basic and gin rummy).

>>> import rummycheck
>>> hand = rummycheck.parse_cards("Kd Kh Kc 8c 9c Tc 3h 3s 3h 3s 7c Jc 2d 5s")
>>> result = rummycheck.solve(hand, variant="bing", score=63)
>>> result.deadwood_points, result.legal
(0, True)
"""

from rummycheck.cards import Card, Rank, Suit, format_cards, parse_cards
from rummycheck.errors import (
    CardParseError,
    IllegalPlayError,
    RummyError,
    ScenarioError,
    VariantError,
)
from rummycheck.files.scenario import load_scenario, parse_scenario
from rummycheck.games.solve import solve, solve_scenario
from rummycheck.games.validate import arrangement_problems, solution_problems
from rummycheck.melds import Meld, MeldKind
from rummycheck.position import Scenario
from rummycheck.results import LayOff, Reason, Solution
from rummycheck.solvers.deadwood import min_deadwood
from rummycheck.table.disputes import Verdict, check_play
from rummycheck.table.scoring import HandEnd, HandScore, ScoreLine, Sheet, new_sheet, score_hand, score_hands
from rummycheck.table.state import GameState, IllegalPlay, PlayRecord
from rummycheck.variants import Variant, get_variant

__all__ = [
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
