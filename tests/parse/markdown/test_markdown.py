from __future__ import annotations

import structchunk
from structchunk.tree import Document, NodeKind


def kinds_and_titles(document: Document) -> list[tuple[str, int, str | None]]:
    return [(node.kind.value, depth, node.title) for node, depth in document.root.walk()
            if node.kind is NodeKind.SECTION]


def assert_spans_exact(document: Document) -> None:
    text = document.text
    for node, _depth in document.root.walk():
        assert 0 <= node.start <= node.end <= len(text)
        content = text[node.start:node.end]
        if node.kind is not NodeKind.DOCUMENT:
            assert content == content.strip(), (node.kind, content[:40])
        assert document.source.line_of(node.start) == node.start_line
        for child in node.children:
            assert node.start <= child.start and child.end <= node.end, (node.kind, child.kind)


def test_headings_nest_by_level_and_skipped_levels_still_nest() -> None:
    text = "Intro text.\n\n# A\n\nbody a\n\n### A.1 deep\n\nx\n\n## A.2\n\ny\n\n# B\n\nz\n"
    document = structchunk.parse_text(text)
    assert kinds_and_titles(document) == [
        ("section", 1, None), ("section", 1, "A"), ("section", 2, "A.1 deep"),
        ("section", 2, "A.2"), ("section", 1, "B")]
    assert_spans_exact(document)
    preamble = document.root.children[0]
    assert document.content(preamble) == "Intro text."


def test_setext_headings_and_inline_markup_in_titles() -> None:
    text = "Title **bold**\n=====\n\nText.\n\nSub `code`\n-----\n\nMore.\n"
    document = structchunk.parse_text(text)
    assert [t for _, _, t in kinds_and_titles(document)] == ["Title bold", "Sub code"]
    assert_spans_exact(document)


def test_table_keeps_header_rows_apart_from_body_rows() -> None:
    text = "# T\n\n| a | b |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n"
    document = structchunk.parse_text(text)
    table = next(node for node, _ in document.root.walk() if node.kind is NodeKind.TABLE)
    assert table.attrs["header_rows"] == 2
    rows = [document.content(row) for row in table.children]
    assert rows == ["| a | b |", "|---|---|", "| 1 | 2 |", "| 3 | 4 |"]
    assert [bool(row.attrs.get("header")) for row in table.children] == [True, True, False, False]


def test_code_fence_language_from_info_string_with_aliases() -> None:
    text = "```py title=x\nprint(1)\n```\n\n~~~yml\na: 1\n~~~\n\n    indented\n"
    document = structchunk.parse_text(text)
    codes = [node for node, _ in document.root.walk() if node.kind is NodeKind.CODE]
    assert [code.attrs.get("language") for code in codes] == ["python", "yaml", None]
    assert document.content(codes[0]) == "```py title=x\nprint(1)\n```"


def test_front_matter_lists_quotes_html_and_breaks_are_typed() -> None:
    text = ("---\ntitle: x\n---\n\n# H\n\n- one\n  - nested\n- two\n\n> quoted\n> text\n\n"
            "<div>\nhtml\n</div>\n\n***\n")
    document = structchunk.parse_text(text)
    kinds = {node.kind for node, _ in document.root.walk()}
    assert {NodeKind.FRONT_MATTER, NodeKind.LIST, NodeKind.ITEM, NodeKind.QUOTE,
            NodeKind.HTML, NodeKind.BREAK} <= kinds
    assert document.root.children[0].kind is NodeKind.FRONT_MATTER
    assert_spans_exact(document)


def test_crlf_offsets_point_into_the_original() -> None:
    text = "# A\r\n\r\npara one\r\nstill one\r\n\r\n| a |\r\n|---|\r\n| 1 |\r\n"
    document = structchunk.parse_text(text)
    assert_spans_exact(document)
    paragraph = next(n for n, _ in document.root.walk() if n.kind is NodeKind.PARAGRAPH)
    assert document.content(paragraph) == "para one\r\nstill one"
    rows = [n for n, _ in document.root.walk() if n.kind is NodeKind.ROW]
    assert [document.content(row) for row in rows] == ["| a |", "|---|", "| 1 |"]


def test_nesting_beyond_the_parser_limit_is_kept_as_text() -> None:
    text = ">" * 300 + " deep words here\n"
    document = structchunk.parse_text(text)
    covered = [n for n, _ in document.root.walk() if "deep" in document.content(n)
               and n.kind is not NodeKind.DOCUMENT]
    assert covered, "deeply nested text must stay in the tree"


def test_pretty_prints_kinds_lines_and_spans() -> None:
    document = structchunk.parse_text("# A\n\ntext\n")
    printed = document.pretty()
    assert "section L1-3 [0:9] level=1 A" in printed
    assert "paragraph L3-3 [5:9]" in printed
