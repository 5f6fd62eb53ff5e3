"""The bot protocol speaks ``ActionKind`` values; a bot written against the older protocol (its
``start`` answering the words ``"stock"``, ``"discard"``, ``"meld"``, ``"pass"``) keeps working,
guarded or not, and a wrong answer is one ``BotError`` naming the bot, seat, method and options."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from rummycheck.cards import parse_cards
from rummycheck.errors import BotError
from rummycheck.sim.bots import BaseBot, StartOptions, View, ViewPhase, bot_class
from rummycheck.sim.engine import play_game
from rummycheck.sim.guard import Asked, guarded_factory
from rummycheck.sim.record_out import game_to_record_dict
from rummycheck.table.actions import ActionKind
from rummycheck.variants import get_variant

# the older protocol, as docs/simulate.md documented it: "stock" draws, "discard" takes the top
# discard, "meld" starts a Bing meld turn, "pass" refuses gin's first upcard
WORDS = {ActionKind.DRAW: "stock", ActionKind.TAKE: "discard", ActionKind.LAY_DOWN: "meld", ActionKind.PASS: "pass"}


def older(name: str, said: Counter[str]) -> type[BaseBot]:
    """The shipped bot ``name`` speaking the older protocol: it checks its word is among the options
    (``"stock" in view.options``, as older bots do) and answers the word."""
    base: Any = bot_class(name)

    def start(self: BaseBot, view: View) -> str:
        word = WORDS[base.start(self, view)]
        if word not in view.options:
            raise AssertionError(f"{word!r} not found in {view.options}")
        said[word] += 1
        return word

    return type(f"Older_{name}", (base,), {"start": start})


def _records(variant_name: str, bots: list[Any], labels: tuple[str, ...], deals: int) -> list[dict[str, Any]]:
    variant = get_variant(variant_name)
    found = []
    for deal in range(deals):
        outcome = play_game(variant, bots, seed=4, deal=deal, labels=labels, record=True)
        assert outcome.record is not None
        found.append(game_to_record_dict(outcome.record))
    return found


@pytest.mark.parametrize(("variant_name", "names", "deals", "words"), [
    ("gin", ("knock", "gin"), 3, {"stock", "discard", "pass"}),
    ("basic", ("eager", "patient"), 3, {"stock", "discard"}),
    ("bing", ("early", "common", "sandbag"), 1, {"stock", "discard", "meld"}),
])
@pytest.mark.parametrize("guarded", [False, True])
def test_an_older_bot_answering_words_plays_the_games_its_actionkind_twin_plays(
        variant_name: str, names: tuple[str, ...], deals: int, words: set[str], guarded: bool) -> None:
    said: Counter[str] = Counter()
    classes = [older(n, said) for n in names]
    if guarded:  # as a --bot plug-in: behind the guard, which reads the words
        bots: list[Any] = [guarded_factory(cls, cls.__name__, time_limit=0)(Asked()) for cls in classes]
    else:  # a bot handed to the engine directly: the engine reads them
        bots = [cls() for cls in classes]
    old = _records(variant_name, bots, names, deals)
    new = _records(variant_name, [bot_class(n)() for n in names], names, deals)
    assert set(said) == words and min(said.values()) > 0  # every word of the game was answered
    assert old == new


def _gin_view(options: tuple[ActionKind, ...], phase: ViewPhase = ViewPhase.PLAY) -> View:
    gin = get_variant("gin")
    return View(variant=gin, seat=1, names=("A", "B"), hand=tuple(parse_cards("Ac 2c 3c 4d 5d 6d 7h 8h Kd Qs")),
                table=(), discard_pile=tuple(parse_cards("9h")), stock=20, scores=(0, 0), hand_sizes=(10, 10),
                opened=(False, False), out=(False, False), taken=((), ()), thrown=((), ()), drew="none", took=None,
                phase=phase, knocker=None, upcard=None, options=StartOptions(options))


class _Answers(BaseBot):
    """Answers ``start`` with whatever ``answer`` holds."""

    answer: object = None

    def start(self, view: View) -> Any:
        return self.answer


def _guarded_start(answer: object, view: View) -> ActionKind:
    cls = type("Answers", (_Answers,), {"answer": answer})
    bot = guarded_factory(cls, "Answers", time_limit=0)(Asked())
    bot.setup(seat=1, variant=view.variant, rng=random.Random(0))
    return bot.start(view)


@pytest.mark.parametrize(("answer", "kind"), [
    ("stock", ActionKind.DRAW), ("discard", ActionKind.TAKE),  # the older words
    (ActionKind.DRAW, ActionKind.DRAW), (ActionKind.TAKE, ActionKind.TAKE),  # the values
    ("take", ActionKind.TAKE),  # a value's text: "take" in view.options holds, so it is read
])
def test_the_guard_reads_a_start_answer_as_its_actionkind(answer: object, kind: ActionKind) -> None:
    assert _guarded_start(answer, _gin_view((ActionKind.DRAW, ActionKind.TAKE))) is kind


@pytest.mark.parametrize(("answer", "shown", "options", "listed"), [
    ("steal", "'steal'", (ActionKind.DRAW, ActionKind.TAKE),
     "ActionKind.DRAW, ActionKind.TAKE (or the old 'stock', 'discard')"),
    # DISCARD is the move that ends a turn; the older word "discard" (a take) is not it
    (ActionKind.DISCARD, "<ActionKind.DISCARD: 'discard'>", (ActionKind.DRAW, ActionKind.TAKE),
     "ActionKind.DRAW, ActionKind.TAKE (or the old 'stock', 'discard')"),
    # a word for a move that is not an option now: no drawing while the first upcard is offered
    ("stock", "'stock'", (ActionKind.TAKE, ActionKind.PASS),
     "ActionKind.TAKE, ActionKind.PASS (or the old 'discard', 'pass')"),
    (ActionKind.LAY_DOWN, "<ActionKind.LAY_DOWN: 'lay_down'>", (ActionKind.TAKE, ActionKind.PASS),
     "ActionKind.TAKE, ActionKind.PASS (or the old 'discard', 'pass')"),
    (None, "None", (ActionKind.DRAW, ActionKind.TAKE),
     "ActionKind.DRAW, ActionKind.TAKE (or the old 'stock', 'discard')"),
])
def test_a_wrong_start_answer_is_a_bot_error_naming_bot_seat_method_and_options(
        answer: object, shown: str, options: tuple[ActionKind, ...], listed: str) -> None:
    with pytest.raises(BotError) as caught:
        _guarded_start(answer, _gin_view(options))
    error = caught.value
    assert (error.bot, error.seat, error.method) == ("Answers", "B", "start")
    assert str(error) == f"bot 'Answers' in seat B: start: answered {shown}, not one of {listed}"


def test_a_str_subclass_answer_is_refused_by_its_type() -> None:
    class Sly(str):
        pass

    with pytest.raises(BotError, match=r"^bot 'Answers' in seat B: start: answered 'stock' \(a Sly\), not one of "
                                       r"ActionKind\.DRAW, ActionKind\.TAKE \(or the old 'stock', 'discard'\)$"):
        _guarded_start(Sly("stock"), _gin_view((ActionKind.DRAW, ActionKind.TAKE)))


def test_the_engine_refuses_a_wrong_answer_from_an_unguarded_bot() -> None:
    bots = [type("Answers", (_Answers,), {"answer": "steal"})(), bot_class("knock")()]
    with pytest.raises(ValueError, match=r"^bot in seat [AB] chose 'steal', not one of ActionKind\.(DRAW|TAKE), "):
        play_game(get_variant("gin"), bots, seed=1, deal=0)


def test_start_options_find_the_older_words_and_the_values() -> None:
    options = StartOptions((ActionKind.LAY_DOWN, ActionKind.DRAW, ActionKind.TAKE))
    assert options == (ActionKind.LAY_DOWN, ActionKind.DRAW, ActionKind.TAKE)
    assert all(word in options for word in ("meld", "stock", "discard", "lay_down", "draw", "take"))
    assert "pass" not in options and ActionKind.PASS not in options
    assert ActionKind.DISCARD not in options  # the member is not the older word
    assert "pass" in StartOptions((ActionKind.TAKE, ActionKind.PASS))


class _Recorder(BaseBot):
    """Plays like ``inner`` and keeps every view's phase and options."""

    inner_name = "knock"

    def __init__(self) -> None:
        super().__init__()
        self.inner = bot_class(self.inner_name)()
        self.seen: list[tuple[object, object]] = []

    def setup(self, **kwargs: Any) -> None:
        super().setup(**kwargs)
        self.inner.setup(**kwargs)

    def start(self, view: View) -> ActionKind:
        self.seen.append((view.phase, view.options))
        return self.inner.start(view)

    def lay_down(self, view: View) -> Any:
        self.seen.append((view.phase, view.options))
        return self.inner.lay_down(view)

    def discard(self, view: View) -> Any:
        self.seen.append((view.phase, view.options))
        return self.inner.discard(view)

    def knock(self, view: View, card: Any) -> bool:
        return self.inner.knock(view, card)


@pytest.mark.parametrize(("variant_name", "inner", "players", "phases"), [
    ("gin", "knock", 2, {ViewPhase.UPCARD, ViewPhase.PLAY, ViewPhase.LAYOFF}),
    ("bing", "early", 3, {ViewPhase.PLAY}),
])
def test_the_engines_views_hold_phase_and_option_values(variant_name: str, inner: str, players: int,
                                                        phases: set[ViewPhase]) -> None:
    bots = [type("Recorder", (_Recorder,), {"inner_name": inner})() for _ in range(players)]
    for deal in range(2):
        play_game(get_variant(variant_name), bots, seed=2, deal=deal)
    seen = [s for bot in bots for s in bot.seen]
    assert {phase for phase, _ in seen} == phases
    assert all(type(phase) is ViewPhase for phase, _ in seen)
    assert all(type(options) is StartOptions and all(type(o) is ActionKind for o in options)
               for _, options in seen if options)
    # the older comparisons still hold: the phase's values are the words the protocol always used
    assert {str(phase) for phase, _ in seen} <= {"upcard", "play", "layoff"}


def test_the_documented_bot_plays_behind_the_guard() -> None:
    from pathlib import Path
    from textwrap import dedent

    text = (Path(__file__).parent.parent / "docs" / "simulate.md").read_text(encoding="utf-8")
    start = text.index("    from rummycheck import ActionKind\n")
    end = text.index("\n\n**Bots written for the older protocol", start)
    space: dict[str, Any] = {}
    exec(compile(dedent(text[start:end]), "docs/simulate.md", "exec"), space)  # noqa: S102
    said: Counter[str] = Counter()
    drawer, rival = guarded_factory(space["Drawer"], "Drawer", time_limit=0)(Asked()), older("knock", said)()
    outcome = play_game(get_variant("gin"), [drawer, rival], seed=6, deal=0, record=True)
    assert outcome.record is not None
    actions = [a for hand in outcome.record["hands"] for a in hand["actions"]]
    assert any(a.startswith("A draw") for a in actions) and not any(a.startswith("A take") for a in actions)
    # built on GinBase, it knocks by its rule: the doc's bot once stood on BaseBot, which never knocks
    assert any(a.startswith("A knock") for a in actions)


@pytest.mark.parametrize("answer", ["meld", ActionKind.LAY_DOWN])
def test_a_meld_turn_chosen_in_either_vocabulary_must_lay_something_down(answer: object) -> None:
    cls = type("Answers", (_Answers,), {"answer": answer})  # BaseBot.lay_down: None outside gin's lay-offs
    bot = guarded_factory(cls, "Answers", time_limit=0)(Asked())
    view = _gin_view((ActionKind.LAY_DOWN, ActionKind.DRAW))
    bot.setup(seat=1, variant=view.variant, rng=random.Random(0))
    assert bot.start(view) is ActionKind.LAY_DOWN
    with pytest.raises(BotError, match=r"^bot 'Answers' in seat B: lay_down: start chose a meld turn "
                                       r"\(ActionKind\.LAY_DOWN\), then nothing was laid down$"):
        bot.lay_down(view)
