"""The language map's columns, collected in one loop, are those of the plain recursive walk."""

from __future__ import annotations

from pathlib import Path

import pytest

import structchunk
from structchunk.lang.openings import DESCEND, NOT_PROSE
from structchunk.lang.regions import _collect
from structchunk.tree import Node, NodeKind

SAMPLES = sorted(path for path in (Path(__file__).parents[2] / "corpus_samples").rglob("*.md"))


def reference(root: Node) -> tuple[list[int], list[int]]:
    """The walk the loop replaced: a call per node, scopes and regions in preorder."""
    spans = [-1, -1, -1]
    regions: list[int] = []

    def walk(node: Node, parent: int) -> None:
        if node.kind in NOT_PROSE:
            regions.extend((node.start, node.end, parent))
            return
        scope = 0
        if node.kind is not NodeKind.DOCUMENT:
            scope = len(spans) // 3
            spans.extend((node.start, node.end, parent))
        if node.kind in DESCEND and node.children:
            for child in node.children:
                walk(child, scope)
        else:
            regions.extend((node.start, node.end, scope))

    walk(root, 0)
    return spans, regions


PAGES = [
    "# A\n\nText one.\n\n## B\n\n- item\n- item two\n\n> quoted\n\n"
    "| a | b |\n|---|---|\n| 1 | 2 |\n",
    "plain text only",
    "",
    "# Only a heading\n",
    "```python\ncode = 1\n```\n\nAfter the code.\n\n---\n\n<div>html</div>\n",
]


@pytest.mark.parametrize("page", PAGES)
def test_the_loop_collects_what_the_recursive_walk_does(page: str) -> None:
    document = structchunk.parse_text(page, format="markdown")
    assert _collect(document.root) == reference(document.root)


@pytest.mark.parametrize("path", SAMPLES[:6], ids=lambda path: path.name)
def test_the_loop_collects_what_the_recursive_walk_does_on_real_pages(path: Path) -> None:
    document = structchunk.parse(path, format="markdown")
    assert _collect(document.root) == reference(document.root)
