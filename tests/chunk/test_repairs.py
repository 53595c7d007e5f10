"""The repair steps: what the gap closer does in each case, and that every repair is seen.

`close_gaps` and the final budget enforcement keep the chunk invariants whatever a strategy
returns; `structchunk.chunk.repairs.watch()` records each repair so the suite can require
that the built-in strategies need none (tests/conftest.py, tests/invariants.py).
"""

from __future__ import annotations

import pytest

import structchunk
from structchunk.chunk import repairs
from structchunk.chunk.budget import Budget
from structchunk.chunk.finish import close_gaps
from structchunk.chunk.pack import OVERSIZED, Packer, Piece, Title
from structchunk.chunk.strategies import SentenceChunker
from structchunk.errors import BudgetError
from structchunk.evaluate.embeddings import hashing_embedding
from tests.invariants import assert_chunks_valid, by_design, embedded, unexpected_repairs

# Most tests here make the gap closer work on purpose.
pytestmark = pytest.mark.repairs

PROSE = ("The committee met on Monday. The budget was reviewed in detail. "
         "A vote was postponed. The chair closed the session at noon.")


def _spans(pieces: list[Piece]) -> list[tuple[int, int]]:
    return [(piece.start, piece.end) for piece in pieces]


def _packer(source: str, max_size: int) -> Packer:
    return Packer(source, Budget(max_size=max_size))


# --- the gap closer, case by case --------------------------------------------------------


def test_a_gap_goes_to_the_next_piece_when_it_fits_there() -> None:
    source = "aaaa > bbbb cccc"
    pieces = [Piece(0, 4), Piece(7, 16, (Title("T"),), open_titles=1)]
    with repairs.watch() as found:
        closed = close_gaps(_packer(source, 100), pieces)
    assert _spans(closed) == [(0, 4), (5, 16)]
    # the heading no longer opens the piece: its title goes back into the context line
    assert closed[1].open_titles == 0 and closed[1].path == (Title("T"),)
    assert [(r.kind, r.start, r.end, r.how) for r in found] == [(repairs.GAP, 5, 6, "next")]


def test_a_gap_that_does_not_fit_the_next_piece_goes_to_the_previous_one() -> None:
    source = "aaaa xx bbbbbbbbbb"
    pieces = [Piece(0, 4), Piece(8, 18)]
    with repairs.watch() as found:
        closed = close_gaps(_packer(source, 10), pieces)
    assert _spans(closed) == [(0, 7), (8, 18)]
    assert [(r.start, r.end, r.how) for r in found] == [(5, 7, "previous")]


def test_a_gap_that_fits_neither_neighbour_becomes_a_piece_of_its_own() -> None:
    source = "aaaaaaaaaa xx bbbbbbbbbb"
    pieces = [Piece(0, 10), Piece(14, 24, (Title("T"),))]
    with repairs.watch() as found:
        closed = close_gaps(_packer(source, 10), pieces)
    assert _spans(closed) == [(0, 10), (11, 13), (14, 24)]
    assert closed[1].path == (Title("T"),)  # under the path of the text after it
    assert OVERSIZED not in closed[1].flags, "a gap that fits whole is not a cut unit"
    assert [(r.start, r.end, r.how) for r in found] == [(11, 13, "own")]


def test_a_gap_longer_than_the_budget_is_cut_at_words_and_flagged() -> None:
    source = "aaaaaaaaaa xxxx yyyy zzzz bbbbbbbbbb"
    pieces = [Piece(0, 10), Piece(26, 36)]
    closed = close_gaps(_packer(source, 10), pieces)
    assert _spans(closed) == [(0, 10), (11, 20), (21, 25), (26, 36)]
    assert all(OVERSIZED in piece.flags for piece in closed[1:3])
    assert not closed[0].flags and not closed[3].flags


def test_a_gap_is_not_attached_to_a_framed_piece_before_it() -> None:
    # the piece before ends with a frame (a repeated closing fence): text after it would
    # land after the fence, so the gap becomes its own piece although it fits there
    source = "aaaa xx bbbbbbbbbb"
    pieces = [Piece(0, 4, suffix="\n```"), Piece(8, 18)]
    closed = close_gaps(_packer(source, 10), pieces)
    assert _spans(closed) == [(0, 4), (5, 7), (8, 18)]
    assert closed[0].suffix == "\n```" and not closed[1].suffix


def test_a_gap_at_the_very_start_goes_to_the_first_piece() -> None:
    source = "> aaaa bbbb"
    with repairs.watch() as found:
        closed = close_gaps(_packer(source, 100), [Piece(2, 11)])
    assert _spans(closed) == [(0, 11)]
    assert [(r.start, r.end, r.how) for r in found] == [(0, 1, "next")]


def test_a_gap_at_the_very_start_that_does_not_fit_the_first_piece_stands_alone() -> None:
    source = "xx bbbbbbbbbb"
    with repairs.watch() as found:
        closed = close_gaps(_packer(source, 10), [Piece(3, 13)])
    assert _spans(closed) == [(0, 2), (3, 13)]
    assert [(r.start, r.end, r.how) for r in found] == [(0, 2, "own")]


def test_text_after_the_last_piece_goes_to_it_when_it_fits() -> None:
    source = "aaaa bbbb  zz  "
    with repairs.watch() as found:
        closed = close_gaps(_packer(source, 100), [Piece(0, 9)])
    assert _spans(closed) == [(0, 13)]  # trimmed: the trailing spaces stay out
    assert [(r.start, r.end, r.how) for r in found] == [(11, 13, "previous")]


def test_text_after_the_last_piece_stands_alone_when_it_does_not_fit() -> None:
    source = "aaaaaaaaaa zz"
    path = (Title("T"),)
    with repairs.watch() as found:
        closed = close_gaps(_packer(source, 10), [Piece(0, 10, path)])
    assert _spans(closed) == [(0, 10), (11, 13)]
    assert closed[1].path == path and OVERSIZED not in closed[1].flags
    assert [(r.start, r.end, r.how) for r in found] == [(11, 13, "own")]


def test_text_after_a_framed_last_piece_stands_alone() -> None:
    source = "aaaa zz"
    closed = close_gaps(_packer(source, 100), [Piece(0, 4, suffix="\n```")])
    assert _spans(closed) == [(0, 4), (5, 7)]


def test_a_text_with_no_pieces_becomes_pieces_of_its_own() -> None:
    source = "  lonely words  "
    with repairs.watch() as found:
        closed = close_gaps(_packer(source, 100), [])
    assert _spans(closed) == [(2, 14)] and closed[0].path == ()
    assert [(r.start, r.end, r.how) for r in found] == [(2, 14, "own")]


def test_whitespace_between_pieces_and_overlapping_pieces_are_no_gap() -> None:
    source = "aaaa \n\t bbbb cccc"
    pieces = [Piece(8, 17), Piece(0, 4), Piece(8, 12)]  # unsorted, one inside another
    with repairs.watch() as found:
        closed = close_gaps(_packer(source, 100), pieces)
    assert _spans(closed) == [(0, 4), (8, 12), (8, 17)]
    assert found == []


def test_a_character_that_fits_nowhere_is_a_budget_error() -> None:
    source = "a" * 5 + " " + "\u4e00" * 3
    budget = Budget(max_size=5, length=lambda text: 10 * len(text))
    with pytest.raises(BudgetError, match="cannot hold even one character"):
        close_gaps(Packer(source, budget), [Piece(0, 5)])


# --- repairs are seen --------------------------------------------------------------------


class _OneLate:
    """The sentence strategy with its first piece starting one character late."""

    name = "sentence"

    def chunk(self, document, context):  # type: ignore[no-untyped-def]
        pieces = SentenceChunker().chunk(document, context)
        return [Piece(pieces[0].start + 1, pieces[0].end), *pieces[1:]]


class _Whole:
    """A strategy that returns the whole text as one piece, whatever the budget."""

    name = "whole"

    def chunk(self, document, context):  # type: ignore[no-untyped-def]
        return [Piece(0, len(document.text))]


def test_a_strategy_that_starts_one_character_late_is_seen() -> None:
    chunks = structchunk.split_text(PROSE, strategy=_OneLate(), max_size=60)
    # the gap closer hides the bug from the plain invariants...
    assert chunks[0].start == 0
    assert_chunks_valid(PROSE, chunks, 60, repaired=True)
    # ...but not from the repair record
    hidden = unexpected_repairs(PROSE)
    assert [(r.kind, r.start, r.end, r.how) for r in hidden] == [(repairs.GAP, 0, 1, "next")]
    with pytest.raises(AssertionError, match=r"gap \[0, 1\) 'T' closed: next"):
        assert_chunks_valid(PROSE, chunks, 60)


def test_a_strategy_piece_over_the_budget_is_seen() -> None:
    chunks = structchunk.split_text(PROSE, strategy=_Whole(), max_size=60)
    assert len(chunks) > 1 and all(chunk.metadata.get("oversized") for chunk in chunks)
    hidden = unexpected_repairs(PROSE)
    assert [(r.kind, r.start, r.end, r.how) for r in hidden] == [
        (repairs.OVER_BUDGET, 0, len(PROSE), "split")]
    with pytest.raises(AssertionError, match="over_budget"):
        assert_chunks_valid(PROSE, chunks, 60)


@pytest.mark.parametrize("strategy", ["hybrid", "sentence", "recursive", "fixed",
                                      "sentence_window", "hierarchical", "semantic",
                                      "metadata_aware"])
def test_the_built_in_strategies_need_no_repair(strategy: str) -> None:
    options = {"embedding": hashing_embedding(16)} if strategy == "semantic" else None
    source = ("# Minutes\n\n" + PROSE + "\n\n> A quoted remark on the budget.\n>\n"
              "> A second quoted paragraph.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n"
              "```python\ndef total(items):\n    return sum(items)\n```\n")
    for max_size in (40, 80, 200):
        with repairs.watch() as found:
            chunks = structchunk.split_text(source, strategy=strategy, max_size=max_size,
                                            strategy_options=options)
        assert chunks
        assert [str(r) for r in found if not by_design(r)] == []
        # a hierarchical parent holds up to four budgets; what is embedded, one
        assert_chunks_valid(source, chunks, 4 * max_size if strategy == "hierarchical"
                            else max_size)
        assert all(chunk.size <= max_size for chunk in embedded(chunks))


def test_the_quote_marker_between_quoted_paragraphs_is_the_repair_made_by_design() -> None:
    source = "> First quoted paragraph here.\n>\n> Second quoted paragraph here."
    with repairs.watch() as found:
        chunks = structchunk.split_text(source, max_size=40)
    assert [(r.kind, source[r.start:r.end]) for r in found] == [(repairs.GAP, ">")]
    assert by_design(found[0])
    assert any(chunk.content.startswith(">\n> Second") for chunk in chunks)


def test_watchers_nest_and_stop_at_the_end_of_their_block() -> None:
    source = "xx bbbb"
    packer = _packer(source, 100)
    with repairs.watch() as outer:
        with repairs.watch() as inner:
            close_gaps(packer, [Piece(3, 7)])
        close_gaps(packer, [Piece(3, 7)])
        with repairs.watch() as empty_one, repairs.watch() as empty_two:
            pass
        close_gaps(packer, [Piece(3, 7)])
    close_gaps(packer, [Piece(3, 7)])
    assert len(inner) == 1 and len(outer) == 3
    assert empty_one == [] and empty_two == []
    assert inner[0] == outer[0] and inner[0].source is source
    assert str(inner[0]) == "gap [0, 2) 'xx' closed: next"

