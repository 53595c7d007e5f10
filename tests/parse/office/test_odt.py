"""ODT edge cases on documents written as ODF XML: outline levels, numbered and bulleted
lists, header rows and spanned cells, footnotes, tracked deletions, the table of contents,
and an entity that must not be resolved."""

from __future__ import annotations

import structchunk
from tests.invariants import assert_chunks_valid
from tests.parse.office.make import odt_bytes

_LIST_STYLES = (
    '<text:list-style style:name="N"><text:list-level-style-number text:level="1"/>'
    '</text:list-style><text:list-style style:name="B">'
    '<text:list-level-style-bullet text:level="1"/></text:list-style>')


def test_headings_lists_notes_and_what_is_left_out() -> None:
    body = (
        '<text:table-of-content><text:index-body><text:p>Guide 1</text:p></text:index-body>'
        "</text:table-of-content>"
        '<text:h text:outline-level="1">Guide</text:h>'
        '<text:h text:outline-level="2">Steps</text:h>'
        "<text:p>Follow<text:s text:c=\"2\"/>these:</text:p>"
        '<text:list text:style-name="N"><text:list-item><text:p>one</text:p>'
        '<text:list text:style-name="B"><text:list-item><text:p>detail</text:p>'
        "</text:list-item></text:list></text:list-item>"
        "<text:list-item><text:p>two<text:note><text:note-citation>1</text:note-citation>"
        "<text:note-body><text:p>A footnote.</text:p></text:note-body></text:note>"
        "</text:p></text:list-item></text:list>"
        "<text:tracked-changes><text:changed-region><text:deletion><text:p>removed</text:p>"
        "</text:deletion></text:changed-region></text:tracked-changes>")
    document = structchunk.parse(odt_bytes(body, _LIST_STYLES), format="odt")
    assert document.text == ("# Guide\n\n## Steps\n\nFollow  these:\n1. one\n   - detail\n"
                             "2. two\n\nA footnote.")
    assert document.metadata["removed"] == ["1 generated index(es) (table of contents)"]
    chunks = structchunk.split(document, max_size=1000)
    assert_chunks_valid(document.text, chunks, 1000)
    assert chunks[0].metadata["origin"][:2] == [{"paragraph": 0}, {"paragraph": 1}]


def test_tables_keep_header_rows_and_flatten_spans() -> None:
    body = (
        "<table:table><table:table-header-rows><table:table-row>"
        '<table:table-cell table:number-columns-spanned="2"><text:p>Place</text:p>'
        "</table:table-cell><table:covered-table-cell/>"
        "<table:table-cell><text:p>Count</text:p></table:table-cell></table:table-row>"
        "</table:table-header-rows><table:table-row>"
        '<table:table-cell table:number-rows-spanned="2"><text:p>North</text:p>'
        "</table:table-cell><table:table-cell><text:p>a</text:p></table:table-cell>"
        "<table:table-cell><text:p>1</text:p></table:table-cell></table:table-row>"
        "<table:table-row><table:covered-table-cell/>"
        "<table:table-cell><text:p>b</text:p></table:table-cell>"
        "<table:table-cell><text:p>2</text:p></table:table-cell></table:table-row>"
        '<table:table-row table:number-rows-repeated="500"><table:table-cell '
        'table:number-columns-repeated="3"/></table:table-row></table:table>')
    document = structchunk.parse(odt_bytes(body), format="odt")
    assert document.text == ("| Place | Place | Count |\n| --- | --- | --- |\n"
                             "| North | a | 1 |\n| North | b | 2 |")


def test_an_external_entity_is_not_resolved() -> None:
    """The XML parser loads no DTD and resolves no entity (odfpy's nasty.odt case)."""
    doctype = '<!DOCTYPE x [ <!ENTITY nasty SYSTEM "file:///etc/hostname">]>'
    document = structchunk.parse(odt_bytes("<text:p>Test: &nasty;</text:p>", doctype=doctype),
                                 format="odt")
    assert document.text == "Test:"
