"""Plain text: paragraphs, typographic headings, lists, and the shared rule chain."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import structchunk
from structchunk.decode import from_text
from structchunk.errors import ParseError
from structchunk.parse import text as plain_text
from structchunk.parse.rules import LineState, NamedRule, RuleChain, paragraph_rule
from structchunk.tree import Document, NodeKind


def parse(text: str) -> Document:
    return plain_text.parse(from_text(text))


def outline(document: Document) -> list[tuple[int, str | None]]:
    return [(depth, node.title) for node, depth in document.root.walk()
            if node.kind is NodeKind.SECTION]


def blocks(document: Document, kind: NodeKind) -> list[str]:
    return [document.content(node) for node, _ in document.root.walk() if node.kind is kind]


def assert_nothing_lost(document: Document) -> None:
    text = document.text
    covered = bytearray(len(text))
    for node, _ in document.root.walk():
        if node.kind is not NodeKind.DOCUMENT:
            assert text[node.start:node.end] == text[node.start:node.end].strip()
        if not node.children and node.kind is not NodeKind.DOCUMENT:
            covered[node.start:node.end] = b"\x01" * (node.end - node.start)
    assert all(flag or text[i].isspace() for i, flag in enumerate(covered))


def test_paragraphs_at_blank_lines_keep_hard_wrapped_lines_together() -> None:
    document = parse("First line of a paragraph\nwrapped here.\n\nSecond\r\nparagraph.\n")
    assert blocks(document, NodeKind.PARAGRAPH) == [
        "First line of a paragraph\nwrapped here.", "Second\r\nparagraph."]
    assert_nothing_lost(document)


def test_numbered_headings_nest_by_depth() -> None:
    document = parse("1. Introduction\n\nIntro.\n\n1.1 Scope\n\nScope text.\n\n"
                     "2.3.1 Deep Title\nBody right below.\n\n2. Methods\n\nText.\n")
    assert outline(document) == [(1, "1. Introduction"), (2, "1.1 Scope"),
                                 (3, "2.3.1 Deep Title"), (1, "2. Methods")]
    numbering = [node.attrs.get("numbering") for node, _ in document.root.walk()
                 if node.kind is NodeKind.HEADING]
    assert numbering == ["1", "1.1", "2.3.1", "2"]


def test_underlined_all_caps_and_overlined_headings_level_by_first_appearance() -> None:
    text = ("=====\nTITLE\n=====\n\nIntro.\n\nPart One\n========\n\nText.\n\n"
            "Detail\n------\n\nMore.\n\nPart Two\n========\n\nEnd.\n")
    assert outline(parse(text)) == [(1, "TITLE"), (2, "Part One"), (3, "Detail"),
                                    (2, "Part Two")]


def test_all_caps_line_is_a_heading_even_with_text_right_below() -> None:
    document = parse("INTRODUCTION\nThis text follows the heading.\n")
    assert outline(document) == [(1, "INTRODUCTION")]
    assert blocks(document, NodeKind.PARAGRAPH) == ["This text follows the heading."]


@pytest.mark.parametrize("text", [
    "1. Buy milk.\n\nSome text.\n",  # ends with a period
    "1. buy milk\n\nSome text.\n",  # lowercase
    "1. Buy milk\n2. Buy eggs\n",  # a list
    "THE END.\n",
    "NASA, ESA;\n",
])
def test_lines_that_are_not_headings(text: str) -> None:
    assert outline(parse(text)) in ([], [(1, None)])


def test_a_run_of_numbered_one_line_blocks_is_a_loose_list() -> None:
    document = parse("Shopping:\n\n1. Milk\n\n2. Eggs\n\n3. Bread\n\nDone.\n")
    assert outline(document) in ([], [(1, None)])
    items = blocks(document, NodeKind.ITEM)
    assert items == ["1. Milk", "2. Eggs", "3. Bread"]


def test_lists_nest_by_indentation_and_keep_continuations() -> None:
    text = ("Steps:\n- download\n- unpack it\n  and run it\n  - nested one\n  - nested two\n"
            "- done\n\n  an indented paragraph of the last item\n\nBack to text.\n")
    document = parse(text)
    lists = [node for node, _ in document.root.walk() if node.kind is NodeKind.LIST]
    assert [len(node.children) for node in lists] == [3, 2]
    items = blocks(document, NodeKind.ITEM)
    assert items[1] == "- unpack it\n  and run it\n  - nested one\n  - nested two"
    assert items[-1] == "- done\n\n  an indented paragraph of the last item"
    assert blocks(document, NodeKind.PARAGRAPH)[-1] == "Back to text."
    assert_nothing_lost(document)


def test_numbered_items_interrupt_only_in_sequence() -> None:
    document = parse("The list:\n1. first\n2. second\n3. third\n\nIt happened in\n"
                     "2019. Then more.\n")
    assert blocks(document, NodeKind.ITEM) == ["1. first", "2. second", "3. third"]
    assert blocks(document, NodeKind.PARAGRAPH)[-1] == "It happened in\n2019. Then more."


@pytest.mark.parametrize("marker", ["a)", "(1)", "(a)", "1)", "*", "•", "+"])
def test_item_markers(marker: str) -> None:
    second = {"a)": "b)", "(1)": "(2)", "(a)": "(b)", "1)": "2)"}.get(marker, marker)
    document = parse(f"Intro:\n{marker} one\n{second} two\n")
    assert len(blocks(document, NodeKind.ITEM)) == 2


def test_thematic_break() -> None:
    document = parse("Above.\n\n* * *\n\nBelow.\n")
    assert blocks(document, NodeKind.BREAK) == ["* * *"]


def test_heading_sections_and_chunks_carry_the_path() -> None:
    text = "GUIDE\n\nIntro.\n\n1. Setup\n\n" + "Install the tool. " * 80 + "\n"
    chunks = structchunk.split_text(text, max_size=300, format="text")
    assert all(chunk.heading_path[:1] == ("GUIDE",) for chunk in chunks)
    assert chunks[-1].heading_path == ("GUIDE", "1. Setup")


def test_laws_are_routed_to_the_legal_parser_unless_disabled() -> None:
    law = "".join(f"§ {n} Titel {n}\n\n(1) Text {n}.\n\n" for n in range(1, 5))
    assert structchunk.parse_text(law).format == "legal"
    assert structchunk.parse_text(law, format="text").format == "legal"
    assert structchunk.parse_text(law, format="text", legal=False).format == "text"
    assert structchunk.parse_text(law, legal=False).format == "text"
    assert plain_text.parse(from_text(law)).format == "text"  # routing is not the parser's job


def test_marked_headings_and_tables_from_a_layout() -> None:
    text = "Big Title\n\nBody text.\n\n| a | b |\n| --- | --- |\n| 1 | 2 |\n\nSMALL CAPS\n\nx\n"
    document = plain_text.parse_marked(from_text(text), {0: 1}, {4: 6})
    assert outline(document) == [(1, "Big Title"), (2, "SMALL CAPS")]
    table = next(node for node, _ in document.root.walk() if node.kind is NodeKind.TABLE)
    assert table.attrs["header_rows"] == 2
    assert [row.attrs["header"] for row in table.children] == [True, True, False]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from([
    "Title", "TITLE", "=====", "-----", "1. Item", "2. Next", "1.2 Sub Title", "- bullet",
    "  - nested", "a) x", "(1) y", "plain words here.", "", "", "\t", "§ 5 Titel",
    "ends with colon:", "  indented text", "\r", "* * *"]), max_size=40))
def test_any_text_parses_with_exact_offsets_and_nothing_lost(lines: list[str]) -> None:
    text = "\n".join(lines)
    document = structchunk.parse_text(text, format="text")
    assert_nothing_lost(document)
    for node, _ in document.root.walk():
        for left, right in zip(node.children, node.children[1:], strict=False):
            assert left.end <= right.start


def test_rule_chain_insert_replace_disable_and_progress() -> None:
    def shout(state: LineState, line: int, silent: bool) -> bool:
        if not state.stripped(line).endswith("!"):
            return False
        if not silent:
            state.push("shout", line, line)
        return True

    chain = RuleChain([paragraph_rule()])
    chain.insert_before("paragraph", NamedRule("shout", shout, frozenset({"paragraph"})))
    assert chain.names == ("shout", "paragraph")
    blocks_found = chain.run(LineState(from_text("calm\nHEY!\ncalm again\n")))
    assert [block.kind for block in blocks_found] == ["paragraph", "shout", "paragraph"]
    chain.disable("shout")
    assert [b.kind for b in chain.run(LineState(from_text("calm\nHEY!\n")))] == ["paragraph"]
    with pytest.raises(ValueError):
        chain.append(NamedRule("paragraph", shout))
    with pytest.raises(KeyError):
        chain.disable("missing")

    def lazy(state: LineState, line: int, silent: bool) -> bool:
        return True  # claims a line without consuming it

    stuck = RuleChain([NamedRule("lazy", lazy)])
    with pytest.raises(ParseError, match="no rule consumed line 1"):
        stuck.run(LineState(from_text("x\n")))
