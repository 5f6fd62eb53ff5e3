"""The points a gin (or basic) hand is won by, for the race model of ``rummycheck.analysis.match``.

Plays one-hand games of two shipped bots (by default ``knock`` against ``gin``: one knocks at
once, one plays for gin, so both kinds of hand are in the counts) on seeded deals, each deal
from both seats, under a preset's scoring, and counts the points the hand's winner
scores (knock, gin and undercut points with their bonuses; the game and box bonuses are not
part of a hand) and the hands nobody won.  Writes the counts, one TOML table per preset, to
``rummycheck/data/gin_hands.toml``: the shipped table is this script's output.  With ``--game
basic`` it plays ``eager`` against ``patient`` under basic's default scoring (a hand is won by
going out, rummy doubled) and writes ``rummycheck/data/basic_hands.toml``.

    python bench/gin_hand_points.py [--deals 5000] [--presets modern,classic]
    python bench/gin_hand_points.py --game basic --deals 2000
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
ONE_HAND = {"gin": "game_target", "basic": "target_2"}  # the target option, set to 1: one-hand games
DEFAULTS = {"gin": ("modern,classic", "knock,gin"), "basic": ("default", "eager,patient")}


def count(game: str, preset: str, deals: int, bots: list[str]) -> tuple[Counter[int], int, dict[str, object]]:
    variant = get_variant(game, preset=None if preset == "default" else preset, **{ONE_HAND[game]: "1"})
    won: Counter[int] = Counter()
    dead = 0
    for deal in range(deals):
        for rotation in (0, 1):
            outcome = play_game(variant, [bot_class(b)() for b in bots], seed=SEED, deal=deal,
                                rotation=rotation, max_hands=1)
            points = [s.points[0] if s.points else 0 for s in outcome.seats]
            if max(points) <= 0:
                dead += 1
            else:
                won[max(points)] += 1
    rules = {name: variant.option(name) for name in game_of(variant).game_chance_scoring}
    return won, dead, rules


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="gin", choices=sorted(ONE_HAND))
    parser.add_argument("--deals", type=int, default=5000)
    parser.add_argument("--presets", default=None, help="gin: modern,classic; basic: default")
    parser.add_argument("--bots", default=None, help="gin: knock,gin; basic: eager,patient")
    parser.add_argument("--out", default=None)
    args = parser.parse_args()
    presets, bots = args.presets or DEFAULTS[args.game][0], args.bots or DEFAULTS[args.game][1]
    out = args.out or str(ROOT / "rummycheck" / "data" / f"{args.game}_hands.toml")
    lines = [f"# Points a {args.game} hand is won by, from one-hand games of two shipped bots, each deal from both",
             "# seats (bench/gin_hand_points.py; regenerate with it, do not edit by hand).", ""]
    for preset in presets.split(","):
        won, dead, rules = count(args.game, preset, args.deals, bots.split(","))
        lines.append(f"[{preset}]")
        lines.append(f"hands = {2 * args.deals}")
        lines.append(f"dead = {dead}")
        lines.append(f"seed = {SEED}")
        lines.append(f"bots = {bots.split(',')!r}".replace("'", '"'))
        for name, value in rules.items():
            lines.append(f"{name} = {value!r}".replace("'", '"'))
        lines.append("won = { " + ", ".join(f'"{p}" = {n}' for p, n in sorted(won.items())) + " }")
        lines.append("")
        print(f"{preset}: {2 * args.deals} hands, {dead} dead, {len(won)} distinct winning scores", flush=True)
    Path(out).write_text("\n".join(lines), encoding="utf-8")


if __name__ == "__main__":
    main()
