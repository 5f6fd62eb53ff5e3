"""The HTML pages of docs/html.md: their sizes, the CPU time to make them, and the screenshots.

Run:  python bench/html_pages.py [--rounds 5] [--shots docs/html]

Run:  python bench/html_pages.py --simulation-games 20000   (the simulate page of docs/html.md)

Pages: the one-hand gin record ``records/gin-knock.toml``, the longest shipped one-hand gin
record (``gin-seed-3-dead.toml``, played to the wall), a four-player Bing game written by
``rummycheck simulate --records`` (seed 5, the game the browser tests use), the gin hand with an
illegal knock, ``deal -v bing -n 4 --seed 7``, the advise page of ``scenarios/gin-knock.toml``
(64 rollouts per move, seed 1), the simulate page of gin, knock against gin, seed 1
(``--simulation-games``, default 2000, played once under the bench with one process; its first
20 games linked as the sampled records) and the review page of the planted gin record
``tests/data/review/gin-pass-the-gin-upcard.toml`` (32 rollouts per move, seed 1).  For each:
its size in bytes (and gzipped, for comparison) and the CPU time (``time.process_time``) to
make the page (for a replay or the review: to replay the record and write it; for advise,
simulate and the review: from the advice, result or review made beforehand), the pages taking
turns over ``--rounds`` rounds, median and range.  With ``--shots DIR`` the pages are opened in
Debian's chromium (Playwright, as in tests/test_html.py) and
photographed into DIR.
"""

from __future__ import annotations

import argparse
import gzip
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rummycheck.analysis.advisor import advise  # noqa: E402
from rummycheck.analysis.decisions import review_decisions  # noqa: E402
from rummycheck.files.record import load_record, parse_record  # noqa: E402
from rummycheck.files.scenario import load_scenario  # noqa: E402
from rummycheck.render.advise_html import advice_page  # noqa: E402
from rummycheck.render.html import deal_page, replay_page  # noqa: E402
from rummycheck.render.review_html import review_page  # noqa: E402
from rummycheck.render.sim_html import SampledGame, simulate_page  # noqa: E402
from rummycheck.sim.runner import SimSpec, simulate  # noqa: E402
from rummycheck.table.deal import deal_record  # noqa: E402
from rummycheck.table.replay import Record, replay  # noqa: E402
from rummycheck.table.state import GameState  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def bing_game(folder: Path) -> Record:
    subprocess.run([sys.executable, "-m", "rummycheck", "simulate", "-v", "bing", "-p", "4", "--bots",
                    "early,common,sandbag,early", "-n", "4", "--seed", "5", "-w", "1", "--records", str(folder),
                    "--sample", "1"], check=True, capture_output=True)
    return load_record(sorted(folder.glob("*.toml"))[0])


def pages(folder: Path, simulation_games: int) -> dict[str, Callable[[], str]]:
    gin = load_record(ROOT / "records" / "gin-knock.toml")
    wall = load_record(ROOT / "records" / "gin-seed-3-dead.toml")
    bing = bing_game(folder)
    text = (ROOT / "records" / "gin-knock.toml").read_text(encoding="utf-8")
    bad = parse_record(text.replace('"A discard As",', '"A knock 2c",', 1), source="gin-knock-illegal.toml")
    deal = deal_record("bing", players=4, seed=7)
    state = GameState.from_scenario(load_scenario(str(ROOT / "scenarios" / "gin-knock.toml")))
    advice = advise(state, samples=64, seed=1)
    planted = load_record(ROOT / "tests" / "data" / "review" / "gin-pass-the-gin-upcard.toml")
    judged = review_decisions(planted, samples=32, seed=1)
    start = time.process_time()
    result = simulate(SimSpec(variant="gin", bots=("knock", "gin"), seed=1), games=simulation_games, workers=1,
                      record_games=20)
    print(f"simulation: {result.games:,} games, {result.hands:,} hands, {time.process_time() - start:.1f} s CPU")
    sampled = [SampledGame(g, f"games/gin-seed1-deal{g['deal']}-rot{g['rotation']}.html") for g in result.records]
    return {
        "gin hand (gin-knock.toml)": lambda: replay_page(replay(gin)),
        "gin hand to the wall (gin-seed-3-dead.toml)": lambda: replay_page(replay(wall)),
        f"four-player Bing game ({len(bing.hands)} hands)": lambda: replay_page(replay(bing)),
        "gin hand, illegal knock": lambda: replay_page(replay(bad)),
        "deal, Bing, 4 players, seed 7": lambda: deal_page(deal),
        "advise, scenarios/gin-knock.toml": lambda: advice_page(advice, state, where="scenarios/gin-knock.toml"),
        f"simulate, gin knock v gin, {result.games:,} games": lambda: simulate_page(
            result, settings=[("games asked", f"{simulation_games:,}")], games=sampled),
        "review, gin-pass-the-gin-upcard.toml": lambda: review_page(judged, replay(planted)),
    }


def measure(makers: dict[str, Callable[[], str]], rounds: int) -> dict[str, str]:
    times: dict[str, list[float]] = {name: [] for name in makers}
    made: dict[str, str] = {}
    for _ in range(rounds):
        for name, make in makers.items():  # the pages take turns
            start = time.process_time()
            made[name] = make()
            times[name].append(time.process_time() - start)
    print(f"{'page':48} {'bytes':>8} {'gzip':>7}   CPU ms: median [min, max] over {rounds} rounds")
    for name, page in made.items():
        ms = [t * 1000 for t in times[name]]
        data = page.encode("utf-8")
        print(f"{name:48} {len(data):8,} {len(gzip.compress(data)):7,}   {statistics.median(ms):6.1f} "
              f"[{min(ms):.1f}, {max(ms):.1f}]")
    return made


def shots(made: dict[str, str], folder: Path, out: Path) -> None:
    from playwright.sync_api import sync_playwright

    names = list(made)
    files = {}
    for number, name in enumerate(names):
        files[name] = folder / f"page{number}.html"
        files[name].write_text(made[name], encoding="utf-8")
    out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)

        def page_of(name: str, width: int, height: int) -> Any:
            page = browser.new_page(viewport={"width": width, "height": height})
            page.goto(files[name].resolve().as_uri())
            return page

        gin = page_of(names[0], 900, 640)
        for _ in range(8):  # after A's knock: his melds on the table, B to lay off
            gin.keyboard.press("ArrowRight")
        gin.screenshot(path=str(out / "replay-gin.png"))
        bing = page_of(names[2], 390, 780)
        bing.select_option("#view", label="B's seat only")
        for _ in range(30):
            bing.keyboard.press("ArrowRight")
        bing.screenshot(path=str(out / "replay-bing-phone.png"))
        bad = page_of(names[3], 900, 560)
        bad.keyboard.press("End")
        bad.screenshot(path=str(out / "replay-illegal.png"))
        deal = page_of(names[4], 900, 720)
        deal.check("#four")
        deal.screenshot(path=str(out / "deal-bing.png"))
        advice = page_of(names[5], 1200, 1000)
        advice.click("#candidates tbody tr:first-child summary")  # the best discard's outs, opened
        advice.evaluate("document.activeElement.blur()")
        advice.screenshot(path=str(out / "advise-gin.png"))
        sim = page_of(names[6], 900, 900)
        sim.screenshot(path=str(out / "simulate-gin.png"))
        review = page_of(names[7], 1000, 1300)
        review.keyboard.press("ArrowRight")  # action 1: A's pass, the blunder
        review.screenshot(path=str(out / "review-gin.png"))
        browser.close()
    for png in sorted(out.glob("*.png")):
        print(f"wrote {png} ({png.stat().st_size:,} bytes)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--shots", type=Path, help="write the screenshots into this folder")
    parser.add_argument("--simulation-games", type=int, default=2000, help="games of the simulate page's run")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        made = measure(pages(Path(tmp), args.simulation_games), args.rounds)
        if args.shots is not None:
            shots(made, Path(tmp), args.shots)


if __name__ == "__main__":
    main()
