"""``verify``: run the ``[expect]`` sections of scenario and score-sheet files as checks.

Each key of an ``[expect]`` table is handled by an *evaluator* looked up in a registry.
An evaluator gets a ``Subject`` (the loaded file, with cached solving and scoring) and
the expected value, and returns one or more ``Outcome`` rows: what was expected, what
rummycheck got, whether they agree, the rule ids involved and, when they differ, a
line a human can act on.  ``verify_paths`` turns every row into a ``Check`` naming the
file and the ``[expect]`` key's position.

Other modules add keys with ``register_expectation(key, evaluator)`` at import time and
list themselves in ``EVALUATOR_MODULES`` so that verify imports them first (see
docs/verify.md).  A key nobody handles is an error naming the file and line; a key
that is known to belong to a module that is not installed (``PENDING``) gives failed
checks that say so, never a silent skip.
"""

from __future__ import annotations

import importlib
import os
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rummycheck.errors import CannotTell, ExpectValueError, RummyError, ScenarioError
from rummycheck.reading import read_file
from rummycheck.textsafe import shorten

if TYPE_CHECKING:
    from rummycheck.files.scoresheet import ScoreSheetFile
    from rummycheck.position import Scenario, ScenarioPlayer
    from rummycheck.results import Solution
    from rummycheck.table.scoring import HandScore
    from rummycheck.variants import Variant

__all__ = [
    "EVALUATOR_MODULES",
    "Check",
    "Evaluator",
    "ExpectValueError",
    "Outcome",
    "Subject",
    "compare",
    "expectation_keys",
    "register_expectation",
    "scenario_files",
    "summary",
    "verify_file",
    "verify_paths",
]

# Modules that register evaluators when imported (e.g. the table model's ``plays``).
EVALUATOR_MODULES: tuple[str, ...] = ()

# Keys another module is expected to register; until it does, each such check fails with this reason.
PENDING: dict[str, str] = {
    "plays": "no evaluator for 'plays' is registered: the play checker (rummycheck check) must register one "
             "with rummycheck.verify.register_expectation",
}


@dataclass(frozen=True, slots=True)
class Outcome:
    """One comparison made by an evaluator."""

    label: str  # the [expect] key, with an index or player when one key gives several rows
    rules: tuple[str, ...]
    expected: str
    got: str
    passed: bool
    diff: str = ""  # when failed: what differs, in words


@dataclass(frozen=True, slots=True)
class Check:
    """One row of the verify report."""

    scenario: str  # the file
    title: str
    place: str  # file:line:col of the [expect] key
    label: str
    rules: tuple[str, ...]
    expected: str
    got: str
    passed: bool
    diff: str = ""


@dataclass
class Subject:
    """A loaded file under verification, with its solving and scoring done once and cached."""

    source: str
    scenario: Scenario | None = None
    sheet: ScoreSheetFile | None = None
    _scored: list[HandScore] | None = field(default=None, repr=False)
    _solutions: dict[str, Solution] = field(default_factory=dict, repr=False)

    @property
    def title(self) -> str:
        if self.scenario is not None:
            return self.scenario.title
        return self.sheet.title if self.sheet is not None else ""

    @property
    def variant(self) -> Variant:
        if self.scenario is not None:
            return self.scenario.variant
        assert self.sheet is not None
        return self.sheet.sheet.variant

    @property
    def expect(self) -> dict[str, Any]:
        if self.scenario is not None:
            return self.scenario.expect
        assert self.sheet is not None
        return self.sheet.expect

    def where(self, *path: str | int) -> str:
        if self.scenario is not None:
            return self.scenario.where(*path)
        assert self.sheet is not None
        return self.sheet.where(*path)

    def scored(self) -> list[HandScore]:
        """The scored hands: the scenario's ``[end]`` hand, or every hand of the sheet."""
        if self._scored is None:
            if self.sheet is not None:
                from rummycheck.files.scoresheet import run_sheet
                self._scored = run_sheet(self.sheet)
            else:
                from rummycheck.table.scoring import score_scenario
                assert self.scenario is not None
                self._scored = [score_scenario(self.scenario)]
        return self._scored

    def last(self) -> HandScore:
        results = self.scored()
        if not results:
            raise ScenarioError(f"{self.source}: no hands to score")
        return results[-1]

    def player(self, name: str | None = None) -> ScenarioPlayer:
        """The named player, else the player whose turn it is, else the only player with known cards."""
        scenario = self._need_scenario("a hand")
        if name is not None:
            return scenario.player(name)
        if scenario.turn is not None:
            return scenario.player(scenario.turn.player)
        known = [p for p in scenario.players if p.hand is not None]
        if len(known) != 1:
            raise ScenarioError(f"{scenario.where('expect')}: say whose hand to check: give [turn] player, "
                                "or a table like { A = 10 }, or list exactly one known hand")
        return known[0]

    def solution(self, name: str | None = None) -> Solution:
        from rummycheck.games.solve import solve

        player = self.player(name)
        if player.name not in self._solutions:
            if player.hand is None:
                raise ScenarioError(f"{self._need_scenario('a hand').where('players')}: "
                                    f"the hand of {player.name!r} is not known")
            assert self.scenario is not None
            turn = self.scenario.turn
            if self.scenario.table and turn is not None and turn.player == player.name:
                # the player to move at a table with melds: lay-offs count (layoffs.py)
                from rummycheck.games.solve import solve_scenario

                self._solutions[player.name] = solve_scenario(self.scenario)
            else:
                self._solutions[player.name] = solve(player.hand, variant=self.scenario.variant,
                                                     score=player.score, opened=player.opened)
        return self._solutions[player.name]

    def _need_scenario(self, what: str) -> Scenario:
        if self.scenario is None:
            raise ScenarioError(f"{self.source}: checking {what} needs a scenario file, not a score sheet")
        return self.scenario


Evaluator = Callable[[Subject, Any], Sequence[Outcome]]
_REGISTRY: dict[str, Evaluator] = {}


def register_expectation(key: str, evaluator: Evaluator, *, replace: bool = False) -> None:
    """Make ``[expect] key = ...`` checkable: ``evaluator(subject, expected)`` returns outcomes."""
    if key in _REGISTRY and not replace:
        raise ValueError(f"an evaluator for {key!r} is already registered")
    _REGISTRY[key] = evaluator


def expectation_keys() -> tuple[str, ...]:
    _load_plugins()
    return tuple(sorted(_REGISTRY))


def _load_plugins() -> None:
    for name in EVALUATOR_MODULES:
        importlib.import_module(name)


# -- comparing ------------------------------------------------------------------------------

def _show(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Mapping):
        return ", ".join(f"{k} {_show(v)}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_show(v) for v in value) + "]" if value else "[]"
    return str(value)


def compare(label: str, expected: Any, got: Any, rules: Iterable[str] = (), *,
            rules_for: Mapping[str, Sequence[str]] | None = None) -> Outcome:
    """One outcome: ``expected`` against ``got``, with a readable diff when they differ.

    Mappings are compared key by key (each differing key is named with its rules from
    ``rules_for``); lists are compared as lists.
    """
    rule_ids = tuple(dict.fromkeys(rules))
    if _same(expected, got):
        return Outcome(label, rule_ids, _show(expected), _show(got), True)
    parts: list[str] = []
    if isinstance(expected, Mapping) and isinstance(got, Mapping):
        for key in list(expected) + [k for k in got if k not in expected]:
            want, have = expected.get(key, "(absent)"), got.get(key, "(absent)")
            if want != have:
                why = f" ({', '.join(rules_for[key])})" if rules_for and rules_for.get(key) else ""
                parts.append(f"{key}: expected {_show(want)}, got {_show(have)}{why}")
    elif isinstance(expected, list) and isinstance(got, list):
        missing = [x for x in expected if x not in got]
        extra = [x for x in got if x not in expected]
        if missing:
            parts.append("missing " + ", ".join(_show(x) for x in missing))
        if extra:
            parts.append("unexpected " + ", ".join(_show(x) for x in extra))
        if not parts:
            parts.append("same items in another order")
    else:
        parts.append(f"expected {_show(expected)}, got {_show(got)}")
    rule_text = f" [{', '.join(rule_ids)}]" if rule_ids and not rules_for else ""
    return Outcome(label, rule_ids, _show(expected), _show(got), False, "; ".join(parts) + rule_text)


def _same(expected: Any, got: Any) -> bool:
    """Equality that keeps true and 1 apart."""
    if isinstance(expected, bool) or isinstance(got, bool):
        return isinstance(expected, bool) and isinstance(got, bool) and expected == got
    return bool(expected == got)


def _failed(label: str, expected: Any, reason: str, rules: Iterable[str] = ()) -> Outcome:
    return Outcome(label, tuple(rules), _show(expected), "error", False, reason)


def _want_int(label: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ExpectValueError(f"{label} expects a whole number, got {value!r}")
    return value


def _want_bool(label: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise ExpectValueError(f"{label} expects true or false, got {value!r}")
    return value


def _want_card(label: str, value: Any) -> str:
    from rummycheck.cards import Card
    try:
        return str(Card.parse(str(value)))
    except RummyError:
        raise ExpectValueError(f"{label} expects one card like \"7h\", got {value!r}") from None


def _want_names(label: str, value: Any, *, like: str = 'player names like ["A", "D"]') -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ExpectValueError(f"{label} expects a list of {like}, got {value!r}")
    return list(value)


# -- evaluators: the hand (solver) ----------------------------------------------------------

def _meld_rules(variant: Variant) -> tuple[str, ...]:
    from rummycheck.games import game_of

    return game_of(variant).melds_rules()


def _per_player(subject: Subject, key: str, expected: Any,
                read: Callable[[Solution], Any], want: Callable[[str, Any], Any],
                rules: Callable[[Solution], Iterable[str]]) -> list[Outcome]:
    if isinstance(expected, Mapping):
        outcomes = []
        for name, value in expected.items():
            solution = subject.solution(name)
            outcomes.append(compare(f"{key}.{name}", want(key, value), read(solution), rules(solution)))
        return outcomes
    solution = subject.solution()
    return [compare(key, want(key, expected), read(solution), rules(solution))]


def _solver_key(key: str, read: Callable[[Solution], Any], want: Callable[[str, Any], Any],
                extra: Callable[[Solution], Iterable[str]] | None = None) -> Evaluator:
    def evaluate(subject: Subject, expected: Any) -> list[Outcome]:
        def rules(solution: Solution) -> list[str]:
            return [r.rule for r in solution.reasons] + list(extra(solution) if extra else ())
        return _per_player(subject, key, expected, read, want, rules)
    return evaluate


def _melds_value(solution: Solution) -> int:
    return len(solution.melds)


def _meld_strings(value: Any) -> list[str]:
    from rummycheck.cards import format_cards, parse_cards
    return sorted(format_cards(sorted(parse_cards(str(v)))) for v in value)


def _evaluate_melds(subject: Subject, expected: Any) -> list[Outcome]:
    from rummycheck.cards import format_cards

    solution = subject.solution()
    rules = [r.rule for r in solution.reasons] + list(_meld_rules(solution.variant))
    if isinstance(expected, list):
        got = sorted(format_cards(sorted(m.cards)) for m in solution.melds)
        return [compare("melds", _meld_strings(expected), got, rules)]
    return [compare("melds", _want_int("melds", expected), len(solution.melds), rules)]


def _evaluate_hand_points(subject: Subject, expected: Any) -> list[Outcome]:
    scenario = subject._need_scenario("hand points")
    if not isinstance(expected, Mapping):
        raise ExpectValueError(f"hand_points expects a table like {{ A = 26 }}, got {expected!r}")
    rule = _values_rule(scenario.variant)[0]
    outcomes = []
    for name, value in expected.items():
        hand = scenario.player(name).hand
        if hand is None:
            outcomes.append(_failed(f"hand_points.{name}", value, f"the hand of {name!r} is not known", [rule]))
            continue
        outcomes.append(compare(f"hand_points.{name}", _want_int("hand_points", value),
                                scenario.variant.points(hand), [rule]))
    return outcomes


# -- evaluators: scoring --------------------------------------------------------------------

def _line_rules(result: HandScore, player: str | None = None) -> list[str]:
    return [ln.rule for ln in result.lines if player is None or ln.player == player]


def _all_line_rules(subject: Subject, player: str | None = None) -> list[str]:
    return [rule for result in subject.scored() for rule in _line_rules(result, player)]


def _evaluate_scores(subject: Subject, expected: Any) -> list[Outcome]:
    if not isinstance(expected, Mapping):
        raise ExpectValueError(f"scores expects a table like {{ A = 89, B = 11 }}, got {expected!r}")
    got = subject.last().after.scores()
    rules_for = {name: list(dict.fromkeys(_all_line_rules(subject, name))) for name in got}
    shown = {k: got.get(k) for k in expected} | {k: v for k, v in got.items() if k not in expected}
    return [compare("scores", dict(expected), shown, dict.fromkeys(_all_line_rules(subject)), rules_for=rules_for)]


def _game_rules(subject: Subject, *roles: str) -> tuple[str, ...]:
    """The rule ids the game of ``subject`` gives the roles (``Game.WIN``, ``Game.HAND_WIN``, ...)."""
    from rummycheck.games import game_of

    game = game_of(subject.variant)
    found: list[str] = []
    for role in roles:
        value = getattr(game, role)
        found.extend([value] if isinstance(value, str) else value)
    return tuple(r for r in found if r)


def _names_key(key: str, read: Callable[[Subject], Sequence[str]], roles: tuple[str, ...]) -> Evaluator:
    def evaluate(subject: Subject, expected: Any) -> list[Outcome]:
        return [compare(key, sorted(_want_names(key, expected)), sorted(read(subject)),
                        _game_rules(subject, *roles))]
    return evaluate


def _optional_name(key: str, read: Callable[[Subject], str | None], roles: tuple[str, ...]) -> Evaluator:
    def evaluate(subject: Subject, expected: Any) -> list[Outcome]:
        if not isinstance(expected, str):
            raise ExpectValueError(f'{key} expects a player name, or "" for nobody, got {expected!r}')
        return [compare(key, expected or None, read(subject), _game_rules(subject, *roles))]
    return evaluate


def _evaluate_buyback(subject: Subject, expected: Any) -> list[Outcome]:
    if expected is False:
        want = None
    else:
        want = _want_int("buyback", expected)
    return [compare("buyback", want, subject.last().buyback_level, _game_rules(subject, "BUYBACK"))]


def _evaluate_score_rules(subject: Subject, expected: Any) -> list[Outcome]:
    from rummycheck.games import game_of

    game = game_of(subject.variant)  # its own rule ids as the example
    wanted = _want_names("score_rules", expected, like=f'rule ids like ["{game.TURN}", "{game.OUT}"]')
    seen = list(dict.fromkeys(_all_line_rules(subject)))
    missing = [r for r in wanted if r not in seen]
    if missing:
        return [Outcome("score_rules", tuple(wanted), _show(wanted), _show(seen), False,
                        f"no score line cites {', '.join(missing)}")]
    return [Outcome("score_rules", tuple(wanted), _show(wanted), _show(seen), True)]


def _evaluate_score_error(subject: Subject, expected: Any) -> list[Outcome]:
    if not isinstance(expected, str):
        from rummycheck.games import game_of

        raise ExpectValueError(f"score_error expects a rule id like \"{game_of(subject.variant).TURN}\", "
                               f"got {expected!r}")
    try:
        subject.scored()
    except RummyError as error:
        text = str(error)
        ok = expected in text
        return [Outcome("score_error", (expected,), expected, text, ok,
                        "" if ok else f"scoring was refused, but not by {expected}")]
    return [Outcome("score_error", (expected,), expected, "scored without error", False,
                    f"expected scoring to be refused by {expected}, but it was accepted")]


def _bool_fact(name: str) -> Callable[[Solution], Any]:
    def read(solution: Solution) -> Any:
        return solution.fact(name)
    return read


def _values_rule(variant: Variant) -> tuple[str, ...]:
    from rummycheck.games import game_of

    return (game_of(variant).VALUES,)


CANNOT_TELL = "cannot tell"


def _evaluate_plays(subject: Subject, expected: Any) -> list[Outcome]:
    """``[expect] plays = [{ play = "...", legal = true, rule = "BING-OPEN" }]``: each play through ``check``.

    ``legal = "cannot tell"`` expects the verdict to depend on cards the scenario does not
    name (``check`` exits 2 saying so); ``rule`` is then the rule it depends on."""
    from rummycheck.games import game_of
    from rummycheck.table.disputes import check_play

    scenario = subject._need_scenario("plays")
    if not isinstance(expected, list) or not all(isinstance(item, dict) for item in expected):
        raise ExpectValueError(f"{subject.where('expect', 'plays')}: plays must be a list of tables like "
                               f"{{ play = \"discard Kc\", legal = true, rule = \"{game_of(subject.variant).TURN}\" }}")
    outcomes = []
    for index, item in enumerate(expected):
        label = f"plays[{index + 1}]"
        unknown = sorted(set(item) - {"play", "legal", "rule"})
        if unknown or not isinstance(item.get("play"), str) or not (isinstance(item.get("legal"), bool)
                                                                    or item.get("legal") == CANNOT_TELL):
            raise ExpectValueError(f"{subject.where('expect', 'plays', index)}: each play needs play = \"...\" "
                                   f"and legal = true, false or \"{CANNOT_TELL}\" (and optionally rule = \"RULE-ID\")"
                                   + (f"; unknown keys: {', '.join(unknown)}" if unknown else ""))
        want: dict[str, Any] = {"legal": item["legal"]}
        try:
            verdict = check_play(scenario, item["play"], disputes=False)
        except CannotTell as error:  # the verdict depends on cards not named, under one rule
            shown: tuple[str, ...] = (error.rule,) if error.rule else ()
            got: dict[str, Any] = {"legal": CANNOT_TELL}
            cited = list(shown)
        else:
            shown = verdict.rules
            got = {"legal": verdict.legal}
            cited = list(verdict.rules) + [r.rule for r in verdict.passed]
        if "rule" in item:
            want["rule"] = item["rule"]
            got["rule"] = item["rule"] if item["rule"] in cited else ", ".join(shown)
        outcomes.append(compare(f"{label} {item['play']!r}", want, got, shown))
    return outcomes


_FACT_KEYS = ("deadwood", "outs", "gin_outs", "p_knock_next", "p_gin_next", "p_out_next", "p_open_next")


def _evaluate_facts(subject: Subject, expected: Any) -> list[Outcome]:
    """``facts = [{ discard = "Qc", deadwood = 20, outs = "5s 5h 6h Th", p_knock_next = "4/41" }]``: the
    advisor's exact facts of each discard of the player on turn, who has drawn (``docs/advise.md``);
    chances are fractions over the cards he has not seen, written ``"4/41"``.  Before his draw, one
    entry ``{ draw = "stock", ... }`` gives the facts of the hand kept as it is (``facts.kept_facts``)."""
    from rummycheck.analysis.advisor import facts_at, kept_facts_at
    from rummycheck.analysis.facts import DiscardFacts, HandFacts
    from rummycheck.cards import parse_cards
    from rummycheck.games import game_of
    from rummycheck.table.state import GameState

    scenario = subject._need_scenario("facts")
    shape = ("{ discard = \"Kd\", deadwood = 20, outs = \"5s 5h\", p_knock_next = \"4/41\" } (after the draw) or "
             "{ draw = \"stock\", ... } (before it)")
    if not isinstance(expected, list) or not all(isinstance(item, dict) for item in expected):
        raise ExpectValueError(f"{subject.where('expect', 'facts')}: facts must be a list of tables like {shape}")
    state = GameState.from_scenario(scenario)
    player = state.player
    before = state.drew == "none" and not state.melded
    if not player.known:
        raise ExpectValueError(f"{subject.where('expect', 'facts')}: facts are those of the player on turn, whose "
                               "hand must be given")
    found: HandFacts | None = None if before else facts_at(state)
    kept: DiscardFacts | None = kept_facts_at(state) if before else None
    game = game_of(scenario.variant)
    rules = tuple(r for r in (game.OUT, game.VALUES, game.OPEN) if r)
    outcomes = []
    for index, item in enumerate(expected):
        where = subject.where("expect", "facts", index)
        unknown = sorted(set(item) - {"discard", "draw", *_FACT_KEYS})
        if before:
            if unknown or item.get("draw") != "stock" or "discard" in item:
                raise ExpectValueError(f"{where}: before the draw an entry is draw = \"stock\" with some of "
                                       f"{', '.join(_FACT_KEYS)}"
                                       + (f"; unknown keys: {', '.join(unknown)}" if unknown else ""))
            if kept is None:
                raise ExpectValueError(f"{where}: every card is in the hand or unseen (no pile, no table), so "
                                       "there is no kept hand to judge a draw by")
            facts, label = kept, f"facts[{index + 1}] draw from the stock"
        else:
            if unknown or "draw" in item or not isinstance(item.get("discard"), str):
                raise ExpectValueError(f"{where}: each entry needs discard = \"Kd\" "
                                       f"and some of {', '.join(_FACT_KEYS)}"
                                       + (f"; unknown keys: {', '.join(unknown)}" if unknown else "")
                                       + ("; draw = ... is for a player who has not drawn" if "draw" in item else ""))
            named = parse_cards(item["discard"])
            if len(named) != 1:
                raise ExpectValueError(f"{where}: discard names one card, like \"Kd\", not "
                                       f"{len(named)} ({shorten(item['discard'])})")
            card = named[0]
            assert found is not None
            try:
                facts = found.of(card)
            except KeyError:
                raise ExpectValueError(f"{where}: {card} is not a discard "
                                       f"of {subject.title or 'this hand'}") from None
            label = f"facts[{index + 1}] discard {card}"
        want: dict[str, Any] = {}
        got: dict[str, Any] = {}
        for key in _FACT_KEYS:
            if key not in item:
                continue
            value = getattr(facts, key)
            if key in ("outs", "gin_outs"):
                want[key] = " ".join(str(c) for c in sorted(parse_cards(str(item[key])))) if item[key] else ""
                got[key] = " ".join(str(c) for c in value or ())
            elif key == "deadwood":
                want[key], got[key] = item[key], value
            else:
                want[key] = str(item[key])
                got[key] = None if value is None else f"{value.numerator}/{value.denominator}"
        outcomes.append(compare(label, want, got, rules))
    return outcomes


def _evaluate_deal(subject: Subject, expected: Any) -> list[Outcome]:
    """``deal = { dealt = 14, decks = 2, players = "2-8" }``: what the game deals to this table."""
    from rummycheck.games import game_of

    scenario = subject._need_scenario("deal")
    keys = ("dealt", "decks", "players")
    if not isinstance(expected, Mapping) or not expected or any(k not in keys for k in expected):
        raise ExpectValueError(f"{subject.where('expect', 'deal')}: deal expects a table with dealt, decks "
                               f"and/or players, like {{ dealt = 14, decks = 2, players = \"2-8\" }}, "
                               f"got {expected!r}")
    variant = scenario.variant
    game = game_of(variant)
    low, high = variant.get("min_players", 2), variant.get("max_players", 2)
    got = {"dealt": game.dealt_size(len(scenario.players)), "decks": variant.decks, "players": f"{low}-{high}"}
    rules_for = {"dealt": (game.DEAL,), "decks": (game.PLAYERS,), "players": (game.PLAYERS,)}
    want = dict(expected)
    return [compare("deal", want, {k: got[k] for k in want},
                    [r for k in want for r in rules_for[k]], rules_for=rules_for)]


def _evaluate_strategies(subject: Subject, expected: Any) -> list[Outcome]:
    """``strategies = { bots = ["early", "common", "sandbag"], games = 4, seed = 2, legal = true,
    follow = true }``: simulated games between those bots (seat rotations of each deal) replay
    as legal records with their scores, and each bot's openings follow the strategy it is
    named for (``sim.strategy``)."""
    from rummycheck.sim.as_record import to_record
    from rummycheck.sim.bots import bot_class, shipped_fast_bot
    from rummycheck.sim.engine import play_game
    from rummycheck.sim.record_out import game_to_record_dict
    from rummycheck.sim.strategy import strategy_problems
    from rummycheck.table.replay import replay

    scenario = subject._need_scenario("strategies")
    keys = {"bots", "games", "seed", "legal", "follow"}
    if not isinstance(expected, Mapping) or set(expected) - keys or not isinstance(expected.get("bots"), list) \
            or not all(isinstance(b, str) for b in expected["bots"]) or len(expected["bots"]) < 2:
        raise ExpectValueError(f"{subject.where('expect', 'strategies')}: strategies expects a table like "
                               "{ bots = [\"early\", \"common\", \"sandbag\"], games = 4, seed = 2, "
                               "legal = true, follow = true }")
    games = _want_int("strategies.games", expected.get("games", 2))
    seed = _want_int("strategies.seed", expected.get("seed", 1))
    if not 1 <= games <= 20:
        raise ExpectValueError(f"{subject.where('expect', 'strategies')}: games must be 1 to 20 (a regression "
                               "check, not a study: rummycheck simulate runs thousands)")
    variant = scenario.variant
    bots = list(expected["bots"])
    for bot in bots:
        if not shipped_fast_bot(bot):
            raise ExpectValueError(f"{subject.where('expect', 'strategies')}: bot {shorten(bot)} is not one of the "
                                   "shipped fast bots (rummycheck simulate --help lists them): a scenario names no "
                                   "plug-in bot, whose module would run as the file is read, and no mc bot, whose "
                                   "rollouts are a study, not a regression check")
    problems: list[str] = []
    illegal: list[str] = []
    for deal in range(games):
        shift = deal % len(bots)
        seats = bots[shift:] + bots[:shift]  # every bot in every seat over the deals
        outcome = play_game(variant, [bot_class(b)() for b in seats], seed=seed, deal=deal, labels=seats,
                            record=True)
        assert outcome.record is not None
        game = game_to_record_dict(outcome.record)
        result = replay(to_record(game))
        if not result.ok:
            illegal.append(f"deal {deal}: {result.illegal or result.mismatches}")
        problems += [f"deal {deal}: {p}" for p in strategy_problems(game, variant)]
    from rummycheck.games import game_of

    game_rules = game_of(variant)
    rules = tuple(r for r in (game_rules.STRATEGY,) if r)
    outcomes = []
    if "legal" in expected:
        outcomes.append(compare("strategies: the simulated games replay as legal records", expected["legal"],
                                not illegal, rules + (game_rules.TURN,)))
        if illegal:
            outcomes[-1] = _failed("strategies legal", expected["legal"], "; ".join(illegal[:3]), rules)
    if "follow" in expected:
        outcomes.append(compare("strategies: each bot's openings follow its strategy", expected["follow"],
                                not problems, rules + (game_rules.OPEN,)))
        if problems and expected["follow"]:
            outcomes[-1] = _failed("strategies follow", expected["follow"], "; ".join(problems[:3]), rules)
    return outcomes


def _register_builtins() -> None:
    register_expectation("plays", _evaluate_plays)
    register_expectation("deal", _evaluate_deal)
    register_expectation("facts", _evaluate_facts)
    register_expectation("strategies", _evaluate_strategies)
    solver_keys: dict[str, tuple[Callable[[Solution], Any], Callable[[str, Any], Any]]] = {
        "deadwood": (lambda s: s.deadwood_points, _want_int),
        "legal": (lambda s: s.legal, _want_bool),
        "cards_left": (lambda s: len(s.deadwood), _want_int),
        "can_knock": (_bool_fact("can_knock"), _want_bool),
        "gin": (_bool_fact("gin"), _want_bool),
        "big_gin": (_bool_fact("big_gin"), _want_bool),
        "can_go_out": (_bool_fact("can_go_out"), _want_bool),
        "discard": (lambda s: None if s.discard is None else str(s.discard), _want_card),
    }
    for key, (read, want) in solver_keys.items():
        extra = (lambda s: _values_rule(s.variant)) if key == "deadwood" else None
        register_expectation(key, _solver_key(key, read, want, extra), replace=True)
    register_expectation("melds", _evaluate_melds, replace=True)
    register_expectation("hand_points", _evaluate_hand_points, replace=True)
    register_expectation("scores", _evaluate_scores, replace=True)
    register_expectation("busted", _names_key("busted", lambda s: s.last().busted, ("BUST",)), replace=True)
    register_expectation("eliminated", _names_key("eliminated", lambda s: s.last().eliminated,
                                                  ("BUST", "BUYBACK")), replace=True)
    register_expectation("buyback", _evaluate_buyback, replace=True)
    register_expectation("winner", _optional_name("winner", lambda s: s.last().winner,
                                                  ("WIN",)), replace=True)
    register_expectation("hand_winner", _optional_name("hand_winner", lambda s: s.last().hand_winner,
                                                       ("HAND_WIN",)),
                         replace=True)
    register_expectation("score_rules", _evaluate_score_rules, replace=True)
    register_expectation("score_error", _evaluate_score_error, replace=True)


_register_builtins()


# -- running --------------------------------------------------------------------------------

def scenario_files(paths: Sequence[str | Path]) -> list[Path]:
    """The ``.toml`` files named, or found (recursively, sorted) under the folders named."""
    found: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if str(raw) == "-" and not path.exists():
            raise ScenarioError("'-': verify checks files and folders, not standard input; give the file")
        if path.is_dir():
            found.extend(_toml_files(path))
        elif path.exists():
            found.append(path)
        else:
            raise ScenarioError(f"{str(raw)!r}: no such file or folder")
    return found


def _toml_files(folder: Path) -> list[Path]:
    """The ``.toml`` files (any letter case) below ``folder``, sorted; symbolic links to folders
    are not followed, and a folder nested thousands deep is walked without recursion."""
    found: list[Path] = []
    stack = [folder]
    while stack:
        current = stack.pop()
        try:
            entries = list(os.scandir(current))
        except OSError:
            continue
        for entry in entries:
            try:
                if entry.is_dir(follow_symlinks=False):
                    stack.append(Path(entry.path))
                elif entry.name.lower().endswith(".toml") and entry.is_file():
                    found.append(Path(entry.path))
            except OSError:
                continue
    return sorted(found)


def _load(path: Path) -> Subject | None:
    from rummycheck.files.scoresheet import is_sheet, parse_sheet
    from rummycheck.files.tomlpos import WITH_EXPECT, read_toml

    text = read_file(path)
    data = read_toml(text, source=str(path), wanted=WITH_EXPECT)
    if is_sheet(data):
        if "expect" not in data:
            return None
        return Subject(source=str(path), sheet=parse_sheet(text, source=str(path)))
    if "expect" not in data and data:
        return None
    from rummycheck.files.scenario import parse_scenario
    scenario = parse_scenario(text, source=str(path))
    return Subject(source=str(path), scenario=scenario) if scenario.expect else None


def verify_file(path: str | Path) -> list[Check]:
    """The checks of one file's ``[expect]`` (none when it has no such table).

    Raises ``ScenarioError`` for a file that does not load or an ``[expect]`` key nobody handles.
    """
    _load_plugins()
    subject = _load(Path(path))
    if subject is None:
        return []
    expect = subject.expect
    unknown = [key for key in expect if key not in _REGISTRY and key not in PENDING]
    if unknown:
        known = ", ".join(sorted(set(_REGISTRY) | set(PENDING)))
        raise ScenarioError("\n".join(f"{subject.where('expect', key)}: unknown [expect] key {key!r}; "
                                      f"known keys are: {known}" for key in unknown))
    rule_ids = {rule.id for rule in subject.variant.rules}
    checks: list[Check] = []
    for key, expected in expect.items():
        place = subject.where("expect", key)
        evaluator = _REGISTRY.get(key)
        if evaluator is None:
            items = expected if isinstance(expected, list) else [expected]
            outcomes: Sequence[Outcome] = [
                _failed(f"{key}[{i + 1}]", item.get("play", item) if isinstance(item, Mapping) else item,
                        PENDING[key]) for i, item in enumerate(items)]
        else:
            try:
                outcomes = evaluator(subject, expected)
            except ExpectValueError as error:  # one location: the evaluator's own, finer one where it gave it
                text = str(error)
                raise ScenarioError(text if text.startswith(f"{subject.source}:") else f"{place}: {text}") from None
            except RummyError as error:  # the row names the place: the message need not repeat it
                outcomes = [_failed(key, expected, _unplaced(str(error), subject.source))]
        for outcome in outcomes:
            rules = tuple(r for r in outcome.rules if r in rule_ids)
            checks.append(Check(scenario=subject.source, title=subject.title, place=place, label=outcome.label,
                                rules=rules, expected=outcome.expected, got=outcome.got,
                                passed=outcome.passed, diff=outcome.diff))
    return checks


def verify_paths(paths: Sequence[str | Path], *, broken: list[str] | None = None) -> list[Check]:
    """Every check of every file under ``paths``, in file order.

    A file that does not load (or names an ``[expect]`` key nobody handles) raises its
    ``ScenarioError``; with a ``broken`` list, its message is added there instead and the
    other files are still checked.
    """
    checks: list[Check] = []
    for path in scenario_files(paths):
        try:
            checks.extend(verify_file(path))
        except RummyError as error:
            if broken is None:
                raise
            broken.append(str(error))
    return checks


def _unplaced(message: str, source: str) -> str:
    """``message`` without a leading ``source:`` or ``source:line:col:`` on each line."""
    lines = []
    for line in message.splitlines():
        if line.startswith(source + ":"):
            rest = line[len(source) + 1:]
            line = re.sub(r"^\d+:\d+:", "", rest).lstrip()
        lines.append(line)
    return "; ".join(lines)


def summary(checks: Sequence[Check], *, unread: int = 0) -> str:
    """The summary line: ``N passed, M failed``, and ``K file(s) not read`` when some were not (each
    is named on its own line on stderr)."""
    counts = Counter(c.passed for c in checks)
    tail = f", {unread} file(s) not read (below)" if unread else ""
    return f"{counts[True]} passed, {counts[False]} failed{tail}"
