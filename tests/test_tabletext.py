"""rummycheck.tabletext writes the tables it takes exactly as tabulate does (that solve loads no
tabulate is checked in test_startup.py)."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from tabulate import tabulate as real_tabulate

from rummycheck import tabletext

# words made of what tables print: card names, rule ids, numbers, signs, dots, spaces
WORDS = st.text(alphabet="aAsdhcTJQK23456789-+.e x=#()", min_size=0, max_size=12)
CELLS = st.one_of(st.integers(-10**6, 10**6), WORDS, st.booleans(), st.floats(allow_nan=False), st.none(),
                  st.sampled_from(["1", "-3", "2.5", "1e3", "nan", "inf", "True", "False", " a", "b ", "", "é",
                                   "tab\there", "两"]))


@settings(max_examples=400, deadline=None)
@given(width=st.integers(1, 5), data=st.data())
def test_every_table_equals_tabulate(width: int, data: st.DataObject) -> None:
    headers = data.draw(st.lists(st.sampled_from(["#", "meld", "cards", "wilds", "player", "x", "a b", "9"]),
                                 min_size=width, max_size=width))
    kinds = data.draw(st.lists(st.sampled_from(["int", "word", "any"]), min_size=width, max_size=width))
    column = {"int": st.integers(-999, 10**5), "word": WORDS, "any": CELLS}
    rows = data.draw(st.lists(st.tuples(*(column[k] for k in kinds)).map(list), min_size=0, max_size=6))
    assert tabletext.tabulate(rows, headers=headers, tablefmt="simple") == \
        real_tabulate(rows, headers=headers, tablefmt="simple")


@settings(max_examples=100, deadline=None)
@given(rows=st.lists(st.tuples(st.integers(1, 20), st.sampled_from(["set", "run"]),
                               st.lists(st.sampled_from(["3s", "Kd", "Tc", "2h", "Ah"]), min_size=3, max_size=8)
                               .map(" ".join),
                               st.sampled_from(["-", "2d as 4s", "2h as 5s, 2c as 6s"])).map(list), min_size=1))
def test_the_solve_table_is_written_here_and_equals_tabulate(rows: list[list[object]]) -> None:
    headers = ["#", "meld", "cards", "wilds"]
    ours = tabletext._simple(rows, headers)
    assert ours is not None  # written here, without tabulate
    assert ours == real_tabulate(rows, headers=headers, tablefmt="simple")


def test_other_formats_and_wrapped_columns_go_to_tabulate() -> None:
    rows = [["BING-LIMIT", "score 40 + 12 left = 52 <= 75, and a long reason that wraps"]]
    # keyword arguments of several types, as tabulate takes them
    option_sets: tuple[dict[str, Any], ...] = ({"maxcolwidths": [None, 20]}, {"tablefmt": "github"})
    for options in option_sets:
        expected = real_tabulate(rows, headers=["rule", "why"], **{"tablefmt": "simple", **options})
        assert tabletext.tabulate(rows, headers=["rule", "why"], **{"tablefmt": "simple", **options}) == expected
    assert tabletext._simple([[1.5]], ["x"]) is None and tabletext._simple([["1"]], ["x"]) is None

