"""The documents a set of span cases names, parsed once and chunked per configuration."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from structchunk.api import parse
from structchunk.chunk.chunk import Chunk
from structchunk.errors import SourceNotFoundError
from structchunk.evaluate.config import Chunking, retrievable
from structchunk.tree import Document


class Corpus:
    """`root` is the folder the cases' `doc` paths are relative to."""

    def __init__(self, root: str | Path) -> None:
        self.root = Path(root)
        if not self.root.is_dir():
            raise SourceNotFoundError("the corpus is not a folder", str(root))
        self._documents: dict[tuple[str, str], Document] = {}

    def document(self, name: str, chunking: Chunking | None = None) -> Document:
        """The named document, parsed once per set of parse options (a configuration's
        Markdown backend, say, builds another tree)."""
        key = (name, chunking.parse_key() if chunking is not None else "")
        if key not in self._documents:
            path = self.root / name
            if not path.is_file():
                raise SourceNotFoundError(f"no such document in the corpus {self.root}", name)
            self._documents[key] = (chunking.chunker.parse(path) if chunking is not None
                                    and chunking.parse_key() else parse(path))
        return self._documents[key]

    def chunks(self, names: Iterable[str], chunking: Chunking) -> dict[str, list[Chunk]]:
        """All chunks of each named document (parents included), in document order."""
        return {name: chunking.split(self.document(name, chunking))
                for name in dict.fromkeys(names)}


def searchable(chunked: dict[str, list[Chunk]]) -> list[tuple[str, Chunk]]:
    """(document, chunk) for every chunk a search runs over, documents in the given order."""
    return [(name, chunk) for name, chunks in chunked.items() for chunk in retrievable(chunks)]


__all__ = ["Corpus", "searchable"]
