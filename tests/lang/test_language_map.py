"""The language map's columns, collected in one loop, are those of the plain recursive walk;
a section is judged on its prose, not on the code or HTML it opens with."""

from __future__ import annotations

from pathlib import Path

import pytest

import structchunk
from structchunk.lang.openings import DESCEND, NOT_PROSE
from structchunk.lang.regions import _collect
from structchunk.tree import Node, NodeKind

SAMPLES = sorted(path for path in (Path(__file__).parents[2] / "corpus_samples").rglob("*.md"))


def reference(root: Node) -> tuple[list[int], list[int]]:
    """The walk the loop replaced, a call per node, scopes and regions in preorder; each
    scope starts at its first prose block (a block that is not code, HTML, ...)."""
    spans = [-1, -1, -1]
    regions: list[int] = []

    def walk(node: Node, parent: int) -> int | None:
        """The start of the first prose block at or under `node`, if any."""
        if node.kind in NOT_PROSE:
            regions.extend((node.start, node.end, parent))
            return None
        scope = 0
        if node.kind is not NodeKind.DOCUMENT:
            scope = len(spans) // 3
            spans.extend((node.start, node.end, parent))
        first = None
        if node.kind in DESCEND and node.children:
            for child in node.children:
                found = walk(child, scope)
                first = found if first is None else first
        else:
            regions.extend((node.start, node.end, scope))
            first = node.start
        if scope and first is not None:
            spans[3 * scope] = first
        return first

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
    assert tuple(map(list, _collect(document.root)))[:2] == reference(document.root)


@pytest.mark.parametrize("path", SAMPLES[:6], ids=lambda path: path.name)
def test_the_loop_collects_what_the_recursive_walk_does_on_real_pages(path: Path) -> None:
    document = structchunk.parse(path, format="markdown")
    assert tuple(map(list, _collect(document.root)))[:2] == reference(document.root)


METADATA = ('<!--\nTRANSLATOR_METADATA:\n{\n  "original_hash": "66b61d96936cf25d20fcb411d4ce",\n'
            '  "translation_date": "2025-09-03T22:46:25+00:00",\n  "source_file": "lesson.md"'
            '\n}\n-->\n')
GERMAN_LESSON = ("# Netzwerke mit Zero Trust\n\nDas Netzwerk bietet eine entscheidende Ebene der "
                 "Kontrollen. In dieser Lektion lernen wir mehr darüber, wie man es schützt.\n\n"
                 "## Was ist Segmentierung?\n\nSegmentierung teilt ein Netzwerk in kleinere Teile, "
                 "damit sich ein Angreifer nicht frei darin bewegen kann.\n")


def test_a_section_opening_with_html_is_judged_on_its_prose() -> None:
    from structchunk.lang.regions import language_map

    document = structchunk.parse_text(METADATA + GERMAN_LESSON, format="markdown")
    assert document.language == "de"
    assert language_map(document)(0) == "de"  # the comment takes the lesson's language


def test_a_heading_opening_its_section_is_listed() -> None:
    page = "# A\n\nText one.\n\n## B\n\nText two.\n\n- item\n"
    document = structchunk.parse_text(page, format="markdown")
    spans, _regions, openers = _collect(document.root)
    starts = [spans[3 * scope] for scope in openers]
    assert starts == [page.index("# A"), page.index("## B")]


def test_a_heading_opening_a_section_takes_the_section_language() -> None:
    """An English heading over a German section, unsorted by the German vocabulary, is
    judged with the section it opens: the chunk that starts there holds German text."""
    from structchunk.lang.regions import language_map

    heading = "## Help people find and follow your project\n\n"
    page = GERMAN_LESSON + "\n" + heading + (
        "Die meisten Menschen finden ein Projekt über seine Dokumentation, und deshalb sollte "
        "sie klar und aktuell sein. Schreiben Sie auf, wie man beginnt und wer hilft.\n")
    document = structchunk.parse_text(page, format="markdown")
    assert document.language == "de"
    assert language_map(document)(page.index(heading)) == "de"
