"""The pyromark backend builds the same chunks as the markdown-it-py reference backend."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import structchunk
from structchunk.decode import decode_bytes, from_text
from structchunk.errors import MissingDependencyError, StructchunkError
from structchunk.parse.markdown import builder as markdown
from structchunk.parse.markdown import pyromark_tokens as markdown_pyromark
from structchunk.tree import NodeKind
from tests.conftest import SAMPLES, corpus_root
from tests.invariants import assert_chunks_valid
from tests.parse.markdown.markdown_documents import documents, nested_documents

pytest.importorskip("pyromark")


def _markdown_files() -> list[Path]:
    root = corpus_root()
    files = sorted(root.rglob("*.md")) if root is not None else []
    return files + sorted(SAMPLES.rglob("*.md"))


def _chunks(data: bytes | str, backend: str, max_size: int = 1000) -> list[tuple]:
    source = from_text(data) if isinstance(data, str) else data
    return [(c.start, c.end, c.text, c.metadata.get("language"))
            for c in structchunk.split(source, format="markdown", max_size=max_size,
                                       markdown_backend=backend)]


def _tree(text: str, backend: str) -> list[tuple]:
    """Every node of the tree, in order: kind, depth, span, lines and attributes."""
    document = markdown.parse(from_text(text), markdown_backend=backend)
    return [(node.kind, depth, node.start, node.end, node.start_line, node.end_line,
             sorted((key, repr(value)) for key, value in node.attrs.items()))
            for node, depth in document.root.walk()]


@pytest.mark.parametrize("path", _markdown_files(), ids=lambda path: path.name)
def test_both_backends_give_the_same_chunks(path: Path) -> None:
    data = path.read_bytes()
    reference = _chunks(data, "markdown-it")
    assert reference
    assert _chunks(data, "pyromark") == reference
    text = decode_bytes(data).text
    assert _tree(text, "pyromark") == _tree(text, "markdown-it")


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents)
def test_generated_documents_give_the_same_tree_node_for_node(text: str) -> None:
    assert _tree(text, "pyromark") == _tree(text, "markdown-it")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(nested_documents)
def test_quotes_and_lists_nested_around_the_limit_give_the_same_tree(text: str) -> None:
    """Nests of quotes and list items from a few levels below the nesting limit to well past
    it, with paragraphs, lazy lines and sibling items after the inner containers."""
    assert _tree(text, "pyromark") == _tree(text, "markdown-it")


BUILT_APART = {  # inputs pulldown-cmark read apart from markdown-it before the converter
    "paragraph after a list in a quote": (
        "# T\n\n> intro line\n> - item one\n> - item two  \n>\n> after list paragraph\n"),
    "tilde fence in an item": "- ~~~python\n  x = 1\n  ~~~\n\nafter\n",
    "setext heading in a quote": "> alpha\n> beta\n> ---\n",
    "empty item before a blank line": "intro\n\n> 1.\n>\n> alpha\n",
    "dashes later in the text": "intro\n\n> alpha\n>\n> ---\n>\n> <div>\n> </div>\n\n---\n",
    "empty front matter": "---\n---\n# T\n",
    "info string on an unclosed fence's last line": "- ```\n\n  ```python\n\nalpha\n",
    "longer closing fence": "```\nx = 1\n`````\n\nafter\n",
}


def test_a_fence_line_with_an_info_string_never_closes_a_fence() -> None:
    for backend in ("pyromark", "markdown-it"):
        document = markdown.parse(from_text("- ```\n\n  ```python\n\nalpha\n"),
                                  markdown_backend=backend)
        code = [node for node, _ in document.root.walk() if node.kind.value == "code"]
        assert [node.attrs.get("fence_close") for node in code] == [None], backend


@pytest.mark.parametrize("name", sorted(BUILT_APART))
def test_inputs_once_built_apart_give_the_same_tree(name: str) -> None:
    text = BUILT_APART[name]
    assert _tree(text, "pyromark") == _tree(text, "markdown-it")


def test_a_paragraph_after_a_list_in_a_quote_is_in_one_chunk() -> None:
    text = BUILT_APART["paragraph after a list in a quote"]
    chunks = structchunk.split_text(text, max_size=40, markdown_backend="pyromark")
    assert_chunks_valid(text, chunks, 40)
    assert sum("after list paragraph" in chunk.content for chunk in chunks) == 1


def test_every_markdown_file_of_the_corpus_is_compared() -> None:
    if corpus_root() is None:
        pytest.skip("shared corpus not found")
    assert len(_markdown_files()) > 150


CASES = {
    "tight list": "- one\n- two\n  still two\n- three\n",
    "loose list": "1. one\n\n2. two\n\n   more\n",
    "nested": "> quote\n> - item\n>   1. deep\n\n- a\n  - b\n    - c\n",
    "setext": "Title\n=====\n\nSub\n---\n\ntext\n",
    "table": "# T\n\n| a | b |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n\nafter\n",
    "fences": "```python\ndef f():\n    return 1\n```\n\n~~~~\nx\n~~~~\n\n    indented\n",
    "html and rule": "<div>\nblock\n</div>\n\n***\n\npara\n",
    "front matter": "---\ntitle: x\n---\n# H\n\ntext\n",
    "crlf": "# A\r\n\r\n- x\r\n- y\r\n\r\ntext\r\n",
    "devanagari": "# शीर्षक\n\nयह एक वाक्य है। दूसरा वाक्य।\n\n- सूची *एक*\n- दो\n",
    "heading markup": "## The `split()` *call* [link](http://x)\n\nbody\n",
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_constructs_parse_alike(name: str) -> None:
    text = CASES[name]
    reference = markdown.parse(from_text(text), markdown_backend="markdown-it")
    fast = markdown.parse(from_text(text), markdown_backend="pyromark")
    assert fast.pretty() == reference.pretty()
    assert any(node.kind is not NodeKind.TEXT for node, _depth in fast.root.walk()
               if node.kind not in (NodeKind.DOCUMENT, NodeKind.SECTION))


def test_nesting_past_the_limit_keeps_its_text() -> None:
    text = "> " * 60 + "deep words\n"
    document = markdown.parse(from_text(text), markdown_backend="pyromark")
    chunks = structchunk.split(from_text(text), format="markdown", max_size=200)
    assert_chunks_valid(text, chunks, 200)
    assert "deep words" in "".join(chunk.content for chunk in chunks)
    assert max(depth for _node, depth in document.root.walk()) <= markdown.MAX_NESTING + 3


def test_without_pyromark_markdown_it_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(markdown_pyromark, "available", lambda: False)
    text = CASES["table"]
    assert markdown.parse(from_text(text)).pretty() == markdown.parse(
        from_text(text), markdown_backend="markdown-it").pretty()
    with pytest.raises(MissingDependencyError, match="pyromark"):
        markdown.parse(from_text(text), markdown_backend="pyromark")


def test_an_unknown_backend_is_a_clear_error() -> None:
    with pytest.raises(StructchunkError, match="markdown_backend"):
        structchunk.split(from_text("# a\n\ntext\n"), format="markdown", markdown_backend="x")


pieces = st.sampled_from([
    "# ", "## ", "```", "~~~", "|", "|---|", "---", "===", "> ", "- ", "* ", "1. ", "  ",
    "    ", "\n", "\n\n", "\r\n", "word", "Wort", "शब्द", "*em*", "`code`", "<div>", "[a](b)",
    "\t", "\\", "&amp;",
])


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(pieces, max_size=80).map("".join), st.integers(min_value=30, max_value=300))
def test_any_markdown_keeps_the_invariants_with_pyromark(text: str, max_size: int) -> None:
    chunks = structchunk.split(from_text(text), format="markdown", max_size=max_size,
                               markdown_backend="pyromark")
    assert_chunks_valid(text, chunks, max_size)


def test_a_container_ending_in_a_later_lines_indentation_does_not_take_that_line() -> None:
    """pulldown-cmark can end a list inside the indentation of the next block's line (after
    a link reference definition); that line belongs to the next block."""
    text = "1.  Nummer eins,\n\n[^fn1]: Hinweis\n    eingerückt\n"
    for backend in ("pyromark", "markdown-it"):
        document = structchunk.parse_text(text, format="markdown", markdown_backend=backend)
        for node, _ in document.root.walk():
            for child in node.children:
                assert node.start <= child.start and child.end <= node.end, backend
            for left, right in zip(node.children, node.children[1:], strict=False):
                assert left.end <= right.start, (backend, left.kind, right.kind)
        lists = [node for node, _ in document.root.walk() if node.kind is NodeKind.LIST]
        assert [document.content(node).splitlines()[0] for node in lists] == [
            "1.  Nummer eins,"]
        assert "eingerückt" not in document.content(lists[0]), backend
