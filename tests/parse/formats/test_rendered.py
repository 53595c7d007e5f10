"""The derived-text builder: exact spans into the text it writes, the usual node kinds, and
origins, units and pages that reach every chunk."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import structchunk
from structchunk.parse.rendered import DerivedText
from structchunk.tree import Document, NodeKind
from tests.invariants import assert_chunks_valid, assert_units_whole


def _sample() -> Document:
    text = DerivedText("page.html")
    text.heading("Install", 1, origin={"html": (0, 20)})
    text.paragraph("Run the installer.", origin={"html": (20, 60)})
    with text.items(ordered=True, lead_in="Then:"):
        with text.item(origin={"html": (60, 80)}):
            text.paragraph("configure it")
            with text.items(), text.item():
                text.paragraph("nested")
        with text.item():
            text.paragraph("restart")
    with text.quote():
        text.paragraph("quoted")
        text.paragraph("again")
    text.heading("Sizes", 2)
    text.table([["Name", "Size"], ["a|b", "1"], ["c"]], header_rows=1)
    with text.definitions(), text.term("Term"):
        text.paragraph("its meaning")
    text.code("def f():\n    return 1\n\n\nclass A:\n    pass", "py")
    return text.build("html")


def test_text_reads_as_a_reader_sees_it() -> None:
    assert _sample().text == (
        "# Install\n\nRun the installer.\n\nThen:\n1. configure it\n   - nested\n2. restart"
        "\n\n> quoted\n>\n> again\n\n## Sizes\n\n| Name | Size |\n| --- | --- |\n"
        "| a\\|b | 1 |\n| c |  |\n\nTerm\n: its meaning\n\n```python\ndef f():\n    return 1"
        "\n\n\nclass A:\n    pass\n```")


def test_every_node_span_is_exact_and_nested() -> None:
    document = _sample()
    expected = {NodeKind.HEADING: ["# Install", "## Sizes"],
                NodeKind.ITEM: ["1. configure it\n   - nested", "- nested", "2. restart",
                                "Term\n: its meaning"],
                NodeKind.ROW: ["| Name | Size |", "| --- | --- |", "| a\\|b | 1 |",
                               "| c |  |"]}
    found: dict[NodeKind, list[str]] = {kind: [] for kind in expected}
    for node, _ in document.root.walk():
        for child in node.children:
            assert node.start <= child.start <= child.end <= node.end
        if node.kind in found:
            found[node.kind].append(document.content(node))
    assert found == expected


def test_tables_code_and_lists_carry_their_structure() -> None:
    document = _sample()
    nodes = [node for node, _ in document.root.walk()]
    table = next(node for node in nodes if node.kind is NodeKind.TABLE)
    assert table.attrs["header_rows"] == 2
    assert [row.attrs["header"] for row in table.children] == [True, True, False, False]
    code = next(node for node in nodes if node.kind is NodeKind.CODE)
    assert code.attrs["language"] == "python"
    assert document.text[code.attrs["body_start"]:code.attrs["body_end"]].startswith("def f")
    assert document.text[code.attrs["body_end"]:code.end] == "\n```"
    assert [child.attrs["name"] for child in code.children] == ["f", "A"]
    lists = [node for node in nodes if node.kind is NodeKind.LIST]
    assert [node.attrs["ordered"] for node in lists] == [True, False, False]
    assert document.content(lists[0].children[0]) == "Then:"


def test_origins_reach_the_chunks_that_touch_them() -> None:
    chunks = structchunk.split(_sample(), max_size=60)
    by_content = {chunk.content: chunk for chunk in chunks}
    holder = next(chunk for content, chunk in by_content.items() if "installer" in content)
    assert {"html": (20, 60)} in holder.metadata["origin"]
    nested = next(chunk for content, chunk in by_content.items() if "configure" in content)
    assert {"html": (60, 80)} in nested.metadata["origin"]


def test_units_and_pages_reach_the_chunks() -> None:
    text = DerivedText("deck.pptx")
    for number in (1, 2, 3):
        with text.unit("slide", number):
            text.heading(f"Slide {number}", 1)
            text.paragraph(f"Point {number}. " * 8)
    document = text.build("pptx")
    chunks = structchunk.split(document, max_size=140)
    assert_chunks_valid(document.text, chunks, 140)
    for chunk in chunks:
        number = int(next(ch for ch in chunk.content if ch.isdigit()))
        assert chunk.metadata["slide"] == number
        assert chunk.heading_path == (f"Slide {number}",)
    paged = DerivedText("book.docx")
    paged.paragraph("first page " * 10)
    paged.page(2)
    paged.paragraph("second page " * 10)
    chunks = structchunk.split(paged.build("docx"), max_size=130)
    assert [chunk.metadata.get("pages") for chunk in chunks] == [[1], [2]]


def test_headings_inside_containers_become_paragraphs() -> None:
    text = DerivedText("x")
    with text.quote():
        text.heading("Not a section", 2)
    document = text.build("html")
    assert document.text == "> Not a section"
    assert not [node for node, _ in document.root.walk() if node.kind is NodeKind.HEADING]


def test_misuse_is_refused() -> None:
    text = DerivedText("x")
    with pytest.raises(ValueError), text.item():
        pass
    with text.quote(), pytest.raises(ValueError), text.unit("slide", 1):
        pass


_WORDS = st.text(alphabet="ab |>-`*\n", min_size=0, max_size=30)
_BLOCK = st.tuples(st.sampled_from(["p", "h", "list", "quote", "table", "code", "dl"]),
                   st.lists(_WORDS, min_size=1, max_size=4))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_BLOCK, max_size=8), st.integers(min_value=40, max_value=200))
def test_any_sequence_of_blocks_chunks_within_the_invariants(blocks: list[tuple[str, list[str]]],
                                                             max_size: int) -> None:
    text = DerivedText("x")
    paragraphs: list[str] = []
    for kind, words in blocks:
        _write(text, kind, words)
        paragraphs.extend(word for word in words if word.strip())
    document = text.build("html")
    for node, _ in document.root.walk():
        assert 0 <= node.start <= node.end <= len(document.text)
    chunks = structchunk.split(document, max_size=max_size)
    assert_chunks_valid(document.text, chunks, max_size, repaired=True)
    rows = [(node.start, node.end) for node, _ in document.root.walk()
            if node.kind is NodeKind.ROW and node.end - node.start < max_size // 3]
    if rows:
        assert_units_whole(document.text, chunks, rows)


def _write(text: DerivedText, kind: str, words: list[str]) -> None:
    if kind == "p":
        text.paragraph(" ".join(words))
    elif kind == "h":
        text.heading(words[0], len(words))
    elif kind == "list":
        with text.items(ordered=len(words) % 2 == 0, lead_in=words[0]):
            for word in words:
                with text.item():
                    text.paragraph(word)
    elif kind == "quote":
        with text.quote():
            for word in words:
                text.paragraph(word)
    elif kind == "table":
        text.table([words, words[::-1]], header_rows=1)
    elif kind == "code":
        text.code("\n".join(words), "python")
    else:
        with text.definitions(), text.term(words[0]):
            for word in words[1:]:
                text.paragraph(word)
