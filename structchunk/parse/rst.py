"""reStructuredText (placeholder until the docutils reader lands): read as plain text."""

from __future__ import annotations

from typing import Any

from structchunk.decode import Source
from structchunk.parse import text
from structchunk.tree import Document


def parse(source: Source, language: str | None = None, **options: Any) -> Document:
    return text.parse(source, language=language, **options)
