"""Property: with a real tokenizer the budget is hard and offsets exact, for any text."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import structchunk
from structchunk.decode import from_text
from structchunk.tokens import resolve_tokenizer
from tests.offline import block_network

pytest.importorskip("tiktoken")


@pytest.fixture(autouse=True)
def offline(monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing may be fetched: encodings come from the installed package."""
    block_network(monkeypatch)

PIECES = st.sampled_from([
    "# Title\n\n", "## Part two\n\n", "word ", "Satz. ", "वाक्य। ", "\n\n", "\n", "- item\n",
    "| a | b |\n|---|---|\n| 1 | 2 |\n", "```\ncode line\n```\n", "    ", "😀", "<|endoftext|>",
    "https://example.org/a/b?c=d ", "x" * 40, "१२३ ", "...", "\t",
])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(parts=st.lists(PIECES, min_size=1, max_size=60), budget=st.integers(8, 80),
       encoding=st.sampled_from(["cl100k_base", "o200k_base"]))
def test_token_budget_holds_for_any_text(parts: list[str], budget: int, encoding: str) -> None:
    text = "".join(parts)
    if not text.strip():
        return
    count = resolve_tokenizer(encoding)
    chunks = structchunk.split(from_text(text), max_size=budget, tokenizer=encoding)
    for chunk in chunks:
        assert text[chunk.start:chunk.end] == chunk.content
        assert count(chunk.text) <= budget, (chunk.text, count(chunk.text))
    covered = set()
    for chunk in chunks:
        covered.update(range(chunk.start, chunk.end))
    assert all(i in covered for i, ch in enumerate(text) if not ch.isspace())
