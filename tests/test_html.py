"""HTML pages (``--html``): one self-contained file, checked by parsing it and in a real browser.

The browser is Debian's chromium (/usr/bin/chromium) driven headless by Playwright; nothing is
downloaded.  The browser tests skip, saying why, only when that chromium or Playwright is not
installed; a browser that is installed but fails to start fails the tests.  What each page must
show is worked out here from the replay's own machinery (``HandRun`` walked step by step, the
``Replay`` values), not read back from the JSON inside the page.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from rummycheck.cards import Card
from rummycheck.cli import app
from rummycheck.files.record import load_record, parse_record
from rummycheck.render.html import card_name, deal_page, replay_page
from rummycheck.table.replay import HandRun, Record, replay, start_sheet, state_at
from rummycheck.table.state import GameState

ROOT = Path(__file__).resolve().parent.parent
RECORDS = ROOT / "records"
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
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
    hand: int = field(default=0, compare=False)


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
        yield replace(_expected(run.state), hand=done.number)
        started = False
        for first, _ in run.steps():
            if started:
                yield replace(_expected(run.state), hand=done.number)
            if first >= done.actions:
                started = False
                break
            started = True
        if started:
            yield replace(_expected(run.state), hand=done.number)
        if done.score is not None:
            sheet = done.score.after


def changed(name: str, old: str, new: str) -> str:
    text = (RECORDS / name).read_text(encoding="utf-8")
    assert old in text, old
    return text.replace(old, new, 1)


ILLEGAL_KNOCK = changed("gin-knock.toml", '"A discard As",', '"A knock 2c",')  # deadwood 18 > 10 (GIN-KNOCK)
BAD_DEAL = changed("gin-knock.toml", 'cards.A = "As 2c 3c 4c 4d 5d 6d 7h 8h Ks"',
                   'cards.A = "As 2c 3c 4c 4d 5d 6d 7h 8h"')  # 9 cards (GIN-DEAL)


@pytest.fixture(scope="module")
def bing_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A whole four-player Bing game, written by ``simulate --records`` (seeded)."""
    folder = tmp_path_factory.mktemp("bing")
    out = runner.invoke(app, ["simulate", "-v", "bing", "-p", "4", "--bots", "early,common,sandbag,early", "-n", "4",
                              "--seed", "5", "-w", "1", "--records", str(folder), "--sample", "1"])
    assert out.exit_code == 0, out.output
    path = sorted(folder.glob("*.toml"))[0]
    record = load_record(path)
    assert len(record.players) == 4 and len(record.hands) > 1 and replay(record).ok
    return path


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
    records = [load_record(path) for path in sorted(RECORDS.glob("gin-*.toml"))]
    one_hand = [r for r in records if len(r.hands) == 1]
    assert len(one_hand) >= 3  # gin-knock, gin-openspiel-layoffs, gin-seed-3-dead (played to the wall)
    for record in one_hand:
        size = len(replay_page(replay(record)).encode("utf-8"))
        assert size <= 100_000, (record.source, size)


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


def test_hands_after_the_stop_are_listed_as_not_replayed() -> None:
    # hand 1 of gin-game.toml without its last action is not over, yet the record deals hand 2
    text = changed("gin-game.toml", '  "B finish",\n', "")
    record = parse_record(text, source="g.toml")
    result = replay(record)
    assert result.illegal is not None and result.illegal.hand == 1 and "hand 1 is not over" in result.illegal.message
    page = replay_page(result)
    skipped = re.findall(r'<li class="skipped">([^<]*) <small>\(not replayed\)</small>', page)
    assert skipped == [a.text for a in record.hands[1].actions]  # every action of hand 2, none of hand 1
    assert page.count('<p class="deal skipped">the deal') == 1 and "hand 1 is not over" in page


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
    assert out.exit_code == 2 and "input files are never written (give another path)" in out.output
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


# -- in a real browser ----------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no browser: {CHROMIUM} is not installed (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("no browser driver: Playwright for Python is not installed (pip install -e '.[test]')")
    with sync_playwright() as driver:
        # a default launch: a fresh, temporary profile, removed when the browser closes
        chromium = driver.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield chromium
        chromium.close()


class Opened:
    """A page loaded from a file:// URL, its console and page errors, and every request it made."""

    def __init__(self, browser: Any, path: Path, *, width: int = 1000, script: bool = True) -> None:
        self.context = browser.new_context(viewport={"width": width, "height": 900}, java_script_enabled=script)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.url = path.resolve().as_uri()
        self.page.goto(self.url)

    def hands(self) -> dict[str, list[str]]:
        return dict(self.page.eval_on_selector_all("[data-hand]", "els => els.map(e => [e.dataset.hand, "
                                                   "[...e.querySelectorAll('[data-card]')].map(c => c.dataset.card)])"))

    def backs(self) -> dict[str, int]:
        return dict(self.page.eval_on_selector_all("[data-hand]", "els => els.map(e => [e.dataset.hand, "
                                                   "e.querySelectorAll('.back').length])"))

    def text(self, selector: str) -> str:
        return str(self.page.inner_text(selector))

    def close(self) -> None:
        assert self.errors == [], self.errors
        assert self.requests == [self.url], self.requests  # nothing but the file itself
        self.context.close()


def write(tmp_path: Path, name: str, page: str) -> Path:
    assert no_network_problems(page) == []
    path = tmp_path / name
    path.write_text(page, encoding="utf-8")
    return path


_TABLE = """() => {
  const cards = box => [...box.querySelectorAll("[data-card]")].map(c => c.dataset.card);
  return {
    where: document.getElementById("where").innerText,
    hands: [...document.querySelectorAll("[data-hand]")].map(e => [e.dataset.hand, cards(e)]),
    backs: [...document.querySelectorAll("[data-hand]")].map(e => [e.dataset.hand, e.querySelectorAll(".back").length]),
    pile: cards(document.getElementById("pile")),
    stock: document.getElementById("stock").innerText,
    melds: [...document.querySelectorAll("#melds .meld")].map(cards),
  };
}"""


def step_through(opened: Opened, record: Record, *, walk: set[int] | None = None) -> int:
    """Press ArrowRight through the hands in ``walk`` (default: all), checking each step against the
    replay; reach every other hand's deal and end by its buttons in the action list.  The steps."""
    expected = list(replay_steps(record))
    last = len(expected) - 1
    page = opened.page

    def check(number: int) -> None:
        want = expected[number]
        shown = page.evaluate(_TABLE)
        assert shown["where"].startswith(f"step {number} of {last}:"), (number, shown["where"])
        assert {name: sorted(cards) for name, cards in shown["hands"]} == want.hands, number
        assert dict(shown["backs"]) == want.unknown, number
        assert shown["pile"] == want.pile, number
        assert shown["stock"] == ("not known" if want.stock is None else
                                  f"{want.stock} card{'s' * (want.stock != 1)}"), number
        assert shown["melds"] == want.melds, number

    page.keyboard.press("Home")
    check(0)
    for number in range(1, len(expected)):
        hand = expected[number].hand
        if walk is None or hand in walk:
            page.keyboard.press("ArrowRight")
            check(number)
        elif expected[number - 1].hand != hand or number == last or expected[number + 1].hand != hand:
            page.click(f"#log button[data-step='{number}']")  # a hand's deal, or its last step
            check(number)
            page.keyboard.press("ArrowLeft")
            page.keyboard.press("ArrowRight")
            check(number)
    page.keyboard.press("ArrowRight")  # past the end: stays on the last step
    assert opened.text("#where").startswith(f"step {last} of {last}:")
    return last


def scores_shown(opened: Opened) -> dict[str, int]:
    rows = opened.page.eval_on_selector_all("#scores tr", "rs => rs.map(r => [r.cells[0].textContent, "
                                                          "+r.cells[1].textContent])")
    return dict(rows)


def test_gin_hand_steps_with_the_keys_and_the_seat_view_hides_the_other_hand(browser: Any, tmp_path: Path) -> None:
    record = load_record(RECORDS / "gin-knock.toml")
    opened = Opened(browser, write(tmp_path, "gin.html", replay_page(replay(record))))
    page = opened.page
    assert step_through(opened, record) == 10  # 11 actions; B's meld and lay-off are one lay-down
    assert scores_shown(opened) == {"A": 14, "B": 0} == replay(record).sheet.scores()
    assert "GIN-SCORE" in opened.text("#result")
    page.keyboard.press("Home")
    assert opened.text("#where").startswith("step 0 of 10: hand 1: the deal")
    page.keyboard.press("End")
    assert opened.text("#where").startswith("step 10 of 10: hand 1, action 11: B finish")
    page.keyboard.press("ArrowLeft")
    assert opened.text("#where").startswith("step 9 of 10: hand 1, actions 9-10: B meld")
    # the buttons do what the keys do
    page.click("#first")
    assert opened.text("#where").startswith("step 0 of 10")
    page.click("#forward")
    page.click("#forward")
    assert opened.text("#where").startswith("step 2 of 10")
    page.click("#back")
    assert opened.text("#where").startswith("step 1 of 10")
    page.click("#last")
    assert opened.text("#where").startswith("step 10 of 10")
    # an action in the list goes to the table after it: A's discard of the As is action 4
    page.click("#log button:text-is('A discard As')")
    assert opened.text("#where").startswith("step 4 of 10: hand 1, action 4: A discard As")
    assert "As" in page.eval_on_selector_all("#pile [data-card]", "els => els.map(e => e.dataset.card)")
    # all hands is the default; A's seat hides B's hand, and the actions still to come
    assert page.is_visible("[data-hand='A']") and page.is_visible("[data-hand='B']")
    page.select_option("#view", label="A's seat only")
    assert page.is_visible("[data-hand='A']") and page.is_hidden("[data-hand='B']")
    assert page.is_hidden(".summary") and page.is_hidden("#log .comment")  # the result, the record's notes
    assert opened.text("#seat-1 .hidden-note") == "10 cards, hidden"
    assert page.is_hidden("#log button:text-is('A take 6s')") and page.is_visible("#log button:text-is('A draw')")
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("End")
    assert page.is_hidden("[data-hand='B']") and page.is_visible("#log button:text-is('A take 6s')")
    page.select_option("#view", label="All hands")
    assert page.is_visible("[data-hand='B']")
    page.screenshot(path=str(tmp_path / "gin.png"), full_page=True)
    assert (tmp_path / "gin.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    opened.close()


def test_four_player_bing_game_steps_with_the_keys_and_reaches_every_hand(browser: Any, tmp_path: Path,
                                                                          bing_game: Path) -> None:
    record = load_record(bing_game)
    result = replay(record)
    opened = Opened(browser, write(tmp_path, "bing.html", replay_page(result)), width=390)  # a phone's width
    # every step of the first two hands and the last with the keys (the others: their deal and end)
    steps = step_through(opened, record, walk={1, 2, len(record.hands)})
    assert steps == sum(1 for _ in replay_steps(record)) - 1 and steps > len(record.hands) * 10
    assert scores_shown(opened) == result.sheet.scores()
    page = opened.page
    # a seat's view: the other three hands hidden, their stock draws not named in the action list
    page.select_option("#view", label="B's seat only")
    for name in ("A", "C", "D"):
        assert page.is_hidden(f"[data-hand='{name}']")
    assert page.is_visible("[data-hand='B']")
    visible = page.eval_on_selector_all("#log li[data-by]:not([hidden]) button", "bs => bs.map(b => b.textContent)")
    draws = [t for t in visible if re.fullmatch(r"[ACD] draw \S+", t)]
    assert visible and draws == []
    assert any(re.fullmatch(r"B draw \S+", t) for t in visible)  # his own draws keep their card
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390  # nothing wider than the phone's screen
    page.screenshot(path=str(tmp_path / "bing.png"))
    opened.close()


def test_illegal_action_page_stops_before_it_with_the_rule_and_numbers(browser: Any, tmp_path: Path) -> None:
    record = parse_record(ILLEGAL_KNOCK, source="bad.toml")
    result = replay(record)
    assert result.illegal is not None and result.illegal.action == 4
    opened = Opened(browser, write(tmp_path, "bad.html", replay_page(result)))
    assert step_through(opened, record) == 3  # the 3 legal actions before it
    verdict = opened.text("#verdict")
    assert "GIN-KNOCK" in verdict and "deadwood 18 > 10" in verdict and "action 4: A knock 2c" in verdict
    opened.page.keyboard.press("Home")
    assert opened.page.is_hidden("#verdict")  # shown at the step where the replay stops
    opened.page.click("#log .illegal button")
    assert opened.page.is_visible("#verdict")
    opened.close()


def test_refused_deal_shows_the_deal_as_written(browser: Any, tmp_path: Path) -> None:
    result = replay(parse_record(BAD_DEAL, source="deal.toml"))
    assert result.illegal is not None and result.illegal.action == 0
    opened = Opened(browser, write(tmp_path, "refused.html", replay_page(result)))
    assert sorted(opened.hands()["A"]) == sorted("As 2c 3c 4c 4d 5d 6d 7h 8h".split())
    assert "A is dealt 9 cards; each player gets 10" in opened.text("#verdict")
    opened.close()


def test_deal_page_in_the_browser_and_without_script(browser: Any, tmp_path: Path) -> None:
    output = tmp_path / "bing.toml"
    out = runner.invoke(app, ["deal", "-v", "bing", "-n", "4", "--seed", "7", "-o", str(output)])
    assert out.exit_code == 0, out.output
    record = load_record(output)
    path = write(tmp_path, "deal.html", deal_page(record))
    want = {name: sorted(str(c) for c in cards if c is not None) for name, cards in record.hands[0].cards}
    with_script = Opened(browser, path)
    without = Opened(browser, path, script=False)
    assert {k: sorted(v) for k, v in with_script.hands().items()} == want
    assert without.hands() == with_script.hands()  # the page has its content without the script
    for selector in ("#pile", "#stock", "#scores", "#turn", "#seats"):
        assert without.text(selector) == with_script.text(selector), selector
    assert with_script.text("#where").startswith("step 0 of 0: hand 1: the deal")
    assert without.page.is_hidden("#controls")  # no buttons that cannot work
    # four-colour suits: diamonds blue, clubs green (two colours: red and black)
    def colour(opened: Opened, card: str) -> str:
        return str(opened.page.eval_on_selector(f"[data-hand] [data-card='{card}']", "e => getComputedStyle(e).fill"))
    diamond = next(c for cards in want.values() for c in cards if c.endswith("d"))
    club = next(c for cards in want.values() for c in cards if c.endswith("c"))
    heart = next(c for cards in want.values() for c in cards if c.endswith("h"))
    assert colour(with_script, diamond) == colour(with_script, heart) != colour(with_script, club)
    with_script.page.check("#four")
    assert len({colour(with_script, c) for c in (diamond, club, heart)}) == 3
    with_script.page.screenshot(path=str(tmp_path / "deal.png"))
    with_script.close()
    without.close()


def test_keyboard_reaches_every_control(browser: Any, tmp_path: Path) -> None:
    opened = Opened(browser, write(tmp_path, "gin.html", replay_page(replay(load_record(RECORDS / "gin-knock.toml")))))
    page = opened.page
    reached = []
    for _ in range(12):
        page.keyboard.press("Tab")
        reached.append(page.evaluate("document.activeElement.id || document.activeElement.tagName"))
    assert reached[:7] == ["first", "back", "forward", "last", "play", "view", "four"]
    page.focus("#forward")
    page.keyboard.press("Enter")
    assert opened.text("#where").startswith("step 1 of 10")
    page.focus("#play")
    page.keyboard.press("Enter")
    assert page.get_attribute("#play", "aria-pressed") == "true"
    page.keyboard.press("Enter")
    assert page.get_attribute("#play", "aria-pressed") == "false"
    opened.close()


def test_control_characters_in_names_are_escaped_in_the_steps_the_script_shows_too() -> None:
    """The page's HTML escaped a name's control characters, but the steps' texts (JSON, placed by the
    script after the first step) carried them raw: an ESC reached the page, and a seat's own draw
    was hidden from him (the script compared the raw name with the escaped seat label)."""
    import json

    text = (Path(__file__).resolve().parent.parent / "records" / "gin-knock.toml").read_text(encoding="utf-8")
    text = text.replace('"B"', '"B\\u001b"').replace('"B ', '"B\\u001b ').replace("cards.B ", 'cards."B\\u001b" ')
    text = text.replace("B = 0 }", '"B\\u001b" = 0 }')
    record = parse_record(text, source="esc.toml")
    assert record.players[1] == "B\x1b"
    page = replay_page(replay(record))
    assert "\x1b" not in page
    found = re.search(r'<script type="application/json" id="frames">(.*?)</script>', page, re.S)
    assert found is not None
    frames = json.loads(found.group(1))
    said = [t for frame in frames for t in frame.get("a", [])]
    # each of B's steps names him as his seat's label does (B\x1b), which the script compares
    assert "B\\x1b draw" in said and all(t.split(" ")[0] in ("A", "B\\x1b") for t in said)
    assert 'aria-label="B\\x1b"' in page
