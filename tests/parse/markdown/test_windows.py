"""Markdown read one window at a time gives the tree, the chunks and the ids of the whole read.

Windows are forced to a few lines, so every document is cut many times, at every kind of
place a cut is proposed: inside fences, HTML blocks, lists and indented code that run on over
blank lines, before setext underlines and tables, with CRLF and CR line breaks, and in texts
with link reference definitions. A cut the parse does not confirm must not change anything.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import structchunk
from structchunk.decode import Source, decode_bytes, from_text
from structchunk.lang.regions import with_language
from structchunk.parse import refine
from structchunk.parse.markdown import builder as markdown
from structchunk.parse.markdown import pyromark_tokens
from structchunk.parse.markdown.windows import WINDOW, has_definitions, plan
from tests.conftest import SAMPLES, corpus_root
from tests.parse.markdown.markdown_documents import block, documents, nested

WHOLE = 1 << 40
BACKENDS = ["markdown-it", *(["pyromark"] if pyromark_tokens.available() else [])]


def _tree(source: Source, backend: str, window: int) -> list[tuple]:
    document = markdown.parse(source, markdown_backend=backend, window=window)
    return [(node.kind, depth, node.start, node.end, node.start_line, node.end_line,
             sorted((key, repr(value)) for key, value in node.attrs.items()))
            for node, depth in document.root.walk()]


def _chunks(source: Source, backend: str, window: int) -> list[tuple]:
    document = with_language(refine(markdown.parse(source, markdown_backend=backend,
                                                   window=window), {}))
    return [(chunk.chunk_id, chunk.start, chunk.end, chunk.text,
             sorted(map(repr, chunk.metadata.items())))
            for chunk in structchunk.split(document, max_size=300, source_id="window-test")]


# What a cut proposed after a blank line may fall inside, or just before.
_TRAPS = st.sampled_from([
    "```\ncode\n\n# not a heading\n\nmore code\n```",
    "~~~\n\n# in an unclosed fence\n\nalpha",
    "<!--\n\n# in a comment\n\n-->",
    "<pre>\n\n# in pre\n\n</pre>",
    "<script>\nx\n\ny = 1\n</script>",
    "<div>\n\n# after a div",
    "- one\n\n- two\n\n  two more\n\n- three",
    "1. one\n\n2. two\n\n10) other",
    "    indented\n\n    still code\n\nafter code",
    "\tcode by tab\n\n\tmore",
    "paragraph\n===\n\n===\n\n---",
    "> quoted\n\n> again\nlazy",
    "| a | b |\n|---|---|\n| 1 | 2 |\n\n| c |\n|---|",
    "para\n| a |\n|---|",
    "[ref]: /url 'title'\n\nsee [ref] and\n# [ref]",
    "- [ref]:\n  /url\n\n[ref][]",
    "\ufeff# bom heading",
    "nul\x00char\n\n\x00",
    "***\n\n___",
    "# Wort शब्द\n\nWort शब्द 日本語",
    " \n\t\n",
])
_SEPARATORS = st.sampled_from(["\n\n", "\n", "\n\n\n", "\n \n", "\n\t\n"])
_BREAKS = st.sampled_from(["\n", "\n", "\r\n", "\r"])


def _document(parts: tuple[str, list[tuple[str, str]], str]) -> str:
    head, pieces, line_break = parts
    text = head + "".join(piece + separator for piece, separator in pieces)
    return text.replace("\n", line_break)


long_documents = st.tuples(
    documents, st.lists(st.tuples(st.one_of(block, _TRAPS, nested), _SEPARATORS), max_size=10),
    _BREAKS).map(_document)


@pytest.mark.parametrize("backend", BACKENDS)
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=long_documents, window=st.integers(1, 160))
def test_any_window_gives_the_whole_reads_tree(backend: str, text: str, window: int) -> None:
    source = from_text(text)
    assert _tree(source, backend, window) == _tree(source, backend, WHOLE)


@pytest.mark.parametrize("backend", BACKENDS)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=long_documents, window=st.integers(1, 160))
def test_any_window_gives_the_whole_reads_chunks_and_ids(backend: str, text: str,
                                                        window: int) -> None:
    source = from_text(text)
    assert _chunks(source, backend, window) == _chunks(source, backend, WHOLE)


def _markdown_files() -> list[Path]:
    root = corpus_root()
    files = sorted(root.rglob("*.md")) if root is not None else []
    return files + sorted(SAMPLES.rglob("*.md"))


@pytest.mark.parametrize("path", _markdown_files(), ids=lambda path: path.name)
def test_corpus_files_give_the_same_tree_in_windows_of_64_characters(path: Path) -> None:
    source = decode_bytes(path.read_bytes())
    for backend in BACKENDS:
        assert _tree(source, backend, 64) == _tree(source, backend, WHOLE), backend


@pytest.mark.parametrize("path", _markdown_files()[::15], ids=lambda path: path.name)
def test_corpus_files_give_the_same_chunks_and_ids_in_windows(path: Path) -> None:
    source = decode_bytes(path.read_bytes())
    assert _chunks(source, BACKENDS[-1], 200) == _chunks(source, BACKENDS[-1], WHOLE)


def test_a_cut_is_proposed_after_a_blank_line_in_column_0() -> None:
    text = "# A\n\npara\n\n  indented\n\n# B\n\nlast\n"
    assert plan(text, 0, 3) == (5, 11)  # no cut in the window: the next one after it
    assert plan(text, 0, 26) == (23, 28)  # the last heading in the window's second half
    cut, end = plan(text, 11, 8)  # the indented line is not proposed
    assert text[cut:].startswith("# B")
    assert plan(text, 23, 100) == (len(text), len(text))


def test_a_cut_needs_a_blank_line_of_spaces_and_tabs_only() -> None:
    text = "alpha\n\u00a0\nbeta\n \t\ngamma\n" + "x\n" * 20
    cut, _end = plan(text, 0, 12)
    assert text[cut:].startswith("gamma")


def test_link_reference_definitions_are_found_inside_containers() -> None:
    assert has_definitions("intro\n\n> - [label\nmore]: /url\n")
    assert has_definitions("  [x]: <u>\n")
    assert not has_definitions("def f() -> list[int]:\n    return [1]\n")


def test_a_text_with_a_definition_is_read_whole_by_pyromark(monkeypatch) -> None:
    if not pyromark_tokens.available():
        pytest.skip("pyromark is not installed")
    planned: list[int] = []
    original = pyromark_tokens.plan

    def counting(text: str, start: int, size: int) -> tuple[int, int]:
        planned.append(size)
        return original(text, start, size)

    monkeypatch.setattr(pyromark_tokens, "plan", counting)
    text = "# A\n\n[a]\n\n# B\n\ntext\n\n[a]: /url\n" * 5
    list(pyromark_tokens.tokens(from_text(text), 20, window=8))
    assert planned == [len(text)]


def test_a_long_text_is_never_given_to_pulldown_cmark_whole(monkeypatch) -> None:
    """pulldown-cmark's block tree (in Rust, unseen by tracemalloc) is one window's."""
    pyromark = pytest.importorskip("pyromark")
    lengths: list[int] = []
    original = pyromark.events_with_range

    def measured(text: str, **options: object) -> object:
        lengths.append(len(text))
        return original(text, **options)

    monkeypatch.setattr(pyromark, "events_with_range", measured)
    section = "## Item\n\nA line of prose.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n"
    text = section * (3 * WINDOW // len(section))
    tree = _tree(from_text(text), "pyromark", WINDOW)
    assert len(tree) > 3 * WINDOW // len(section)
    assert len(lengths) >= 3 and max(lengths) <= WINDOW + 2 * len(section)
