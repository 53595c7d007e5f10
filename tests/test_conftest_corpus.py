"""Where the tests look for the shared corpus: the environment variable first, then beside
the checkout; a folder without `spans.jsonl` is not a corpus."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import conftest


def test_the_environment_variable_wins_when_it_names_a_corpus(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "spans.jsonl").write_text("{}\n", encoding="utf-8")
    monkeypatch.setenv("STRUCTCHUNK_CORPUS", str(tmp_path))
    assert conftest.corpus_root() == tmp_path


def test_a_folder_without_spans_is_not_taken(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STRUCTCHUNK_CORPUS", str(tmp_path))
    monkeypatch.setattr(conftest, "REPO", tmp_path / "checkout")
    assert conftest.corpus_root() is None
    beside = tmp_path / "shared" / "corpus"
    beside.mkdir(parents=True)
    (beside / "spans.jsonl").write_text("{}\n", encoding="utf-8")
    assert conftest.corpus_root() == beside
