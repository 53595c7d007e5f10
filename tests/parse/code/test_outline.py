"""The outline of a stretch of code: offsets, fallbacks, broken code, aliases, fenced blocks."""

from __future__ import annotations

import sys
import types
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from structchunk.decode import from_text
from structchunk.errors import GrammarError
from structchunk.parse.code import grammars as code_grammars
from structchunk.parse.code import source_file as source_code
from structchunk.parse.code.definitions import outline
from structchunk.parse.code.grammars import load_code_grammar
from structchunk.parse.code.languages import code_language_for_path, resolve_code_language
from structchunk.parse.markdown import builder as markdown
from structchunk.tree import NodeKind
from tests.parse.code.support import ALL_FILES, assert_well_formed, definitions, parse_units, read

LANGUAGES = ["python", "javascript", "typescript", "tsx", "go", "rust", "java", "c", "cpp",
             "bash", "json", "yaml"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_grammar_file_loads(language: str) -> None:
    grammar = load_code_grammar(language)
    assert grammar is not None
    assert grammar.origin.endswith(f"{language}.scm")
    assert all("kind" in values for index, values in enumerate(grammar.settings)
               if values)


@pytest.mark.parametrize(("info", "expected"), [
    ("py", "python"), ("Python3", "python"), ("{.python}", "python"), ("js", "javascript"),
    ("jsx", "javascript"), ("ts", "typescript"), ("tsx", "tsx"), ("sh", "bash"),
    ("shell", "bash"), ("yml", "yaml"), ("golang", "go"), ("rs", "rust"), ("c++", "cpp"),
    ("js:app.js", "javascript"), ("language-rust", "rust"), ("", None), (None, None),
    ("pyi", "python"), ("hh", "cpp"), ("mts", "typescript"), ("cxx", "cpp"),
])
def test_info_strings_name_the_grammar(info: str | None, expected: str | None) -> None:
    assert resolve_code_language(info) == expected


@pytest.mark.parametrize(("path", "expected"), [
    ("m.py", "python"), ("m.pyi", "python"), ("App.jsx", "javascript"), ("x.mts", "typescript"),
    ("a.cxx", "cpp"), ("a.hh", "cpp"), ("a.H", "cpp"), ("a.c", "c"), ("notes.txt", None),
    ("Makefile", None), (None, None),
])
def test_file_suffixes_name_the_grammar(path: str | None, expected: str | None) -> None:
    assert code_language_for_path(path) == expected


@pytest.mark.parametrize("name", ["m.py", "m.pyi", "App.jsx", "x.mts", "a.cxx", "a.hh"])
def test_every_declared_suffix_parses_as_code(tmp_path: Path, name: str) -> None:
    from structchunk.parse import parse

    path = tmp_path / name
    path.write_text("int f(void) { return 1; }\n" if name.startswith("a.")
                    else "function f() { return 1 }\n" if "js" in name or "ts" in name
                    else "def f():\n    return 1\n", encoding="utf-8")
    document = parse(path)
    assert document.format == "code"
    assert document.metadata["code_language"] == code_language_for_path(name)
    assert [node.kind for node in document.root.children] == [NodeKind.DEFINITION]


def test_non_ascii_code_keeps_exact_character_offsets() -> None:
    text = ("# Größenangaben 📏 in 中文\n"
            "MAß = '€'\n\n"
            "class Größe:\n"
            "    \"\"\"Maß für 🙂.\"\"\"\n\n"
            "    def wert(self, zahl: int = 42) -> str:  # Rückgabe ✓\n"
            "        return f'{zahl} 米'\n\n"
            "def 名前() -> str:\n"
            "    return 'ünïcödé'\n")
    source, units, _note = parse_units(text, "python")
    assert_well_formed(source, units, 0, len(text))
    found = {node.attrs["name"]: text[node.start:node.end] for node, _ in definitions(units)}
    assert found["Größe"].startswith("class Größe:")
    assert found["Größe"].endswith("return f'{zahl} 米'")
    assert found["wert"] == ("def wert(self, zahl: int = 42) -> str:  # Rückgabe ✓\n"
                             "        return f'{zahl} 米'")
    assert found["名前"] == "def 名前() -> str:\n    return 'ünïcödé'"
    assert text[units[0].start:units[0].end] == "# Größenangaben 📏 in 中文\nMAß = '€'"


def test_offsets_are_absolute_for_a_stretch_inside_a_larger_text() -> None:
    prefix = "Préambule ✓ with ünicode\n\n"
    body = "fn main() {\n    println!(\"héllo\");\n}\n"
    source = from_text(prefix + body + "\nAfter.\n")
    units, _note = outline(source, len(prefix), len(prefix) + len(body) - 1, "rs")
    assert [node.kind for node in units] == [NodeKind.DEFINITION]
    assert source.text[units[0].start:units[0].end] == body.rstrip()
    assert units[0].start_line == 3 and units[0].end_line == 5


def test_crlf_line_endings_keep_offsets_and_lines() -> None:
    text = "import os\r\n\r\ndef f():\r\n    return 1\r\n\r\ndef g():\r\n    return 2\r\n"
    source, units, _note = parse_units(text, "python")
    assert_well_formed(source, units, 0, len(text))
    assert [text[node.start:node.end] for node in units] == [
        "import os", "def f():\r\n    return 1", "def g():\r\n    return 2"]
    assert [node.start_line for node in units] == [1, 3, 6]


@pytest.mark.parametrize("language", ["cobol", "brainfuck", "../python"])
def test_an_unknown_language_falls_back_with_a_note(language: str) -> None:
    source, units, note = parse_units("IDENTIFICATION DIVISION.\n", language)
    assert units == []
    assert note is not None and note.startswith("no grammar for ")
    assert language.strip("./") in note


def test_no_language_is_no_outline_and_no_note() -> None:
    assert parse_units("x = 1\n", None)[1:] == ([], None)


def test_a_missing_grammar_wheel_falls_back(monkeypatch: pytest.MonkeyPatch,
                                            fresh_grammars: None) -> None:
    monkeypatch.setattr(code_grammars, "_load_language", lambda reference: None)
    source, units, note = parse_units("def f():\n    pass\n", "python")
    assert units == [] and note == "no grammar for python"


def test_a_source_file_in_an_unknown_language_is_one_code_block() -> None:
    source = from_text("fun main() {\n    println(\"hi\")\n}\n", origin="Main.kt",
                       path="Main.kt")
    document = source_code.parse(source)
    assert document.format == "code"
    assert document.metadata["code_language"] is None
    assert "no programming language" in document.metadata["code_fallback"]
    (block,) = document.root.children
    assert block.kind is NodeKind.CODE and block.attrs["code_fallback"]
    assert source.text[block.start:block.end] == source.text.strip()


def test_a_forced_language_with_no_grammar_notes_it() -> None:
    source = from_text("program hello\nend program hello\n", path="hello.f90")
    document = source_code.parse(source, code_language="fortran")
    assert document.metadata == {"code_language": "fortran", "title": "hello.f90",
                                 "code_fallback": "no grammar for fortran"}


@pytest.mark.parametrize(("language", "path"), ALL_FILES)
def test_truncated_files_lose_nothing(corpus: Path, language: str, path: str) -> None:
    text = read(corpus, path)
    for cut in range(997, len(text), len(text) // 7):
        broken = text[:cut]
        source, units, note = parse_units(broken, language)
        assert note is None
        assert_well_formed(source, units, 0, len(broken))


def test_broken_code_keeps_the_parts_that_parse() -> None:
    text = ("def ok():\n    return 1\n\n"
            "def broken(:\n    x = (\n\n"
            "class Fine:\n    def method(self):\n        return 2\n")
    source, units, _note = parse_units(text, "python")
    assert_well_formed(source, units, 0, len(text))
    names = {node.attrs.get("name") for node, _ in definitions(units)}
    assert "ok" in names


_CODE_ALPHABET = st.sampled_from(list("def class fn func(){}[]:;,.=+-*/#\"'\n\n    \tπ€🙂")
                                 + ["def f():\n", "class A:\n", "fn x() {", "}", "/* ", "*/",
                                    "// c\n", "\"\"\"", "@d\n", "function g() {"])


@settings(max_examples=150, deadline=None)
@given(st.lists(_CODE_ALPHABET, max_size=60).map("".join),
       st.sampled_from(["python", "javascript", "rust", "go", "c", "yaml", "json"]))
def test_any_input_parses_without_loss(text: str, language: str) -> None:
    source, units, note = parse_units(text, language)
    assert note is None
    assert_well_formed(source, units, 0, len(text))


def test_fenced_code_in_markdown_gets_units_at_document_offsets() -> None:
    text = ("# Größe\n\nSome prose ✓.\n\n```py\n@cache\ndef größe(x):\n    return x\n\n"
            "class A:\n    def m(self):\n        pass\n```\n\n```cobol\nDISPLAY 'HI'.\n```\n")
    document = markdown.parse(from_text(text))
    blocks = [node for node, _ in document.root.walk() if node.kind is NodeKind.CODE]
    python_block, cobol_block = blocks
    assert python_block.attrs["language"] == "python"
    units = list(python_block.children)
    assert [node.title for node in units] == ["def größe", "class A"]
    assert text[units[0].start:units[0].end] == "@cache\ndef größe(x):\n    return x"
    assert [child.title for child in units[1].children] == [None, "def m"]
    assert cobol_block.attrs["language"] == "cobol" and cobol_block.children == ()
    assert outline(document.source, cobol_block.start, cobol_block.end, "cobol")[1] == (
        "no grammar for cobol")


@pytest.fixture
def fresh_grammars() -> Iterator[None]:
    """Compiled grammars are cached per search path; a test that fakes a wheel clears them."""
    code_grammars._load.cache_clear()
    yield
    code_grammars._load.cache_clear()


def _write_grammar(folder: Path, name: str, text: str) -> None:
    (folder / "code").mkdir(exist_ok=True)
    (folder / "code" / f"{name}.scm").write_text(text, encoding="utf-8")


@pytest.mark.parametrize(("query", "problem"), [
    ("(function_definition @unit", "does not compile"),
    ("(no_such_node) @unit", "does not compile"),
    ("(comment) @attach", "no pattern captures @unit"),
    ('((function_definition) @unit (#set! colour "red"))', "unknown setting 'colour'"),
    ('((function_definition) @unit (#set! title "{nothing}"))', "title names no capture"),
    ("(function_definition) @unit\n(comment) @remark", "unknown capture @remark"),
    ("; inherits: nowhere\n(function_definition) @unit", "inherits 'nowhere'"),
    ("; inherits: python\n; inherits: c\n(function_definition) @unit", "given twice"),
    ("; suffixs: .py\n(function_definition) @unit", "line 2: `; suffixs:` unknown directive"),
    ("; suffixes: py\n(function_definition) @unit", "'py' is not a lowercase .suffix"),
])
def test_a_malformed_query_file_is_a_grammar_error_naming_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, query: str, problem: str) -> None:
    _write_grammar(tmp_path, "python", "; grammar: tree_sitter_python.language\n" + query)
    monkeypatch.setenv("STRUCTCHUNK_GRAMMAR_PATH", str(tmp_path))
    with pytest.raises(GrammarError) as raised:
        load_code_grammar("python")
    assert problem in str(raised.value)
    assert "python.scm" in str(raised.value)


def test_a_new_language_is_one_query_file(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    _write_grammar(tmp_path, "starlark", "; grammar: tree_sitter_python.language\n"
                   '((function_definition name: (identifier) @name) @unit\n'
                   ' (#set! kind "rule") (#set! keyword "rule"))\n')
    monkeypatch.setenv("STRUCTCHUNK_GRAMMAR_PATH", str(tmp_path))
    source, units, note = parse_units("load('x')\n\ndef build(ctx):\n    pass\n", "starlark")
    assert note is None
    assert [node.title for node in units if node.kind is NodeKind.DEFINITION] == ["rule build"]


def test_the_language_pack_serves_languages_without_a_query_file(
        monkeypatch: pytest.MonkeyPatch, fresh_grammars: None) -> None:
    import tree_sitter_python
    from tree_sitter import Language

    pack = types.ModuleType("tree_sitter_language_pack")
    pack.get_language = lambda name: Language(tree_sitter_python.language())  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "tree_sitter_language_pack", pack)
    monkeypatch.setattr(code_grammars.metadata, "version", lambda name: "0.13.0")
    source, units, note = parse_units("class A:\n    def f(self):\n        pass\n", "mython")
    monkeypatch.setattr(code_grammars.metadata, "version", lambda name: "1.0.0")
    code_grammars._load.cache_clear()
    assert parse_units("def f(): pass\n", "mython")[2] == "no grammar for mython"
    assert note is None
    (unit,) = units
    assert unit.title == "class A"
    assert [child.title for child in unit.children] == [None, "function f"]
    assert unit.children[1].attrs["definition_kind"] == "method"


@pytest.mark.parametrize("text", [
    "def f():\n    x = '\U0001f600'\n    return '\x00'\n\ndef g(): pass\n", "\x00\x00def",
    "\ufeffdef f(): pass\n"])
def test_nul_bytes_astral_characters_and_a_bom_do_not_break_offsets(text: str) -> None:
    # A lone surrogate never reaches a parser: a Source refuses it (tests/hardening).
    source, units, _note = parse_units(text, "python")
    assert_well_formed(source, units, 0, len(text))
