"""Scenario files: one table situation in TOML, loaded into frozen dataclasses.

``load_scenario(path)`` and ``parse_scenario(text, source=...)`` read a file in the
format of ``docs/scenarios.md`` and check it.  Every problem is collected, not just the
first: unknown keys, values of the wrong type, bad cards, more copies of a card than the
decks hold, table melds that are not legal melds, wilds on the table without a stated
meaning, hand sizes that cannot occur in the variant at that point, turn facts that
contradict each other.  The ``ScenarioError`` raised lists them one per line, each as
``file:line:col: message``.

``tomllib`` reports no positions for values, so ``TomlLocator`` scans the text once and
records where every key, table header and string value starts; messages use those
positions (a bad card names the column of the card inside its string).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rummycheck.cards import CARD_TOKEN, Card
from rummycheck.errors import CardParseError, HouseRulesUnreadable, RummyError, ScenarioError, VariantError, located
from rummycheck.files.tomlpos import MAX_NUMBER, TomlLocator, read_toml
from rummycheck.games import game_of
from rummycheck.melds import Meld, MeldKind, TableMeld, meld_readings, reading_effect
from rummycheck.position import (
    EndInfo,
    Path_,
    PileInfo,
    Scenario,
    ScenarioPlayer,
    TurnInfo,
    nearest_position,
)
from rummycheck.reading import read_file, read_input
from rummycheck.textsafe import brief, shorten
from rummycheck.variants import Variant, get_variant, is_house_rules_name, players_text, resolve_house_rules

__all__ = [
    "EndInfo",
    "PileInfo",
    "Scenario",
    "ScenarioPlayer",
    "TableMeld",
    "TurnInfo",
    "load_scenario",
    "parse_meld_text",
    "parse_scenario",
]

TOP_KEYS = ("title", "description", "variant", "preset", "rules", "players", "table", "turn",
            "pile", "end", "expect")
PLAYER_KEYS = ("name", "score", "opened", "hand", "hand_size", "out", "cut")
TABLE_KEYS = ("owner", "cards", "kind")
TURN_KEYS = ("player", "drew", "took", "melded", "knocked")
PILE_KEYS = ("discard", "stock", "upcard")
END_KEYS = ("out", "knocker", "rummy", "stalemate", "points", "buyback", "dead", "big_gin")
DREW_CHOICES = ("stock", "discard", "none")


@dataclass(frozen=True, slots=True)
class _Placed:
    """A parsed card token with its file position."""

    card: Card
    stands_for: Card
    line: int
    column: int
    token: str


class _Builder:
    """Turns the parsed TOML into a ``Scenario``, collecting every problem on the way."""

    def __init__(self, text: str, source: str) -> None:
        self.text = text
        self.source = source
        self.problems: list[tuple[int, int, str]] = []
        self.locator = TomlLocator(text)
        self.hands: dict[str, list[_Placed]] = {}
        self.table_cards: list[_Placed] = []
        self.discard_cards: list[_Placed] = []
        self.unreliable: set[str] = set()
        self.unopened: set[str] = set()

    # reporting
    def at(self, path: Path_) -> tuple[int, int]:
        return nearest_position(self.locator.keys, path)

    def value_at(self, path: Path_) -> tuple[int, int]:
        if path in self.locator.values:
            return self.locator.values[path]
        return self.at(path)

    def problem(self, path: Path_, message: str, *, value: bool = True) -> None:
        line, column = self.value_at(path) if value else self.at(path)
        self.problems.append((line, column, message))

    def problem_at(self, line: int, column: int, message: str) -> None:
        self.problems.append((line, column, message))

    # typed getters: report and return a fallback when the type is wrong
    def get_str(self, table: Mapping[str, Any], key: str, path: Path_, default: str | None = None) -> str | None:
        value = table.get(key, default)
        if value is None or isinstance(value, str):
            return value
        self.problem((*path, key), f"{_name(path, key)} must be a string, got {value!r}")
        return default

    def get_bool(self, table: Mapping[str, Any], key: str, path: Path_) -> bool:
        value = table.get(key, False)
        if isinstance(value, bool):
            return value
        self.problem((*path, key), f"{_name(path, key)} must be true or false, got {value!r}")
        return False

    def get_int(self, table: Mapping[str, Any], key: str, path: Path_, default: int | None = 0) -> int | None:
        value = table.get(key, default)
        if value is None or (isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_NUMBER):
            return value
        self.problem((*path, key), f"{_name(path, key)} must be a whole number from 0 to {MAX_NUMBER}, "
                                   f"got {brief(value)}")
        return default

    def get_table(self, data: Mapping[str, Any], key: str, path: Path_) -> dict[str, Any]:
        value = data.get(key, {})
        if isinstance(value, dict):
            return value
        self.problem((*path, key), f"{_name(path, key)} must be a table, got {value!r}")
        return {}

    def unknown_keys(self, table: Mapping[str, Any], known: tuple[str, ...], path: Path_, label: str) -> None:
        for key in table:
            if key not in known:
                self.problem((*path, key), f"unknown key {key!r} in {label}; known keys are: "
                                           + ", ".join(known), value=False)

    # cards
    def cards(self, text: str, path: Path_, *, wild_meanings: bool = False) -> list[_Placed]:
        """Parse the card tokens of a string value, reporting every bad token."""
        base_line, base_col = self.locator.string_starts.get(path, self.value_at(path))
        chars = self.locator.string_chars.get(path, [])  # set when the string holds escapes
        found: list[_Placed] = []
        row_start = 0
        for number, row in enumerate(text.split("\n"), start=1):
            content = row.split("#", 1)[0]
            row_offset, row_start = row_start, row_start + len(row) + 1
            for match in CARD_TOKEN.finditer(content):
                token = match.group(0)
                line = base_line + number - 1
                column = (base_col if number == 1 else 1) + match.start()
                if row_offset + match.start() < len(chars):
                    line, column = chars[row_offset + match.start()]
                physical_text, equals, meaning = token.partition("=")
                try:
                    card = Card.parse(physical_text)
                    stands = Card.parse(meaning) if meaning else card
                except CardParseError as error:
                    self.problem_at(line, column, f"{error}" + (f" in {shorten(token)}" if meaning else ""))
                    continue
                if equals and not meaning:
                    self.problem_at(line, column, f"expected the card the wild stands for after '=', like "
                                                  f"'{physical_text}=Jc', got {shorten(token)}")
                    continue
                if meaning and not wild_meanings:
                    self.problem_at(line, column, f"{token!r}: a stated meaning ('=') is only allowed "
                                                  "in table melds")
                    continue
                found.append(_Placed(card, stands, line, column, token))
        return found

    def card_list(self, table: Mapping[str, Any], key: str, path: Path_) -> list[_Placed] | None:
        value = table.get(key)
        if value is None:
            return None
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            value = " ".join(value)
        if not isinstance(value, str):
            self.problem((*path, key), f"{_name(path, key)} must be a string of cards like \"Kd Kh Kc\", "
                                       f"got {value!r}")
            return None
        return self.cards(value, (*path, key))


def _strip_comments(value: Any) -> str:
    if isinstance(value, list):
        value = " ".join(str(v) for v in value)
    return "\n".join(row.split("#", 1)[0] for row in str(value).split("\n"))


def _name(path: Path_, key: str) -> str:
    parts = [str(p) if isinstance(p, str) else f"[{p + 1}]" for p in path]
    label = ".".join(parts).replace(".[", "[")
    return f"{label}.{key}" if label else key


def parse_meld_text(text: str, *, variant: Variant, source: str = "<meld>") -> Meld:
    """One meld from text like ``"5h 2d=6h 7h"``; the kind is inferred. Raises ``ScenarioError``."""
    builder = _Builder("", source)
    placed = builder.cards(text, (), wild_meanings=True)
    meld = None
    if not builder.problems:
        meld = _meld_from(builder, placed, None, variant, (), "the meld")
    if builder.problems or meld is None:
        raise ScenarioError("\n".join(msg for _, _, msg in builder.problems) or f"{text!r} is not a meld")
    return meld


def _meld_from(builder: _Builder, placed: list[_Placed], kind: str | None, variant: Variant,
               path: Path_, label: str) -> Meld | None:
    """Build a legal meld from placed cards, inferring the kind and what each unstated wild
    stands for (``read_meld``); ask when readings that differ for later plays are equally good,
    report why not when no reading is legal."""
    line, column = builder.value_at(path)
    if not placed:
        builder.problem_at(line, column, f"{label} has no cards: a meld is three cards or more")
        return None
    for p in placed:
        if p.card != p.stands_for and not variant.is_wild(p.card):
            builder.problem_at(p.line, p.column, f"{label}: {p.card} is not wild and cannot stand for "
                                                 f"{p.stands_for} ({p.token!r})")
            return None
    written = [(p.card, p.stands_for if "=" in p.token else None) for p in placed]
    readings = meld_readings(written, variant, MeldKind(kind) if kind else None)
    legal = [r for r in readings if r.legal]
    if legal:
        fewest = [r for r in legal if r.substitutions == legal[0].substitutions]
        choices = list({reading_effect(r.meld, variant): r.meld for r in fewest}.values())
        if len(choices) == 1:
            return legal[0].meld
        differ = [i for i in range(len(placed)) if len({m.stands_for[i] for m in choices}) > 1]
        if len(differ) == 1:
            p = placed[differ[0]]
            meanings = sorted({m.stands_for[differ[0]] for m in choices})
            builder.problem_at(p.line, p.column, f"{label}: the wild {p.card} could stand for "
                                                 f"{' or '.join(str(c) for c in meanings)}, which changes what "
                                                 f"can be laid off; write which, like '{p.card}={meanings[0]}'")
        else:
            builder.problem_at(line, column, f"{label} could be read as {' or '.join(str(m) for m in choices)}, "
                                             "which changes what can be laid off; write what each wild stands "
                                             "for, like '2d=Jc'")
        return None
    best = readings[0]
    rule = game_of(variant).meld_rule(best.meld.kind)
    written_text = " ".join(p.token for p in placed)
    read = any(s != p.stands_for for s, p in zip(best.meld.stands_for, placed))
    shown = f"{written_text}, read as {best.meld}" if read else written_text
    builder.problem_at(line, column, f"{label} ({shown}) is not a legal "
                                     f"{best.meld.kind}: {'; '.join(best.problems)} ({rule})")
    return None


def parse_scenario(text: str, *, source: str = "<scenario>", data: dict[str, Any] | None = None) -> Scenario:
    """Parse and check a scenario; raise ``ScenarioError`` listing every problem found.  ``data``: the
    text's TOML when the caller read it already (``score`` reads it to tell a scenario from a sheet)."""
    if data is None:
        data = read_toml(text, source=source)
    builder = _Builder(text, source)
    if isinstance(data.get("hand"), list) and "dealer" in data:  # [[hand]] tables and a dealer: a record
        line, column = builder.at(("hand", 0))
        raise ScenarioError(located(source, line, column, "[[hand]]: a record of a game (docs/records.md), not "
                                    "a scenario: 'replay', 'review' and 'advise --at N' read it; 'solve', "
                                    "'check' and 'advise' without --at read a scenario (docs/scenarios.md)"))
    scenario = _build(builder, data)
    if builder.problems:
        ordered = sorted(set(builder.problems))
        raise ScenarioError("\n".join(located(source, ln, col, msg) for ln, col, msg in ordered))
    assert scenario is not None
    return scenario


def load_scenario(path: str | Path) -> Scenario:
    """Read and check a scenario file, or standard input for ``-`` (see ``parse_scenario``)."""
    if str(path) == "-":
        text, source = read_input("-")
        return parse_scenario(text, source=source)
    return parse_scenario(read_file(path), source=str(path))


def _build(b: _Builder, data: dict[str, Any]) -> Scenario | None:
    b.unknown_keys(data, TOP_KEYS, (), "the scenario")
    variant = _variant(b, data)
    title = b.get_str(data, "title", ()) or ""
    description = b.get_str(data, "description", ()) or ""
    expect = b.get_table(data, "expect", ())

    players = _players(b, data, variant)
    names = [p.name for p in players]
    table = _table(b, data, variant, names)
    turn = _turn(b, data, variant, players)
    pile = _pile(b, data, variant)
    end = _end(b, data, variant, names)
    if variant is not None:
        _check_counts(b, variant, players, turn, end)
        _check_copies(b, variant)
        _check_total(b, variant, players, table, pile)
    if b.problems or variant is None:
        return None
    return Scenario(source=b.source, variant=variant, players=tuple(players), table=tuple(table),
                    turn=turn, pile=pile, end=end, title=title, description=description,
                    expect=dict(expect), positions=dict(b.locator.keys))


def _variant(b: _Builder, data: dict[str, Any]) -> Variant | None:
    name = data.get("variant")
    if name is None:
        b.problem_at(1, 1, "the scenario needs a variant: add variant = \"bing\", \"basic\" or \"gin\"")
        return None
    if not isinstance(name, str):
        b.problem(("variant",), f"variant must be a string, got {name!r}")
        return None
    preset = b.get_str(data, "preset", ())
    if is_house_rules_name(name):
        # a club's rules file, relative to the scenario; its own errors name its own lines
        try:
            variant = get_variant(resolve_house_rules(name, b.source), preset=preset)
        except HouseRulesUnreadable as error:  # missing or unreadable: said where the scenario names it
            b.problem(("variant",), str(error))
            return None
        except VariantError as error:
            raise ScenarioError(str(error)) from None
        return _rules_overrides(b, data, variant)
    try:
        variant = get_variant(name, preset=preset)
    except RummyError as error:
        b.problem(("variant",) if preset is None else ("preset",), str(error))
        return None
    return _rules_overrides(b, data, variant)


def _rules_overrides(b: _Builder, data: dict[str, Any], variant: Variant) -> Variant:
    rules = b.get_table(data, "rules", ())
    for key, value in rules.items():
        if isinstance(value, (dict, list)):
            b.problem(("rules", key), f"rule option {key!r} needs a single value, got {value!r}")
            continue
        try:
            variant = variant.with_options(**{key: value})
        except RummyError as error:
            b.problem(("rules", key), str(error), value=key in [s.name for _, s in variant.specs()])
    return variant


def _players(b: _Builder, data: dict[str, Any], variant: Variant | None) -> list[ScenarioPlayer]:
    raw = data.get("players")
    if raw is None:
        b.problem_at(1, 1, "the scenario needs players: add a [[players]] table for each seat")
        return []
    if not isinstance(raw, list) or not all(isinstance(p, dict) for p in raw) or not raw:
        b.problem(("players",), "players must be [[players]] tables, one for each seat")
        return []
    players: list[ScenarioPlayer] = []
    seen: set[str] = set()
    for index, entry in enumerate(raw):
        path: Path_ = ("players", index)
        b.unknown_keys(entry, PLAYER_KEYS, path, f"[[players]] {index + 1}")
        name = b.get_str(entry, "name", path)
        if not name:
            b.problem(path, f"player {index + 1} needs a name", value=False)
            name = f"#{index + 1}"
        elif name in seen:
            b.problem((*path, "name"), f"two players are named {name!r}")
        seen.add(name)
        score = b.get_int(entry, "score", path) or 0
        opened = b.get_bool(entry, "opened", path)
        if not opened:
            b.unopened.add(name)
        out = b.get_bool(entry, "out", path)
        hand = b.card_list(entry, "hand", path)
        size = b.get_int(entry, "hand_size", path, None)
        if hand is not None:
            b.hands[name] = hand
            if len(hand) != len(CARD_TOKEN.findall(_strip_comments(entry["hand"]))):
                b.unreliable.add(name)  # a bad card was reported: skip the size checks
            if size is not None and size != len(hand):
                b.problem((*path, "hand_size"), f"hand_size {size} does not match the {len(hand)} cards "
                                                "of the hand")
        elif size is None and "hand" not in entry:
            b.problem(path, f"player {name!r} needs a hand (the cards) or a hand_size (how many)",
                      value=False)
        if out and variant is not None and not game_of(variant).BUST:
            b.problem((*path, "out"), "out (busted out of the game) "
                      f"does not apply to {variant.title} (variant {variant.name!r})")
        busted = game_of(variant).running_score_problem(score) if variant is not None and not out else None
        if busted is not None:
            b.problem((*path, "score"), f"{name}'s score {busted}; mark him out = true")
        cut = _cut(b, entry, path, variant, name, hand)
        players.append(ScenarioPlayer(
            name=name, score=score, opened=opened,
            hand=None if hand is None else tuple(p.card for p in hand),
            hand_size=len(hand) if hand is not None else (size or 0), out=out, cut=cut))
    cutters = [index for index, entry in enumerate(raw) if "cut" in entry]
    cut_rule = game_of(variant).CUT if variant is not None else ""
    for index in cutters[1:]:
        b.problem(("players", index, "cut"), f"only one player cuts for a deuce ({cut_rule}): the one on the "
                                             "dealer's right")
    if variant is not None and players:
        low, high = int(variant.option("min_players") or 2), int(variant.option("max_players") or 2)
        if not low <= len(players) <= high:
            deck = game_of(variant).PLAYERS
            b.problem(("players", 0), f"{variant.name} is played by {players_text(low, high)}, the scenario "
                                      f"has {len(players)} ({deck})", value=False)
    return players


def _cut(b: _Builder, entry: Mapping[str, Any], path: Path_, variant: Variant | None, name: str,
         hand: list[_Placed] | None) -> Card | None:
    """``cut = "2d"``: the deuce a Bing player kept from the cut (BING-DEAL)."""
    placed = b.card_list(entry, "cut", path)
    if placed is None:
        return None
    if len(placed) != 1:
        b.problem((*path, "cut"), f"cut must be one card (the deuce kept from the cut), got {entry.get('cut')!r}")
        return None
    card = placed[0].card
    if variant is not None and not game_of(variant).CUT:
        b.problem((*path, "cut"), f"cutting for a card does not apply to {variant.title} (variant {variant.name!r})")
        return None
    if variant is not None and not variant.is_wild(card):
        b.problem((*path, "cut"), f"only a deuce is kept from the cut ({game_of(variant).CUT}), got {card}")
        return None
    return card


def _table(b: _Builder, data: dict[str, Any], variant: Variant | None, names: list[str]) -> list[TableMeld]:
    raw = data.get("table", [])
    if not isinstance(raw, list) or not all(isinstance(t, dict) for t in raw):
        b.problem(("table",), "table must be [[table]] entries, one per meld")
        return []
    melds: list[TableMeld] = []
    for index, entry in enumerate(raw):
        path: Path_ = ("table", index)
        label = f"table meld {index + 1}"
        b.unknown_keys(entry, TABLE_KEYS, path, f"[[table]] {index + 1}")
        owner = b.get_str(entry, "owner", path)
        if owner is not None and owner not in names:
            b.problem((*path, "owner"), f"{label}: owner {owner!r} is not one of the players "
                                        f"({', '.join(names)})")
        kind = b.get_str(entry, "kind", path)
        if kind is not None and kind not in ("set", "run"):
            b.problem((*path, "kind"), f"{label}: kind must be 'set' or 'run', got {kind!r}")
            kind = None
        cards_value = entry.get("cards")
        if not isinstance(cards_value, str):
            b.problem(path if cards_value is None else (*path, "cards"),
                      f"{label} needs cards = \"...\" (a string of cards)", value=cards_value is not None)
            continue
        placed = b.cards(cards_value, (*path, "cards"), wild_meanings=True)
        b.table_cards.extend(placed)
        if variant is None or len(placed) != len(CARD_TOKEN.findall(_strip_comments(cards_value))):
            continue
        meld = _meld_from(b, placed, kind, variant, (*path, "cards"), label)
        if meld is not None:
            melds.append(TableMeld(number=index + 1, meld=meld, owner=owner))
        if owner is not None and game_of(variant).melds_open and owner in b.unopened:
            b.problem((*path, "owner"), f"{label} belongs to {owner!r}, who has not opened: a player with "
                                        "melds on the table has opened (set opened = true)")
    return melds


def _turn(b: _Builder, data: dict[str, Any], variant: Variant | None,
          players: list[ScenarioPlayer]) -> TurnInfo | None:
    if "turn" not in data:
        return None
    raw = b.get_table(data, "turn", ())
    path: Path_ = ("turn",)
    b.unknown_keys(raw, TURN_KEYS, path, "[turn]")
    names = [p.name for p in players]
    name = b.get_str(raw, "player", path)
    if name is None:
        b.problem(path, "[turn] needs player = \"...\" (whose turn it is)", value=False)
        return None
    if names and name not in names:
        b.problem((*path, "player"), f"turn player {name!r} is not one of the players ({', '.join(names)})")
    drew = b.get_str(raw, "drew", path, "none") or "none"
    if drew not in DREW_CHOICES:
        b.problem((*path, "drew"), f"drew must be 'stock', 'discard' or 'none', got {drew!r}")
        drew = "none"
    took: Card | None = None
    took_cards = b.card_list(raw, "took", path)
    if took_cards is not None:
        if len(took_cards) != 1:
            b.problem((*path, "took"), f"took must be one card, got {raw.get('took')!r}")
        else:
            took = took_cards[0].card
    melded = b.get_bool(raw, "melded", path)
    knocked = b.get_bool(raw, "knocked", path)
    if drew == "discard" and took is None and "took" not in raw:
        b.problem((*path, "drew"), "drew = \"discard\" needs took = \"<card>\" (the card taken)")
    if took is not None and drew != "discard":
        b.problem((*path, "took"), f"took is only for drew = \"discard\", but drew is {drew!r}")
    player = next((p for p in players if p.name == name), None)
    if took is not None and player is not None and player.hand is not None and took not in player.hand:
        b.problem((*path, "took"), f"the card taken, {took}, is not in {name}'s hand")
    if variant is not None:
        game = game_of(variant)
        for key, why in game.turn_problems(drew=drew, melded=melded, knocked=knocked):
            b.problem((*path, key), why)
        if game.has_opening and melded and player is not None and not player.opened:
            b.problem((*path, "melded"), f"{name} melded this turn, so {name} has opened: set opened = true "
                                         "for that player")
    return TurnInfo(player=name, drew=drew, took=took, melded=melded, knocked=knocked)


def _pile(b: _Builder, data: dict[str, Any], variant: Variant | None) -> PileInfo:
    if "pile" not in data:
        return PileInfo()
    raw = b.get_table(data, "pile", ())
    b.unknown_keys(raw, PILE_KEYS, ("pile",), "[pile]")
    discard = b.card_list(raw, "discard", ("pile",)) or []
    b.discard_cards = discard
    stock = b.get_int(raw, "stock", ("pile",), None)
    upcard: Card | None = None
    placed = b.card_list(raw, "upcard", ("pile",))
    if placed is not None:
        if len(placed) != 1:
            b.problem(("pile", "upcard"), f"upcard must be one card (the first upcard), got {raw.get('upcard')!r}")
        elif variant is not None and "upcard" not in game_of(variant).END_KEYS:
            b.problem(("pile", "upcard"), "upcard (the first upcard) "
                      f"does not apply to {variant.title} (variant {variant.name!r})")
        else:
            upcard = placed[0].card
    return PileInfo(discard=tuple(p.card for p in discard), stock=stock, upcard=upcard)


def _end(b: _Builder, data: dict[str, Any], variant: Variant | None, names: list[str]) -> EndInfo | None:
    if "end" not in data:
        return None
    path: Path_ = ("end",)
    raw = b.get_table(data, "end", ())
    b.unknown_keys(raw, END_KEYS, path, "[end]")
    out = b.get_str(raw, "out", path)
    knocker = b.get_str(raw, "knocker", path)
    rummy = b.get_bool(raw, "rummy", path)
    stalemate = b.get_bool(raw, "stalemate", path)
    dead = b.get_bool(raw, "dead", path)
    big_gin = b.get_bool(raw, "big_gin", path)
    buyback = _buyback(b, raw, path, names)
    for key, value in (("out", out), ("knocker", knocker)):
        if value is not None and names and value not in names:
            b.problem((*path, key), f"end.{key} {value!r} is not one of the players ({', '.join(names)})")
    points_raw = raw.get("points", {})
    points: list[tuple[str, int]] = []
    if not isinstance(points_raw, dict):
        b.problem((*path, "points"), f"end.points must be a table like {{ A = 58 }}, got {points_raw!r}")
    else:
        for name, value in points_raw.items():
            if names and name not in names:
                b.problem((*path, "points", name), f"end.points names {name!r}, who is not one of the players",
                          value=False)
            if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_NUMBER:
                points.append((name, value))
            else:
                b.problem((*path, "points", name), f"end.points.{name} must be a whole number from 0 to "
                                                   f"{MAX_NUMBER}, got {brief(value)}")
    if variant is not None:
        game = game_of(variant)
        if "out" not in game.END_KEYS and out is not None:
            b.problem((*path, "out"), f"a {variant.title} hand ends with a knock: use knocker, not out")
        for key, flag in (("knocker", knocker is not None), ("rummy", rummy), ("stalemate", stalemate),
                          ("dead", dead), ("big_gin", big_gin), ("buyback", bool(buyback))):
            if flag and key not in game.END_KEYS:
                b.problem((*path, key), f"{key} does not apply to {variant.title} (variant {variant.name!r})")
        if stalemate and out is not None:
            b.problem((*path, "stalemate"), "a stalemate has nobody going out: drop out or stalemate")
        if rummy and out is None:
            b.problem((*path, "rummy"), "rummy needs out = \"<name>\" (who went rummy)")
        if dead and knocker is not None:
            b.problem((*path, "dead"), f"a dead hand has no knocker ({game.DEAD}): drop knocker or dead")
        if big_gin and knocker is None:
            b.problem((*path, "big_gin"), "big_gin needs knocker = \"<name>\" (who went big gin)")
    return EndInfo(out=out, knocker=knocker, rummy=rummy, stalemate=stalemate, points=tuple(points),
                   buyback=tuple(buyback), dead=dead, big_gin=big_gin)


def _buyback(b: _Builder, raw: Mapping[str, Any], path: Path_, names: list[str]) -> list[str]:
    """``buyback = ["A", "D"]``: the busted players who buy back in (BING-BUYBACK)."""
    value = raw.get("buyback", [])
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        b.problem((*path, "buyback"), f"end.buyback must be a list of player names like [\"A\"], got {value!r}")
        return []
    chosen: list[str] = []
    for index, name in enumerate(value):
        if names and name not in names:
            b.problem((*path, "buyback", index), f"end.buyback names {name!r}, who is not one of the players")
        elif name in chosen:
            b.problem((*path, "buyback", index), f"end.buyback names {name!r} twice")
        else:
            chosen.append(name)
    return chosen


def _check_counts(b: _Builder, variant: Variant, players: list[ScenarioPlayer], turn: TurnInfo | None,
                  end: EndInfo | None) -> None:
    """Hand sizes that cannot occur in the variant at this point of the hand (``state.hand_size_problem``)."""
    for index, player in enumerate(players):
        if player.name in b.unreliable or (player.out and game_of(variant).BUST):
            continue
        on_turn = turn is not None and turn.player == player.name
        problem = game_of(variant).hand_size_problem(
            players=len(players), size=player.hand_size, opened=player.opened,
            drew=on_turn and turn is not None and turn.drew != "none",
            knocked=turn is not None and turn.knocked, ended=end is not None,
            knocker=(end is not None and end.knocker == player.name) or (on_turn and turn is not None
                                                                         and turn.knocked),
            cut=player.cut is not None)
        if problem is not None:
            if player.hand_size == 0:
                problem = "no cards, which only happens when the hand is over: add an [end] table"
            b.problem(("players", index, "hand" if player.known else "hand_size"), f"{player.name} holds {problem}")


def _check_copies(b: _Builder, variant: Variant) -> None:
    """More copies of a card than the decks hold, across hands, table and discard pile."""
    everything: list[_Placed] = []
    for hand in b.hands.values():
        everything.extend(hand)
    everything.extend(b.table_cards)
    everything.extend(b.discard_cards)
    everything.sort(key=lambda p: (p.line, p.column))
    seen: Counter[Card] = Counter()
    totals = Counter(p.card for p in everything)
    decks = variant.decks
    for placed in everything:
        seen[placed.card] += 1
        if seen[placed.card] == decks + 1:
            held = "one deck holds" if decks == 1 else f"{decks} decks hold"
            b.problem_at(placed.line, placed.column,
                         f"{placed.card} appears {totals[placed.card]} times in the scenario (hands, table "
                         f"and discard pile), but {held} only {decks}")


def _check_total(b: _Builder, variant: Variant, players: list[ScenarioPlayer], table: Iterable[TableMeld],
                 pile: PileInfo) -> None:
    total = (sum(p.hand_size for p in players) + sum(len(t.meld) for t in table) + len(pile.discard)
             + (pile.stock or 0))
    deck = 52 * variant.decks
    if total > deck:
        b.problem(("pile",) if "pile" in [k[0] for k in b.locator.keys] else ("players",),
                  f"the scenario accounts for {total} cards (hands, table, discard pile and stock), "
                  f"but the decks hold {deck}", value=False)
