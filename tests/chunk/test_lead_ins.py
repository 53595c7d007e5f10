"""A split list carries its lead-in, like a split table its header.

Every piece of a split list after the one that holds its lead-in (the paragraph ending in a
colon before it) repeats the lead-in in its embedded text, within the budget, and never in
its content: on every list of the shared corpus's Markdown and on generated procedures.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from structchunk import parse, split, split_text
from structchunk.chunk.leadins import introduces
from structchunk.tree import Document, NodeKind, trim_span
from tests.conftest import corpus_root
from tests.invariants import assert_chunks_valid


def _led_lists(document: Document) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """(lead-in span, list span) of every list whose previous sibling introduces it."""
    text = document.text
    found = []
    for node, _ in document.root.walk():
        for before, after in zip(node.children, node.children[1:], strict=False):
            if after.kind is not NodeKind.LIST or before.kind is not NodeKind.PARAGRAPH:
                continue
            lead = trim_span(text, before.start, before.end)
            if introduces(text[lead[0]:lead[1]]):
                found.append((lead, trim_span(text, after.start, after.end)))
    return found


def _later_pieces_without_lead_in(document: Document, max_size: int) -> tuple[int, list[str]]:
    """How many later pieces split lists have, and those whose text lacks the lead-in's end."""
    text = document.text
    chunks = split(document, max_size=max_size)
    later, missing = 0, []
    for (lead_start, lead_end), (list_start, list_end) in _led_lists(document):
        ending = text[lead_start:lead_end][-8:]
        for chunk in chunks:
            if chunk.end <= list_start or chunk.start >= list_end or chunk.start < lead_end:
                continue
            later += 1
            added = chunk.text[:len(chunk.text) - len(chunk.content)]
            if ending not in added:
                missing.append(f"{chunk.source}:{chunk.start}: {chunk.text[:80]!r}")
            assert chunk.size <= max_size
    return later, missing


def _markdown_files() -> list[Path]:
    root = corpus_root()
    return sorted((root / "docs").rglob("*.md")) if root is not None else []


@pytest.mark.skipif(corpus_root() is None, reason="needs the shared corpus")
@pytest.mark.parametrize("max_size", [512, 1000])
def test_every_later_piece_of_a_split_corpus_list_carries_its_lead_in(max_size: int) -> None:
    later, missing = 0, []
    for path in _markdown_files():
        count, lacking = _later_pieces_without_lead_in(parse(path), max_size)
        later += count
        missing.extend(lacking)
    assert later > 300  # the corpus has many split lists at these budgets
    assert not missing, f"{len(missing)} of {later}: " + "; ".join(missing[:3])


STEP = st.sampled_from([
    "Open the settings page and choose the plan.", "Copy the token.",
    "Run the installer with the enterprise flag set, then wait for it to finish.",
    "Restart the service.", "Check the log for errors before you continue.",
])


@settings(max_examples=60, deadline=None)
@given(st.lists(STEP, min_size=2, max_size=14), st.integers(min_value=120, max_value=400),
       st.booleans())
def test_generated_procedures_repeat_their_condition(steps: list[str], max_size: int,
                                                      ordered: bool) -> None:
    lead = "If you are on the enterprise plan, do this:"
    items = "\n".join(f"{number}. {step}" if ordered else f"- {step}"
                      for number, step in enumerate(steps, 1))
    text = f"# Setup\n\nSome words before the procedure.\n\n{lead}\n\n{items}\n\nDone.\n"
    chunks = split_text(text, max_size=max_size)
    assert_chunks_valid(text, chunks, max_size)
    list_start = text.index(items)
    for chunk in chunks:
        if chunk.start > list_start and chunk.start < list_start + len(items):
            # a lead-in longer than a quarter of the budget is repeated from its end
            assert "plan, do this:" in chunk.text and lead not in chunk.content, chunk.text
        assert chunk.content.count(lead) <= 1


def test_the_lead_in_is_in_the_text_only_of_later_pieces() -> None:
    lead = "To install on the enterprise plan, do this:"
    items = "\n".join(f"{n}. Step {n} is long enough to matter here in the text." for n in
                      range(1, 7))
    text = f"# Install\n\n{lead}\n\n{items}\n"
    chunks = split_text(text, max_size=200)
    assert_chunks_valid(text, chunks, 200)
    assert len(chunks) >= 3
    assert lead in chunks[0].content
    for chunk in chunks[1:]:
        assert chunk.text == f"Install\n\n{lead}\n\n{chunk.content}"


def test_a_list_that_fits_with_its_lead_in_is_not_parted_from_it() -> None:
    """The lead-in does not end one chunk while the list starts the next."""
    intro = "An introduction paragraph of some length that fills the first chunk well."
    lead = "Steps:"
    items = "\n".join(f"- step {n} of the procedure" for n in range(1, 5))
    text = f"{intro}\n\n{lead}\n\n{items}\n"
    chunks = split_text(text, max_size=len(lead) + len(items) + 10)
    holder = next(chunk for chunk in chunks if lead in chunk.content)
    assert items in holder.content
