"""Details of a parsed law a reader relies on: names, titles on their own line, levels.

Each test builds a small statute that differs from a plain one in one respect (where the
law's name comes from, a title on the line below its number, a note, an item's indent)
and asserts what a chunk of it carries.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import structchunk
from structchunk.decode import from_text
from structchunk.errors import GrammarError
from structchunk.parse.legal import statute as legal
from structchunk.tree import Document, Node, NodeKind

BODY = """\
§ 1 Anwendungsbereich

(1) Dieses Gesetz gilt für alle.

(2) Es gilt nicht für Tiere.

§ 2 Begriffe

Begriffe sind Wörter.
"""


def sections(document: Document) -> dict[str, Node]:
    return {str(node.attrs["numbering"]): node for node, _path in document.walk()
            if node.kind is NodeKind.SECTION and "numbering" in node.attrs}


def parse(text: str, name: str = "gesetz.txt") -> Document:
    return legal.parse(from_text(text, name, name))


def test_a_law_is_german_by_default_and_carries_its_name_to_every_chunk() -> None:
    document = parse("Mustergesetz (MustG)\n\n" + BODY)
    assert document.language == "de"
    assert document.carried == {"law": "MustG"}
    assert document.metadata["law"] == "MustG" and document.metadata["jurisdiction"] == "de"
    chunks = structchunk.split_text("Mustergesetz (MustG)\n\n" + BODY, format="legal",
                                    max_size=60)
    assert chunks and all(chunk.metadata.get("law") == "MustG" for chunk in chunks)


def test_a_law_without_a_name_carries_none() -> None:
    document = legal.parse(from_text("Ein Gesetz\n\n" + BODY))
    assert "law" not in document.carried and "law" not in document.metadata
    assert document.metadata["jurisdiction"] == "de"


@pytest.mark.parametrize("line", ["JURABK: BGB", "jurabk: 'BGB'", 'Jurabk: "BGB"',
                                  "amtabk:   BGB  "])
def test_the_law_name_from_front_matter_in_any_case_and_quoting(line: str) -> None:
    text = f"---\n{line}\n---\n\nBürgerliches Gesetzbuch\n\n" + BODY
    assert structchunk.parse_text(text, format="legal").metadata["law"] == "BGB"


def test_an_empty_front_matter_value_is_passed_over_for_the_title() -> None:
    text = "---\njurabk: ''\n---\n\nHandelsgesetzbuch (HGB)\n\n" + BODY
    assert structchunk.parse_text(text, format="legal").metadata["law"] == "HGB"


def test_the_title_line_is_the_top_of_the_heading_path() -> None:
    document = parse("Mustergesetz (MustG)\n\n" + BODY)
    paths = {node.attrs["numbering"]: path for node, path in document.walk()
             if node.kind is NodeKind.SECTION and "numbering" in node.attrs}
    assert paths["§ 2"] == ("Mustergesetz (MustG)",)


@pytest.mark.parametrize(("length", "is_title"), [(150, True), (151, False)])
def test_a_first_line_is_the_law_title_up_to_150_characters(length: int,
                                                             is_title: bool) -> None:
    title = "Gesetz " + "x" * (length - len("Gesetz "))
    document = parse(title + "\n\n" + BODY)
    path = next(path for node, path in document.walk()
                if node.kind is NodeKind.SECTION and node.attrs.get("numbering") == "§ 1")
    assert (path == (title,)) is is_title


def test_a_provision_title_on_the_line_below_its_number_belongs_to_the_heading() -> None:
    document = parse("§ 7\nVerjährung\n\n(1) Ansprüche verjähren.\n\n§ 8 Ende\n\nSchluss.\n")
    found = sections(document)
    assert found["§ 7"].title == "§ 7 Verjährung"
    heading = found["§ 7"].children[0]
    assert document.content(heading) == "§ 7\nVerjährung"
    assert found["§ 7"].attrs["meta"]["title"] == "Verjährung"


def test_a_sentence_below_a_bare_number_is_not_its_title() -> None:
    document = parse("§ 7\nAnsprüche verjähren in drei Jahren.\n\n§ 8 Ende\n\nSchluss.\n")
    assert sections(document)["§ 7"].title == "§ 7"


def test_a_division_title_on_the_line_below_its_number_belongs_to_the_heading() -> None:
    text = "Abschnitt 1\nAllgemeine Vorschriften\n\n" + BODY
    document = parse(text)
    division = sections(document)["Abschnitt 1"]
    assert division.title == "Abschnitt 1 - Allgemeine Vorschriften"
    assert document.content(division.children[0]) == "Abschnitt 1\nAllgemeine Vorschriften"


def test_a_division_title_followed_by_an_absatz_line_is_still_a_title() -> None:
    text = "§ 3\nGeltung\n(1) Es gilt.\n\n§ 4 Ende\n\nSchluss.\n"
    assert sections(parse(text))["§ 3"].title == "§ 3 Geltung"


def test_a_footnote_in_a_law_is_a_note_of_its_own() -> None:
    text = BODY.replace("Begriffe sind Wörter.", "Begriffe sind Wörter.[^1]\n\n"
                        "[^1]: Amtlicher Hinweis: gilt ab 2020.")
    document = structchunk.parse_text(text, format="legal")
    notes = [node for node, _path in document.walk() if node.attrs.get("meta", {}).get(
        "footnote")]
    assert [document.content(node) for node in notes] == [
        "[^1]: Amtlicher Hinweis: gilt ab 2020."]
    assert notes[0].attrs["meta"]["footnote"] == "1"


def test_a_numbered_list_restarts_at_one_and_letters_at_a_and_aa() -> None:
    text = ("§ 1 Liste\n\n(1) Es gelten\n\n1.  erstens,\n\n2.  zweitens mit\n\n"
            "    aa)  Doppel und\n\n    bb)  Doppel.\n\n(2) Ende.\n")
    document = parse(text)
    items = [node.attrs["meta"] for node, _path in document.walk()
             if node.kind is NodeKind.ITEM and set(node.attrs.get("meta", {})) & {
                 "number", "letter"}]
    assert items == [{"number": "1"}, {"number": "2"}, {"letter": "aa"}, {"letter": "bb"}]


@pytest.mark.parametrize("entry", [
    "law.title_abbreviation", "divisions.title_separator", "provision.title_start",
    "provision.not_title", "provision.not_title_end", "provision.repealed",
    "items[0].pattern", "note.pattern", "absatz.pattern", "reference.pattern",
])
def test_a_pattern_that_does_not_compile_is_named_by_its_entry(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, entry: str) -> None:
    table, key = entry.rsplit(".", 1)
    if table == "items[0]":
        body = "[[items]]\nname = 'n'\npattern = '(unclosed'\n"
    else:
        body = f"[{table}]\n{key} = '(unclosed'\n"
    (tmp_path / "legal").mkdir()
    (tmp_path / "legal" / "xx.toml").write_text(
        '[jurisdiction]\ncode = "xx"\ninherits = ["de"]\n' + body, encoding="utf-8")
    monkeypatch.setenv("STRUCTCHUNK_GRAMMAR_PATH", str(tmp_path))
    with pytest.raises(GrammarError) as raised:
        legal.load_legal_grammar("xx")
    message = str(raised.value)
    assert message.startswith(str(tmp_path / "legal" / "xx.toml") + ": ")
    assert f": {entry} does not compile: " in message


@pytest.mark.parametrize(("body", "message"), [
    ("[law]\nfront_matter_keys = 'jurabk'\n", "law.front_matter_keys: must be a list"),
    ("[words]\nconjunctions = 'und'\n", "words.conjunctions: must be a list"),
    ("[jurisdiction]\ninherits = 'de'\n", "jurisdiction.inherits: must be a list"),
    ("[divisions]\nunit = 'Buch'\n", "divisions.unit: must be an array of tables"),
    ("[jurisdiction]\ncolour = 'red'\n", "jurisdiction.colour: unknown entry"),
    ("[divisions]\ncolour = 'red'\n", "divisions.colour: unknown entry"),
])
def test_a_wrong_entry_is_named_with_its_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               body: str, message: str) -> None:
    head = '[jurisdiction]\ncode = "xx"\ninherits = ["de"]\n'
    if body.startswith("[jurisdiction]"):
        head, body = "", body.replace("[jurisdiction]\n",
                                      '[jurisdiction]\ncode = "xx"\n', 1)
    (tmp_path / "legal").mkdir()
    (tmp_path / "legal" / "xx.toml").write_text(head + body, encoding="utf-8")
    monkeypatch.setenv("STRUCTCHUNK_GRAMMAR_PATH", str(tmp_path))
    with pytest.raises(GrammarError) as raised:
        legal.load_legal_grammar("xx")
    assert f"xx.toml: {message}" in str(raised.value)


def _items(document: Document) -> list[tuple[str, dict[str, str], str]]:
    """(kind, meta, first line) of every Absatz, item and paragraph, in document order."""
    return [(node.kind.value, node.attrs.get("meta", {}),
             document.content(node).splitlines()[0])
            for node, _path in document.walk()
            if node.kind in (NodeKind.ITEM, NodeKind.PARAGRAPH)]


def test_items_without_blank_lines_nest_down_to_double_letters() -> None:
    text = ("§ 1 Liste\n\n(1) Es gelten:\n1. erstens mit:\naa) Doppel und\nbb) Doppel,\n"
            "2. zweitens.\n\n§ 2 Ende\n\nSchluss.\n")
    metas = [meta for kind, meta, _line in _items(parse(text)) if kind == "item"]
    assert metas == [{"absatz": "1"}, {"number": "1"}, {"letter": "aa"}, {"letter": "bb"},
                     {"number": "2"}]


def test_each_absatz_restarts_the_numbering_of_its_items() -> None:
    text = ("§ 1 Liste\n\n(1) Es gelten:\n1. erstens,\n2. zweitens,\n3. drittens.\n\n"
            "(2) Ferner gelten:\n1. viertens,\n2. fünftens.\n\n§ 2 Ende\n\nSchluss.\n")
    document = parse(text)
    second = next(node for node, _path in document.walk()
                  if node.attrs.get("meta", {}).get("absatz") == "2")
    inside = [node.attrs["meta"] for node, _path in document.walk()
              if node.kind is NodeKind.ITEM and second.start < node.start < second.end]
    assert inside == [{"number": "1"}, {"number": "2"}]


def test_an_indented_paragraph_after_an_item_continues_that_item() -> None:
    # The continuation is indented exactly to the item's text, which starts with an X.
    text = ("§ 1 Liste\n\n(1) Es gelten:\n1. Xaver erstens,\n\n   Fortsetzung von erstens.\n"
            "2. zweitens.\n\n§ 2 Ende\n\nSchluss.\n")
    document = parse(text)
    first = next(node for node, _path in document.walk()
                 if node.kind is NodeKind.ITEM and node.attrs.get("meta") == {"number": "1"})
    assert document.content(first) == "1. Xaver erstens,\n\n   Fortsetzung von erstens."
    assert [child.kind for child in first.children] == [NodeKind.PARAGRAPH, NodeKind.PARAGRAPH]


def test_an_absatz_may_follow_a_sentence_without_a_blank_line_in_every_provision() -> None:
    text = ("§ 1 Satz\n\nDies gilt.\n(1) Erstens gilt.\n(2) Zweitens gilt.\n\n§ 2 Ende\n\n"
            "Einleitung gilt.\n(1) Neu gilt.\n")
    assert _items(parse(text)) == [
        ("paragraph", {}, "Dies gilt."),
        ("paragraph", {"absatz": "1"}, "(1) Erstens gilt."),
        ("paragraph", {"absatz": "2"}, "(2) Zweitens gilt."),
        ("paragraph", {}, "Einleitung gilt."),
        ("paragraph", {"absatz": "1"}, "(1) Neu gilt."),
    ]


@pytest.mark.parametrize(("headings", "is_law"), [(2, False), (3, True)])
def test_plain_text_is_a_law_from_three_provision_headings(headings: int, is_law: bool) -> None:
    text = "".join(f"§ {number} Regel\n\nDer Satz {number} gilt.\n\n"
                   for number in range(1, headings + 1))
    assert legal.looks_legal_text(text) is is_law
    assert legal.looks_legal_text(text, "de") is is_law  # the jurisdiction named
    assert not legal.looks_legal_text(text, "en")  # a language that names none finds no law
    assert structchunk.parse_text(text).format == ("legal" if is_law else "text")


@pytest.mark.parametrize(("stem", "law"), [("abcdefghijkl", "ABCDEFGHIJKL"),
                                           ("abcdefghijklm", None), ("a", None)])
def test_a_short_file_name_names_the_law_up_to_twelve_characters(
        tmp_path: Path, stem: str, law: str | None) -> None:
    path = tmp_path / f"{stem}.txt"
    path.write_text(BODY, encoding="utf-8")
    assert structchunk.parse(path, format="legal").metadata.get("law") == law


def test_front_matter_of_a_plain_text_law_stays_front_matter() -> None:
    text = "---\njurabk: BGB\n---\n\nBürgerliches Gesetzbuch\n\n" + BODY
    document = structchunk.parse_text(text, format="legal")
    front = [document.content(node) for node, _path in document.walk()
             if node.kind is NodeKind.FRONT_MATTER]
    assert front == ["---\njurabk: BGB\n---"]
    paragraphs = [document.content(node) for node, _path in document.walk()
                  if node.kind is NodeKind.PARAGRAPH]
    assert not any("jurabk" in paragraph for paragraph in paragraphs)
