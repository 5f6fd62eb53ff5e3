"""``rummycheck verify``: run the [expect] sections of scenario and score-sheet files."""

from pathlib import Path
from typing import Annotated

import typer

from rummycheck.cli.common import JsonOpt, app, emit_json, fail, guarded, say

# the project's scenarios/ folder (next to the package in a source checkout)
DEFAULT_FOLDER = Path(__file__).resolve().parents[2] / "scenarios"


@app.command()
def verify(
    paths: Annotated[list[str] | None, typer.Argument(
        help="Scenario or score-sheet files, or folders searched for *.toml (default: the project's scenarios/).",
        show_default=False)] = None,
    failed_only: Annotated[bool, typer.Option("--failed", help="List only the failed checks.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Check every [expect] value; print one row per check and 'N passed, M failed'. Exit 1 on a failure."""
    from tabulate import tabulate

    from rummycheck.textsafe import escape
    from rummycheck.verify import scenario_files, summary, verify_paths

    # an installed (non-editable) package has no scenarios/ beside it: use the current folder's
    default = DEFAULT_FOLDER if DEFAULT_FOLDER.is_dir() else Path("scenarios")
    targets: list[str | Path] = list(paths) if paths else [default]
    broken: list[str] = []  # files that do not load: reported after the others are checked
    checks = guarded(lambda: verify_paths(targets, broken=broken))
    if not checks and not broken:  # nothing was checked: say so rather than '0 passed, 0 failed'
        found = len(guarded(lambda: list(scenario_files(targets))))
        where = ", ".join(str(t) for t in targets)
        what = f"{found} file(s) under {where}, none with an [expect] section" if found else \
            f"no .toml file under {where}"
        fail(f"checked nothing: {what} (verify runs the [expect] checks of scenarios and score sheets; a record "
             "is checked by 'rummycheck replay')")
    failed = [c for c in checks if not c.passed]
    if as_json:
        from rummycheck.render.json import check_json

        shown = failed if failed_only else checks  # --failed: the failed checks only, as in the table
        emit_json({"checks": [check_json(c) for c in shown], "passed": len(checks) - len(failed),
                   "failed": len(failed), "unread": len(broken)})
    else:
        shown = failed if failed_only else checks
        # every cell escaped whole, line breaks too: a table cell with a \r or \n (a file's name, say) would be
        # split over rows by the table
        rows = [[escape(cell, keep="") for cell in (_short(c.scenario), ", ".join(c.rules), c.label, c.expected,
                                                     c.got, "pass" if c.passed else "FAIL")]
                for c in shown]
        if rows:
            say(tabulate(rows, headers=["scenario", "rules", "check", "expected", "got", "result"],
                                tablefmt="simple", maxcolwidths=[None, 30, None, 36, 36, None]))
        if failed:
            say("")
            say("what differs:")
            for c in failed:
                say(f"  {escape(_short(c.place), keep='')}: {escape(c.label, keep='')}: {c.diff}")
        say(summary(checks, unread=len(broken)))
    if broken:
        fail("\n".join(broken))
    if failed:
        raise typer.Exit(1)


def _short(path: str) -> str:
    """A path relative to the current folder when it lies below it."""
    try:
        return str(Path(path).relative_to(Path.cwd()))
    except ValueError:
        return path
