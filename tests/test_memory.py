"""Memory in proportion to the input: no structure per word or per row beyond what it needs.

Measured with tracemalloc (allocations, not time): the peak of Python allocations while
chunking, per input character, against a bound several times what the chunks themselves hold.
"""

from __future__ import annotations

import tracemalloc
from pathlib import Path

import structchunk
from structchunk.decode import from_text
from structchunk.tree import NodeKind, make_node
from tests.invariants import assert_chunks_valid


def _peak_per_char(text: str, **options: object) -> float:
    structchunk.split_text(text[:2000], **options)  # grammars and parsers load outside
    tracemalloc.start()
    try:
        chunks = structchunk.split_text(text, **options)
        _current, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert_chunks_valid(text, chunks, 1000)
    return peak / len(text)


def test_a_paragraph_without_sentence_ends_is_cut_without_a_list_of_its_words() -> None:
    # 80,000 words in one unit: offsets of every word would take about 20 bytes per character.
    text = " ".join(f"word{i % 97}" for i in range(80_000))
    assert _peak_per_char(text, format="text") < 6


def test_table_rows_share_their_attributes() -> None:
    rows = "".join(f"| {i} | row {i} |\n" for i in range(20_000))
    text = "| id | name |\n|---|---|\n" + rows
    document = structchunk.parse_text(text, format="markdown")
    table = next(node for node, _ in document.root.walk() if node.kind is NodeKind.TABLE)
    body = [row for row in table.children if not row.attrs.get("header")]
    assert len(body) == 20_000
    assert len({id(row.data) for row in body}) == 1
    # Rows of 16 characters: the tree, the parser's tokens and the pieces of every row (about
    # 30 bytes per character; 40 when every row had a mapping of its own).
    assert _peak_per_char(text, format="markdown") < 35


def _section(index: int) -> str:
    return (f"## Item {index}\n\nThe item numbered {index} ships in {index % 9 + 1} days. "
            "Prices below include tax.\n\n| size | price | stock |\n|---|---:|---:|\n"
            + "".join(f"| {size} | {index % 50 + size} EUR | {index * size % 97} |\n"
                      for size in (1, 2, 3)) + "\n")


def test_a_small_table_in_every_section_keeps_no_tuple_per_region() -> None:
    # About 180 characters per section, nine nodes and seven language regions each: the
    # regions as tuples of boxed offsets took about 10 bytes per character more than this,
    # and an index of every node while assembling (the bounds of each node's children, a
    # mask per node) and a second copy of each chunk's text about 5 more (24.4 on the pure
    # build with both, 17.8 without; 15.1 compiled). Building the map's columns from lists
    # of boxed offsets took about 8 more while it ran (22.1 compiled, 19.1 pure); collected
    # straight into arrays, with the line table an array too, 11.2 and 15.9; with the rows
    # of small tables held as a run of lines, not nodes, 9.3 and 12.5 (11.6 and 17.4 before).
    text = "".join(_section(index) for index in range(3_000))
    assert _peak_per_char(text, format="markdown") < 14


def test_a_section_and_its_heading_hold_one_record() -> None:
    document = structchunk.parse_text("".join(_section(index) for index in range(20)),
                                      format="markdown")
    sections = [node for node, _ in document.root.walk() if node.kind is NodeKind.SECTION]
    assert len(sections) == 20
    for section in sections:
        heading = section.children[0]
        assert heading.kind is NodeKind.HEADING and heading.data is section.data
        assert section.title == heading.title


def test_a_chunk_without_a_path_line_holds_its_text_once() -> None:
    long = "## Long\n\n" + " ".join(f"Sentence number {i} is here." for i in range(60))
    text = "".join(_section(index) for index in range(40)) + long + "\n"
    chunks = structchunk.split_text(text, format="markdown", max_size=400)
    plain = [chunk for chunk in chunks if chunk.text == chunk.content]
    assert plain and all(chunk.text is chunk.content for chunk in plain)
    framed = [chunk for chunk in chunks if chunk.text != chunk.content]
    assert framed  # the later parts of the long section carry its heading path


def test_shared_attributes_keep_their_values_and_types() -> None:
    source = from_text("abc def")
    flagged = make_node(source, NodeKind.ROW, 0, 3, header=True)
    counted = make_node(source, NodeKind.ROW, 4, 7, header=1)
    again = make_node(source, NodeKind.ROW, 4, 7, header=True)
    assert flagged.data is again.data
    assert counted.attrs["header"] == 1 and type(counted.attrs["header"]) is int
    assert type(flagged.attrs["header"]) is bool
    titled = make_node(source, NodeKind.HEADING, 0, 3, level=1, title="abc")
    assert titled.attrs == {"level": 1, "title": "abc"}


def test_a_long_source_file_never_holds_the_syntax_tree_of_the_whole_file(corpus: Path) -> None:
    # tree-sitter's tree takes about 18 bytes per byte (its allocations go through Python's,
    # so tracemalloc sees them): the whole file's tree at once held 26 bytes per character.
    files = sorted((corpus / "code" / "python").rglob("*.py"))
    one = "\n\n".join(path.read_text(encoding="utf-8") for path in files)
    text = "\n\n".join([one] * (1_000_000 // len(one) + 1))
    assert _peak_per_char(text, code_language="python") < 10
