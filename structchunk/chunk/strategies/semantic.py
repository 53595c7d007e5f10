"""The semantic strategy: cut between sentences where the topic shifts, inside the structure.

Every sentence-sized unit is embedded by the caller's embedding function; where the cosine
similarity of neighbouring units drops below the `percentile`-th percentile of the
similarities this document shows, a new chunk starts. Structure still wins: units of
different sections are never joined, and the budget is hard. No model is bundled or
downloaded: without an embedding function the strategy raises a StrategyError.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from structchunk.chunk.build import build_chunks
from structchunk.chunk.chunk import Chunk
from structchunk.chunk.context import ChunkContext
from structchunk.chunk.enclosing import Outline
from structchunk.chunk.pack import Packer, Piece
from structchunk.chunk.units import sentence_units
from structchunk.errors import StrategyError
from structchunk.tree import Document

Embedding = Callable[[list[str]], Sequence[Sequence[float]]]


class SemanticChunker:
    """`embedding` maps a list of texts to one vector each (any model, called once per
    document); `percentile` (0-100) sets how low a similarity must fall to start a chunk."""

    name = "semantic"

    def __init__(self, embedding: Embedding | None = None, percentile: float = 10.0) -> None:
        if embedding is not None and not callable(embedding):
            raise StrategyError("semantic: embedding must be a callable taking a list of "
                                "texts and returning one vector per text")
        if not isinstance(percentile, (int, float)) or not 0 <= percentile <= 100:
            raise StrategyError(f"semantic: percentile must be between 0 and 100, "
                                f"got {percentile!r}")
        self.embedding = embedding
        self.percentile = float(percentile)

    def chunk(self, document: Document, context: ChunkContext) -> list[Piece]:
        if self.embedding is None:
            raise StrategyError(
                "the semantic strategy needs an embedding function; structchunk never "
                "downloads a model. Pass one: split(..., strategy='semantic', "
                "strategy_options={'embedding': embed}) where embed(texts) returns a vector "
                "per text (command line: --embedding MODULE:NAME, or 'hashing' for the "
                "built-in offline baseline)", document.source.origin)
        units = sentence_units(document, context)
        if len(units) < 2:
            return units
        vectors = self._embed(document, [document.text[u.start:u.end] for u in units])
        outline = Outline(document)
        sections = [outline.section_span(unit.start, unit.end) for unit in units]
        similarities = [_cosine(vectors[i], vectors[i + 1]) for i in range(len(units) - 1)]
        comparable = [s for i, s in enumerate(similarities) if sections[i] == sections[i + 1]]
        threshold = percentile_of(comparable, self.percentile) if comparable else -math.inf
        packer = Packer(document.text, context.budget, context.path_line)
        pieces: list[Piece] = []
        group = [units[0]]
        for position in range(1, len(units)):
            shift = (sections[position] != sections[position - 1]
                     or similarities[position - 1] < threshold)
            if shift:
                pieces.extend(packer.pack(group))
                group = []
            group.append(units[position])
        pieces.extend(packer.pack(group))
        return pieces

    def chunks(self, document: Document, context: ChunkContext) -> list[Chunk]:
        return build_chunks(document, self.chunk(document, context), context, self.name)

    def _embed(self, document: Document, texts: list[str]) -> list[list[float]]:
        assert self.embedding is not None
        origin = document.source.origin
        try:
            vectors = [[float(value) for value in vector] for vector in self.embedding(texts)]
        except StrategyError:
            raise
        except Exception as err:  # the caller's model failed: say so, with the file
            raise StrategyError(f"semantic: the embedding function failed: "
                                f"{type(err).__name__}: {err}", origin) from err
        if len(vectors) != len(texts):
            raise StrategyError(f"semantic: the embedding function returned {len(vectors)} "
                                f"vectors for {len(texts)} texts", origin)
        return vectors


def _cosine(first: Sequence[float], second: Sequence[float]) -> float:
    dot = sum(a * b for a, b in zip(first, second, strict=False))
    norm = math.sqrt(sum(a * a for a in first)) * math.sqrt(sum(b * b for b in second))
    return dot / norm if norm else 0.0


def percentile_of(values: list[float], percentile: float) -> float:
    """Linear interpolation between closest ranks (numpy's default)."""
    ordered = sorted(values)
    rank = (len(ordered) - 1) * percentile / 100
    low = math.floor(rank)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)


__all__ = ["Embedding", "SemanticChunker"]
