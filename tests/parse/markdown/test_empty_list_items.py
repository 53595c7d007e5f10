"""An empty list item ends at its marker line in both backends: the next line, when it is text,
is a paragraph of its own, not the item's."""

from __future__ import annotations

import pytest

from structchunk.parse import parse_text
from structchunk.tree import Node, NodeKind


def _shape(node: Node) -> tuple[object, ...]:
    return (node.kind, node.start, node.end, [_shape(child) for child in node.children])


@pytest.mark.parametrize("line", ["XX", "X", "text"])
def test_an_empty_item_followed_by_text_ends_at_its_marker(line: str) -> None:
    text = f"# T\n\n-\n{line}\n\nafter\n"
    trees = [parse_text(text, format="markdown", markdown_backend=backend).root
             for backend in ("pyromark", "markdown-it")]
    assert _shape(trees[0]) == _shape(trees[1])
    (section,) = trees[0].children
    listing = next(child for child in section.children if child.kind is NodeKind.LIST)
    (item,) = listing.children
    assert (item.start, item.end, len(item.children)) == (5, 6, 0)
    paragraph = section.children[section.children.index(listing) + 1]
    assert (paragraph.kind, text[paragraph.start:paragraph.end]) == (NodeKind.PARAGRAPH, line)


@pytest.mark.parametrize("before", ["> quoted\n\n", "> > twice quoted\n\n", ""])
def test_an_empty_item_after_a_closed_quote_does_not_take_a_bare_quote_marker(
        before: str) -> None:
    """Outside a quote, a line holding only `>` is an empty quote of its own, not a blank
    line the empty item before it would keep."""
    text = f"{before}-\n>\n\nafter\n"
    trees = [parse_text(text, format="markdown", markdown_backend=backend).root
             for backend in ("pyromark", "markdown-it")]
    assert _shape(trees[0]) == _shape(trees[1])
    (section,) = trees[0].children
    kinds = [child.kind for child in section.children]
    listing = section.children[kinds.index(NodeKind.LIST)]
    (item,) = listing.children
    assert text[item.start:item.end] == "-"
    marker = section.children[kinds.index(NodeKind.LIST) + 1]
    assert (marker.kind, text[marker.start:marker.end]) == (NodeKind.QUOTE, ">")
