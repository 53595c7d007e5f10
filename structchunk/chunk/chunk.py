"""The Chunk: verbatim content with exact offsets, the text that gets embedded, and the
context the language model reads when the chunk is retrieved."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any

# Re-exported: ids were defined here, and callers import them from here.
from structchunk.chunk.ids import ChunkIds, normalise_for_id
from structchunk.errors import StructchunkError

SCHEMA = "structchunk.chunk/v2"
# Rows written under these names are still read (v1 rows have no context: it is the content).
READABLE_SCHEMAS = ("structchunk.chunk/v1", SCHEMA)


@dataclass(frozen=True)
class Chunk:
    """One chunk. `content == source_text[start:end]` always; `text` is what is embedded
    (heading path line, then the body with any repeated table header or code fence).

    `context == source_text[context_start:context_end]` is what a language model is given when
    the chunk is retrieved: the content itself unless the strategy widens it (a sentence's
    window, a leaf's parent section). It always contains the content.
    """

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
    context: str = ""
    context_start: int = -1
    context_end: int = -1

    def __post_init__(self) -> None:
        if self.context_start < 0:  # not widened: the model reads the content
            object.__setattr__(self, "context", self.content)
            object.__setattr__(self, "context_start", self.start)
            object.__setattr__(self, "context_end", self.end)

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["heading_path"] = list(self.heading_path)
        data["kinds"] = list(self.kinds)
        data["schema"] = SCHEMA
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Chunk:
        schema = data.get("schema", SCHEMA)
        if schema not in READABLE_SCHEMAS:
            raise StructchunkError(f"unknown chunk schema {schema!r} (readable: "
                             f"{', '.join(READABLE_SCHEMAS)})")
        fields = {key: value for key, value in data.items() if key != "schema"}
        fields["heading_path"] = tuple(fields.get("heading_path", ()))
        fields["kinds"] = tuple(fields.get("kinds", ()))
        return cls(**fields)

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, sort_keys=True)


__all__ = ["READABLE_SCHEMAS", "SCHEMA", "Chunk", "ChunkIds", "normalise_for_id"]
