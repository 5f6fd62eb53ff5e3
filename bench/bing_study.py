"""The Bing strategy studies of docs/simulate.md: win rates, points caught by whether the player
had opened, and the rules text's three claims about the strategies, each with an interval.

Run (the tables of docs/simulate.md):

    nice -n 10 python bench/bing_study.py --bots early,common,sandbag --games 1500 --workers 2
    nice -n 10 python bench/bing_study.py --bots early,common,sandbag --games 1500 --going-out

Deal d is played once per seat rotation (rotation r puts ``bots[(s + r) % P]`` in seat s) with
the same shuffles, as ``rummycheck simulate`` plays it; every game is recorded and read back
hand by hand and turn by turn:

* **games won** per seat-game (Wilson 95%), and the paired difference per deal between each
  pair of bots (mean +- 1.96 sd / sqrt(deals), deals independent);
* **caught**: the hands in which another player went out, split by whether the bot had opened
  by then; the share of its hands caught unopened (Wilson), and the mean points caught either
  way (normal interval over those seat-hands, taken as independent: hands of one game are not
  quite, so the intervals are a little narrow);
* **early lay is rarely caught with many points** (the rules' claim): per bot, the share of
  its hands in which it is caught with 40 points or more (more than half the limit);
* **the common strategy is forced to lay off its last two cards**: per bot, the share of its
  openings that go out at once, of the others the share leaving exactly two cards (and the mean
  left), and of the hands it went out in after an earlier opening, the share whose last turn
  only laid off (no new meld);
* **sandbagging can catch the others with many points**: per bot, when it goes out, the mean
  points each other player is caught with, and the share caught with 40 or more;
* ``--going-out``: the chance that a player goes out in his turn, by whether he has opened and
  his hand size at the turn's start (the table ``rummycheck.sim.bots`` uses for danger).

Buy-backs: the rules allow them (BING-BUYBACK, ``buyback = true``) without saying how often;
``--buybacks 1`` (one per player and game, the default here) keeps games finite.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from collections.abc import Iterable
from itertools import combinations
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rummycheck.sim.bots import bot_class  # noqa: E402
from rummycheck.sim.engine import play_game  # noqa: E402
from rummycheck.sim.stats import mean_interval, paired_interval, wilson  # noqa: E402
from rummycheck.variants import get_variant  # noqa: E402

MANY = 40  # "many points": more than half the limit of 75


def _cards(play: str) -> int:
    """Cards a meld or lay-off action puts down: ``meld Kd Kh Kc / 8c 9c 2d=Tc``, ``layoff Jd on 2``."""
    verb, _, rest = play.partition(" ")
    if verb == "layoff":
        return 1
    return sum(len(part.split()) for part in rest.split("/"))


def _turns(actions: Iterable[str]) -> list[tuple[str, list[str]]]:
    """(actor, plays) per turn: a run of one player's actions."""
    turns: list[tuple[str, list[str]]] = []
    for text in actions:
        actor, _, play = text.partition(" ")
        if turns and turns[-1][0] == actor:
            turns[-1][1].append(play)
        else:
            turns.append((actor, [play]))
    return turns


def read_game(record: dict[str, Any], labels: dict[str, str]) -> dict[str, Any]:
    """What the study counts in one recorded game, per bot label."""
    out: dict[str, Any] = defaultdict(lambda: defaultdict(list))
    going: list[tuple[bool, int, bool]] = []
    for hand in record["hands"]:
        sizes = {n: len(cards) for n, cards in hand["hands"].items() if n not in hand["out"]}
        opened = dict.fromkeys(sizes, False)
        turns = _turns(hand["actions"])
        caught: dict[str, int] = {}
        for line in hand["lines"]:
            rule, _, rest = line.partition(": ")
            if rule == "BING-SCORE":
                name, _, tail = rest.partition(" +")
                caught[name] = int(tail.split(":", 1)[0])
        winner = turns[-1][0] if hand["end"] == "out" and turns else None
        for index, (actor, plays) in enumerate(turns):
            label = labels[actor]
            start_open, start_size = opened[actor], sizes[actor]
            melded = False
            for play in plays:
                verb = play.split(" ", 1)[0]
                if verb in ("draw", "take"):
                    sizes[actor] += 1
                elif verb == "discard":
                    sizes[actor] -= 1
                elif verb in ("meld", "layoff"):
                    sizes[actor] -= _cards(play)
                    melded = melded or verb == "meld"
                    opened[actor] = True
            last = index == len(turns) - 1
            going.append((start_open, start_size, last and actor == winner))
            if opened[actor] and not start_open:
                out[label]["opening_left"].append(sizes[actor])
            if last and actor == winner and start_open:  # out after an earlier opening
                out[label]["out_by_layoff"].append(int(not melded))
        if winner is None:
            continue
        for name in sizes:
            label = labels[name]
            if name == winner:
                others = [caught.get(n, 0) for n in sizes if n != winner]
                out[label]["gave"].extend(others)
                continue
            points = caught.get(name, 0)
            out[label]["caught_open" if opened[name] else "caught_closed"].append(points)
    return {"labels": {k: dict(v) for k, v in out.items()}, "going": going}


def play_deal(job: tuple[str, tuple[str, ...], int, int, int]) -> dict[str, Any]:
    """Every seat rotation of one deal: per rotation the winner's label and what ``read_game`` counts."""
    variant_name, bots, seed, deal, buybacks = job
    variant = get_variant(variant_name)
    buybacks = buybacks if variant_name == "bing" else 0
    count = len(bots)
    games = []
    for rotation in range(count):
        seated = tuple(bots[(s + rotation) % count] for s in range(count))
        outcome = play_game(variant, [bot_class(b)() for b in seated], seed=seed, deal=deal, rotation=rotation,
                            labels=seated, buybacks=buybacks, record=True)
        assert outcome.record is not None
        names = outcome.record["players"]
        labels = dict(zip(names, seated))
        read = read_game(outcome.record, labels)
        read["winner"] = seated[outcome.winner] if outcome.winner is not None else None
        read["hands"] = outcome.hands
        read["seated"] = seated
        read["hands_by_label"] = {b: 0 for b in seated}
        for s, seat in enumerate(outcome.seats):
            read["hands_by_label"][seated[s]] += len(seat.points)
        read["busts"] = {b: 0 for b in seated}
        for s, seat in enumerate(outcome.seats):
            read["busts"][seated[s]] += seat.count("busts")
        games.append(read)
    return {"deal": deal, "games": games}


def _pct(i: Any) -> str:
    if i.value != i.value:  # no trials (nan)
        return "-"
    return f"{100 * i.value:.1f}% [{100 * i.low:.1f}, {100 * i.high:.1f}]"


def _mean(values: list[float]) -> str:
    if not values:
        return "-"
    i = mean_interval(values)
    if len(values) < 2:
        return f"{i.value:.1f} (n 1)"
    return f"{i.value:.1f} [{i.low:.1f}, {i.high:.1f}]"


def report(bots: tuple[str, ...], deals: list[dict[str, Any]], buybacks: int, going_out: bool) -> str:
    labels = list(dict.fromkeys(bots))
    seats_per = {b: bots.count(b) for b in labels}
    count = len(bots)
    games = sum(len(d["games"]) for d in deals)
    hands = sum(g["hands"] for d in deals for g in d["games"])
    lines = [f"bing, {count} players ({', '.join(bots)}), buy-backs {buybacks}: {games} games "
             f"({len(deals)} deals x {count} rotations), {hands} hands"]
    pooled: dict[str, dict[str, list[int]]] = {b: defaultdict(list) for b in labels}
    seat_hands = dict.fromkeys(labels, 0)
    busts = dict.fromkeys(labels, 0)
    wins = dict.fromkeys(labels, 0)
    share: dict[str, list[float]] = {b: [] for b in labels}
    going: list[tuple[bool, int, bool]] = []
    for d in deals:
        won = dict.fromkeys(labels, 0)
        for g in d["games"]:
            if g["winner"] is not None:
                won[g["winner"]] += 1
            for b in labels:
                for key, values in g["labels"].get(b, {}).items():
                    pooled[b][key].extend(values)
                seat_hands[b] += g["hands_by_label"][b]
                busts[b] += g["busts"][b]
            going.extend(g["going"])
        for b in labels:
            wins[b] += won[b]
            share[b].append(won[b] / (len(d["games"]) * seats_per[b]))
    header = ("bot", "seat-games", "games won", "seat-hands", "caught unopened", "points caught unopened",
              "points caught opened", "caught with 40+", "busts/seat-game")
    rows = []
    for b in labels:
        p = pooled[b]
        seat_games = games * seats_per[b]
        closed, opened = p.get("caught_closed", []), p.get("caught_open", [])
        many = sum(1 for x in closed + opened if x >= MANY)
        rows.append((b, str(seat_games), _pct(wilson(wins[b], seat_games)), str(seat_hands[b]),
                     _pct(wilson(len(closed), seat_hands[b])), _mean(list(map(float, closed))),
                     _mean(list(map(float, opened))), _pct(wilson(many, seat_hands[b])),
                     f"{busts[b] / seat_games:.2f}"))
    lines += _table(header, rows)
    lines.append("")
    diff_rows = []
    for a, b in combinations(labels, 2):
        i = paired_interval(share[a], share[b])
        diff_rows.append((f"{a} - {b}", f"{100 * i.value:+.1f} [{100 * i.low:+.1f}, {100 * i.high:+.1f}]"))
    lines += _table(("difference in games won (paired by deal)", "95% interval"), diff_rows)
    lines.append("")
    claim_rows = []
    for b in labels:
        p = pooled[b]
        left = p.get("opening_left", [])
        by_layoff = p.get("out_by_layoff", [])
        gave = p.get("gave", [])
        kept = [x for x in left if x]
        claim_rows.append((b, str(len(left)), _pct(wilson(len(left) - len(kept), len(left))),
                           _pct(wilson(sum(1 for x in kept if x == 2), len(kept))),
                           _mean(list(map(float, kept))), str(len(by_layoff)),
                           _pct(wilson(sum(by_layoff), len(by_layoff))), _mean(list(map(float, gave))),
                           _pct(wilson(sum(1 for x in gave if x >= MANY), len(gave)))))
    lines += _table(("bot", "openings", "out at once", "else leaving 2", "cards left", "out later",
                     "last turn only lay-offs", "others caught with", "others caught 40+"),
                    claim_rows)
    if going_out:
        lines.append("")
        tally: dict[tuple[bool, int], list[int]] = defaultdict(lambda: [0, 0])
        for opened, size, went in going:
            key = (opened, min(size, 6) if opened else size)
            tally[key][0] += went
            tally[key][1] += 1
        rows = [("opened" if o else "not opened", f"{s}" if s < 6 or not o else "6+", str(n),
                 _pct(wilson(k, n))) for (o, s), (k, n) in sorted(tally.items())]
        lines += _table(("player", "cards at turn start", "turns", "went out that turn"), rows)
    lines.append("")
    lines.append("rates: Wilson 95% intervals; means: normal 95% intervals over the seat-hands (or hands gone "
                 "out) they average; differences: paired by deal")
    return "\n".join(lines)


def _table(header: tuple[str, ...], rows: list[tuple[str, ...]]) -> list[str]:
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    out = ["  ".join(h.ljust(w) for h, w in zip(header, widths)).rstrip(),
           "  ".join("-" * w for w in widths)]
    out += ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows]
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bots", default="early,common,sandbag")
    parser.add_argument("--games", type=int, default=600, help="rounded up to whole deals")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--buybacks", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--going-out", action="store_true")
    parser.add_argument("--variant", default="bing", help="basic: only --going-out means anything")
    args = parser.parse_args(argv)
    bots = tuple(b.strip() for b in args.bots.split(","))
    count = len(bots)
    deals = -(-args.games // count)
    jobs = [(args.variant, bots, args.seed, d, args.buybacks) for d in range(deals)]
    if args.workers > 1:
        with Pool(args.workers) as pool:
            done = list(pool.imap(play_deal, jobs, chunksize=4))
    else:
        done = [play_deal(j) for j in jobs]
    print(report(bots, done, args.buybacks, args.going_out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
