"""Chunk ids: a hash of the source's id and the chunk's normalised content, counting repeats.

Its own module so that it is compiled (one call per chunk) while `Chunk` stays a plain
dataclass.
"""

from __future__ import annotations

import hashlib

from structchunk.nfc import nfc


def normalise_for_id(content: str) -> str:
    """NFC and collapsed whitespace, so ids survive line-ending and re-wrapping changes."""
    return " ".join(nfc(content).split())


class ChunkIds:
    """`chunk_id` for the chunks of one source in order, counting repeats of a content.

    Each content is normalised and hashed once; a repeat continues the same digest. With
    `nfc_source`, the contents are slices of a text known to be in NFC, and so are in NFC
    themselves (a substring of an NFC string cannot compose or reorder differently: both
    need the characters around the cut, which the substring keeps or drops whole), so only
    their whitespace is collapsed.
    """

    def __init__(self, source_id: str, nfc_source: bool = False) -> None:
        self._source = hashlib.sha256(source_id.encode("utf-8") + b"\x00")
        self._seen: dict[str, int] = {}
        self._nfc = nfc_source

    def next(self, content: str) -> str:
        digest = self._source.copy()
        normalised = " ".join(content.split()) if self._nfc else normalise_for_id(content)
        digest.update(normalised.encode("utf-8"))
        first = digest.hexdigest()[:24]
        occurrence = self._seen.get(first, 0)
        self._seen[first] = occurrence + 1
        if not occurrence:
            return first
        digest.update(f"\x00{occurrence}".encode())
        return digest.hexdigest()[:24]


__all__ = ["ChunkIds", "normalise_for_id"]
