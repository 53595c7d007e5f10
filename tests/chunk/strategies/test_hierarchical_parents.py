"""Hierarchical parents: without `parent_size` they are cut under four budgets, as the
docstring promises, and never under less."""

from __future__ import annotations

import structchunk

SECTIONS = "\n\n".join(
    f"## Part {part}\n\n" + " ".join(f"Sentence number {n} of part {part} is here."
                                     for n in range(12)) for part in range(8))
DOCUMENT = f"# Guide\n\n{SECTIONS}\n"


def _parents(chunks: list[structchunk.Chunk]) -> list[structchunk.Chunk]:
    return [chunk for chunk in chunks if chunk.metadata.get("hierarchy") == "parent"]


def test_the_default_parent_size_is_four_budgets() -> None:
    default = structchunk.split_text(DOCUMENT, strategy="hierarchical", max_size=200)
    four = structchunk.split_text(DOCUMENT, strategy="hierarchical", max_size=200,
                                  strategy_options={"parent_size": 800})
    assert default == four
    parents = _parents(default)
    assert parents and all(parent.size <= 800 for parent in parents)
    assert max(parent.size for parent in parents) > 2 * 200  # room past two budgets is used


def test_a_smaller_parent_size_gives_smaller_parents() -> None:
    two = structchunk.split_text(DOCUMENT, strategy="hierarchical", max_size=200,
                                 strategy_options={"parent_size": 400})
    parents = _parents(two)
    assert parents and all(parent.size <= 400 for parent in parents)
    assert two != structchunk.split_text(DOCUMENT, strategy="hierarchical", max_size=200)
