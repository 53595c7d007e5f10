"""Named strategies behind one interface, in one plain registry.

`hybrid` is the default. `sentence` and `recursive` are the common baselines; `fixed` is
kept only as a reference for comparisons and is never a default. `sentence_window`,
`hierarchical`, `semantic` and `metadata_aware` separate what is embedded from what the
model reads (`Chunk.context`) or add a header to what is embedded.

Every strategy has one interface, `Strategy`: a `name` and `chunks(document, context)`
returning the finished chunks. Most only choose where to cut: they subclass `PieceStrategy`,
write `chunk(document, context) -> list[Piece]`, and inherit `chunks()`, which applies the
budget, gap closing, ids and metadata. Those that widen the context or rewrite the embedded
text override `chunks()` as well.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from typing import Any, Protocol, runtime_checkable

from structchunk.chunk.build import PieceStrategy
from structchunk.chunk.chunk import Chunk
from structchunk.chunk.context import ChunkContext
from structchunk.chunk.pack import Packer, Piece
from structchunk.chunk.prose import ProseSplitter
from structchunk.chunk.strategies.fixed import FixedChunker
from structchunk.chunk.strategies.hierarchical import HierarchicalChunker
from structchunk.chunk.strategies.hybrid import HybridChunker
from structchunk.chunk.strategies.metadata_aware import MetadataAwareChunker
from structchunk.chunk.strategies.recursive import RecursiveChunker
from structchunk.chunk.strategies.semantic import SemanticChunker
from structchunk.chunk.strategies.sentence_window import SentenceWindowChunker
from structchunk.errors import StrategyError
from structchunk.tree import Document


@runtime_checkable
class Strategy(Protocol):
    """What `Chunker` runs: a name (in the chunks' metadata) and the chunks of a document."""

    name: str

    def chunks(self, document: Document, context: ChunkContext) -> list[Chunk]: ...


class _Pieces(PieceStrategy):
    """An object with only `chunk()` (the interface before `chunks()`), finished the same way."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.name = str(getattr(inner, "name", type(inner).__name__))

    def chunk(self, document: Document, context: ChunkContext) -> list[Piece]:
        return list(self.inner.chunk(document, context))


def as_strategy(strategy: Any) -> Strategy:
    """A strategy object checked once: one with `chunks()` as it is, one with only `chunk()`
    finished like a `PieceStrategy`; anything else is a `StrategyError`."""
    if callable(getattr(strategy, "chunks", None)) and hasattr(strategy, "name"):
        return strategy
    if callable(getattr(strategy, "chunk", None)):
        return _Pieces(strategy)
    raise StrategyError(f"{strategy!r} is not a strategy: give a name from STRATEGIES or an "
                        "object with `name` and `chunks(document, context)` (see "
                        "docs/extending.md)")


class SentenceChunker(PieceStrategy):
    """Packs whole sentences of the whole text, ignoring structure."""

    name = "sentence"

    def chunk(self, document: Document, context: ChunkContext) -> list[Piece]:
        packer = Packer(document.text, context.budget, context.path_line)
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


ChunkingStrategy = Strategy
"""The former name of `Strategy`."""

__all__ = ["STRATEGIES", "ChunkingStrategy", "PieceStrategy", "SentenceChunker", "Strategy",
           "as_strategy", "get_strategy"]
