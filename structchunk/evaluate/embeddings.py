"""A deterministic, offline embedding: hashed bag of words.

Not a language model. It exists so the semantic strategy and embedding-based evaluation can
run (in tests, in a quick comparison) with nothing downloaded; plug a real model's function in
for real figures. Any callable `texts -> vectors` works wherever an embedding is taken.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable, Sequence

import regex

Embedding = Callable[[list[str]], Sequence[Sequence[float]]]
_WORD = regex.compile(r"[\p{L}\p{M}\p{N}]+")


def hashing_embedding(dimensions: int = 256) -> Embedding:
    """Each lowercased word adds 1 to one of `dimensions` buckets chosen by a stable hash;
    vectors are L2-normalised. Same text, same vector, on every machine."""

    def embed(texts: list[str]) -> list[list[float]]:
        vectors = []
        for text in texts:
            vector = [0.0] * dimensions
            for word in _WORD.findall(text.lower()):
                digest = hashlib.blake2b(word.encode("utf-8"), digest_size=8).digest()
                vector[int.from_bytes(digest, "big") % dimensions] += 1.0
            norm = math.sqrt(sum(value * value for value in vector)) or 1.0
            vectors.append([value / norm for value in vector])
        return vectors

    return embed


__all__ = ["Embedding", "hashing_embedding"]
