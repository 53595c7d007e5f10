"""What every strategy is given besides the document: sizing, languages, sentence backend."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from structchunk.chunk.budget import Budget
from structchunk.lang.sentences import SentenceSplitter

LanguageAt = Callable[[int], "str | None"]


@dataclass(frozen=True)
class ChunkContext:
    """`language_at` maps an offset to the language there; `sentence_backend` is "structchunk",
    "spacy" or any callable returning sentence spans."""

    budget: Budget
    language_at: LanguageAt
    sentence_backend: str | SentenceSplitter = "structchunk"
