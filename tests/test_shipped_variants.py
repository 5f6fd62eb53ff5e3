"""The shipped variant files parsed ahead (``rummycheck/data/shipped_variants.py``): the module is
what its generator writes from the TOML files as they are now, it holds what ``tomllib`` reads
from each, variants built from it equal variants built from the files, and any other text is
still parsed from the text itself."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from rummycheck import variants
from rummycheck.data import compile_variants, shipped_variants


def test_the_module_is_what_the_generator_writes_from_the_files_now() -> None:
    # Fails after a change to a variant file until `python -m rummycheck.data.compile_variants` is run.
    assert compile_variants.TARGET.read_text("utf-8") == compile_variants.render()


def test_it_holds_what_tomllib_reads_from_each_shipped_file() -> None:
    texts = [path.read_text("utf-8") for path in compile_variants.variant_files()]
    assert [path.stem for path in compile_variants.variant_files()] == sorted(variants.VARIANT_NAMES)
    assert sorted(shipped_variants.PARSED) == sorted(texts)
    for text in texts:
        assert shipped_variants.PARSED[text] == tomllib.loads(text)


@pytest.mark.parametrize("name", variants.VARIANT_NAMES)
def test_a_variant_built_from_it_equals_one_built_from_the_file(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    text = (variants._SHIPPED / f"{name}.toml").read_text("utf-8")
    assert text in shipped_variants.PARSED
    ahead = variants._variant_from_text(text, name)
    monkeypatch.setattr(shipped_variants, "PARSED", {})  # now every text goes through tomllib
    parsed = variants._variant_from_text(text, name)
    assert ahead == parsed
    assert (ahead.rules, ahead.values, ahead.presets, ahead.preset, ahead.disputes, ahead.game, ahead.title,
            ahead.summary) == (parsed.rules, parsed.values, parsed.presets, parsed.preset, parsed.disputes,
                               parsed.game, parsed.title, parsed.summary)


def test_an_edited_text_is_read_from_the_text() -> None:
    text = (variants._SHIPPED / "bing.toml").read_text("utf-8")
    assert 'name = "limit", type = "int", default = 75' in text
    edited = text.replace('name = "limit", type = "int", default = 75', 'name = "limit", type = "int", default = 90')
    assert edited not in shipped_variants.PARSED
    assert variants._variant_from_text(edited, "bing").option("limit") == 90
    assert variants._variant_from_text(text, "bing").option("limit") == 75


def test_a_shipped_file_changed_on_disk_takes_effect(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    folder = tmp_path
    for path in compile_variants.variant_files():
        text = path.read_text("utf-8")
        if path.stem == "bing":
            text = text.replace('name = "limit", type = "int", default = 75',
                                'name = "limit", type = "int", default = 90')
        (folder / path.name).write_text(text, "utf-8")
    monkeypatch.setattr(variants, "_SHIPPED", folder)
    variants._load_builtin.cache_clear()
    try:
        assert variants.get_variant("bing").option("limit") == 90
        assert variants.get_variant("gin") == variants._variant_from_text(
            (folder / "gin.toml").read_text("utf-8"), "gin")
    finally:
        monkeypatch.undo()
        variants._load_builtin.cache_clear()
    assert variants.get_variant("bing").option("limit") == 75
