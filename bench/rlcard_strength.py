"""rummycheck's gin bots playing inside RLCard's gin engine, against RLCard's own agents.

Run:  python bench/rlcard_strength.py [--hands 2000] [--seed 5]

Needs the bench extra (``rlcard``).  Issue #11 asks for strength "against outside bots in
their own engines": here rummycheck's ``knock`` bot plays RLCard's gin game (the game's own
dealer, rules and scorer) against RLCard's ``RandomAgent``, the opponent behind RLCard's
published figure for its novice agent (97.7% of hands), and against that novice agent
(``GinRummyNoviceRuleAgent``).  For comparison the same run plays the novice agent against
the random agent in the same engine, same seeds.

The adapter turns RLCard's state into what the bot may see (its own hand, the discard pile,
the stock size, the cards each player took from or threw on the pile) and the bot's choice
into an RLCard action: draw or take, then discard, knock or gin (RLCard offers only gin when
gin is possible, and lays the melds itself).  RLCard's rules are those of rummycheck's gin
variant by default: knock at 10 or less, the card just taken may not be thrown back, the hand
is dead with two cards left in the stock; RLCard has no up-card offer (the first player starts
with 11 cards and discards) and no lay-offs.

A hand is won by the player who goes out (knocks or gins): RLCard's scorer pays 0.2 for a
knock and 1 for gin, and no undercut; a dead hand is won by no one.  Seats alternate hand by
hand.  Each rate has a Wilson 95% interval and the number of hands.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rummycheck.cards import Card  # noqa: E402
from rummycheck.sim.bots import View, ViewPhase, bot_class, start_choice  # noqa: E402
from rummycheck.sim.stats import wilson  # noqa: E402
from rummycheck.solvers.deadwood import min_deadwood  # noqa: E402
from rummycheck.table.actions import ActionKind  # noqa: E402
from rummycheck.variants import get_variant  # noqa: E402

GIN = get_variant("gin")  # knock at 10, taken card not thrown back, dead at 2 left: RLCard's defaults
DRAW, TAKE, DEAD, GIN_OUT, DISCARD, KNOCK = 2, 3, 4, 5, 6, 58  # RLCard's gin action ids (discard/knock + card id)


def card_of(rl_card: Any) -> Card:
    return Card.parse(f"{rl_card.rank}{rl_card.suit.lower()}")


class Seat:
    """rummycheck's bot in one of RLCard's two seats."""

    def __init__(self, player: int, bot_name: str, seed: int) -> None:
        self.player = player
        self.bot = bot_class(bot_name)()
        self.bot.setup(seat=player, variant=GIN, rng=random.Random(f"rlcard:{seed}:{player}"))
        self.drew = "none"
        self.took: Card | None = None
        self.overruled = 0  # discards the bot chose that RLCard does not allow (none expected)

    def view(self, game: Any, history: History, options: tuple[ActionKind, ...]) -> View:
        players = game.round.players
        hand = tuple(sorted(card_of(c) for c in players[self.player].hand))
        pile = tuple(card_of(c) for c in game.round.dealer.discard_pile)
        return View(variant=GIN, seat=self.player, names=("A", "B"), hand=hand, table=(), discard_pile=pile,
                    stock=len(game.round.dealer.stock_pile), scores=(0, 0),
                    hand_sizes=tuple(len(p.hand) for p in players), opened=(False, False), out=(False, False),
                    taken=tuple(map(tuple, history.taken)), thrown=tuple(map(tuple, history.thrown)),
                    drew=self.drew, took=self.took if self.drew == "discard" else None, phase=ViewPhase.PLAY,
                    knocker=None, upcard=None, options=options)

    def step(self, game: Any, history: History, legal: list[int]) -> int:
        if DRAW in legal or TAKE in legal:  # the start of a turn
            options = tuple(kind for kind, action in ((ActionKind.TAKE, TAKE), (ActionKind.DRAW, DRAW))
                            if action in legal)
            answer = self.bot.start(self.view(game, history, options))
            choice = start_choice(answer, options)  # an older bot's word ("stock", ...) is read too
            if choice is None:
                raise ValueError(f"the bot answered {answer!r}, not one of {options}")
            pile = game.round.dealer.discard_pile
            took = choice is ActionKind.TAKE
            self.drew, self.took = ("discard", card_of(pile[-1])) if took else ("stock", None)
            return TAKE if took else DRAW
        if GIN_OUT in legal:  # RLCard offers nothing else when gin is possible
            return GIN_OUT
        if not any(a >= DISCARD for a in legal):  # dead hand or a score step
            return legal[0]
        view = self.view(game, history, ())
        card = self.bot.discard(view)
        self.drew, self.took = "none", None
        card_id = _card_id(card)
        if KNOCK + card_id in legal and self.bot.knock(view, card):
            return KNOCK + card_id
        if DISCARD + card_id in legal:
            return DISCARD + card_id
        self.overruled += 1
        return _least_deadwood_discard(view.hand, legal)  # the bot chose a card RLCard does not allow


class History:
    """Public knowledge of the hand so far: cards each player took from, or threw on, the pile."""

    def __init__(self) -> None:
        self.taken: list[list[Card]] = [[], []]
        self.thrown: list[list[Card]] = [[], []]

    def watch(self, game: Any, who: int, action: int) -> None:
        pile = game.round.dealer.discard_pile
        if action == TAKE and pile:
            self.taken[who].append(card_of(pile[-1]))
        elif DISCARD <= action < KNOCK + 52:
            self.thrown[who].append(_card_from_id((action - DISCARD) % 52))


def _card_id(card: Card) -> int:
    from rlcard.games.gin_rummy.utils import utils

    return int(utils.get_card_id(utils.card_from_text(f"{card.rank.value}{card.suit.value.upper()}")))


def _card_from_id(card_id: int) -> Card:
    from rlcard.games.gin_rummy.utils import utils

    return card_of(utils.card_from_card_id(card_id))


def _least_deadwood_discard(hand: tuple[Card, ...], legal: list[int]) -> int:
    options = [a for a in legal if DISCARD <= a < KNOCK]
    return min(options, key=lambda a: (min_deadwood([c for c in hand if _card_id(c) != a - DISCARD], variant=GIN), a))


def play(hands: int, seed: int, ours: str | None, opponent: str) -> tuple[int, int, int]:
    """(hands won by the first player named, hands won by the opponent, dead hands): ``ours`` is a
    rummycheck bot name, or None for RLCard's novice agent in its place."""
    import numpy
    import rlcard
    from rlcard.agents import RandomAgent
    from rlcard.models.gin_rummy_rule_models import GinRummyNoviceRuleAgent

    env = rlcard.make("gin-rummy", config={"seed": seed})
    numpy.random.seed(seed)  # RLCard's random agent draws from numpy's global generator
    won = lost = dead = overruled = 0
    for number in range(hands):
        mine = number % 2  # seats alternate
        agents: list[Any] = [None, None]
        rival = RandomAgent(num_actions=env.num_actions) if opponent == "random" else GinRummyNoviceRuleAgent()
        agents[1 - mine] = rival
        seat = Seat(mine, ours, seed * 100_003 + number) if ours is not None else None
        agents[mine] = seat if seat is not None else GinRummyNoviceRuleAgent()
        history = History()
        state, who = env.reset()
        while not env.is_over():
            legal = sorted(state["legal_actions"])
            agent = agents[who]
            action = agent.step(env.game, history, legal) if isinstance(agent, Seat) else agent.step(state)
            history.watch(env.game, who, action)
            state, who = env.step(action)
        overruled += seat.overruled if seat is not None else 0
        out = env.game.round.going_out_player_id
        if out is None:
            dead += 1
        elif out == mine:
            won += 1
        else:
            lost += 1
    if overruled:
        print(f"  ({overruled} discards the bot chose were not allowed by RLCard and were replaced)")
    return won, lost, dead


def report(label: str, won: int, lost: int, dead: int) -> None:
    hands = won + lost + dead
    rate = wilson(won, hands)
    print(f"{label}: {hands} hands: won {won}, lost {lost}, dead {dead}; won {won / hands:.1%} of hands "
          f"[{rate.low:.1%}, {rate.high:.1%}]")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--bot", default="knock", help="the rummycheck gin bot to play (knock, expert, ...)")
    args = parser.parse_args(argv)
    print(f"inside RLCard's gin engine, seed {args.seed}, seats alternating; a hand is won by going out")
    report(f"rummycheck {args.bot} bot v RLCard random agent", *play(args.hands, args.seed, args.bot, "random"))
    report("RLCard novice agent v RLCard random agent", *play(args.hands, args.seed, None, "random"))
    report(f"rummycheck {args.bot} bot v RLCard novice agent", *play(args.hands, args.seed, args.bot, "novice"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
