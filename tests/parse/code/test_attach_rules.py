"""The comments and attributes a query file attaches to units, read node by node.

Patterns that capture one node by its kind (`(comment) @attach`, optionally with one
`#match?` or `#not-match?`) are taken out of the query and applied only to the nodes the
outline visits. Over every node of the fixtures and the corpus files, and of samples written
to probe the text test (NUL bytes, non-ASCII text, inner doc comments), the answer must be the
query's own.
"""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest
from tree_sitter import Node as SyntaxNode
from tree_sitter import Query, QueryCursor

from structchunk.decode import from_text
from structchunk.parse.code.grammars import load_code_grammar
from structchunk.parse.code.languages import code_language_for_path
from tests.parse.code.support import ALL_FILES, read

outline_module = importlib.import_module("structchunk.parse.code.definitions")

FIXTURES = Path(__file__).parent / "fixtures"
SAMPLES = sorted(path for path in FIXTURES.iterdir() if path.suffix != ".outline")

PROBES = [
    ("rust", "//! inner doc\n/// outer doc\n// plain é\n/*! inner */\n/** outer */\n"
             "#[inline]\n// a\x00//!\nfn f() {}\n"),
    ("javascript", "/** doc */\n\n/* plain */\n// line ✓\n/**/\n@decorator\nclass A {}\n"),
    ("bash", "#!/bin/sh\n# comment\nf() { :; }\n"),
    ("java", "/** doc */\n// line\n/* block */\nclass A {}\n"),
    ("c", "/** doc */\n// line\nint f(void) { return 0; }\n"),
    ("python", "# a comment\ndef f():\n    # inner\n    pass\n"),
]


def _nodes(root: SyntaxNode) -> list[SyntaxNode]:
    found, stack = [], [root]
    while stack:
        node = stack.pop()
        found.append(node)
        stack.extend(node.children)
    return found


def _agree(text: str, language: str) -> int:
    """Compare rules and query on every node; the number of attached nodes."""
    grammar = load_code_grammar(language)
    assert grammar is not None
    source = from_text(text)
    built = outline_module._Outline(source, 0, len(text), grammar)
    expected: dict[int, int] = {}
    for _pattern, captures in QueryCursor(Query(grammar.language, grammar.query_text)).matches(
            built.root):
        for node in captures.get("attach", ()):
            expected.setdefault(node.id, 0)
        for node in captures.get("doc", ()):
            expected[node.id] = 1
    actual = {node.id: built._attached(node, node.id) for node in _nodes(built.root)}
    assert {key: value for key, value in actual.items() if value >= 0} == expected
    return len(expected)


def test_the_comment_patterns_of_the_grammar_files_are_read_node_by_node() -> None:
    for language in ("python", "javascript", "go", "rust", "java", "c", "bash"):
        grammar = load_code_grammar(language)
        assert grammar is not None
        assert grammar.attach_rules, language


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda path: path.name)
def test_rules_agree_with_the_query_on_the_fixtures(sample: Path) -> None:
    language = code_language_for_path(sample.name)
    assert language is not None
    _agree(sample.read_text(encoding="utf-8"), language)


@pytest.mark.parametrize(("language", "path"), ALL_FILES)
def test_rules_agree_with_the_query_on_the_corpus(corpus: Path, language: str,
                                                  path: str) -> None:
    assert _agree(read(corpus, path), language) > 0


@pytest.mark.parametrize(("language", "text"), PROBES, ids=[item[0] for item in PROBES])
def test_rules_agree_with_the_query_on_probes(language: str, text: str) -> None:
    assert _agree(text, language) > 0


def test_text_tests_read_the_node_as_the_query_does(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Unanchored and anchored regexes, escapes, text after a NUL byte, non-ASCII text, a
    comment inside a pattern, and a pattern with a parent that stays in the query."""
    (tmp_path / "code").mkdir()
    (tmp_path / "code" / "probe.scm").write_text(
        "; grammar: tree_sitter_c.language\n"
        '((function_definition body: (compound_statement) @body) @unit\n'
        ' (#set! kind "function") (#set! keyword "fn"))\n'
        '((comment) @doc (#match? @doc "b [*]/$"))\n'
        '((comment) ; a comment; with "quotes"\n'
        ' @attach (#not-match? @attach "\\\\.|\\t"))\n'
        '((comment) @attach (#match? @attach "é"))\n'
        "(compound_statement (comment) @doc)\n", encoding="utf-8")
    monkeypatch.setenv("STRUCTCHUNK_GRAMMAR_PATH", str(tmp_path))
    grammar = load_code_grammar("probe")
    assert grammar is not None
    assert sum(len(rules) for rules in grammar.attach_rules.values()) == 3
    text = ("/* ab */\n// x.y\n// x\ty\n// é.\nint f(void) {\n"
            "    // x.y é\n    /* ab */\n    // x\ty\n    return 0;\n}\n")
    assert _agree(text, "probe") > 0
    # The binding reads a node's text as a C string: up to its first NUL byte (a Rust block
    # comment is one of the few comment nodes that can hold one).
    (tmp_path / "code" / "nul.scm").write_text(
        "; grammar: tree_sitter_rust.language\n"
        '((function_item body: (block) @body) @unit (#set! kind "function") (#set! keyword "fn"))\n'
        '((block_comment) @doc (#match? @doc "b [*]/$"))\n'
        '((block_comment) @attach (#match? @attach "^/[*] a"))\n', encoding="utf-8")
    assert _agree("/* a\x00b */\nfn f() {}\n/* ab */\nfn g() {}\n", "nul") == 2
