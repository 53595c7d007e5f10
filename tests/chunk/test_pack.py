"""The generic packer never lends a cut's flag to text that was whole.

A piece cut at words (a table header longer than the budget) is flagged oversized; merged
with the paragraph that introduces the table, or the row and paragraph after it, the chunk
holding that whole text would read as oversized though every unit of it fits.
"""

from __future__ import annotations

import structchunk
from structchunk.parse.office.build import build
from structchunk.parse.office.records import PARAGRAPH, TABLE, Block, Extracted, Table, Unit
from tests.invariants import assert_chunks_valid, assert_units_whole

# The header row (48 characters) does not fit 40, so it is cut at words.
_LED_TABLE = ("Prices:\n\n| Plan | Long header cell that fills the budget |\n"
              "| --- | --- |\n| a | b |\n\nAfter.")


def _spans(text: str, *snippets: str) -> list[tuple[int, int]]:
    return [(text.index(snippet), text.index(snippet) + len(snippet)) for snippet in snippets]


def test_a_lead_in_before_a_header_cut_at_words_is_not_flagged_oversized() -> None:
    chunks = structchunk.split_text(_LED_TABLE, max_size=40)
    assert_chunks_valid(_LED_TABLE, chunks, 40)
    assert_units_whole(_LED_TABLE, chunks, _spans(_LED_TABLE, "Prices:", "| --- | --- |",
                                                  "| a | b |", "After."))
    assert any(chunk.metadata.get("oversized") for chunk in chunks)  # the header still is


def test_an_office_lead_in_before_a_header_cut_at_words_is_not_flagged_oversized() -> None:
    """The case the record builder's property test found, shrunk: two header rows that do
    not fit the budget together, after a paragraph that is only a colon."""
    table = Table([["", ":::::::::::::::::::::|||"], [":::|"], [":"]], 2)
    blocks = [Block(PARAGRAPH, ":"), Block(TABLE, table=table, origin={"table": 0})]
    document = build(Extracted([Unit("body", 1, None, blocks)]), "docx", "x.docx", None)
    chunks = structchunk.split(document, max_size=60)
    assert_chunks_valid(document.text, chunks, 60, repaired=True)
    lead = document.text.index(":\n")
    assert_units_whole(document.text, chunks, [(lead, lead + 1)])
