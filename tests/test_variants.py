"""Variants as data: the three built-in games, one entry per RULES.md rule id with the
defaults and options listed there, overrides, errors that list what is allowed, presets."""

from __future__ import annotations

import dataclasses
import json

import pytest
from typer.testing import CliRunner

from rummycheck import Variant, VariantError, get_variant, parse_cards, solve
from rummycheck.cli import app
from rummycheck.variants import parse_override, variant_names

# Rule ids transcribed by hand from the three tables of RULES.md, in table order.
RULES_MD_IDS = {
    "bing": [
        "BING-DECK", "BING-DEAL", "BING-TURN", "BING-MELD-TURN", "BING-SET", "BING-RUN",
        "BING-WILD", "BING-OPEN", "BING-LAYOFF", "BING-LIMIT", "BING-LIMIT-HOLD",
        "BING-VALUES", "BING-OUT", "BING-SCORE", "BING-BUST", "BING-BUYBACK", "BING-WIN",
        "BING-STRATEGY",
    ],
    "basic": [
        "BASIC-DECK", "BASIC-RUN", "BASIC-SET", "BASIC-TURN", "BASIC-LAYOFF", "BASIC-DISCARD",
        "BASIC-OUT", "BASIC-STOCK", "BASIC-STALEMATE", "BASIC-SCORE", "BASIC-RUMMY",
        "BASIC-TARGET", "BASIC-OPEN",
    ],
    "gin": [
        "GIN-DEAL", "GIN-MELD", "GIN-TURN", "GIN-KNOCK", "GIN-LAYOFF", "GIN-SCORE",
        "GIN-UNDERCUT", "GIN-GIN", "GIN-BIGGIN", "GIN-DEAD", "GIN-GAME",
    ],
}

# (variant, option, rule id that governs it, RULES.md default, an alternative RULES.md lists)
RULES_MD_OPTIONS = [
    # Bing
    ("bing", "decks", "BING-DECK", 2, None),
    ("bing", "wild_rank", "BING-DECK", "2", None),
    ("bing", "hand_size", "BING-DEAL", 14, None),
    ("bing", "meld_turn_discard", "BING-MELD-TURN", False, True),   # "discard required after melding"
    ("bing", "set_max", "BING-SET", None, None),                     # "no size limit"
    ("bing", "set_duplicates", "BING-SET", True, None),              # 8s 8h 8s is a set
    ("bing", "ace", "BING-RUN", "low_or_high", "wrap"),              # also "low", "high"
    ("bing", "max_wilds", "BING-WILD", None, 1),                     # "no limit on wilds per meld"
    ("bing", "min_naturals", "BING-WILD", 0, 2),
    ("bing", "opening_melds", "BING-OPEN", 3, 4),
    ("bing", "layoff_in_opening", "BING-LAYOFF", True, False),
    ("bing", "limit", "BING-LIMIT", 75, 100),
    ("bing", "limit_strict", "BING-LIMIT", False, True),             # "inclusive (<= 75 is allowed)"
    ("bing", "hold_strict", "BING-LIMIT-HOLD", False, True),
    ("bing", "ace_points", "BING-VALUES", 15, None),
    ("bing", "face_points", "BING-VALUES", 10, None),
    ("bing", "wild_points", "BING-VALUES", 2, 25),                   # 15, 20, 25 played elsewhere
    # Basic
    ("basic", "decks", "BASIC-DECK", 1, None),
    ("basic", "hand_size", "BASIC-DECK", 10, None),                  # two players
    ("basic", "hand_size_many", "BASIC-DECK", 7, None),              # three or four players
    ("basic", "ace", "BASIC-RUN", "low", "low_or_high"),             # "ace high too"
    ("basic", "set_max", "BASIC-SET", 4, None),
    ("basic", "set_duplicates", "BASIC-SET", False, None),
    ("basic", "melds_per_turn", "BASIC-TURN", "many", "one"),
    ("basic", "out_discard_required", "BASIC-OUT", False, True),
    ("basic", "ace_points", "BASIC-SCORE", 1, None),
    ("basic", "face_points", "BASIC-SCORE", 10, None),
    ("basic", "rummy_multiplier", "BASIC-RUMMY", 2, None),           # "doubles the points"
    ("basic", "target_2", "BASIC-TARGET", 100, None),
    ("basic", "target_3", "BASIC-TARGET", 150, None),
    ("basic", "target_4", "BASIC-TARGET", 200, None),
    ("basic", "opening_points", "BASIC-OPEN", 0, 31),                # 30, 40, 51 also played
    # Gin (modern defaults)
    ("gin", "decks", "GIN-DEAL", 1, None),
    ("gin", "hand_size", "GIN-DEAL", 10, None),
    ("gin", "ace", "GIN-MELD", "low", None),
    ("gin", "set_max", "GIN-MELD", 4, None),
    ("gin", "ace_points", "GIN-MELD", 1, None),
    ("gin", "face_points", "GIN-MELD", 10, None),
    ("gin", "knock_limit", "GIN-KNOCK", 10, 7),
    ("gin", "oklahoma", "GIN-KNOCK", False, True),
    ("gin", "undercut_bonus", "GIN-UNDERCUT", 25, 10),
    ("gin", "undercut_on_tie", "GIN-UNDERCUT", True, False),
    ("gin", "gin_bonus", "GIN-GIN", 25, 20),
    ("gin", "big_gin_bonus", "GIN-BIGGIN", 31, 0),
    ("gin", "dead_stock", "GIN-DEAD", 2, None),
    ("gin", "game_target", "GIN-GAME", 100, None),
    ("gin", "game_bonus", "GIN-GAME", 100, None),
    ("gin", "box_bonus", "GIN-GAME", 25, 20),
    ("gin", "shutout_doubles", "GIN-GAME", False, True),
]


# -- the three variants load ---------------------------------------------------------

def test_variant_names_are_the_three_games() -> None:
    assert set(variant_names()) == {"bing", "basic", "gin"}


@pytest.mark.parametrize(("name", "title"), [
    ("bing", "Bing Rummy"), ("basic", "Basic Rummy"), ("gin", "Gin Rummy"),
])
def test_builtin_variant_loads(name: str, title: str) -> None:
    variant = get_variant(name)
    assert isinstance(variant, Variant)
    assert variant.name == name and variant.title == title


@pytest.mark.parametrize(("name", "decks", "wild"), [("bing", 2, 2), ("basic", 1, None), ("gin", 1, None)])
def test_decks_and_wild_deuces(name: str, decks: int, wild: int | None) -> None:
    variant = get_variant(name)
    assert variant.decks == decks
    assert variant.wild_number == wild
    assert variant.is_wild(parse_cards("2c")[0]) is (wild == 2)


def test_variant_name_is_case_and_space_insensitive() -> None:
    assert get_variant(" GIN ") == get_variant("gin")


def test_get_variant_accepts_a_variant() -> None:
    bing = get_variant("bing", limit=80)
    assert get_variant(bing) is bing


def test_variant_is_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        get_variant("bing").name = "gin"  # type: ignore[misc]


# -- one entry per RULES.md rule id --------------------------------------------------

@pytest.mark.parametrize("name", sorted(RULES_MD_IDS))
def test_rule_ids_match_rules_md_tables(name: str) -> None:
    assert [rule.id for rule in get_variant(name).rules] == RULES_MD_IDS[name]


@pytest.mark.parametrize("name", sorted(RULES_MD_IDS))
def test_every_rule_has_its_own_text(name: str) -> None:
    texts = [rule.text for rule in get_variant(name).rules]
    assert all(len(text) > 20 for text in texts)
    assert len(set(texts)) == len(texts)


@pytest.mark.parametrize(("name", "option", "rule_id", "default", "alternative"), RULES_MD_OPTIONS)
def test_rules_md_option_default_and_rule_id(name: str, option: str, rule_id: str, default: object,
                                             alternative: object) -> None:
    variant = get_variant(name)
    assert variant.rule_for_option(option) == rule_id
    assert variant.option(option) == default
    assert variant.spec(option).default == default
    if alternative is not None:
        assert variant.with_options(**{option: alternative}).option(option) == alternative


def test_bing_run_offers_every_ace_option_of_rules_md() -> None:
    # BING-RUN: default low or high (never both), options low only, high only, wrap
    assert set(get_variant("bing").spec("ace").choices) == {"low_or_high", "low", "high", "wrap"}


@pytest.mark.parametrize(("name", "option"), [("bing", "limit"), ("bing", "wild_points"), ("gin", "knock_limit")])
def test_option_listed_under_its_rule(name: str, option: str) -> None:
    variant = get_variant(name)
    rule = variant.rule(variant.rule_for_option(option))
    assert option in [spec.name for spec in rule.options]


def test_unknown_rule_id_is_an_error() -> None:
    with pytest.raises(VariantError, match="has no rule 'BING-NOPE'"):
        get_variant("bing").rule("BING-NOPE")


# -- BING-VALUES: the worked examples of RULES.md ------------------------------------

def test_bing_values_six_queen_queen_is_26() -> None:
    # 6 counts its rank, each queen 10: 6 + 10 + 10 = 26
    assert get_variant("bing").points(parse_cards("6h Qs Qd")) == 26


def test_bing_values_ace_three_is_18() -> None:
    # the ace counts 15 in Bing: 15 + 3 = 18
    assert get_variant("bing").points(parse_cards("Ac 3d")) == 18


def test_bing_values_deuce_counts_two_by_default() -> None:
    assert get_variant("bing").points(parse_cards("2s 2h")) == 4


def test_basic_and_gin_count_ace_one_and_faces_ten() -> None:
    # A 1 + K 10 + 7 = 18 in both one-deck games
    for name in ("basic", "gin"):
        assert get_variant(name).points(parse_cards("As Kh 7d")) == 18


# -- overrides -----------------------------------------------------------------------

def test_override_wild_points_25() -> None:
    variant = get_variant("bing", wild_points=25)
    assert variant.option("wild_points") == 25
    # a deuce left in hand now counts 25; a three is still 3
    assert variant.points(parse_cards("2h 3h")) == 28


def test_override_ace_low_changes_the_solver_answer() -> None:
    # Qh Kh Ah: with the ace high allowed this is the run Q-K-A (nothing left);
    # with ace=low it is no meld and all 10 + 10 + 15 = 35 points stay in hand.
    hand = parse_cards("Qh Kh Ah")
    assert solve(hand, variant=get_variant("bing"), opened=True).deadwood_points == 0
    assert solve(hand, variant=get_variant("bing", ace="low"), opened=True).deadwood_points == 35


def test_override_values_from_strings_are_converted() -> None:
    variant = get_variant("bing", wild_points="25", limit_strict="yes", max_wilds="none", ace="LOW")
    assert variant.option("wild_points") == 25
    assert variant.option("limit_strict") is True
    assert variant.option("max_wilds") is None
    assert variant.option("ace") == "low"


@pytest.mark.parametrize(("raw", "value"), [("true", True), ("on", True), ("1", True),
                                            ("false", False), ("no", False), ("off", False)])
def test_bool_option_spellings(raw: str, value: bool) -> None:
    assert get_variant("bing", limit_strict=raw).option("limit_strict") is value


def test_override_does_not_change_the_builtin() -> None:
    get_variant("bing", limit=80)
    assert get_variant("bing").option("limit") == 75


def test_changed_options_and_str_show_overrides_only() -> None:
    variant = get_variant("bing", wild_points=25, ace="low", limit=75)
    assert variant.changed_options() == {"ace": "low", "wild_points": 25}
    assert str(variant) == "bing (ace=low, wild_points=25)"
    assert str(get_variant("bing")) == "bing"


def test_parse_override_splits_name_and_value() -> None:
    assert parse_override("wild_points=25") == ("wild_points", "25")
    assert parse_override(" Wild-Points = 25 ") == ("wild_points", "25")
    assert parse_override("ace=low") == ("ace", "low")


@pytest.mark.parametrize("text", ["wild_points", "=25", ""])
def test_parse_override_without_name_or_equals_is_an_error(text: str) -> None:
    with pytest.raises(VariantError) as caught:
        parse_override(text)
    assert str(caught.value) == f"expected a rule option like 'wild_points=25', got {text!r}"


# -- errors list what is allowed -----------------------------------------------------

def test_unknown_option_lists_the_options() -> None:
    with pytest.raises(VariantError) as caught:
        get_variant("bing", wildpoints=25)
    message = str(caught.value)
    assert message.startswith("variant 'bing' has no option 'wildpoints'; options are: ")
    listed = message.split("options are: ")[1].split(", ")
    assert listed == sorted(listed)
    assert {"wild_points", "ace", "limit", "limit_strict", "max_wilds", "opening_melds"} <= set(listed)


def test_gin_option_is_unknown_in_bing() -> None:
    with pytest.raises(VariantError, match="variant 'bing' has no option 'knock_limit'"):
        get_variant("bing", knock_limit=5)


def test_bad_choice_lists_the_choices() -> None:
    with pytest.raises(VariantError) as caught:
        get_variant("bing", ace="sideways")
    assert str(caught.value) == \
        "option 'ace' expects 'low_or_high' or 'low' or 'high' or 'wrap', got 'sideways'"


def test_gin_ace_does_not_allow_wrap() -> None:
    with pytest.raises(VariantError, match="option 'ace' expects 'low' or 'low_or_high', got 'wrap'"):
        get_variant("gin", ace="wrap")


def test_bad_integer_gives_the_range() -> None:
    with pytest.raises(VariantError) as caught:
        get_variant("bing", wild_points="lots")
    assert str(caught.value) == "option 'wild_points' expects an integer from 0 to 100, got 'lots'"


@pytest.mark.parametrize("value", ["0", "1001", "-5"])
def test_limit_out_of_range(value: str) -> None:
    with pytest.raises(VariantError, match=f"option 'limit' expects an integer from 1 to 1000, got '{value}'"):
        get_variant("bing", limit=value)


def test_bad_bool_says_true_or_false() -> None:
    with pytest.raises(VariantError) as caught:
        get_variant("bing", limit_strict="maybe")
    assert str(caught.value) == "option 'limit_strict' expects true or false, got 'maybe'"


def test_bad_optional_integer_mentions_none() -> None:
    with pytest.raises(VariantError) as caught:
        get_variant("bing", max_wilds="x")
    assert str(caught.value) == "option 'max_wilds' expects an integer from 0 to 8 or 'none', got 'x'"


def test_unknown_variant_lists_the_variants() -> None:
    with pytest.raises(VariantError) as caught:
        get_variant("poker")
    assert str(caught.value) == "unknown variant 'poker'; choose one of bing, basic, gin or a house-rules file (.toml)"


def test_reading_an_unknown_option_is_an_error() -> None:
    with pytest.raises(VariantError, match="variant 'gin' has no option 'limit'"):
        get_variant("gin").option("limit")


# -- presets -------------------------------------------------------------------------

def test_gin_presets_modern_first_and_in_force() -> None:
    gin = get_variant("gin")
    assert [name for name, _ in gin.presets] == ["modern", "classic", "openspiel"]
    assert gin.preset == "modern"


def test_gin_classic_preset_values() -> None:
    # RULES.md gin table, classic values in brackets: undercut 10, gin 20, big gin not
    # played, box 20, shutout doubles
    classic = get_variant("gin", preset="classic")
    assert classic.preset == "classic"
    assert classic.option("undercut_bonus") == 10
    assert classic.option("gin_bonus") == 20
    assert classic.option("big_gin_bonus") == 0
    assert classic.option("box_bonus") == 20
    assert classic.option("shutout_doubles") is True
    # what the preset does not name keeps its default
    assert classic.option("knock_limit") == 10


def test_modern_preset_equals_the_defaults() -> None:
    assert get_variant("gin", preset="modern").as_dict() == get_variant("gin").as_dict()


def test_override_applies_on_top_of_preset() -> None:
    variant = get_variant("gin", preset="classic", gin_bonus=30)
    assert variant.option("gin_bonus") == 30
    assert variant.option("undercut_bonus") == 10


def test_unknown_preset_lists_presets() -> None:
    with pytest.raises(VariantError) as caught:
        get_variant("gin", preset="vegas")
    assert str(caught.value) == "variant 'gin' has no preset 'vegas'; presets are: modern, classic, openspiel"


def test_variant_without_presets_says_none() -> None:
    assert get_variant("bing").preset is None
    with pytest.raises(VariantError) as caught:
        get_variant("bing", preset="classic")
    assert str(caught.value) == "variant 'bing' has no preset 'classic'; presets are: none"


# -- overrides through the command line ----------------------------------------------

def test_cli_rule_overrides_show_in_rules_table() -> None:
    result = CliRunner().invoke(app, ["rules", "bing", "--rule", "wild_points=25", "--rule", "ace=low",
                                      "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    options = {name: value for rule in data["rules"] for name, value in rule["options"].items()}
    assert options["wild_points"] == 25 and options["ace"] == "low"


def test_cli_rule_override_reaches_the_solver() -> None:
    # opened Bing player holding 2s 4h 9c: nothing melds; the deuce counts 25,
    # so 25 + 4 + 9 = 38 stay in hand
    result = CliRunner().invoke(app, ["solve", "--cards", "2s 4h 9c", "--opened", "--rule", "wild_points=25",
                                      "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["deadwood_points"] == 38


def test_cli_bad_rule_value_lists_allowed_values() -> None:
    result = CliRunner().invoke(app, ["rules", "bing", "--rule", "ace=sideways"])
    assert result.exit_code == 2
    assert result.stderr.strip() == \
        "rummycheck: option 'ace' expects 'low_or_high' or 'low' or 'high' or 'wrap', got 'sideways'"


def test_cli_unknown_rule_option_lists_options() -> None:
    result = CliRunner().invoke(app, ["rules", "gin", "--rule", "wild_deuces=3"])
    assert result.exit_code == 2
    assert "variant 'gin' has no option 'wild_deuces'; options are: " in result.stderr
    assert "knock_limit" in result.stderr
