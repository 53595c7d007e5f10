"""What every strategy is given besides the document: sizing, languages, sentence backend."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from structchunk.chunk.budget import Budget
from structchunk.lang.sentences import SentenceSplitter

LanguageAt = Callable[[int], "str | None"]

PATH_LINES = ("inside", "always", "never")
"""Which chunks embed their heading path line (`ChunkContext.path_line`)."""


@dataclass(frozen=True)
class ChunkContext:
    """`language_at` maps an offset to the language there; `sentence_backend` is "structchunk",
    "spacy" or any callable returning sentence spans.

    `path_line` says which chunks embed their heading path before the body. "inside" (the
    default) embeds it in chunks that start inside their section (a later piece of a split
    section, a § 127 Absatz 3, a function's second half), which the content alone does not
    place, and leaves it out where the content opens with its own heading: there the path is
    shared by every sibling, and measured on natural questions it pulled their vectors
    together (benchmarks/natural_misses.py). "always" is the earlier shape, "never" embeds
    no path. `Chunk.heading_path` is kept in every case.
    """

    budget: Budget
    language_at: LanguageAt
    sentence_backend: str | SentenceSplitter = "structchunk"
    path_line: str = "inside"
