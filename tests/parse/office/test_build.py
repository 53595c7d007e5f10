"""Records to Documents: any sequence of office blocks chunks within the invariants, list
levels nest, and merged cells flatten to rectangles that keep every row readable alone."""

from __future__ import annotations

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import structchunk
from structchunk.parse.office.build import build
from structchunk.parse.office.grid import MAX_REPEATED, Cell, flatten
from structchunk.parse.office.records import (
    CODE,
    HEADING,
    ITEM,
    NOTES,
    PARAGRAPH,
    QUOTE,
    TABLE,
    Block,
    Extracted,
    Table,
    Unit,
)
from structchunk.tree import NodeKind
from tests.invariants import assert_chunks_valid, assert_units_whole

_TEXT = st.text(alphabet="ab :|#>-\n", min_size=0, max_size=25)
_CELLS = st.lists(st.lists(_TEXT, min_size=1, max_size=3), min_size=1, max_size=4)


@st.composite
def _blocks(draw: st.DrawFn) -> Block:
    kind = draw(st.sampled_from([HEADING, PARAGRAPH, ITEM, QUOTE, CODE, TABLE, NOTES]))
    if kind == TABLE:
        rows = draw(_CELLS)
        return Block(TABLE, table=Table(rows, draw(st.integers(0, 2))), origin={"table": 0})
    return Block(kind, draw(_TEXT), draw(st.integers(0, 4)), draw(st.booleans()),
                 origin={"paragraph": draw(st.integers(0, 9))})


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@example(  # a lead-in before two header rows that are cut at words: once flagged oversized
    [[Block(PARAGRAPH, ":"), Block(TABLE, table=Table(
        [["", ":::::::::::::::::::::|||"], [":::|"], [":"]], 2), origin={"table": 0})]],
    "body", 60)
@given(st.lists(st.lists(_blocks(), max_size=8), min_size=1, max_size=3),
       st.sampled_from(["body", "slide", "sheet"]), st.integers(min_value=60, max_value=300))
def test_any_blocks_in_any_units_chunk_within_the_invariants(
        units: list[list[Block]], kind: str, max_size: int) -> None:
    extracted = Extracted([Unit(kind, number, f"unit {number}", blocks, {kind: number})
                           for number, blocks in enumerate(units, start=1)])
    document = build(extracted, "docx", "x.docx", None)
    chunks = structchunk.split(document, max_size=max_size)
    assert_chunks_valid(document.text, chunks, max_size, repaired=True)
    items = [(node.start, node.end) for node, _ in document.root.walk()
             if node.kind is NodeKind.PARAGRAPH and node.end - node.start < max_size // 4]
    for table, _ in document.root.walk():
        if table.kind is NodeKind.TABLE:  # rows that fit beside the header they repeat
            header = sum(row.end - row.start + 1 for row in table.children
                         if row.attrs.get("header"))
            items.extend((row.start, row.end) for row in table.children
                         if not row.attrs.get("header")
                         and header + row.end - row.start < max_size // 4)
    if items:
        assert_units_whole(document.text, chunks, items)
    if kind != "body":
        assert all(kind in chunk.metadata for chunk in chunks)


def test_list_levels_nest_and_a_lead_in_joins_its_list() -> None:
    blocks = [Block(PARAGRAPH, "Steps:"), Block(ITEM, "a", 0, True), Block(ITEM, "b", 1),
              Block(ITEM, "c", 2), Block(ITEM, "d", 0, True), Block(PARAGRAPH, "End.")]
    document = build(Extracted([Unit("body", 1, None, blocks)]), "docx", "x", None)
    assert document.text == "Steps:\n1. a\n   - b\n     - c\n2. d\n\nEnd."


@given(st.lists(st.lists(st.tuples(st.one_of(st.none(), _TEXT), st.integers(1, 3)),
                         min_size=1, max_size=4), min_size=1, max_size=5),
       st.integers(0, 2))
def test_flattened_grids_are_rectangles_whose_merged_cells_repeat(
        rows: list[list[tuple[str | None, int]]], header_rows: int) -> None:
    cells = [[Cell(text, span) for text, span in row] for row in rows]
    grid = flatten(cells, header_rows)
    assert len(grid) == len(rows)
    assert len({len(row) for row in grid}) == 1
    if len(grid[0]) < max(sum(cell.span for cell in row) for row in cells):
        return  # empty columns were dropped: positions moved
    for number, row in enumerate(cells[1:], start=1):
        column = 0
        for cell in row:
            if cell.text is None:  # continued: the texts above it, column by column
                assert grid[number][column:column + cell.span] == \
                    (grid[number - 1][column:column + cell.span] + [""] * cell.span)[:len(
                        grid[number][column:column + cell.span])]
            else:
                assert grid[number][column] == cell.text
            column += cell.span


def test_vertical_merges_repeat_down_and_short_spanned_headers_across() -> None:
    long = "x" * (MAX_REPEATED + 1)
    grid = flatten([[Cell("Group", 2), Cell(long, 2)], [Cell("a"), Cell("b"), Cell("c"),
                                                          Cell("d")],
                    [Cell("e", 2), Cell(None), Cell("f")], [Cell(None, 2), Cell(None),
                                                           Cell("g")]], 1)
    assert grid == [["Group", "Group", long, ""], ["a", "b", "c", "d"], ["e", "", "c", "f"],
                    ["e", "", "c", "g"]]


def test_a_table_of_one_row_is_prose() -> None:
    """A layout table (one row: a box around an article) is packed by sentences, so no
    chunk after it is flagged oversized for the row cut at words."""
    article = "A sentence of the boxed article. " * 60
    table = Table([[article.strip(), "Side note."]], 0, [{"table": 0, "row": 0}])
    blocks = [Block(TABLE, table=table, origin={"table": 0}), Block(PARAGRAPH, "After.")]
    document = build(Extracted([Unit("body", 1, None, blocks)]), "docx", "x", None)
    assert "|" not in document.text and document.text.endswith("Side note.\n\nAfter.")
    chunks = structchunk.split(document, max_size=300)
    assert_chunks_valid(document.text, chunks, 300)
    assert not any(chunk.metadata.get("oversized") for chunk in chunks)
