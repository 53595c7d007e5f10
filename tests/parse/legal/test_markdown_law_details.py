"""A law that arrives as Markdown: what its provisions' bodies may hold and what it carries.

The Markdown parser reads the blocks, the legal rule chain reads each provision's body again;
each test builds a small Markdown law that differs from a plain one in one respect (a table
inside a provision, a body that opens with an enumeration, a heading that is neither title nor
provision, no name at all) and asserts the tree or the chunks a reader gets.
"""

from __future__ import annotations

import structchunk
from structchunk.tree import Document, Node, NodeKind

LAW = """\
# Mustergesetz (MustG)

## Eingangsformel

Der Bundestag hat das folgende Gesetz beschlossen.

##### § 1 Tabelle

(1) Es gelten diese Sätze:

| Stufe | Satz |
|---|---|
| A | 1 % |
| B | 2 % |

(2) Die Sätze gelten ab 2020.

##### § 2 Liste

1. erstens,
2. zweitens.

##### § 3 Ende

Dies ist das Ende
"""


def parsed(text: str = LAW) -> Document:
    return structchunk.parse_text(text, format="markdown")


def section(document: Document, numbering: str) -> Node:
    return next(node for node, _path in document.walk()
                if node.kind is NodeKind.SECTION and node.attrs.get("numbering") == numbering)


def kinds_below(node: Node) -> list[str]:
    found: list[str] = []
    stack = [node]
    while stack:
        current = stack.pop()
        found.append(current.kind.value)
        stack.extend(reversed(current.children))
    return found


def test_a_table_inside_a_provision_stays_a_table_and_the_next_absatz_follows_it() -> None:
    document = parsed()
    provision = section(document, "§ 1")
    tables = [node for node, _path in document.walk() if node.kind is NodeKind.TABLE]
    assert [document.content(table).splitlines()[0] for table in tables] == ["| Stufe | Satz |"]
    assert provision.start <= tables[0].start and tables[0].end <= provision.end
    assert [len(table.children) for table in tables] == [4]
    absaetze = [node.attrs["meta"]["absatz"] for node, _path in document.walk()
                if "absatz" in node.attrs.get("meta", {})]
    assert absaetze == ["1", "2"]
    second = next(node for node, _path in document.walk()
                  if node.attrs.get("meta", {}).get("absatz") == "2")
    assert document.content(second) == "(2) Die Sätze gelten ab 2020."


def test_a_split_table_in_a_provision_repeats_its_header_under_the_provision() -> None:
    rows = "".join(f"| {letter} | {number} % |\n" for number, letter in enumerate("CDEFGHIJ"))
    text = LAW.replace("| B | 2 % |\n", "| B | 2 % |\n" + rows * 3)
    chunks = structchunk.split_text(text, format="markdown", max_size=160)
    parts = [chunk for chunk in chunks if "table" in chunk.kinds]
    assert len(parts) >= 2
    for chunk in parts:
        assert chunk.heading_path[-1] == "§ 1 Tabelle"
        assert "| Stufe | Satz |\n|---|---|" in chunk.text


def test_a_provision_body_may_open_with_an_enumeration() -> None:
    document = parsed()
    provision = section(document, "§ 2")
    items = [node.attrs["meta"] for node, _path in document.walk()
             if node.kind is NodeKind.ITEM and provision.start <= node.start < provision.end]
    assert items == [{"number": "1"}, {"number": "2"}]
    assert "list" in kinds_below(provision)


def test_a_short_first_line_of_a_provision_body_is_text_not_a_title() -> None:
    document = parsed()
    provision = section(document, "§ 3")
    assert kinds_below(provision) == ["section", "heading", "paragraph"]
    assert document.content(provision.children[-1]) == "Dies ist das Ende"
    titles = [node.title for node, _path in document.walk() if node.kind is NodeKind.HEADING]
    assert titles == ["Mustergesetz (MustG)", "Eingangsformel", "§ 1 Tabelle", "§ 2 Liste",
                      "§ 3 Ende"]


def test_a_heading_that_is_neither_title_nor_provision_keeps_its_level_up_to_two() -> None:
    document = parsed(LAW.replace("## Eingangsformel", "#### Eingangsformel"))
    heading = next(node for node, _path in document.walk()
                   if node.kind is NodeKind.HEADING and node.title == "Eingangsformel")
    assert heading.attrs["level"] == 2
    assert "meta" not in heading.attrs and "numbering" not in heading.attrs


def test_the_law_name_is_carried_to_chunks_outside_any_provision() -> None:
    chunks = structchunk.split_text(LAW, format="markdown", max_size=120)
    opening = [chunk for chunk in chunks if chunk.content.startswith(("# ", "## "))]
    assert opening, [chunk.content for chunk in chunks]
    assert all(chunk.metadata.get("law") == "MustG" for chunk in chunks)
    assert all("section" not in chunk.metadata for chunk in opening)


def test_a_markdown_law_without_a_name_carries_no_law_anywhere() -> None:
    text = LAW.replace("# Mustergesetz (MustG)", "# Ein Gesetz")
    document = parsed(text)
    assert document.metadata["jurisdiction"] == "de"
    assert "law" not in document.metadata and "law" not in document.carried
    assert all("law" not in node.attrs.get("meta", {}) for node, _path in document.walk())
    chunks = structchunk.split_text(text, format="markdown", max_size=120)
    sections = [chunk for chunk in chunks if "section" in chunk.metadata]
    assert sections and all("law" not in chunk.metadata for chunk in chunks)


def test_a_division_heading_carries_its_number_under_its_unit() -> None:
    text = LAW.replace("##### § 1 Tabelle", "## Abschnitt 2 Sätze\n\n##### § 1 Tabelle")
    document = parsed(text)
    division = next(node for node, _path in document.walk()
                    if node.kind is NodeKind.HEADING and node.title.startswith("Abschnitt"))
    assert division.attrs["meta"] == {"abschnitt": "2"}
    chunks = structchunk.split_text(text, format="markdown", max_size=120)
    assert any(chunk.metadata.get("abschnitt") == "2" and chunk.metadata.get("section") == "§ 1"
               for chunk in chunks)
