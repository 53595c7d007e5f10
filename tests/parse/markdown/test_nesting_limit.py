"""Both Markdown backends stop building blocks at the same depth: a quote nested one level
past the limit, or one level short of it, gives the same tree and chunks either way."""

from __future__ import annotations

import pytest

import structchunk
from structchunk.decode import from_text
from structchunk.parse.markdown import builder as markdown

pytest.importorskip("pyromark")

DEPTHS = range(markdown.MAX_NESTING - 3, markdown.MAX_NESTING + 4)


def _quotes(depth: int) -> str:
    return ("> " * depth + "deep words here\n" + ">" * depth + "\n"
            + "> " * depth + "and a second paragraph\n\nAfter the quote.\n")


def _pretty(text: str, backend: str) -> str:
    return markdown.parse(from_text(text), markdown_backend=backend).pretty()


@pytest.mark.parametrize("depth", DEPTHS)
def test_quotes_around_the_nesting_limit_give_the_same_tree(depth: int) -> None:
    text = _quotes(depth)
    assert _pretty(text, "pyromark") == _pretty(text, "markdown-it")


@pytest.mark.parametrize("depth", DEPTHS)
def test_quotes_around_the_nesting_limit_give_the_same_chunks(depth: int) -> None:
    text = _quotes(depth)

    def chunks(backend: str) -> list[tuple[int, int, str]]:
        return [(chunk.start, chunk.end, chunk.text) for chunk in structchunk.split(
            from_text(text), format="markdown", max_size=60, markdown_backend=backend)]

    assert chunks("pyromark") == chunks("markdown-it")


@pytest.mark.parametrize("backend", ["pyromark", "markdown-it"])
def test_quotes_open_up_to_the_limit_and_no_further(backend: str) -> None:
    def counts(depth: int) -> tuple[int, int]:
        lines = [line.strip() for line in _pretty(_quotes(depth), backend).splitlines()]
        return (sum(line.startswith("quote") for line in lines),
                sum(line.startswith("paragraph") for line in lines))

    limit = markdown.MAX_NESTING
    assert counts(limit - 1) == (limit - 1, 3)  # both quoted paragraphs and the one after
    assert counts(limit) == (limit, 1)  # the innermost blocks are text past the limit
    assert counts(limit + 3) == (limit, 1)
