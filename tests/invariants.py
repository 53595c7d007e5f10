"""The invariants every chunking must keep, asserted in one place."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

import regex

from structchunk import Chunk
from structchunk.chunk import repairs
from structchunk.chunk.repairs import Repair

# The one repair the built-in strategies need on normal input: the `>` of a blank line inside
# a block quote (and a table's stray pipes) lies between the pieces of the blocks around it,
# and the gap closer attaches it to a neighbour. Any other repair hides a strategy bug.
_MARKUP_GAP = regex.compile(r"[\s>|]+")

_watched: list[list[Repair]] = []  # the repairs of the running test (see tests/conftest.py)


@contextmanager
def watching_repairs() -> Iterator[list[Repair]]:
    """Record the repairs made inside the block where `unexpected_repairs` sees them."""
    with repairs.watch() as found:
        _watched.append(found)
        try:
            yield found
        finally:
            _watched.pop()


def by_design(repair: Repair) -> bool:
    """Whether a repair is the one the block structure makes by design (markup between
    blocks), not a sign of a strategy bug."""
    return repair.kind == repairs.GAP and bool(
        _MARKUP_GAP.fullmatch(repair.source, repair.start, repair.end))


def unexpected_repairs(source: str | None = None) -> list[Repair]:
    """The repairs made so far in the running test (on `source`, if given) that no built-in
    strategy should need."""
    found = _watched[-1] if _watched else []
    return [repair for repair in found if not by_design(repair)
            and (source is None or repair.source == source)]


def assert_chunks_valid(source: str, chunks: Sequence[Chunk], max_size: int,
                        length: Callable[[str], int] = len, *, repaired: bool = False
                        ) -> None:
    """Offsets exact, nothing lost, budget never exceeded, ids unique, and (unless
    `repaired`) none of it owed to a repair step: no strategy left a gap of text or a
    piece over the budget for the shared steps to fix."""
    if not repaired:
        hidden = unexpected_repairs(source)
        assert not hidden, "the repair steps fixed what a strategy produced: " + "; ".join(
            str(repair) for repair in hidden[:3])
    for chunk in chunks:
        assert source[chunk.start:chunk.end] == chunk.content, chunk.index
        assert chunk.content.strip(), f"chunk {chunk.index} is blank"
        assert chunk.size == length(chunk.text)
        # Over-long units are cut at words (and flagged), so even they end up within budget.
        assert chunk.size <= max_size, (chunk.index, chunk.size, chunk.metadata)
    covered = bytearray(len(source))
    for chunk in chunks:
        covered[chunk.start:chunk.end] = b"\x01" * (chunk.end - chunk.start)
    lost = [i for i, flag in enumerate(covered) if not flag and not source[i].isspace()]
    if lost:
        first = lost[0]
        raise AssertionError(f"{len(lost)} characters lost, first at {first}: "
                             f"{source[first:first + 40]!r}")
    assert [c.index for c in chunks] == list(range(len(chunks)))
    assert len({c.chunk_id for c in chunks}) == len(chunks), "chunk ids collide"


def assert_contexts_valid(source: str, chunks: Sequence[Chunk]) -> None:
    """Each context is the verbatim source at its span and holds the chunk's content."""
    for chunk in chunks:
        assert source[chunk.context_start:chunk.context_end] == chunk.context, chunk.index
        assert chunk.context_start <= chunk.start and chunk.end <= chunk.context_end, chunk.index


def embedded(chunks: Sequence[Chunk]) -> list[Chunk]:
    """The chunks that are embedded (a hierarchical parent is stored, not embedded)."""
    return [chunk for chunk in chunks if chunk.metadata.get("hierarchy") != "parent"]


def assert_units_whole(source: str, chunks: Sequence[Chunk],
                       units: Sequence[tuple[int, int]], *, overlap: bool = False) -> None:
    """Each unit that fits the budget (a sentence, a row, a definition) lies whole inside one
    chunk's content (at least one when chunks overlap), no chunk boundary falls inside it,
    and no chunk holding a whole unit is flagged `oversized`.

    The repair steps after packing (budget enforcement, gap closing) keep the invariants of
    `assert_chunks_valid` even when packing went wrong; this check sees what they hide.
    """
    assert units, "no units given: the check would pass on anything"
    for start, end in units:
        shown = repr(source[start:end][:60])
        holders = [chunk for chunk in chunks if chunk.start <= start and end <= chunk.end]
        if overlap:
            assert holders, f"unit {shown} lies whole in no chunk"
        else:
            assert len(holders) == 1, f"unit {shown} lies whole in {len(holders)} chunks"
        for chunk in chunks:
            assert not start < chunk.start < end and not start < chunk.end < end, (
                f"chunk {chunk.index} cuts the unit {shown}")
        for holder in holders:
            assert not holder.metadata.get("oversized"), (
                f"chunk {holder.index} holds the whole unit {shown} but is flagged oversized")


def assert_language_of(chunks: Sequence[Chunk], snippet: str, language: str | None) -> None:
    """The chunk whose content holds `snippet` is labelled `language`."""
    holders = [chunk for chunk in chunks if snippet in chunk.content]
    assert holders, f"no chunk holds {snippet!r}"
    assert {chunk.language for chunk in holders} == {language}, (
        snippet, [chunk.language for chunk in holders])
