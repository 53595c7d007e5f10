"""The invariants every chunking must keep, asserted in one place."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from structchunk import Chunk


def assert_chunks_valid(source: str, chunks: Sequence[Chunk], max_size: int,
                        length: Callable[[str], int] = len) -> None:
    """Offsets exact, nothing lost, budget never exceeded, ids unique."""
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
