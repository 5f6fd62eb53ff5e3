"""What every game answers: the base class ``Game`` and the registry of games.

A ``Game`` wraps a ``Variant`` (the option values in force) and owns the behaviour of
one game: its rule ids, how many cards are dealt, what a player can hold at a point of
the hand, what a legal lay-down needs (opening, limit, knock), how the solver's answer
is judged, and how a hand is scored.  ``game_of(variant)`` finds the game a variant
plays (the ``game`` key of its TOML, which a house-rules file inherits).  Nothing
outside ``rummycheck.games`` asks which game is played: it asks the game.

A new game is one module defining a ``Game`` subclass plus one variant TOML;
``register_game`` makes both known (the shipped games register in
``rummycheck/games/__init__.py``).
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, ClassVar, Protocol

from rummycheck.cards import Card, check_copies, full_deck
from rummycheck.errors import HandSizeError, ScenarioError, VariantError
from rummycheck.frozen import dataclass
from rummycheck.melds import Meld, MeldKind, TableMeld, describe_meld
from rummycheck.results import LayOff, Reason, Solution
from rummycheck.solvers.base import Arrangement, Finder, PlayFinder, TableQuestion
from rummycheck.variants import Variant, register_variant_text, unregister_variant

if TYPE_CHECKING:  # loaded where used: a solve needs neither a scenario nor a score sheet
    from rummycheck.games.scoring import HandEnd, HandScore, Sheet
    from rummycheck.position import Scenario

__all__ = ["Game", "HandState", "LimitCheck", "PlayerView", "QuickSolve", "SeatCount", "TableView", "game_names",
           "game_of", "register_game", "score_hand", "score_hands", "unregister_game"]

# a game's lean path for the exact solver's common hands: (hand, score, opened) -> Solution or None
QuickSolve = Callable[[tuple[Card, ...], int, bool], "Solution | None"]


class PlayerView(Protocol):
    """What a game reads of one player at the table (``table.state.PlayerState``)."""

    @property
    def name(self) -> str: ...
    @property
    def score(self) -> int: ...
    @property
    def opened(self) -> bool: ...
    @property
    def hand(self) -> tuple[Card, ...]: ...
    @property
    def unknown(self) -> int: ...
    @property
    def size(self) -> int: ...
    @property
    def known(self) -> bool: ...
    @property
    def out(self) -> bool: ...
    @property
    def cut(self) -> Card | None: ...


class HandState:
    """A game's own state of one hand in progress, beside what every game shares (gin's first-upcard
    offer, its take and throw-back counts, its knock).  A game that keeps one subclasses this as a
    frozen slotted dataclass, makes it in ``new_hand_state``/``position_hand_state`` and replaces it
    in its hooks; ``GameState`` holds it in ``extra``, copies it by reference and never reads it.  A
    game with nothing of its own keeps none (``extra`` is None)."""

    __slots__ = ()


class TableView(Protocol):
    """What a game reads of a hand in progress (``table.state.GameState``) to judge a play."""

    @property
    def variant(self) -> Variant: ...
    @property
    def players(self) -> Sequence[PlayerView]: ...
    @property
    def player(self) -> PlayerView: ...
    @property
    def table(self) -> Sequence[TableMeld]: ...
    @property
    def discard_pile(self) -> Sequence[Card]: ...
    @property
    def stock(self) -> int | None: ...
    @property
    def current(self) -> int: ...
    @property
    def drew(self) -> str: ...
    @property
    def took(self) -> Card | None: ...
    @property
    def melded(self) -> bool: ...
    @property
    def opened_this_turn(self) -> bool: ...
    @property
    def melds_this_turn(self) -> int: ...
    @property
    def phase(self) -> str: ...
    @property
    def knocker(self) -> int | None: ...
    @property
    def reshuffles(self) -> int: ...
    @property
    def winner(self) -> int | None: ...
    @property
    def extra(self) -> HandState | None: ...

    def unknown_cards(self, player: PlayerView) -> str: ...

    def after_removing(self, player: PlayerView, cards: Sequence[Card]) -> PlayerView: ...


@dataclass(frozen=True, slots=True)
class SeatCount:
    """A count the simulator keeps for each seat of a game (``Game.COUNTERS``) and how its report
    shows it: ``column`` in the table, ``key`` (and ``key_rate``) in the JSON.  ``per_game``: the
    bot's total is the number of seat-games with any (a rate per seat-game), else the sum over
    its hands (a rate per seat-hand)."""

    name: str
    column: str
    key: str
    per_game: bool = False


@dataclass(frozen=True, slots=True)
class LimitCheck:
    """A points-limit verdict (BING-LIMIT and BING-LIMIT-HOLD): allowed or not, and the numbers."""

    ok: bool
    text: str


_REASONS_KEPT = 4096  # (label, meld) citations a game keeps


class Game:
    """The behaviour of one game under the options of ``variant``.

    Subclasses set the rule ids and override the questions their game answers
    differently; the defaults describe a plain draw-and-discard rummy.
    """

    name: ClassVar[str] = ""
    #: rule ids by role; a subclass fills in its own
    DEAL: ClassVar[str] = ""
    TURN: ClassVar[str] = ""
    SET: ClassVar[str] = ""
    RUN: ClassVar[str] = ""
    WILD: ClassVar[str] = ""
    LAYOFF: ClassVar[str] = ""
    OUT: ClassVar[str] = ""
    OPEN: ClassVar[str] = ""
    DISCARD: ClassVar[str] = ""
    VALUES: ClassVar[str] = ""  # the rule that counts the points of cards left in hand
    BUST: ClassVar[str] = ""  # a player out of the game (Bing)
    STOCK: ClassVar[str] = ""  # renewing an empty stock (basic)
    DEAD: ClassVar[str] = ""  # a hand that ends with no score at the wall (gin)
    WIN: ClassVar[str] = ""  # the rule that ends the game with its winner
    #: the rules that give a hand its winner (a score line of each names him)
    HAND_WIN: ClassVar[tuple[str, ...]] = ()
    BUYBACK: ClassVar[str] = ""  # a busted player buying back in (Bing)
    STRATEGY: ClassVar[str] = ""  # the strategies the rules text names, which the bots must play (Bing)
    #: score-sheet rules whose lines are not points caught in the hand itself (the game's end, a
    #: bust, a buy-back): the simulator leaves them out of a seat's points per hand
    NOT_CAUGHT: ClassVar[frozenset[str]] = frozenset()
    #: what the simulator counts for each seat beyond hands and points (``hand_counts`` gives a
    #: hand's counts by name); the report shows each as a rate with its interval
    COUNTERS: ClassVar[tuple[SeatCount, ...]] = ()
    #: the bots ``rummycheck simulate`` seats when none are named
    default_bots: ClassVar[tuple[str, ...]] = ("random", "random")
    #: the bot that plays every seat of an analysis's rollouts (docs/advise.md): a strong bot quick
    #: enough for hundreds of rollouts a decision (gin: ``expert-race``, docs/bots.md)
    rollout_bot: ClassVar[str] = "random"
    #: the bot an ``mc`` bot follows (``analysis.mc``: its answer is played unless the rollouts show
    #: another move better, and it plays the mc seat's own later turns in them); None: ``rollout_bot``
    mc_base: ClassVar[str | None] = None
    #: how the analysis values a take of a card in sight (``analysis.evaluate.completions``):
    #: "each", by its best line, one per move ending the turn after it; "finishes", as a draw is, by
    #: the better of the rollout bot's finish and the discard keeping the least deadwood (Bing and
    #: basic, whose rollouts are too noisy for the best of a dozen lines to be anything but the luckiest)
    take_lines: ClassVar[str] = "each"
    #: the analysis's discard model for this game (``analysis.evidence``): its beta, or None for
    #: uniform samples (no setting validated for the game)
    evidence_beta: ClassVar[float | None] = None
    #: the analysis's model of a choice between the top discard and the stock (``analysis.evidence``):
    #: the logistic's (constant, makes a meld, per partner), or None where takes and draws say nothing
    pile_model: ClassVar[tuple[float, float, float] | None] = None
    #: the counts of hand points behind the chance to win the game (``analysis.match``): a table
    #: of ``data/`` by name, or None where the game has no such model
    game_chance_table: ClassVar[str | None] = None
    #: which model of ``analysis.match`` reads that table: "race" (points to a target, two
    #: players) or "bust" (the last player under the limit wins)
    game_chance_model: ClassVar[str] = "race"
    #: the options a race table's entry must match (the scoring it was counted under)
    game_chance_scoring: ClassVar[tuple[str, ...]] = ()
    #: how much likelier a played hand is than a uniform deal, by throws and deadwood
    #: (``analysis.evidence.hand_quality``, used by ``draw_sample``): a table of ``data/`` by name, or None;
    #: the table of a game's usual deal (``quality_table_for`` picks by the number of players)
    hand_quality_table: ClassVar[str | None] = None
    #: laying melds down opens a player (the table's melds belong to players who opened); gin's
    #: melds go down with a knock instead
    melds_open: ClassVar[bool] = True
    #: what the points a seat gets from a hand are called (the simulator's report)
    points_words: ClassVar[str] = "points won"
    #: what the winner of a hand did (the score sheet's status column)
    hand_won_words: ClassVar[str] = "won the hand"
    #: lay-down problems that a later meld or lay-off of the same turn can still put right (records
    #: judge a player's consecutive melds and lay-offs as one lay-down)
    REPAIRABLE: ClassVar[frozenset[str]] = frozenset()
    #: melds go down only with a knock, and the hand ends with it (gin)
    knocks: ClassVar[bool] = False
    #: a player's first lay-down is an opening with its own requirement (Bing)
    has_opening: ClassVar[bool] = False
    #: a running-score limit applies to melding (Bing)
    has_limit: ClassVar[bool] = False
    #: what ``solve_hand`` never reads of the player beside his hand: "score" (his running score),
    #: "opened" (whether he has melded before); ``solve``'s --score and --opened are refused there
    solve_ignores: ClassVar[tuple[str, ...]] = ()
    #: a player may be out of the game while the others play on (Bing busts)
    players_bust: ClassVar[bool] = False
    #: the points a hand gives a player count against him (Bing); else for him (the winner scores)
    points_are_penalties: ClassVar[bool] = False

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self._meld_reasons: dict[tuple[str, Meld], tuple[Reason, ...]] = {}  # meld_reasons' answers

    def __reduce__(self) -> tuple[Callable[[Variant], Game], tuple[Variant]]:
        """Pickled as its variant, read back as the receiving process's own game of it (``game_of``).
        A state sent to a worker carries its game: pickled whole, the game's caches went along, and
        a review, which sends states from the executor's feeding thread while its own thread walks
        the record on and fills those caches, failed now and then with "dictionary changed size
        during iteration"."""
        return (game_of, (self.variant,))

    def target_score(self, players: int) -> int | None:
        """The running score that wins the game with ``players`` players, or None (no target)."""
        return None

    # -- rule ids ------------------------------------------------------------------------
    def meld_rule(self, kind: MeldKind) -> str:
        """The rule a set or a run obeys."""
        return self.SET if kind == MeldKind.SET else self.RUN

    def meld_problem_rule(self, problem: str, kind: MeldKind) -> str:
        """The rule id a problem from ``meld_problems`` breaks: the wild rule for problems
        about wild cards, else the set or run rule."""
        if self.WILD and self.variant.wild_number is not None and ("wild" in problem or "natural" in problem):
            return self.WILD
        return self.meld_rule(kind)

    def meld_reasons(self, label: str, meld: Meld) -> list[Reason]:
        """The rules a legal meld obeys, each with what the meld does to obey it (a legal play cites them).

        The answer depends on the label, the meld and the game alone: each game keeps those it
        gave (a few thousand, then it starts afresh) and answers a meld cited again from there."""
        kept = self._meld_reasons
        key = (label, meld)
        try:
            found = kept.get(key)
        except TypeError:  # a meld of unhashable parts: cited afresh
            return self._cite_meld(label, meld)
        if found is None:
            if len(kept) >= _REASONS_KEPT:
                kept.clear()
            found = kept[key] = tuple(self._cite_meld(label, meld))
        return list(found)

    def _cite_meld(self, label: str, meld: Meld) -> list[Reason]:
        """``meld_reasons`` worked out."""
        reasons = [Reason(self.meld_rule(meld.kind), f"{label} ({meld}): {describe_meld(meld, self.variant)}")]
        wilds = [(c, s) for c, s in zip(meld.cards, meld.stands_for) if self.variant.is_wild(c)]
        if self.WILD and wilds:
            parts = [f"{c} as {s}" if c != s else f"{c} as itself" for c, s in wilds]
            reasons.append(Reason(self.WILD, f"{label}: {', '.join(parts)}"))
        return reasons

    def melds_rules(self) -> tuple[str, ...]:
        """Every rule id behind an arrangement: the meld shapes and the points left."""
        return tuple(dict.fromkeys(r for r in (self.SET, self.RUN, self.WILD, self.VALUES) if r))

    # -- the deal ------------------------------------------------------------------------
    def dealt_size(self, players: int) -> int:
        """Cards dealt to each player."""
        return self.variant.hand_size

    def quality_table_for(self, players: int) -> str | None:
        """The hand-quality table of a deal to ``players`` players (``hand_quality_table``), or None."""
        return self.hand_quality_table

    def hand_size_problem(self, *, players: int, size: int, opened: bool, drew: bool,
                          knocked: bool = False, ended: bool = False, knocker: bool = False,
                          cut: bool = False) -> str | None:
        """Why a player cannot hold ``size`` cards at this point, or None when he can.

        ``cut``: the player kept a card from the cut, one of his dealt cards (Bing).
        """
        dealt = self.dealt_size(players)
        extra = 1 if drew else 0
        if size == 0:
            if ended:
                return None
            return "no cards, which only happens when the hand is over"
        if not opened:
            if size != dealt + extra and not ended:
                drawn = " and one drawn this turn" if extra else ""
                dealt_text = f"{dealt - 1} dealt plus the cut deuce" if cut else f"the {dealt} dealt"
                return (f"{size} cards, but a player who has not opened holds exactly {dealt + extra} "
                        f"({dealt_text}{drawn}) ({self.DEAL})")
            if size > dealt + extra:
                return f"{size} cards, more than the {dealt + extra} a player can hold ({self.DEAL})"
            return None
        return self.opened_size_problem(size, dealt + extra)

    def solvable_size_problem(self, size: int) -> str | None:
        """Why no player can hold ``size`` cards to solve (the deal plus one drawn), or None.

        The solvers search every arrangement of a hand, so a hand the game cannot have (40
        cards, one card in gin) is refused before any search starts; a house game that
        deals more raises the ``hand_size`` option.
        """
        dealt = self.variant.hand_size
        most = dealt + 1
        fewest = dealt if self.knocks else 1
        if fewest <= size <= most:
            return None
        if self.knocks:
            held = f"a {self.variant.name} hand holds {dealt} cards, {most} just after drawing"
        else:
            held = f"a {self.variant.name} hand holds at most {most} ({dealt} dealt, one more after drawing)"
        house = "; a house game that deals more sets the hand_size option" if size > most else ""
        cards = "card" if size == 1 else "cards"
        return f"{size} {cards}, but {held} ({self.DEAL}){house}"

    def opened_size_problem(self, size: int, most: int) -> str | None:
        """Why a player who has put cards down cannot hold ``size`` cards (``most``: dealt + drawn)."""
        if size > most:
            return f"{size} cards, more than the {most} a player can hold ({self.DEAL})"
        return None

    # -- laying down ---------------------------------------------------------------------
    def melds_needed(self, opened: bool) -> int:
        """The fewest new melds a lay-down must hold (an opening may need several)."""
        return 0

    def meld_bounds(self, opened: bool) -> tuple[int, int | None]:
        """(least, most) new melds the solver's hand search is asked for (``solve``)."""
        return 0, None

    def table_questions(self, scenario: Scenario, hand: tuple[Card, ...], *, opened: bool,
                        discard: Card | None, every_discard: bool) -> list[TableQuestion]:
        """The whole-play searches behind the best play at the table of ``scenario``.

        ``discard`` is the answer's discard; with ``every_discard`` every possible discard
        is asked (to list every optimal play), else only the answer's.
        """
        cards = list(hand)
        if discard is not None:
            cards.remove(discard)
        least, most = self.meld_bounds(opened)
        return [TableQuestion(tuple(cards), tuple(scenario.table), least, most, discard)]

    #: the keys a hand's end may carry for this game (scenario [end], score sheets), beyond points and cards
    END_KEYS: ClassVar[tuple[str, ...]] = ("out",)
    #: the rule a card kept apart from the deal belongs to (Bing's cut deuce); "" when there is none
    CUT: ClassVar[str] = ""

    def sample_table(self, rng: random.Random, *, opened: bool = False, wild_rich: bool = False) -> Scenario:
        """A seeded table situation (for cross-checks): "me" to move, "other" owns the table melds.
        The hand holds 0 to 2 wild cards dealt first, 2 to 4 when ``wild_rich`` (where the variant
        has wild cards)."""
        from rummycheck.dealing import deal_table  # cross-checks only

        variant = self.variant
        low, high = (2, 4) if wild_rich else (0, 2)
        wilds = rng.randint(low, high) if variant.wild_number is not None else 0
        size = variant.hand_size + (1 if self.turn_starts_with_draw else 0)
        melds, hand = deal_table(rng, variant, size=size, wilds=wilds)
        from rummycheck.position import Scenario, ScenarioPlayer, TurnInfo

        me = ScenarioPlayer("me", opened=opened, hand=hand, hand_size=len(hand))
        other = ScenarioPlayer("other", opened=True, hand_size=variant.hand_size)
        table = tuple(TableMeld(n, m, "other") for n, m in enumerate(melds, start=1))
        drew = "stock" if self.turn_starts_with_draw else "none"
        return Scenario("crosscheck", variant, (me, other), table, TurnInfo("me", drew=drew))

    #: a lay-down comes after the turn's draw (basic); Bing melds instead of drawing
    turn_starts_with_draw: ClassVar[bool] = False

    def layoff_rule_problems(self, solution: Solution, scenario: Scenario) -> list[str]:
        """The game's rules on when lay-offs are allowed, checked on a solver's answer (the validator asks)."""
        return []

    def out_discards(self, hand: Sequence[Card]) -> list[Card | None]:
        """The final discards to try when going out in one lay-down (None: no discard)."""
        return [None]

    def no_play_claim(self, solution: Solution, needed: int, what: str) -> str | None:
        """What a proof must show when the answer lays nothing down (an opening not reachable)."""
        return None

    def running_score_problem(self, score: int) -> str | None:
        """Why a player still in the game cannot stand at ``score`` (Bing: over the limit he has
        busted), or None."""
        return None

    def limit_check(self, *, score: int, points: int, hold: bool = False, bound: str = "") -> LimitCheck | None:
        """The points limit on ``score`` plus ``points`` left in hand, or None when the game has none
        (``bound``: "at least " or "at most " when the points are a bound, unknown cards counted)."""
        return None

    def cannot_play_out(self, state: TableView) -> str | None:
        """Why the position of ``state`` cannot be played out by rollouts although the player to move
        has legal moves (a position given by hand that play never reaches), or None."""
        return None

    def hidden_hands_fit(self, state: TableView, hands: Sequence[Sequence[Card]] | None = None) -> bool:
        """Whether ``hands`` (by seat; None: the hands of ``state``), hidden cards dealt at random
        (``Observation.determinize``, the evaluator's samples), could stand at ``state`` under the
        rules: an opened player's score plus his points in hand within a points limit that holds at
        every turn (BING-LIMIT-HOLD).  Every hand fits in a game without such a limit."""
        if not self.has_limit:
            return True
        for seat, player in enumerate(state.players):
            if player.opened and not player.out:
                hand = player.hand if hands is None else hands[seat]
                check = self.limit_check(score=player.score, points=self.variant.points(hand), hold=True)
                if check is not None and not check.ok:
                    return False
        return True

    def could_lay_off(self, *, melded: bool, opened_before: bool) -> bool:
        """Whether a player might lay cards off on the table in a turn of his that is over, given
        whether he laid anything down in it (``melded``) and whether he had opened before it: the
        evidence that a player left holding one card could not lay it off then
        (``analysis.evidence``).  No game lays off during play unless it says so."""
        return False

    def points_range(self, player: PlayerView) -> tuple[int, int]:
        """The fewest and the most points ``player`` can hold: each unknown card counted as the
        cheapest and as the dearest card of the deck."""
        cheapest, dearest = self.card_value_bounds()
        known = self.variant.points(player.hand)
        return known + player.unknown * cheapest, known + player.unknown * dearest

    def card_value_bounds(self) -> tuple[int, int]:
        """The points of the cheapest and of the dearest card of the deck."""
        values = [self.variant.card_points(c) for c in full_deck()]
        return min(values), max(values)

    # -- solving -------------------------------------------------------------------------
    def solve_hand(self, hand: tuple[Card, ...], *, score: int, opened: bool, find: Finder, solver: str,
                   mask: int = 0) -> Solution:
        """The best arrangement of ``hand`` and what the rules say about laying it down."""
        raise NotImplementedError

    def quick_solver(self) -> QuickSolve | None:
        """A lean path for the exact solver's most common hands, or None (the default).

        ``solve`` tries it first with (hand, score, opened).  It returns the very
        ``Solution`` that ``solve_hand`` gives with the exact solver, or None for a hand it
        leaves to ``solve_hand`` (another size, a card given twice, a rare case).
        """
        return None

    def solve_table(self, scenario: Scenario, seat: int, hand: tuple[Card, ...], *, find: PlayFinder,
                    solver: str) -> Solution:
        """The best play at the table of ``scenario`` for the player in ``seat``."""
        raise NotImplementedError

    def solution_problems(self, solution: Solution) -> list[str]:
        """Rule checks on a solver's answer beyond the arrangement itself (the validator asks)."""
        return []


    # -- judging a turn (the table model asks; ``state`` is the hand in progress) ---------------
    #: the rule a draw after melding breaks
    @property
    def draw_after_meld_rule(self) -> str:
        return self.TURN

    #: the deck's rule on the number of players
    PLAYERS: ClassVar[str] = ""
    #: an empty stock is renewed from the discard pile (basic)
    renews_stock: ClassVar[bool] = False
    #: a turn is a draw and a discard, or a meld turn without a draw (Bing)
    melds_instead_of_drawing: ClassVar[bool] = False
    #: a player cuts for a wild card before the deal (Bing)
    cuts: ClassVar[bool] = False

    def stalemate(self, state: TableView) -> Reason | None:
        """Why nobody can ever finish the hand, or None when that is not certain."""
        return None

    def draw_problems(self, state: TableView) -> list[Reason]:
        """What forbids drawing from the stock as it is now (beyond the turn order)."""
        if state.stock == 0:
            return [Reason(self.TURN, "the stock is empty")]
        return []

    def knock_candidates(self, state: TableView) -> list[Card | None]:
        """The discards (None: a knock without one, big gin) that a knock could be made with now; the
        judge still verifies each (``GameState.legal_actions`` asks only these)."""
        return []

    def exhausted(self, state: TableView) -> Reason | None:
        """Why the stock as it is now ends the hand at the start of a turn (no draw and no take), or None."""
        return None

    def take_problems(self, state: TableView, *, then: Card | None = None) -> list[Reason]:
        """What forbids taking the top discard (beyond the turn order); ``then``: the discard the
        play makes next, judged on its own (so the take need not look ahead)."""
        return []

    def lay_down_rules(self, state: TableView, melds: Sequence[Meld], layoffs: Sequence[LayOff],
                       after: PlayerView, table: Sequence[TableMeld], problems: list[Reason],
                       passed: list[Reason]) -> None:
        """Judge a lay-down (new melds and lay-offs) by the game's own rules."""

    def discard_problems(self, state: TableView, card: Card) -> list[Reason]:
        """What forbids discarding now (a draw must come first)."""
        if state.drew == "none":
            return [Reason(self.TURN, "a discard ends a turn that started with a draw; "
                                      f"{state.player.name} has not drawn")]
        return []

    def may_discard_taken(self) -> bool:
        """Whether the card just taken from the discard pile may be discarded in the same turn."""
        return False

    def take_ending(self, state: TableView) -> Reason | None:
        """Why taking the top discard now ends the hand instead (the card stays), or None."""
        return None

    def discard_ending(self, state: TableView) -> Reason | None:
        """Why the hand ends with the discard just made (``state`` after it), or None."""
        return None

    def discard_limit(self, state: TableView, card: Card) -> tuple[bool, Reason] | None:
        """A points rule the discard must keep (Bing's BING-LIMIT-HOLD): kept or not, with its numbers."""
        return None

    def end_turn_problems(self, state: TableView) -> list[Reason]:
        """What forbids ending the turn without a discard."""
        return [Reason(self.TURN, "a turn ends with a discard")]

    def knock_arrangement(self, state: TableView, discard: Card | None, melds: Sequence[Meld] | None
                          ) -> tuple[list[Reason], list[Reason], tuple[Meld, ...], tuple[Card, ...]]:
        """(problems, passed, melds, deadwood) of a knock; only knocking games knock."""
        return [Reason(self.TURN, f"knocking is a gin play, the variant is {self.variant.name}")], [], (), ()

    def kept_upcard(self, state: TableView) -> Card | None:
        """The first upcard of the hand where the game keeps it in its own hand state (gin: Oklahoma
        reads the knock limit from it); None for a game with no notion of it."""
        return None

    def lays_down(self, state: TableView) -> bool:
        """Whether the player to move may lay melds down at this point of his turn (the judge decides
        which): after the draw in a draw-and-discard rummy."""
        return state.drew != "none"

    def may_knock(self, state: TableView) -> bool:
        """Whether the player to move may end his turn with a knock now (``knock_candidates`` says with
        which discards); only knocking games knock."""
        return False

    def stock_renewal(self, state: TableView) -> Reason | None:
        """The rule by which a draw from the empty stock renews it from the discard pile, or None
        when the game never renews it."""
        return None

    def seat_status(self, state: TableView, seat: int) -> str:
        """A seat's standing in words, for the state's description."""
        return "opened" if state.players[seat].opened else "not opened"

    def turn_problems(self, *, drew: str, melded: bool, knocked: bool) -> list[tuple[str, str]]:
        """What a scenario's ``[turn]`` (drew, melded, knocked) cannot say in this game: (key, why)."""
        found = []
        if self.draw_after_meld_rule != self.TURN and melded and drew != "none":
            found.append(("melded", f"a player who drew this turn may not meld in it ({self.draw_after_meld_rule})"))
        if knocked:
            found.append(("knocked", f"knocked does not apply to {self.variant.title} "
                                     f"(variant {self.variant.name!r})"))
        return found

    def after_pass(self, state: TableView) -> tuple[Reason, HandState | None, bool]:
        """What a legal pass does: the reason, the game's hand state after it, and whether it ends
        the hand (only a game whose ``pass_problems`` allows a pass is asked)."""
        raise NotImplementedError

    # -- the game's own state of a hand (``HandState``: ``GameState.extra``) ------------------------
    # The judge applies what every game shares and asks these for the game's own state after each
    # step; a game that keeps none leaves them, and its ``extra`` stays None.
    def new_hand_state(self, upcard: Card | None) -> HandState | None:
        """The game's own state of a hand as dealt, with ``upcard`` turned up (None: no upcard)."""
        return None

    def position_hand_state(self, state: TableView, upcard: Card | None) -> HandState | None:
        """The game's own state of a position taken up in mid-hand, its history unknown (a scenario),
        read from ``state`` as built so far (the turn, a knock), ``upcard`` the scenario's first upcard."""
        return None

    def after_draw(self, state: TableView) -> HandState | None:
        """The game's hand state after the player to move drew from the stock."""
        return state.extra

    def after_take(self, state: TableView) -> HandState | None:
        """The game's hand state after the player to move took the top discard (``state`` as before
        the take; not asked when ``take_ending`` ends the hand instead)."""
        return state.extra

    def after_discard(self, state: TableView, card: Card) -> HandState | None:
        """The game's hand state after the player to move discarded ``card`` (``state.drew`` and
        ``state.took`` are still his turn's; ``discard_ending`` is asked next)."""
        return state.extra

    def after_knock(self, state: TableView, laid: tuple[TableMeld, ...], deadwood: tuple[Card, ...]
                    ) -> HandState | None:
        """The game's hand state after the player to move knocked, laying ``laid`` down and keeping
        ``deadwood``."""
        return state.extra

    def after_dead_end(self, state: TableView) -> HandState | None:
        """The game's hand state once ``take_ending`` or ``discard_ending`` has ended the hand with
        nobody scoring (``hand_dead`` says so from then on)."""
        return state.extra

    # -- what the drivers ask of a hand in progress --------------------------------------------------
    def offer_open(self, state: TableView) -> bool:
        """Whether a card is on offer before any draw (gin's first upcard: taken or passed first)."""
        return False

    def hand_dead(self, state: TableView) -> bool:
        """Whether the hand of ``state`` ended dead: over without a winner by one of the game's
        endings (a pass, a take or a discard that ends it; gin's GIN-DEAD)."""
        return False

    def dead_at_turn_start(self, state: TableView) -> bool:
        """Whether the hand, at the start of a turn of ``state``, is over with nobody scoring although
        no move ended it (gin at the wall: the player would pass)."""
        return False

    def pass_problems(self, state: TableView) -> list[Reason]:
        """What forbids a pass now (the turn order and the phase are judged before); a game
        without a first-upcard offer or a wall never passes."""
        return [Reason(self.TURN, f"{self.variant.title} has no pass (a pass declines a first upcard on offer, "
                                  "or ends a hand at a wall)")]

    # -- whole-state validation (``GameState.problems`` asks after its own checks) ----------------
    def state_problems(self, state: TableView) -> list[str]:
        """Every inconsistency of ``state`` that this game's rules decide, each naming its rule."""
        found = self.cut_problems(state)
        if state.phase == "layoff" and state.knocker is None:
            found.append("the lay-off phase comes only after a knock, and nobody knocked")
        players = {p.name: p for p in state.players}
        for t in state.table:
            owner = players.get(t.owner) if t.owner is not None else None
            if owner is not None and not owner.opened and self.melds_open:
                found.append(f"table meld {t.number} belongs to {owner.name}, who has not opened")
        if state.phase == "over" and state.winner is not None and state.players[state.winner].size != 0:
            found.append(f"{state.players[state.winner].name} went out but holds cards")
        return found

    def cut_problems(self, state: TableView) -> list[str]:
        """A card kept from a cut, in a game without one (``CUT`` names the rule of a game with one)."""
        cutters = [p for p in state.players if p.cut is not None]
        if cutters:
            return [f"{cutters[0].name} cut for a card, which {self.variant.title} does not do"]
        return []

    def seat_size_problem(self, state: TableView, seat: int) -> str | None:
        """Why the player in ``seat`` cannot hold the cards he holds at this point, or None."""
        player = state.players[seat]
        if state.knocker is not None:  # a knock laid melds down and lay-offs may follow: the knock judged them
            return None
        on_turn = seat == state.current and state.phase == "play"
        return self.hand_size_problem(
            players=len(state.players), size=player.size, opened=player.opened,
            drew=on_turn and state.drew != "none", knocked=state.knocker is not None,
            ended=state.phase == "over" or player.out, knocker=seat == state.knocker, cut=player.cut is not None)

    # -- scoring -------------------------------------------------------------------------
    def knock_end(self, state: TableView) -> HandEnd | None:
        """What the score engine reads of a hand a knock closed (None: a hand not fully known): by
        default the knocker goes out and every other player still in counts what he holds."""
        from rummycheck.games.scoring import HandEnd

        assert state.knocker is not None
        knocker = state.players[state.knocker]
        others = [p for p in state.players if p.name != knocker.name and not p.out]
        if not knocker.known or not all(p.known for p in others):
            return None
        return HandEnd(out=knocker.name, cards={p.name: p.hand for p in others})

    def hand_counts(self, state: TableView, result: HandScore) -> list[tuple[str, str]]:
        """(player, counter name) once for each count a scored hand adds to ``COUNTERS``."""
        return []

    def score_hand(self, sheet: Sheet, end: HandEnd) -> HandScore:
        """Apply one hand's end to ``sheet``."""
        raise NotImplementedError


def solvable_size_problem(variant: Variant, size: int) -> str | None:
    """``Game.solvable_size_problem`` of the game ``variant`` plays."""
    return game_of(variant).solvable_size_problem(size)


def check_hand_size(size: int, variant: Variant, *, what: str = "the hand") -> None:
    """Raise ``HandSizeError`` when no player of ``variant`` can hold ``size`` cards."""
    problem = solvable_size_problem(variant, size)
    if problem is not None:
        raise HandSizeError(f"{what} holds {problem}")


# -- shared helpers for the games' solve methods ---------------------------------------------

def solution_of(hand: tuple[Card, ...], variant: Variant, arrangement: Arrangement | None, *,
                legal: bool, reasons: Sequence[Reason], solver: str, score: int, opened: bool,
                discard: Card | None = None, facts: dict[str, object] | None = None) -> Solution:
    """A ``Solution`` for a hand arranged as ``arrangement`` (None: nothing melded)."""
    if arrangement is None:
        kept = list(hand)
        if discard is not None:
            kept.remove(discard)
        melds: tuple[Meld, ...] = ()
        deadwood = tuple(sorted(kept))
    else:
        melds, deadwood = arrangement.melds, arrangement.deadwood
    return Solution(variant=variant, hand=hand, melds=melds, deadwood=deadwood,
                    deadwood_points=variant.points(deadwood), legal=legal, reasons=tuple(reasons),
                    solver=solver, discard=discard, score=score, opened=opened,
                    facts=tuple((facts or {}).items()))


def table_solution(variant: Variant, hand: tuple[Card, ...], melds: tuple[Meld, ...], layoffs: tuple[LayOff, ...],
                   deadwood: tuple[Card, ...], *, legal: bool, reasons: list[Reason], score: int, opened: bool,
                   discard: Card | None = None, facts: dict[str, object] | None = None) -> Solution:
    """A ``Solution`` for a play at a table: new melds, lay-offs, the cards left."""
    return Solution(variant=variant, hand=hand, melds=melds, deadwood=tuple(sorted(deadwood)),
                    deadwood_points=variant.points(deadwood), legal=legal, reasons=tuple(reasons),
                    discard=discard, layoffs=layoffs, score=score, opened=opened,
                    facts=tuple((facts or {}).items()))


def arrange(hand: Sequence[Card], table: Sequence[TableMeld], variant: Variant, *, min_melds: int,
            find: PlayFinder, max_melds: int | None = None, allow_layoffs: bool = True
            ) -> tuple[tuple[Meld, ...], tuple[LayOff, ...], tuple[Card, ...], int] | None:
    """The best play of ``hand`` at ``table``: (new melds, lay-offs, cards left, their points)."""
    found = find(hand, table, variant=variant, min_melds=min_melds, max_melds=max_melds,
                 allow_layoffs=allow_layoffs)
    if found is None:
        return None
    _, melds, layoffs, deadwood = found
    return melds, layoffs, deadwood, variant.points(deadwood)


def without(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``hand`` less one copy of ``card``."""
    rest = list(hand)
    rest.remove(card)
    return tuple(rest)


def missing_hand(scenario: Scenario, seat: int) -> ScenarioError:
    return ScenarioError(f"{scenario.where('players', seat)}: the hand of {scenario.players[seat].name!r} "
                         "is not given; solve needs it")


# -- the registry ------------------------------------------------------------------------------

_GAMES: dict[str, type[Game]] = {}
# the shipped games, imported the first time a variant plays one (so a solve loads one game)
_SHIPPED = {"bing": ("rummycheck.games.bing", "Bing"), "basic": ("rummycheck.games.basic", "Basic"),
            "gin": ("rummycheck.games.gin", "Gin")}


def register_game(game: type[Game], *, variant_toml: str | None = None) -> None:
    """Make ``game`` known under ``game.name``; ``variant_toml`` (the text of a variant
    file) adds a variant that plays it, so ``get_variant`` finds it by its name."""
    if not game.name:
        raise VariantError(f"{game.__name__} has no name")
    _GAMES[game.name] = game
    if variant_toml is not None:
        register_variant_text(variant_toml)


def unregister_game(name: str, *, variant: str | None = None) -> None:
    """Forget a game added with ``register_game`` (and the variant registered with it)."""
    _GAMES.pop(name, None)
    _CACHE.clear()
    if variant is not None:
        unregister_variant(variant)


def game_names() -> tuple[str, ...]:
    return tuple(dict.fromkeys([*_SHIPPED, *_GAMES]))


def game_of(variant: Variant) -> Game:
    """The game ``variant`` plays, holding its option values."""
    cache = _CACHE.get(variant)
    if cache is not None:
        return cache
    if variant.game not in _GAMES and variant.game in _SHIPPED:
        module, name = _SHIPPED[variant.game]
        register_game(getattr(importlib.import_module(module), name))
    try:
        cls = _GAMES[variant.game]
    except KeyError:
        raise VariantError(f"variant {variant.name!r} plays {variant.game!r}, which is not a known game; "
                           f"known games: {', '.join(game_names())}") from None
    game = cls(variant)
    if len(_CACHE) > 256:
        _CACHE.clear()
    _CACHE[variant] = game
    return game


_CACHE: dict[Variant, Game] = {}


# -- scoring entry points ------------------------------------------------------------------------

def score_hands(sheet: Sheet, ends: Sequence[HandEnd]) -> list[HandScore]:
    """Score several hands in order; each result's ``after`` is the next one's ``before``."""
    results = []
    for end in ends:
        result = score_hand(sheet, end)
        results.append(result)
        sheet = result.after
    return results

def score_hand(sheet: Sheet, end: HandEnd) -> HandScore:
    """Apply one hand's end to ``sheet`` under its variant's scoring rules."""
    if sheet.finished:
        raise ScenarioError(f"the game is over after hand {sheet.hands}"
                            + (f" ({sheet.winner} won)" if sheet.winner else "") + "; no more hands can be scored")
    if end.cards:
        _check_end_cards(sheet.variant, end)
    return game_of(sheet.variant).score_hand(sheet, end)


def _check_end_cards(variant: Variant, end: HandEnd) -> None:
    """The hands a hand's end gives: each one a player of the game can hold, and no card more often
    than the decks hold (ten Kd in a gin hand were scored as 90 points), counted by
    ``cards.check_copies`` as every other group of cards is.  The first upcard is not counted beside
    them: it is one of the deck's cards, and a player who took it (GIN-DEAL) may hold it at the end."""
    table = [card for meld in end.knocker_melds or () for card in meld.cards]  # the knocker's, laid down
    for name, cards in end.cards.items():
        if name == end.knocker and table:
            check_hand_size(len(cards) + len(table), variant, what=f"{name}'s hand with his melds on the table")
        else:
            check_hand_size(len(cards), variant, what=f"{name}'s hand")
    shown = [card for cards in end.cards.values() for card in cards] + table
    check_copies(shown, decks=variant.decks, source="", what="the end of the hand")
