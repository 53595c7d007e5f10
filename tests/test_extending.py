"""docs/extending.md, followed: its example grammar files, written into a folder of our own and
named in STRUCTCHUNK_GRAMMAR_PATH, add a language, a file suffix, a programming language and a
legal jurisdiction with no change to the code."""

from __future__ import annotations

from pathlib import Path

import pytest
import regex

import structchunk
from structchunk.errors import GrammarError
from structchunk.lang.detect import detect_language, supported_languages
from structchunk.lang.grammars import available_languages
from structchunk.lang.sentences import sentence_spans
from structchunk.parse.code import code_language_for_path, resolve_code_language
from structchunk.tree import Node, NodeKind

DOC = Path(__file__).resolve().parent.parent / "docs" / "extending.md"
# A grammar fence whose info string names a file: ```toml sentences/fr.toml
_EXAMPLE = regex.compile(r"^```(?:toml|scheme) ([\w/.-]+)\n(.*?)^```$",
                         regex.MULTILINE | regex.DOTALL)

FRENCH = ("Le rapport de M. Durand est prêt. Il y a des fruits dans la cuisine, p. ex. "
          "Pommes et poires sont sur la table. Nous partons avec elle.")
BULGARIAN = ("Докладът описва работата на екипа, напр. новите правила за достъп до данните "
             "и проверките им.")
ENGLISH = ("The committee met on Tuesday and agreed on the budget for the coming year. "
           "Everyone was pleased with the outcome of the long meeting.")
SANTALI = "ᱥᱟᱱᱛᱟᱲᱤ ᱯᱟᱹᱨᱥᱤ ᱫᱚ ᱢᱤᱫ ᱯᱟᱹᱨᱥᱤ ᱠᱟᱱᱟ᱾ ᱱᱚᱣᱟ ᱫᱚ ᱚᱞ ᱪᱤᱠᱤ ᱦᱚᱨᱚᱯ ᱛᱮ ᱚᱞ ᱟᱠᱟᱱᱟ᱾"
ACT = """Example Act

Part 1 General

Section 1 Interpretation

(1) In this Act a reference to a person includes a body.

(2) Sections 2 to 4 apply to every person.

Section 2 Duties

(1) A person must keep records.

(2) The records are kept for five years, and
1. show every payment, or
2. show every debt.

Part 2 Enforcement

Section 3 Offences

A person who fails to comply with Section 2 commits an offence.

Section 4 Penalties

A fine may be imposed.
"""


def examples() -> dict[str, str]:
    return {path: body for path, body in _EXAMPLE.findall(DOC.read_text(encoding="utf-8"))}


@pytest.fixture
def grammars(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The documented example files in a grammar folder of our own, on the search path."""
    folder = tmp_path / "grammars"
    for name, body in examples().items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(body, encoding="utf-8")
    monkeypatch.setenv("STRUCTCHUNK_GRAMMAR_PATH", str(folder))
    return tmp_path


def test_the_document_names_an_example_of_every_kind() -> None:
    assert set(examples()) == {"sentences/fr.toml", "sentences/sr.toml", "sentences/mn.toml",
                               "sentences/bg.toml", "sentences/sat.toml", "code/python.scm",
                               "code/starlark.scm", "legal/uk.toml"}


def test_a_language_file_adds_sentence_rules_and_detection(grammars: Path) -> None:
    assert "fr" in supported_languages()
    assert detect_language(FRENCH) == "fr"
    french = [FRENCH[start:end] for start, end in sentence_spans(FRENCH, "fr")]
    assert french[0] == "Le rapport de M. Durand est prêt."
    assert "p. ex. Pommes et poires sont sur la table." in french[1]
    neutral = [FRENCH[start:end] for start, end in sentence_spans(FRENCH, None)]
    assert len(neutral) == len(french) + 1  # without the file, "p. ex." ends a sentence
    path = grammars / "rapport.txt"
    path.write_text(FRENCH + "\n", encoding="utf-8")
    chunks = structchunk.split(path, max_size=90)  # one sentence fits, never two
    assert chunks and {chunk.language for chunk in chunks} == {"fr"}
    assert [chunk.content for chunk in chunks] == french


def test_without_the_folder_french_is_detected_and_split_by_the_shipped_rules(
        grammars: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("STRUCTCHUNK_GRAMMAR_PATH")
    assert "fr" in supported_languages()  # the identifier knows it
    assert detect_language(FRENCH) == "fr"
    path = grammars / "rapport.txt"
    path.write_text(FRENCH + "\n", encoding="utf-8")
    chunks = structchunk.split(path, max_size=90)
    assert {chunk.language for chunk in chunks} == {"fr"}
    # grammars/sentences/fr.toml ships with structchunk: "p. ex." is an abbreviation there too
    assert not any(chunk.content.endswith("p. ex.") for chunk in chunks)
    assert code_language_for_path("tool.pyw") is None


SERBIAN = "Ово је нпр. Београд, тј. главни град. Нови ред почиње овде. Крај итд."
# "Mongolia. Hello. Thank you." in the traditional script, no space after the full stops
MONGOLIAN = "ᠮᠣᠩᠭᠣᠯ ᠤᠯᠤᠰ᠃ᠰᠠᠢᠨ ᠪᠠᠢᠨ᠎ᠠ ᠤᠤ᠃ᠪᠠᠶᠠᠷᠯᠠᠯᠠ"


def test_a_cyrillic_language_is_one_sentence_file(grammars: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    serbian = [SERBIAN[start:end] for start, end in sentence_spans(SERBIAN, "sr")]
    assert serbian == ["Ово је нпр. Београд, тј. главни град.", "Нови ред почиње овде.",
                       "Крај итд."]
    # without the file: the neutral rules, and those of the script alone, cut after the
    # abbreviations
    assert len(sentence_spans(SERBIAN, "zz")) > len(serbian)
    monkeypatch.delenv("STRUCTCHUNK_GRAMMAR_PATH")
    assert "sr" not in available_languages()
    assert len(sentence_spans(SERBIAN, "sr")) > len(serbian)


def test_the_code_never_names_the_scripts_of_these_examples() -> None:
    # What makes Mongolian and Ol Chiki text split is the grammar files alone: no module of
    # the package holds a character of either script or names the Mongolian script.
    sources = {path: path.read_text(encoding="utf-8")
               for path in (DOC.parent.parent / "structchunk").rglob("*.py")}
    assert len(sources) > 50
    for path, source in sources.items():
        assert not regex.search(r"[\u1800-\u18af\u1c50-\u1c7f]|Mongolian", source), path


def test_a_script_the_code_never_names_is_one_sentence_file(grammars: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    mongolian = [MONGOLIAN[start:end] for start, end in sentence_spans(MONGOLIAN, "mn")]
    assert mongolian == ["ᠮᠣᠩᠭᠣᠯ ᠤᠯᠤᠰ᠃", "ᠰᠠᠢᠨ ᠪᠠᠢᠨ᠎ᠠ ᠤᠤ᠃", "ᠪᠠᠶᠠᠷᠯᠠᠯᠠ"]
    path = grammars / "mongol.txt"
    path.write_text(MONGOLIAN + "\n", encoding="utf-8")
    chunks = structchunk.split(path, max_size=20, language="mn")  # one sentence a chunk
    assert [chunk.content for chunk in chunks] == mongolian
    monkeypatch.delenv("STRUCTCHUNK_GRAMMAR_PATH")
    assert len(sentence_spans(MONGOLIAN, "mn")) == 1  # no rule knows the full stop


def test_a_cyrillic_language_is_one_file(grammars: Path) -> None:
    assert "bg" in supported_languages()
    assert detect_language(BULGARIAN) == "bg"  # not Russian, the script's best-known language
    path = grammars / "bg.md"
    path.write_text(f"# Доклад\n\n{BULGARIAN}\n", encoding="utf-8")
    document = structchunk.parse(path)
    assert document.language == "bg"
    chunks = structchunk.split(document, max_size=120)
    assert {chunk.language for chunk in chunks} == {"bg"}
    # the file's abbreviation holds: "напр." ends no sentence in Bulgarian
    assert [BULGARIAN[start:end] for start, end in sentence_spans(BULGARIAN, "bg")] == [
        BULGARIAN]
    assert len(sentence_spans(BULGARIAN, None)) == 2


def test_a_script_the_code_never_names_is_one_file(grammars: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    assert detect_language(SANTALI) == "sat"
    path = grammars / "sat.txt"
    path.write_text(f"{SANTALI}\n\n{SANTALI}\n", encoding="utf-8")
    document = structchunk.parse(path)
    assert document.language == "sat"
    chunks = structchunk.split(document, max_size=80)
    assert {chunk.language for chunk in chunks} == {"sat"}
    assert [SANTALI[start:end] for start, end in sentence_spans(SANTALI, "sat")] == [
        "ᱥᱟᱱᱛᱟᱲᱤ ᱯᱟᱹᱨᱥᱤ ᱫᱚ ᱢᱤᱫ ᱯᱟᱹᱨᱥᱤ ᱠᱟᱱᱟ᱾", "ᱱᱚᱣᱟ ᱫᱚ ᱚᱞ ᱪᱤᱠᱤ ᱦᱚᱨᱚᱯ ᱛᱮ ᱚᱞ ᱟᱠᱟᱱᱟ᱾"]
    monkeypatch.delenv("STRUCTCHUNK_GRAMMAR_PATH")
    assert detect_language(SANTALI) is None  # without the file: unjudged, never a guess
    around = structchunk.split_text(f"{ENGLISH}\n\n{SANTALI}\n\n{ENGLISH}\n", max_size=150)
    assert [chunk.content == SANTALI for chunk in around] == [False, True, False]
    assert {chunk.language for chunk in around} == {"en"}  # it takes the language around it


def test_a_language_the_identifier_does_not_know_is_forced(grammars: Path) -> None:
    assert "xx" not in supported_languages()
    assert {chunk.language for chunk in structchunk.split_text(ENGLISH)} == {"en"}
    forced = structchunk.split_text(ENGLISH, language="xx")
    assert forced and {chunk.language for chunk in forced} == {"xx"}
    # forcing a language selects its sentence grammar: the full stop cuts only under "mn"
    assert len(sentence_spans(MONGOLIAN, "mn")) == 3 > len(sentence_spans(MONGOLIAN, "xx"))


def test_a_code_file_adds_a_suffix_to_a_builtin_language(grammars: Path) -> None:
    assert code_language_for_path("tool.pyw") == "python"
    assert code_language_for_path("tool.py") == "python"  # the built-in suffixes stay
    path = grammars / "tool.pyw"
    path.write_text("import os\n\n\ndef main():\n    return os.getcwd()\n", encoding="utf-8")
    document = structchunk.parse(path)
    assert document.format == "code"
    assert document.metadata["code_language"] == "python"
    assert [node.title for node in document.root.children
            if node.kind is NodeKind.DEFINITION] == ["def main"]


def test_a_code_file_adds_a_programming_language(grammars: Path) -> None:
    assert resolve_code_language("bazel") == resolve_code_language("bzl") == "starlark"
    path = grammars / "rules.bzl"
    path.write_text('load("//x:defs.bzl", "y")\n\n# Builds it.\ndef build(ctx):\n'
                    '    return ctx\n', encoding="utf-8")
    document = structchunk.parse(path)
    assert document.format == "code"
    assert [(node.title, document.text[node.start:node.end]) for node in document.root.children
            if node.kind is NodeKind.DEFINITION] == [
        ("def build", "# Builds it.\ndef build(ctx):\n    return ctx")]
    chunks = structchunk.split(path)
    assert {chunk.metadata.get("code_language") for chunk in chunks} == {"starlark"}
    fenced = grammars / "notes.md"
    fenced.write_text("# Notes\n\n```bazel\ndef build(ctx):\n    return ctx\n```\n",
                      encoding="utf-8")
    code = _first(structchunk.parse(fenced).root, NodeKind.CODE)
    assert code.attrs["language"] == "starlark"
    assert [child.kind for child in code.children] == [NodeKind.DEFINITION]


def test_a_legal_file_adds_a_jurisdiction(grammars: Path) -> None:
    path = grammars / "act.txt"
    path.write_text(ACT, encoding="utf-8")
    document = structchunk.parse(path)
    assert document.format == "legal"
    assert document.metadata["jurisdiction"] == "uk"
    sections = [node for node in _walk(document.root) if node.kind is NodeKind.SECTION
                and "section" in node.attrs.get("meta", {})]
    assert [node.attrs["meta"]["section"] for node in sections] == [
        "Section 1", "Section 2", "Section 3", "Section 4"]
    assert [node.attrs["meta"]["title"] for node in sections] == [
        "Interpretation", "Duties", "Offences", "Penalties"]
    references = [node.attrs["meta"]["references"] for node in _walk(document.root)
                  if "references" in node.attrs.get("meta", {})]
    assert references == [["Section 2", "Section 3", "Section 4"], ["Section 2"]]
    chunks = structchunk.split(path, max_size=200)
    assert chunks[1].metadata["section"] == "Section 2"
    assert chunks[1].metadata["number"] == ["1", "2"]  # the enumeration after "and"


def test_a_misspelt_entry_in_an_added_file_is_an_error(grammars: Path) -> None:
    path = grammars / "grammars" / "legal" / "uk.toml"
    path.write_text(path.read_text(encoding="utf-8").replace("range_word", "range_wrd"),
                    encoding="utf-8")
    act = grammars / "act.txt"
    act.write_text(ACT, encoding="utf-8")
    with pytest.raises(GrammarError, match=r"uk\.toml: reference\.range_wrd: unknown entry"):
        structchunk.parse(act)


def test_a_missing_grammar_folder_is_an_error(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STRUCTCHUNK_GRAMMAR_PATH", str(tmp_path / "nowhere"))
    with pytest.raises(GrammarError, match="STRUCTCHUNK_GRAMMAR_PATH: .*nowhere.* is not a"):
        sentence_spans("One. Two.", "en")


def _walk(node: Node) -> list[Node]:
    found = [node]
    for child in node.children:
        found.extend(_walk(child))
    return found


def _first(node: Node, kind: NodeKind) -> Node:
    return next(item for item in _walk(node) if item.kind is kind)
