"""Laws as they are published: a Grundgesetz in Markdown with `### Art 1` headings (no dot)."""

from __future__ import annotations

from pathlib import Path

import structchunk
from structchunk.tree import NodeKind
from tests.invariants import assert_chunks_valid

GRUNDGESETZ = Path(__file__).parent / "data" / "grundgesetz_art.md"


def test_articles_without_a_dot_are_provisions_with_their_absaetze() -> None:
    document = structchunk.parse(GRUNDGESETZ)
    sections = [node.attrs.get("numbering") or node.title for node, _ in document.root.walk()
                if node.kind is NodeKind.SECTION]
    assert any("Art 19" in str(section) for section in sections)
    text = GRUNDGESETZ.read_text(encoding="utf-8")
    chunks = structchunk.split(GRUNDGESETZ, max_size=300)
    assert_chunks_valid(text, chunks, 300)
    assert {chunk.metadata.get("section") for chunk in chunks} == {
        "Art 1", "Art 2", "Art 3", "Art 4", "Art 19"}
    assert all(chunk.metadata.get("absatz") for chunk in chunks)
    second = next(chunk for chunk in chunks if "(2) Jeder hat das Recht auf Leben" in chunk.content)
    assert second.metadata["section"] == "Art 2" and second.metadata["absatz"] == "2"
    assert second.heading_path[-1] == "Art 2"


def test_the_same_law_as_plain_text_has_the_same_provisions() -> None:
    text = GRUNDGESETZ.read_text(encoding="utf-8").replace("### ", "").replace("## ", "")
    chunks = structchunk.split_text(text.replace("# ", ""), max_size=300)
    assert {chunk.metadata.get("section") for chunk in chunks} >= {"Art 1", "Art 19"}
