"""The re-index stamp changes with everything that can move a boundary: the code (its hash,
under the same version), the grammar files, and every option."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from structchunk.evaluate import stamp
from structchunk.evaluate.config import Chunking
from structchunk.evaluate.stamp import code_checksum, make_stamp, stamp_differences
from structchunk.resources import grammars_root


@pytest.fixture
def fresh_checksum() -> Iterator[None]:
    code_checksum.cache_clear()
    yield
    code_checksum.cache_clear()


def test_the_code_hash_changes_when_a_shipped_grammar_file_changes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_checksum: None) -> None:
    before = make_stamp(Chunking())
    copy = tmp_path / "grammars"
    shutil.copytree(grammars_root(), copy)
    edited = next(path for path in sorted(copy.rglob("*.toml")))
    edited.write_text(edited.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    monkeypatch.setattr(stamp, "grammars_root", lambda: copy)
    code_checksum.cache_clear()
    after = make_stamp(Chunking())
    assert before["structchunk"] == after["structchunk"]
    assert before["code"] != after["code"]
    assert any(line.startswith("code: ") for line in stamp_differences(before, after))


def test_the_code_hash_is_the_same_for_the_same_files(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_checksum: None) -> None:
    before = code_checksum()
    copy = tmp_path / "grammars"
    shutil.copytree(grammars_root(), copy)
    monkeypatch.setattr(stamp, "grammars_root", lambda: copy)
    code_checksum.cache_clear()
    assert code_checksum() == before


@pytest.mark.parametrize("change", [
    {"parse_options": {"markdown_backend": "markdown-it"}},
    {"sentence_backend": "spacy"},
    {"language": "de"},
    {"min_size": 0},
    {"max_size": 800},
    {"overlap": 2},
    {"overlap_size": 100},
    {"tokenizer": "cl100k_base"},
    {"strategy": "recursive"},
    {"options": {"window": 3}},
], ids=lambda change: next(iter(change)))
def test_every_boundary_moving_option_changes_the_stamp(change: dict[str, Any]) -> None:
    base = make_stamp(Chunking())
    changed = make_stamp(replace(Chunking(), **change))
    assert stamp_differences(base, changed), change


def test_the_markdown_backend_in_force_is_recorded() -> None:
    chosen = make_stamp(Chunking(parse_options={"markdown_backend": "markdown-it"}))
    assert chosen["markdown_backend"] == "markdown-it"
    assert make_stamp(Chunking())["markdown_backend"] in ("pyromark", "markdown-it")
