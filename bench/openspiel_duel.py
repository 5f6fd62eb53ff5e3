"""A rummycheck gin bot inside OpenSpiel's gin engine against OpenSpiel's simple bot, EAAI style.

Run:  python bench/openspiel_duel.py [--bot expert] [--hands 2000] [--games 200] [--seed 1001] [--progress]

Needs the bench extra (``open-spiel``).  Everything is OpenSpiel's: the deal, the rules (knock
at 10, first upcard offered, two cards left ends the hand), the legal actions and the scoring
(``state.returns()``: the deadwood difference, 25 for gin, 25 for an undercut).  What changes
is the opponent: OpenSpiel's ``make_simple_gin_rummy_bot`` never lays off after a knock, and
the EAAI-21 competition framework (Neller's gin rummy framework) gives its baseline an automatic
lay-off sweep, so here, after our bot knocks, the simple bot's lay-off decisions are taken away
from it: card by card it lays off every card whose lay-off lowers its hand's least deadwood
(the framework lays off every deadwood card that fits), then lays down its best melds.

The adapter (``bench_sim.Adapter``) turns OpenSpiel's state into the ``View`` the bot sees: its
hand, the discard pile with the upcard, the stock's size, the cards each player took from and
threw on the pile, the game score, the phase (the first upcard is offered in phase
``ViewPhase.UPCARD`` with options ``ActionKind.TAKE``, ``ActionKind.PASS``) and the bot's answers
into OpenSpiel actions.  That view has no game state behind it, so the ``mc`` bots (which decide
from the seat's ``Observation``) play through ``openspiel_mirror.MirrorSeat`` instead: at each of
their decisions the hand so far is rebuilt as a rummycheck ``GameState`` from OpenSpiel's action
history (bench/openspiel_mirror.py, whose ``--check`` compares the two engines decision by decision).

Paired decks from both seats: hand ``h`` of seed ``s`` is dealt (and its stock drawn) from
``random.Random(f"{s}:{h}")`` and played twice, our bot in seat 0 and then in seat 1.  A
100-point game ``g`` plays hands dealt from ``random.Random(f"{s}:g{g}:{h}")`` until a player
has 100 points (the hand's winner scores OpenSpiel's return); it too is played twice, seats
swapped, and its first player alternates hand by hand.  The seeds used for tuning and for the
figures are kept apart (docs/bots.md).  Shares come with Wilson 95% intervals and counts; the last
line gives the CPU time a hand (all hands played).  ``--progress`` writes a line to stderr after
each deal (``--hands``) or each 100-point game (``--games``).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench_sim import Adapter, _greedy  # noqa: E402

from rummycheck.sim.bots import View, ViewPhase, bot_class  # noqa: E402
from rummycheck.sim.stats import wilson  # noqa: E402
from rummycheck.table.actions import ActionKind  # noqa: E402

TARGET = 100
_classes: dict[str, type[Any]] = {}


def tuned(spec: str) -> type[Any]:
    """The bot named by ``spec``, or ``name[setting=value,...]``: a subclass with those class settings
    (how the tuning runs try settings, docs/bots.md)."""
    if not spec.endswith("]"):
        return bot_class(spec)
    name, _, settings = spec[:-1].partition("[")
    values: dict[str, Any] = {}
    for key, value in (item.split("=") for item in settings.split(",") if item):
        # table=FILE: the expert's knock table from a JSON file of bench/expert_knock_rollouts.py fit
        values[key] = load_table(Path(value)) if key == "table" else float(value)
    if "table" in values:
        values["knock_table"] = values.pop("table")
    return type(f"Tuned_{name}", (bot_class(name),), values)


def load_table(path: Path) -> dict[tuple[int, int, int], float]:
    """A knock table written by ``bench/expert_knock_rollouts.py fit --json``: {"d,s,h": gain}."""
    import json

    found = json.loads(path.read_text())
    return {(int(d), int(s), int(h)): float(v) for (d, s, h), v in
            ((key.split(","), value) for key, value in found.items())}


class Seat(Adapter):
    """``bench_sim.Adapter`` with the upcard phase told as such and the game score shown."""

    def __init__(self, player: int, bot: str, scores: tuple[int, int] = (0, 0)) -> None:
        super().__init__(player, _classes.setdefault(bot, tuned(bot)))
        self.scores = scores
        self.phase = ViewPhase.PLAY

    def view(self, state: Any, options: tuple[ActionKind, ...], *, drew: str = "none") -> View:
        found = super().view(state, options, drew=drew)
        return View(variant=found.variant, seat=found.seat, names=found.names, hand=found.hand, table=(),
                    discard_pile=found.discard_pile, stock=found.stock, scores=self.scores,
                    hand_sizes=found.hand_sizes, opened=found.opened, out=found.out, taken=found.taken,
                    thrown=found.thrown, drew=found.drew, took=found.took, phase=self.phase,
                    knocker=None, upcard=None, options=options, declined=found.declined)

    def step(self, state: Any) -> int:
        import pyspiel

        self.phase = ViewPhase.PLAY
        if state.current_phase() == pyspiel.gin_rummy.FIRST_UPCARD:
            legal = state.legal_actions()
            if 54 not in legal:  # both passed: the non-dealer draws from the stock
                return 53 if 53 in legal else legal[0]
            self.phase = ViewPhase.UPCARD
        return super().step(state)


def sweep(state: Any, player: int) -> int:
    """The EAAI framework's lay-off sweep for the simple bot as defender: lay off what lowers its
    deadwood, then meld by least deadwood (``bench_sim._greedy``)."""
    return _greedy(list(state.hands()[player]), state.legal_actions())


def wants_mirror(bot: str) -> bool:
    """Whether the bot decides from its seat's observation (the ``mc`` bots): it plays through
    ``openspiel_mirror.MirrorSeat``."""
    from rummycheck.analysis.mc import MonteCarloBot

    return issubclass(_classes.setdefault(bot, tuned(bot)), MonteCarloBot)


def new_seat(ours: int, bot: str, scores: tuple[int, int]) -> Seat:
    """Our seat: a ``Seat``, or for the ``mc`` bots a ``MirrorSeat`` (bench/openspiel_mirror.py)."""
    if wants_mirror(bot):
        from openspiel_mirror import MirrorSeat

        return MirrorSeat(ours, bot, scores)
    return Seat(ours, bot, scores)


def play(game: Any, rng: random.Random, ours: int, bot: str, scores: tuple[int, int], *,
         before: Callable[[Any], None] | None = None, seat: Seat | None = None) -> Any:
    """One hand; returns OpenSpiel's final state.  ``before(state)`` is called before each of our
    seat's actions (the mirror's check); ``seat``, if given, plays instead of ``new_seat``'s."""
    import pyspiel

    params = game.get_parameters()
    if seat is None:
        seat = new_seat(ours, bot, scores)
    simple = pyspiel.make_simple_gin_rummy_bot(params, 1 - ours)
    state = game.new_initial_state()
    layoff = pyspiel.gin_rummy.LAYOFF
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
            continue
        player = state.current_player()
        if player == ours:
            if before is not None:
                before(state)
            action = seat.step(state)
        elif state.current_phase() == layoff:
            action = sweep(state, player)
        else:
            action = simple.step(state)
        seat.watch(state, action)
        state.apply_action(action)
    return state


def play_hand(game: Any, rng: random.Random, ours: int, bot: str, scores: tuple[int, int]) -> list[float]:
    """One hand; returns OpenSpiel's returns (seat order)."""
    return list(play(game, rng, ours, bot, scores).returns())


class Tally:
    def __init__(self) -> None:
        self.won = self.lost = self.tied = 0
        self.points = 0.0

    def add(self, mine: float, theirs: float) -> None:
        if mine > theirs:
            self.won += 1
        elif mine < theirs:
            self.lost += 1
        else:
            self.tied += 1
        self.points += mine

    @property
    def count(self) -> int:
        return self.won + self.lost + self.tied

    def line(self, what: str) -> str:
        rate = wilson(self.won, self.count)
        return (f"{what}: won {self.won}, lost {self.lost}, neither {self.tied} of {self.count}: "
                f"{100 * rate.value:.1f}% [{100 * rate.low:.1f}, {100 * rate.high:.1f}]")


def _progress(text: str, start: float) -> None:
    print(f"{text} ({time.process_time() - start:.0f} CPU s)", file=sys.stderr, flush=True)


def hands(bot: str, count: int, seed: int, *, progress: bool = False) -> Tally:
    """``count`` deals, each played from both seats (2 x ``count`` hands), score 0-0; with
    ``progress``, a line to stderr after each deal."""
    import pyspiel

    game = pyspiel.load_game("gin_rummy")
    tally = Tally()
    start = time.process_time()
    for h in range(count):
        for ours in (0, 1):
            returns = play_hand(game, random.Random(f"{seed}:{h}"), ours, bot, (0, 0))
            tally.add(returns[ours], returns[1 - ours])
        if progress:
            _progress(f"deal {h + 1} of {count}: {tally.won} won, {tally.lost} lost of {tally.count} hands, "
                      f"{tally.points:+.0f} points", start)
    return tally


def games(bot: str, count: int, seed: int, *, progress: bool = False) -> tuple[Tally, Tally]:
    """``count`` 100-point games, each played from both seats; (games, their hands); with
    ``progress``, a line to stderr after each game."""
    import pyspiel

    game = pyspiel.load_game("gin_rummy")
    tally, in_games = Tally(), Tally()
    start = time.process_time()
    for g in range(count):
        for pair in (0, 1):
            score = [0, 0]  # ours, theirs
            h = 0
            while max(score) < TARGET:
                ours = (h + pair) % 2
                shown = (score[0], score[1]) if ours == 0 else (score[1], score[0])  # seat order
                returns = play_hand(game, random.Random(f"{seed}:g{g}:{h}"), ours, bot, shown)
                mine, theirs = returns[ours], returns[1 - ours]
                in_games.add(mine, theirs)
                if mine > 0:
                    score[0] += int(mine)
                elif theirs > 0:
                    score[1] += int(theirs)
                h += 1
            tally.add(score[0], score[1])
            if progress:
                _progress(f"game {g + 1} of {count}, seats {'swapped' if pair else 'as dealt'}: {score[0]}-{score[1]} "
                          f"in {h} hands; games {tally.won} won, {tally.lost} lost", start)
    return tally, in_games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="expert")
    parser.add_argument("--hands", type=int, default=1000, help="deals, each played from both seats")
    parser.add_argument("--games", type=int, default=0, help="100-point games, each played from both seats")
    parser.add_argument("--seed", type=int, default=1001)
    parser.add_argument("--progress", action="store_true", help="a line to stderr after each deal or game")
    args = parser.parse_args(argv)
    start = time.process_time()
    played = 0
    prefix = f"{args.bot} v OpenSpiel simple bot + lay-off sweep, seed {args.seed}"
    if args.hands:
        tally = hands(args.bot, args.hands, args.seed, progress=args.progress)
        played += tally.count
        print(tally.line(f"{prefix}, hands") + f"; {tally.points / tally.count:+.2f} points a hand")
    if args.games:
        won, in_games = games(args.bot, args.games, args.seed, progress=args.progress)
        played += in_games.count
        print(won.line(f"{prefix}, 100-point games"))
        print(in_games.line("  hands of those games") + f"; {in_games.points / in_games.count:+.2f} points a hand")
    spent = time.process_time() - start
    print(f"  ({spent:.0f} CPU s)")
    if played:
        print(f"  ({spent / played:.3f} CPU s a hand, {played} hands)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
