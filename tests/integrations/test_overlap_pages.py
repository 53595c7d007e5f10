"""`overlapped_pages` when the full tail does not fit the budget: the tail is shortened a word
at a time, always starting at a word, and a page with no room keeps no tail at all."""

from __future__ import annotations

import structchunk
from structchunk.integrations.overlap import overlapped_pages

TEXT = ("The ferry leaves the north pier every hour on weekdays. "
        "Tickets are sold on board and at the kiosk beside the gate. "
        "Bicycles travel free outside the morning rush. "
        "Dogs on a lead are welcome on the open deck. ")


def _chunks() -> list[structchunk.Chunk]:
    chunks = structchunk.split_text(TEXT, strategy="sentence", max_size=70)
    assert len(chunks) >= 3
    return chunks


def test_a_tail_too_long_for_the_budget_is_shortened_to_a_word_that_fits() -> None:
    chunks = _chunks()
    pages = [chunk.content for chunk in chunks]
    room = 12
    longest = max(len(page) for page in pages)
    result = overlapped_pages(TEXT, chunks, pages, 40, longest + room, len)
    tails = [page for page in result[1:] if page.overlap_start is not None]
    assert len(tails) == len(chunks) - 1
    for page in tails:
        start = page.overlap_start
        assert start is not None
        assert page.text == TEXT[start:page.chunk.end]
        assert 0 < page.chunk.start - start <= 40
        assert len(page.text) <= longest + room
        # at a word: after a space, on a letter
        assert TEXT[start - 1].isspace() and not TEXT[start].isspace()
    # the budget, not the overlap, set some tail: it is shorter than the 40 allowed
    assert any(page.chunk.start - (page.overlap_start or 0) < 30 for page in tails)


def test_a_page_already_at_the_budget_gets_no_tail() -> None:
    chunks = _chunks()
    pages = [chunk.content for chunk in chunks]
    result = overlapped_pages(TEXT, chunks, pages, 40, max(len(page) for page in pages) + 0,
                              len)
    longest = max(range(1, len(chunks)), key=lambda index: len(pages[index]))
    page = result[longest]
    assert page.chunk == chunks[longest]
    assert (page.text, page.overlap_start) == (pages[longest], None)
