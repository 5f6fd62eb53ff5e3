"""A game added from outside the package: one Game subclass and one variant TOML.

"Seven-card knock" is a small house game written here, not shipped: one deck, two to
four players, seven cards each, sets and runs as in basic rummy (ace low); a turn is a
draw and a discard; a player whose deadwood after discarding is at most ``knock_limit``
may knock, and the hand ends.  Each other player pays the knocker the points he holds.
The test registers it and runs ``solve``, ``check`` and ``score`` on it through the
command line, so the package must not assume it knows every game; the conformance suite
(``tests/conformance/``) plays it through the engine (deal, random legal hands that knock or
run the stock out, replay, scoring) like the shipped games.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rummycheck.cards import Card
from rummycheck.cli import app
from rummycheck.errors import VariantError
from rummycheck.games.base import Game, PlayerView, TableView, register_game, solution_of, unregister_game
from rummycheck.games.scoring import HandEnd, HandScore, Ledger, Sheet, check_player, counted, finish_sheet
from rummycheck.games.solve import best_discard
from rummycheck.melds import Meld, TableMeld, meld_problems
from rummycheck.results import LayOff, Reason, Solution
from rummycheck.solvers.base import Finder
from rummycheck.solvers.deadwood import min_deadwood
from rummycheck.solvers.exact import search

VARIANT = """
name = "sevens"
title = "Seven-card knock"
summary = "one deck, seven cards, knock at 5"

[[rules]]
id = "SEVENS-DEAL"
text = "One 52-card deck, two to four players, seven cards each."
options = [
  { name = "decks", type = "int", default = 1, min = 1, max = 1 },
  { name = "wild_rank", type = "choice", default = "none", choices = ["none"] },
  { name = "min_players", type = "int", default = 2, min = 2, max = 4 },
  { name = "max_players", type = "int", default = 4, min = 2, max = 4 },
  { name = "hand_size", type = "int", default = 7, min = 3, max = 10 },
]

[[rules]]
id = "SEVENS-MELD"
text = "Sets of three or four of a rank; runs of three or more of a suit, ace low."
options = [
  { name = "ace", type = "choice", default = "low", choices = ["low"] },
  { name = "set_max", type = "int_or_none", default = 4, min = 3, max = 4 },
  { name = "set_duplicates", type = "bool", default = false },
  { name = "ace_points", type = "int", default = 1, min = 0, max = 20 },
  { name = "face_points", type = "int", default = 10, min = 0, max = 20 },
]

[[rules]]
id = "SEVENS-TURN"
text = "A turn is a draw and a discard; melds go down only with a knock; an empty stock ends the hand unscored."

[[rules]]
id = "SEVENS-KNOCK"
text = "After discarding, a player with at most knock_limit points of deadwood may knock; the hand ends."
options = [
  { name = "knock_limit", type = "int", default = 5, min = 0, max = 20 },
]

[[rules]]
id = "SEVENS-SCORE"
text = "Every other player pays the knocker the points he holds."

[[disputes]]
rule = "SEVENS-KNOCK"
option = "knock_limit"
readings = [3, 5, 7]
actions = ["knock"]
point = "how low a knock must be"
"""


class Sevens(Game):
    name = "sevens"
    DEAL = PLAYERS = "SEVENS-DEAL"
    TURN = DISCARD = "SEVENS-TURN"
    SET = RUN = "SEVENS-MELD"
    VALUES = "SEVENS-MELD"
    OUT = "SEVENS-KNOCK"
    LAYOFF = "SEVENS-TURN"
    END_KEYS = ("out",)
    melds_open = False  # the knocker's melds go down with the knock; nobody opens

    def limit(self) -> int:
        return int(self.variant.option("knock_limit") or 0)

    # -- the hand in play (the engine asks these) ------------------------------------------------
    def lays_down(self, state: TableView) -> bool:
        return False

    def lay_down_rules(self, state: TableView, melds: Sequence[Meld], layoffs: Sequence[LayOff],
                       after: PlayerView, table: Sequence[TableMeld], problems: list[Reason],
                       passed: list[Reason]) -> None:
        problems.append(Reason("SEVENS-TURN", "melds go down only with a knock, and nobody lays off"))

    def exhausted(self, state: TableView) -> Reason | None:
        return Reason("SEVENS-TURN", "the stock is empty: the hand ends and nobody scores")

    def may_knock(self, state: TableView) -> bool:
        return state.drew != "none" and state.phase == "play"

    def knock_candidates(self, state: TableView) -> list[Card | None]:
        hand = list(state.player.hand)
        if not self.may_knock(state) or not state.player.known:
            return []
        found: list[Card | None] = []
        for card in dict.fromkeys(hand):
            rest = list(hand)
            rest.remove(card)
            if min_deadwood(rest, variant=self.variant) <= self.limit():
                found.append(card)
        return found

    def knock_arrangement(self, state: TableView, discard: Card | None, melds: Sequence[Meld] | None
                          ) -> tuple[list[Reason], list[Reason], tuple[Meld, ...], tuple[Card, ...]]:
        player = state.player
        if not self.may_knock(state):
            return [Reason("SEVENS-TURN", f"{player.name} knocks after drawing")], [], (), ()
        if discard is None or discard not in player.hand:
            return [Reason("SEVENS-KNOCK", f"{player.name} knocks with a discard he holds")], [], (), ()
        rest = list(player.hand)
        rest.remove(discard)
        if melds is None:
            best = search(rest, variant=self.variant)
            melds = best.melds if best is not None else ()
        left = list(rest)
        for meld in melds:
            for card in meld.cards:
                if card not in left:
                    return [Reason("SEVENS-KNOCK", f"{player.name} does not hold {card} for {meld}")], [], (), ()
                left.remove(card)
            if meld_problems(meld, self.variant):
                return [Reason("SEVENS-MELD", f"{meld}: {'; '.join(meld_problems(meld, self.variant))}")], [], (), ()
        points = self.variant.points(left)
        if points > self.limit():
            return [Reason("SEVENS-KNOCK", f"deadwood {points} > {self.limit()}: may not knock")], [], (), ()
        return [], [Reason("SEVENS-KNOCK", f"deadwood {points} <= {self.limit()}: may knock")], tuple(melds), \
            tuple(left)

    def solve_hand(self, hand: tuple[Card, ...], *, score: int, opened: bool, find: Finder, solver: str,
                   mask: int = 0) -> Solution:
        discard: Card | None = None
        if len(hand) == self.variant.hand_size + 1:  # just drew: the best discard first
            best = best_discard(hand, self.variant, find)
            assert best is not None
            discard, arrangement = best
        else:
            found = find(hand, variant=self.variant)
            assert found is not None
            arrangement = found
        ok = arrangement.points <= self.limit()
        relation = "<=" if ok else ">"
        reasons = [Reason("SEVENS-KNOCK", f"deadwood {arrangement.points} {relation} {self.limit()}: "
                                          + ("may knock" if ok else "may not knock"))]
        return solution_of(hand, self.variant, arrangement, legal=ok, reasons=reasons, solver=solver,
                           score=score, opened=opened, discard=discard)

    def score_hand(self, sheet: Sheet, end: HandEnd) -> HandScore:
        knocker = check_player(sheet, end.out, "knocked")
        ledger = Ledger(sheet)
        for name in sheet.names:
            if name != knocker:
                points, how = counted(sheet, end, name, rule="SEVENS-MELD")
                ledger.add(knocker, points, "SEVENS-SCORE", f"{name} pays {how}")
        after = finish_sheet(sheet, ledger, won=knocker)
        return HandScore(number=sheet.hands + 1, before=sheet, after=after, lines=tuple(ledger.lines),
                         hand_winner=knocker)


runner = CliRunner()


@pytest.fixture(autouse=True, scope="module")
def sevens_registered() -> Iterator[None]:
    register_game(Sevens, variant_toml=VARIANT)
    yield
    unregister_game("sevens", variant="sevens")


def test_solve_answers_with_the_new_games_rules() -> None:
    # 8 cards just after drawing: 4c 5c 6c and 9s 9h 9d meld; discarding the Kd leaves the Ah (1 point)
    result = runner.invoke(app, ["solve", "--cards", "4c 5c 6c 9s 9h 9d Ah Kd", "--variant", "sevens", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["variant"] == "sevens" and data["discard"] == "Kd" and data["deadwood_points"] == 1
    assert data["legal"] is True and data["reasons"][0]["rule"] == "SEVENS-KNOCK"
    # nothing in its answers speaks of the shipped games
    assert "BING" not in result.stdout and "GIN" not in result.stdout and "BASIC" not in result.stdout


def test_check_judges_a_turn_with_the_new_games_rule_ids(tmp_path: Path) -> None:
    scenario = tmp_path / "turn.toml"
    scenario.write_text('variant = "sevens"\n\n[[players]]\nname = "A"\nhand = "4c 5c 6c 9s 9h 9d Ah"\n\n'
                        '[[players]]\nname = "B"\nhand_size = 7\n\n[turn]\nplayer = "A"\n\n'
                        '[pile]\ndiscard = "Qs"\nstock = 30\n', encoding="utf-8")
    legal = runner.invoke(app, ["check", str(scenario), "--play", "draw Kd; discard Kd", "--json"])
    assert legal.exit_code == 0, legal.output
    assert json.loads(legal.stdout)["legal"] is True
    twice = runner.invoke(app, ["check", str(scenario), "--play", "draw Kd; draw", "--json"])
    assert twice.exit_code == 1, twice.output
    verdict = json.loads(twice.stdout)
    assert verdict["rules"] == ["SEVENS-TURN"]  # "A already drew this turn", under the new game's rule id
    not_held = runner.invoke(app, ["check", str(scenario), "--play", "take; discard 2s"])
    assert not_held.exit_code == 1 and "SEVENS-TURN" in not_held.stdout


def test_score_uses_the_new_games_scoring(tmp_path: Path) -> None:
    sheet = tmp_path / "night.toml"
    sheet.write_text('variant = "sevens"\nplayers = ["A", "B", "C"]\n\n[[hands]]\nout = "A"\n'
                     'cards = { B = "Kd 3c", C = "Ah 2h" }\n', encoding="utf-8")
    result = runner.invoke(app, ["score", str(sheet), "--json"])
    assert result.exit_code == 0, result.output
    hand = json.loads(result.stdout)["hands"][0]
    # B holds 10 + 3 = 13, C holds 1 + 2 = 3: A collects 16
    assert hand["scores"] == {"A": 16, "B": 0, "C": 0}
    assert {line["rule"] for line in hand["lines"]} == {"SEVENS-SCORE"}


def test_rules_lists_the_new_game() -> None:
    result = runner.invoke(app, ["rules", "sevens"])
    assert result.exit_code == 0 and "SEVENS-KNOCK" in result.stdout


def test_a_game_the_registry_does_not_know_is_a_clear_error(tmp_path: Path) -> None:
    from rummycheck.games import game_of
    from rummycheck.variants import get_variant, register_variant_text, unregister_variant

    register_variant_text(VARIANT.replace('name = "sevens"', 'name = "orphan"\ngame = "nosuchgame"'))
    try:
        with pytest.raises(VariantError, match="plays 'nosuchgame', which is not a known game"):
            game_of(get_variant("orphan"))
    finally:
        unregister_variant("orphan")


def test_the_new_game_knocks_through_the_engine_without_any_hand_state_of_its_own() -> None:
    """Sevens defines none of the hand-state hooks: its knock, lay-off phase and finish are the
    judge's, and ``GameState.extra`` stays None (gin's offer, counts and knock are gin's alone).
    The hands are played knocking whenever legal and otherwise discarding for the least deadwood."""
    import random

    from rummycheck.table.actions import ActionKind
    from rummycheck.table.hand import new_hand

    knocked = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = new_hand("sevens", players=2, seed=seed)
        states = [state]
        while not state.is_over and len(states) < 500:
            moves = state.legal_actions()
            knocks = [m for m in moves if m.kind is ActionKind.KNOCK]
            discards = [m for m in moves if m.kind is ActionKind.DISCARD and m.card is not None]
            if knocks or not discards:
                state = state.apply(rng.choice(knocks or moves))
                states.append(state)
                continue
            hand = state.player.hand
            after = [min_deadwood([c for i, c in enumerate(hand) if i != hand.index(m.card)], variant=state.variant)
                     for m in discards]  # the deadwood each discard leaves
            state = state.apply(discards[after.index(min(after))])
            states.append(state)
        knocked += any(s.knocker is not None for s in states)
        assert all(s.extra is None for s in states)
    assert knocked >= 3  # most hands reach a knock (a hand may run the stock out first)
