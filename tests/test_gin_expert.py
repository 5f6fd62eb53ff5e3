"""The ``expert`` gin bot: its decisions on positions worked out by hand, and whole legal games."""

from __future__ import annotations

import pytest

from rummycheck.cards import Card, parse_cards
from rummycheck.games import game_of
from rummycheck.sim.bots import BaseBot, View, ViewPhase, bot_class
from rummycheck.sim.engine import play_game
from rummycheck.sim.gin_expert import KNOCK_GAIN, GinExpert, GinExpertRace, Reads, knock_gain, stage_of
from rummycheck.table.actions import ActionKind
from rummycheck.variants import get_variant

GIN = get_variant("gin")


def _view(hand: str, pile: str, *, phase: ViewPhase = ViewPhase.PLAY,
          options: tuple[ActionKind, ...] = (ActionKind.DRAW, ActionKind.TAKE),
          stock: int = 25, taken: str = "", thrown: str = "", mine: str = "", scores: tuple[int, int] = (0, 0),
          drew: str = "none") -> View:
    return View(variant=GIN, seat=0, names=("A", "B"), hand=tuple(parse_cards(hand)), table=(),
                discard_pile=tuple(parse_cards(pile)), stock=stock, scores=scores, hand_sizes=(10, 10),
                opened=(False, False), out=(False, False), taken=((), tuple(parse_cards(taken))),
                thrown=(tuple(parse_cards(mine)), tuple(parse_cards(thrown))), drew=drew, took=None,
                phase=phase, knocker=None, upcard=None, options=options)


def _bot(cls: type[BaseBot] = GinExpert) -> BaseBot:
    import random

    bot = cls()
    bot.setup(seat=0, variant=GIN, rng=random.Random(0))
    return bot


# no meld: 7h 8h, Ks Kd and Qc Jc are pairs, the rest loose: 7+8+10+10+10+10+9+6+4+2 = 76 points
LOOSE = "7h 8h Ks Kd Qc Jc 9s 6d 4c 2s"


@pytest.mark.parametrize("name", ["expert", "knock", "gin", "knock-at-5"])
@pytest.mark.parametrize(("upcard", "choice"), [
    ("9h", ActionKind.TAKE),  # 7h 8h 9h melds 24 points; a king thrown: 76 - 24 + 9 - 10 = 51, 25 less
    ("Th", ActionKind.PASS),  # joins nothing; thrown for a ten-point card it leaves 76: no gain, so passed
])
def test_first_upcard_taken_only_when_it_helps(name: str, upcard: str, choice: ActionKind) -> None:
    """GIN-DEAL: the first upcard is taken by the take rule (6 points or more of gain); before the
    fix every gin bot took it (``options[0]``)."""
    view = _view(LOOSE, upcard, phase=ViewPhase.UPCARD, options=(ActionKind.TAKE, ActionKind.PASS))
    assert _bot(bot_class(name)).start(view) is choice  # type: ignore[arg-type]


# 11 cards after a draw: Ac 2c 3c and 4h 5h 6h meld; the Kd and the Qc are alike (10 points, no
# partner), and throwing either leaves 10 + 7 + 8 + 9 = 34, the least (the 9h leaves 35, the 8d 36)
SAFE = "Ac 2c 3c 4h 5h 6h Kd Qc 7s 8d 9h"


def test_safe_discard_over_an_unsafe_one_with_equal_deadwood() -> None:
    """The opponent took the Jd and holds it, and threw the Jc: the Kd makes Jd Qd Kd with his Jd and one
    more card, while every run through the Qc needs the dead Jc (only a set of queens is left); the
    expert throws the Qc."""
    view = _view(SAFE, "Jc", taken="Jd", thrown="Jc", drew="stock")
    assert _bot().discard(view) == Card.parse("Qc")
    # with its read of the opponent switched off the tie goes to the lower card index, the Kd:
    # so the read is what chose
    blind = type("Blind", (GinExpert,), {"danger_weight": 0.0, "knock_weight": 0.0})
    assert _bot(blind).discard(view) == Card.parse("Kd")


# the same melds with the Td and Tc loose (each the other's only partner), 8s 7d 9h
HAND = "Ac 2c 3c 4h 5h 6h Td Tc 8s 7d 9h"


def test_danger_read_by_hand() -> None:
    """Seen: the hand, the pile (Kh) and his Jd: 52 - 11 - 1 - 1 = 39 unseen, 9 of his cards among them,
    q = 9/39.  The Tc completes a meld with Th Ts, 8c 9c, 9c Jc, Jc Qc (Td is ours): no known card, Jc is
    next to his Jd (boosted: q + (1 - q) / 2), so the danger is 1 - (1 - q^2)(1 - q^2)(1 - q b)^2."""
    view = _view(HAND, "Kh", taken="Jd")
    mine = sum(c.bit for c in view.hand)
    reads = Reads(view, mine, boost=0.5, damp=0.5)
    q = 9 / 39
    b = q + (1 - q) * 0.5
    assert reads.danger(Card.parse("Tc").index) == pytest.approx(1 - (1 - q * q) ** 2 * (1 - q * b) ** 2)
    # the Td: Th Ts (q^2), 8d 9d (q^2), 9d Jd (q x 1, Jd known), Jd Qd (1 x b, Qd next to Jd)
    assert reads.danger(Card.parse("Td").index) == pytest.approx(1 - (1 - q * q) ** 2 * (1 - q) * (1 - b))


def test_a_thrown_card_makes_its_neighbours_safe() -> None:
    """He threw the 9d, and the 9d is in the pile: every meld of the Td through the 9d is dead."""
    view = _view(HAND, "9d", thrown="9d")
    mine = sum(c.bit for c in view.hand)
    reads = Reads(view, mine, boost=0.5, damp=0.5)
    q = 10 / 40  # 52 - 11 - 1 seen, none known: his 10 cards among 40
    d = q * 0.5  # the 8d is next to the thrown 9d (damped); the Jd is not
    assert reads.chance(Card.parse("8d").index) == pytest.approx(d)
    assert reads.chance(Card.parse("Jd").index) == pytest.approx(q)
    # Td: Th Ts (q^2), 8d 9d dead, 9d Jd dead, Jd Qd (q^2)
    assert reads.danger(Card.parse("Td").index) == pytest.approx(1 - (1 - q * q) ** 2)


@pytest.mark.parametrize(("stock", "stage"), [
    (31, 0), (25, 0), (24, 1), (19, 1), (18, 2), (13, 2), (12, 3), (2, 3),
])
def test_stages_of_the_hand(stock: int, stage: int) -> None:
    """The stock above 24 is early (0), 19 to 24 is 1, 13 to 18 is 2, 12 or less is late (3)."""
    assert stage_of(stock) == stage


def test_knock_gain_reads_its_cell() -> None:
    assert knock_gain(10, 25, 0) == KNOCK_GAIN[(10, 0, 0)]
    assert knock_gain(2, 20, 1) == KNOCK_GAIN[(2, 1, 1)]
    assert knock_gain(7, 15, 3) == KNOCK_GAIN[(7, 2, 2)]  # three held count as two or more
    assert knock_gain(4, 9, 0, {}) is None  # no entry: the bot knocks


# 11 cards: As 2s 3s, 4h 5h 6h and 7c 8c 9c meld; Td and Kd loose.  Throwing the Kd keeps 10: a knock
KNOCKER = "As 2s 3s 4h 5h 6h 7c 8c 9c Td Kd"
# the same melds with the 2d and the Kd loose: throwing the Kd keeps 2, and five cards make gin by
# lengthening a run (4s, 3h, 7h, 6c, Tc; the 2d then thrown)
LOW = "As 2s 3s 4h 5h 6h 7c 8c 9c 2d Kd"


@pytest.mark.parametrize(("hand", "stock", "taken", "scores", "knocks"), [
    # early with 10 and nothing of his known: a knock wins his deadwood less 10 nearly always, and
    # playing on risks his knock first (he knocks as soon as he may): the table says knock
    (KNOCKER, 25, "", (0, 0), True),
    # 2 in the middle of the hand: a knock collects his deadwood less 2, playing on keeps five cards
    # that make gin (25 more) and an undercut (25 more) if he knocks into 2: the table says play on
    (LOW, 20, "", (0, 0), False),
    # the same, but he is 20 from the game: a hand won now matters more than its size, knock
    (LOW, 20, "", (0, 80), True),
    # or we are 5 from it: any hand won ends the game
    (LOW, 20, "", (95, 0), True),
])
def test_knock_or_play_on(hand: str, stock: int, taken: str, scores: tuple[int, int], knocks: bool) -> None:
    view = _view(hand, "5c", stock=stock, taken=taken, scores=scores, drew="stock")
    bot = _bot()
    card = bot.discard(view)
    assert bot.knock(view, card) is knocks
    if hand == KNOCKER:
        assert card in parse_cards("Td Kd")  # either leaves 10, the least
    else:
        assert card == Card.parse("Kd")  # leaves 2, the least, whether it knocks or not (the Kd has no partner)
    kept = 10 if hand == KNOCKER else 2
    gain = knock_gain(kept, stock, 0)
    assert gain is not None and (gain >= 0) is (hand == KNOCKER)


def test_gin_is_always_knocked() -> None:
    view = _view("As 2s 3s 4h 5h 6h 7c 8c 9c Tc Kd", "2c", stock=12, taken="Qh Qs Jd", drew="stock")
    bot = _bot(type("Careful", (GinExpert,), {"play_on": 1000.0}))  # would play on with any deadwood
    card = bot.discard(view)
    assert card == Card.parse("Kd")
    assert bot.knock(view, card) is True


@pytest.mark.parametrize("preset", [None, "classic", "openspiel", "oklahoma"])
def test_whole_legal_games_under_every_gin_preset(preset: str | None) -> None:
    """Every action goes through GameState, the judge: an illegal one raises instead of being played."""
    variant = get_variant("gin", oklahoma=True) if preset == "oklahoma" else get_variant("gin", preset=preset)
    for deal in range(4):
        for bots in (["expert", "knock"], ["knock", "expert"], ["expert", "expert"]):
            outcome = play_game(variant, [bot_class(b)() for b in bots], seed=17, deal=deal, labels=bots,
                                max_hands=40)
            assert outcome.hands >= 1


def test_expert_is_a_registered_bot() -> None:
    assert bot_class("expert") is GinExpert
    assert bot_class(" expert ") is GinExpert


def test_expert_race_knocks_where_expert_plays_on_and_throws_the_same() -> None:
    """With 2 deadwood in the middle of the hand `expert`'s table says play on (above); the race
    bot, the analysis's gin rollout bot, knocks as soon as the rules allow, and its discard is
    `expert`'s (the Kd, which leaves 2)."""
    view = _view(LOW, "5c", stock=20, taken="", scores=(0, 0), drew="stock")
    patient, racer = _bot(), _bot(GinExpertRace)
    card = racer.discard(view)
    assert card == patient.discard(view) == Card.parse("Kd")
    assert patient.knock(view, card) is False and racer.knock(view, card) is True
    assert bot_class("expert-race") is GinExpertRace
    assert game_of(get_variant("gin")).rollout_bot == "expert-race"


def test_the_knock_chance_of_the_look_ahead_matches_a_plain_count() -> None:
    """``knock_weight``'s look-ahead (a tuning setting, 0 as shipped): the chance that the next draw
    lets a 10-card hand knock, each unseen card with its weight, against ``test_facts``' plain
    one-deck reference (every meld listed, least deadwood by recursion), on seeded hands."""
    import random

    from test_facts import plain_after_discard

    from rummycheck.cards import full_deck
    from rummycheck.sim.bots import _fast
    from rummycheck.sim.gin_expert import _knock_chance

    fast = _fast(GIN)
    assert fast is not None
    rng = random.Random(7)
    deck = list(full_deck())
    assert [c.index for c in deck] == list(range(52))
    hits = 0
    for _ in range(25):
        # a run of three and a set of three (so that many hands are a draw or two from a knock), four more
        suit, low, rank = rng.randrange(4), rng.randrange(11), rng.randrange(13)
        run = [suit * 13 + low + k for k in range(3)]
        rest = [i for i in range(52) if i not in run]
        held = run + [s * 13 + rank for s in rng.sample(range(4), 3) if s * 13 + rank in rest]
        rng.shuffle(rest)
        held += [i for i in rest if i not in held][:10 - len(held)]
        hand = [c for c in deck if c.index in held]
        unseen = [c for c in deck if c.index not in held]
        weights = [rng.random() for _ in unseen]
        total = sum(weights)
        draws = [(c.bit, w / total) for c, w in zip(unseen, weights)]
        mask = sum(c.bit for c in hand)
        for limit in (0, 10):
            expected = sum(w / total for c, w in zip(unseen, weights)
                           if plain_after_discard(frozenset([*hand, c])) <= limit)
            assert _knock_chance(fast, mask, draws, limit, {}) == pytest.approx(expected)
            hits += expected > 0
    assert hits >= 12, hits  # 18 of the 50 (hand, limit) pairs have a card that knocks: the count is tested
