"""The review page (``review --rollouts --html``): parsed without a browser, then in chromium.

The record is the planted one of ``tests/data/review``: A passes the first upcard (4s) that
would give him gin at once (As 2s 3s 4s, 7h 8h 9h, 5d 5c 5s, throwing the Kc), which is worth
25 points plus all of B's deadwood (the record's description works it out); nothing else in
the hand costs 2 points for certain (A's Qd against the Kc: ten points of deadwood either way).
So the page must carry one graded mark, a blunder, on action 1 of hand 1, and no other.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from test_html import Opened, browser, no_network_problems, parsed, write  # noqa: F401 (browser: a fixture)
from typer.testing import CliRunner

from rummycheck.analysis.decisions import DecisionReview, review_decisions
from rummycheck.cli import app
from rummycheck.files.record import load_record
from rummycheck.render.review_html import review_page
from rummycheck.table.replay import replay

ROOT = Path(__file__).resolve().parent.parent
PLANTED = ROOT / "tests" / "data" / "review" / "gin-pass-the-gin-upcard.toml"
runner = CliRunner()


@pytest.fixture(scope="module")
def reviewed() -> tuple[DecisionReview, str]:
    record = load_record(PLANTED)
    review = review_decisions(record, samples=32, seed=1)
    return review, review_page(review, replay(record))


class _Marks(HTMLParser):
    """Every element carrying ``data-grade`` (with the action-list button of its ``<li>``), every
    ``.finding``, and the text of each element by id (for the summary table)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.graded: list[dict[str, Any]] = []
        self.findings: list[tuple[str | None, str | None]] = []  # (data-loss, data-ci)
        self.rows: list[list[str]] = []
        self._items: list[dict[str, Any]] = []  # the open <li> elements, each with its button's text
        self._grade: dict[str, Any] | None = None
        self._in_button = False
        self._in_rates = False
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        if tag == "li":
            self._items.append({"by": named.get("data-by"), "button": "", "step": None})
        if tag == "button" and self._items:
            self._in_button = True
            self._items[-1]["step"] = named.get("data-step")
        if "finding" in (named.get("class") or "").split():
            self.findings.append((named.get("data-loss"), named.get("data-ci")))
        if "data-grade" in named:
            item = self._items[-1] if self._items else {}
            self._grade = {"grade": named["data-grade"], "text": "", "li": dict(item)}
            self.graded.append(self._grade)
        if tag == "table" and named.get("id") == "rates":
            self._in_rates = True
        if self._in_rates and tag == "tr":
            self.rows.append([])
        if self._in_rates and tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "li" and self._items:
            self._items.pop()
        if tag == "button":
            self._in_button = False
        if tag in ("div", "small"):
            self._grade = None
        if tag == "table":
            self._in_rates = False
        if tag in ("td", "th") and self._cell is not None:
            self.rows[-1].append("".join(self._cell))
            self._cell = None

    def handle_data(self, data: str) -> None:
        if self._in_button and self._items:
            self._items[-1]["button"] += data
        if self._grade is not None:
            self._grade["text"] += data
        if self._cell is not None:
            self._cell.append(data)


def marks(page: str) -> _Marks:
    reader = _Marks()
    reader.feed(page)
    reader.close()
    return reader


def test_the_planted_blunder_is_the_one_graded_mark(reviewed: tuple[DecisionReview, str]) -> None:
    review, page = reviewed
    found = marks(page)
    assert [g["grade"] for g in found.graded] == ["blunder"]  # one data-grade on the page, and a blunder
    mark = found.graded[0]
    assert mark["li"]["button"] == "A pass" and mark["li"]["by"] == "A"  # action 1 of hand 1: the first in the list
    assert mark["li"]["step"] == "1"  # the button shows the table after it (step 0 is the deal)
    assert "played A pass" in mark["text"] and "best A take" in mark["text"]
    blunder = next(d for d in review.decisions if d.grade)
    assert (blunder.hand, blunder.action) == (1, 1)
    assert blunder.loss_low > 10  # the whole interval above the blunder step
    interval = f"{blunder.loss:.2f} points behind the best [95%: {blunder.loss_low:.2f}, {blunder.loss_high:.2f}]"
    assert interval in mark["text"]
    assert len(review.decisions) == 4  # every action of the hand is a decision of its actor
    assert found.findings == [(f"{d.loss:.2f}", f"{d.loss_low:.2f} {d.loss_high:.2f}") for d in review.decisions]


def test_the_page_keeps_the_replay_contract_and_has_no_url(reviewed: tuple[DecisionReview, str]) -> None:
    _, page = reviewed
    assert no_network_problems(page) == []
    planted = page.replace("</svg><figcaption>", '<image href="x.png"/></svg><figcaption>')
    assert planted != page and no_network_problems(planted)  # the check can fail inside the chart
    reader = parsed(page)
    dealt = {"A": "As 2s 3s 7h 8h 9h 5d 5c 5s Kc", "B": "Ah Ad 6c 8c Tc Jd Qh Kh 9s Js"}  # the record's cards
    assert reader.sorted_hands() == {name: sorted(cards.split()) for name, cards in dealt.items()}
    assert [c.get("data-card") for c in reader.cards if c.get("data-card") == "4s"] == ["4s"]  # the upcard, once


def test_the_summary_table_counts_each_players_decisions(reviewed: tuple[DecisionReview, str]) -> None:
    review, page = reviewed
    rows = marks(page).rows
    assert rows[0] == ["player", "decisions", "forced", "accuracy", "error rate (points, held out)",
                       "best play's rate", "inaccuracies", "mistakes", "blunders", "hands scored", "result",
                       "luck [95%]", "luck-adjusted result [95%]"]
    by_name = {row[0]: row[1:] for row in rows[1:]}
    # A: the pass and the discard are decisions, his draw after two passes is forced (the stock only);
    # the pass is shown behind the best, so one of his two decisions is accurate. B: one pass, not behind.
    assert by_name["A"][:3] == ["2", "1", "50%"] and by_name["A"][5:8] == ["0", "0", "1"]
    assert by_name["B"][:3] == ["1", "0", "100%"] and by_name["B"][5:8] == ["0", "0", "0"]
    assert by_name["A"][8:10] == ["0", "+0.00"]  # the record stops mid-hand: no hand scored, no result
    assert float(by_name["A"][3]) > 10 / 2  # more than a blunder's step over two decisions
    # the best play's rate: the mean over A's two decisions of the held-out loss of each one's best move
    bests = [next(c for c in d.candidates if c.action == d.best).held_out
             for d in review.decisions if d.player == "A" and not d.forced]
    assert len(bests) == 2 and by_name["A"][4] == f"{sum(bests) / 2:.2f}"


def test_the_chart_has_a_bar_for_each_decision(reviewed: tuple[DecisionReview, str]) -> None:
    review, page = reviewed
    chart = page[page.index('<figure id="chart">'):page.index("</figure>")]
    assert len(re.findall(r"<g( class=\"\w+\")?><title>", chart)) == len(review.decisions) == 4
    assert "<title>1.1 A pass: blunder, " in chart


def test_review_html_on_the_command_line(tmp_path: Path) -> None:
    target = tmp_path / "review.html"
    args = ["review", str(PLANTED), "--rollouts", "--samples", "32", "--html", str(target)]
    out = runner.invoke(app, args)
    assert out.exit_code == 0, out.output
    assert [g["grade"] for g in marks(target.read_text(encoding="utf-8")).graded] == ["blunder"]
    target.write_text("mine", encoding="utf-8")
    out = runner.invoke(app, args)
    assert out.exit_code == 2 and f"{target}: the file exists; use --force to overwrite it" in out.output
    assert target.read_text(encoding="utf-8") == "mine"
    assert runner.invoke(app, [*args, "--force"]).exit_code == 0
    assert target.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    out = runner.invoke(app, ["review", str(PLANTED), "--one-step", "--html", str(tmp_path / "other.html")])
    assert out.exit_code == 2 and "--html shows the rollout review: leave out --one-step" in out.output
    assert not (tmp_path / "other.html").exists()


def test_review_html_never_writes_its_input(tmp_path: Path) -> None:
    record = tmp_path / "r.toml"
    text = PLANTED.read_text(encoding="utf-8")
    record.write_text(text, encoding="utf-8")
    out = runner.invoke(app, ["review", str(record), "--rollouts", "--samples", "32", "--html", str(record),
                              "--force"])
    assert out.exit_code == 2 and "input files are never written (give another path)" in out.output
    assert record.read_text(encoding="utf-8") == text


def test_review_page_in_the_browser(browser: Any, tmp_path: Path,  # noqa: F811 (the fixture)
                                    reviewed: tuple[DecisionReview, str]) -> None:
    _, page_text = reviewed
    opened = Opened(browser, write(tmp_path, "review.html", page_text))
    page = opened.page
    mark = "[data-grade='blunder']"
    page.keyboard.press("Home")
    assert opened.text("#where").startswith("step 0 of 4: hand 1: the deal")
    outline = "e => getComputedStyle(e).outlineStyle"
    assert page.eval_on_selector(mark, outline) == "none"  # not the current action yet
    page.keyboard.press("ArrowRight")  # action 1: A's pass, the blunder
    assert opened.text("#where").startswith("step 1 of 4: hand 1, action 1: A pass")
    assert page.is_visible(mark)
    assert page.eval_on_selector(mark, outline) == "solid"  # marked as the current action's finding
    assert "blunder" in opened.text(mark) and "best A take" in opened.text(mark)
    assert page.is_visible("#rates") and page.is_visible("#chart svg")
    assert page.eval_on_selector("#chart svg", "e => e.getBoundingClientRect().height") > 50
    page.keyboard.press("ArrowRight")
    assert page.eval_on_selector(mark, outline) == "none"
    # one seat's view hides the review (its best moves name the other player's cards)
    page.select_option("#view", label="B's seat only")
    assert page.is_hidden("#review") and page.is_hidden(mark)
    page.select_option("#view", label="All hands")
    assert page.is_visible(mark)
    phone = Opened(browser, tmp_path / "review.html", width=390)
    assert phone.page.evaluate("document.documentElement.scrollWidth") <= 390  # nothing wider than a phone
    phone.close()
    shot = tmp_path / "review.png"
    page.screenshot(path=str(shot), full_page=True)
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    opened.close()


def test_review_html_of_an_illegal_record_exits_1_with_the_verdict_and_no_marks(tmp_path: Path) -> None:
    record = tmp_path / "bad.toml"  # action 1 made a knock before any draw (GIN-TURN)
    record.write_text(PLANTED.read_text(encoding="utf-8").replace('"A pass", ', '"A knock Kc", ', 1), encoding="utf-8")
    target = tmp_path / "bad.html"
    out = runner.invoke(app, ["review", str(record), "--rollouts", "--samples", "32", "--html", str(target)])
    assert out.exit_code == 1, out.output
    page = target.read_text(encoding="utf-8")
    assert 'id="verdict"' in page and "No review: " in page
    assert marks(page).graded == [] and marks(page).findings == []


def test_the_graded_mark_carries_the_value_and_rank_of_the_move_played(reviewed: tuple[DecisionReview, str]) -> None:
    review, page = reviewed
    blunder = next(d for d in review.decisions if d.grade)
    # the first upcard is taken or passed: two legal moves, and the pass is behind the take
    graded = re.search(r'<div class="finding graded" data-grade="blunder"[^>]*>', page)
    assert graded is not None
    assert f'data-value="{blunder.value:.2f}" data-rank="2 2"' in graded.group(0)
    assert f"played <code>A pass</code> (value {blunder.value:+.2f}, 2nd of 2 moves), best <code>A take</code>" in page
    assert page.count("data-rank=") == 1  # on the graded finding only
    # its moves, best first, with the review's own values: the take, then the pass played
    listed = re.findall(r'<li data-move="([^"]+)" data-value="([^"]+)"( class=played)?>', page)
    assert listed == [(c.action.move_text(), f"{c.value:.2f}", " class=played" if c.action == blunder.played else "")
                      for c in blunder.candidates]
    assert [m for m, _, _ in listed] == ["take", "pass"] and page.count("data-value=") == 1 + len(listed)


def test_one_rollout_a_move_shows_no_interval_rather_than_infinities(tmp_path: Path) -> None:
    # a single rollout gives a value but no interval; the text said [-inf, +inf] and the page's chart
    # drew its whiskers at "nan"
    page = tmp_path / "one.html"
    result = CliRunner().invoke(app, ["review", "records/gin-game.toml", "--samples", "1", "--html", str(page)])
    assert result.exit_code == 0, result.output
    assert "[no interval: 1 sample]" in result.output
    assert not re.search(r"\binf\b|\bnan\b", result.output)
    text = page.read_text(encoding="utf-8")
    assert "[no interval: 1 sample]" in text
    assert not re.search(r"\binf\b|\bnan\b", text)


def test_a_stated_score_the_rules_do_not_give_is_noted_on_the_page(tmp_path: Path) -> None:
    record = tmp_path / "ws.toml"
    record.write_text(Path("records/gin-knock.toml").read_text(encoding="utf-8").replace(
        "scores = { A = 14, B = 0 }", "scores = { A = 15, B = 0 }"), encoding="utf-8")
    target = tmp_path / "ws.html"
    out = runner.invoke(app, ["review", str(record), "--samples", "4", "--html", str(target)])
    assert out.exit_code == 0, out.output
    page = target.read_text(encoding="utf-8")
    assert '<p class="note mismatch">Note: ' in page and "hand 1: the record says A 15, the rules give A 14" in page
    plain = tmp_path / "plain.html"
    args = ["review", "records/gin-knock.toml", "--samples", "4", "--html", str(plain)]
    assert runner.invoke(app, args).exit_code == 0
    assert "mismatch" not in plain.read_text(encoding="utf-8")
