"""Language detection placeholder until the seeded detector lands."""

from __future__ import annotations

from collections.abc import Callable

from structchunk.tree import Document


def detect_language(text: str) -> str | None:
    """Language code of `text` ('en', 'de', 'hi', 'mr', ...) or None when unknown."""
    return None


def language_map(document: Document) -> Callable[[int], str | None]:
    """Return a function from a character offset to the language of the region around it."""
    language = document.language
    return lambda offset: language
