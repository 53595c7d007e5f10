"""Plain text: paragraphs at blank lines (placeholder until the full text parser lands)."""

from __future__ import annotations

from typing import Any

import regex

from structchunk.decode import Source
from structchunk.parse.sections import sectionize
from structchunk.tree import Document, Node, NodeKind, make_node, trim_span

_BLANK_LINES = regex.compile(r"(?:\r\n|\r|\n)[ \t]*(?:\r\n|\r|\n)\s*")


def parse(source: Source, language: str | None = None, **_options: Any) -> Document:
    text = source.text
    blocks: list[Node] = []
    cursor = 0
    for match in _BLANK_LINES.finditer(text):
        _add(source, cursor, match.start(), blocks)
        cursor = match.end()
    _add(source, cursor, len(text), blocks)
    return Document(source=source, root=sectionize(source, blocks), format="text",
                    language=language)


def _add(source: Source, start: int, end: int, blocks: list[Node]) -> None:
    start, end = trim_span(source.text, start, end)
    if end > start:
        blocks.append(make_node(source, NodeKind.PARAGRAPH, start, end))
