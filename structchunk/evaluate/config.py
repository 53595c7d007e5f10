"""One chunking configuration: strategy, budget and options, applied the same way everywhere
(compare, check-spans, eval, structchunk.testing), and described for the stamp."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from structchunk.chunk.chunk import Chunk
from structchunk.chunker import DEFAULT_MAX_SIZE, Chunker
from structchunk.tree import Document


@dataclass(frozen=True)
class Chunking:
    """`options` are the strategy's own (`{"embedding": embed}`, `{"category": "hr"}`);
    `length_function` or `tokenizer` make the budget count tokens; `parse_options` are the
    formats' (`{"markdown_backend": "markdown-it"}`), `language` and `sentence_backend` the
    Chunker's. Every one of them can move a boundary, so every one is in the stamp."""

    strategy: str = "hybrid"
    max_size: int = DEFAULT_MAX_SIZE
    overlap: int = 0
    overlap_size: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)
    tokenizer: Any = None
    length_function: Callable[[str], int] | None = None
    min_size: int | None = None
    language: str | None = None
    sentence_backend: Any = "structchunk"
    parse_options: Mapping[str, Any] = field(default_factory=dict)

    def split(self, document: Document) -> list[Chunk]:
        return self.chunker.split(document)

    @cached_property
    def chunker(self) -> Chunker:
        """The configuration's Chunker, built on first use and kept for every document."""
        return Chunker(strategy=self.strategy, max_size=self.max_size, overlap=self.overlap,
                       overlap_size=self.overlap_size,
                       strategy_options=dict(self.options) or None, tokenizer=self.tokenizer,
                       length_function=self.length_function, min_size=self.min_size,
                       language=self.language, sentence_backend=self.sentence_backend,
                       **self.parse_options)

    def parse_key(self) -> str:
        """What the parse depends on, '' for the defaults (one parse serves them all)."""
        if not self.parse_options and self.language is None:
            return ""
        return repr(sorted({"language": self.language, **self.parse_options}.items()))

    def size(self, text: str) -> int:
        """A text's size in the budget's unit."""
        return self._length()(text)

    def _length(self) -> Callable[[str], int]:
        return self.chunker.budget.length or len

    def describe(self) -> dict[str, Any]:
        """JSON-safe description: what a stamp records (callables by their name)."""
        return {"strategy": self.strategy, "max_size": self.max_size, "overlap": self.overlap,
                "overlap_size": self.overlap_size,
                "options": {key: _describe(value) for key, value in sorted(self.options.items())},
                "unit": _describe(self.tokenizer or self.length_function) or "characters",
                "min_size": self.min_size, "language": self.language,
                "sentence_backend": _describe(self.sentence_backend),
                "parse_options": _describe(dict(self.parse_options))}


def retrievable(chunks: list[Chunk]) -> list[Chunk]:
    """The chunks a store embeds and searches (a hierarchical parent is held, not searched)."""
    return [chunk for chunk in chunks if chunk.metadata.get("hierarchy") != "parent"]


def _describe(value: Any) -> Any:
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    if isinstance(value, (list, tuple)):
        return [_describe(item) for item in value]
    if isinstance(value, Mapping):
        return {str(key): _describe(item) for key, item in sorted(value.items())}
    if isinstance(getattr(value, "stamp_name", None), str):
        return value.stamp_name  # a function named on the command line, by its name
    name = getattr(value, "__qualname__", None) or type(value).__qualname__
    module = getattr(value, "__module__", None) or type(value).__module__
    return f"{module}.{name}"


__all__ = ["Chunking", "retrievable"]
