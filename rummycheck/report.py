"""Text reports for the CLI: solutions and variant rule tables (tabulate)."""

from __future__ import annotations

from tabulate import tabulate

from rummycheck.cards import format_cards
from rummycheck.results import Solution
from rummycheck.variants import Variant

__all__ = ["rules_table", "solution_text"]


def solution_text(solution: Solution) -> str:
    variant = solution.variant
    lines = [f"{variant.title} ({variant}) - hand: {format_cards(solution.hand)}"]
    if variant.name == "bing":
        lines.append(f"running score {solution.score}, {'opened' if solution.opened else 'not opened yet'}")
    rows = []
    for number, meld in enumerate(solution.melds, start=1):
        wilds = ", ".join(f"{card} as {stand}" for card, stand in meld.wild_pairs())
        rows.append([number, str(meld.kind), format_cards(meld.cards), wilds or "-"])
    if rows:
        lines.append(tabulate(rows, headers=["#", "meld", "cards", "wilds"], tablefmt="simple"))
    else:
        lines.append("melds: none")
    if solution.layoffs:
        lines.append("lay-offs: " + ", ".join(f"{lo.card} on table meld {lo.target}"
                                               + ("" if lo.card == lo.stands_for else f" as {lo.stands_for}")
                                               for lo in solution.layoffs))
    if solution.discard is not None:
        lines.append(f"discard: {solution.discard}")
    left = format_cards(solution.deadwood) or "none"
    lines.append(f"left in hand: {left} ({solution.deadwood_points} points)")
    lines.append("verdict: " + ("legal" if solution.legal else "not legal"))
    for reason in solution.reasons:
        lines.append(f"  {reason.rule}: {reason.message}")
    return "\n".join(lines)


def rules_table(variant: Variant) -> str:
    rows = []
    for rule in variant.rules:
        if not rule.options:
            rows.append([rule.id, rule.text, "", "", ""])
            continue
        for i, spec in enumerate(rule.options):
            value = spec.describe(variant.option(spec.name))
            rows.append([rule.id if i == 0 else "", rule.text if i == 0 else "",
                         spec.name, value, spec.alternatives(variant.option(spec.name))])
    header = f"{variant.title} (variant {variant.name!r}"
    if variant.preset:
        header += f", preset {variant.preset!r}; presets: {', '.join(p for p, _ in variant.presets)}"
    header += ")"
    table = tabulate(rows, headers=["id", "rule", "option", "in force", "alternatives"],
                     tablefmt="simple", maxcolwidths=[None, 48, None, None, 30])
    return header + "\n" + table
