"""Record files: the format reads back what it writes, errors are located, `deal` makes records.

Round trip: every record under records/ and every record `deal` makes is written back
unchanged (text) and reads back equal (data).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rummycheck.cli import app
from rummycheck.errors import ScenarioError
from rummycheck.files.record import load_record, parse_record, write_record
from rummycheck.files.scenario import parse_scenario
from rummycheck.table.deal import cutter_of, deal_record
from rummycheck.table.disputes import check_play
from rummycheck.table.replay import RecordError, replay

ROOT = Path(__file__).resolve().parent.parent
RECORDS = sorted((ROOT / "records").glob("*.toml"))
runner = CliRunner()


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name)
def test_shipped_record_round_trips(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    record = load_record(path)
    assert write_record(record) == text
    assert parse_record(write_record(record), source=str(path)) == record


@pytest.mark.parametrize("variant,players", [("bing", 4), ("bing", 7), ("basic", 2), ("basic", 3), ("gin", 2)])
def test_deal_round_trips_and_replays_as_a_legal_empty_hand(variant: str, players: int) -> None:
    for seed in range(5):
        record = deal_record(variant, players=players, seed=seed)
        text = write_record(record)
        again = parse_record(text)
        assert again == record and write_record(again) == text
        result = replay(again)
        assert result.legal and result.hands[0].ending == ""


def test_eight_bing_players_cannot_be_dealt_fourteen_cards_from_two_decks() -> None:
    with pytest.raises(ScenarioError, match="113 cards, but the decks hold 104"):
        deal_record("bing", players=8, seed=1)


def test_deal_is_seeded_and_uses_every_card_once_per_deck() -> None:
    first = deal_record("bing", players=4, seed=7)
    assert first == deal_record("bing", players=4, seed=7)
    assert first != deal_record("bing", players=4, seed=8)
    hand = first.hands[0]
    cards = [c for _, h in hand.cards for c in h] + [hand.upcard] + list(hand.stock)
    assert len(cards) == 104 and all(cards.count(c) == 2 for c in cards)
    assert all(len(h) == 14 for _, h in hand.cards)


def test_bing_deal_cut_deuce_goes_to_the_dealers_right() -> None:
    # BING-DEAL: some seed cuts a deuce; the player before the dealer in seat order keeps it, 13 + 1 cards
    cut = [deal_record("bing", players=4, seed=s) for s in range(60)]
    kept = [r for r in cut if r.hands[0].cut is not None]
    assert kept, "no seed in 0..59 cut a deuce"
    for record in kept:
        hand = record.hands[0]
        cutter = cutter_of(record.players, record.dealer)
        assert cutter == "C" and record.dealer == "D"
        assert hand.cut in (hand.hand_of(cutter) or ()) and hand.cut is not None and hand.cut.number == 2
        assert replay(record).legal


def test_record_keeps_trailing_comments_on_actions() -> None:
    record = load_record(ROOT / "records" / "gin-knock.toml")
    assert record.hands[0].actions[0].comment.startswith("the non-dealer declines")


def record_text(actions: list[str], *, extra: str = "") -> str:
    body = ",\n".join(f'  "{a}"' for a in actions)
    return ('variant = "gin"\nplayers = ["A", "B"]\ndealer = "B"\n\n[[hand]]\n'
            'cards.A = "As 2c 3c 4c 4d 5d 6d 7h 8h Ks"\ncards.B = "2s 5s 9s 5h Th Jh Qh 3d 9d 5c"\n'
            f'upcard = "Kc"\nstock = "9h 6s"\n{extra}actions = [\n{body},\n]\n')


def test_bad_card_in_an_action_is_located_at_its_column() -> None:
    text = record_text(["A pass", "B pass", "A draw", "A discard Zz"])
    with pytest.raises(RecordError) as error:
        parse_record(text, source="r.toml")
    line = text.splitlines().index('  "A discard Zz",') + 1
    assert str(error.value).startswith(f"r.toml:{line}:14: ")  # the Zz: quote at 3, text at 4, Zz 10 further
    assert "'Zz'" in str(error.value)


def test_unknown_player_and_verb_and_two_actions_in_one_string_are_located() -> None:
    text = record_text(["E draw", "A jump", "A draw; A discard Ks"])
    with pytest.raises(RecordError) as error:
        parse_record(text, source="r.toml")
    lines = str(error.value).splitlines()
    first = text.splitlines().index('  "E draw",') + 1
    assert lines[0].startswith(f"r.toml:{first}:4: an action starts with the player's name")
    assert lines[1].startswith(f"r.toml:{first + 1}:6: unknown action 'jump'")
    assert lines[2].startswith(f"r.toml:{first + 2}:10: one action a string")


def test_unknown_keys_bad_cards_and_copies_are_all_reported() -> None:
    text = record_text(["A pass"], extra='colour = "red"\n').replace('cards.B = "2s', 'cards.B = "As 2s X9')
    with pytest.raises(RecordError) as error:
        parse_record(text, source="r.toml")
    message = str(error.value)
    assert "unknown key 'colour'" in message and "'X9'" in message
    text = record_text(["A pass"]).replace('cards.B = "2s', 'cards.B = "As')
    with pytest.raises(RecordError, match="copies of As"):
        parse_record(text, source="r.toml")


def test_not_toml_is_one_located_line() -> None:
    with pytest.raises(RecordError, match=r"^r\.toml:2:\d+: not valid TOML"):
        parse_record('variant = "gin"\nplayers = [\n', source="r.toml")


def test_unknown_cards_are_question_marks_and_round_trip() -> None:
    text = record_text(["A pass", "B pass", "A draw", "A discard As"]).replace(
        'cards.B = "2s 5s 9s 5h Th Jh Qh 3d 9d 5c"', 'cards.B = "? ? ? ? ? ? ? ? ? ?"')
    record = parse_record(text)
    assert write_record(record) == text
    assert replay(record).legal


# -- the deal command ----------------------------------------------------------------------

def test_deal_cli_writes_stdout_and_file_and_never_overwrites(tmp_path: Path) -> None:
    out = runner.invoke(app, ["deal", "--variant", "bing", "--players", "4", "--seed", "7"])
    assert out.exit_code == 0
    assert out.output == (ROOT / "records" / "bing-deal-seed-7.toml").read_text(encoding="utf-8")
    target = tmp_path / "hand.toml"
    assert runner.invoke(app, ["deal", "--variant", "gin", "--seed", "3", "-o", str(target)]).exit_code == 0
    assert load_record(target).seed == 3
    again = runner.invoke(app, ["deal", "--variant", "gin", "--seed", "4", "-o", str(target)])
    assert again.exit_code == 2 and "--force" in again.output
    assert runner.invoke(app, ["deal", "--variant", "gin", "--seed", "4", "-o", str(target), "--force"]).exit_code == 0
    assert load_record(target).seed == 4


def test_deal_cli_json_and_bad_player_count() -> None:
    out = runner.invoke(app, ["deal", "--variant", "basic", "--players", "3", "--seed", "1", "--json"])
    data = json.loads(out.output)
    assert data["seed"] == 1 and data["players"] == ["A", "B", "C"] and len(data["cards"]["A"]) == 7
    assert parse_record(data["record"]) == deal_record("basic", players=3, seed=1)
    bad = runner.invoke(app, ["deal", "--variant", "gin", "--players", "3", "--seed", "1"])
    assert bad.exit_code == 2 and "played by 2 players," in bad.output


def test_deal_cli_names_and_rules() -> None:
    out = runner.invoke(app, ["deal", "--variant", "gin", "--names", "Ann,Bob", "--seed", "2", "--rule",
                              "knock_limit=7"])
    record = parse_record(out.output)
    assert record.players == ("Ann", "Bob") and record.variant.option("knock_limit") == 7


# -- knock with declared melds in check --play ------------------------------------------------

GIN_KNOCK = ('variant = "gin"\n[[players]]\nname = "A"\nhand = "Ac 2c 3c 4d 5d 6d 7h 8h 9h Ts Kd"\n'
             '[[players]]\nname = "B"\nhand_size = 10\n[turn]\nplayer = "A"\ndrew = "stock"\n'
             '[pile]\ndiscard = "2h"\nstock = 20\n')


def test_check_knock_with_declared_melds() -> None:
    scenario = parse_scenario(GIN_KNOCK)
    # the solver's melds leave Ts = 10: legal; declaring only two melds leaves 7h 8h 9h Ts = 34
    assert check_play(scenario, "knock Kd with Ac 2c 3c / 4d 5d 6d / 7h 8h 9h", disputes=False).legal
    verdict = check_play(scenario, "knock Kd with Ac 2c 3c / 4d 5d 6d", disputes=False)
    assert not verdict.legal and verdict.rules == ("GIN-KNOCK",)
    assert "deadwood 34 > 10" in verdict.line()


def test_docs_examples_are_the_shipped_records() -> None:
    # each TOML example of docs/records.md is a shipped record (or its first hand) and replays as legal
    docs = (ROOT / "docs" / "records.md").read_text(encoding="utf-8")
    blocks = [b.split("```", 1)[0] for b in docs.split("```toml\n")[1:]]
    assert len(blocks) == 3
    for block in blocks:
        record = parse_record(block, source="docs/records.md")
        assert replay(record).ok
        shipped = [load_record(p) for p in RECORDS]
        assert any(s.title == record.title and s.hands[:len(record.hands)] == record.hands for s in shipped)


def test_house_rules_file_sets_the_variant_and_round_trips(tmp_path: Path) -> None:
    (tmp_path / "club.toml").write_text('name = "club"\nextends = "gin"\npreset = "classic"\n[rules]\n'
                                        'knock_limit = 5\n', encoding="utf-8")
    text = (ROOT / "records" / "gin-knock.toml").read_text(encoding="utf-8").replace(
        'variant = "gin"', 'variant = "club.toml"')
    (tmp_path / "hand.toml").write_text(text, encoding="utf-8")
    record = load_record(tmp_path / "hand.toml")
    assert record.variant.option("knock_limit") == 5 and record.variant.option("gin_bonus") == 20
    assert write_record(record) == text
    result = replay(record)  # A knocks with 6: over the club's limit of 5
    assert result.illegal is not None and result.illegal.rule == "GIN-KNOCK"
    assert "deadwood 6 > 5" in result.illegal.message
    missing = text.replace('variant = "club.toml"', 'variant = "nowhere.toml"')
    with pytest.raises(RecordError, match="cannot read the house-rules file"):
        parse_record(missing, source=str(tmp_path / "other.toml"))


def test_replay_reads_a_dealt_record_from_standard_input() -> None:
    dealt = runner.invoke(app, ["deal", "--variant", "gin", "--seed", "1"]).output
    out = runner.invoke(app, ["replay", "-"], input=dealt)
    assert out.exit_code == 0 and out.output.rstrip().endswith("legal: 1 hand(s), 0 actions; scores A 0, B 0")


def test_a_trailing_comment_belongs_to_the_last_string_on_its_line() -> None:
    text = (ROOT / "records" / "gin-knock.toml").read_text(encoding="utf-8").replace(
        '  "A pass",  # the non-dealer declines the first upcard (GIN-DEAL)\n'
        '  "B pass",  # so does the dealer: A draws from the stock\n', '  "A pass", "B pass",  # both pass\n')
    actions = parse_record(text).hands[0].actions
    assert [a.comment for a in actions[:2]] == ["", "both pass"]


def test_a_scenario_given_for_a_record_and_a_record_for_a_scenario_get_one_line_saying_which() -> None:
    """The two file kinds are told apart at once: one located line naming the table that shows which
    it is and the commands that read it, not the list of everything the other kind would lack."""
    from typer.testing import CliRunner

    from rummycheck.cli import app

    runner = CliRunner()
    for args, where, said in (
            (["replay", "scenarios/gin-knock.toml"], "scenarios/gin-knock.toml:6:1: [[players]]", "not a record"),
            (["review", "scenarios/gin-knock.toml"], "scenarios/gin-knock.toml:6:1: [[players]]", "not a record"),
            (["solve", "records/gin-game.toml"], "records/gin-game.toml:10:1: [[hand]]", "not a scenario"),
            (["check", "records/gin-game.toml", "--play", "A draw"], "records/gin-game.toml:10:1: [[hand]]",
             "not a scenario")):
        result = runner.invoke(app, args)
        assert result.exit_code == 2, args
        lines = result.output.strip().splitlines()
        assert len(lines) == 1 and where in lines[0] and said in lines[0], result.output


def test_deal_record_of_a_variant_object_keeps_its_options() -> None:
    """A library audit: a Variant given to deal_record kept only its name (the classic preset and a
    knock limit of 5 were lost); now its options go to the record's [rules] and read back the same."""
    from rummycheck.table.deal import deal_record
    from rummycheck.variants import get_variant

    variant = get_variant("gin", preset="classic", knock_limit=5)
    record = deal_record(variant, seed=3)
    assert record.variant_name == "gin" and ("knock_limit", 5) in record.rules
    assert parse_record(write_record(record)).variant.values == variant.values
    assert deal_record("gin", seed=3).rules == ()
    assert deal_record(get_variant("gin"), seed=3) == deal_record("gin", seed=3)


@pytest.mark.parametrize("name", ["Ann Lee", "#1", "", "tab\there", "no\u00a0break"])
def test_a_name_the_record_reader_refuses_is_refused_when_the_hand_is_made(name: str) -> None:
    """A library audit: deal_record and new_hand took names that write_record wrote and the reader then
    refused; a name starts each action, so it is one word, not empty, not a comment ('#...')."""
    text = 'variant = "gin"\nplayers = ["Bob", ' + json.dumps(name) + ']\n'
    with pytest.raises(RecordError):
        parse_record(text)
    _refused_where_the_hand_is_made(name, f"a player's name is one word (it starts each action), got {name!r}")


def _refused_where_the_hand_is_made(name: str, expected: str) -> None:
    """``deal_record`` and ``new_hand`` both refuse ``name``, with ``expected`` as the error."""
    from rummycheck.table.hand import new_hand

    with pytest.raises(ScenarioError) as dealt:
        deal_record("gin", players=["Bob", name], seed=3)
    assert str(dealt.value) == expected
    with pytest.raises(ScenarioError) as started:
        new_hand("gin", players=["Bob", name], seed=3)
    assert str(started.value) == expected


def test_a_name_with_a_byte_that_is_not_utf8_is_refused() -> None:
    """A name from the command line with a byte that is not UTF-8 reaches Python as a lone surrogate
    (surrogateescape); the record writer wrote it as U+FFFD, so the record named another player than
    the one asked for. Refused where the hand is made, as the reader's other name rules are."""
    name = b"\xffA".decode("utf-8", "surrogateescape")
    assert name == "\udcffA"
    _refused_where_the_hand_is_made(name, "a player's name must be UTF-8 text (a byte of it is not), got '\\udcffA'")


def test_one_word_names_round_trip_through_the_record() -> None:
    from rummycheck.table.hand import new_hand

    names = ("Zoë", "bob-2", "C.J.")
    record = deal_record("basic", players=names, seed=5)
    again = parse_record(write_record(record))
    assert again == record and again.players == names
    assert [p.name for p in new_hand("basic", players=names, seed=5).players] == list(names)


def test_a_negative_seed_deals_apart_from_its_absolute_value() -> None:
    """``random.Random`` reads -7 as 7, so ``deal --seed -7`` dealt the cards of ``--seed 7``; a
    seed of 0 or more deals what it always dealt (``random.Random(seed)``), and a seed that is not
    a whole number is refused."""
    import random

    import pytest

    from rummycheck.dealing import seeded
    from rummycheck.table.deal import deal_hand, deal_record
    from rummycheck.table.hand import new_hand

    seven, minus = deal_record("gin", seed=7), deal_record("gin", seed=-7)
    assert seven.hands[0].cards != minus.hands[0].cards
    assert seven.hands[0].cards == deal_hand(random.Random(7), seven.variant, ["A", "B"], "B").cards
    assert [p.hand for p in new_hand("gin", seed=-7).players] != [p.hand for p in new_hand("gin", seed=7).players]
    assert seeded(0).random() == random.Random(0).random()
    for wrong in (None, 1.5, "7", True):
        with pytest.raises(TypeError, match="a seed is a whole number"):
            new_hand("gin", seed=wrong)  # type: ignore[arg-type]


def test_new_hand_takes_a_variant_by_name_by_house_rules_file_or_as_itself(tmp_path: Path) -> None:
    """A house-rules ``Path`` is read as ``get_variant`` reads one (it was an ``AttributeError``), and
    anything else that is not a variant is a ``TypeError`` naming it (``None`` was an
    ``AttributeError`` from deep inside)."""
    import pytest

    from rummycheck.table.hand import new_hand
    from rummycheck.variants import get_variant

    club = tmp_path / "club.toml"
    club.write_text('name = "club"\nextends = "gin"\n[rules]\nknock_limit = 7\n', encoding="utf-8")
    by_file = new_hand(club, seed=3)
    assert by_file.variant.option("knock_limit") == 7
    assert [p.hand for p in by_file.players] == [p.hand for p in new_hand(get_variant(club), seed=3).players]
    assert [p.hand for p in new_hand("gin", seed=3).players] == [p.hand for p in by_file.players]
    for wrong in (None, 5, b"gin"):
        with pytest.raises(TypeError, match="a variant is a name, a house-rules file or a Variant, not"):
            new_hand(wrong, seed=3)  # type: ignore[arg-type]
