"""Every file of the shared corpus under every strategy at budgets 50 to 4,000.

Asserted per run: exact offsets, nothing lost, every chunk within the budget (oversized
units are cut and flagged, never left over), ids unique, and the same chunks on a second
run. To keep CI within a few minutes on two cores, each (strategy, budget) pair runs on a
rotating share of the files: with `STRUCTCHUNK_CORPUS_SHARE=K` (default 8) a file meets
about one pair in K, so every file meets every strategy and every budget somewhere across
the pairs; `STRUCTCHUNK_CORPUS_SHARE=1` runs everything (about K times longer).
"""

from __future__ import annotations

import os
import zlib
from collections.abc import Sequence
from pathlib import Path

import pytest

import structchunk
from structchunk.errors import StructchunkError
from tests.conftest import corpus_root

BUDGETS = (50, 100, 300, 1000, 4000)
STRATEGIES = tuple(sorted(structchunk.STRATEGIES))
SHARE = max(1, int(os.environ.get("STRUCTCHUNK_CORPUS_SHARE", "8")))
PARENT_FACTOR = 4  # hierarchical parents are cut under four budgets (the default parent_size)
SUFFIXES = {".md", ".txt", ".py", ".js", ".go", ".rs", ".jsonl"}


def _embed(texts: Sequence[str]) -> list[list[float]]:
    """A deterministic bag-of-words vector: enough for the semantic strategy to run."""
    vectors = []
    for text in texts:
        vector = [0.0] * 16
        for word in text.lower().split():
            vector[zlib.crc32(word.encode("utf-8")) % 16] += 1.0
        vectors.append(vector)
    return vectors


OPTIONS = {"semantic": {"embedding": _embed}}


def _files() -> list[Path]:
    root = corpus_root()
    if root is None:
        return []
    return sorted(path for path in root.rglob("*") if path.is_file()
                  and path.suffix in SUFFIXES and "LICENSES" not in path.parts
                  and path.name not in ("spans.jsonl", "MANIFEST.jsonl"))


FILES = _files()
PAIRS = [(strategy, budget) for strategy in STRATEGIES for budget in BUDGETS]


def _share(file_index: int, pair_index: int) -> bool:
    return (file_index + pair_index) % SHARE == 0


@pytest.mark.skipif(not FILES, reason="shared corpus not found (set STRUCTCHUNK_CORPUS)")
@pytest.mark.parametrize(("strategy", "budget"), PAIRS)
def test_corpus_files_keep_the_invariants(strategy: str, budget: int) -> None:
    pair_index = PAIRS.index((strategy, budget))
    checked = 0
    for file_index, path in enumerate(FILES):
        if not _share(file_index, pair_index):
            continue
        options = {"strategy_options": OPTIONS[strategy]} if strategy in OPTIONS else {}
        document = structchunk.parse(path)
        try:
            chunks = structchunk.split(document, strategy=strategy, max_size=budget, **options)
        except StructchunkError as err:
            # A budget too small for a strategy's own frame is refused, never broken.
            assert budget <= 100 and ("budget" in str(err).lower() or "max_size" in str(err)), err
            continue
        source = document.text
        _assert_invariants(path, source, chunks, budget)
        if file_index % (3 * SHARE) == pair_index % (3 * SHARE):
            again = structchunk.split(path, strategy=strategy, max_size=budget, **options)
            assert [c.text for c in again] == [c.text for c in chunks], path
            assert [c.chunk_id for c in again] == [c.chunk_id for c in chunks], path
        checked += 1
    assert checked >= len(FILES) // SHARE - 1


def _assert_invariants(path: Path, source: str, chunks: Sequence[structchunk.Chunk],
                       budget: int) -> None:
    covered = bytearray(len(source))
    for chunk in chunks:
        assert source[chunk.start:chunk.end] == chunk.content, (path, chunk.index)
        assert chunk.content.strip(), (path, chunk.index)
        assert chunk.size == len(chunk.text), (path, chunk.index)
        limit = budget * (PARENT_FACTOR if chunk.metadata.get("hierarchy") == "parent" else 1)
        assert chunk.size <= limit, (path, chunk.index, chunk.size, chunk.metadata)
        covered[chunk.start:chunk.end] = b"\x01" * (chunk.end - chunk.start)
    lost = [i for i, flag in enumerate(covered) if not flag and not source[i].isspace()]
    assert not lost, (path, len(lost), source[lost[0]:lost[0] + 40] if lost else "")
    assert len({chunk.chunk_id for chunk in chunks}) == len(chunks), path
