"""Variants: the rules of each game, loaded from the TOML files in ``data/variants``.

A variant is data, never a subclass.  ``get_variant("bing", wild_points=25)`` loads the
built-in rules and applies house-rule overrides; an unknown option or a bad value is a
``VariantError`` that lists what is allowed.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import field, replace
from functools import cache
from operator import attrgetter
from pathlib import Path
from types import MappingProxyType
from typing import Any

from rummycheck.cards import Card
from rummycheck.errors import HouseRulesUnreadable, ReadError, RummyError, VariantError
from rummycheck.frozen import dataclass
from rummycheck.reading import parse_toml, read_file

__all__ = [
    "Dispute",
    "OptionSpec",
    "Rule",
    "Variant",
    "get_variant",
    "is_house_rules_name",
    "load_house_rules",
    "resolve_house_rules",
    "register_variant_text",
    "unregister_variant",
    "parse_override",
    "players_text",
    "variant_names",
]

OptionValue = int | bool | str | None

VARIANT_NAMES = ("bing", "basic", "gin")
_MEMO_MAX = 64
_MEMO: dict[Variant, dict[str, Any]] = {}
# variants registered at run time (a game added by register_game): name -> TOML text
_EXTRA: dict[str, str] = {}
_card_index = attrgetter("index")


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One setting a house may change, with its type and allowed values."""

    name: str
    type: str  # "int", "bool", "choice" or "int_or_none"
    default: OptionValue
    help: str = ""
    choices: tuple[str, ...] = ()
    min: int | None = None
    max: int | None = None

    def allowed(self) -> str:
        """Say in words which values are allowed."""
        if self.type == "bool":
            return "true or false"
        if self.type == "choice":
            return " or ".join(repr(c) for c in self.choices)
        bounds = f"an integer from {self.min} to {self.max}"
        return bounds + (" or 'none'" if self.type == "int_or_none" else "")

    def convert(self, raw: object) -> OptionValue:
        """Convert ``raw`` (a string from the command line or a TOML value) to this option's type."""
        text = str(raw).strip().lower() if not isinstance(raw, bool) else ("true" if raw else "false")
        if self.type == "bool":
            if text in ("true", "yes", "on", "1"):
                return True
            if text in ("false", "no", "off", "0"):
                return False
        elif self.type == "choice":
            if text in self.choices:
                return text
        else:
            if self.type == "int_or_none" and text in ("none", "off"):
                return None
            try:
                number = int(text)
            except ValueError:
                number = None
            if number is not None and (self.min is None or number >= self.min) \
                    and (self.max is None or number <= self.max):
                return number
        raise VariantError(f"option {self.name!r} expects {self.allowed()}, got {raw!r}")

    def describe(self, value: OptionValue) -> str:
        if value is None:
            return "none"
        if isinstance(value, bool):
            return "true" if value else "false"
        return str(value)

    def alternatives(self, value: OptionValue) -> str:
        """The allowed values other than ``value``, in words."""
        if self.type == "bool":
            return self.describe(not value)
        if self.type == "choice":
            return ", ".join(c for c in self.choices if c != value)
        return self.allowed()


@dataclass(frozen=True, slots=True)
class Rule:
    """One rule id of the rules brief with its text and the options it governs."""

    id: str
    text: str
    options: tuple[OptionSpec, ...] = ()


@dataclass(frozen=True, slots=True)
class Dispute:
    """A disputed point of the rules: the option, the readings tables play, the plays it bears on."""

    rule: str
    option: str
    readings: tuple[OptionValue, ...]
    actions: tuple[str, ...]  # the play words it bears on
    point: str
    opening: bool = False  # bears only on a player who has not opened
    nearest: bool = False  # an int option: also the nearest value that would change the verdict


@dataclass(frozen=True, slots=True)
class Variant:
    """A game's rules with the option values in force.

    Option values are read with ``variant.option("ace")`` or the typed properties below.
    """

    name: str
    title: str
    summary: str
    rules: tuple[Rule, ...]
    values: tuple[tuple[str, OptionValue], ...]
    presets: tuple[tuple[str, tuple[tuple[str, OptionValue], ...]], ...] = ()
    preset: str | None = None
    disputes: tuple[Dispute, ...] = ()
    game: str = ""  # the game it plays (rummycheck.games); "" means the variant's own name
    # derived from the fields above in __post_init__, never passed in (so replace() rebuilds them)
    _lookup: MappingProxyType[str, OptionValue] = field(init=False, compare=False, repr=False)
    _hash: int = field(init=False, compare=False, repr=False)
    _points: tuple[int, ...] = field(init=False, compare=False, repr=False)
    _decks: int = field(init=False, compare=False, repr=False)
    _hand_size: int = field(init=False, compare=False, repr=False)
    _wild: int | None = field(init=False, compare=False, repr=False)  # ``wild_number``, asked millions of times

    def __reduce__(self) -> tuple[Callable[..., Variant], tuple[object, ...]]:
        """Pickled as its fields (the derived lookups are rebuilt): a variant travels to worker
        processes, and is read back as the equal variant the process already holds (``_KNOWN``)."""
        return (_unpickled, (self.name, self.title, self.summary, self.rules, self.values, self.presets,
                             self.preset, self.disputes, self.game))

    def __post_init__(self) -> None:
        if not self.game:
            object.__setattr__(self, "game", self.name)
        object.__setattr__(self, "_lookup", MappingProxyType(dict(self.values)))
        # variants are dictionary keys in the solver's caches: hash once, not per lookup
        object.__setattr__(self, "_hash", hash((self.name, self.game, self.values, self.preset)))
        wild = self._lookup.get("wild_rank", "none")
        object.__setattr__(self, "_wild", None if wild in (None, "none") else int(str(wild)))
        object.__setattr__(self, "_points", self._points_by_index())
        object.__setattr__(self, "_decks", int(self._lookup.get("decks", 1) or 1))
        object.__setattr__(self, "_hand_size", int(self._lookup.get("hand_size", 10) or 10))
        if len(_KNOWN) > _KNOWN_MOST:
            _KNOWN.clear()
        _KNOWN.setdefault(self, self)

    def __hash__(self) -> int:
        return self._hash

    @property
    def memo(self) -> dict[str, Any]:
        """Caches of the solvers for this variant (lookup tables, verdict texts).

        They live beside the variant, in a module dictionary keyed by it, not in it: a
        ``Variant`` is a value and equal variants share their caches.
        """
        found = _MEMO.get(self)
        if found is None:
            if len(_MEMO) >= _MEMO_MAX:
                _MEMO.clear()
            found = _MEMO[self] = {}
        return found

    # -- generic access ------------------------------------------------------------
    def option(self, name: str) -> OptionValue:
        try:
            return self._lookup[name]
        except KeyError:
            raise VariantError(f"variant {self.name!r} has no option {name!r}") from None

    def get(self, name: str, default: OptionValue = None) -> OptionValue:
        return self._lookup.get(name, default)

    def specs(self) -> Iterator[tuple[Rule, OptionSpec]]:
        for rule in self.rules:
            for spec in rule.options:
                yield rule, spec

    def spec(self, name: str) -> OptionSpec:
        for _, spec in self.specs():
            if spec.name == name:
                return spec
        known = ", ".join(sorted(s.name for _, s in self.specs()))
        raise VariantError(f"variant {self.name!r} has no option {name!r}; options are: {known}")

    def rule(self, rule_id: str) -> Rule:
        for rule in self.rules:
            if rule.id == rule_id:
                return rule
        raise VariantError(f"variant {self.name!r} has no rule {rule_id!r}")

    def rule_for_option(self, name: str) -> str:
        for rule, spec in self.specs():
            if spec.name == name:
                return rule.id
        raise VariantError(f"variant {self.name!r} has no option {name!r}")

    def with_options(self, **overrides: object) -> Variant:
        """A copy with some options changed (values are converted and checked)."""
        new = dict(self.values)
        for name, raw in overrides.items():
            new[name] = self.spec(name).convert(raw)
        low, high = new.get("min_players"), new.get("max_players")
        if isinstance(low, int) and isinstance(high, int) and low > high:
            raise VariantError(f"min_players {low} is more than max_players {high}: no number of players fits")
        return replace(self, values=tuple(new.items()))

    def changed_options(self) -> dict[str, OptionValue]:
        """Options whose value differs from the built-in default (for reports)."""
        defaults = {s.name: s.default for _, s in self.specs()}
        return {k: v for k, v in self.values if defaults.get(k) != v}

    def as_dict(self) -> dict[str, OptionValue]:
        return dict(self.values)

    # -- typed properties used by the solver and the validator ---------------------
    @property
    def decks(self) -> int:
        return self._decks

    @property
    def wild_number(self) -> int | None:
        """Rank number of the wild cards (2 for deuces) or None."""
        return self._wild

    def is_wild(self, card: Card) -> bool:
        wild = self._wild
        return wild is not None and card.number == wild

    @property
    def ace(self) -> str:
        return str(self.get("ace", "low"))

    @property
    def set_max(self) -> int | None:
        value = self.get("set_max", None)
        return None if value is None else int(value)

    @property
    def set_duplicates(self) -> bool:
        return bool(self.get("set_duplicates", False))

    @property
    def max_wilds(self) -> int | None:
        value = self.get("max_wilds", None)
        return None if value is None else int(value)

    @property
    def min_naturals(self) -> int:
        return int(self.get("min_naturals", 0) or 0)

    @property
    def hand_size(self) -> int:
        return self._hand_size

    def card_points(self, card: Card) -> int:
        """Points of ``card`` left in hand under this variant."""
        return self._points[card.index]

    def _points_by_index(self) -> tuple[int, ...]:
        """The points of each card by index: a wild card's, an ace's, a face card's or its number
        (each option read once, when the first card that needs it comes)."""
        wild = self.wild_number
        read: dict[str, int] = {}

        def value(name: str, default: int) -> int:
            if name not in read:
                read[name] = int(self.get(name, default) or 0)
            return read[name]

        return tuple(value("wild_points", 0) if number == wild else value("ace_points", 1) if number == 1
                     else value("face_points", 10) if number >= 11 else number
                     for number in (index % 13 + 1 for index in range(52)))

    def points(self, cards: Iterable[Card]) -> int:
        """Points of ``cards`` left in hand."""
        return sum(map(self._points.__getitem__, map(_card_index, cards)))

    @property
    def max_run_length(self) -> int:
        return 13

    def __str__(self) -> str:
        changed = self.changed_options()
        if not changed:
            return self.name
        return self.name + " (" + ", ".join(f"{k}={self.spec(k).describe(v)}" for k, v in changed.items()) + ")"


def players_text(low: int, high: int) -> str:
    """How many players a game takes, in words: ``2 players`` (gin), ``2 to 8 players`` (Bing).

    >>> players_text(2, 2), players_text(2, 8)
    ('2 players', '2 to 8 players')
    """
    return f"{low} players" if low == high else f"{low} to {high} players"


def _spec_from_toml(raw: Mapping[str, Any], where: str) -> OptionSpec:
    kind = raw["type"]
    given = {"name": raw["name"], "type": kind, "help": raw.get("help", ""), "choices": tuple(raw.get("choices", ())),
             "min": raw.get("min"), "max": raw.get("max")}
    spec = OptionSpec(default=None, **given)
    if kind not in ("int", "bool", "choice", "int_or_none"):
        raise VariantError(f"{where}: option {spec.name!r} has unknown type {kind!r}")
    return OptionSpec(default=spec.convert(raw["default"]), **given)


def _parse_variant_text(text: str) -> dict[str, Any]:
    """``tomllib.loads(text)``, taken from ``data/shipped_variants.py`` for a shipped file's text as
    it is (parsed ahead there: a command does not import ``tomllib`` and parse the file each run)."""
    from rummycheck.data.shipped_variants import PARSED

    data = PARSED.get(text)
    if data is None:  # an edited file, a variant added at run time
        import tomllib

        data = tomllib.loads(text)
    return data


def _variant_from_text(text: str, where: str) -> Variant:
    data = _parse_variant_text(text)
    rules = tuple(
        Rule(id=r["id"], text=r["text"],
             options=tuple(_spec_from_toml(o, where) for o in r.get("options", ())))
        for r in data["rules"]
    )
    values = tuple((spec.name, spec.default) for rule in rules for spec in rule.options)
    base = Variant(name=data["name"], title=data["title"], summary=data.get("summary", ""),
                   rules=rules, values=values, game=data.get("game", data["name"]))
    presets = []
    for preset_name, changes in data.get("presets", {}).items():
        converted = tuple((k, base.spec(k).convert(v)) for k, v in changes.items())
        presets.append((preset_name, converted))
    disputes = tuple(Dispute(rule=d["rule"], option=d["option"],
                             readings=tuple(base.spec(d["option"]).convert(v) for v in d["readings"]),
                             actions=tuple(d["actions"]), point=d["point"], opening=bool(d.get("opening", False)),
                             nearest=bool(d.get("nearest", False)))
                     for d in data.get("disputes", ()))
    return replace(base, presets=tuple(presets), preset=presets[0][0] if presets else None, disputes=disputes)


_SHIPPED = Path(__file__).with_name("data") / "variants"


#: one variant object for each distinct variant built in this process, the first built.  The
#: solver's and the games' caches are dictionaries keyed by variant: a key found by identity is
#: found at once, an equal copy (one read back from a pickle in a worker process) only after
#: comparing every rule, on every lookup, which made a review's work a fifth slower in workers.
_KNOWN: dict[Variant, Variant] = {}
_KNOWN_MOST = 1024


def _unpickled(*fields: Any) -> Variant:
    """The variant with these fields: the one this process already holds, when it holds it."""
    made = Variant(*fields)
    return _KNOWN.get(made, made)


@cache
def _load_builtin(name: str) -> Variant:
    if name in _EXTRA:
        return _variant_from_text(_EXTRA[name], f"variant {name!r}")
    text = (_SHIPPED / f"{name}.toml").read_text("utf-8")  # package data, installed beside this module
    return _variant_from_text(text, f"variants/{name}.toml")


def register_variant_text(text: str) -> str:
    """Add a variant from the text of a variant TOML (as in ``data/variants``); returns its name."""
    data = _parse_variant_text(text)
    name = str(data["name"]).strip().lower()
    _EXTRA[name] = text
    _load_builtin.cache_clear()
    _variant_from_text(text, f"variant {name!r}")  # fail now, not at first use
    return name


def unregister_variant(name: str) -> None:
    """Forget a variant added with ``register_variant_text`` (the shipped ones stay)."""
    _EXTRA.pop(name, None)
    _load_builtin.cache_clear()


def variant_names() -> tuple[str, ...]:
    """The names ``get_variant`` knows: the shipped variants and any registered since."""
    return VARIANT_NAMES + tuple(n for n in _EXTRA if n not in VARIANT_NAMES)


def get_variant(name: str | Path | Variant, *, preset: str | None = None, **overrides: object) -> Variant:
    """Load a variant by name, or a house-rules file by path, then a preset and overrides.

    A name ending in ``.toml`` (or any ``Path``) is a house-rules file (``load_house_rules``).

    >>> get_variant("bing").option("limit")
    75
    >>> get_variant("bing", wild_points=25).card_points(Card.parse("2h"))
    25
    """
    if isinstance(name, Variant):
        variant = name
    elif isinstance(name, Path) or is_house_rules_name(str(name)):
        variant = load_house_rules(name)
    else:
        key = str(name).strip().lower()
        if key not in variant_names():
            raise VariantError(f"unknown variant {name!r}; choose one of {', '.join(variant_names())} "
                               "or a house-rules file (.toml)")
        variant = _load_builtin(key)
    if preset is not None:
        known = dict(variant.presets)
        if preset not in known:
            choices = ", ".join(known) or "none"
            raise VariantError(f"variant {variant.name!r} has no preset {preset!r}; presets are: {choices}")
        variant = replace(variant.with_options(**dict(known[preset])), preset=preset)
    if overrides:
        variant = variant.with_options(**overrides)
    return variant


# -- house-rules files -----------------------------------------------------------------------

HOUSE_KEYS = ("name", "title", "extends", "preset", "rules")


def _key_position(text: str, key: str, section: str | None) -> tuple[int, int]:
    """Line and column where ``key`` is set (inside ``[section]`` when given), else (1, 1)."""
    current: str | None = None
    pattern = re.compile(rf"\s*[\"']?{re.escape(key)}[\"']?\s*=")
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if stripped.startswith("["):
            current = stripped.strip("[] ").strip()
            continue
        if current == section and pattern.match(line):
            return number, len(line) - len(line.lstrip()) + 1
    return 1, 1


def is_house_rules_name(name: str) -> bool:
    """True when a variant name is a path to a house-rules file (it ends in ``.toml``)."""
    return name.strip().lower().endswith(".toml")


def resolve_house_rules(name: str, relative_to: str) -> str:
    """A house-rules path named inside a file: relative to that file's folder (``relative_to``)."""
    if not is_house_rules_name(name) or Path(name).is_absolute() or relative_to.startswith("<"):
        return name
    return str(Path(relative_to).parent / name)


def load_house_rules(path: str | Path) -> Variant:
    """A club's rules: a TOML file naming the shipped variant it ``extends`` and the options it changes.

    ::

        name = "club"
        extends = "bing"
        preset = "..."          # optional, a preset of the variant it extends
        [rules]
        wild_points = 25
        limit_strict = true

    Every problem is a ``VariantError`` naming the file, line and column.
    """
    source = str(path)
    try:  # the same bounded, decoding reader and located TOML errors as every other file
        text = read_file(path)
        data = parse_toml(text, source=source)
    except ReadError as error:
        raise HouseRulesUnreadable(str(error).replace("cannot read ", "cannot read the house-rules file ", 1)) from None
    except RummyError as error:
        raise VariantError(str(error)) from None

    def fail(key: str, section: str | None, message: str) -> VariantError:
        line, column = _key_position(text, key, section)
        return VariantError(f"{source}:{line}:{column}: {message}")

    for key in data:
        if key not in HOUSE_KEYS:
            raise fail(key, None, f"unknown key {key!r}; a house-rules file has {', '.join(HOUSE_KEYS)}")
    extends = data.get("extends")
    if not isinstance(extends, str) or extends.strip().lower() not in variant_names():
        raise fail("extends", None, f"extends must name a variant ({', '.join(variant_names())}), got {extends!r}")
    name = data.get("name", Path(source).stem)
    if not isinstance(name, str) or not name.strip() or any(not ch.isprintable() for ch in name):
        raise fail("name", None, f"name must be a short printable text, got {name!r}")
    base = _load_builtin(extends.strip().lower())
    preset = data.get("preset")
    if preset is not None:
        if not isinstance(preset, str) or preset not in dict(base.presets):
            choices = ", ".join(dict(base.presets)) or "none"
            raise fail("preset", None, f"{extends} has no preset {preset!r}; presets are: {choices}")
        base = get_variant(base, preset=preset)
    rules = data.get("rules", {})
    if not isinstance(rules, dict):
        raise fail("rules", None, "rules must be a table of option = value")
    changes: dict[str, OptionValue] = {}
    for key, value in rules.items():
        try:
            spec = base.spec(key)
            if isinstance(value, (dict, list)):
                raise VariantError(f"option {key!r} expects {spec.allowed()}, got {value!r}")
            changes[key] = spec.convert(value)
        except VariantError as error:
            raise fail(key, "rules", str(error)) from None
    try:
        variant = base.with_options(**changes) if changes else base
    except VariantError as error:  # options that do not fit together (min_players above max_players)
        raise fail(next(k for k in ("min_players", "max_players") if k in changes), "rules", str(error)) from None
    title = data.get("title", base.title)
    if not isinstance(title, str):
        raise fail("title", None, f"title must be text, got {title!r}")
    return replace(variant, name=name.strip(), title=title)


def parse_override(text: str) -> tuple[str, str]:
    """Split a command-line ``name=value`` override."""
    if "=" not in text:
        raise VariantError(f"expected a rule option like 'wild_points=25', got {text!r}")
    name, _, value = text.partition("=")
    name = name.strip().lower().replace("-", "_")
    if not name:
        raise VariantError(f"expected a rule option like 'wild_points=25', got {text!r}")
    return name, value.strip()
