"""Any text, every strategy: offsets exact, nothing lost, budgets hard, contexts verbatim."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import structchunk
from structchunk.decode import from_text
from structchunk.evaluate.embeddings import hashing_embedding
from tests.invariants import assert_chunks_valid, assert_contexts_valid, embedded

pieces = st.sampled_from([
    "# ", "## ", "### ", "Title", "\n", "\n\n", " ", "Cats purr.", "Taxes rise.", "।",
    "| a | b |\n|---|---|\n| 1 | 2 |\n", "```\ncode()\n```\n", "- item", "1. step", "word",
    "शब्द आहे।", "Abs. 2", "e.g.", "?", "!", "x" * 30,
])
texts = st.lists(pieces, min_size=1, max_size=80).map("".join)
OPTIONS = {"semantic": {"embedding": hashing_embedding(32)}, "metadata_aware": {"k": "v"}}
NEW = ["sentence_window", "hierarchical", "semantic", "metadata_aware", "fixed", "recursive"]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(texts, st.sampled_from(NEW), st.integers(min_value=60, max_value=300),
       st.integers(min_value=0, max_value=30))
def test_new_strategies_keep_the_invariants(text: str, strategy: str, max_size: int,
                                            overlap: int) -> None:
    if not text.strip():
        return
    chunks = structchunk.split(
        from_text(text), strategy=strategy, max_size=max_size,
        overlap_size=overlap if strategy in ("fixed", "recursive") else 0,
        strategy_options=OPTIONS.get(strategy))
    leaves = [replace(chunk, index=number) for number, chunk in enumerate(embedded(chunks))]
    assert_chunks_valid(text, leaves, max_size)
    assert_contexts_valid(text, chunks)
    assert len({chunk.chunk_id for chunk in chunks}) == len(chunks)
