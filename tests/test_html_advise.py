"""The advise page (``advise --html``): parsed without a browser, then in chromium.

The position is ``scenarios/gin-knock.toml``: A holds Ac 2c 3c 4d 5d 6d 7h 8h 9h Ts Kd after
drawing, the Qs on the pile, B's ten cards unseen.  Worked out by hand: throwing the Ts keeps
Ac-2c-3c, 4d-5d-6d, 7h-8h-9h and the Kd, 10 deadwood, so any card drawn next lets him knock:
every one of the 40 unseen cards (52 less his 11 and the Qs) is an out; five of them (4c, 3d,
7d, 6h, Th) make gin, 5/40 = 1/8.  The page is checked against that, and against the
command's own JSON for the values and their intervals.
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from test_html import RECORDS, Opened, browser, no_network_problems, parsed  # noqa: F401 (browser: a fixture)
from typer.testing import CliRunner

from rummycheck.cards import Card, Rank, Suit
from rummycheck.cli import app
from rummycheck.files.record import load_record
from rummycheck.render.html import card_name
from rummycheck.table.replay import state_at

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = ROOT / "scenarios" / "gin-knock.toml"
HAND = "Ac 2c 3c 4d 5d 6d 7h 8h 9h Ts Kd".split()
runner = CliRunner()


class Advised:
    def __init__(self, folder: Path) -> None:
        self.path = folder / "advice.html"
        out = runner.invoke(app, ["advise", str(SCENARIO), "--samples", "64", "--html", str(self.path), "--json"])
        assert out.exit_code == 0, out.output
        self.json: dict[str, Any] = json.loads(out.stdout)
        self.page = self.path.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def advised(tmp_path_factory: pytest.TempPathFactory) -> Advised:
    return Advised(tmp_path_factory.mktemp("advise"))


class _Rows(HTMLParser):
    """Each candidate row: its data- attributes, its cells' text, and the data-card of the chips in it."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.rows: list[dict[str, Any]] = []
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        if tag == "tr" and "data-move" in named:
            self.rows.append({"attrs": named, "cells": [], "chips": []})
        if not self.rows:
            return
        if tag in ("td", "th"):
            self._cell = []
        if "chip" in (named.get("class") or "").split():
            self.rows[-1]["chips"].append((named.get("data-card"), named.get("aria-label")))

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None and self.rows:
            self.rows[-1]["cells"].append("".join(self._cell))
            self._cell = None
        if tag == "table":
            self._cell = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)


def rows(page: str) -> list[dict[str, Any]]:
    reader = _Rows()
    reader.feed(page)
    reader.close()
    return reader.rows


def numbers(text: str) -> list[float]:
    return [float(n) for n in re.findall(r"[+-]?\d+\.\d+", text)]


def every_card() -> list[str]:
    return [str(Card(rank, suit)) for suit in Suit for rank in Rank]


def test_the_position_holds_the_players_cards_and_nothing_hidden(advised: Advised) -> None:
    reader = parsed(advised.page)
    assert reader.hands == {"A": HAND}  # one data-hand: the advised player's, exactly his cards
    assert no_network_problems(advised.page) == []
    drawn = [card for c in reader.cards if (card := c.get("data-card"))]
    assert sorted(drawn) == sorted([*HAND, "Qs"])  # his hand and the pile: nothing of B's
    assert 'id="pile"' in advised.page and "Qs" in advised.page
    assert "B: 10 cards, not shown, score 0" in advised.page


def test_the_candidates_are_the_commands_best_first_with_their_intervals(advised: Advised) -> None:
    shown = rows(advised.page)
    want = advised.json["candidates"]
    assert [r["attrs"]["data-move"] for r in shown] == [c["action"] for c in want]
    for index, (row, move) in enumerate(zip(shown, want)):
        value, (low, high) = move["value"], move["ci"]
        assert row["cells"][0] == str(index + 1) and row["cells"][1] == move["action"]
        # the JSON rounds to 3 decimals, the page to 2: the same figures within half a cent
        assert re.fullmatch(r"[+-]\d+\.\d\d \[[+-]\d+\.\d\d, [+-]\d+\.\d\d\]", row["cells"][2])
        assert numbers(row["cells"][2]) == pytest.approx([value, low, high], abs=0.0051)
        assert numbers(row["attrs"]["data-value"] + " " + row["attrs"]["data-ci"]) == pytest.approx(
            [value, low, high], abs=0.0051)
        loss, (loss_low, loss_high) = move["loss"], move["loss_ci"]
        if index == 0:
            assert row["cells"][3] == "best" and loss == 0
        else:
            assert numbers(row["cells"][3]) == pytest.approx([loss, loss_low, loss_high], abs=0.0051)
        assert row["cells"][4] == str(move["samples"])
        win, (win_low, win_high) = move["win"], move["win_ci"]  # the game-won column comes last (gin)
        assert numbers(row["cells"][-1]) == pytest.approx([100 * win, 100 * win_low, 100 * win_high], abs=0.051)
        assert low <= value <= high
    values = [c["value"] for c in want]
    assert values[0] == max(values)  # best first
    assert f'<p id="best" class="summary">Best: {advised.json["best"]}</p>' in advised.page
    assert "expected net points for the hand" in advised.page and "seed 1" in advised.page
    assert advised.json['rollout'] == 'expert-race'  # gin's rollout bot (games/gin.py)
    assert f"up to {advised.json['samples']} rollouts per move by the &#x27;expert-race&#x27; bots" in advised.page


def test_the_exact_facts_of_the_ten_discard_worked_by_hand(advised: Advised) -> None:
    row = next(r for r in rows(advised.page) if r["attrs"]["data-move"] == "discard Ts")
    unseen = sorted(set(every_card()) - set(HAND) - {"Qs"})
    assert len(unseen) == 40
    assert sorted(card for card, _ in row["chips"]) == unseen  # every unseen card lets him knock
    assert all(label == card_name(Card.parse(card)) for card, label in row["chips"])
    deadwood, knock, gin = row["cells"][5:8]
    assert deadwood == "10" and knock == "100.0% (1/1)" and gin == "12.5% (1/8)"  # 5 gin outs of 40
    assert row["cells"][8] == "40 cards" + "".join(c.replace("T", "10").replace("s", "♠").replace("h", "♥")
                                                   .replace("d", "♦").replace("c", "♣") for c, _ in row["chips"])
    two = next(r for r in rows(advised.page) if r["attrs"]["data-move"] == "discard 2c")
    # throwing the 2c leaves Ac 3c Ts Kd = 24 loose; no single draw brings that to 10 or less
    assert two["cells"][5] == "24" and two["cells"][6] == "0.0% (0/1)" and two["chips"] == []


def test_advise_html_on_a_record_and_its_refusals(tmp_path: Path) -> None:
    record_path = RECORDS / "gin-knock.toml"
    target = tmp_path / "at4.html"
    out = runner.invoke(app, ["advise", str(record_path), "--at", "4", "--samples", "32", "--html", str(target)])
    assert out.exit_code == 0, out.output
    state = state_at(load_record(record_path), 1, 4)
    reader = parsed(target.read_text(encoding="utf-8"))
    assert reader.sorted_hands() == {state.player.name: sorted(str(c) for c in state.player.hand)}
    assert "hand 1, before action 4" in target.read_text(encoding="utf-8")
    out = runner.invoke(app, ["advise", str(record_path), "--at", "4", "--samples", "32", "--html", str(target)])
    assert out.exit_code == 2 and f"{target}: the file exists; use --force to overwrite it" in out.output
    copy = tmp_path / "s.toml"
    copy.write_text(SCENARIO.read_text(encoding="utf-8"), encoding="utf-8")
    out = runner.invoke(app, ["advise", str(copy), "--html", str(copy), "--force"])
    # in the words the command line's own outputs use (cli.common.output_path)
    assert out.exit_code == 2 and (f"{copy}: is the input file {copy}; input files are never written "
                                   "(give another path)") in out.output
    assert copy.read_text(encoding="utf-8") == SCENARIO.read_text(encoding="utf-8")
    for bad, words in ((tmp_path, "is a directory"), (tmp_path / "no" / "a.html", "no folder")):
        out = runner.invoke(app, ["advise", str(SCENARIO), "--samples", "64", "--html", str(bad)])
        assert out.exit_code == 2 and f"cannot write {str(bad)!r}: {words}" in out.output
        assert "to move" not in out.output  # said before any rollout, not after the advice


def test_advise_page_in_the_browser(browser: Any, tmp_path: Path, advised: Advised) -> None:  # noqa: F811
    opened = Opened(browser, advised.path)
    page = opened.page
    assert opened.hands() == {"A": HAND}
    first = advised.json["candidates"][0]
    assert numbers(opened.text("#candidates tbody tr:first-child td:nth-child(3)")) == pytest.approx(
        [first["value"], *first["ci"]], abs=0.0051)
    assert page.eval_on_selector("#values-chart svg", "e => e.getBoundingClientRect().height") > 100
    # the outs open from the keyboard: Tab to the first row's summary, Enter
    summary = "#candidates tbody tr:first-child summary"
    assert page.is_hidden(f"{summary} ~ .chip")
    page.focus(summary)
    page.keyboard.press("Enter")
    assert page.is_visible(f"{summary} ~ .chip")
    page.screenshot(path=str(tmp_path / "advice.png"), full_page=True)
    opened.close()
    phone = Opened(browser, advised.path, width=390)
    assert phone.page.evaluate("document.documentElement.scrollWidth") <= 390
    phone.close()
