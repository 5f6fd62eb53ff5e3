"""The points a gin (or basic) hand is won by, for the race model of ``rummycheck.analysis.match``.

Plays one-hand games of two shipped bots (by default ``knock`` against ``gin``: one knocks at
once, one plays for gin, so both kinds of hand are in the counts) on seeded deals, each deal
from both seats (the bots change seats, the cards stay), under a preset's scoring, and counts the points the hand's
winner scores (knock, gin and undercut points with their bonuses; the game and box bonuses are
not part of a hand) and the hands nobody won.  Writes the counts, one TOML table per preset, to
``rummycheck/data/gin_hands.toml``: the shipped table is this script's output.  With ``--game
basic`` it plays ``eager`` against ``patient`` under basic's default scoring (a hand is won by
going out, rummy doubled) and writes ``rummycheck/data/basic_hands.toml``; ``--players 2,3,4``
(basic's default) adds a table for each number of players.  With three or more the seats take
the bots in turn (eager, patient, eager, ...) and every deal is played once per distinct seat
order, seat s holding bot (s + r) mod P in rotation r, so each bot sits in each seat; the
count is of the points the winner took from all the others' hands (BASIC-SCORE).

    python bench/gin_hand_points.py [--deals 5000] [--presets modern,classic]
    python bench/gin_hand_points.py --game basic --deals 2000 [--players 2,3,4]
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rummycheck.games import game_of  # noqa: E402
from rummycheck.sim.bots import bot_class  # noqa: E402
from rummycheck.sim.engine import play_game  # noqa: E402
from rummycheck.variants import get_variant  # noqa: E402

SEED = 20261202
ONE_HAND = {"gin": ("game_target",), "basic": ("target_2", "target_3", "target_4")}  # set to 1: one-hand games
DEFAULTS = {"gin": ("modern,classic", "knock,gin", "2"), "basic": ("default", "eager,patient", "2,3,4")}


def seatings(seated: list[str]) -> list[tuple[int, list[str]]]:
    """The (rotation, bots by seat) each deal is played with: each distinct seat order once, seat
    s holding bot (s + r) mod P in rotation r, so every bot plays every deal from every seat.
    (With four seats eager, patient, eager, patient, rotations 2 and 3 would repeat 0 and 1, and
    the bots, which draw nothing at random, would play the same games again; the two-player
    tables were once made that way, the same seats twice, and counted every game twice.)"""
    plays: list[tuple[int, list[str]]] = []
    for rotation in range(len(seated)):
        order = [seated[(s + rotation) % len(seated)] for s in range(len(seated))]
        if all(order != other for _, other in plays):
            plays.append((rotation, order))
    return plays


def count(game: str, preset: str, deals: int, bots: list[str],
          players: int = 2) -> tuple[Counter[int], int, dict[str, object], list[str], list[int]]:
    """The winners' points, the hands nobody won, the scoring, the bots by seat and the hands won
    by each seat (seat 0 plays first)."""
    variant = get_variant(game, preset=None if preset == "default" else preset,
                          **dict.fromkeys(ONE_HAND[game], "1"))
    seated = [bots[i % len(bots)] for i in range(players)]
    won: Counter[int] = Counter()
    by_seat = [0] * players
    dead = 0
    plays = seatings(seated)
    for deal in range(deals):
        for rotation, order in plays:
            outcome = play_game(variant, [bot_class(b)() for b in order], seed=SEED, deal=deal,
                                rotation=rotation, max_hands=1)
            points = [s.points[0] if s.points else 0 for s in outcome.seats]
            if max(points) <= 0:
                dead += 1
            else:
                won[max(points)] += 1
                by_seat[points.index(max(points))] += 1
    rules = {name: variant.option(name) for name in game_of(variant).game_chance_scoring}
    return won, dead, rules, seated, by_seat


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="gin", choices=sorted(ONE_HAND))
    parser.add_argument("--deals", type=int, default=5000)
    parser.add_argument("--presets", default=None, help="gin: modern,classic; basic: default")
    parser.add_argument("--bots", default=None, help="gin: knock,gin; basic: eager,patient")
    parser.add_argument("--players", default=None, help="gin: 2; basic: 2,3,4")
    parser.add_argument("--out", default=None)
    args = parser.parse_args()
    presets, bots = args.presets or DEFAULTS[args.game][0], args.bots or DEFAULTS[args.game][1]
    sizes = [int(p) for p in (args.players or DEFAULTS[args.game][2]).split(",")]
    if args.game == "gin" and sizes != [2]:
        parser.error("gin is played by two")
    out = args.out or str(ROOT / "rummycheck" / "data" / f"{args.game}_hands.toml")
    lines = [f"# Points a {args.game} hand is won by, from seeded one-hand games of shipped bots (each deal",
             "# played once in every distinct seat order: the bots change seats, the cards stay), one table per",
             "# preset and number of players (bench/gin_hand_points.py; regenerate with it, do not edit by hand).", ""]
    for preset in presets.split(","):
        for players in sizes:
            won, dead, rules, seated, by_seat = count(args.game, preset, args.deals, bots.split(","), players)
            hands = len(seatings(seated)) * args.deals
            lines.append(f"[{preset}]" if players == 2 else f'["{preset}-{players}"]')
            if players != 2:
                lines.append(f"players = {players}")
            lines.append(f"hands = {hands}")
            lines.append(f"dead = {dead}")
            lines.append(f"seed = {SEED}")
            lines.append(f"bots = {(bots.split(',') if players == 2 else seated)!r}".replace("'", '"'))
            for name, value in rules.items():
                lines.append(f"{name} = {value!r}".replace("'", '"'))
            lines.append("won = { " + ", ".join(f'"{p}" = {n}' for p, n in sorted(won.items())) + " }")
            lines.append("")
            mean = sum(p * n for p, n in won.items()) / max(1, sum(won.values()))
            print(f"{preset}, {players} players: {hands} hands, {dead} dead, {len(won)} distinct winning scores, "
                  f"mean {mean:.1f}, won by seat {by_seat}", flush=True)
    Path(out).write_text("\n".join(lines), encoding="utf-8")


if __name__ == "__main__":
    main()
