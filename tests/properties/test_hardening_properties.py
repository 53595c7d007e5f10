"""Property tests aimed at the budget promise: budgets from 1 upward, long and repeated
heading titles, nested definitions in fences, every text format, and a token-like length
function. Invariants: exact offsets, nothing lost, every chunk within the budget, ids
unique and the same on a second run."""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import structchunk
from structchunk.decode import from_text
from structchunk.errors import BudgetError
from tests.hardening.support import tokens
from tests.invariants import assert_chunks_valid

TITLE_WORDS = ["a", "Überblick", "नियम", "section", "x" * 40, "§ 1", "Install the package"]
titles = st.lists(st.sampled_from(TITLE_WORDS), min_size=1, max_size=12).map(" ".join)
sentences = st.lists(st.sampled_from(["Word", "word.", "Satz.", "वाक्य।", "z. B.", "e.g.",
                                      "x" * 30, "1.5", ","]), min_size=1, max_size=25
                     ).map(" ".join)


@st.composite
def nested_code(draw: st.DrawFn, depth: int = 0) -> str:
    indent = "    " * depth
    lines = [f"{indent}def {draw(st.sampled_from(['f', 'load_' + 'x' * 30, 'g']))}():"]
    for _ in range(draw(st.integers(1, 3))):
        if depth < 3 and draw(st.booleans()):
            lines.append(draw(nested_code(depth + 1)))
        else:
            lines.append(f"{indent}    value = call({draw(st.integers(0, 10**6))})")
    return "\n".join(lines)


@st.composite
def markdown(draw: st.DrawFn) -> str:
    blocks = []
    for _ in range(draw(st.integers(1, 8))):
        kind = draw(st.sampled_from(["heading", "heading", "para", "code", "list", "table"]))
        if kind == "heading":
            blocks.append("#" * draw(st.integers(1, 6)) + " " + draw(titles))
        elif kind == "para":
            blocks.append(draw(sentences))
        elif kind == "code":
            blocks.append("```python\n" + draw(nested_code()) + "\n```")
        elif kind == "list":
            blocks.append("\n".join("- " + draw(sentences) for _ in range(draw(st.integers(1, 4)))))
        else:
            rows = draw(st.integers(1, 5))
            blocks.append("| a | b |\n|---|---|\n" + "".join(
                f"| {draw(sentences)} | {i} |\n" for i in range(rows)))
    return "\n\n".join(blocks) + "\n"


LENGTHS: dict[str, Callable[[str], int]] = {"characters": len, "tokens": tokens}


def _check(text: str, fmt: str, max_size: int, length_name: str, **options: object) -> None:
    length = LENGTHS[length_name]
    kwargs = dict(format=fmt, max_size=max_size, **options)
    if length is not len:
        kwargs["length_function"] = length
    try:
        chunks = structchunk.split(from_text(text), **kwargs)  # type: ignore[arg-type]
    except BudgetError as err:
        # Only a budget that cannot hold one character (a token-like length counts a
        # punctuation mark as 1, so budgets of 1 always hold one) may be refused.
        assert "cannot hold even one character" in str(err)
        return
    assert_chunks_valid(text, chunks, max_size, length)
    again = structchunk.split(from_text(text), **kwargs)  # type: ignore[arg-type]
    assert [c.chunk_id for c in again] == [c.chunk_id for c in chunks]
    if text.strip():
        assert chunks


SETTINGS = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@SETTINGS
@given(markdown(), st.integers(1, 120), st.sampled_from(sorted(LENGTHS)))
def test_generated_markdown_keeps_every_budget_from_one(text: str, max_size: int,
                                                        length: str) -> None:
    _check(text, "markdown", max_size, length)


@SETTINGS
@given(markdown(), st.sampled_from(["text", "legal"]), st.integers(1, 120),
       st.sampled_from(sorted(LENGTHS)))
def test_the_same_documents_as_plain_text_and_law(text: str, fmt: str, max_size: int,
                                                  length: str) -> None:
    _check(text.replace("#", ""), fmt, max_size, length)


@SETTINGS
@given(st.lists(nested_code(), min_size=1, max_size=3).map("\n\n".join),
       st.integers(1, 200), st.sampled_from(sorted(LENGTHS)))
def test_nested_definitions_as_a_source_file(code: str, max_size: int, length: str) -> None:
    _check(code + "\n", "code", max_size, length, code_language="python")


@SETTINGS
@given(titles, st.integers(1, 6), st.integers(1, 60), st.sampled_from(sorted(LENGTHS)))
def test_repeated_long_titles(title: str, repeats: int, max_size: int, length: str) -> None:
    text = "".join(f"{'#' * (level % 6 + 1)} {title}\n\n{title} {title}.\n\n"
                   for level in range(repeats))
    _check(text, "markdown", max_size, length)
