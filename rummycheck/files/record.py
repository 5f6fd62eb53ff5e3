"""Record files: a whole hand or game in TOML, read and written (see ``docs/records.md``).

A record is to rummy what a PHH hand history is to poker: the variant and house rules, the
players in seat order, the dealer, the deal of each hand (the dealt cards, the upcard,
Bing's cut deuce, the stock order as far as it is known) and the actions, one short
string each (``"A draw 7h"``, ``"B knock Kd"``), in order.  This module is the syntax
only: ``parse_record`` checks the file and the wording of every action, and
``write_record`` writes a ``Record`` back in one canonical layout, so that reading a
written record and writing it again gives the same text.  Whether the actions are legal
is decided by replaying them through ``GameState`` (``rummycheck.table.replay``).

An unknown card is written ``?`` (a hand the record's author never saw, a stock card
nobody knows).  An action string may carry a trailing ``# comment`` on its line; it is
kept.  Other comments are allowed but not kept when a record is written again.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from rummycheck.cards import Card
from rummycheck.errors import CardParseError, HouseRulesUnreadable, RummyError, ScenarioError, located
from rummycheck.files.tomlpos import MAX_NUMBER, Problems, read_toml
from rummycheck.games import game_of
from rummycheck.reading import read_input
from rummycheck.table.record import name_problem
from rummycheck.table.replay import (
    ActionSyntaxError,
    HandRecord,
    Record,
    RecordAction,
    RecordError,
    parse_action,
)
from rummycheck.table.state import GameState
from rummycheck.variants import OptionValue, Variant, get_variant, is_house_rules_name, resolve_house_rules

__all__ = ["load_record", "parse_record", "rebase_house_rules", "write_record", "write_scenario"]

TOP_KEYS = ("title", "description", "variant", "preset", "rules", "players", "dealer", "seed", "start",
            "hand")
HAND_KEYS = ("dealer", "note", "cards", "cut", "upcard", "stock", "restock", "actions", "buyback", "scores")
UNKNOWN = "?"
Path_ = tuple[str | int, ...]
_BARE = re.compile(r"[A-Za-z0-9_-]+")


class _Reader(Problems):
    def __init__(self, text: str, source: str) -> None:
        super().__init__(text, source)
        self.text = text
        self.lines = text.split("\n")

    def name(self, path: Path_) -> str:
        parts = [str(p) if isinstance(p, str) else f"[{p + 1}]" for p in path]
        return ".".join(parts).replace(".[", "[")

    def string(self, data: Mapping[str, Any], key: str, path: Path_) -> str | None:
        value = data.get(key)
        if value is None or isinstance(value, str):
            return value
        self.problem((*path, key), f"{self.name((*path, key))} must be a string, got {value!r}")
        return None

    def unknown(self, data: Mapping[str, Any], known: tuple[str, ...], path: Path_, label: str) -> None:
        for key in data:
            if key not in known:
                self.problem((*path, key), f"unknown key {key!r} in {label}; known keys are: {', '.join(known)}",
                             key=True)

    def cards(self, value: Any, path: Path_, *, unknown: bool = True) -> tuple[Card | None, ...] | None:
        """Cards of a string value, ``?`` for an unknown card; every bad token is reported at its column."""
        if not isinstance(value, str):
            self.problem(path, f"{self.name(path)} must be a string of cards like \"Kd Kh ?\", got {value!r}")
            return None
        line, column = self.locator.string_starts.get(path, self.at(path))
        found: list[Card | None] = []
        bad = False
        for number, row in enumerate(value.split("\n")):
            for match in re.finditer(r"[^\s,]+", row):
                token = match.group(0)
                place = (line + number, (column if number == 0 else 1) + match.start())
                if token == UNKNOWN and unknown:
                    found.append(None)
                    continue
                try:
                    found.append(Card.parse(token))
                except CardParseError as error:
                    self.problems.append((*place, str(error)))
                    bad = True
        return None if bad else tuple(found)

    def comment_after(self, path: Path_) -> str:
        """The trailing ``# comment`` on the line where the string value at ``path`` ends."""
        start = self.locator.string_starts.get(path)
        if start is None:
            return ""
        line = self.lines[start[0] - 1]
        i = start[1] - 1
        quote = line[i - 1] if i > 0 else '"'
        while i < len(line):
            if line[i] == "\\" and quote == '"':
                i += 2
                continue
            if line[i] == quote:
                break
            i += 1
        rest = line[i + 1:]
        hash_at = rest.find("#")
        if hash_at < 0 or any(q in rest[:hash_at] for q in "\"'"):
            return ""  # no comment, or another string follows on the line: the comment is not this one's
        return rest[hash_at + 1:].strip()


def parse_record(text: str, *, source: str = "<record>") -> Record:
    """Parse and check a record; raise ``RecordError`` listing every problem, one located line each."""
    try:  # the one TOML reader: located errors, integers beyond 64 bits and deep nesting refused
        data = read_toml(text, source=source)
    except ScenarioError as error:
        raise RecordError(str(error)) from None
    r = _Reader(text, source)
    if "hand" not in data and isinstance(data.get("players"), list) and \
            any(isinstance(p, dict) for p in data["players"]):  # [[players]] tables with their hands
        line, column = r.at(("players", 0), key=True)
        raise RecordError(located(source, line, column, "[[players]]: a scenario (docs/scenarios.md), not a "
                                  "record: 'solve', 'check' and 'advise' without --at read a scenario; 'replay', "
                                  "'review' and 'advise --at N' read a record of a game (docs/records.md)"))
    record = _build(r, data)
    if r.problems or record is None:
        ordered = sorted(set(r.problems))
        raise RecordError("\n".join(located(source, ln, col, msg) for ln, col, msg in ordered))
    return record


def load_record(path: str | Path) -> Record:
    """Read and check a record file, or standard input for ``-`` (see ``parse_record``)."""
    text, source = read_input(str(path))
    return parse_record(text, source=source)


def _build(r: _Reader, data: dict[str, Any]) -> Record | None:
    r.unknown(data, TOP_KEYS, (), "the record")
    title = r.string(data, "title", ()) or ""
    description = r.string(data, "description", ()) or ""
    variant = _variant(r, data)
    players = _players(r, data)
    dealer = r.string(data, "dealer", ())
    if dealer is None:
        r.problems.append((1, 1, "the record needs dealer = \"...\" (who deals the first hand)"))
    elif players and dealer not in players:
        r.problem(("dealer",), f"dealer {dealer!r} is not one of the players ({', '.join(players)})")
    seed = data.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        r.problem(("seed",), f"seed must be a whole number, got {seed!r}")
        seed = None
    start = _scores(r, data.get("start"), ("start",), players) if "start" in data else ()
    raw_hands = data.get("hand", [])
    hands: list[HandRecord] = []
    if not isinstance(raw_hands, list) or not all(isinstance(h, dict) for h in raw_hands):
        r.problem(("hand",), "hand must be [[hand]] tables, one per hand")
        raw_hands = []
    if not raw_hands:
        r.problems.append((1, 1, "the record needs at least one [[hand]] with the deal"))
    for index, raw in enumerate(raw_hands):
        hand = _hand(r, raw, index, players, variant)
        if hand is not None:
            hands.append(hand)
    if r.problems or variant is None or dealer is None:
        return None
    rules = data.get("rules", {})
    return Record(variant_name=str(data["variant"]), players=tuple(players), hands=tuple(hands), dealer=dealer,
                  preset=data.get("preset"), rules=tuple(rules.items()), seed=seed, start=start,
                  title=title, description=description, source=r.source, positions=dict(r.locator.keys))



def _variant(r: _Reader, data: dict[str, Any]) -> Variant | None:
    name = data.get("variant")
    if not isinstance(name, str):
        if name is None:
            r.problems.append((1, 1, "the record needs a variant: add variant = \"bing\", \"basic\" or \"gin\" "
                                     "(or a house-rules file, variant = \"club.toml\")"))
        else:
            r.problem(("variant",), f"variant must be a string, got {name!r}")
        return None
    preset = r.string(data, "preset", ())
    if is_house_rules_name(name):
        try:  # a club's rules file, relative to the record; its own errors name its own lines
            variant = get_variant(resolve_house_rules(name, r.source), preset=preset)
        except HouseRulesUnreadable as error:  # missing or unreadable: said where the record names it
            r.problem(("variant",), str(error))
            return None
        except RummyError as error:
            raise RecordError(str(error)) from None
    else:
        try:
            variant = get_variant(name, preset=preset)
        except RummyError as error:
            r.problem(("variant",) if preset is None else ("preset",), str(error))
            return None
    rules = data.get("rules", {})
    if not isinstance(rules, dict):
        r.problem(("rules",), f"rules must be a table of options, got {rules!r}")
        return variant
    for key, value in rules.items():
        try:
            if isinstance(value, (dict, list)):
                raise RummyError(f"rule option {key!r} needs a single value, got {value!r}")
            variant = variant.with_options(**{key: value})
        except RummyError as error:
            r.problem(("rules", key), str(error))
    return variant


def _players(r: _Reader, data: dict[str, Any]) -> list[str]:
    raw = data.get("players")
    if raw is None:
        r.problems.append((1, 1, "the record needs players = [\"A\", \"B\", ...] (seat order)"))
        return []
    if not isinstance(raw, list) or not all(isinstance(p, str) and p for p in raw):
        r.problem(("players",), f"players must be a list of names in seat order, got {raw!r}")
        return []
    if not raw:
        r.problem(("players",), "players is empty: name the players in seat order, players = [\"A\", \"B\"]")
        return []
    names: list[str] = []
    seen: set[str] = set()  # a list's `in` made a record of 50,000 names take half a minute
    for index, name in enumerate(raw):
        if name in seen:
            r.problem(("players", index), f"two players are named {name!r}")
        elif name_problem(name):
            r.problem(("players", index), str(name_problem(name)))
        names.append(name)
        seen.add(name)
    return names


def _scores(r: _Reader, raw: Any, path: Path_, players: list[str]) -> tuple[tuple[str, int], ...]:
    if not isinstance(raw, dict):
        r.problem(path, f"{r.name(path)} must be a table like {{ A = 31, B = 5 }}, got {raw!r}")
        return ()
    found = []
    for name, value in raw.items():
        if players and name not in players:
            r.problem((*path, name), f"{r.name(path)} names {name!r}, who is not one of the players", key=True)
        elif not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_NUMBER:
            # bounded as in scenarios and score sheets: a scenario written from the record must load
            r.problem((*path, name), f"{r.name((*path, name))} must be a whole number from 0 to {MAX_NUMBER}, "
                                     f"got {value!r}")
        else:
            found.append((name, value))
    order = {n: i for i, n in enumerate(players)}
    return tuple(sorted(found, key=lambda item: order.get(item[0], 0)))


def _hand(r: _Reader, raw: dict[str, Any], index: int, players: list[str],
          variant: Variant | None) -> HandRecord | None:
    path: Path_ = ("hand", index)
    r.unknown(raw, HAND_KEYS, path, f"[[hand]] {index + 1}")
    before = len(r.problems)
    dealer = r.string(raw, "dealer", path)
    if dealer is not None and players and dealer not in players:
        r.problem((*path, "dealer"), f"dealer {dealer!r} is not one of the players ({', '.join(players)})")
    note = r.string(raw, "note", path) or ""
    cards: list[tuple[str, tuple[Card | None, ...]]] = []
    raw_cards = raw.get("cards")
    if not isinstance(raw_cards, dict):
        r.problem(path if raw_cards is None else (*path, "cards"),
                  f"hand {index + 1} needs the dealt cards: cards.A = \"...\" for each player", key=raw_cards is None)
    else:
        for name, value in raw_cards.items():
            if players and name not in players:
                r.problem((*path, "cards", name), f"cards names {name!r}, who is not one of the players", key=True)
                continue
            hand = r.cards(value, (*path, "cards", name))
            if hand is not None:
                cards.append((name, hand))
        order = {n: i for i, n in enumerate(players)}
        cards.sort(key=lambda item: order.get(item[0], 0))
    upcard = _one_card(r, raw, "upcard", path, "the first card of the discard pile")
    if upcard is None and "upcard" not in raw:
        r.problem(path, f"hand {index + 1} needs upcard = \"...\" (the card turned up to start the discard pile)",
                  key=True)
    game = game_of(variant) if variant is not None else None
    cut = _one_card(r, raw, "cut", path, "the deuce the cutter kept" + (f", {game.CUT}" if game and game.CUT else ""))
    if cut is not None and game is not None and not game.CUT:
        r.problem((*path, "cut"), f"nobody cuts for a deuce in {variant.title if variant else ''}")
    stock = r.cards(raw.get("stock", ""), (*path, "stock")) or ()
    restock: list[tuple[Card | None, ...]] = []
    raw_restock = raw.get("restock", [])
    if not isinstance(raw_restock, list):
        r.problem((*path, "restock"), "restock must be a list of strings, one per renewal of the stock")
    else:
        for i, value in enumerate(raw_restock):
            renewed = r.cards(value, (*path, "restock", i))
            if renewed is not None:
                restock.append(renewed)
        if raw_restock and game is not None and not game.STOCK:
            r.problem((*path, "restock"), "restock (the renewed stock) is for a game whose stock "
                                          f"is renewed, not {variant.title if variant else ''}")
    actions = _actions(r, raw.get("actions", []), (*path, "actions"), players)
    buyback: list[str] = []
    raw_buyback = raw.get("buyback", [])
    if not isinstance(raw_buyback, list) or not all(isinstance(b, str) for b in raw_buyback):
        r.problem((*path, "buyback"), f"buyback must be a list of names like [\"A\"], got {raw_buyback!r}")
    else:
        for i, name in enumerate(raw_buyback):
            if players and name not in players:
                r.problem((*path, "buyback", i), f"buyback names {name!r}, who is not one of the players")
            buyback.append(name)
        if raw_buyback and game is not None and "buyback" not in game.END_KEYS:
            r.problem((*path, "buyback"), "buying back in is not part of "
                                          f"{variant.title if variant else ''}")
    scores = _scores(r, raw["scores"], (*path, "scores"), players) if "scores" in raw else None
    _copies(r, variant, path, cards, upcard, stock)
    if len(r.problems) > before:
        return None
    return HandRecord(cards=tuple(cards), upcard=upcard, dealer=dealer, cut=cut, stock=tuple(stock),
                      restock=tuple(restock), actions=actions, buyback=tuple(buyback), scores=scores, note=note)


def _one_card(r: _Reader, raw: Mapping[str, Any], key: str, path: Path_, what: str) -> Card | None:
    if key not in raw:
        return None
    found = r.cards(raw[key], (*path, key), unknown=False)
    if found is None:
        return None
    if len(found) != 1 or found[0] is None:
        r.problem((*path, key), f"{key} must be one card ({what}), got {raw[key]!r}")
        return None
    return found[0]


def _actions(r: _Reader, raw: Any, path: Path_, players: list[str]) -> tuple[RecordAction, ...]:
    if not isinstance(raw, list) or not all(isinstance(a, str) for a in raw):
        r.problem(path, "actions must be a list of strings like \"A draw 7h\"")
        return ()
    found = []
    for i, text in enumerate(raw):
        line, column = r.locator.string_starts.get((*path, i), r.at((*path, i)))
        action = RecordAction(text=text, comment=r.comment_after((*path, i)), line=line, column=column)
        if players:  # with no players (a mistake already said), every action would be a second report
            try:
                parse_action(text, players)
            except ActionSyntaxError as error:
                r.problems.append((line, column + error.offset, error.detail))
        found.append(action)
    return tuple(found)


def _copies(r: _Reader, variant: Variant | None, path: Path_, cards: list[tuple[str, tuple[Card | None, ...]]],
            upcard: Card | None, stock: tuple[Card | None, ...]) -> None:
    if variant is None:
        return
    seen: Counter[Card] = Counter(c for _, hand in cards for c in hand if c is not None)
    seen.update(c for c in stock if c is not None)
    if upcard is not None:
        seen[upcard] += 1
    for card, count in sorted(seen.items()):
        if count > variant.decks:
            held = "one deck holds" if variant.decks == 1 else f"{variant.decks} decks hold"
            r.problem((*path, "cards"), f"the deal holds {count} copies of {card}, but {held} only {variant.decks}",
                      key=True)


# -- writing --------------------------------------------------------------------------------

_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t", "\r": "\\r", "\b": "\\b", "\f": "\\f"}


def _quote(text: str) -> str:
    """A TOML basic string of ``text`` that reads back the same: every control character escaped
    (ESC, NUL, DEL are ``\\u001b``, ``\\u0000``, ``\\u007f``); a lone surrogate, which no TOML file
    can hold, becomes U+FFFD."""
    if text.isprintable() and '"' not in text and "\\" not in text:
        return f'"{text}"'
    parts = []
    for char in text:
        if char in _ESCAPES:
            parts.append(_ESCAPES[char])
        elif char < " " or char == "\x7f":
            parts.append(f"\\u{ord(char):04x}")
        elif "\ud800" <= char <= "\udfff":
            parts.append("\ufffd")
        else:
            parts.append(char)
    return '"' + "".join(parts) + '"'


def rebase_house_rules(name: str, *, found_from: str | Path, written_to: str | Path) -> str:
    """A house-rules path (``club.toml``) named relative to the folder ``found_from``, named again
    relative to the folder ``written_to`` (where the file naming it is written); other names as given."""
    if not is_house_rules_name(name) or Path(name).is_absolute():
        return name
    target = (Path(found_from) / name).resolve()
    return Path(os.path.relpath(target, Path(written_to).resolve())).as_posix()


def _key(name: str) -> str:
    return name if _BARE.fullmatch(name) else _quote(name)


def _value(value: OptionValue) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return _quote(value)
    if value is None:
        return _quote("none")
    return str(value)


def _cards_text(cards: Sequence[Card | None]) -> str:
    return " ".join(UNKNOWN if c is None else str(c) for c in cards)


def _table(scores: Sequence[tuple[str, int]]) -> str:
    return "{ " + ", ".join(f"{_key(n)} = {v}" for n, v in scores) + " }"


def write_record(record: Record) -> str:
    """The record as TOML text in the canonical layout (``parse_record`` reads it back unchanged)."""
    out: list[str] = []
    if record.title:
        out.append(f"title = {_quote(record.title)}")
    if record.description:
        out.append(f"description = {_quote(record.description)}")
    out.append(f"variant = {_quote(record.variant_name)}")
    if record.preset is not None:
        out.append(f"preset = {_quote(record.preset)}")
    out.append("players = [" + ", ".join(_quote(p) for p in record.players) + "]")
    out.append(f"dealer = {_quote(record.dealer)}")
    if record.seed is not None:
        out.append(f"seed = {record.seed}")
    if record.start:
        out.append(f"start = {_table(record.start)}")
    if record.rules:
        out.append("")
        out.append("[rules]")
        out.extend(f"{_key(k)} = {_value(v)}" for k, v in record.rules)
    for hand in record.hands:
        out.append("")
        out.append("[[hand]]")
        if hand.dealer is not None:
            out.append(f"dealer = {_quote(hand.dealer)}")
        if hand.note:
            out.append(f"note = {_quote(hand.note)}")
        for name, cards in hand.cards:
            out.append(f"cards.{_key(name)} = {_quote(_cards_text(cards))}")
        if hand.cut is not None:
            out.append(f"cut = {_quote(str(hand.cut))}")
        if hand.upcard is not None:
            out.append(f"upcard = {_quote(str(hand.upcard))}")
        if hand.stock:
            out.append(f"stock = {_quote(_cards_text(hand.stock))}")
        if hand.restock:
            out.append("restock = [" + ", ".join(_quote(_cards_text(s)) for s in hand.restock) + "]")
        if hand.actions:
            out.append("actions = [")
            for action in hand.actions:
                comment = f"  # {action.comment}" if action.comment else ""
                out.append(f"  {_quote(action.text)},{comment}")
            out.append("]")
        else:
            out.append("actions = []")
        if hand.buyback:
            out.append("buyback = [" + ", ".join(_quote(b) for b in hand.buyback) + "]")
        if hand.scores is not None:
            out.append(f"scores = {_table(hand.scores)}")
    return "\n".join(out) + "\n"


def write_scenario(state: GameState, record: Record, *, title: str = "", variant_name: str | None = None) -> str:
    """A scenario file (docs/scenarios.md) for the table ``state``, one moment of a recorded hand,
    so that ``solve`` and ``check`` can judge it.  A hand that is partly unknown is written as
    ``hand_size``; the gin offer of the first upcard and the number of renewals of a basic
    stock are not part of the scenario format and are left out."""
    if state.phase == "over":
        raise RecordError(f"{record.source}: the hand is over at that point; pick an earlier action")
    out: list[str] = []
    if title:
        out.append(f"title = {_quote(title)}")
    out.append(f"variant = {_quote(record.variant_name if variant_name is None else variant_name)}")
    changed = state.variant.changed_options()  # preset, house rules and [rules] together
    if changed:
        out.append("")
        out.append("[rules]")
        out.extend(f"{_key(k)} = {_value(v)}" for k, v in changed.items())
    for player in state.players:
        out.append("")
        out.append("[[players]]")
        out.append(f"name = {_quote(player.name)}")
        out.append(f"score = {player.score}")
        if player.opened:
            out.append("opened = true")
        if player.out:
            out.append("out = true")
            out.append("hand_size = 0")
        elif player.known:
            out.append(f"hand = {_quote(' '.join(str(c) for c in player.hand))}")
        else:
            out.append(f"hand_size = {player.size}")
        if player.cut is not None:
            out.append(f"cut = {_quote(str(player.cut))}")
    for meld in state.table:
        out.append("")
        out.append("[[table]]")
        if meld.owner is not None:
            out.append(f"owner = {_quote(meld.owner)}")
        out.append(f"cards = {_quote(str(meld.meld))}")
        out.append(f"kind = {_quote(str(meld.meld.kind))}")
    out.append("")
    out.append("[turn]")
    knocked = state.phase == "layoff" and state.knocker is not None
    turn = state.players[state.knocker].name if knocked and state.knocker is not None else state.player.name
    out.append(f"player = {_quote(turn)}")
    drew = "stock" if knocked else state.drew
    took = state.took if state.took is not None and state.took in state.player.hand else None
    if drew == "discard" and took is None:
        drew = "stock"  # the card taken is melded already: nothing about it is left to judge
    if drew != "none":
        out.append(f"drew = {_quote(drew)}")
    if took is not None and not knocked:
        out.append(f"took = {_quote(str(took))}")
    if state.melded and not knocked:
        out.append("melded = true")
    if knocked:
        out.append("knocked = true")
    out.append("")
    out.append("[pile]")
    out.append(f"discard = {_quote(' '.join(str(c) for c in state.discard_pile))}")
    if state.stock is not None:
        out.append(f"stock = {state.stock}")
    upcard = state.game.kept_upcard(state)
    if upcard is not None:
        out.append(f"upcard = {_quote(str(upcard))}")
    return "\n".join(out) + "\n"
