"""Legal structure in plain text and Markdown: provisions, Absätze, items, references."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import structchunk
from structchunk.decode import from_text
from structchunk.parse.legal import statute as legal
from structchunk.tree import Document, Node, NodeKind
from tests.conftest import SAMPLES

LAW = """\
Mustergesetz (MustG)

Buch 1 - Allgemeiner Teil

Abschnitt 1 - Personen

§ 1 Beginn der Rechtsfähigkeit

Die Rechtsfähigkeit des Menschen beginnt mit der Vollendung der
Geburt.

§ 1a Kündigung

(1) Die Kündigung bedarf der Schriftform; die elektronische Form ist
ausgeschlossen. Der Gläubiger kann unter den Voraussetzungen des
§ 280 Abs. 1 Schadensersatz verlangen.

(2) Als Verbraucher gelten

1.  natürliche Personen, die

    a)  nicht gewerblich handeln oder

    b)  nicht selbständig handeln,

2.  Personengesellschaften.

Im Übrigen bleibt § 242 BGB unberührt.

§§ 2 bis 4 (weggefallen)

Abschnitt 2 - Sachen

§ 5 Sachen
(1) Sachen sind nur körperliche Gegenstände.
(2) Tiere sind keine Sachen.
"""


def sections(document: Document) -> dict[str, Node]:
    return {str(node.attrs["numbering"]): node for node, _path in document.walk()
            if node.kind is NodeKind.SECTION and "numbering" in node.attrs}


def meta(node: Node) -> dict:
    return dict(node.attrs.get("meta", {}))


def assert_offsets_exact(document: Document) -> None:
    text = document.text
    for node, _depth in document.root.walk():
        content = text[node.start:node.end]
        if node.kind is not NodeKind.DOCUMENT:
            assert content and content == content.strip(), (node.kind, content[:40])
        assert document.source.line_of(node.start) == node.start_line
        for child in node.children:
            assert node.start <= child.start and child.end <= node.end
        for left, right in zip(node.children, node.children[1:], strict=False):
            assert left.end <= right.start


@pytest.fixture(scope="module")
def plain() -> Document:
    return legal.parse(from_text(LAW, "mustg.txt", "mustg.txt"))


def test_every_provision_is_a_section_with_number_title_and_meta(plain: Document) -> None:
    found = sections(plain)
    assert list(found) == ["Buch 1", "Abschnitt 1", "§ 1", "§ 1a", "§§ 2 bis 4",
                           "Abschnitt 2", "§ 5"]
    assert found["§ 1a"].title == "§ 1a Kündigung"
    assert meta(found["§ 1a"]) == {"law": "MustG", "section": "§ 1a", "title": "Kündigung"}
    assert meta(found["§§ 2 bis 4"])["repealed"] is True
    assert meta(found["Buch 1"]) == {"buch": "1"}
    assert plain.metadata["law"] == "MustG"
    assert_offsets_exact(plain)


def test_divisions_nest_and_provisions_sit_below_them(plain: Document) -> None:
    paths = {node.attrs["numbering"]: path for node, path in plain.walk()
             if node.kind is NodeKind.SECTION and "numbering" in node.attrs}
    assert paths["§ 5"] == ("Mustergesetz (MustG)", "Buch 1 - Allgemeiner Teil",
                            "Abschnitt 2 - Sachen")


def test_absaetze_are_nodes_and_hard_wrapped_lines_stay_in_one(plain: Document) -> None:
    body = sections(plain)["§ 1a"].children[1:]
    assert [meta(node).get("absatz") for node in body] == ["1", "2"]
    first = plain.content(body[0])
    assert first.startswith("(1) Die Kündigung") and first.endswith("Schadensersatz verlangen.")
    assert body[0].kind is NodeKind.PARAGRAPH


def test_a_reference_at_a_line_start_is_not_a_heading(plain: Document) -> None:
    body = sections(plain)["§ 1a"].children[1:]
    assert meta(body[0])["references"] == ["§ 280"]
    assert "§ 280" not in sections(plain)


def test_items_are_children_of_their_absatz(plain: Document) -> None:
    absatz = sections(plain)["§ 1a"].children[2]
    assert absatz.kind is NodeKind.ITEM and meta(absatz)["absatz"] == "2"
    lead, items, tail = absatz.children
    assert plain.content(lead) == "(2) Als Verbraucher gelten"
    assert items.kind is NodeKind.LIST
    assert [meta(item) for item in items.children] == [{"number": "1"}, {"number": "2"}]
    letters = items.children[0].children[1]
    assert [meta(item) for item in letters.children] == [{"letter": "a"}, {"letter": "b"}]
    assert plain.content(tail) == "Im Übrigen bleibt § 242 BGB unberührt."
    assert meta(absatz)["references"] == ["§ 242 BGB"]  # another law than MustG


def test_absaetze_without_blank_lines_between_them(plain: Document) -> None:
    body = sections(plain)["§ 5"].children[1:]
    assert [plain.content(node) for node in body] == [
        "(1) Sachen sind nur körperliche Gegenstände.", "(2) Tiere sind keine Sachen."]


MARKDOWN = """\
# Mustergesetz (MustG)

## Buch 1 - Allgemeiner Teil

#### Titel 1 - Vereine

###### Kapitel 1 - Allgemeine Vorschriften

###### § 21 Nicht wirtschaftlicher Verein

(1) Ein Verein erlangt Rechtsfähigkeit durch Eintragung.

(2) Die Eintragung erfolgt auf Antrag. Für die Frist gilt
§ 187 entsprechend.

###### § 22 Wirtschaftlicher Verein

Ein Verein, dessen Zweck auf einen wirtschaftlichen Geschäftsbetrieb
gerichtet ist, erlangt Rechtsfähigkeit durch staatliche Verleihung:

1.  auf Antrag,

2.  nach Prüfung
        aa) der Satzung und
        bb) des Vorstands.

###### § 23 (weggefallen)
"""


@pytest.fixture(scope="module")
def markdown() -> Document:
    return structchunk.parse_text(MARKDOWN)


def test_markdown_law_is_refined(markdown: Document) -> None:
    assert markdown.format == "markdown"
    assert markdown.metadata["law"] == "MustG"
    found = sections(markdown)
    assert meta(found["§ 21"]) == {"law": "MustG", "section": "§ 21",
                                   "title": "Nicht wirtschaftlicher Verein"}
    assert [meta(node)["absatz"] for node in found["§ 21"].children[1:]] == ["1", "2"]
    assert_offsets_exact(markdown)


def test_a_provision_nests_under_a_kapitel_of_the_same_markdown_level(markdown: Document
                                                                      ) -> None:
    paths = {node.attrs["numbering"]: path for node, path in markdown.walk()
             if node.kind is NodeKind.SECTION and "numbering" in node.attrs}
    assert paths["§ 22"][-1] == "Kapitel 1 - Allgemeine Vorschriften"


def test_markdown_items_are_reread_by_the_legal_rules(markdown: Document) -> None:
    body = sections(markdown)["§ 22"].children[1:]
    assert [node.kind for node in body] == [NodeKind.PARAGRAPH, NodeKind.LIST]
    assert [meta(item)["number"] for item in body[1].children] == ["1", "2"]
    assert not any(node.kind is NodeKind.CODE for node, _ in markdown.walk())


def test_markdown_without_provisions_is_left_alone() -> None:
    document = structchunk.parse_text("# Title\n\n## § 1 Only one\n\nText.\n")
    assert "law" not in document.metadata
    assert not legal.looks_legal("# A\n\n## B\n")


def test_plain_law_is_detected_by_format_sniffing_and_by_the_text_parser(tmp_path: Path
                                                                         ) -> None:
    assert structchunk.parse_text(LAW).format == "legal"
    path = tmp_path / "gesetz.txt"
    path.write_text(LAW, encoding="utf-8")
    assert structchunk.parse(path).format == "legal"
    assert structchunk.parse(path, format="text", legal=False).format == "text"
    assert structchunk.parse(path, format="legal").format == "legal"


def test_law_name_from_file_name_when_title_has_none(tmp_path: Path) -> None:
    path = tmp_path / "hgb.txt"
    path.write_text(LAW.replace("Mustergesetz (MustG)", "Handelsgesetzbuch"), encoding="utf-8")
    document = structchunk.parse(path)
    assert document.metadata["law"] == "HGB"
    assert meta(sections(document)["§ 5"])["law"] == "HGB"


def test_law_name_option_wins() -> None:
    document = legal.parse(from_text(LAW), law="XYZ")
    assert meta(sections(document)["§ 1"])["law"] == "XYZ"


def test_a_long_provision_is_cut_between_absaetze_and_then_between_items() -> None:
    items = "\n\n".join(f"{n}.  die Voraussetzung Nummer {n} ist erfüllt, wenn der "
                        f"Schuldner\n    rechtzeitig und vollständig geleistet hat,"
                        for n in range(1, 13))
    law = (LAW + "\n§ 6 Lange Vorschrift\n\n(1) Kurzer erster Absatz.\n\n"
           f"(2) Der Anspruch besteht, wenn\n\n{items}\n\n(3) Letzter Absatz.\n")
    chunks = structchunk.split_text(law, max_size=400)
    items_seen = 0
    for chunk in chunks:
        if chunk.metadata.get("section") != "§ 6":
            continue
        assert chunk.heading_path[-1] == "§ 6 Lange Vorschrift"
        for n in range(1, 13):
            marker = f"{n}.  die Voraussetzung Nummer {n} "
            if marker in chunk.content:
                items_seen += 1
                assert chunk.content.count("geleistet hat,") >= 1
    assert items_seen == 12
    holders = [c for c in chunks if "(3) Letzter Absatz." in c.content]
    assert len(holders) == 1


@pytest.mark.parametrize("name", ["arbeitsrecht_de.md", "arbeitsrecht_de.txt"])
def test_sample_statute(name: str) -> None:
    document = structchunk.parse(SAMPLES / name)
    found = sections(document)
    assert {"§ 1", "§ 3a", "§ 6", "§ 7"} <= set(found)
    assert meta(found["§ 7"]).get("repealed") is True
    assert document.metadata["law"] == "MArbG"
    assert_offsets_exact(document)


def test_sample_statute_same_units_in_markdown_and_plain_text() -> None:
    def units(document: Document) -> list[tuple[str, str | None, list[str]]]:
        return [(str(node.attrs["numbering"]), meta(node).get("title"),
                 [document.content(child) for child in node.children[1:]
                  if "absatz" in meta(child)])
                for node in sections(document).values() if "section" in meta(node)]

    markdown = structchunk.parse(SAMPLES / "arbeitsrecht_de.md")
    plain = structchunk.parse(SAMPLES / "arbeitsrecht_de.txt")
    assert units(markdown) == units(plain)
    assert len(units(plain)) >= 8


def test_short_titles_give_the_compact_heading_path() -> None:
    document = legal.parse(from_text(LAW), short_titles=True)
    paths = {node.attrs["numbering"]: path + (node.title,) for node, path in document.walk()
             if node.kind is NodeKind.SECTION and "numbering" in node.attrs}
    assert paths["§ 5"] == ("MustG", "Buch 1", "Abschnitt 2", "§ 5 Sachen")
    markdown = structchunk.parse_text(MARKDOWN, short_titles=True)
    titles = [node.title for node, _ in markdown.walk() if node.kind is NodeKind.SECTION]
    assert titles[:4] == ["MustG", "Buch 1", "Titel 1", "Kapitel 1"]


def test_ordinal_divisions_keep_their_wording() -> None:
    law = ("Zweiter Abschnitt. Arbeitszeit\n\n" + "".join(
        f"§ {n} Regel {n}\n\nText {n}.\n\n" for n in range(1, 4)))
    document = legal.parse(from_text(law))
    division = next(node for node, _ in document.walk() if node.kind is NodeKind.SECTION)
    assert division.attrs["numbering"] == "Zweiter Abschnitt"
    assert division.title == "Zweiter Abschnitt. Arbeitszeit"
    assert meta(division) == {"abschnitt": "Zweiter"}


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from([
    "§ 1 Titel", "§ 2a Zweiter Titel", "§§ 3 bis 5 (weggefallen)", "Buch 1 - Teil",
    "Abschnitt 2", "Überschrift ohne Nummer", "(1) Absatz eins.", "(2) Absatz zwei;",
    "(1a) Eingeschoben.", "1.  Nummer eins,", "2.  Nummer zwei", "    a)  Buchstabe,",
    "    aa) Doppel", "*   Punkt", "§ 280 Abs. 1 gilt.", "Fortsetzung der Zeile", "",
    "", "[^fn1]", "[^fn1]: Hinweis", "---", "    eingerückt", "##### § 9 Markdown"]),
    max_size=40))
def test_any_legal_text_parses_with_exact_offsets(lines: list[str]) -> None:
    text = "\n".join(lines)
    for document in (legal.parse(from_text(text)), structchunk.parse_text(text, format="markdown")):
        assert_offsets_exact(document)
        covered = bytearray(len(text))
        for node, _ in document.root.walk():
            if not node.children and node.kind is not NodeKind.DOCUMENT:
                covered[node.start:node.end] = b"\x01" * (node.end - node.start)
        assert all(flag or text[i].isspace() or text[i] in "-#"
                   for i, flag in enumerate(covered))
