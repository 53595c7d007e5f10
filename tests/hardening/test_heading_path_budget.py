"""The heading-path line never breaks the budget, whatever titles a piece opens or drops."""

from __future__ import annotations

import pytest

import structchunk
from structchunk.decode import from_text
from tests.hardening.support import tokens
from tests.invariants import assert_chunks_valid

REPEATED_TITLES = "# a\n\n# a\n\n## a a a a"


def _split(text: str, **options: object) -> list[structchunk.Chunk]:
    return structchunk.split(from_text(text), **options)  # type: ignore[arg-type]


def test_repeated_titles_at_a_tiny_budget_stay_within_it() -> None:
    chunks = _split(REPEATED_TITLES, max_size=12)
    assert_chunks_valid(REPEATED_TITLES, chunks, 12)
    assert max(chunk.size for chunk in chunks) <= 12
    assert "## a a a a" in "".join(chunk.content for chunk in chunks)


@pytest.mark.parametrize("max_size", range(1, 41))
def test_every_budget_from_one_holds_for_nested_repeated_titles(max_size: int) -> None:
    text = REPEATED_TITLES + "\n\n### a a a a a a a a\n\nbody text under the titles.\n\n## b\n\nx"
    chunks = _split(text, max_size=max_size)
    assert_chunks_valid(text, chunks, max_size)


@pytest.mark.parametrize("max_size", range(1, 25))
def test_a_token_length_function_sees_the_line_the_chunk_is_built_with(max_size: int) -> None:
    title = "Sehr lange Überschrift, die sich wiederholt"
    text = (f"# {title}\n\n# {title}\n\n## {title} {title}\n\n"
            "Ein Satz mit vielen Wörtern, der nicht in das Budget passt, und noch mehr Wörter.\n")
    chunks = _split(text, max_size=max_size, length_function=tokens)
    assert_chunks_valid(text, chunks, max_size, tokens)


def test_code_definitions_under_long_headings_keep_the_budget() -> None:
    body = "\n".join(f"    value_{i} = compute_something_long({i}, {i + 1})" for i in range(30))
    text = ("# Reference\n\n## A rather long heading about the configuration loader\n\n"
            f"```python\ndef load_configuration_from_every_place():\n{body}\n```\n")
    for max_size in (40, 60, 80, 120, 300):
        chunks = _split(text, max_size=max_size)
        assert_chunks_valid(text, chunks, max_size)


def test_bytes_input_keeps_the_budget_too() -> None:
    chunks = structchunk.split(REPEATED_TITLES.encode(), max_size=12)
    assert_chunks_valid(REPEATED_TITLES, chunks, 12)
