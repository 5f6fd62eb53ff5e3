"""Simulation speed and bot strength, beside OpenSpiel and RLCard, measured in one run.

Run:  python bench/bench_sim.py [--rounds 5] [--seconds 4] [--strength-hands 2000] [--strength-seeds 11,12]

Needs the bench extra (``open-spiel``, ``rlcard``).

Throughput (CPU time of this process, one core): gin hands per second of

* rummycheck: two ``knock`` bots (then two ``expert`` bots, then two ``expert-race`` bots) playing whole games
  through ``GameState`` (every action
  judged, every hand scored by the score engine; the knocker names his melds, the exact
  search's best arrangement worked out by the bot, and the judge checks them);
* OpenSpiel: its gin engine driven from Python, ``make_simple_gin_rummy_bot`` against itself,
  chance drawn from a seeded ``random.Random``; once with two bots ``restart()``-ed each hand,
  once with two bots made afresh each hand (as ``bench/openspiel_games.py`` does);
* RLCard: its gin env with ``GinRummyNoviceRuleAgent`` against itself (``env.run``).

The contenders take turns for ``--rounds`` rounds of about ``--seconds`` each, so machine
load hits them alike; the median and the spread (min-max) of each are printed, and the
ratio of medians.  Then Bing: 4-player games per second (early, common, sandbag, common), and
basic: two-player hands per second (``patient`` v ``eager``), median and spread over the rounds.

Strength:

* rummycheck's gin ``knock`` bot against the ``random`` bot in rummycheck's engine: the
  share of hands won (RLCard's novice agent wins 97.7% against random);
* rummycheck's ``knock`` bot inside OpenSpiel against OpenSpiel's simple bot, seats
  alternating: the adapter turns OpenSpiel's state into the ``View`` the bot sees (its own
  hand, the upcard and the discard pile, the stock size, the cards the opponent took from the
  pile) and its answers into OpenSpiel actions; after a knock, the melds and lay-offs are
  chosen greedily among OpenSpiel's legal actions by least deadwood.  Hands won, with a
  Wilson interval, counted from OpenSpiel's own returns; ``--strength-hands`` hands on each of
  ``--strength-seeds`` (hand ``h`` of seed ``s`` is dealt from ``random.Random(f"{s}:{h}")``,
  whatever the bots do, so two bots measured on one seed play the same deals), then all seeds
  together.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rummycheck.cards import Card  # noqa: E402
from rummycheck.files.openspiel import card_of_id, id_of_card, meld_cards  # noqa: E402
from rummycheck.sim.bots import BOTS, View, ViewPhase, bot_class, start_choice  # noqa: E402
from rummycheck.sim.engine import play_game  # noqa: E402
from rummycheck.sim.stats import wilson  # noqa: E402
from rummycheck.solvers.deadwood import min_deadwood, prepare  # noqa: E402
from rummycheck.table.actions import ActionKind  # noqa: E402
from rummycheck.variants import get_variant  # noqa: E402

GIN = get_variant("gin")


# -- throughput -------------------------------------------------------------------------------------

class Rummycheck:
    name = "rummycheck (knock v knock)"

    def __init__(self) -> None:
        prepare(GIN)
        self.deal = 0

    def hands(self) -> int:
        outcome = play_game(GIN, [BOTS["knock"](), BOTS["knock"]()], seed=99, deal=self.deal)
        self.deal += 1
        return outcome.hands


class RummycheckExpert(Rummycheck):
    name = "rummycheck (expert v expert)"
    bot = "expert"

    def __init__(self) -> None:
        super().__init__()
        self.expert = bot_class(self.bot)

    def hands(self) -> int:
        outcome = play_game(GIN, [self.expert(), self.expert()], seed=99, deal=self.deal)
        self.deal += 1
        return outcome.hands


class RummycheckExpertRace(RummycheckExpert):
    name = "rummycheck (expert-race v expert-race)"
    bot = "expert-race"


class OpenSpiel:
    name = "OpenSpiel (simple bot v itself)"

    def __init__(self) -> None:
        import pyspiel

        self.game = pyspiel.load_game("gin_rummy")
        params = self.game.get_parameters()
        self.bots = [pyspiel.make_simple_gin_rummy_bot(params, p) for p in (0, 1)]
        self.rng = random.Random(7)
        self.failed = 0

    def hands(self) -> int:
        import pyspiel

        state = self.game.new_initial_state()
        rng = self.rng
        for bot in self.bots:
            bot.restart()  # the simple bot keeps a plan of its next actions: start each hand afresh
        try:
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(rng.choice(state.chance_outcomes())[0])
                else:
                    state.apply_action(self.bots[state.current_player()].step(state))
        except pyspiel.SpielError:  # the simple bot sometimes picks an illegal action: the hand is not counted
            self.failed += 1
            return 0
        return 1


class OpenSpielFresh(OpenSpiel):
    name = "OpenSpiel (bots made per hand)"

    def hands(self) -> int:
        import pyspiel

        params = self.game.get_parameters()
        self.bots = [pyspiel.make_simple_gin_rummy_bot(params, p) for p in (0, 1)]
        return super().hands()


class RLCard:
    name = "RLCard (novice agent v itself)"

    def __init__(self) -> None:
        import rlcard  # type: ignore[import-untyped]
        from rlcard.models.gin_rummy_rule_models import GinRummyNoviceRuleAgent  # type: ignore[import-untyped]

        self.env = rlcard.make("gin-rummy", config={"seed": 7})
        self.env.set_agents([GinRummyNoviceRuleAgent(), GinRummyNoviceRuleAgent()])

    def hands(self) -> int:
        self.env.run(is_training=False)
        return 1


def throughput(rounds: int, seconds: float) -> None:
    contenders: list[Any] = [Rummycheck(), RummycheckExpert(), RummycheckExpertRace(), OpenSpiel(), OpenSpielFresh(),
                             RLCard()]
    rates: dict[str, list[float]] = {c.name: [] for c in contenders}
    for _ in range(rounds):
        for contender in contenders:
            hands = 0
            start = time.process_time()
            while time.process_time() - start < seconds:
                hands += contender.hands()
            rates[contender.name].append(hands / (time.process_time() - start))
    print(f"gin hands per CPU second, one core, {rounds} rounds of ~{seconds:g} s, contenders taking turns:")
    medians = {}
    for name, values in rates.items():
        medians[name] = statistics.median(values)
        print(f"  {name:34} median {medians[name]:7.1f}   min {min(values):7.1f}   max {max(values):7.1f}")
    failed = sum(getattr(c, "failed", 0) for c in contenders)
    if failed:
        print(f"  ({failed} OpenSpiel hands stopped when its simple bot chose an illegal action; not counted)")
    for mine in contenders[:2]:
        ours = medians[mine.name]
        for other in contenders[2:]:
            print(f"  {mine.name} / {other.name}: {ours / medians[other.name]:.2f}x")


def bing_rate(seconds: float) -> None:
    variant = get_variant("bing")
    names = ("early", "common", "sandbag", "common")
    games = hands = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        outcome = play_game(variant, [BOTS[n]() for n in names], seed=5, deal=games)
        games += 1
        hands += outcome.hands
    spent = time.process_time() - start
    print(f"Bing, 4 players (early, common, sandbag, common): {games / spent:.2f} games/s "
          f"({hands / spent:.1f} hands/s), {games} games, one core")


def basic_rate(rounds: int, seconds: float) -> None:
    """Two-player basic games (``patient`` v ``eager``, the seats swapped game by game): hands per CPU
    second over ``rounds`` rounds, median and spread."""
    variant = get_variant("basic")
    rates: list[float] = []
    deal = 0
    for _ in range(rounds):
        hands = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            bots = [BOTS["patient"](), BOTS["eager"]()]
            outcome = play_game(variant, bots if deal % 2 == 0 else bots[::-1], seed=1, deal=deal // 2)
            deal += 1
            hands += outcome.hands
        rates.append(hands / (time.process_time() - start))
    print(f"basic, 2 players (patient v eager), hands per CPU second, {rounds} rounds of ~{seconds:g} s: median "
          f"{statistics.median(rates):.1f}   min {min(rates):.1f}   max {max(rates):.1f}")


# -- strength ----------------------------------------------------------------------------------------

def against_random(hands_wanted: int) -> None:
    variant = get_variant("gin", game_target=1)  # one hand a game
    won = decided = hands = 0
    deal = 0
    while hands < hands_wanted:
        for rotation, bots in enumerate(((BOTS["knock"](), BOTS["random"]()), (BOTS["random"](), BOTS["knock"]()))):
            seat = rotation
            outcome = play_game(variant, list(bots), seed=3, deal=deal, rotation=rotation)
            hands += outcome.hands
            winners = [s for s, r in enumerate(outcome.seats) if r.hands_won]
            if winners:
                decided += 1
                won += 1 if winners == [seat] else 0
        deal += 1
    rate = wilson(won, hands)
    print(f"knock bot v random bot (rummycheck engine): won {won} of {hands} hands = {100 * rate.value:.1f}% "
          f"[{100 * rate.low:.1f}, {100 * rate.high:.1f}] ({hands - decided} dead hands count as not won; "
          f"{100 * won / max(decided, 1):.1f}% of decided hands)")


class Adapter:
    """rummycheck's bot playing inside OpenSpiel's gin engine."""

    def __init__(self, player: int, bot: str | type[Any] = "knock") -> None:
        self.player = player
        self.bot = BOTS[bot]() if isinstance(bot, str) else bot()
        self.bot.setup(seat=player, variant=GIN, rng=random.Random(player))
        self.taken: list[list[Card]] = [[], []]
        self.thrown: list[list[Card]] = [[], []]
        self.declined: list[list[Card]] = [[], []]  # first upcards passed
        self.discard: Card | None = None
        self.took: Card | None = None
        self.drew = "stock"

    def watch(self, state: Any, action: int) -> None:
        """Public knowledge from an action about to be applied: upcards taken, cards thrown."""
        import pyspiel

        who = state.current_player()
        upcard = state.upcard()
        if action == 52 and upcard is not None and upcard >= 0:
            self.taken[who].append(card_of_id(upcard))
        elif action < 52 and state.current_phase() == pyspiel.gin_rummy.DISCARD:
            self.thrown[who].append(card_of_id(action))
        elif action == 54 and state.current_phase() == pyspiel.gin_rummy.FIRST_UPCARD and upcard is not None \
                and upcard >= 0:  # a pass of the first upcard
            self.declined[who].append(card_of_id(upcard))

    def view(self, state: Any, options: tuple[ActionKind, ...], *, drew: str = "none") -> View:
        me = self.player
        hand = tuple(sorted(card_of_id(c) for c in state.hands()[me]))
        pile = [card_of_id(c) for c in state.discard_pile()]
        upcard = state.upcard()
        if upcard is not None and upcard >= 0:
            pile.append(card_of_id(upcard))
        sizes = tuple(len(h) for h in state.hands())
        return View(variant=GIN, seat=me, names=("A", "B"), hand=hand, table=(), discard_pile=tuple(pile),
                    stock=state.stock_size(), scores=(0, 0), hand_sizes=sizes, opened=(False, False),
                    out=(False, False), taken=tuple(tuple(t) for t in self.taken),
                    thrown=tuple(tuple(t) for t in self.thrown), drew=drew,
                    took=self.took if drew == "discard" else None, phase=ViewPhase.PLAY, knocker=None,
                    upcard=None, options=options, declined=tuple(tuple(d) for d in self.declined))

    def step(self, state: Any) -> int:
        import pyspiel

        phases = pyspiel.gin_rummy
        legal = state.legal_actions()
        phase = state.current_phase()
        hand_ids = list(state.hands()[self.player])
        if phase in (phases.FIRST_UPCARD, phases.DRAW):
            options = (ActionKind.TAKE, ActionKind.PASS) if phase == phases.FIRST_UPCARD else tuple(
                o for o, a in ((ActionKind.TAKE, 52), (ActionKind.DRAW, 53)) if a in legal)
            answer = self.bot.start(self.view(state, options))
            choice = start_choice(answer, options)  # an older bot's word ("stock", ...) is read too
            if choice is None:
                raise ValueError(f"the bot answered {answer!r}, not one of {options}")
            upcard = state.upcard()
            self.took = card_of_id(upcard) if choice is ActionKind.TAKE else None
            self.drew = "discard" if choice is ActionKind.TAKE else "stock"
            return {ActionKind.TAKE: 52, ActionKind.PASS: 54, ActionKind.DRAW: 53}[choice]
        if phase == phases.DISCARD:
            view = self.view(state, (), drew=self.drew)
            card = self.bot.discard(view)
            if 55 in legal and self.bot.knock(view, card):
                self.discard = card
                return 55
            action = id_of_card(card)
            return action if action in legal else _greedy(hand_ids, legal)
        if phase == phases.WALL:  # two cards left in the stock: knock if the bot would, else the hand is dead
            return 55 if 55 in legal else (54 if 54 in legal else legal[0])
        # after a knock: the knocker's discard and melds, the defender's lay-offs and melds
        if self.discard is not None and id_of_card(self.discard) in legal and len(hand_ids) == 11:
            action = id_of_card(self.discard)
            self.discard = None
            return action
        return _greedy(hand_ids, legal)


def _greedy(hand_ids: list[int], legal: list[int]) -> int:
    """Among legal card and meld actions, the one leaving the least deadwood at the end; pass (54)
    when none beats passing (a lay-off against the hand's best deadwood, a meld against its points)."""
    hand = [card_of_id(c) for c in hand_ids]
    best: tuple[int, int] | None = None
    cards = False
    for action in legal:
        if action < 52:
            removed = [card_of_id(action)]
            cards = True
        elif action >= 56:
            removed = list(meld_cards(action))
        else:
            continue
        rest = list(hand)
        for card in removed:
            rest.remove(card)
        value = min_deadwood(rest, variant=GIN) if rest else 0
        if best is None or value < best[0]:
            best = (value, action)
    if best is None:
        return 54 if 54 in legal else legal[0]
    if 54 not in legal:
        return best[1]
    baseline = min_deadwood(hand, variant=GIN) if cards else GIN.points(hand)
    return best[1] if best[0] < baseline else 54


def against_openspiel(hands_wanted: int, seed: int = 11, bot: str | type[Any] = "knock", *, quiet: bool = False
                      ) -> tuple[int, int, int]:
    """The bot against OpenSpiel's simple bot inside OpenSpiel, seats alternating; hand ``h`` is dealt
    (and its stock drawn) from ``random.Random(f"{seed}:{h}")``, so two bots measured on one seed play
    the same deals.  Returns the hands won, lost and with no score."""
    import pyspiel

    game = pyspiel.load_game("gin_rummy")
    params = game.get_parameters()
    won = lost = tied = failed = 0
    hand = -1
    while won + lost + tied < hands_wanted:
        hand += 1
        rng = random.Random(f"{seed}:{hand}")
        ours = hand % 2
        adapter = Adapter(ours, bot)
        simple = pyspiel.make_simple_gin_rummy_bot(params, 1 - ours)
        state = game.new_initial_state()
        try:
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(rng.choice(state.chance_outcomes())[0])
                    continue
                player = state.current_player()
                action = adapter.step(state) if player == ours else simple.step(state)
                adapter.watch(state, action)
                state.apply_action(action)
        except pyspiel.SpielError:  # OpenSpiel's simple bot chose an illegal action: the hand is dropped
            failed += 1
            continue
        returns = state.returns()
        if returns[ours] > returns[1 - ours]:
            won += 1
        elif returns[ours] < returns[1 - ours]:
            lost += 1
        else:
            tied += 1
    if not quiet:
        rate = wilson(won, hands_wanted)
        decided = wilson(won, won + lost)
        print(f"knock bot v OpenSpiel simple bot (inside OpenSpiel, seats alternating, seed {seed}): "
              f"{hands_wanted} hands: won {won}, lost {lost}, no score {tied}; won {100 * rate.value:.1f}% of hands "
              f"[{100 * rate.low:.1f}, {100 * rate.high:.1f}], {100 * decided.value:.1f}% of decided hands "
              f"[{100 * decided.low:.1f}, {100 * decided.high:.1f}]"
              + (f"; {failed} hands dropped (OpenSpiel's simple bot chose an illegal action)" if failed else ""))
    return won, lost, tied


def strength_seeds(hands: int, seeds: list[int]) -> None:
    """``against_openspiel`` on each seed, then the hands of every seed together."""
    won = 0
    for seed in seeds:
        won += against_openspiel(hands, seed)[0]
    if len(seeds) > 1:
        total = hands * len(seeds)
        rate = wilson(won, total)
        print(f"  seeds {', '.join(map(str, seeds))} together: won {won} of {total} hands = {100 * rate.value:.1f}% "
              f"[{100 * rate.low:.1f}, {100 * rate.high:.1f}]")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=4.0)
    parser.add_argument("--strength-hands", type=int, default=2000, help="hands per seed against OpenSpiel")
    parser.add_argument("--strength-seeds", type=lambda t: [int(x) for x in t.split(",")], default=[11],
                        help="comma-separated seeds of the hands against OpenSpiel's simple bot")
    parser.add_argument("--skip", action="append", default=[], choices=["throughput", "bing", "basic", "strength"])
    args = parser.parse_args(argv)
    steps: list[tuple[str, Callable[[], None]]] = [
        ("throughput", lambda: throughput(args.rounds, args.seconds)),
        ("bing", lambda: bing_rate(args.seconds * 3)),
        ("basic", lambda: basic_rate(args.rounds, args.seconds)),
        ("strength", lambda: _strength(args.strength_hands, args.strength_seeds)),
    ]
    for name, step in steps:
        if name not in args.skip:
            step()
    return 0


def _strength(hands: int, seeds: list[int]) -> None:
    against_random(hands)
    strength_seeds(hands, seeds)


if __name__ == "__main__":
    raise SystemExit(main())
