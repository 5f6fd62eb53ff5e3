"""Wording shared by the renderers: the one-step review's finding in words and the advisor's best
line, which the terminal text, the JSON and the pages all show.  Both renderers import this
module; it imports neither of them."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rummycheck.analysis.advisor import Advice
    from rummycheck.review import Finding

__all__ = ["best_line", "finding_detail"]


def _num(value: object) -> str:
    """A figure as the findings write it: a whole number without decimals, else two places."""
    number = float(value)  # type: ignore[arg-type]
    return str(int(number)) if number.is_integer() else f"{number:.2f}"


def finding_detail(finding: Finding) -> str:
    """The one-step review's finding in words: its ``case`` with its facts."""
    f = dict(finding.facts)
    case = finding.case
    if case == "lay-down":
        return (f"leaves {f['left']} points in hand at the end of the turn; the best legal lay-down leaves "
                f"{f['best']}")
    if case.startswith("held-"):
        when = {"held-discard": "at the end of the turn (with the best discard)",
                "held-take": f"at the end of the turn (taking {f.get('took')}, then the best discard)",
                "held-draw": f"on average at the end of the turn (drawing one of the {f.get('unseen')} cards "
                             f"{f.get('player')} has not seen, then the best discard)"}[case]
        return f"holds {_num(f['held'])} points {when}; the best legal lay-down now leaves {f['best']}"
    if case == "draw":
        return (f"deadwood at the end of the turn: taking {f['top']} and the best discard leaves {_num(f['take'])}; "
                f"drawing from the stock leaves {_num(f['draw'])} on average over the {f['unseen']} cards "
                f"{f['player']} has not seen")
    if case.startswith("discard-"):
        unit = {"discard-next": f"expected deadwood after the next draw (average over the {f.get('unseen')} cards "
                                f"{f.get('player')} has not seen)",
                "discard-seen": "deadwood now (every card is seen)",
                "discard-now": "deadwood now (two decks or wilds: no one-deck deadwood tables)"}[case]
        also = f"; deadwood now {f['now']} against {f['best_now']}" if "now" in f else ""
        return (f"{unit}: {_num(f['value'])} after discarding {f['chosen']}, {_num(f['best_value'])} after "
                f"{f['best']}{also}")
    if case == "knocked-not-gin":
        return (f"knocked with deadwood {f['deadwood']} where gin was on: gin scores at least {f['bonus']} whatever "
                f"the defender holds and takes no lay-offs, and each point of the knocker's deadwood counts "
                f"against him: at least {f['deadwood']} + {f['bonus']}")
    if case == "knock-arrangement":
        return f"knocked with deadwood {f['deadwood']}; the best knock leaves {f['least']}"
    if case == "gin-on":
        return (f"gin was on; it scores at least {f['bonus']} whatever the defender holds; the review does not "
                "value playing on")
    if case == "knock-on":
        return (f"a knock with deadwood {f['deadwood']} was expected to score {_num(f['value'])} "
                f"(standard error {float(f['error']):.2f}) from the running scores before the hand (average over "
                f"{f['samples']} hands the defender could hold, drawn with a seeded random.Random from the cards "
                f"{f['player']} has not seen); the review does not value playing on")
    if case == "defence":
        return (f"the defender keeps {f['kept']} points of deadwood; his best melds and lay-offs leave "
                f"{f['best']}: the hand scores {int(f['scores']):+d} for him instead of {int(f['best_scores']):+d}")
    raise ValueError(f"no words for a finding of case {case!r}")


def best_line(advice: Advice) -> str:
    """The best move in words, the player's name left out: ``discard Ts``, ``knock 3d: gin``, and a
    take, naming the card taken, with the rest of the turn it was valued by: ``take 5h, then knock 3d``."""
    value = advice.evaluation.best
    best = value.action
    text = value.text(advice.top)
    facts = advice.facts[0]
    if best.kind.value == "knock" and (best.card is None or (facts is not None and facts.deadwood == 0)):
        text += ": gin"
    elif value.then is not None and value.then.kind.value == "knock" and (
            value.then.card is None or facts is not None and facts.deadwood == 0):  # the completion's facts
        text += ": gin"
    return text
