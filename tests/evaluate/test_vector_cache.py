"""The incremental vector cache: every vector on disk as soon as it is computed, a resumed run
embeds only what is missing, keys separate models, and a line cut by an interruption is
skipped without losing the lines appended after it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from structchunk.evaluate.vector_cache import cached_embedding, read_vectors, text_key


class CountingEmbedding:
    """A fake model that records every text it is asked to embed."""

    def __init__(self, fail_after: int | None = None) -> None:
        self.seen: list[str] = []
        self.fail_after = fail_after

    def __call__(self, texts: list[str]) -> list[list[float]]:
        if self.fail_after is not None and len(self.seen) >= self.fail_after:
            raise KeyboardInterrupt
        self.seen.extend(texts)
        return [[len(text) / 3, 0.1234567891] for text in texts]


def test_vectors_come_back_in_order_rounded_and_repeats_are_embedded_once(tmp_path: Path
                                                                          ) -> None:
    model = CountingEmbedding()
    embed = cached_embedding(model, "m", tmp_path / "cache.jsonl")
    vectors = embed(["bb", "a", "bb"])
    assert vectors == [[0.666667, 0.123457], [0.333333, 0.123457], [0.666667, 0.123457]]
    assert sorted(model.seen) == ["a", "bb"]
    assert embed(["a"]) == [[0.333333, 0.123457]]
    assert sorted(model.seen) == ["a", "bb"]


def test_an_interrupted_run_keeps_what_it_computed_and_the_next_run_resumes(tmp_path: Path
                                                                           ) -> None:
    path = tmp_path / "cache.jsonl"
    texts = ["one", "two", "three", "four"]
    with pytest.raises(KeyboardInterrupt):
        cached_embedding(CountingEmbedding(fail_after=2), "m", path)(texts)
    assert len(read_vectors(path)) == 2
    resumed = CountingEmbedding()
    vectors = cached_embedding(resumed, "m", path)(texts)
    assert len(resumed.seen) == 2
    assert vectors == cached_embedding(CountingEmbedding(), "m", tmp_path / "fresh.jsonl")(texts)


def test_the_model_name_is_part_of_the_key(tmp_path: Path) -> None:
    path = tmp_path / "cache.jsonl"
    cached_embedding(CountingEmbedding(), "first", path)(["text"])
    other = CountingEmbedding()
    cached_embedding(other, "second", path)(["text"])
    assert other.seen == ["text"]
    assert text_key("first", "text") != text_key("second", "text")
    assert set(read_vectors(path)) == {text_key("first", "text"), text_key("second", "text")}


def test_a_cut_last_line_is_skipped_and_later_lines_are_kept(tmp_path: Path) -> None:
    path = tmp_path / "cache.jsonl"
    cached_embedding(CountingEmbedding(), "m", path)(["kept"])
    with path.open("a", encoding="utf-8") as handle:
        handle.write('{"key": "m:abc", "vec')
    model = CountingEmbedding()
    cached_embedding(model, "m", path)(["kept", "new"])
    assert model.seen == ["new"]
    lines = path.read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[-1])["key"] == text_key("m", "new")
    assert set(read_vectors(path)) == {text_key("m", "kept"), text_key("m", "new")}
