"""A heading never ends a chunk while the start of its body would have fitted beside it.

Over every Markdown file of the shared corpus and several budgets: a chunk whose last line is
a heading, followed in the source by body text (not another heading), is allowed only when the
heading and the first sentence of that body do not fit in one chunk together. What counts as a
heading is what the parser reads as one: a `## ` line inside an HTML block (`<aside>` up to the
next blank line) is text of that block, in CommonMark and in both backends.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import regex

from structchunk import parse, split
from structchunk.lang.sentences import sentence_spans
from structchunk.tree import NodeKind
from tests.conftest import corpus_root

_BLANK = regex.compile(r"\n[ \t]*\n")
BUDGETS = (200, 400, 1000)


def _markdown_files() -> list[Path]:
    root = corpus_root()
    if root is None:
        return []
    return sorted((root / "docs").rglob("*.md")) + [root / "legal" / "de" / "bgb.md"]


def _heading_starts(path: Path) -> frozenset[int]:
    """Where the parser's heading nodes start, past their leading whitespace."""
    document = parse(path)
    text = document.text
    starts = set()
    for node, _ in document.walk():
        if node.kind is NodeKind.HEADING:
            start = node.start
            while start < node.end and text[start].isspace():
                start += 1
            starts.add(start)
    return frozenset(starts)


def _heading_alone(text: str, chunk_text: str, end: int, budget: int,
                   language: str | None, headings: frozenset[int]) -> str | None:
    """The heading line that ends a chunk although its body's first sentence fits, if any.

    A chunk that ends inside a heading too long for one chunk ends with that heading's last
    piece, which must travel with the body as a whole heading would."""
    last = len(text[:end].rstrip())
    line_start = text.rfind("\n", 0, last) + 1
    while line_start < last and text[line_start] in " \t":
        line_start += 1
    if line_start not in headings:
        return None
    body_start = end
    while body_start < len(text) and text[body_start].isspace():
        body_start += 1
    if body_start >= len(text):
        return None
    if body_start in headings:
        return None  # the body starts with a subsection: no sentence to take
    blank = _BLANK.search(text, body_start)
    paragraph_end = blank.start() if blank else len(text)
    spans = sentence_spans(text[body_start:paragraph_end], language)
    if not spans:
        return None
    sentence_end = body_start + spans[0][1]
    if len(chunk_text) + (sentence_end - end) <= budget:
        line_end = text.find("\n", line_start)
        return text[line_start:line_end if line_end >= 0 else len(text)]
    return None


@pytest.mark.parametrize("path", _markdown_files(), ids=lambda path: path.name)
def test_heading_travels_with_the_start_of_its_body(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    budgets = (1000,) if path.name == "bgb.md" else BUDGETS
    headings = _heading_starts(path)
    for budget in budgets:
        chunks = split(path, max_size=budget)
        assert chunks
        for chunk in chunks:
            alone = _heading_alone(text, chunk.text, chunk.end, budget, chunk.language,
                                   headings)
            assert alone is None, f"{path.name} at {budget}: {alone!r} ends chunk {chunk.index}"
