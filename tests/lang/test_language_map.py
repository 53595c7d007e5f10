"""The language map's look-ups, descending the tree lazily, find the scope the plain recursive
walk over the whole tree finds at every offset; a section is judged on its prose, not on the
code or HTML it opens with."""

from __future__ import annotations

from bisect import bisect_right
from pathlib import Path

import pytest

import structchunk
from structchunk.lang.openings import DESCEND, NOT_PROSE
from structchunk.lang.regions import _LanguageMap
from structchunk.tree import Document, Node, NodeKind

SAMPLES = sorted(path for path in (Path(__file__).parents[2] / "corpus_samples").rglob("*.md"))


def reference(root: Node) -> tuple[list[int], list[int]]:
    """The plain walk over the whole tree, a call per node, scopes and regions in preorder;
    each scope starts at its first prose block (a block that is not code, HTML, ...)."""
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
        if scope:  # a scope of no prose is judged on nothing: its sample is empty
            spans[3 * scope] = first if first is not None else node.end
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


def reference_scopes(document: Document) -> list[tuple[int, int]]:
    """At every offset of the text, the span (judged start, end) of the scope that decides
    it by the reference walk, (-1, -1) for the document's own."""
    spans, regions = reference(document.root)
    starts = regions[0::3]
    found = []
    for offset in range(len(document.text) + 1):
        index = bisect_right(starts, offset) - 1
        scope = regions[3 * index + 2] if index >= 0 and offset < regions[3 * index + 1] else 0
        found.append((spans[3 * scope], spans[3 * scope + 1]))
    return found


def lazy_scopes(document: Document) -> list[tuple[int, int]]:
    """The same, by the map's descent from the root."""
    found = []
    language_map = _LanguageMap(document)
    for offset in range(len(document.text) + 1):
        chain = language_map.scopes_at(offset)
        if len(chain) == 1:
            found.append((-1, -1))
            continue
        node = chain[-1]
        first = language_map._first_prose(node)
        found.append((node.end if first is None else first.start, node.end))
    return found


@pytest.mark.parametrize("page", PAGES)
def test_the_descent_finds_the_scope_the_recursive_walk_does(page: str) -> None:
    document = structchunk.parse_text(page, format="markdown")
    assert lazy_scopes(document) == reference_scopes(document)


@pytest.mark.parametrize("path", SAMPLES[:6], ids=lambda path: path.name)
def test_the_descent_finds_the_scope_the_recursive_walk_does_on_real_pages(path: Path) -> None:
    document = structchunk.parse(path, format="markdown")
    assert lazy_scopes(document) == reference_scopes(document)


def test_a_scope_of_no_prose_is_judged_on_nothing() -> None:
    page = "> ```\n> code = 1\n> ```\n\nAfter the quote.\n"
    document = structchunk.parse_text(page, format="markdown")
    assert lazy_scopes(document) == reference_scopes(document)
    end = page.index("\n\nAfter")  # the quote's end
    assert lazy_scopes(document)[0] == (end, end)


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
    language_map = _LanguageMap(document)
    opening = [offset for offset in range(len(page))
               if (chain := language_map.scopes_at(offset))[-1].kind is NodeKind.HEADING
               and language_map._opens(chain, len(chain) - 1)]
    starts = sorted({offset for offset in opening if offset == 0 or page[offset - 1] == "\n"})
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


def test_rows_of_a_table_each_keep_their_own_language() -> None:
    """A table's rows are made anew at each read: the map must not take one row's language
    for another's (a row freed after its look-up can leave its id to the next)."""
    english = "The quick brown fox jumps over the lazy dog near the river bank today."
    german = "Der schnelle braune Fuchs springt heute über den faulen Hund am Flussufer."
    lines = ["| text |", "|---|"] + [f"| {english if i % 2 else german} |" for i in range(12)]
    text = "\n".join(lines) + "\n"
    document = structchunk.parse_text(text, format="markdown")
    table = next(node for node, _depth in document.root.walk() if node.kind is NodeKind.TABLE)
    rows = list(table.children)[2:]  # after the header row and the delimiter row
    language_map = _LanguageMap(document)
    labels = [language_map.language_at(row.start) for row in rows]
    assert labels == ["en" if i % 2 else "de" for i in range(12)]
    # verdicts are kept by node identity: a row looked up again is the same node
    assert all(language_map.scopes_at(row.start)[-1] is language_map.scopes_at(row.start)[-1]
               for row in rows)
