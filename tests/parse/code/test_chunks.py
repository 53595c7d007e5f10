"""Chunks of code: a function that fits the budget is one chunk's, whole; a longer one is cut
only between its statements."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

import structchunk
from structchunk import Chunk
from structchunk.tree import Node, NodeKind
from tests.conftest import load_spans
from tests.invariants import assert_chunks_valid
from tests.parse.code.support import ALL_FILES, definitions, functions, innermost, parse_units, read

BUDGETS = [500, 1000, 2000]
FENCE_ALLOWANCE = len("```javascript\n") + len("\n```")


def holders(chunks: Sequence[Chunk], start: int, end: int) -> list[Chunk]:
    return [chunk for chunk in chunks if chunk.start <= start and end <= chunk.end]


def needed(path: tuple[Node, ...], node: Node, extra: int = 0) -> int:
    """Characters a chunk holding `node` alone takes: its context path line and its text."""
    return len(" > ".join(str(item.title) for item in path)) + 2 + node.end - node.start + extra


def cut_points(node: Node) -> set[int]:
    """Where a unit may be cut: between its children, at every level of nested units."""
    points = set()
    for child in node.children:
        points.add(child.start)
        if child.kind is NodeKind.DEFINITION:
            points |= cut_points(child)
    return points


def over_long_leaves(node: Node, budget: int) -> list[Node]:
    """TEXT children (a single statement) too long for any chunk: cut inside them is allowed."""
    if not node.children:
        return [node]
    leaves = []
    for child in node.children:
        if child.kind is NodeKind.DEFINITION:
            leaves.extend(over_long_leaves(child, budget))
        elif child.end - child.start > budget // 2:
            leaves.append(child)
    return leaves


@pytest.mark.parametrize("budget", BUDGETS)
@pytest.mark.parametrize(("language", "path"), ALL_FILES)
def test_functions_that_fit_stay_whole_and_long_ones_split_between_statements(
        corpus: Path, language: str, path: str, budget: int) -> None:
    text = read(corpus, path)
    chunks = structchunk.split(corpus / "code" / path, max_size=budget)
    assert_chunks_valid(text, chunks, budget)
    _source, units, _note = parse_units(text, language)
    for node, parents in definitions(units):
        if needed((*parents, node), node) <= budget:
            assert len(holders(chunks, node.start, node.end)) == 1, (node.title, budget)
            continue
        allowed = cut_points(node)
        loose = over_long_leaves(node, budget)
        for chunk in chunks:
            # A code chunk starts at the start of its first line (indentation included).
            start = chunk.start + len(chunk.content) - len(chunk.content.lstrip())
            if node.start < start < node.end and start not in allowed:
                assert any(leaf.start < start < leaf.end for leaf in loose), (
                    node.title, budget, text[start - 40:start + 40])


@pytest.mark.parametrize(("language", "path"), ALL_FILES)
def test_every_function_of_a_file_is_one_chunk_when_the_budget_allows(
        corpus: Path, language: str, path: str) -> None:
    text = read(corpus, path)
    chunks = structchunk.split(corpus / "code" / path, max_size=4000)
    for function in functions(text, language):
        (unit,) = innermost(parse_units(text, language)[1], function.start, function.end)
        if unit.end - unit.start <= 3000:
            assert len(holders(chunks, function.start, function.end)) == 1, function


def span_cases(corpus: Path) -> list[tuple[dict, Node, tuple[Node, ...]]]:
    """Each code_function case with the unit that holds it and the units around that."""
    result = []
    for case in load_spans(corpus / "spans.jsonl"):
        if case["kind"] != "code_function":
            continue
        text = (corpus / case["doc"]).read_text(encoding="utf-8")
        units = parse_units(text, case["language"])[1]
        start = case["char_start"]
        (unit,) = innermost(units, start, start + len(case["span"]))
        parents = next(parents for node, parents in definitions(units) if node is unit)
        result.append((case, unit, parents))
    return result


@pytest.mark.parametrize("budget", [500, 1000, 2000])
def test_code_function_spans_whose_unit_fits_survive_in_one_chunk(corpus: Path,
                                                                   budget: int) -> None:
    kept = 0
    for case, unit, parents in span_cases(corpus):
        if needed((*parents, unit), unit) > budget:
            continue
        chunks = structchunk.split(corpus / case["doc"], max_size=budget)
        start = case["char_start"]
        assert len(holders(chunks, start, start + len(case["span"]))) == 1, case["id"]
        assert len(holders(chunks, unit.start, unit.end)) == 1, case["id"]
        kept += 1
    assert kept >= {500: 6, 1000: 9, 2000: 11}[budget]


def test_a_function_that_fits_without_its_doc_comment_stays_whole(corpus: Path) -> None:
    budget = 2000
    for case, unit, parents in span_cases(corpus):
        code_only = len(case["span"]) + len(" > ".join(str(p.title) for p in (*parents, unit)))
        if needed((*parents, unit), unit) <= budget or code_only + 2 > budget:
            continue
        assert unit.children[0].attrs.get("leading_comments")
        chunks = structchunk.split(corpus / case["doc"], max_size=budget)
        start = case["char_start"]
        assert len(holders(chunks, start, start + len(case["span"]))) == 1, case["id"]


@pytest.mark.parametrize("budget", [600, 1000])
@pytest.mark.parametrize(("language", "path"), ALL_FILES[::3])
def test_fenced_code_keeps_functions_whole_in_markdown(corpus: Path, language: str, path: str,
                                                       budget: int) -> None:
    code = read(corpus, path)
    intro = f"# {path}\n\nThe file below is the module's source.\n\n```{language}\n"
    text = intro + code.rstrip("\n") + "\n```\n\nThe end.\n"
    chunks = structchunk.split_text(text, max_size=budget, format="markdown")
    assert_chunks_valid(text, chunks, budget)
    _source, units, _note = parse_units(code, language)
    offset = len(intro)
    for node, parents in definitions(units):
        if needed((*parents, node), node, FENCE_ALLOWANCE + len(path) + 3) <= budget:
            found = holders(chunks, offset + node.start, offset + node.end)
            assert len(found) == 1, (node.title, budget)
            assert found[0].text.count("```") >= 2  # the piece repeats its fences


def test_fenced_functions_in_the_release_notes_stay_whole() -> None:
    sample = Path(__file__).resolve().parents[3] / "corpus_samples" / "noisy_release_notes.md"
    text = sample.read_text(encoding="utf-8")
    chunks = structchunk.split(sample, max_size=800)
    assert_chunks_valid(text, chunks, 800)
    for name in ("def backoff_delay(", "def is_retryable("):
        start = text.index(name)
        end = text.index("\n\n", start)
        assert len(holders(chunks, start, end)) == 1, name


@pytest.mark.parametrize("max_size", [300, 400, 500])
def test_a_file_that_is_one_class_is_cut_as_code_between_its_methods(max_size: int,
                                                                      tmp_path: Path) -> None:
    """A source file whose only top-level unit is one class is still one code block: its
    methods stay whole, each piece starts at its line's indentation and names the method it
    opens with, as in a file of many definitions (not the prose fallback for the class)."""
    methods = "".join(f'''
    def method_{index}(self, value):
        """Return value times {index}."""
        total = value * {index}
        if total > 100:
            total = total - {index}
        return total
''' for index in range(12))
    path = tmp_path / "calc.py"
    path.write_text('class Calculator:\n    """A calculator."""\n' + methods, encoding="utf-8")
    document = structchunk.parse(path)
    chunks = structchunk.split(document, max_size=max_size)
    assert_chunks_valid(document.text, chunks, max_size)
    units = [node for node, _ in document.root.walk() if node.kind is NodeKind.DEFINITION
             and node.title and node.title.startswith("def ")]
    assert len(units) == 12
    for unit in units:
        assert len(holders(chunks, unit.start, unit.end)) == 1
    later = [chunk for chunk in chunks if chunk.start > 0]
    assert later
    for chunk in later:
        assert chunk.content.startswith("    def method_")
        assert chunk.heading_path[-1] == "def " + chunk.content.split("def ")[1].split("(")[0]
