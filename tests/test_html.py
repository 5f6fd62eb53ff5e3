"""HTML pages (``--html``): one self-contained file, checked by parsing it.

What each page must show is worked out here from the replay's own machinery (``HandRun``
walked step by step, the ``Replay`` values), not read back from the JSON inside the page.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rummycheck.cards import Card
from rummycheck.cli import app
from rummycheck.files.record import load_record, parse_record
from rummycheck.render.html import card_name, replay_page
from rummycheck.table.replay import HandRun, Record, replay, start_sheet, state_at
from rummycheck.table.state import GameState

ROOT = Path(__file__).resolve().parent.parent
RECORDS = ROOT / "records"
runner = CliRunner()


# -- what the replay itself says, step by step ----------------------------------------------------

@dataclass(frozen=True)
class Expected:
    """The table at one step as the replay's ``GameState`` holds it."""

    hands: dict[str, list[str]]
    unknown: dict[str, int]
    pile: list[str]
    stock: int | None
    melds: list[list[str]]


def _expected(state: GameState) -> Expected:
    return Expected({p.name: sorted(str(c) for c in p.hand) for p in state.players},
                    {p.name: p.unknown for p in state.players}, [str(c) for c in state.discard_pile], state.stock,
                    [[str(c) for c in t.meld.cards] for t in state.table])


def replay_steps(record: Record) -> Iterator[Expected]:
    """The deal of each hand and the table after each step, walked here with ``HandRun``: a hand's
    dealer and running scores come from ``replay``; an illegal action is not applied."""
    result = replay(record)
    sheet = start_sheet(record)
    for done in result.hands:
        run = HandRun(record, done.number - 1, sheet, done.dealer)
        yield _expected(run.state)
        started = False
        for first, _ in run.steps():
            if started:
                yield _expected(run.state)
            if first >= done.actions:
                started = False
                break
            started = True
        if started:
            yield _expected(run.state)
        if done.score is not None:
            sheet = done.score.after


def changed(name: str, old: str, new: str) -> str:
    text = (RECORDS / name).read_text(encoding="utf-8")
    assert old in text, old
    return text.replace(old, new, 1)


ILLEGAL_KNOCK = changed("gin-knock.toml", '"A discard As",', '"A knock 2c",')  # deadwood 18 > 10 (GIN-KNOCK)
BAD_DEAL = changed("gin-knock.toml", 'cards.A = "As 2c 3c 4c 4d 5d 6d 7h 8h Ks"',
                   'cards.A = "As 2c 3c 4c 4d 5d 6d 7h 8h"')  # 9 cards (GIN-DEAL)


# -- the page as text: parsed, no browser ---------------------------------------------------------

class _Page(HTMLParser):
    """Every element with its attributes, the data-hand containers with the cards inside them,
    and the text of style elements; a <template>'s contents (cards kept for the script) apart."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[tuple[str, dict[str, str | None]]] = []
        self.cards: list[dict[str, str | None]] = []
        self.hands: dict[str, list[str]] = {}
        self.backs: dict[str, int] = {}
        self.styles: list[str] = []
        self.titled: set[int] = set()
        self._open: list[tuple[str, dict[str, str | None], int]] = []
        self._template = 0
        self._in_style = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        self.elements.append((tag, named))
        if tag == "template":
            self._template += 1
        if tag == "style":
            self._in_style = True
        if tag == "title" and self._open and self._open[-1][0] == "svg":
            self.titled.add(self._open[-1][2])
        hand = next((a.get("data-hand") for t, a, _ in reversed(self._open) if a.get("data-hand") is not None), None)
        if tag == "svg" and not self._template:
            self.cards.append(named)
            if hand is not None and named.get("data-card"):
                self.hands[hand].append(str(named["data-card"]))
            elif hand is not None and "back" in str(named.get("class")):
                self.backs[hand] = self.backs.get(hand, 0) + 1
        if named.get("data-hand") is not None:
            self.hands[str(named["data-hand"])] = []
        self._open.append((tag, named, len(self.cards) - 1))

    def sorted_hands(self) -> dict[str, list[str]]:
        return {name: sorted(cards) for name, cards in self.hands.items()}

    def handle_endtag(self, tag: str) -> None:
        if tag == "template":
            self._template -= 1
        if tag == "style":
            self._in_style = False
        while self._open:
            if self._open.pop()[0] == tag:
                break

    def handle_data(self, data: str) -> None:
        if self._in_style:
            self.styles.append(data)


def parsed(page: str) -> _Page:
    reader = _Page()
    reader.feed(page)
    reader.close()
    return reader


def no_network_problems(page: str) -> list[str]:
    """Every way the page could reach for a URL: src/href-like attributes, url(), @import, and the
    elements that load something."""
    reader = parsed(page)
    problems = []
    for tag, attrs in reader.elements:
        for name in attrs:
            if name in ("src", "href", "xlink:href", "srcset", "action", "formaction", "poster", "data", "background",
                        "ping", "manifest"):
                problems.append(f"<{tag} {name}=...>")
        if tag in ("link", "img", "iframe", "object", "embed", "base", "audio", "video", "source"):
            problems.append(f"<{tag}>")
        style = attrs.get("style") or ""
        if "url(" in style.lower():
            problems.append(f"<{tag} style=url()>")
    css = "".join(reader.styles).lower()
    problems += ["url() in a stylesheet"] * ("url(" in css) + ["@import"] * ("@import" in css)
    if re.search(r"(https?|ftp|wss?)://", page):
        problems.append("a URL in the text")
    return problems


def test_page_has_the_card_and_hand_contract_without_a_browser() -> None:
    record = load_record(RECORDS / "gin-knock.toml")
    page = replay_page(replay(record))
    reader = parsed(page)
    first = next(replay_steps(record))  # the deal
    assert reader.sorted_hands() == first.hands  # each data-hand holds exactly the cards dealt
    assert set(reader.hands) == set(record.players)
    assert sorted(reader.hands["A"]) == sorted("As 2c 3c 4c 4d 5d 6d 7h 8h Ks".split())  # the record's text
    assert reader.cards, "no card drawn"
    for index, card in enumerate(reader.cards):
        text = card.get("data-card")
        if text is None:
            assert "back" in str(card.get("class")) and card.get("aria-label") == "a card not known"
            continue
        assert str(Card.parse(text)) == text
        assert card.get("aria-label") == card_name(Card.parse(text))
        assert index in reader.titled, f"{text} has no <title>"
    assert "ten of hearts" in {c.get("aria-label") for c in reader.cards}  # B's Th, in words
    assert [c.get("data-card") for c in reader.cards if c.get("data-card") == "Kc"] == ["Kc"]  # the upcard, on the pile


def test_unknown_cards_are_drawn_face_down() -> None:
    record = load_record(RECORDS / "basic-one-side.toml")
    reader = parsed(replay_page(replay(record)))
    first = next(replay_steps(record))
    assert reader.sorted_hands() == first.hands
    unknown = {name: n for name, n in first.unknown.items() if n}
    assert unknown and reader.backs == unknown


@pytest.mark.parametrize("name", sorted(p.name for p in RECORDS.glob("*.toml")))
def test_every_shipped_record_makes_a_page_with_no_url(name: str) -> None:
    page = replay_page(replay(load_record(RECORDS / name)))
    assert no_network_problems(page) == []
    assert parsed(page).hands.keys() == set(load_record(RECORDS / name).players)


def test_the_url_check_can_fail() -> None:
    page = replay_page(replay(load_record(RECORDS / "gin-knock.toml")))
    assert no_network_problems(page.replace("<style>", "<style>@import 'x.css';"))
    assert no_network_problems(page.replace("<title>", '<link rel="icon" href="data:,"><title>', 1))
    assert no_network_problems(page.replace('<svg class="card', '<svg style="background:url(x.png)" class="card', 1))


def test_gin_hand_page_is_at_most_100_kb() -> None:
    for name in ("gin-knock.toml", "gin-openspiel-layoffs.toml", "gin-seed-3-dead.toml"):
        record = load_record(RECORDS / name)
        assert len(record.hands) == 1
        size = len(replay_page(replay(record)).encode("utf-8"))
        assert size <= 100_000, (name, size)


def test_player_names_and_notes_are_escaped() -> None:
    text = changed("gin-knock.toml", 'title = "Gin:', 'title = "<script>alert(1)</script>\\u001b[2J Gin:')
    page = replay_page(replay(parse_record(text, source="t.toml")))
    assert "<script>alert" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;\\x1b[2J" in page


def test_walk_agrees_with_state_at_on_a_gin_hand() -> None:
    # the steps this file expects, against replay's other way in: state_at(hand, N), the table before action N
    record = load_record(RECORDS / "gin-knock.toml")
    walked = list(replay_steps(record))
    # actions 1 to 8 one step each, B's meld (9) and lay-off (10) one lay-down, then B's finish (11)
    befores = [1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12]
    assert walked == [_expected(state_at(record, 1, at)) for at in befores]
    assert walked[-1].hands == {"A": ["6s"], "B": sorted(["2s", "9s", "9d"])}  # the note: A keeps 6s, B 2s 9s 9d = 20


# -- the command line ---------------------------------------------------------------------------------

def test_replay_html_is_written_and_not_overwritten_without_force(tmp_path: Path) -> None:
    target = tmp_path / "hand.html"
    source = RECORDS / "gin-knock.toml"
    out = runner.invoke(app, ["replay", str(source), "--html", str(target)])
    assert out.exit_code == 0, out.output
    assert out.output.rstrip().endswith("legal: 1 hand(s), 11 actions; scores A 14, B 0 (as the record states)")
    dealt = sorted("2s 5s 9s 5h Th Jh Qh 3d 9d 5c".split())  # the record's cards.B
    assert sorted(parsed(target.read_text(encoding="utf-8")).hands["B"]) == dealt
    target.write_text("mine", encoding="utf-8")
    out = runner.invoke(app, ["replay", str(source), "--html", str(target)])
    assert out.exit_code == 2 and f"{target}: the file exists; use --force to overwrite it" in out.output
    assert target.read_text(encoding="utf-8") == "mine"
    out = runner.invoke(app, ["replay", str(source), "--html", str(target), "--force"])
    assert out.exit_code == 0 and target.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_replay_html_never_writes_its_input(tmp_path: Path) -> None:
    record = tmp_path / "r.toml"
    text = (RECORDS / "gin-knock.toml").read_text(encoding="utf-8")
    record.write_text(text, encoding="utf-8")
    out = runner.invoke(app, ["replay", str(record), "--html", str(record), "--force"])
    assert out.exit_code == 2 and "an input file is never written" in out.output
    assert record.read_text(encoding="utf-8") == text


def test_replay_html_of_an_illegal_record_exits_1_and_shows_the_verdict(tmp_path: Path) -> None:
    record = tmp_path / "bad.toml"
    record.write_text(ILLEGAL_KNOCK, encoding="utf-8")
    target = tmp_path / "bad.html"
    out = runner.invoke(app, ["replay", str(record), "--html", str(target)])
    assert out.exit_code == 1
    page = target.read_text(encoding="utf-8")
    assert "GIN-KNOCK" in page and "deadwood 18 &gt; 10" in page


def test_deal_html_shows_the_deal(tmp_path: Path) -> None:
    target, output = tmp_path / "deal.html", tmp_path / "deal.toml"
    out = runner.invoke(app, ["deal", "-v", "gin", "--seed", "3", "-o", str(output), "--html", str(target)])
    assert out.exit_code == 0, out.output
    record = load_record(output)
    reader = parsed(target.read_text(encoding="utf-8"))
    assert reader.sorted_hands() == {name: sorted(str(c) for c in cards if c is not None) for name, cards in
                            record.hands[0].cards}
    out = runner.invoke(app, ["deal", "-v", "gin", "--seed", "3", "-o", str(output), "--html", str(output),
                              "--force"])
    assert out.exit_code == 2 and "another output" in out.output
    assert load_record(output) == record
    out = runner.invoke(app, ["deal", "-v", "gin", "--seed", "3", "--html", str(target)])
    assert out.exit_code == 2 and "the file exists" in out.output


