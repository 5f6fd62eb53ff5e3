"""Play syntax: the text a user types after ``--play``, parsed and applied to a ``GameState``.

A play is one or more actions separated by ``;`` (see ``docs/check.md``)::

    draw                      draw from the stock (``draw 7h``: the card drawn is known)
    take                      take the top discard (``take 7h`` also checks it is the 7h)
    discard Kc
    meld Kd Kh Kc / 8c 9c Tc  one or more melds, separated by '/'; a wild: 2d=Jc
    layoff Jc on 2            lay a card off on table meld 2 (``layoff 2d=Jc on 2``)
    end                       end a Bing meld turn (no discard)
    knock 7c                  gin: discard the 7c and knock (``knock`` alone: big gin)
    knock 7c with Ac 2c 3c / 4d 5d 6d   the same, with the knocker's declared melds
    pass                      gin: decline the first upcard, or pass at the wall (GIN-DEAD)
    finish                    gin: the defender is done laying off
    out                       go out: meld and lay off every card (found by the solver)

Melds and lay-offs that follow each other form one lay-down (one ``GameState.lay_down``):
``meld ... ; layoff ...`` is the Bing opening with its lay-offs.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import islice, product

from rummycheck.cards import EXPECTED, Card
from rummycheck.errors import CannotTell, CardParseError, PlaySyntaxError
from rummycheck.melds import Meld, MeldKind, extend_meld, meld_problems, meld_readings, read_meld, reading_effect
from rummycheck.results import LayOff, Reason
from rummycheck.table.actions import Action, ActionKind
from rummycheck.table.state import GameState, IllegalPlay, PlayRecord
from rummycheck.textsafe import shorten
from rummycheck.variants import Variant

__all__ = ["Part", "Play", "PlaySyntaxError", "apply_play", "parse_play", "read_action"]

VERBS = ("draw", "take", "discard", "meld", "layoff", "end", "knock", "finish", "out", "pass")
_ALIASES = {"lay": "layoff", "lay-off": "layoff", "gin": "knock", "go": "out"}


@dataclass(frozen=True, slots=True)
class Part:
    """One written action of a play (its words; ``read_action`` makes it an ``Action`` value).

    ``layoffs`` hold (card, stands for or None, table meld number)."""

    verb: str
    cards: tuple[Card, ...] = ()
    melds: tuple[tuple[tuple[Card, Card | None], ...], ...] = ()
    layoffs: tuple[tuple[Card, Card | None, int], ...] = ()


@dataclass(frozen=True, slots=True)
class Play:
    text: str
    actions: tuple[Part, ...]

    @property
    def verbs(self) -> tuple[str, ...]:
        return tuple(a.verb for a in self.actions)


def _card(token: str, where: str, text: str = "") -> tuple[Card, Card | None]:
    """A card token of the play ``text``; ``where`` is ``source:line:column`` of its action.
    An error names the column of the token (of the part after ``=`` when that is wrong)."""
    physical, equals, meaning = token.partition("=")
    source, at = _token_place(token, where, text)
    try:
        card = Card.parse(physical)
    except CardParseError:
        raise PlaySyntaxError(f"{source}:{at}: {EXPECTED}, got {shorten(physical)}") from None
    if equals and not meaning:
        raise PlaySyntaxError(f"{source}:{at + len(token)}: expected the card the wild stands for after '=', "
                              f"like '{physical}=Jc', got {shorten(token)}")
    try:
        return card, (Card.parse(meaning) if meaning else None)
    except CardParseError:
        raise PlaySyntaxError(f"{source}:{at + len(physical) + 1}: {EXPECTED} after '=', "
                              f"got {shorten(meaning)}") from None


def _token_place(token: str, where: str, text: str) -> tuple[str, int]:
    """(``source:line``, column) of the first ``token`` at or after the action at ``where``."""
    source, _, column = where.rpartition(":")
    start = int(column)
    found = re.search(rf"(?<![^\s,/;]){re.escape(token)}(?![^\s,/;])", text[start - 1:])
    return source, start + (found.start() if found else 0)


def parse_play(text: str, *, source: str = "--play") -> Play:
    """Parse a play; raise ``PlaySyntaxError`` naming the column of the bad part."""
    actions: list[Part] = []
    offset = 0
    for part in text.split(";"):
        # the column of each word of the part: the first is the action's, another names a card too many
        places = [offset + m.start() + 1 for m in re.finditer(r"\S+", part)]
        offset += len(part) + 1
        words = part.split()
        if not words:
            continue
        where = f"{source}:1:{places[0]}"
        verb = _ALIASES.get(words[0].lower(), words[0].lower())
        if verb == "out" and len(words) > 1 and words[1].lower() == "out":
            words, places = words[1:], places[1:]
        args = words[1:]
        if verb not in VERBS:
            raise PlaySyntaxError(f"{where}: unknown action {shorten(words[0])}; expected one of {', '.join(VERBS)}")
        if verb in ("draw", "take"):
            kept = [i for i, a in enumerate(args, 1) if a.lower() not in ("stock", "discard", "from", "the", "pile")]
            args = [words[i] for i in kept]
            if len(args) > 1:
                raise PlaySyntaxError(f"{source}:1:{places[kept[1]]}: {verb} takes at most one card, "
                                      f"got {shorten(' '.join(args))}")
            cards = tuple(_card(a, where, text)[0] for a in args)
            actions.append(Part(verb, cards))
        elif verb == "knock" and any(a.lower() == "with" for a in args):
            at = [a.lower() for a in args].index("with")
            if at > 1:
                raise PlaySyntaxError(f"{source}:1:{places[2]}: knock needs at most one card before 'with', like "
                                      f"'knock Kc with Ac 2c 3c / 4d 5d 6d', got {shorten(part.strip())}")
            declared = _melds(args[at + 1:], where, part, text)
            actions.append(Part(verb, tuple(_card(a, where, text)[0] for a in args[:at]), melds=declared))
        elif verb == "discard" or verb == "knock":
            if len(args) != 1 and not (verb == "knock" and not args):
                bad = f"{source}:1:{places[2]}" if args else where  # the card too many, or the action without one
                raise PlaySyntaxError(f"{bad}: {verb} needs one card, like '{verb} Kc', got {shorten(part.strip())}")
            actions.append(Part(verb, tuple(_card(a, where, text)[0] for a in args)))
        elif verb in ("end", "finish", "out", "pass"):
            if args:
                raise PlaySyntaxError(f"{source}:1:{places[1]}: {verb} takes no cards, got {shorten(' '.join(args))}")
            actions.append(Part(verb))
        elif verb == "meld":
            actions.append(Part(verb, melds=_melds(args, where, part, text)))
        else:  # layoff
            args = [a for a in args if a.lower() != "on"]
            if len(args) != 2 or not re.fullmatch(r"[0-9]+", args[1]):
                raise PlaySyntaxError(f"{where}: expected 'layoff <card> on <table meld number>', "
                                      f"got {shorten(part.strip())}")
            card, meaning = _card(args[0], where, text)
            if not 1 <= len(args[1].lstrip("0")) <= 4:
                line, at = _token_place(args[1], where, text)
                raise PlaySyntaxError(f"{line}:{at}: table melds are numbered from 1 (in file order), "
                                      f"got {shorten(args[1])}")
            actions.append(Part(verb, layoffs=((card, meaning, int(args[1])),)))
    if not actions:
        raise PlaySyntaxError(f"{source}:1:1: empty play; expected e.g. 'meld Kd Kh Kc / 8c 9c Tc / 3h 3s 3h'")
    return Play(text, tuple(actions))


def _melds(args: list[str], where: str, part: str, text: str
           ) -> tuple[tuple[tuple[Card, Card | None], ...], ...]:
    """Melds separated by '/', each card with its stated meaning (``2d=Jc``) or None (read later)."""
    melds = []
    for group in " ".join(args).split("/"):
        tokens = group.replace(",", " ").split()
        if not tokens:
            raise PlaySyntaxError(f"{where}: empty meld in {shorten(part.strip())}")
        pairs = []
        for token in tokens:
            card, meaning = _card(token, where, text)
            pairs.append((card, meaning))
        melds.append(tuple(pairs))
    return tuple(melds)


def _meld_of(pairs: tuple[tuple[Card, Card | None], ...], variant: Variant) -> Meld:
    """The meld as written, each wild read as ``read_meld`` finds (a stated ``2d=Qs`` is kept)."""
    reading = read_meld(pairs, variant)
    return _ordered(reading.meld, variant) if reading.legal else reading.meld


def _meld_choices(pairs: tuple[tuple[Card, Card | None], ...], variant: Variant) -> list[Meld]:
    """The legal readings of a written meld that differ for later plays, best first (``_meld_of`` first)."""
    readings = [r for r in meld_readings(pairs, variant) if r.legal]
    if not readings:
        return [_meld_of(pairs, variant)]
    seen: set[tuple[object, ...]] = set()
    choices = []
    for reading in readings:
        effect = reading_effect(reading.meld, variant)
        if effect not in seen:
            seen.add(effect)
            choices.append(_ordered(reading.meld, variant))
    return choices


def _lay_down(state: GameState, written: list[tuple[tuple[Card, Card | None], ...]],
              raw: list[tuple[Card, Card | None, int]]) -> PlayRecord:
    """Lay down the written melds as read, and the lay-offs (see ``_resolve``)."""
    melds, layoffs = _resolve(state, written, raw)
    return state.lay_down(melds, layoffs)


def _resolve(state: GameState, written: list[tuple[tuple[Card, Card | None], ...]],
             raw: list[tuple[Card, Card | None, int]]) -> tuple[tuple[Meld, ...], tuple[LayOff, ...]]:
    """The written melds as read, and the lay-offs (``raw``: card, stated meaning, target); when
    lay-offs in the same lay-down need another reading of a new meld's wilds (``7d 8d 2s`` with
    the 9d laid off on it: 2s as 6d), the first legal combination of readings is taken."""
    choices = [_meld_choices(pairs, state.variant) for pairs in written]
    first = [c[0] for c in choices]
    layoffs = _layoffs(state, first, raw)
    if raw and any(len(c) > 1 for c in choices) and not state.can_lay_down(first, layoffs):
        for melds in islice(product(*choices), 1, 256):
            try:
                trial = _layoffs(state, melds, raw)
            except PlaySyntaxError:
                continue
            if state.can_lay_down(melds, trial):
                return tuple(melds), tuple(trial)
    return tuple(first), tuple(layoffs)


def read_action(text: str, state: GameState) -> Action:
    """The ``Action`` value of ``text`` in the record notation (``str(action)``: the player's name,
    then the play; a lay-down may be ``A meld ...; A layoff ...``), read against ``state``: a wild
    written without ``=`` is read as the table allows.  Raises ``PlaySyntaxError``."""
    names = [p.name for p in state.players]
    actor = ""
    rest: list[str] = []
    for piece in text.split(";"):
        words = piece.split(maxsplit=1)
        if words and words[0] in names:
            if actor and words[0] != actor:
                raise PlaySyntaxError(f"--play: one action is one player's: {shorten(text)}")
            actor = words[0]
            piece = words[1] if len(words) > 1 else ""
        rest.append(piece)
    if not actor:
        raise PlaySyntaxError(f"--play: an action starts with the player's name ({', '.join(names)}), "
                              f"got {shorten(text)}")
    parts = parse_play(";".join(rest)).actions
    verbs = {p.verb for p in parts}
    if verbs <= {"meld", "layoff"}:
        melds, layoffs = _resolve(state, [m for p in parts for m in p.melds], [lo for p in parts for lo in p.layoffs])
        return Action(ActionKind.LAY_DOWN, actor, melds=melds, layoffs=layoffs)
    if len(parts) != 1 or parts[0].verb == "out":
        raise PlaySyntaxError(f"--play: expected one action (draw, take, discard, meld/layoff, end, knock, pass or "
                              f"finish), got {shorten(text)}")
    only = parts[0]
    card = only.cards[0] if only.cards else None
    if only.verb == "knock":
        declared = tuple(_meld_of(m, state.variant) for m in only.melds)
        return Action(ActionKind.KNOCK, actor, card, melds=declared)
    return Action(ActionKind(only.verb), actor, card)


def _layoffs(state: GameState, melds: Sequence[Meld], raw: list[tuple[Card, Card | None, int]]) -> list[LayOff]:
    """The lay-offs with what each card stands for, on the table plus the new ``melds`` (numbered on)."""
    first = max((t.number for t in state.table), default=0) + 1
    table = {t.number: t.meld for t in state.table} | {first + i: m for i, m in enumerate(melds)}
    layoffs: list[LayOff] = []
    for card, meaning, target in raw:
        layoffs.append(LayOff(card, target, _stand_in(state.variant, table, card, meaning, target, layoffs)))
    return layoffs


def _ordered(meld: Meld, variant: Variant) -> Meld:
    return extend_meld(Meld(meld.kind, (), ()), list(zip(meld.cards, meld.stands_for)), variant)


def _stand_in(variant: Variant, table: Mapping[int, Meld], card: Card, meaning: Card | None, target: int,
              pending: list[LayOff]) -> Card:
    """What a laid-off card stands for: as written, itself if that fits, else the one card that fits."""
    if meaning is not None:
        return meaning
    if not variant.is_wild(card) or target not in table:
        return card
    meld = table[target]
    earlier = [(lo.card, lo.stands_for) for lo in pending if lo.target == target]
    fits = []
    for candidate in [card] + [Card.from_index(i) for i in range(52)]:
        trial = extend_meld(meld, earlier + [(card, candidate)], variant)
        if not meld_problems(trial, variant):
            fits.append(candidate)
    if card in fits:
        return card
    if meld.kind == MeldKind.SET and fits:
        counts = Counter(meld.stands_for)
        return min(fits, key=lambda c: (counts[c], c.index))
    distinct = sorted(set(fits))
    if len(distinct) == 1:
        return distinct[0]
    if not distinct:
        return card
    raise PlaySyntaxError(f"--play: the wild {card} could stand for {' or '.join(str(c) for c in distinct)} on "
                          f"table meld {target}; say which, like 'layoff {card}={distinct[0]} on {target}'")


def apply_play(state: GameState, play: Play) -> list[PlayRecord]:
    """Apply every action of ``play`` to ``state``; raise ``IllegalPlay`` at the first illegal one."""
    records: list[PlayRecord] = []
    actions = list(play.actions)
    i = 0
    while i < len(actions):
        action = actions[i]
        if action.verb in ("meld", "layoff"):
            written: list[tuple[tuple[Card, Card | None], ...]] = []
            raw: list[tuple[Card, Card | None, int]] = []
            while i < len(actions) and actions[i].verb in ("meld", "layoff"):
                written.extend(actions[i].melds)
                raw.extend(actions[i].layoffs)
                i += 1
            records.append(_lay_down(state, written, raw))
            continue
        i += 1
        if action.verb == "draw":
            records.append(state.draw_stock(action.cards[0] if action.cards else None))
        elif action.verb == "take":
            top = state.top_discard
            if action.cards and top is not None and action.cards[0] != top:
                raise IllegalPlay([Reason(state.game.TURN,
                                          f"the top discard is {top}, not {action.cards[0]}")])
            follows = actions[i] if i < len(actions) else None
            then = follows.cards[0] if follows is not None and follows.verb == "discard" else None
            records.append(state.take_discard(then=then))
        elif action.verb == "discard":
            records.append(state.discard(action.cards[0]))
        elif action.verb == "end":
            records.append(state.end_turn())
        elif action.verb == "knock":
            declared = [_meld_of(m, state.variant) for m in action.melds] if action.melds else None
            records.append(state.knock(action.cards[0] if action.cards else None, declared))
        elif action.verb == "pass":
            records.append(state.pass_turn())
        elif action.verb == "finish":
            records.append(state.finish())
        else:
            records.extend(_go_out(state))
    return records


def _go_out(state: GameState) -> list[PlayRecord]:
    """Lay down every card (with a final discard where the rules ask for one), as the solver finds it."""
    from rummycheck.solvers.exact import search
    from rummycheck.solvers.layoffs import best_layoffs

    variant = state.variant
    game = state.game
    player = state.player
    rule = game.OUT
    if game.knocks:
        raise IllegalPlay([Reason(rule, "a gin hand ends with a knock ('knock <card>'), not 'out'")])
    if not player.known:
        raise CannotTell(f"cannot tell: {rule} depends on {state.unknown_cards(player)}: going out needs the "
                         "whole hand; name the cards to judge it", rule)
    needed = game.melds_needed(player.opened)
    discards = game.out_discards(player.hand)
    for discard in discards:
        hand = list(player.hand)
        if discard is not None:
            hand.remove(discard)
        found = best_layoffs(hand, state.table, variant=variant, min_melds=needed)
        if found is None or found[0][1] != 0:
            continue
        _, layoffs, remainder = found
        arrangement = search(remainder, variant=variant, min_melds=needed)
        assert arrangement is not None
        records = []
        if arrangement.melds or layoffs:
            records.append(state.lay_down(arrangement.melds, layoffs))
        if discard is not None:
            records.append(state.discard(discard))
        return records
    raise IllegalPlay([Reason(rule, f"{player.name} cannot lay down every card this turn")])
