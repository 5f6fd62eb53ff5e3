"""The simulate page (``simulate --html``): parsed without a browser, then in chromium.

One seeded run of the command (gin, knock against gin, 40 games, 3 records sampled) gives the
page, its JSON (the command's own figures) and the record files; the page's tables are
checked against the JSON and against a Wilson interval worked out here from the counts, the
charts against the counts, and the links against the files written beside the records.
"""

from __future__ import annotations

import json
import math
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from test_html import Opened, browser, no_network_problems, parsed, write  # noqa: F401 (browser: a fixture)
from typer.testing import CliRunner

from rummycheck.cli import app
from rummycheck.files.record import load_record
from rummycheck.table.replay import replay

runner = CliRunner()
ARGS = ["simulate", "-v", "gin", "--bots", "knock,gin", "-n", "40", "--seed", "3", "-w", "1"]


class Run:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.records = folder / "games"
        self.page_path = folder / "sim.html"
        out = runner.invoke(app, [*ARGS, "--records", str(self.records), "--sample", "3", "--html",
                                  str(self.page_path), "--json"])
        assert out.exit_code == 0, out.output
        self.json: dict[str, Any] = json.loads(out.stdout)
        self.page = self.page_path.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> Run:
    return Run(tmp_path_factory.mktemp("sim"))


class _Tables(HTMLParser):
    """The text of every table cell by table id and row, the links, and the chart titles by figure id."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tables: dict[str, list[list[str]]] = {}
        self.links: list[str] = []
        self.titles: dict[str, list[str]] = {}
        self._table: str | None = None
        self._figure: str | None = None
        self._cell: list[str] | None = None
        self._title: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        if tag == "table":
            self._table = str(named.get("id"))
            self.tables[self._table] = []
        if tag == "tr" and self._table:
            self.tables[self._table].append([])
        if tag in ("td", "th") and self._table:
            self._cell = []
        if tag == "a":
            self.links.append(str(named.get("href")))
        if tag == "figure":
            self._figure = str(named.get("id"))
            self.titles[self._figure] = []
        if tag == "title" and self._figure:
            self._title = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "table":
            self._table = None
        if tag in ("td", "th") and self._cell is not None and self._table:
            self.tables[self._table][-1].append("".join(self._cell))
            self._cell = None
        if tag == "figure":
            self._figure = None
        if tag == "title" and self._title is not None and self._figure:
            self.titles[self._figure].append("".join(self._title))
            self._title = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)
        if self._title is not None:
            self._title.append(data)


def tables(page: str) -> _Tables:
    reader = _Tables()
    reader.feed(page)
    reader.close()
    return reader


def wilson(wins: int, n: int) -> tuple[float, float, float]:
    """The Wilson score interval at 95%, from its formula (not the project's code)."""
    z = 1.959963984540054
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return p, centre - half, centre + half


def share_of(title: str) -> float:
    """The share a chart bar's title gives (``..., 12.5% of 80``), in percent."""
    found = re.search(r", ([0-9.]+)% of", title)
    assert found is not None, title
    return float(found.group(1))


def pct(value: float, low: float, high: float) -> str:
    return f"{100 * value:.1f}% [{100 * low:.1f}, {100 * high:.1f}]"


def test_the_bot_table_holds_the_commands_figures(run: Run) -> None:
    rows = tables(run.page).tables["bots"]
    assert rows[0][:7] == ["bot", "seats", "seat-games", "games won", "win rate", "hands won", "points won/hand"]
    assert rows[0][7:] == ["knocks/hand", "gins/hand", "undercuts/hand"]  # gin's own counts, as the text table
    by_bot = {row[0]: row for row in rows[1:]}
    assert list(by_bot) == ["knock", "gin"]
    for name, entry in run.json["bots"].items():
        row = by_bot[name]
        assert row[1] == "1" and row[2] == str(entry["seat_games"]) == "40"  # 40 games, one seat each
        assert row[3] == str(entry["games_won"])
        rate = entry["win_rate"]
        assert row[4] == pct(rate["value"], rate["low"], rate["high"])
        assert row[4] == pct(*wilson(entry["games_won"], entry["seat_games"]))  # worked out here
        hands = entry["hand_win_rate"]
        assert row[5] == pct(*wilson(entry["hands_won"], entry["hands"])) == pct(hands["value"], hands["low"],
                                                                                   hands["high"])
        points = entry["points_per_hand"]
        assert row[6] == f"{points['value']:.2f} [{points['low']:.2f}, {points['high']:.2f}]"
        assert row[7] == pct(*wilson(entry["knocks"], entry["hands"]))
    wins = sum(int(by_bot[name][3]) for name in by_bot)
    assert wins == run.json["games"] == 40  # every game has one winner


def test_the_differences_and_the_settings(run: Run) -> None:
    found = tables(run.page)
    (head, row) = found.tables["differences"]
    diff = run.json["differences"][0]["win_rate_difference"]
    assert row == ["knock - gin", pct(diff["value"], diff["low"], diff["high"])]
    knock, gin = (run.json["bots"][b]["games_won"] / 40 for b in ("knock", "gin"))
    assert diff["value"] == pytest.approx(knock - gin)  # paired by deal, every game in both rotations
    settings = {row[0]: row[1] for row in found.tables["settings"]}
    assert settings["seed"] == "3" and settings["seats"] == "1: knock, 2: gin" and settings["games asked"] == "40"
    assert settings["played"].startswith(f"40 games (20 deals x 2 seat rotations), {run.json['hands']:,} hands")
    assert settings["records written"] == f"3 to {run.records}, each with its replay page"


def test_the_charts_agree_with_the_counts(run: Run) -> None:
    titles = tables(run.page).titles
    rates = {t.split(":")[0]: t for t in titles["win-chart"][1:]}  # the first title names the chart
    for name, entry in run.json["bots"].items():
        rate = entry["win_rate"]
        assert rates[name] == f"{name}: games won {pct(rate['value'], rate['low'], rate['high'])}"
    # the distribution: per bot, the shares of its hands sum to 100%, over its seat-hands
    for name, entry in run.json["bots"].items():
        shares = [t for t in titles["points-chart"] if t.startswith(f"{name}: ")]
        assert shares and all(t.endswith(f" of {entry['hands']:,}") for t in shares)
        total = sum(share_of(t) for t in shares)
        assert abs(total - 100) <= 0.05 * len(shares) + 1e-9
    assert len(titles["diff-chart"]) == 3  # the chart, the reference line, the one pair
    # the game lengths: every game counted once, the shares summing to 100%
    games = run.json["games"]
    lengths = [t for t in titles["length-chart"] if t.startswith("all games: ")]
    assert lengths and all(t.endswith(f" of {games:,}") for t in lengths)
    total = sum(share_of(t) for t in lengths)
    assert abs(total - 100) <= 0.05 * len(lengths) + 1e-9


def test_the_game_lengths_add_up_to_the_games_and_hands() -> None:
    from rummycheck.sim.runner import SimSpec, simulate

    result = simulate(SimSpec(variant="gin", bots=("knock", "gin"), seed=4), games=40, workers=1)
    assert sum(result.lengths.values()) == result.games == 40
    assert sum(length * count for length, count in result.lengths.items()) == result.hands


def test_the_links_open_the_replay_pages_written_beside_the_records(run: Run) -> None:
    found = tables(run.page)
    assert len(found.links) == 3
    problems = no_network_problems(run.page)
    assert problems == ["<a href=...>"] * 3  # the links, and nothing that loads
    records = sorted(run.records.glob("*.toml"))
    assert [p.stem for p in records] == ["gin-seed3-deal0-rot0", "gin-seed3-deal0-rot1", "gin-seed3-deal1-rot0"]
    for link, record in zip(found.links, records):
        assert re.fullmatch(r"[\w./-]+\.html", link) and not link.startswith("/") and ":" not in link
        target = (run.page_path.parent / link).resolve()
        assert target == record.with_suffix(".html").resolve()
        loaded = load_record(record)
        replayed = parsed(target.read_text(encoding="utf-8"))
        assert set(replayed.hands) == set(loaded.players) and replay(loaded).ok
        assert replayed.sorted_hands() == {name: sorted(str(c) for c in cards if c is not None)
                                           for name, cards in loaded.hands[0].cards}  # the first deal


def test_without_records_there_are_no_links(tmp_path: Path) -> None:
    target = tmp_path / "plain.html"
    out = runner.invoke(app, [*ARGS, "-n", "4", "--html", str(target)])
    assert out.exit_code == 0, out.output
    page = target.read_text(encoding="utf-8")
    assert no_network_problems(page) == [] and "None written" in page
    assert "<svg" in page and "data-card" not in page  # charts, but no card to draw


def test_the_html_path_is_checked_before_the_run(tmp_path: Path) -> None:
    existing = tmp_path / "old.html"
    existing.write_text("mine", encoding="utf-8")
    games = tmp_path / "games"
    out = runner.invoke(app, [*ARGS, "--records", str(games), "--html", str(existing)])
    assert out.exit_code == 2 and f"{existing}: the file exists; use --force to overwrite it" in out.output
    assert existing.read_text(encoding="utf-8") == "mine" and not list(games.glob("*"))  # nothing was played
    out = runner.invoke(app, [*ARGS, "-n", "2", "--html", str(existing), "--force"])
    assert out.exit_code == 0 and existing.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    missing = tmp_path / "no" / "sim.html"
    out = runner.invoke(app, [*ARGS, "--html", str(missing)])
    assert out.exit_code == 2 and f"cannot write {str(missing)!r}: no folder" in out.output
    out = runner.invoke(app, [*ARGS, "--html", str(games / "gin-seed3-deal0-rot0.html"), "--records", str(games)])
    assert out.exit_code == 2 and "the replay pages of the --records folder take names like this one" in out.output
    rules = tmp_path / "club.toml"
    rules.write_text('name = "club"\nextends = "gin"\n', encoding="utf-8")
    out = runner.invoke(app, ["simulate", "-v", str(rules), "-n", "2", "-w", "1", "--html", str(rules), "--force"])
    assert out.exit_code == 2 and "input files are never written" in out.output
    assert rules.read_text(encoding="utf-8") == 'name = "club"\nextends = "gin"\n'


def test_html_and_plot_may_not_share_a_file(tmp_path: Path) -> None:
    both = tmp_path / "x.png"
    out = runner.invoke(app, [*ARGS, "--plot", str(both), "--html", str(both)])
    assert out.exit_code == 2 and "--plot writes to this file" in out.output


def test_simulate_page_in_the_browser(browser: Any, tmp_path: Path, run: Run) -> None:  # noqa: F811 (the fixture)
    opened = Opened(browser, run.page_path)
    page = opened.page
    assert "knock - gin" in opened.text("#differences")
    for figure in ("#win-chart", "#diff-chart", "#points-chart"):
        assert page.eval_on_selector(f"{figure} svg", "e => e.getBoundingClientRect().height") > 40, figure
    rate = run.json["bots"]["gin"]["win_rate"]
    assert pct(rate["value"], rate["low"], rate["high"]) in opened.text("#bots")
    reached = []
    for _ in range(6):  # the keyboard reaches the tables that scroll (labelled regions), then the links
        page.keyboard.press("Tab")
        reached.append(page.evaluate("[document.activeElement.tagName, document.activeElement.getAttribute("
                                     "'aria-label') || document.activeElement.textContent.slice(0, 12)]"))
    links = [text for tag, text in reached if tag == "A"]
    assert links and links[0].startswith("deal 0, rota"), reached
    assert all(tag == "A" or (tag == "DIV" and label) for tag, label in reached), reached
    page.screenshot(path=str(tmp_path / "sim.png"), full_page=True)
    assert (tmp_path / "sim.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    opened.close()  # no console error, no request but the file
    phone = Opened(browser, run.page_path, width=390)
    assert phone.page.evaluate("document.documentElement.scrollWidth") <= 390  # wide tables scroll in their box
    phone.close()
    # a link opens its replay page, which steps like any other
    follow = Opened(browser, run.page_path)
    follow.page.click("#records a >> nth=0")
    follow.page.wait_for_selector("#where")
    assert follow.page.url.endswith("/games/gin-seed3-deal0-rot0.html")
    follow.page.keyboard.press("ArrowRight")
    assert follow.text("#where").startswith("step 1 of ")
    assert follow.errors == []
    follow.context.close()
