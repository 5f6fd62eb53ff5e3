"""The ``mc`` bots: the analysis evaluator at a budget, playing every decision.

At each question the engine asks (``start``, ``lay_down``, ``discard``; ``knock`` answers
from the ``discard`` decision) the bot takes its seat's observation (``view.observe()``),
lists the legal moves of that moment, and plays the move ``evaluate`` values best, with a
budget of rollouts: ``mc`` uses 32 samples a decision, ``mc-N`` uses ``N`` (at most
10,000).  The bot follows a base bot (``Game.mc_base``, else the game's rollout bot; gin's is
``expert``): the base's own answer to the question is played unless the rollouts show another
move better by a paired 95% interval (then the rollouts' best), since at a small budget most
differences are noise.  The rollouts are played by the game's rollout bot
(``Game.rollout_bot``; gin's ``expert-race``, which knocks as soon as it may, as most
opponents do) for the other seats and by the base bot for the mc seat's own later turns, so
that a move is valued with the future the bot will play.  The race stops early when the best
move is separated from the others, and a decision with one legal move is played without
sampling.  The bot's own seeded ``random.Random`` picks the
evaluator's seed for each decision, so a game is reproducible.

The questions are the engine's actions: ``start`` answers a draw, a take, a pass or a Bing
meld turn (``ActionKind``; a meld turn's lay-down is chosen with it); after a basic
draw the bot weighs laying down against each discard in one decision, and in gin it weighs
each discard against knocking with it.

The ``mc`` bots live here, above the simulator, because they are the evaluator; the
simulator finds them by name the way it loads a plug-in bot (``sim.bots.bot_class``).
They are slow by design: see ``docs/mc.md`` for the cost per decision and per hand.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rummycheck.analysis.evaluate import evaluate
from rummycheck.cards import Card
from rummycheck.games import Game, game_of
from rummycheck.sim.bots import BaseBot, Bot, LayDown, View, ViewPhase, bot_class
from rummycheck.sim.stats import Z95
from rummycheck.table.actions import Action, ActionKind
from rummycheck.table.observation import Observation
from rummycheck.variants import Variant

__all__ = ["MonteCarloBot", "mc_bot"]

#: rollouts per decision of the plain ``mc`` bot
DEFAULT_SAMPLES = 32
MAX_SAMPLES = 10_000

#: the moves a ``start`` question chooses among
_STARTS = frozenset({ActionKind.DRAW, ActionKind.TAKE, ActionKind.PASS, ActionKind.LAY_DOWN})


class MonteCarloBot(BaseBot):
    """Plays the move the evaluator values best (see the module docstring)."""

    samples: ClassVar[int] = DEFAULT_SAMPLES
    #: it values each decision by rollouts of its own: not a bot to play the evaluator's rollouts
    rolls_out: ClassVar[bool] = True
    replays: ClassVar[bool] = False  # its samples and its plan are its own

    def __init__(self) -> None:
        super().__init__()
        self._planned: Action | None = None  # the move chosen with an earlier question of the same decision
        self._policy: Bot | None = None
        self._own: str | None = None  # the bot of the seat's own turns in the rollouts, where not the rollout bot's

    @classmethod
    def fits(cls, game: Game) -> bool:
        return True

    def setup(self, *, seat: int, variant: Variant, rng: random.Random) -> None:
        super().setup(seat=seat, variant=variant, rng=rng)
        self._planned = None
        game = game_of(variant)
        base = game.mc_base or game.rollout_bot  # the bot followed
        self._own = None if base == game.rollout_bot else base
        self._policy = bot_class(base)()
        self._policy.setup(seat=seat, variant=variant, rng=random.Random(rng.random()))

    @property
    def policy(self) -> Bot:
        if self._policy is None:
            raise ValueError("the mc bot was not set up")
        return self._policy

    # -- the one decision ------------------------------------------------------------------------
    def _observation(self, view: View) -> Observation:
        if view.observe is None:
            raise ValueError("the mc bot needs view.observe(): it plays only inside rummycheck's engine")
        return view.observe()

    def _best(self, view: View, kinds: frozenset[ActionKind], default: Action | None) -> Action:
        """The move to play: the rollout bot's own choice (``default``) unless the rollouts show
        another move better at 95%; with no default, the move the rollouts value best."""
        seen = self._observation(view)
        # a knock with no discard (gin's big gin) is not a question the engine asks a bot
        moves = [a for a in seen.public.legal_actions()
                 if a.kind in kinds and not (a.kind is ActionKind.KNOCK and a.card is None)]
        if default is not None:  # the listed move it is (a knock the rules refuse here is the plain discard)
            wanted = default
            default = next((m for m in moves if _same(m, wanted)), None)
            if default is None and wanted.kind is ActionKind.KNOCK:
                default = next((m for m in moves if m.kind is ActionKind.DISCARD and m.card == wanted.card), None)
        if not moves:
            raise ValueError(f"no legal move of the kinds {sorted(kinds)} for {seen.name}")
        if len(moves) == 1:
            return moves[0]
        budget = self.samples
        # a take is finished by the seat's bot in the rollouts (the base), as the mc bots were measured (docs/mc.md)
        # and its race leaves moves behind at 1.96 standard errors at each look, a rule of play (not a claim)
        found = evaluate(seen, samples=budget, seed=self.rng.randrange(1 << 30), candidates=moves,
                         min_samples=min(budget, 16), batch=min(budget, 8), complete_takes=False, z=Z95, own=self._own)
        best = found.best.action
        if default is None or default == best:
            return best
        return best if found.of(default).loss_low > 0 else default

    # -- the engine's questions ------------------------------------------------------------------
    def start(self, view: View) -> ActionKind:
        self._planned = None
        if len(view.options) == 1:
            return view.options[0]
        answer = self.policy.start(view)
        default: Action | None = None
        if answer is ActionKind.LAY_DOWN:
            laid = self.policy.lay_down(view)
            if laid:
                default = Action(ActionKind.LAY_DOWN, view.names[view.seat], melds=laid.melds, layoffs=laid.layoffs)
        elif answer in _STARTS:
            default = Action(answer, view.names[view.seat])
        best = self._best(view, _STARTS, default)
        if best.kind is ActionKind.LAY_DOWN:
            self._planned = best
        return best.kind

    def lay_down(self, view: View) -> LayDown | None:
        planned, self._planned = self._planned, None
        if planned is not None and planned.kind is ActionKind.LAY_DOWN:  # a Bing meld turn chosen at the start
            return LayDown(planned.melds, planned.layoffs)
        me = view.names[view.seat]
        laid = self.policy.lay_down(view)
        default: Action | None
        if laid:
            default = Action(ActionKind.LAY_DOWN, me, melds=laid.melds, layoffs=laid.layoffs)
        elif view.phase == ViewPhase.LAYOFF:
            default = Action(ActionKind.FINISH, me)
        else:
            default = self._policy_discard(view)
        if view.phase == ViewPhase.LAYOFF:  # gin's defender: lay-offs, or finish
            best = self._best(view, frozenset({ActionKind.LAY_DOWN, ActionKind.FINISH}), default)
        else:  # after the draw: lay down, or go straight to the discard
            best = self._best(view, frozenset({ActionKind.LAY_DOWN, ActionKind.DISCARD, ActionKind.KNOCK,
                                               ActionKind.END}), default)
        if best.kind is ActionKind.LAY_DOWN:
            return LayDown(best.melds, best.layoffs)
        if best.kind in (ActionKind.DISCARD, ActionKind.KNOCK):
            self._planned = best  # the discard question comes next: the same decision, already made
        return None

    def _policy_discard(self, view: View) -> Action:
        card = self.policy.discard(view)
        kind = ActionKind.KNOCK if self.policy.knock(view, card) else ActionKind.DISCARD
        return Action(kind, view.names[view.seat], card)

    def discard(self, view: View) -> Card:
        planned, self._planned = self._planned, None
        if planned is None or planned.card is None or planned.card not in view.hand:
            planned = self._best(view, frozenset({ActionKind.DISCARD, ActionKind.KNOCK}), self._policy_discard(view))
        self._planned = planned if planned.kind is ActionKind.KNOCK else None
        assert planned.card is not None
        return planned.card

    def knock(self, view: View, card: Card) -> bool:
        planned, self._planned = self._planned, None
        return planned is not None and planned.kind is ActionKind.KNOCK and planned.card == card


def _same(move: Action, wanted: Action) -> bool:
    """Whether the listed ``move`` is the ``wanted`` one: the same kind and card; for a lay-down,
    the same melds (as card sets) and lay-offs (a knock's melds are the judge's either way)."""
    if move.kind is not wanted.kind or move.card != wanted.card:
        return False
    if move.kind is not ActionKind.LAY_DOWN:
        return True
    return (sorted(sorted(map(str, m.cards)) for m in move.melds)
            == sorted(sorted(map(str, m.cards)) for m in wanted.melds)
            and sorted((str(lo.card), lo.target) for lo in move.layoffs)
            == sorted((str(lo.card), lo.target) for lo in wanted.layoffs))


def mc_bot(samples: int = DEFAULT_SAMPLES) -> type[MonteCarloBot]:
    """The ``mc`` bot class with ``samples`` rollouts a decision (``mc-N``)."""
    if not 1 <= samples <= MAX_SAMPLES:
        raise ValueError(f"an mc bot's samples are 1 to {MAX_SAMPLES:,}, not {samples}")
    if samples == DEFAULT_SAMPLES:
        return MonteCarloBot
    return type(f"MonteCarloBot{samples}", (MonteCarloBot,), {"samples": samples,
                                                              "__doc__": f"``mc-{samples}``"})
