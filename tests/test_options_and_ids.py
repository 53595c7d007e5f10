"""Strict options (unknown keywords named, backends checked first) and stable chunk ids."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import pytest

import structchunk
from structchunk.decode import from_text
from structchunk.errors import OptionError

REPO = Path(__file__).resolve().parents[1]
FAQ = REPO / "corpus_samples" / "short_faq.md"


@pytest.mark.parametrize(("keyword", "nearest"), [
    ("max_siz", "max_size"), ("overlapp", "overlap"), ("code_langauge", "code_language"),
    ("tokeniser", "tokenizer"), ("pasword", "password"), ("source_ids", "source_id"),
])
def test_an_unknown_keyword_names_the_nearest_known_one(keyword: str, nearest: str) -> None:
    with pytest.raises(OptionError, match=f"unknown option '{keyword}'.*'{nearest}'"):
        structchunk.split(FAQ, **{keyword: 1})


def test_a_keyword_with_nothing_near_is_still_refused() -> None:
    with pytest.raises(OptionError, match="'zzz'"):
        structchunk.split(FAQ, zzz=True)


def test_parser_options_still_pass() -> None:
    code = "def a():\n    return 1\n"
    chunks = structchunk.split(from_text(code), format="code", code_language="python")
    assert chunks[0].content == code.strip()


def test_bad_sentence_backend_is_refused_before_parsing(monkeypatch: pytest.MonkeyPatch
                                                       ) -> None:
    import structchunk.api as api

    def must_not_parse(*_args: Any, **_kwargs: Any) -> Any:
        raise AssertionError("parsing started before the options were checked")

    monkeypatch.setattr(api, "parse", must_not_parse)
    with pytest.raises(OptionError, match="did you mean 'spacy'"):
        structchunk.split(FAQ, sentence_backend="spacey")
    with pytest.raises(OptionError, match="unknown option"):
        structchunk.split(FAQ, max_siz=5)
    with pytest.raises(structchunk.StrategyError):
        structchunk.split(FAQ, strategy="hybird")


def test_ids_do_not_depend_on_working_directory_or_path_spelling(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    copy = tmp_path / "docs" / "faq.md"
    copy.parent.mkdir()
    shutil.copy(FAQ, copy)
    (tmp_path / "link").symlink_to(copy.parent)
    absolute = [c.chunk_id for c in structchunk.split(copy)]
    spellings = [str(copy), tmp_path / "docs" / ".." / "docs" / "faq.md",
                 tmp_path / "link" / "faq.md"]
    for spelling in spellings:
        assert [c.chunk_id for c in structchunk.split(spelling)] == absolute
    monkeypatch.chdir(tmp_path)
    assert [c.chunk_id for c in structchunk.split("docs/faq.md")] == absolute
    assert [c.chunk_id for c in structchunk.split(Path("./docs//faq.md"))] == absolute
    monkeypatch.chdir(copy.parent)
    assert [c.chunk_id for c in structchunk.split("faq.md")] == absolute


def test_source_id_sets_the_ids_anywhere(tmp_path: Path) -> None:
    copy = tmp_path / "faq.md"
    shutil.copy(FAQ, copy)
    here = structchunk.split(FAQ, source_id="handbook/faq.md")
    there = structchunk.split(copy, source_id="handbook/faq.md")
    text = structchunk.split(from_text(FAQ.read_text(encoding="utf-8")),
                             source_id="handbook/faq.md")
    assert [c.chunk_id for c in here] == [c.chunk_id for c in there] == [
        c.chunk_id for c in text]
    other = structchunk.split(FAQ, source_id="other")
    assert not {c.chunk_id for c in other} & {c.chunk_id for c in here}
    assert os.path.isabs(FAQ)
