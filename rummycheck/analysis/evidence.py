"""The other players' choices as evidence about their hands: a weight for each sample.

``determinize`` deals the unseen cards uniformly.  But a player who threw the 7h is less
likely to hold 7c 7d or 6h 8h than a uniform deal says, and the same goes for an upcard he
declined; one who took the 9c from the pile likely holds what it melds with (the pile model
below).  ``sample_weight(observation, sample)`` is the likelihood of the others' seen
throws and passes given their hands in ``sample``, under this model of a discard:

* a card's **partners** in a hand are the other cards of its rank and the cards of its suit
  at most two ranks away (the cards it could make a meld with); wild cards are nobody's
  partners and are never counted;
* a player throws (or declines) card ``d`` from the cards ``S`` he could have thrown with
  chance ``exp(-beta * partners(d, S - d)) / sum over c in S of exp(-beta * partners(c, S - c))``,

and the factors of each other player's ``RECENT`` latest throws and passes are
multiplied.  ``S`` is taken to be his hand in the sample plus ``d``: the cards he drew
after the throw are not told apart from the ones he held then, which is why only the
latest throws count (his hand has changed least since).

How gin's ``beta`` (``Game.evidence_beta``, 0.5) was chosen (``bench/fit_discard_model.py``):
fitted to the shipped gin bots' own discards, with the hands they truly held, the maximum-likelihood ``beta`` is 1.25 (a
mean log-likelihood of -1.83 a discard against -2.40 for a uniform choice, on 2,218
held-out discards).  Used for weighting, with the approximate hand above, that is too
sharp: the weights collapse onto a few samples.  On positions from seeded hands (seed
99, 40 positions, 150 samples each, the gin bots as they were before their first-upcard
fix), the log loss of the chance that the opponent holds
each unseen card was 780.4 for uniform samples and lowest, 747.0, at ``beta`` 0.5 with
the latest 4 throws (0.75 with 3: 750.8; 1.25 with all of them: worse than uniform once
the samples are too few); ``tests/test_evidence.py`` checks the chosen setting on other
seeds.  Basic and Bing were chosen the same way (``bench/fit_evidence_beta.py``): the log
loss of the chance that the next player holds each unseen card, 40 positions of seeded
hands (seed 99; basic ``eager`` against ``patient``, Bing ``early``, ``common``, ``sandbag``,
``common``), 150 samples each.  Basic: 629.6 uniform; 611.1, 602.6, 605.9, 620.4, 672.2 at
``beta`` 0.25, 0.5, 0.75, 1.0, 1.5, so 0.5; held out (seeds 41, 1234, 7): 500.5 to 465.4,
611.1 to 585.2, 568.2 to 537.2.  Bing (two decks and wild deuces: the chance of holding a
copy): 717.9 uniform; 709.3, 706.6, 705.1, 710.7, 734.6, 918.4 at 0.1, 0.15, 0.25, 0.35,
0.5, 1.0, so 0.25; held out (seeds 41, 1234): 568.2 to 559.2, 662.6 to 656.0, a small gain
(Bing hands hold fourteen cards and change by whole melds).  Bing has no hand-quality
table, so its samples are uniform deals weighed by this evidence (the weighted means and race
of ``analysis.evaluate``); basic has one since this release (below).  A game whose ``evidence_beta`` is None
gets weight 1, uniform samples as before.

**Takes and draws over the top discard** (``pile_log_likelihood``, ``Game.pile_model``).  A
player who takes the 9c from the pile nearly always has the cards it completes a meld with; one
who draws from the stock over it nearly always has not.  Each sample also gets the likelihood of
each other player's ``RECENT`` latest such choices (the observation's ``taken`` and ``left``
cards), under a logistic: the chance of taking card ``d`` into hand ``S`` (for a take, his hand in
the sample less ``d``; for a draw over it, his hand in the sample) is ``1 / (1 + e^-z)`` with
``z = constant + meld x [d completes a meld of three with S] + per_partner x min(3, partners(d, S))``.
A taken card he has thrown again is skipped (the hand it joined is gone).  Fitted by
``bench/fit_pile_model.py`` to the shipped bots' choices with the hands they held (seed 777;
gin ``knock`` and ``expert-race`` against ``gin``, basic ``eager`` against ``patient``): gin
(-5.75, 5.0, 0.75), a mean log-likelihood of -0.109 a choice on 7,661 held-out choices
(seed 778) against -0.412 for a constant chance (the bots take 70% to 82% of the cards that
complete a meld and under 2% of the others); basic (-1.75, 1.75, 1.0), -0.473 against -0.643 (its
bots also take cards that only pair).  Used for the weights as fitted: the log loss of the
chance that the opponent holds each unseen card, on positions of seed 99 (40 positions),
fell from 692.8 to 683.3 in gin (half the setting: 683.5) and from 602.6 to 591.0 in basic;
``tests/test_evidence.py`` checks it on seeds 41 and 1234.  Bing's choice of pile has no
setting (``pile_model`` None): its draws and takes say nothing, as before.  Fitted the same way
(wild cards on top left out: anybody takes a deuce), Bing's bots give (-3.75, 2.25, 0.75),
-0.449 a choice held out against -0.636, but used for the weights it placed the next player's
cards worse on seed 99 (log loss 705.1 uniform, 798.0 with it, 739.8 at half the setting): a
Bing hand of fourteen cards from two decks changes by whole melds, and the hand held when he
took or drew is too far from the one in the sample.

**Hand quality** (``hand_quality``).  The discard model says which cards a player is unlikely
to hold; it says nothing of how good his hand is, and a played hand is far better than a
uniform deal: a player who has thrown his worst card every turn for six turns holds 10 or
less deadwood about 40 times as often as a uniform deal of the unseen cards says (and 46
or more about a tenth as often).  Dealing opponents uniformly made knocking look safe and
waiting look costly (an opponent of random quality rarely undercuts), so the review called
the ``gin`` bot, which wins on points by waiting and undercutting, the blunderer.  The
game's table (gin: ``data/gin_opponent_deadwood.toml``, made by
``bench/fit_opponent_deadwood.py`` from the shipped gin bots' hands in seeded games) gives,
by the holder's throws this hand and his hand's least deadwood, the ratio of the played
hands' distribution to the uniform deals'.  On held-out games (seed 902, 7,865 discards)
the mean log-likelihood of the opponent's true cell was -2.69 under uniform deals, -1.45
under the table's weights, and -1.58 for deals drawn as ``draw_sample`` draws them (one
of ``CANDIDATES`` uniform deals kept with chance proportional to its weight; the script
weighs by the table alone, ``draw_sample`` by the discard evidence too; the kept deal then
counts 1, so no few deals carry all the weight).  The table is fitted to bots; people also throw their worst cards, but
their hands were not measured.  Basic's table (``data/basic_opponent_deadwood.toml``, by
``bench/fit_opponent_deadwood.py --game basic``: ``eager`` and ``patient``, two players) counts
only an opponent who still holds all ten cards, and ``hand_quality`` weighs only such hands (a
hand with melds laid down gets 1).  Held out (seed 902, 6,103 discards): -2.77 uniform, -1.47
weighted, -1.69 drawn; on positions of seeds 41, 1234 and 7 it placed B's cards and his deadwood
better than the weighted uniform deals basic used before (``tests/test_evidence.py``).  Basic
with three or four players deals seven cards, and the game picks the table by the number of
players (``Game.quality_table_for``; the hand counted as full is ``Game.dealt_size``):
``data/basic3_opponent_deadwood.toml`` and ``data/basic4_opponent_deadwood.toml``, by
``bench/fit_opponent_deadwood.py --game basic --players 3 4`` (``eager`` and ``patient`` in every
seating with both, every opponent of the player to throw counted while he holds his seven
cards).  A table for each count, because one fitted on both placed the held-out hands worse
(seed 902): three players -1.84 uniform, -1.27 its own table, -1.31 the common one (30,043
hands); four players -1.37, -1.24, -1.25 (53,647); drawn by its own table -1.32 and -1.25.  A
played seven-card hand is nearer a uniform deal than a ten-card one, the more so with four
players (the largest weight about 23 with three, 8 with four, 100 with two).  Five or six
players, or another deal size, get 1.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Sequence
from functools import cache

from rummycheck.cards import Card, full_deck
from rummycheck.dealing import shuffle
from rummycheck.errors import RummyError
from rummycheck.melds import Meld, TableMeld, extend_meld, may_join, meld_problems
from rummycheck.solvers.deadwood import min_deadwood
from rummycheck.table.actions import ActionKind
from rummycheck.table.observation import DEAL_TRIES, Observation, SeenCard
from rummycheck.table.state import GameState, PlayRecord
from rummycheck.variants import Variant

__all__ = ["CANDIDATES", "DEADWOOD_BINS", "RECENT", "THROW_BINS", "cell", "could_not_go_out", "discard_log_likelihood",
           "draw_sample", "hand_quality", "kept_cards", "makes_meld", "partners", "pile_log_chance",
           "pile_log_likelihood", "quality_table", "sample_weight"]

#: the latest throws and passes of each other player that count
RECENT = 4
#: the hand-quality table's rows (the opponent's throws so far this hand) and columns (the least
#: deadwood of his hand), by their lower bounds
THROW_BINS = (0, 2, 4, 6, 9)
DEADWOOD_BINS = (0, 11, 21, 31, 46, 61)


#: the uniform deals a weighed sample is drawn from (sampling-importance-resampling)
CANDIDATES = 24


def cell(throws: int, deadwood: int) -> tuple[int, int]:
    """The hand-quality table's cell of a hand: (its row by throws, its column by deadwood)."""
    return (sum(1 for b in THROW_BINS if throws >= b) - 1, sum(1 for b in DEADWOOD_BINS if deadwood >= b) - 1)


def _melds_with(a: Card, b: Card, decks: int) -> bool:
    """Whether two natural cards are partners: the same rank (a card and a second deck's copy of
    it too), or the same suit within two ranks.  The one rule every count below uses."""
    if a.number == b.number:
        return a != b or decks > 1
    return a.suit == b.suit and abs(a.number - b.number) <= 2


def partners(card: Card, others: Sequence[Card], variant: Variant) -> int:
    """The cards of ``others`` that ``card`` could meld with: its rank, or its suit within two ranks."""
    if variant.is_wild(card):
        return 0
    return sum(1 for other in others if not variant.is_wild(other) and _melds_with(card, other, variant.decks))


@cache
def _partner_masks() -> tuple[int, ...]:
    """By card index (one deck, no wild cards): the bitmask of the cards it could meld with."""
    deck = full_deck()
    return tuple(sum(1 << other.index for other in deck if other != card and _melds_with(card, other, 1))
                 for card in deck)


def discard_log_likelihood(card: Card, hand: Sequence[Card], variant: Variant, beta: float) -> float:
    """The log of the model's chance that a player holding ``hand`` (which includes ``card``)
    throws ``card``."""
    if variant.decks == 1 and variant.wild_number is None:  # the quick count: bitmasks (gin)
        masks = _partner_masks()
        held = 0
        for c in hand:
            held |= 1 << c.index
        scores = [-beta * (masks[c.index] & held).bit_count() for c in hand]
        mine = -beta * (masks[card.index] & held).bit_count()
    else:
        cards = list(hand)
        counts = [0] * len(cards)  # partners of each card among the others, counted pairwise once
        wild = [variant.is_wild(c) for c in cards]
        for i, a in enumerate(cards):
            if wild[i]:
                continue
            for j in range(i + 1, len(cards)):
                if not wild[j] and _melds_with(a, cards[j], variant.decks):
                    counts[i] += 1
                    counts[j] += 1
        scores = [-beta * n for n in counts]
        mine = scores[cards.index(card)]
    top = max(scores)
    return mine - (top + math.log(math.fsum(math.exp(s - top) for s in scores)))


def makes_meld(card: Card, hand: Sequence[Card], variant: Variant) -> bool:
    """Whether ``card`` completes a meld of three with cards of ``hand`` (which does not hold it):
    two more of its rank, or two of its suit next to it in a row of three, a wild card standing in
    for one missing card.  Aces count low only (a row of three stops at the ace and the king)."""
    if variant.is_wild(card):
        return False
    wilds = sum(1 for c in hand if variant.is_wild(c))
    natural = [c for c in hand if not variant.is_wild(c)]
    if sum(1 for c in natural if c.number == card.number and (c != card or variant.decks > 1)) + min(wilds, 1) >= 2:
        return True
    ranks = {c.number for c in natural if c.suit == card.suit}
    for low in range(card.number - 2, card.number + 1):
        window = [n for n in range(low, low + 3) if n != card.number]
        if low >= 1 and low + 2 <= 13 and sum(1 for n in window if n not in ranks) <= min(wilds, 1):
            return True
    return False


@cache
def _meld_masks() -> tuple[tuple[int, tuple[int, ...]], ...]:
    """By card index (one deck, no wild cards): the bitmask of the other cards of its rank, and the
    pairs of its suit that make a row of three with it (as two-bit masks)."""
    deck = full_deck()
    found = []
    for card in deck:
        rank = sum(1 << c.index for c in deck if c.number == card.number and c != card)
        n, base = card.number, card.index - (card.number - 1)  # base: the suit's ace
        rows = tuple((1 << (base + a - 1)) | (1 << (base + b - 1))
                     for a, b in ((n - 2, n - 1), (n - 1, n + 1), (n + 1, n + 2)) if a >= 1 and b <= 13)
        found.append((rank, rows))
    return tuple(found)


def _quick_pile(card: Card, held: int, took: bool, model: tuple[float, float, float]) -> float:
    """``pile_log_likelihood`` on bitmasks (one deck, no wild cards): ``held`` is the hand's mask
    without the card."""
    rank, rows = _meld_masks()[card.index]
    melds = (rank & held).bit_count() >= 2 or any(row & held == row for row in rows)
    return pile_log_chance(melds, (_partner_masks()[card.index] & held).bit_count(), took, model)


def pile_log_likelihood(card: Card, hand: Sequence[Card], took: bool, variant: Variant,
                        model: tuple[float, float, float]) -> float:
    """The log of the model's chance that a player holding ``hand`` (without ``card``) takes the
    ``card`` on top of the pile (``took``), or draws from the stock over it: a logistic in
    whether the card completes a meld with the hand (``makes_meld``) and its partners there
    (at most 3 counted).  A wild card says nothing of the hand (anybody takes a deuce): 0, the
    log of a chance that is the same for every hand."""
    if variant.is_wild(card):
        return 0.0
    return pile_log_chance(makes_meld(card, hand, variant), partners(card, hand, variant), took, model)


def pile_log_chance(melds: bool, near: int, took: bool, model: tuple[float, float, float]) -> float:
    """The pile model's logistic itself: the log of the chance of a take (``took``) or of a draw
    over the card, for a top card that completes a meld (``melds``) and has ``near`` partners in
    the hand (at most 3 counted), computed without overflow either way."""
    constant, meld, per_partner = model
    z = constant + (meld if melds else 0.0) + per_partner * min(3, near)
    x = z if took else -z
    return -math.log1p(math.exp(-x)) if x >= 0 else x - math.log1p(math.exp(x))


def sample_weight(observation: Observation, sample: GameState) -> float:
    """The likelihood of the other players' seen throws and passes given their hands in ``sample``
    (1 for a game without a fitted beta)."""
    return _evidence(observation, [p.hand for p in sample.players])


def _others_seen(observation: Observation, hows: tuple[str, ...]) -> dict[int, list[SeenCard]]:
    """By seat of another player: the cards he was seen to move (``SeenCard.how`` among ``hows``)
    this hand, in order."""
    seat_of = {p.name: seat for seat, p in enumerate(observation.public.players)}
    found: dict[int, list[SeenCard]] = {}
    for seen in observation.seen:
        seat = seat_of.get(seen.player)
        if seat is not None and seat != observation.seat and seen.how in hows:
            found.setdefault(seat, []).append(seen)
    return found


def _throws(observation: Observation) -> dict[int, list[Card]]:
    """By seat of another player: the cards he was seen to throw or decline this hand, in order."""
    return {seat: [s.card for s in seen] for seat, seen in _others_seen(observation, ("thrown", "declined")).items()}


def _pile_choices(observation: Observation) -> dict[int, list[tuple[Card, bool]]]:
    """By seat of another player: the top discards he took (True) or drew from the stock over
    (False) this hand, in order."""
    return {seat: [(s.card, s.how == "taken") for s in seen]
            for seat, seen in _others_seen(observation, ("taken", "left")).items()}


def _evidence(observation: Observation, hands: Sequence[Sequence[Card]],
              thrown: dict[int, list[Card]] | None = None,
              piles: dict[int, list[tuple[Card, bool]]] | None = None) -> float:
    beta = observation.public.game.evidence_beta  # the game's own setting (games/), None for uniform samples
    if beta is None:
        return 1.0
    variant = observation.variant
    total = 0.0
    for seat, cards in (thrown if thrown is not None else _throws(observation)).items():
        hand = hands[seat]
        for card in cards[-RECENT:]:
            total += discard_log_likelihood(card, [*hand, card], variant, beta)
    model = observation.public.game.pile_model
    if model is not None:
        quick = variant.decks == 1 and variant.wild_number is None  # bitmasks (gin, basic)
        for seat, choices in (piles if piles is not None else _pile_choices(observation)).items():
            hand = hands[seat]
            if quick:
                held = 0
                for c in hand:
                    held |= 1 << c.index
                for card, took in choices[-RECENT:]:
                    bit = 1 << card.index
                    if took and not held & bit:  # taken and thrown again: the hand it joined is gone
                        continue
                    total += _quick_pile(card, held & ~bit, took, model)
                continue
            for card, took in choices[-RECENT:]:
                if took:
                    if card not in hand:  # taken and thrown again: the hand it joined is gone
                        continue
                    rest = list(hand)
                    rest.remove(card)
                    total += pile_log_likelihood(card, rest, True, variant, model)
                else:
                    total += pile_log_likelihood(card, hand, False, variant, model)
    return math.exp(total)


@cache
def quality_table(name: str) -> tuple[tuple[float, ...], ...]:
    """A hand-quality table shipped in ``rummycheck/data`` (rows by throws, columns by deadwood)."""
    import tomllib
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "data" / name
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    if tuple(data["throws"]) != THROW_BINS or tuple(data["deadwood"]) != DEADWOOD_BINS:
        raise RummyError(f"{path}: the table's bins are not the ones analysis/evidence.py reads")
    return tuple(tuple(float(x) for x in row) for row in data["weights"])


def hand_quality(observation: Observation, hands: Sequence[Sequence[Card]], thrown: dict[int, list[Card]]) -> float:
    """How much likelier the other players' ``hands`` (by seat) are after the play seen than in a
    uniform deal: the product, over the others holding a full hand (as dealt: ``Game.dealt_size``),
    of the game's hand-quality table for the number of players (``Game.quality_table_for``) at
    (his throws this hand, ``thrown``; his hand's least deadwood).  1 for a game without a table,
    and for a player who has not thrown yet: his hand is as dealt (a first upcard he took is read
    by the pile model), so a scenario, which has no history, is sampled uniformly."""
    game, players = observation.public.game, len(observation.public.players)
    name = game.quality_table_for(players)
    if name is None:
        return 1.0
    table = quality_table(name)
    variant = observation.variant
    size = game.dealt_size(players)
    weight = 1.0
    for seat, hand in enumerate(hands):
        throws = len(thrown.get(seat, ()))
        if seat != observation.seat and len(hand) == size and throws:  # before his first throw: as dealt
            row, column = cell(throws, min_deadwood(hand, variant=variant))
            weight *= table[row][column]
    return weight


def draw_sample(observation: Observation, rng: random.Random) -> tuple[GameState, float]:
    """One hidden state for a rollout, and its weight.

    A game with a hand-quality table draws ``CANDIDATES`` uniform deals and keeps one with
    chance proportional to its weight (the discard evidence times the hand quality): the kept
    deal is, nearly, a draw from the weighted distribution, so it counts 1.  (Weighing the
    uniform deals instead would leave a few deals carrying most of the weight: a played hand
    is often ten times likelier than a uniform deal makes it.)  Only the other hands are
    dealt for the candidates; the kept one becomes a full state.  Other games: one uniform
    deal with its discard-evidence weight, as ``sample_weight`` gives it."""
    kept = kept_cards(observation)
    if observation.public.game.quality_table_for(len(observation.public.players)) is None:
        sample = observation.determinize(rng)
        for _ in range(DEAL_TRIES):  # a deal where a player stayed in when he could go out: dealt again
            if not kept or could_not_go_out(kept, [p.hand for p in sample.players], observation.variant):
                break
            sample = observation.determinize(rng)
        return sample, sample_weight(observation, sample)
    base = list(observation.unseen().elements())
    thrown = _throws(observation)
    piles = _pile_choices(observation)
    game = observation.public.game
    orders: list[list[Card]] = []
    weights: list[float] = []
    for _ in range(CANDIDATES):
        pool = list(base)
        shuffle(rng, pool)
        hands = observation.hidden_hands(pool)
        orders.append(pool)
        if not game.hidden_hands_fit(observation.public, hands):  # a deal the rules do not allow
            weights.append(0.0)
            continue
        if kept and not could_not_go_out(kept, hands, observation.variant):  # he would have gone out
            weights.append(0.0)
            continue
        weights.append(_evidence(observation, hands, thrown, piles) * hand_quality(observation, hands, thrown))
    renew = rng.randrange(2 ** 32)
    total = math.fsum(weights)
    chosen = orders[0]
    if total > 0:
        pick = rng.random() * total
        for pool, weight in zip(orders, weights):
            chosen = pool
            pick -= weight
            if pick < 0:
                break
    return observation.dealt(chosen, renew), 1.0


# -- a player left holding one card --------------------------------------------------------------

def kept_cards(observation: Observation) -> tuple[tuple[int, tuple[Meld, ...]], ...]:
    """The other players who ended their last turn holding one or two cards (not all known) that
    they could have laid off to go out, had they fitted: by seat, the table melds as they stood
    at the end of that turn.

    A player who lays down, lays off or throws down to one or two cards and keeps them would
    have laid them off and gone out (BASIC-OUT, BING-OUT) had they fitted the melds on the
    table then, where his game let him lay off in that turn (``Game.could_lay_off``: basic in
    any turn, Bing in a meld turn).  Going out wins the hand, so his cards are ones that could
    not all go on the table of that moment.  His hand has not changed since: only his own turns
    change it.  That table is today's with every later lay-down taken back."""
    public = observation.public
    game = public.game
    history = public.history
    found = []
    for seat, player in enumerate(public.players):
        if seat == observation.seat or player.out or not 1 <= player.size <= 2 or not player.unknown:
            continue
        last = max((i for i, r in enumerate(history) if r.player == player.name), default=None)
        if last is None or seat == public.current:
            continue
        first = last
        while first > 0 and history[first - 1].player == player.name:
            first -= 1
        melded = any(r.kind is ActionKind.LAY_DOWN for r in history[first:last + 1])
        opened_before = any(r.kind is ActionKind.LAY_DOWN and r.player == player.name for r in history[:first])
        if not game.could_lay_off(melded=melded, opened_before=opened_before):
            continue
        found.append((seat, _table_before(public.table, history[last + 1:])))
    return tuple(found)


def _table_before(table: Sequence[TableMeld], later: Sequence[PlayRecord]) -> tuple[Meld, ...]:
    """The melds of ``table`` with the lay-downs ``later`` made taken back, the last first: each
    one's lay-offs taken out of their melds, its new melds (the highest numbers) taken away."""
    melds = {t.number: t.meld for t in table}
    for record in reversed(later):
        if record.kind is not ActionKind.LAY_DOWN:
            continue
        for layoff in record.layoffs:
            meld = melds.get(layoff.target)
            if meld is None:
                continue
            pairs = list(zip(meld.cards, meld.stands_for))
            if (layoff.card, layoff.stands_for) in pairs:
                pairs.remove((layoff.card, layoff.stands_for))
                melds[layoff.target] = Meld(meld.kind, tuple(c for c, _ in pairs), tuple(x for _, x in pairs))
        for number in sorted(melds)[len(melds) - len(record.melds):]:
            del melds[number]
    return tuple(melds[n] for n in sorted(melds))


def could_not_go_out(kept: Sequence[tuple[int, Sequence[Meld]]], hands: Sequence[Sequence[Card]],
                     variant: Variant) -> bool:
    """Whether, in the dealt ``hands`` (by seat), no player ``kept_cards`` names could have laid
    off all his cards on his table: else he would have gone out."""
    return not any(_all_lay_off(hands[seat], melds, variant) for seat, melds in kept)


def _all_lay_off(cards: Sequence[Card], melds: Sequence[Meld], variant: Variant) -> bool:
    """Whether every one of ``cards`` (one or two) can be laid off on ``melds``, one after the other.
    Only ways that surely work are counted: a natural card first, then the other on the table it
    leaves; two wild cards are not looked into (False)."""
    if len(cards) == 1:
        return any(_fits(cards[0], meld, variant) for meld in melds)
    if len(cards) != 2:
        return False
    naturals = [c for c in cards if not variant.is_wild(c)]
    if not naturals:
        return False
    first = naturals[0]
    rest = cards[1] if cards[0] == first else cards[0]
    for index, meld in enumerate(melds):
        for extended in _extensions(first, meld, variant):  # a natural card: one way at most
            after = [*melds[:index], extended, *melds[index + 1:]]
            if any(_fits(rest, m, variant) for m in after):
                return True
    return False


def _fits(card: Card, meld: Meld, variant: Variant) -> bool:
    """Whether ``card`` laid off extends ``meld`` legally (a wild card: standing for any card)."""
    return next(_extensions(card, meld, variant), None) is not None


def _extensions(card: Card, meld: Meld, variant: Variant) -> Iterator[Meld]:
    """``meld`` legally extended by ``card``: once for a natural card, for each card a wild one may stand for."""
    if not may_join(meld, (card,), variant):
        return
    for stands in (full_deck() if variant.is_wild(card) else (card,)):
        extended = extend_meld(meld, [(card, stands)], variant)
        if not meld_problems(extended, variant):
            yield extended
