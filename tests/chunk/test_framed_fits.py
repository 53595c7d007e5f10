"""Framed blocks: when a table repeats its header, when code keeps its fences, and that a
row or line that fits the budget is never cut for the frame's sake."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import structchunk
from structchunk.chunk.framed import HEADER_NOT_REPEATED
from structchunk.chunk.pack import FRAME_DROPPED, OVERSIZED
from tests.invariants import assert_chunks_valid, assert_units_whole

HEADER = "| name | value    |\n|------|----------|\n"  # 40 characters with its line break


def _table(rows: list[str]) -> str:
    return HEADER + "\n".join(rows) + "\n"


def _row_spans(source: str, rows: list[str]) -> list[tuple[int, int]]:
    spans, cursor = [], source.index(HEADER) + len(HEADER)
    for row in rows:
        start = source.index(row, cursor)
        spans.append((start, start + len(row)))
        cursor = start + len(row)
    return spans


SHORT_ROWS = [f"| {number} |v|" for number in range(10)]  # 7 characters each


def test_the_header_is_repeated_while_it_leaves_a_fifth_of_the_budget() -> None:
    source = _table(SHORT_ROWS)
    # 40 characters of header: 49 - 49 // 5 = 40 leaves the fifth, 48 - 48 // 5 = 39 does not
    # (a row beside the header takes 47, so it is the fifth that decides)
    for max_size, repeated in ((49, True), (50, True), (48, False), (45, False)):
        chunks = structchunk.split_text(source, max_size=max_size)
        assert_chunks_valid(source, chunks, max_size)
        assert_units_whole(source, chunks, _row_spans(source, SHORT_ROWS))
        later = chunks[1:]
        assert later, "the table must not fit one chunk"
        assert chunks[0].content.startswith(HEADER.rstrip())
        if repeated:
            assert all(chunk.text.startswith(HEADER) for chunk in later), max_size
            assert all("flags" not in chunk.metadata for chunk in chunks)
            # the header fills 40 of the budget: each later chunk holds what fits beside it
            assert all(len(chunk.content) <= max_size - len(HEADER) for chunk in later)
        else:
            assert not any(HEADER in chunk.text for chunk in later), max_size
            assert all(chunk.metadata["flags"] == [HEADER_NOT_REPEATED] for chunk in chunks)


def test_the_heading_path_line_counts_against_the_headers_room() -> None:
    source = "# Prices\n\n" + _table(SHORT_ROWS)
    # "Prices" and its blank line take 8: 48 of header, and 59 - 59 // 5 = 48
    for max_size, repeated in ((59, True), (58, False)):
        chunks = structchunk.split_text(source, max_size=max_size)
        assert_chunks_valid(source, chunks, max_size)
        assert_units_whole(source, chunks, _row_spans(source, SHORT_ROWS))
        assert all(chunk.text.startswith("Prices\n\n") for chunk in chunks[1:])
        assert all((HEADER in chunk.text) == repeated for chunk in chunks[1:]), max_size
        assert all(("flags" in chunk.metadata) != repeated for chunk in chunks)


def test_the_header_is_not_repeated_when_a_row_that_fits_alone_would_not_fit_beside_it() -> None:
    rows = [f"| r{number:02d} | value {number:02d} |" for number in range(12)]  # 18 characters
    source = _table(rows)
    for max_size in (49, 52, 57):  # header and row together take 58
        chunks = structchunk.split_text(source, max_size=max_size)
        assert_chunks_valid(source, chunks, max_size)
        assert_units_whole(source, chunks, _row_spans(source, rows))
        assert not any(HEADER in chunk.text for chunk in chunks[1:])
        assert all(chunk.metadata["flags"] == [HEADER_NOT_REPEATED] for chunk in chunks)
        assert len(chunks) <= 7, "rows are packed, not one per chunk"
    chunks = structchunk.split_text(source, max_size=58)
    assert all(chunk.text.startswith(HEADER) for chunk in chunks)
    assert len(chunks) == 12 and all("flags" not in chunk.metadata for chunk in chunks)


def test_a_row_longer_than_the_budget_keeps_the_header_repeated_elsewhere() -> None:
    rows = [*SHORT_ROWS[:4], "| long | " + " ".join(["word"] * 20) + " |", *SHORT_ROWS[4:]]
    source = _table(rows)
    chunks = structchunk.split_text(source, max_size=60)
    assert_chunks_valid(source, chunks, 60)
    assert_units_whole(source, chunks, [span for span, row in zip(
        _row_spans(source, rows), rows, strict=True) if len(row) <= 60])
    cut = [chunk for chunk in chunks if chunk.metadata.get("oversized")]
    assert len(cut) >= 2 and all("word" in chunk.content for chunk in cut)
    assert all(chunk.text.startswith(HEADER) for chunk in chunks)


def test_header_rows_too_long_together_are_cut_between_rows_not_at_words() -> None:
    """Header row and delimiter (62 characters) do not fit 60 together, the row alone does:
    it stays whole and unflagged, like the paragraph introducing the table."""
    source = ("Prices:\n\n| Plan | Long header cell that fills the budget |\n"
              "| --- | --- |\n| a | b |\n\nAfter.")
    for max_size in (50, 60):
        chunks = structchunk.split_text(source, max_size=max_size)
        assert_chunks_valid(source, chunks, max_size)
        units = ["Prices:", "| Plan | Long header cell that fills the budget |",
                 "| --- | --- |", "| a | b |", "After."]
        assert_units_whole(source, chunks, [(source.index(unit), source.index(unit) + len(unit))
                                            for unit in units])
        assert all(chunk.metadata["flags"] == [HEADER_NOT_REPEATED] for chunk in chunks
                   if "|" in chunk.content)


LONG_LINE = "    result = compute_the_total_of(items, with_tax=True, rounding=2)"


def _fenced(lines: list[str]) -> str:
    return "```\n" + "\n".join(lines) + "\n```\n"


def test_a_code_line_that_fits_alone_but_not_within_the_fences_stays_whole() -> None:
    lines = ["values = load()", LONG_LINE, "print(values)"]
    source = _fenced(lines)
    line = LONG_LINE.strip()  # 63 characters; the fences add "```\n" and "\n```"
    start = source.index(line)
    for max_size in (63, 66, 70):
        chunks = _split_keeping_whole(source, [(start, start + len(line))], max_size)
        holder = next(chunk for chunk in chunks if line in chunk.content)
        assert holder.metadata["flags"] == [FRAME_DROPPED]
        assert "```" not in holder.text and "oversized" not in holder.metadata
        others = [chunk for chunk in chunks if chunk is not holder]
        assert others and all(chunk.text.count("```") == 2 for chunk in others)
    chunks = structchunk.split_text(source, max_size=62)
    cut = [chunk for chunk in chunks if chunk.metadata.get("oversized")]
    assert len(cut) == 2 and " ".join(chunk.content for chunk in cut) == line
    assert all(OVERSIZED in chunk.metadata["flags"] for chunk in cut)


COMMENTED = '''import os

# Helpers for the price list.
# They read the items once and keep
# the totals for later reports.
def total(items):
    result = 0
    for item in items:
        result += item.price
    return result


def average(items):
    return total(items) / len(items)
'''


def test_a_definition_too_long_only_with_its_comments_keeps_its_code_whole() -> None:
    source = "# Prices\n\n```python\n" + COMMENTED + "```\n"
    function = COMMENTED[COMMENTED.index("def total"):COMMENTED.index("\n\n\ndef average")]
    comments = COMMENTED[COMMENTED.index("# Helpers"):COMMENTED.index("def total")].rstrip()
    start = source.index(function)
    # the function with its fences and path line takes 136; with the comments, 235 (sizes
    # with every path line embedded)
    for max_size in (140, 180, 220):
        chunks = _split_keeping_whole(source, [(start, start + len(function))], max_size,
                                      path_line="always")
        holder = next(chunk for chunk in chunks if function in chunk.content)
        assert holder.content.startswith("def total"), "the comments go before it"
        assert holder.heading_path == ("Prices", "def total")
        assert holder.text.startswith("Prices > def total\n\n```python\n")
        before = chunks[holder.index - 1]
        assert before.content.endswith(comments) and "def total" not in before.content
        assert before.heading_path == ("Prices", "def total")
    for max_size in (222, 240):
        # the default embeds the line before a chunk that opens with its definition's
        # comments too (it names the section): "Prices", the comments, the function and the
        # fences take 222
        chunks = structchunk.split_text(source, max_size=max_size)
        holder = next(chunk for chunk in chunks if function in chunk.content)
        assert comments + "\n" + function in holder.content
    # Short of those 136 by its closing fence alone, the function is cut between its
    # statements (whole lines), never at words.
    for max_size in (132, 135):
        chunks = structchunk.split_text(source, max_size=max_size)
        assert_chunks_valid(source, chunks, max_size)
        assert not any(function in chunk.content for chunk in chunks)
        assert all("oversized" not in chunk.metadata for chunk in chunks)
        for chunk in chunks:
            assert source[chunk.start - 1] in "\n ", chunk.content
            assert source[chunk.end] == "\n", chunk.content


def _fitting_property(widest: int, budgets: tuple[int, int]) -> Any:
    """A property over 2 to 12 units of 1 to `widest` words each and a budget in `budgets`."""
    examples = given(widths=st.lists(st.integers(min_value=1, max_value=widest), min_size=2,
                                     max_size=12),
                     max_size=st.integers(min_value=budgets[0], max_value=budgets[1]))
    return lambda test: settings(max_examples=60, deadline=None)(examples(test))


@_fitting_property(30, (30, 120))
def test_table_rows_that_fit_are_never_cut(widths: list[int], max_size: int) -> None:
    rows = [f"| r{number:02d} | {' '.join(['w'] * width)} |" for number, width in enumerate(widths)]
    source = _table(rows)
    chunks = _split_keeping_whole(source, _row_spans(source, rows), max_size)
    for chunk in chunks:
        if HEADER in chunk.text and chunk.index:
            assert chunk.text.startswith(HEADER) and HEADER not in chunk.content


@_fitting_property(25, (20, 100))
def test_code_lines_that_fit_are_never_cut(widths: list[int], max_size: int) -> None:
    lines = [f"x{number} = f({', '.join(['a'] * width)})" for number, width in enumerate(widths)]
    source = _fenced(lines)
    starts = [source.index(line + "\n") for line in lines]
    _split_keeping_whole(source, [(start, start + len(line))
                                  for start, line in zip(starts, lines, strict=True)], max_size)


def _split_keeping_whole(source: str, units: list[tuple[int, int]], max_size: int,
                         path_line: str = "inside") -> list[structchunk.Chunk]:
    """Chunks of `source`, valid, with every unit (a row, a line) that fits kept whole."""
    chunks = structchunk.split_text(source, max_size=max_size, path_line=path_line)
    assert_chunks_valid(source, chunks, max_size)
    fitting = [(start, end) for start, end in units if end - start <= max_size]
    if fitting:
        assert_units_whole(source, chunks, fitting)
    return chunks
    for chunk in chunks:
        framed = FRAME_DROPPED not in chunk.metadata.get("flags", [])
        assert chunk.text.startswith("```") == framed, chunk.metadata
