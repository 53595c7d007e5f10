"""Units of the corpus source files: every function whole in exactly one unit, offsets exact."""

from __future__ import annotations

from pathlib import Path

import pytest
import regex

from structchunk.decode import read_source
from structchunk.parse import parse
from structchunk.parse.code.languages import code_language_for_path
from structchunk.tree import NodeKind
from tests.conftest import load_spans
from tests.parse.code.support import (
    ALL_FILES,
    assert_well_formed,
    definitions,
    functions,
    innermost,
    parse_units,
    read,
)

# What may stand above a definition inside its unit: comments, decorators, attributes.
_LEADING_LINE = regex.compile(r"\s*(#|//|/\*|\*|@|$)")


@pytest.mark.parametrize(("language", "path"), ALL_FILES)
def test_units_are_well_formed_and_lose_nothing(corpus: Path, language: str, path: str) -> None:
    text = read(corpus, path)
    source, units, note = parse_units(text, language)
    assert note is None
    assert_well_formed(source, units, 0, len(text))
    assert any(node.kind is NodeKind.DEFINITION for node in units)


@pytest.mark.parametrize(("language", "path"), ALL_FILES)
def test_every_function_lies_whole_in_exactly_one_unit(corpus: Path, language: str,
                                                       path: str) -> None:
    text = read(corpus, path)
    _source, units, _note = parse_units(text, language)
    found = functions(text, language)
    assert found
    for function in found:
        holders = innermost(units, function.start, function.end)
        assert len(holders) == 1, function
        unit = holders[0]
        assert unit.attrs.get("name") == function.name, (function, unit.attrs)
        # The unit begins with the definition or with comments and decorators above it ...
        lead = text[unit.start:function.start]
        assert all(_LEADING_LINE.match(line) for line in lead.splitlines()), lead[-200:]
        # ... and ends on the definition's closing line.
        closing_line_end = text.find("\n", function.end - 1)
        assert function.end <= unit.end <= (len(text) if closing_line_end < 0 else
                                            closing_line_end)
        # No other unit of the same level overlaps it.
        assert text[unit.start:unit.end].find(text[function.start:function.end]) >= 0


@pytest.mark.parametrize(("language", "path"), ALL_FILES)
def test_methods_nest_in_their_class_or_impl(corpus: Path, language: str, path: str) -> None:
    text = read(corpus, path)
    _source, units, _note = parse_units(text, language)
    for node, parents in definitions(units):
        for parent in parents:
            assert parent.start <= node.start and node.end <= parent.end
        if node.attrs["definition_kind"] == "method" and language != "go":
            assert parents, node.title
            assert parents[-1].attrs["definition_kind"] in ("class", "impl", "trait", "struct")


def test_class_and_method_titles_make_a_path(corpus: Path) -> None:
    text = read(corpus, "python/requests/src/requests/sessions.py")
    _source, units, _note = parse_units(text, "python")
    paths = {" > ".join(parent.title or "" for parent in (*parents, node))
             for node, parents in definitions(units)}
    assert "class Session > def request" in paths
    assert "class SessionRedirectMixin > def rebuild_auth" in paths


def test_titles_use_the_language_keyword(corpus: Path) -> None:
    titles = {}
    for language, path in (("go", "go/cobra/command.go"), ("rust", "rust/json/src/read.rs"),
                           ("javascript", "javascript/express/lib/application.js")):
        _source, units, _note = parse_units(read(corpus, path), language)
        titles[language] = {node.title for node, _parents in definitions(units)}
    assert "func (*Command) ErrPrefix" in titles["go"]
    assert "impl Read<'de> for IoRead<R>" in titles["rust"]
    assert "impl IoRead<R>" in titles["rust"]
    assert "fn parse_str_bytes" in titles["rust"]
    assert "function app.param" in titles["javascript"]


def test_code_function_spans_lie_in_the_unit_of_that_name(corpus: Path) -> None:
    cases = [case for case in load_spans(corpus / "spans.jsonl")
             if case["kind"] == "code_function"]
    assert len(cases) == 12
    for case in cases:
        document = parse(corpus / case["doc"])
        assert document.format == "code"
        assert document.metadata["code_language"] == case["language"]
        text = document.text
        start = case["char_start"]
        end = start + len(case["span"])
        assert text[start:end] == case["span"]
        holders = innermost(list(document.root.children), start, end)
        assert len(holders) == 1, case["id"]
        unit = holders[0]
        wanted = case["name"] if case["language"] == "javascript" else regex.split(
            r"\.|::", case["name"])[-1]
        assert unit.attrs.get("name") == wanted, (case["id"], unit.attrs)
        assert unit.end == end, case["id"]
        assert all(_LEADING_LINE.match(line) for line in text[unit.start:start].splitlines())


def test_source_files_parse_through_the_format_table(corpus: Path) -> None:
    for language, path in ALL_FILES:
        document = parse(corpus / "code" / path)
        assert document.format == "code"
        # every document has a natural language (that of its comments and strings); the
        # programming language is the code format's own field
        assert isinstance(document.language, str) and document.language
        assert document.metadata["code_language"] == language == code_language_for_path(path)
        assert "code_fallback" not in document.metadata
        source = read_source(corpus / "code" / path)
        assert_well_formed(source, list(document.root.children), 0, len(source.text))
