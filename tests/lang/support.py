"""The one helper every language's sentence tests use."""

from __future__ import annotations

from structchunk.lang.sentences import sentence_spans


def sentences(text: str, language: str | None = None) -> list[str]:
    """The sentences of `text` as strings, cut where the segmenter's spans say."""
    return [text[start:end] for start, end in sentence_spans(text, language)]
