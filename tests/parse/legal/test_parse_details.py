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
from structchunk.parse.legal import parser as legal
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
