"""Every ```python block of the docs runs as written, from the project's root: a block in the
interpreter's form (``>>>``) as a doctest, whose shown results must come out; any other as a
script, which must run without error.  The pages show the library's calls, and a renamed or
removed call (``state_at(...).describe()`` once) should fail here, not in a reader's hands."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)
BLOCKS = [(page, index, match.group(1)) for page in sorted((ROOT / "docs").glob("*.md")) + [ROOT / "README.md"]
          for index, match in enumerate(BLOCK.finditer(page.read_text(encoding="utf-8")))]


def test_the_docs_have_python_blocks() -> None:
    assert len(BLOCKS) >= 10  # the pages' examples are found (a change to the fence would hide them all)


@pytest.mark.parametrize(("page", "index", "code"), BLOCKS,
                         ids=[f"{page.name}-{index}" for page, index, _ in BLOCKS])
def test_python_block_runs(page: Path, index: int, code: str, monkeypatch: pytest.MonkeyPatch,
                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(ROOT)
    # a block may add to the library's registries (verify.md registers an expectation key): the
    # addition stays in this test, not in the process the other tests run in
    from rummycheck import verify

    monkeypatch.setattr(verify, "_REGISTRY", dict(verify._REGISTRY))
    name = f"{page.name} block {index + 1}"
    if code.lstrip().startswith(">>>"):
        test = doctest.DocTestParser().get_doctest(code, {}, name, str(page), 0)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
        runner.run(test, out=lambda text: print(text, end=""))
        assert runner.failures == 0, capsys.readouterr().out
    else:
        exec(compile(code, name, "exec"), {"__name__": "__docs__"})
