"""``rummycheck deal``: a new record with a seeded deal and no actions."""

import random
from dataclasses import replace
from typing import Annotated, Any

import typer

from rummycheck.cli.common import (
    MAX_SEED,
    JsonOpt,
    PresetOpt,
    RuleOpt,
    VariantOpt,
    app,
    emit_json,
    guarded,
    output_path,
    say,
    say_exactly,
    write_file,
)


@app.command()
def deal(
    variant: VariantOpt = "bing",
    players: Annotated[int | None, typer.Option("--players", "-n", help="Number of players (names A, B, C, ...; "
                                                                       "default 2).", show_default=False)] = None,
    names: Annotated[str | None, typer.Option("--names", help="Player names in seat order, comma-separated "
                                                              "(instead of --players).")] = None,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed of the shuffle (default: a random one, "
                                                            "written into the record).",
                                             min=-MAX_SEED, max=MAX_SEED)] = None,
    dealer: Annotated[str | None, typer.Option("--dealer", help="Who deals (default: the last seat).")] = None,
    preset: PresetOpt = None,
    rule: RuleOpt = None,
    output: Annotated[str | None, typer.Option("--output", "-o", help="Write the record to this file "
                                                                      "(default, or '-': standard output).")] = None,
    html: Annotated[str | None, typer.Option("--html", help="Also write the deal as one self-contained HTML page "
                                                           "(docs/html.md).")] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing --output or --html file (never an "
                                                        "input file).")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Deal a hand with an explicit seed and write it as a record (docs/records.md), ready for actions."""
    from rummycheck.errors import ScenarioError
    from rummycheck.files.record import rebase_house_rules, write_record
    from rummycheck.table.deal import deal_record
    from rummycheck.table.record import name_problem
    from rummycheck.variants import is_house_rules_name, parse_override

    chosen = seed if seed is not None else random.SystemRandom().randrange(2**31)

    def run() -> Any:
        seats: int | list[str] = 2 if players is None else players
        if names is not None:
            seats = [n.strip() for n in names.split(",") if n.strip()]
            if players is not None and players != len(seats):
                raise ScenarioError(f"--players {players} and --names with {len(seats)} names: give one of them")
            for name in seats:
                if name_problem(name):
                    raise ScenarioError(f"--names: {name_problem(name)}")
        overrides = [parse_override(r) for r in rule or []]
        return deal_record(variant, players=seats, seed=chosen, dealer=dealer, preset=preset, rules=overrides)

    if output == "-":  # standard output, as without --output
        output = None
    house_rules = [variant] if is_house_rules_name(variant) else []
    target = output_path(output, option="--output", force=force, inputs=house_rules) if output is not None else None
    page = None
    if html is not None:  # both outputs are checked before either is written
        from rummycheck.render.html import check_target, write_deal_page

        page = guarded(lambda: check_target(html, force=force, inputs=(variant,), outputs=(output,)))
    record = guarded(run)
    if page is not None:
        guarded(lambda: write_deal_page(record, page))
    if target is not None and house_rules:  # the club's file, named from the folder the record is written to
        record = replace(record, variant_name=rebase_house_rules(variant, found_from=".", written_to=target.parent))
    text = write_record(record)
    if target is not None:
        write_file(target, text)
    if as_json:
        hand = record.hands[0]
        emit_json({"variant": record.variant_name, "players": list(record.players), "dealer": record.dealer,
                   "seed": record.seed, "cards": {n: [str(c) for c in cards if c is not None]
                                                  for n, cards in hand.cards},
                   "upcard": None if hand.upcard is None else str(hand.upcard),
                   "cut": None if hand.cut is None else str(hand.cut),
                   "stock": [str(c) for c in hand.stock if c is not None],
                   "output": output, "record": text})
    elif output is None:
        say_exactly(text)
    else:
        say(f"wrote {output} ({record.variant_name}, {len(record.players)} players, seed {record.seed})")
