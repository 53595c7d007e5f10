"""AsciiDoc: `=` headings nest as sections; listing blocks are code in their language."""

from __future__ import annotations

import structchunk
from structchunk import NodeKind
from tests.invariants import assert_chunks_valid

ADOC = """\
= Kettle guide
:toc:

Intro text for the guide.

== Filling

Fill to the line.

[source,python]
----
def fill(litres):
    return min(litres, 1.7)


def empty():
    return 0
----

=== Limits

____
Never boil it dry.
____
"""


def test_headings_and_code() -> None:
    document = structchunk.parse(ADOC.encode(), format="asciidoc")
    titles = [(node.attrs["level"], node.attrs["title"]) for node, _ in document.root.walk()
              if node.kind is NodeKind.HEADING]
    assert titles == [(1, "Kettle guide"), (2, "Filling"), (3, "Limits")]
    code = next(node for node, _ in document.root.walk() if node.kind is NodeKind.CODE)
    assert code.attrs["language"] == "python"
    assert [child.attrs["name"] for child in code.children] == ["fill", "empty"]
    chunks = structchunk.split(document, max_size=90)
    assert_chunks_valid(ADOC, chunks, 90)
    assert [chunk.heading_path for chunk in chunks][:2] == [
        ("Kettle guide",), ("Kettle guide", "Filling")]
    second = next(chunk for chunk in chunks if "def empty" in chunk.content)
    assert "[source,python]\n----\ndef empty" in second.text
