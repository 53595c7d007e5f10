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
