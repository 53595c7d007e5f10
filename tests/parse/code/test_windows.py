"""Long files are outlined window by window: the same units as the whole file parsed at once."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from structchunk.decode import from_text
from structchunk.parse.code.grammars import load_code_grammar
from structchunk.parse.code.windows import outline_in_windows, window_ends
from structchunk.tree import Node
from tests.parse.code.support import ALL_FILES, assert_well_formed, read

FIXTURES = Path(__file__).parent / "fixtures"
_FIXTURE_LANGUAGES = {"bash.sh": "bash", "c.c": "c", "cpp.cpp": "cpp", "go.go": "go",
                      "java.java": "java", "javascript.js": "javascript", "python.py": "python",
                      "rust.rs": "rust", "tsx.tsx": "tsx", "typescript.ts": "typescript"}
outline_module = importlib.import_module("structchunk.parse.code.definitions")


def _shape(nodes: list[Node]) -> list[tuple[object, ...]]:
    found: list[tuple[object, ...]] = []
    stack = [(node, 0) for node in reversed(nodes)]
    while stack:
        node, depth = stack.pop()
        found.append((depth, node.kind, node.start, node.end, sorted(node.attrs.items())))
        stack.extend((child, depth + 1) for child in reversed(node.children))
    return found


def _compare(text: str, language: str, size: int) -> int:
    """Assert windowed and whole outlines agree; the number of windows tried."""
    grammar = load_code_grammar(language)
    assert grammar is not None
    source = from_text(text)
    whole = outline_module._Outline(source, 0, len(text), grammar).nodes()
    windowed = outline_in_windows(text, 0, len(text), lambda first, last:
                                  outline_module._Outline(source, first, last, grammar), size)
    assert _shape(windowed) == _shape(whole)
    assert_well_formed(source, windowed, 0, len(text))
    return len(list(window_ends(text, 0, len(text), size)))


@pytest.mark.parametrize(("language", "path"), ALL_FILES)
@pytest.mark.parametrize("size", [400, 4000])
def test_windows_give_the_units_of_the_whole_file(corpus: Path, language: str, path: str,
                                                  size: int) -> None:
    assert _compare(read(corpus, path), language, size) > 1


@pytest.mark.parametrize("name", sorted(_FIXTURE_LANGUAGES))
def test_windows_give_the_units_of_the_whole_fixture(name: str) -> None:
    _compare((FIXTURES / name).read_text(encoding="utf-8"), _FIXTURE_LANGUAGES[name], 200)


def test_a_cut_inside_a_string_is_parsed_again_with_the_next_window() -> None:
    # Two blank lines and a line at column 0 inside a string look like a new statement.
    text = ('def first():\n    return 1\n\n\nNOTE = """\n\n\nnot code: def nope():\n"""\n\n\n'
            "def second():\n    return 2\n")
    assert len(list(window_ends(text, 0, len(text), 10))) > 2
    _compare(text, "python", 10)


def test_a_short_file_is_one_window() -> None:
    assert list(window_ends("def f():\n    pass\n\n\nx = 1\n", 0, 24, 1000)) == [24]
