"""Score-sheet files: a whole game as a list of hand results, in TOML (docs/scoresheets.md).

``load_sheet(path)`` reads and checks a file, reporting every problem it can find before
scoring (unknown keys, wrong types, bad cards, unknown players), each as
``file:line:col: message``.  ``run_sheet(file)`` scores the hands in order with the
scoring engine; a hand the rules refuse (a knock over the limit, a buy-back with nobody
to buy back against) is reported at that hand's position.  ``render.text.hand_text`` and
``render.json.sheet_json`` render the results for the command line.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rummycheck.cards import CARD_TOKEN, Card, check_copies
from rummycheck.errors import RummyError, ScenarioError, located
from rummycheck.files.tomlpos import MAX_NUMBER, SHEET_OR_SCENARIO, Problems, read_toml
from rummycheck.games import game_of
from rummycheck.games.base import solvable_size_problem
from rummycheck.position import where
from rummycheck.reading import read_file
from rummycheck.table.scoring import HandEnd, HandScore, Sheet, new_sheet, score_hand
from rummycheck.textsafe import brief
from rummycheck.variants import Variant, get_variant, is_house_rules_name, resolve_house_rules

__all__ = ["ScoreSheetFile", "is_sheet", "load_sheet", "parse_sheet", "run_sheet"]

TOP_KEYS = ("title", "description", "variant", "preset", "rules", "players", "start", "out", "hands", "expect")
HAND_KEYS = ("out", "knocker", "points", "cards", "rummy", "stalemate", "dead", "big_gin", "upcard", "buyback",
             "note")
Path_ = tuple[str | int, ...]


@dataclass(frozen=True, slots=True)
class ScoreSheetFile:
    """A checked score-sheet file: the sheet at the start, then each hand's end."""

    source: str
    sheet: Sheet
    hands: tuple[HandEnd, ...]
    title: str = ""
    notes: tuple[str, ...] = ()
    expect: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    positions: dict[Path_, tuple[int, int]] = field(default_factory=dict, compare=False, hash=False, repr=False)

    def where(self, *path: str | int) -> str:
        """``file:line:col`` of the key at ``path`` or of its nearest enclosing key."""
        return where(self.source, self.positions, tuple(path))


def is_sheet(data: Mapping[str, Any]) -> bool:
    """A TOML document with a ``[[hands]]`` list is a score sheet, not a scenario."""
    return "hands" in data


class _Checker(Problems):
    def expect_type(self, value: Any, kind: type | tuple[type, ...], path: Path_, what: str) -> bool:
        if isinstance(value, kind) and not (isinstance(value, bool) and kind in (int, (int,))):
            return True
        self.problem(path, f"{'.'.join(str(p) for p in path)} must be {what}, got {value!r}")
        return False


def parse_sheet(text: str, *, source: str = "<sheet>", data: dict[str, Any] | None = None) -> ScoreSheetFile:
    """Parse and check a score-sheet text; raise ``ScenarioError`` listing every problem.  ``data``:
    the text's TOML when the caller read it already (``score`` reads it to tell a sheet from a scenario)."""
    if data is None:
        data = read_toml(text, source=source, wanted=SHEET_OR_SCENARIO)
    check = _Checker(text, source)
    for key in data:
        if key not in TOP_KEYS:
            check.problem((key,), f"unknown key {key!r} in the score sheet; known keys are: {', '.join(TOP_KEYS)}",
                          key=True)
    variant = _variant(check, data)
    players = data.get("players")
    names: list[str] = []
    if check.expect_type(players, list, ("players",), 'a list of names like ["Ann", "Bob"]'):
        assert isinstance(players, list)
        for i, name in enumerate(players):
            if check.expect_type(name, str, ("players", i), "a name"):
                names.append(name)
    start = data.get("start", {})
    scores: dict[str, int] = {}
    if check.expect_type(start, dict, ("start",), "a table like { Ann = 31 }"):
        for name, value in start.items():
            _known_player(check, name, names, ("start", name))
            if check.expect_type(value, int, ("start", name), "a whole number") and 0 <= value <= MAX_NUMBER:
                scores[name] = value
            elif isinstance(value, int) and not isinstance(value, bool):
                check.problem(("start", name), f"start.{name} must be from 0 to {MAX_NUMBER}, "
                                               f"got {brief(value)}")
    out = _names(check, data.get("out", []), ("out",), names)
    if variant is not None:
        for name, value in scores.items():
            busted = game_of(variant).running_score_problem(value) if name not in out else None
            if busted is not None:
                check.problem(("start", name), f"start.{name}: {busted}; list {name} in out")
    hands = []
    raw_hands = data.get("hands", [])
    if check.expect_type(raw_hands, list, ("hands",), "a list of [[hands]] tables"):
        for i, raw in enumerate(raw_hands):
            if check.expect_type(raw, dict, ("hands", i), "a table"):
                end = _hand(check, raw, ("hands", i), names, variant)
                if end is not None:
                    hands.append(end)
    expect = data.get("expect", {})
    check.expect_type(expect, dict, ("expect",), "a table")
    sheet = None
    if variant is not None and names and not check.problems:
        try:
            sheet = new_sheet(variant, names, scores=scores, out=out)
        except RummyError as error:
            check.problem(("players",), str(error))
    if check.problems or sheet is None:
        if not check.problems:
            check.problem((), "the score sheet needs a variant and players")
        raise ScenarioError("\n".join(located(source, ln, col, msg) for ln, col, msg in sorted(set(check.problems))))
    title = data.get("title", "")
    return ScoreSheetFile(source=source, sheet=sheet, hands=tuple(hands), title=str(title),
                          notes=tuple(str(h.get("note", "")) for h in raw_hands),
                          expect=dict(expect) if isinstance(expect, dict) else {},
                          positions=dict(check.locator.keys))


def load_sheet(path: str | Path) -> ScoreSheetFile:
    """Read and check a score-sheet file (the file is never modified)."""
    text = read_file(path)
    return parse_sheet(text, source=str(path))


def run_sheet(file: ScoreSheetFile) -> list[HandScore]:
    """Score every hand of the file in order; errors name the hand's place in the file."""
    results: list[HandScore] = []
    sheet = file.sheet
    for i, end in enumerate(file.hands):
        try:
            result = score_hand(sheet, end)
        except RummyError as error:
            raise type(error)(f"{file.where('hands', i)}: hand {i + 1}: {error}") from None
        results.append(result)
        sheet = result.after
    return results


# -- checking pieces ------------------------------------------------------------------------

def _variant(check: _Checker, data: Mapping[str, Any]) -> Variant | None:
    name = data.get("variant")
    if not check.expect_type(name, str, ("variant",), "one of 'bing', 'basic', 'gin'"):
        return None
    preset = data.get("preset")
    rules = data.get("rules", {})
    if preset is not None and not check.expect_type(preset, str, ("preset",), "a preset name"):
        return None
    if not check.expect_type(rules, dict, ("rules",), "a table of rule options"):
        return None
    if is_house_rules_name(str(name)):
        try:  # a club's rules file, relative to the sheet; its own errors name its own lines
            variant = get_variant(resolve_house_rules(str(name), check.source), preset=preset)
        except RummyError as error:
            raise ScenarioError(str(error)) from None
    else:
        try:
            variant = get_variant(str(name), preset=preset)
        except RummyError as error:
            check.problem(("variant",) if preset is None else ("preset",), str(error))
            return None
    for key, value in rules.items():
        try:
            variant = variant.with_options(**{key: value})
        except RummyError as error:
            check.problem(("rules", key), str(error))
    return variant


def _known_player(check: _Checker, name: str, names: Sequence[str], path: Path_) -> bool:
    if names and name not in names:
        check.problem(path, f"{name!r} is not one of the players ({', '.join(names)})")
        return False
    return True


def _names(check: _Checker, raw: Any, path: Path_, names: Sequence[str]) -> list[str]:
    found: list[str] = []
    if isinstance(raw, str):
        raw = [raw]
    if not check.expect_type(raw, list, path, "a list of player names"):
        return found
    for i, name in enumerate(raw):
        if check.expect_type(name, str, (*path, i), "a player name") and _known_player(check, name, names, (*path, i)):
            found.append(name)
    return found


def _hand(check: _Checker, raw: Mapping[str, Any], path: Path_, names: Sequence[str],
          variant: Variant | None) -> HandEnd | None:
    before = len(check.problems)
    for key in raw:
        if key not in HAND_KEYS:
            check.problem((*path, key), f"unknown key {key!r} in a [[hands]] entry; known keys are: "
                                        + ", ".join(HAND_KEYS), key=True)
    who: dict[str, str | None] = {}
    for key in ("out", "knocker"):
        value = raw.get(key)
        if value is not None and check.expect_type(value, str, (*path, key), "a player name"):
            _known_player(check, value, names, (*path, key))
        who[key] = value if isinstance(value, str) else None
    flags = {}
    for key in ("rummy", "stalemate", "dead", "big_gin"):
        value = raw.get(key, False)
        flags[key] = bool(value) if check.expect_type(value, bool, (*path, key), "true or false") else False
    points: dict[str, int] = {}
    table = raw.get("points", {})
    if check.expect_type(table, dict, (*path, "points"), "a table like { Ann = 58 }"):
        for name, value in table.items():
            _known_player(check, name, names, (*path, "points", name))
            if check.expect_type(value, int, (*path, "points", name), "a whole number") and 0 <= value <= MAX_NUMBER:
                points[name] = value
            elif isinstance(value, int) and not isinstance(value, bool):
                check.problem((*path, "points", name), f"points must be from 0 to {MAX_NUMBER}, "
                                                       f"got {brief(value)}")
    cards: dict[str, tuple[Card, ...]] = {}
    table = raw.get("cards", {})
    if check.expect_type(table, dict, (*path, "cards"), 'a table like { Ann = "6h Qs Qd" }'):
        for name, value in table.items():
            _known_player(check, name, names, (*path, "cards", name))
            parsed = _cards(check, value, (*path, "cards", name), variant)
            if parsed is not None:
                cards[name] = parsed
    upcard = None
    if "upcard" in raw:
        parsed = _cards(check, raw["upcard"], (*path, "upcard"), variant)
        if parsed is not None and len(parsed) != 1:
            check.problem((*path, "upcard"), f"upcard must be one card, got {raw['upcard']!r}")
        elif parsed:
            upcard = parsed[0]
    buyback = _names(check, raw.get("buyback", []), (*path, "buyback"), names)
    if "note" in raw:
        check.expect_type(raw["note"], str, (*path, "note"), "a string")
    if variant is not None:
        _variant_keys(check, raw, path, variant)
    if len(check.problems) != before:
        return None
    return HandEnd(out=who["out"], knocker=who["knocker"], points=points, cards=cards, rummy=flags["rummy"],
                   stalemate=flags["stalemate"], dead=flags["dead"], big_gin=flags["big_gin"], upcard=upcard,
                   buyback=tuple(buyback))


_COMMON_END_KEYS = ("points", "cards", "note")


def _variant_keys(check: _Checker, raw: Mapping[str, Any], path: Path_, variant: Variant) -> None:
    allowed = _COMMON_END_KEYS + game_of(variant).END_KEYS
    for key in raw:
        if key in HAND_KEYS and key not in allowed:
            check.problem((*path, key), f"{key!r} does not apply to {variant.title}; a hand there takes: "
                                        + ", ".join(allowed), key=True)


def _cards(check: _Checker, value: Any, path: Path_, variant: Variant | None) -> tuple[Card, ...] | None:
    """Parse a card string, reporting every bad token at its own column in the file."""
    if not check.expect_type(value, str, path, 'a string of cards like "6h Qs Qd"'):
        return None
    line, column = check.locator.string_starts.get(path, check.at(path))
    found: list[Card] = []
    bad = False
    for match in CARD_TOKEN.finditer(value.split("#", 1)[0]):
        try:
            found.append(Card.parse(match.group(0)))
        except RummyError as error:
            chars = check.locator.string_chars.get(path, [])  # set when the string holds escapes
            place = chars[match.start()] if match.start() < len(chars) else (line, column + match.start())
            check.problems.append((*place, str(error)))
            bad = True
    if bad:
        return None
    try:
        check_copies(found, decks=variant.decks if variant else 2, what="this hand")
    except RummyError as error:
        check.problems.append((line, column, str(error).removeprefix("<cards>: ")))
        return None
    too_many = variant is not None and len(found) > variant.hand_size + 1  # fewer: the rest were melded
    problem = solvable_size_problem(variant, len(found)) if variant is not None and too_many else None
    if problem is not None:
        check.problems.append((line, column, f"this hand holds {problem}"))
        return None
    return tuple(found)

