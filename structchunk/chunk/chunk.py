"""The Chunk: verbatim content with exact offsets, plus the text that gets embedded."""

from __future__ import annotations

import hashlib
import json
import unicodedata
from dataclasses import asdict, dataclass, field
from typing import Any

SCHEMA = "structchunk.chunk/v1"


@dataclass(frozen=True)
class Chunk:
    """One chunk. `content == source_text[start:end]` always; `text` is what is embedded
    (heading path line, then the body with any repeated table header or code fence)."""

    text: str
    content: str
    start: int
    end: int
    heading_path: tuple[str, ...]
    kinds: tuple[str, ...]
    language: str | None
    chunk_id: str
    index: int
    size: int
    source: str | None
    metadata: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["heading_path"] = list(self.heading_path)
        data["kinds"] = list(self.kinds)
        data["schema"] = SCHEMA
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Chunk:
        fields = {key: value for key, value in data.items() if key != "schema"}
        fields["heading_path"] = tuple(fields.get("heading_path", ()))
        fields["kinds"] = tuple(fields.get("kinds", ()))
        return cls(**fields)

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, sort_keys=True)


def normalise_for_id(content: str) -> str:
    """NFC and collapsed whitespace, so ids survive line-ending and re-wrapping changes."""
    return " ".join(unicodedata.normalize("NFC", content).split())


def chunk_id(source_id: str, content: str, occurrence: int = 0) -> str:
    """Hash of the source id and the normalised content; `occurrence` separates repeats."""
    digest = hashlib.sha256()
    digest.update(source_id.encode("utf-8"))
    digest.update(b"\x00")
    digest.update(normalise_for_id(content).encode("utf-8"))
    if occurrence:
        digest.update(f"\x00{occurrence}".encode())
    return digest.hexdigest()[:24]


class ChunkIds:
    """`chunk_id` for the chunks of one source in order, counting repeats of a content.

    Each content is normalised and hashed once; a repeat continues the same digest.
    """

    def __init__(self, source_id: str) -> None:
        self._source = hashlib.sha256(source_id.encode("utf-8") + b"\x00")
        self._seen: dict[str, int] = {}

    def next(self, content: str) -> str:
        digest = self._source.copy()
        digest.update(normalise_for_id(content).encode("utf-8"))
        first = digest.hexdigest()[:24]
        occurrence = self._seen.get(first, 0)
        self._seen[first] = occurrence + 1
        if not occurrence:
            return first
        digest.update(f"\x00{occurrence}".encode())
        return digest.hexdigest()[:24]
