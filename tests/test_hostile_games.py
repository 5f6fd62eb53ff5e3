"""Hostile input for the game half (issue #20): plug-in bots, records, review, simulate and
the writers, through the real command line with the harness of ``test_hostile.py`` (a
subprocess with a timeout and an address-space limit, one line on stderr, no traceback, no
control character on stdout or stderr, every input file unchanged).
"""

from __future__ import annotations

import os
import pickle
import re
import sys
import types
from pathlib import Path

import pytest
from test_hostile import Case, check_case
from typer.testing import CliRunner

from rummycheck.cli import app
from rummycheck.errors import BotError

# -- plug-in bots --------------------------------------------------------------------------------

BOTS = '''\
import sys
from rummycheck.melds import Meld
from rummycheck.sim.bots import BOTS, LayDown

Base = BOTS["random"]


class Fine(Base):
    """Plays like the random bot."""


class RaisesIn(Base):
    def discard(self, view):
        return 1 / 0


class SetupRaises(Base):
    def setup(self, *, seat, variant, rng):
        raise RuntimeError("no setup today")


class KnockRaises(Base):
    def knock(self, view, card):
        raise KeyError("knock")


class Steals(Base):
    def start(self, view):
        return "steal"


class StartsWithNumber(Base):
    def start(self, view):
        return 7


class DiscardsText(Base):
    def discard(self, view):
        return str(view.hand[0])


class DiscardsOtherCard(Base):
    def discard(self, view):
        from rummycheck.cards import Card
        return next(c for c in map(Card.parse, ["As", "Ah", "Ad", "Ac", "Ks"]) if c not in view.hand)


class LaysText(Base):
    def lay_down(self, view):
        return "meld everything"


class KnocksMaybe(Base):
    def knock(self, view, card):
        return "yes"


class FalseSet(Base):
    def lay_down(self, view):
        return LayDown(melds=(Meld.natural("set", view.hand[:3]),))


class NeedsArguments(Base):
    def __init__(self, strength):
        super().__init__()


class BrokenInit(Base):
    def __init__(self):
        raise OSError("cannot build")


class Exits(Base):
    def start(self, view):
        sys.exit(0)


class ExitsThree(Base):
    def discard(self, view):
        sys.exit(3)


class Talks(Base):
    def discard(self, view):
        print("\\x1b[2Jchatty bot", view.hand)
        sys.stdout.write("more chat\\n")
        return super().discard(view)


class Loops(Base):
    def discard(self, view):
        while True:
            pass


class Sleeps(Base):
    def discard(self, view):
        import time
        time.sleep(3600)


class WeirdStr(str):
    __hash__ = str.__hash__

    def __eq__(self, other):
        raise TypeError("no comparing me")


class ComparesBadly(Base):
    def start(self, view):
        return WeirdStr("stock")


class BadRepr:
    def __repr__(self):
        raise RuntimeError("no repr")


class AnswersUnprintable(Base):
    def discard(self, view):
        return BadRepr()


class UnprintableError(Exception):
    def __str__(self):
        raise RuntimeError("no str")


class RaisesUnprintable(Base):
    def discard(self, view):
        raise UnprintableError()


class RaisesManyLines(Base):
    def discard(self, view):
        raise ValueError("line one\\n" * 80)


class MeldKindAsText(Base):
    def lay_down(self, view):
        return LayDown(melds=(Meld("set", view.hand[:3], view.hand[:3]),))


class FitsRaises(Base):
    @classmethod
    def fits(cls, game):
        raise RuntimeError("fits?")


class EndsTheProcess(Base):
    def discard(self, view):
        import os
        os._exit(3)


class Interrupts(Base):
    def discard(self, view):
        raise KeyboardInterrupt


class Stubborn(Base):
    def discard(self, view):
        while True:
            try:
                while True:
                    pass
            except Exception:
                pass
'''

FILES: dict[str, bytes | str] = {
    "mybots.py": BOTS, "loud_bots.py": 'print("\\x1b[2Jloud module")\nfrom mybots import Fine\n',
    "syntax_bots.py": "class Bot(:\n", "zero_bots.py": "x = 1 / 0\n",
    "exit_bots.py": "import sys\nsys.exit(4)\n", "clubs.py": "VALUE = 1\n"}
INTERRUPTED = r"interrupted: the simulation stopped before it finished \(Ctrl-C, or a --bot raised KeyboardInterrupt\)"
GIN = ["simulate", "--variant", "gin", "--bots", "knock", "--games", "4", "--workers", "1"]
WHO = r"bot '{bot}' in seat [AB]: {method}: {what} \(seed 1, deal 0, rotation [01]\)"
# a gin turn's start, or the first upcard's offer: ActionKind members, and the older protocol's words
START_OPTIONS = (r"ActionKind\.(DRAW, ActionKind\.TAKE \(or the old 'stock', 'discard'\)"
                 r"|TAKE, ActionKind\.PASS \(or the old 'discard', 'pass'\))")


def bot_case(name: str, bot: str, method: str, what: str, *, args: tuple[str, ...] = (),
             workers: str = "1", **extra: object) -> Case:
    line = WHO.format(bot=bot, method=method, what=what)
    command = [*GIN[:-1], workers, "--bot", f"mybots:{bot}", *args]
    return Case(name, command, 2, [line], files=FILES, proc=True, script=True, **extra)  # type: ignore[arg-type]


BOT_CASES = [
    Case("bot-from-the-current-folder", [*GIN, "--bot", "mybots:Fine"], 0, files=FILES, proc=True, script=True,
         out=r"Fine"),
    bot_case("bot-raises", "RaisesIn", "discard", "raised ZeroDivisionError: division by zero"),
    bot_case("bot-raises-two-workers", "RaisesIn", "discard", "raised ZeroDivisionError: division by zero",
             workers="2", args=("--games", "40")),
    bot_case("bot-setup-raises", "SetupRaises", "setup", "raised RuntimeError: no setup today"),
    bot_case("bot-knock-raises", "KnockRaises", "knock", "raised KeyError: 'knock'"),
    # the first turn a bot starts may be the first upcard's offer (its options 'discard', 'pass') now
    # that the gin bots pass an upcard that does not help them
    bot_case("bot-answer-not-an-option", "Steals", "start", r"answered 'steal', not one of " + START_OPTIONS),
    bot_case("bot-answer-a-number", "StartsWithNumber", "start", r"answered 7, not one of " + START_OPTIONS),
    bot_case("bot-discard-a-string", "DiscardsText", "discard", r"answered '\w\w', not a Card of the bot's hand"),
    bot_case("bot-discard-not-held", "DiscardsOtherCard", "discard", r"answered Card.parse\('\w\w'\), not a Card "
                                                                     r"of the bot's hand"),
    bot_case("bot-lay-down-a-string", "LaysText", "lay_down",
             r"answered 'meld everything', not a LayDown of Meld and LayOff values \(or None\)"),
    bot_case("bot-knock-not-a-bool", "KnocksMaybe", "knock", r"answered 'yes', not True or False"),
    bot_case("bot-melds-not-a-meld", "FalseSet", "lay_down",
             r"an illegal answer \(GIN-MELD\): GIN-MELD: new meld 1 \(.*\): a set needs cards of one rank, got .*"),
    bot_case("bot-melds-not-a-meld-two-workers", "FalseSet", "lay_down",
             r"an illegal answer \(GIN-MELD\): GIN-MELD: .*", workers="2", args=("--games", "40")),
    Case("bot-needs-arguments", [*GIN, "--bot", "mybots:NeedsArguments"], 2,
         [r"bot 'NeedsArguments': cannot build NeedsArguments\(\) with no arguments \(a bot class is built with "
          r"none\): .*missing 1 required positional argument: 'strength'"], files=FILES, proc=True, script=True),
    Case("bot-init-raises", [*GIN, "--bot", "mybots:BrokenInit"], 2,
         [r"bot 'BrokenInit': building BrokenInit\(\) raised OSError: cannot build"], files=FILES, proc=True,
         script=True),
    bot_case("bot-sys-exit-0", "Exits", "start", r"the bot called sys.exit\(0\)"),
    bot_case("bot-sys-exit-3", "ExitsThree", "discard", r"the bot called sys.exit\(3\)"),
    Case("bot-prints-kept-out-of-the-json", [*GIN, "--bot", "mybots:Talks", "--json"], 0, files=FILES,
         proc=True, script=True, out=r'"Talks"', not_out="chatty|more chat"),
    Case("bot-module-prints-on-import", [*GIN, "--bot", "loud_bots:Fine", "--json"], 0, files=FILES, proc=True,
         script=True, out=r'"Fine"', not_out="loud module"),
    Case("bot-module-prints-on-import-two-workers", [*GIN[:-1], "2", "--games", "20", "--bot", "loud_bots:Fine"],
         0, files=FILES, proc=True, script=True, out=r"Fine", not_out="loud module"),
    Case("bot-prints-kept-out-of-the-table", [*GIN, "--bot", "mybots:Talks"], 0, files=FILES, proc=True,
         script=True, out=r"Talks", not_out="chatty|more chat"),
    bot_case("bot-answer-compares-badly", "ComparesBadly", "start",
             r"answered 'stock' \(a WeirdStr\), not one of " + START_OPTIONS),
    bot_case("bot-answer-unprintable", "AnswersUnprintable", "discard",
             r"answered a BadRepr object, not a Card of the bot's hand"),
    bot_case("bot-raises-unprintable", "RaisesUnprintable", "discard", r"raised UnprintableError"),
    bot_case("bot-raises-many-lines", "RaisesManyLines", "discard",
             r"raised ValueError: line one \(and 79 more lines\)"),
    bot_case("bot-meld-kind-as-text", "MeldKindAsText", "lay_down",
             r"answered LayDown\(melds=.*, not a LayDown of Meld and LayOff values \(or None\)"),
    Case("bot-fits-raises", [*GIN, "--bot", "mybots:FitsRaises"], 2,
         [r"bot 'FitsRaises': fits raised RuntimeError: fits\?"], files=FILES, proc=True, script=True),
    Case("bot-ends-a-worker-process", [*GIN[:-1], "2", "--games", "20", "--bot", "mybots:EndsTheProcess"], 2,
         [r"a worker process ended abruptly \(a --bot that calls os._exit, or a process killed from outside\); "
          r"run with --workers 1 to find the game"], files=FILES, proc=True, script=True),
    Case("bot-raises-keyboard-interrupt", [*GIN, "--bot", "mybots:Interrupts"], 130, [INTERRUPTED], files=FILES,
         proc=True, script=True),
    Case("bot-raises-keyboard-interrupt-two-workers", [*GIN[:-1], "2", "--games", "20", "--bot", "mybots:Interrupts"],
         130, [INTERRUPTED], files=FILES, proc=True, script=True),
    bot_case("bot-loops", "Loops", "discard", r"no answer within 0.3 seconds \(the limit of one decision, "
                                              r"--bot-time\)", args=("--bot-time", "0.3")),
    bot_case("bot-loops-two-workers", "Loops", "discard", r"no answer within 0.3 seconds .*",
             args=("--bot-time", "0.3"), workers="2"),
    bot_case("bot-sleeps", "Sleeps", "discard", r"no answer within 0.3 seconds .*", args=("--bot-time", "0.3")),
    bot_case("bot-swallows-exceptions-in-its-loop", "Stubborn", "discard", r"no answer within 0.3 seconds .*",
             args=("--bot-time", "0.3")),
    Case("bot-module-syntax-error", [*GIN, "--bot", "syntax_bots:Bot"], 2,
         [r"cannot import the bot module 'syntax_bots': SyntaxError: .* \(.*syntax_bots\.py, line 1\)"],
         files=FILES, proc=True, script=True),
    Case("bot-module-raises-on-import", [*GIN, "--bot", "zero_bots:Bot"], 2,
         [r"cannot import the bot module 'zero_bots': ZeroDivisionError: division by zero"], files=FILES,
         proc=True, script=True),
    Case("bot-module-exits-on-import", [*GIN, "--bot", "exit_bots:Bot"], 2,
         [r"cannot import the bot module 'exit_bots': it called sys.exit\(4\)"], files=FILES, proc=True,
         script=True),
    Case("bot-empty-module-name", [*GIN, "--bot", ":Bot"], 2,
         [r"a bot is package.module:ClassName; the module name is empty"], files=FILES, proc=True, script=True),
    Case("bot-module-missing", [*GIN, "--bot", "no_such_module_here:Bot"], 2,
         [r"no bot module 'no_such_module_here': no no_such_module_here\.py in the current folder \(.*\) and no "
          r"installed package of that name"], files=FILES, proc=True, script=True),
    Case("bot-module-imports-a-missing-one", [*GIN, "--bot", "needs_more:Bot"], 2,
         [r"cannot import the bot module 'needs_more': ModuleNotFoundError: No module named 'no_such_dependency'"],
         files={**FILES, "needs_more.py": "import no_such_dependency\n"}, proc=True, script=True),
    Case("bot-class-missing", [*GIN, "--bot", "clubs:Bot"], 2, [r"module 'clubs' has no class 'Bot'"],
         files=FILES, proc=True, script=True),
    Case("knock-at-5000-digits", ["simulate", "--variant", "gin", "--bots", "knock,knock-at-" + "9" * 5000], 2,
         [r"bot 'knock-at-99999.*' \(5009 characters\): a knock limit is a number of points, at most 999"],
         proc=True),
]


# the rollout bots of advise and review (--rollout): a plug-in class plays behind the same guard as in
# simulate, its failure told with the rollout it happened in; a shipped bot of another game is refused
RECORD = str(Path(__file__).resolve().parent.parent / "records" / "gin-knock.toml")
ADVISE = ["advise", RECORD, "--at", "4", "--samples", "16"]
REVIEW = ["review", RECORD, "--samples", "16"]
IN_ROLLOUT = r" \(in a rollout: seed 1, sample \d+\)"


def rollout_case(name: str, command: list[str], bot: str, line: str, code: int = 2, **extra: object) -> Case:
    return Case(name, [*command, "--rollout", f"B=mybots:{bot}"], code, [line] if line else [], files=FILES,
                proc=True, script=True, **extra)  # type: ignore[arg-type]


ROLLOUT_CASES = [
    rollout_case("rollout-bot-plays", ADVISE, "Fine", "", code=0, out=r"A to move: best"),
    rollout_case("rollout-bot-raises-advise", ADVISE, "RaisesIn",
                 r"bot 'RaisesIn' in seat B: discard: raised ZeroDivisionError: division by zero" + IN_ROLLOUT),
    rollout_case("rollout-bot-raises-review", REVIEW, "RaisesIn",
                 r"bot 'RaisesIn' in seat B: discard: raised ZeroDivisionError: division by zero" + IN_ROLLOUT),
    rollout_case("rollout-bot-discards-text", ADVISE, "DiscardsText",
                 r"bot 'DiscardsText' in seat B: discard: answered '\w\w', not a Card of the bot's hand"
                 + IN_ROLLOUT),
    rollout_case("rollout-bot-discards-a-card-not-held", REVIEW, "DiscardsOtherCard",
                 r"bot 'DiscardsOtherCard' in seat B: discard: answered Card.parse\('\w\w'\), not a Card of the "
                 r"bot's hand" + IN_ROLLOUT),
    rollout_case("rollout-bot-sys-exit", ADVISE, "ExitsThree",
                 r"bot 'ExitsThree' in seat B: discard: the bot called sys.exit\(3\)" + IN_ROLLOUT),
    rollout_case("rollout-bot-needs-arguments", REVIEW, "NeedsArguments",
                 r"bot 'NeedsArguments': cannot build NeedsArguments\(\) with no arguments .*"),
    # no --bot-time here: the guard's limit of 10 seconds a decision, said without an option to set it
    rollout_case("rollout-bot-loops", ADVISE, "Loops",
                 r"bot 'Loops' in seat B: discard: no answer within 10 seconds \(the limit of one decision\)"
                 + IN_ROLLOUT),
    rollout_case("rollout-bot-module-is-not-the-page", [*ADVISE, "--html", "mybots.py", "--force"], "Fine",
                 r"mybots\.py: is a file this command read; input files are never written \(give another path\)"),
    rollout_case("rollout-bot-module-is-not-the-review-page", [*REVIEW, "--html", "mybots.py", "--force"], "Fine",
                 r"mybots\.py: is a file this command read; input files are never written \(give another path\)"),
    Case("rollout-bot-of-another-game-advise", [*ADVISE, "--rollout", "eager"], 2,
         [r"rollout bots 'eager': 'eager' \(for A\) does not play gin"], proc=True),
    Case("rollout-bot-of-another-game-review", [*REVIEW, "--rollout", "B=common"], 2,
         [r"rollout bots 'B=common': 'common' \(for B\) does not play gin"], proc=True),
]


@pytest.mark.parametrize("case", ROLLOUT_CASES, ids=[c.id for c in ROLLOUT_CASES])
def test_plug_in_rollout_bots(case: Case, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    check_case(case, tmp_path, monkeypatch)


@pytest.mark.parametrize("case", BOT_CASES, ids=[c.id for c in BOT_CASES])
def test_plug_in_bots(case: Case, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    check_case(case, tmp_path, monkeypatch)


@pytest.mark.parametrize("bot", ["RaisesIn", "FalseSet", "Loops"])
def test_plug_in_bot_errors_come_back_from_a_dask_cluster(bot: str, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("dask.distributed")
    what = {"RaisesIn": "discard: raised ZeroDivisionError: division by zero",
            "FalseSet": r"lay_down: an illegal answer \(GIN-MELD\): .*",
            "Loops": "discard: no answer within 0.5 seconds .*"}[bot]
    case = Case(f"dask-{bot}", [*GIN, "--bot", f"mybots:{bot}", "--scheduler", "local", "--bot-time", "0.5"], 2,
                [rf"bot '{bot}' in seat [AB]: {what} \(seed 1, deal 0, rotation [01]\)"], files=FILES, proc=True,
                script=True)
    check_case(case, tmp_path, monkeypatch)


PICKLE_ILLEGAL_PLAY = """
import pickle
from rummycheck.results import Reason
from rummycheck.table.state import IllegalPlay
error = IllegalPlay([Reason("GIN-MELD", "not a set")], passed=[Reason("GIN-TURN", "A discards 7h")])
back = pickle.loads(pickle.dumps(error))
assert type(back) is IllegalPlay, type(back)
assert str(back) == "GIN-MELD: not a set", str(back)
assert back.reasons == error.reasons and back.passed == error.passed and back.rules == ("GIN-MELD",)
"""


def test_illegal_play_survives_pickling() -> None:
    """In a fresh interpreter: importing dask.distributed (another test does) changes how exceptions pickle."""
    import subprocess

    done = subprocess.run([sys.executable, "-c", PICKLE_ILLEGAL_PLAY], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])})
    assert done.returncode == 0, done.stderr[-2000:]


def test_bot_error_survives_pickling_with_its_fields() -> None:
    error = BotError("bot 'X' in seat B: discard: raised", bot="X", seat="B", method="discard", rule="GIN-MELD")
    back = pickle.loads(pickle.dumps(error))
    assert (str(back), back.bot, back.seat, back.method, back.rule) == (str(error), "X", "B", "discard", "GIN-MELD")


def test_illegal_answer_names_the_rule_in_the_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from rummycheck.sim.runner import SimSpec, simulate

    module = types.ModuleType("hostile_bots_in_memory")
    exec(compile(BOTS, "hostile_bots_in_memory.py", "exec"), module.__dict__)
    monkeypatch.setitem(sys.modules, "hostile_bots_in_memory", module)
    spec = SimSpec(variant="gin", bots=("knock", "hostile_bots_in_memory:FalseSet"))
    with pytest.raises(BotError) as caught:
        simulate(spec, games=2, workers=1)
    assert (caught.value.bot, caught.value.method, caught.value.rule) == ("FalseSet", "lay_down", "GIN-MELD")
    assert caught.value.seat in ("A", "B")


# -- records are read through the one TOML reader --------------------------------------------------

def _dealt(variant: str = "bing", seed: int = 3, players: int = 2) -> str:
    from rummycheck.files.record import write_record
    from rummycheck.table.deal import deal_record

    return write_record(deal_record(variant, players=players, seed=seed))


BING_DEAL = _dealt()
GIN_DEAL = _dealt("gin")
HUGE = BING_DEAL.replace("seed = 3", "seed = " + "9" * 5000)
DEEP = BING_DEAL + "x = " + "[" * 1000 + "]" * 1000 + "\n"
HUGE_LINE = BING_DEAL.splitlines().index("seed = 3") + 1
DEEP_LINE = len(BING_DEAL.splitlines()) + 1

RECORD_CASES = [
    Case(f"{command[0]}-{name}", [*command, "r.toml"], 2, [rf"r\.toml:{line}:{column}: not valid TOML here: {what}"],
         files={"r.toml": text}, proc=True)
    for command in (["replay"], ["review"], ["export", "openspiel"])
    for name, text, line, column, what in (
        ("5000-digit-integer", HUGE, HUGE_LINE, 8, "a number far too large to be a count or a score"),
        ("nested-1000-deep", DEEP, DEEP_LINE, 104, "arrays or tables nested too deep"))
]


@pytest.mark.parametrize("case", RECORD_CASES, ids=[c.id for c in RECORD_CASES])
def test_records_are_parsed_by_the_one_reader(case: Case, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    check_case(case, tmp_path, monkeypatch)


# -- review: memory linear in the record, and a bound ---------------------------------------------------

def long_bing_hand(actions: int) -> str:
    """A legal Bing record of ``actions`` actions: the players take the top discard and throw another card
    (BING-TURN allows it, and nothing ends such a hand)."""
    from rummycheck.table.deal import deal_record

    record = deal_record("bing", players=2, seed=3)
    hand = record.hands[0]
    hands = {name: list(cards) for name, cards in hand.cards}
    done: list[str]
    top, seat, done = hand.upcard, 0, []
    while len(done) < actions:
        name = ("A", "B")[seat]
        hands[name].append(top)
        throw = next(c for c in hands[name] if c != top)
        hands[name].remove(throw)
        done += [f"{name} take {top}", f"{name} discard {throw}"]
        top, seat = throw, 1 - seat
    rows = "".join(f'  "{a}",\n' for a in done[:actions])
    return BING_DEAL.replace("actions = []", f"actions = [\n{rows}]")


def test_review_keeps_one_table_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """The walk over a 4,000-action hand (judging switched off: what is measured is the tables kept
    per step).  A copy kept per step took 66 MiB here at 4,000 actions (and 564 at 12,000); one at a
    time takes about 1.3 MiB."""
    import tracemalloc

    import rummycheck.review as module
    from rummycheck.files.record import parse_record

    record = parse_record(long_bing_hand(4000), source="long.toml")
    monkeypatch.setattr(module._Judge, "judge", lambda self, step: None)
    tracemalloc.start()
    try:
        result = module.review(record)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert result.legal
    assert peak < 12 * 2**20, peak


def _walk_keeping_every_table(self: object) -> None:
    """The former walk (a copy of the table kept per step), the reference the streamed one must match."""
    from collections import Counter

    run = self.run  # type: ignore[attr-defined]
    for player in run.state.players:
        if player.cut is not None:
            self.seen.setdefault(player.name, Counter())[player.cut] += 1  # type: ignore[attr-defined]
    states = [(first, end, run.state.copy()) for first, end in run.steps()]
    for k, (first, end, before) in enumerate(states):
        after = states[k + 1][2] if k + 1 < len(states) else run.state
        self.step(first, end, before, after)  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", sorted(p.name for p in (Path(__file__).parents[1] / "records").glob("*.toml")
                                        if p.name not in ("wrong-on-purpose.toml", "unknown-expect-key.toml")))
def test_review_streamed_judges_as_before(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Keeping one table at a time changes nothing judged: every shipped record gives the same review
    as the walk that kept a copy per step."""
    import rummycheck.review as module
    from rummycheck.files.record import load_record

    record = load_record(Path(__file__).parents[1] / "records" / name)
    from rummycheck.render.json import review_json

    streamed = review_json(module.review(record))
    monkeypatch.setattr(module._Judge, "walk", _walk_keeping_every_table)
    assert review_json(module.review(record)) == streamed


REVIEW_CASES = [
    Case("review-refuses-an-absurd-record", ["review", "long.toml"], 2,
         [r"long\.toml: the record holds 10002 actions in 1 hand\(s\); review judges at most 10000 \(a whole game "
          r"is a few hundred\); replay checks a record of any length"], files={"long.toml": long_bing_hand(10002)},
         proc=True),
]


@pytest.mark.parametrize("case", REVIEW_CASES, ids=[c.id for c in REVIEW_CASES])
def test_review_bounds(case: Case, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    check_case(case, tmp_path, monkeypatch)


# -- simulate and deal check their inputs before any work ------------------------------------------

SIM = ["simulate", "--variant", "gin", "--games", "4", "--workers", "1"]
SHIPPED = Path(__file__).parents[1] / "records"  # the shipped records
SIMULATE_CASES = [
    Case("simulate-bing-8-players", ["simulate", "--variant", "bing", "--players", "8", "--workers", "1"], 2,
         [r"8 hands of 14 cards and the upcard need 113 cards, but the decks hold 104"], proc=True),
    Case("simulate-a-trillion-games", ["simulate", "--variant", "gin", "--games", "1000000000000", "--precision",
                                       "0.5", "--workers", "1"], 0, proc=True, out=r"gin: 2 players"),
    Case("simulate-scheduler-not-an-address", [*SIM, "--scheduler", "not an address"], 2,
         [r"--scheduler 'not an address': expected 'local' or a Dask scheduler's address like tcp://HOST:8786"],
         proc=True),
    Case("simulate-scheduler-nobody-there", [*SIM, "--scheduler", "tcp://127.0.0.1:1"], 2,
         [r"cannot connect to the scheduler at 'tcp://127\.0\.0\.1:1' within 5 seconds: .*"], proc=True),
    # review and advise entered the pool outside the guard: a scheduler out of reach was a traceback
    Case("review-scheduler-nobody-there", ["review", str(SHIPPED / "gin-knock.toml"), "--samples", "4",
                                           "--scheduler", "tcp://127.0.0.1:1"], 2,
         [r"cannot connect to the scheduler at 'tcp://127\.0\.0\.1:1' within 5 seconds: .*"], proc=True),
    Case("advise-scheduler-nobody-there", ["advise", str(SHIPPED / "gin-game.toml"), "--at", "6", "--samples", "4",
                                           "--scheduler", "tcp://127.0.0.1:1"], 2,
         [r"cannot connect to the scheduler at 'tcp://127\.0\.0\.1:1' within 5 seconds: .*"], proc=True),
    Case("simulate-plot-not-png", [*SIM, "--plot", "x.txt"], 2, [r"--plot x\.txt: the file must end in \.png"],
         proc=True),
    Case("simulate-plot-a-folder", [*SIM, "--plot", "pictures.png"], 2,
         [r"cannot write 'pictures\.png': is a directory"], files={"pictures.png/keep": ""}, proc=True),
    # a picture of the user's is never overwritten without --force (it was, silently)
    Case("simulate-plot-exists", [*SIM, "--plot", "x.png"], 2,
         [r"x\.png: the file exists; use --force to overwrite it"], files={"x.png": "mine"}, proc=True),
    Case("tournament-plot-exists", ["tournament", "--variant", "gin", "--bots", "knock,gin", "--games", "2",
                                    "--plot", "x.png"], 2,
         [r"x\.png: the file exists; use --force to overwrite it"], files={"x.png": "mine"}, proc=True),
    Case("simulate-plot-no-folder", [*SIM, "--plot", "missing/x.png"], 2,
         [r"cannot write 'missing/x\.png': no folder 'missing'"], proc=True),
    Case("simulate-records-a-file", [*SIM, "--records", "r.toml"], 2, [r"--records r\.toml: not a folder"],
         files={"r.toml": "x = 1\n"}, proc=True),
    Case("simulate-records-below-a-file", [*SIM, "--records", "r.toml/games"], 2,
         [r"cannot write 'r\.toml/games': Not a directory"], files={"r.toml": "x = 1\n"}, proc=True),
    Case("simulate-records-written", [*SIM, "--records", "games", "--sample", "2"], 0, proc=True,
         changed=("games/gin-seed1-deal0-rot0.toml", "games/gin-seed1-deal0-rot1.toml")),
    Case("simulate-1000-workers", [*SIM[:-2], "--workers", "1000"], 2,
         [r"Invalid value for '--workers' / '-w': .*less than or equal to 128.*"], proc=True),
    Case("deal-two-million-players", ["deal", "--players", "2000000"], 2,
         [r"Bing Rummy is played by 2 to 8 players, not 2000000"], proc=True),
    Case("deal-minus-three-players", ["deal", "--players", "-3"], 2,
         [r"Bing Rummy is played by 2 to 8 players, not -3"], proc=True),
]


@pytest.mark.parametrize("case", SIMULATE_CASES, ids=[c.id for c in SIMULATE_CASES])
def test_simulate_and_deal_check_first(case: Case, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    check_case(case, tmp_path, monkeypatch)


# -- writers escape what they write, and never write an input ----------------------------------------

OPENSPIEL = (Path(__file__).parent / "data" / "openspiel" / "default-bots-gin.txt").read_text(encoding="utf-8")
ODD_NAMES = ("A\x1b[2Jx", 'B"\x00\x7fq\\')
CLUB = 'name = "club"\nextends = "gin"\n\n[rules]\n'


def _odd_record() -> str:
    """A dealt gin record whose players hold ESC, NUL, DEL, a quote and a backslash (escaped in the TOML)."""
    from rummycheck.files.record import write_record
    from rummycheck.table.deal import deal_record

    return write_record(deal_record("gin", players=list(ODD_NAMES), seed=5))


def test_record_writer_round_trips_control_characters() -> None:
    from rummycheck.files.record import parse_record, write_record

    text = _odd_record()
    assert not re.search(r"[\x00-\x08\x0b-\x1f\x7f]", text)  # every control character written as an escape
    record = parse_record(text, source="odd.toml")
    assert record.players == ODD_NAMES
    assert write_record(record) == text


def test_deal_writes_names_that_replay_reads_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from rummycheck.files.record import load_record

    monkeypatch.chdir(tmp_path)
    done = CliRunner().invoke(app, ["deal", "--variant", "gin", "--names", ",".join(ODD_NAMES), "--seed", "5",
                                    "-o", "r.toml"])
    assert done.exit_code == 0, done.output
    assert load_record("r.toml").players == ODD_NAMES
    assert CliRunner().invoke(app, ["replay", "r.toml"]).exit_code == 0


def test_replay_scenario_writes_names_that_read_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from rummycheck.files.scenario import load_scenario

    monkeypatch.chdir(tmp_path)
    Path("r.toml").write_text(_odd_record(), encoding="utf-8")
    done = CliRunner().invoke(app, ["replay", "r.toml", "--at", "1", "--scenario", "s.toml"])
    assert done.exit_code == 0, done.output
    assert tuple(p.name for p in load_scenario("s.toml").players) == ODD_NAMES


def test_import_writes_names_that_read_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from rummycheck.files.record import load_record

    monkeypatch.chdir(tmp_path)
    Path("game.txt").write_text(OPENSPIEL, encoding="utf-8")
    done = CliRunner().invoke(app, ["import", "openspiel", "game.txt", "--names", ",".join(ODD_NAMES), "-o",
                                    "r.toml"])
    assert done.exit_code == 0, done.output
    assert load_record("r.toml").players == ODD_NAMES


def test_deal_names_the_club_file_from_the_folder_written_to(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("club.toml").write_text(CLUB, encoding="utf-8")
    Path("other").mkdir()
    done = CliRunner().invoke(app, ["deal", "--variant", "club.toml", "--seed", "2", "-o", "other/x.toml"])
    assert done.exit_code == 0, done.output
    assert 'variant = "../club.toml"' in Path("other/x.toml").read_text(encoding="utf-8")
    assert CliRunner().invoke(app, ["replay", "other/x.toml"]).exit_code == 0
    scenario = CliRunner().invoke(app, ["replay", "other/x.toml", "--at", "1", "--scenario", "s.toml"])
    assert scenario.exit_code == 0, scenario.output
    assert 'variant = "club.toml"' in Path("s.toml").read_text(encoding="utf-8")


WRITER_CASES = [
    Case("deal-name-with-a-space", ["deal", "--names", "Ann Lee,Bob"], 2,
         [r"--names: a player's name is one word \(it starts each action\), got 'Ann Lee'"]),
    Case("deal-name-with-a-tab", ["deal", "--names", "Ann\tLee,Bob"], 2,
         [r"--names: a player's name is one word \(it starts each action\), got 'Ann\\tLee'"]),
    # a byte that is not UTF-8 reaches Python as a lone surrogate; written, it became U+FFFD
    Case("deal-name-not-utf8", ["deal", "--names", "\udcffA,Bob"], 2,
         [r"--names: a player's name must be UTF-8 text \(a byte of it is not\), got '\\udcffA'"]),
    Case("import-name-with-a-space", ["import", "openspiel", "g.txt", "--names", "Ann Lee,Bob"], 2,
         [r"--names: a player's name is one word \(it starts each action\), got 'Ann Lee'"],
         files={"g.txt": OPENSPIEL}),
    Case("record-name-with-a-tab", ["replay", "r.toml"], 2,
         [r"r\.toml:2:\d+: a player's name is one word \(it starts each action\), got 'A\\tB'",
          r"r\.toml:7:1: cards names 'A', who is not one of the players"],
         files={"r.toml": BING_DEAL.replace('players = ["A", "B"]', 'players = ["A\\tB", "B"]')}),
    # --force never overwrites one of the command's own input files (README: input files are never written)
    Case("import-onto-its-input", ["import", "openspiel", "g.txt", "-o", "g.txt", "--force"], 2,
         [r"--output g\.txt: is the input file g\.txt; input files are never written \(give another path\)"],
         files={"g.txt": OPENSPIEL}),
    Case("export-onto-its-input", ["export", "openspiel", "r.toml", "-o", "./r.toml", "--force"], 2,
         [r"--output \./r\.toml: is the input file r\.toml; input files are never written \(give another path\)"],
         files={"r.toml": GIN_DEAL}),
    Case("replay-scenario-onto-its-record", ["replay", "r.toml", "--at", "1", "--scenario", "r.toml", "--force"], 2,
         [r"--scenario r\.toml: is the input file r\.toml; input files are never written \(give another path\)"],
         files={"r.toml": GIN_DEAL}),
    Case("deal-onto-its-club-file", ["deal", "--variant", "club.toml", "-o", "club.toml", "--force"], 2,
         [r"--output club\.toml: is the input file club\.toml; input files are never written \(give another "
          r"path\)"], files={"club.toml": CLUB}),
    Case("deal-force-overwrites-an-output", ["deal", "--seed", "1", "-o", "old.toml", "--force"], 0,
         files={"old.toml": "x = 1\n"}, changed=("old.toml",)),
]


@pytest.mark.parametrize("case", WRITER_CASES, ids=[c.id for c in WRITER_CASES])
def test_writers(case: Case, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    check_case(case, tmp_path, monkeypatch)


# -- output errors say the path, and that it cannot be written --------------------------------------

FULL = r"cannot write '/dev/full': No space left on device"


def _openspiel_record() -> str:
    from rummycheck.files.openspiel import import_openspiel

    return import_openspiel(OPENSPIEL, source="g.txt", names=("P0", "P1"))



OUTPUT_CASES = [
    Case("deal-to-a-full-disk", ["deal", "-o", "/dev/full"], 2, [FULL], proc=True),
    Case("deal-to-a-full-disk-forced", ["deal", "-o", "/dev/full", "--force"], 2, [FULL], proc=True),
    Case("import-to-a-full-disk", ["import", "openspiel", "g.txt", "-o", "/dev/full", "--force"], 2, [FULL],
         files={"g.txt": OPENSPIEL}, proc=True),
    Case("export-to-a-full-disk", ["export", "openspiel", "r.toml", "-o", "/dev/full"], 2, [FULL],
         files={"r.toml": _openspiel_record()}, proc=True),
    Case("scenario-to-a-full-disk", ["replay", "r.toml", "--at", "1", "--scenario", "/dev/full"], 2, [FULL],
         files={"r.toml": GIN_DEAL}, proc=True),
    Case("simulate-records-to-a-full-disk", [*SIM, "--records", "/dev/full"], 2, [r"--records /dev/full: not a folder"],
         proc=True),
    Case("deal-to-a-missing-folder", ["deal", "-o", "missing/dir/x.toml"], 2,
         [r"cannot write 'missing/dir/x\.toml': no folder 'missing/dir'"], proc=True),
    Case("import-to-a-missing-folder", ["import", "openspiel", "g.txt", "-o", "missing/x.toml"], 2,
         [r"cannot write 'missing/x\.toml': no folder 'missing'"], files={"g.txt": OPENSPIEL}, proc=True),
    Case("scenario-to-a-missing-folder", ["replay", "r.toml", "--at", "1", "--scenario", "missing/s.toml"], 2,
         [r"cannot write 'missing/s\.toml': no folder 'missing'"], files={"r.toml": GIN_DEAL}, proc=True),
    Case("deal-to-a-folder", ["deal", "-o", "games"], 2, [r"cannot write 'games': is a directory"],
         files={"games/keep": ""}, proc=True),
]


@pytest.mark.parametrize("case", OUTPUT_CASES, ids=[c.id for c in OUTPUT_CASES])
def test_output_errors(case: Case, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    check_case(case, tmp_path, monkeypatch)


# -- newcomer papercuts -------------------------------------------------------------------------------

NOTHING = (r"\(verify runs the \[expect\] checks of scenarios and score sheets; a record is checked by "
           r"'rummycheck replay'\)")
PAPERCUT_CASES = [
    Case("score-a-record", ["score", "r.toml"], 2,
         [r"r\.toml: a record \(docs/records\.md\), not a scenario or a score sheet: 'rummycheck replay r\.toml' "
          r"replays it and scores every hand"], files={"r.toml": GIN_DEAL}),
    Case("verify-a-folder-of-records", ["verify", "records"], 2,
         [rf"checked nothing: 2 file\(s\) under records, none with an \[expect\] section {NOTHING}"],
         files={"records/a.toml": GIN_DEAL, "records/b.toml": BING_DEAL}),
    Case("verify-an-empty-folder", ["verify", "empty"], 2, [rf"checked nothing: no \.toml file under empty {NOTHING}"],
         files={"empty/notes.txt": "nothing here\n"}),
    Case("replay-hand-without-at", ["replay", "r.toml", "--hand", "5"], 2,
         [r"--hand needs --at N \(--hand picks the hand --at refers to; without --at every hand is replayed\)"],
         files={"r.toml": GIN_DEAL}),
    Case("simulate-one-deal-no-infinite-interval", ["simulate", "--variant", "gin", "--games", "2", "--workers", "1"],
         0, out=r"\[no interval: one deal\]", not_out=r"inf"),
]


@pytest.mark.parametrize("case", PAPERCUT_CASES, ids=[c.id for c in PAPERCUT_CASES])
def test_papercuts(case: Case, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    check_case(case, tmp_path, monkeypatch)


def test_simulate_gives_up_on_a_server_that_never_answers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A TCP server that accepts the connection and says nothing (not a Dask scheduler): the client's
    handshake used to wait for ever; now one line after the connect timeout."""
    import socket

    pytest.importorskip("dask.distributed")
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(8)  # connections wait in the backlog, accepted by the kernel, never answered
    port = server.getsockname()[1]
    try:
        case = Case("scheduler-that-never-answers", [*SIM, "--scheduler", f"tcp://127.0.0.1:{port}"], 2,
                    [rf"cannot connect to the scheduler at 'tcp://127\.0\.0\.1:{port}' within 5 seconds: .*"],
                    proc=True)
        check_case(case, tmp_path, monkeypatch)
    finally:
        server.close()
