import sys
from pathlib import Path

# make tests/brute.py importable as `brute`
sys.path.insert(0, str(Path(__file__).parent))


import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _solver_budgets_off_the_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """The z3 and constraint solvers give up after a wall-clock budget (5 s by default): right for
    a user, wrong for a test, whose answer must not depend on how loaded the machine is.  Tests
    run with a budget far beyond any hand's need; the test of giving up sets its own."""
    import rummycheck.solvers.csp as csp
    import rummycheck.solvers.z3 as z3

    monkeypatch.setattr(z3, "TIMEOUT_MS", 600_000)
    monkeypatch.setattr(csp, "BUDGET_S", 600.0)
