"""A simple random-legal-move driver: plays seeded deals out with GameState's can_X, writing
the actions as record strings, so tests can make endless legal records.

Every move is chosen among moves the judge allows (``can_draw_stock``, ``can_take_discard``,
``can_lay_down``, ``can_discard``, ``can_knock``, ``can_pass``, ...); lay-downs are the
exact solver's play of the hand.  A hand stops when it is over, when the player to move has
no legal move (a Bing player whose every discard breaks BING-LIMIT-HOLD) or after
``max_actions``.
"""

from __future__ import annotations

import random
from dataclasses import replace

from rummycheck.cards import Card
from rummycheck.games.gin import gin_hand
from rummycheck.melds import Meld
from rummycheck.results import LayOff
from rummycheck.solvers.exact import search
from rummycheck.solvers.layoffs import exact_play
from rummycheck.table.deal import deal_hand, deal_record
from rummycheck.table.replay import HandRecord, HandRun, Record, RecordAction, next_dealer, replay, start_sheet
from rummycheck.variants import OptionValue, Variant


def _meld_text(melds: tuple[Meld, ...] | list[Meld]) -> str:
    return " / ".join(str(m) for m in melds)


def _layoff_text(lo: LayOff, variant: Variant) -> str:
    # a wild always says what it stands for: on its own it may fit only after a later lay-off
    card = f"{lo.card}={lo.stands_for}" if lo.card != lo.stands_for or variant.is_wild(lo.card) else str(lo.card)
    return f"layoff {card} on {lo.target}"


class Driver:
    def __init__(self, run: HandRun, rng: random.Random, *, name_draws: bool) -> None:
        self.run = run
        self.rng = rng
        self.name_draws = name_draws
        self.actions: list[str] = []
        self.restock: list[tuple[Card, ...]] = []
        self.unrecorded = False  # the stock was renewed in an order the record does not give

    @property
    def state(self):  # type: ignore[no-untyped-def]
        return self.run.state

    def say(self, text: str) -> None:
        self.actions.append(f"{self.state.player.name} {text}")

    def draw(self) -> None:
        state, run = self.state, self.run
        if state.variant.name == "basic" and state.stock == 0:
            pile = state.discard_pile[:-1]
            self.rng.shuffle(pile)
            run.stock = list(pile)
            if self.rng.random() < 0.5:
                self.restock.append(tuple(pile))  # the record knows the renewed order
            else:
                self.unrecorded = True  # then every draw names its card
        card = run.stock[0]
        named = self.name_draws or self.unrecorded
        self.say(f"draw {card}" if named else "draw")
        state.draw_stock(card)
        run.stock.pop(0)

    def take(self) -> None:
        self.say(f"take {self.state.top_discard}" if self.rng.random() < 0.5 else "take")
        self.state.take_discard()

    def discard_any(self, prefer: list[Card] | None = None) -> bool:
        """Discard the first legal card of ``prefer`` (then of the hand in random order)."""
        state = self.state
        choices = sorted(set(state.player.hand))
        self.rng.shuffle(choices)
        for card in (prefer or []) + choices:
            if state.can_discard(card):
                self.say(f"discard {card}")
                state.discard(card)
                return True
        return False

    def lay_down(self, needed: int) -> bool:
        state = self.state
        layoffs: tuple[LayOff, ...]
        if needed:  # an opening: the solver's melds alone (cheaper than a search with lay-offs)
            arrangement = search(state.player.hand, variant=state.variant, min_melds=needed)
            if arrangement is None:
                return False
            melds, layoffs = arrangement.melds, ()
        else:
            found = exact_play(state.player.hand, state.table, variant=state.variant)
            if found is None:
                return False
            _, melds, layoffs, _ = found
        if not melds and not layoffs:
            return False
        if not state.can_lay_down(melds, layoffs):
            return False
        texts = []
        if melds:
            texts.append(f"meld {_meld_text(melds)}")
        texts.extend(_layoff_text(lo, state.variant) for lo in layoffs)
        for text in texts:
            self.say(text)
        state.lay_down(melds, layoffs)
        return True

    # -- one turn per game -------------------------------------------------------------
    def turn(self) -> bool:
        """Play one turn; False when the hand cannot go on."""
        name = self.state.variant.name
        return {"bing": self.bing_turn, "basic": self.basic_turn, "gin": self.gin_turn}[name]()

    def bing_turn(self) -> bool:
        state, rng = self.state, self.rng
        needed = 0 if state.player.opened else int(state.variant.option("opening_melds") or 1)
        if rng.random() < 0.4 and self.lay_down(needed):
            if state.phase == "over":
                return True
            self.say("end")
            state.end_turn()
            return True
        if state.can_draw_stock() and (rng.random() < 0.7 or not state.can_take_discard()):
            self.draw()
        elif state.can_take_discard():
            self.take()
        else:
            return False
        return self.discard_any()

    def basic_turn(self) -> bool:
        state, rng = self.state, self.rng
        if state.stock == 0 and not state.can_draw_stock():
            return False  # BASIC-STOCK: the stock cannot be renewed again: a stalemate
        if state.stalemate() is not None:
            return False
        if state.can_take_discard() and rng.random() < 0.3:
            self.take()
        elif state.can_draw_stock():
            self.draw()
        else:
            return False
        if rng.random() < 0.8:
            self.lay_down(0)
        if state.phase == "over":
            return True
        return self.discard_any()

    def gin_turn(self) -> bool:
        state, rng = self.state, self.rng
        if state.phase == "layoff":
            return self.defend()
        if state.game.offer_open(state):
            if rng.random() < 0.5:
                self.say("pass")
                state.pass_turn()
                return True
            self.take()
        elif not state.can_draw_stock():
            if state.can_pass() and rng.random() < 0.5:
                self.say("pass")
                state.pass_turn()
            return False if state.phase != "over" else True
        elif state.can_take_discard() and rng.random() < 0.3:
            self.take()
        else:
            self.draw()
        hand = state.player.hand
        best = search(hand, variant=state.variant)
        if best is not None and not best.deadwood and state.can_knock(None) and rng.random() < 0.8:
            self.say("knock")
            state.knock(None)
            return True
        # throw the highest deadwood card of the best arrangement of the eleven cards
        worst = sorted(best.deadwood if best else hand, key=lambda c: -state.variant.card_points(c))
        if worst and rng.random() < 0.85 and state.can_knock(worst[0]) and rng.random() < 0.8:
            card = worst[0]
            rest = list(hand)
            rest.remove(card)
            arrangement = search(rest, variant=state.variant)
            if arrangement is not None and arrangement.melds and rng.random() < 0.5:
                melds = list(arrangement.melds)
                self.say(f"knock {card} with {_meld_text(melds)}")
                state.knock(card, melds)
            else:
                self.say(f"knock {card}")
                state.knock(card)
            return True
        return self.discard_any(worst[:1] if rng.random() < 0.85 else None)

    def defend(self) -> bool:
        state = self.state
        if not gin_hand(state).gin and self.rng.random() < 0.8:
            arrangement = search(state.player.hand, variant=state.variant)
            if arrangement is not None and arrangement.melds and state.can_lay_down(arrangement.melds, ()):
                self.say(f"meld {_meld_text(arrangement.melds)}")
                state.lay_down(arrangement.melds, ())
            knocker = state.players[state.knocker].name
            for card in list(state.player.hand):
                for t in list(state.table):
                    if t.owner == knocker and state.can_lay_off(card, t.number):
                        self.say(f"layoff {card} on {t.number}")
                        state.lay_off(card, t.number)
                        break
        self.say("finish")
        state.finish()
        return True


def play_hand(run: HandRun, rng: random.Random, *, max_actions: int = 300, name_draws: bool = False
              ) -> tuple[list[str], list[tuple[Card, ...]]]:
    driver = Driver(run, rng, name_draws=name_draws)
    while run.state.phase != "over" and len(driver.actions) < max_actions:
        if not driver.turn():
            break
    return driver.actions, driver.restock


def random_game(variant: str, players: int, seed: int, *, hands: int = 1, max_actions: int = 300,
                rules: tuple[tuple[str, OptionValue], ...] = (), start: tuple[tuple[str, int], ...] = ()) -> Record:
    """A record of up to ``hands`` hands dealt from ``seed`` and played out at random (legal moves
    only), each hand carrying the running scores the engine gives (and Bing buy-backs at random)."""
    rng = random.Random(seed * 7919 + 1)
    record = replace(deal_record(variant, players=players, seed=seed, rules=rules), start=start)
    played: list[HandRecord] = []
    sheet = start_sheet(record)
    dealer = record.dealer
    for number in range(hands):
        deal = record.hands[0]
        if number > 0:
            done = replay(replace(record, hands=tuple(played)))
            last = done.hands[-1]
            if not done.legal or not last.ending or last.score is None or done.sheet.finished:
                break
            sheet = done.sheet
            dealer = next_dealer(sheet, record.players, dealer)
            in_game = [p.name for p in sheet.players if not p.out]
            deal = deal_hand(random.Random(seed * 31 + number), record.variant, in_game, dealer)
        run = HandRun(replace(record, hands=(*played, deal)), number, sheet, dealer)
        actions, restock = play_hand(run, rng, max_actions=max_actions, name_draws=rng.random() < 0.3)
        hand = replace(deal, actions=tuple(RecordAction(a) for a in actions), restock=tuple(restock))
        played.append(hand)
        done = replay(replace(record, hands=tuple(played)))
        result = done.hands[-1].score if done.hands else None
        if result is not None:
            buyback = tuple(n for n in result.busted if rng.random() < 0.5)
            hand = replace(hand, buyback=buyback)
            played[-1] = hand
            again = replay(replace(record, hands=tuple(played)))
            after = again.hands[-1].score
            if after is not None:
                played[-1] = replace(hand, scores=tuple(after.after.scores().items()))
    return replace(record, hands=tuple(played))
