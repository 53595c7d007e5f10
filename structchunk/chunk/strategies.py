"""Named strategies behind one interface, in one plain registry.

`hybrid` is the default. `sentence` and `recursive` are the common baselines; `fixed` is
kept only as a reference for comparisons and is never a default. `sentence_window`,
`hierarchical`, `semantic` and `metadata_aware` separate what is embedded from what the
model reads (`Chunk.context`) or add a header to what is embedded.

A strategy returns pieces from `chunk`; one that widens the context or rewrites the embedded
text also has `chunks`, which returns the finished chunks.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from typing import Any, Protocol, runtime_checkable

from structchunk.chunk.build import build_chunks
from structchunk.chunk.chunk import Chunk
from structchunk.chunk.context import ChunkContext
from structchunk.chunk.fixed import FixedChunker
from structchunk.chunk.hierarchical import HierarchicalChunker
from structchunk.chunk.hybrid import HybridChunker
from structchunk.chunk.metadata_aware import MetadataAwareChunker
from structchunk.chunk.pack import Packer, Piece
from structchunk.chunk.prose import ProseSplitter
from structchunk.chunk.recursive import RecursiveChunker
from structchunk.chunk.semantic import SemanticChunker
from structchunk.chunk.sentence_window import SentenceWindowChunker
from structchunk.errors import StrategyError
from structchunk.tree import Document


class Strategy(Protocol):
    name: str

    def chunk(self, document: Document, context: ChunkContext) -> list[Piece]: ...


@runtime_checkable
class ChunkingStrategy(Protocol):
    """A strategy that finishes its own chunks (context, embedded text, extra levels)."""

    name: str

    def chunks(self, document: Document, context: ChunkContext) -> list[Chunk]: ...


class SentenceChunker:
    """Packs whole sentences of the whole text, ignoring structure."""

    name = "sentence"

    def chunk(self, document: Document, context: ChunkContext) -> list[Piece]:
        packer = Packer(document.text, context.budget)
        prose = ProseSplitter(packer, context)
        return prose.split(Piece(0, len(document.text)))


STRATEGIES: dict[str, Callable[..., Strategy]] = {
    "hybrid": HybridChunker,
    "sentence": SentenceChunker,
    "recursive": RecursiveChunker,
    "fixed": FixedChunker,
    "sentence_window": SentenceWindowChunker,
    "hierarchical": HierarchicalChunker,
    "semantic": SemanticChunker,
    "metadata_aware": MetadataAwareChunker,
}


def run_strategy(strategy: Strategy, document: Document, context: ChunkContext) -> list[Chunk]:
    """A document's finished chunks from any strategy."""
    if isinstance(strategy, ChunkingStrategy):
        return strategy.chunks(document, context)
    return build_chunks(document, strategy.chunk(document, context), context, strategy.name)


def get_strategy(name: str, options: Mapping[str, Any] | None = None) -> Strategy:
    """The named strategy, built with `options` (an unknown option is a StrategyError)."""
    try:
        factory = STRATEGIES[name]
    except KeyError:
        known = ", ".join(sorted(STRATEGIES))
        raise StrategyError(f"unknown strategy {name!r} (known: {known})") from None
    options = dict(options or {})
    if options:
        accepted = inspect.signature(factory).parameters
        takes_any = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in accepted.values())
        unknown = [key for key in options if key not in accepted and not takes_any]
        if unknown:
            allowed = ", ".join(key for key, p in accepted.items()
                                if p.kind is not inspect.Parameter.VAR_KEYWORD) or "none"
            raise StrategyError(f"strategy {name!r} has no option {unknown[0]!r} "
                                f"(options: {allowed})")
    return factory(**options)


__all__ = ["STRATEGIES", "ChunkingStrategy", "SentenceChunker", "Strategy", "get_strategy", "run_strategy"]
