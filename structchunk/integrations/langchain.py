"""LangChain adapter: structchunk's hybrid chunking behind the `TextSplitter` interface.

Install with `pip install "structchunk-rag[langchain]"`. `split_text` returns the embedded texts
(heading path included); `create_documents` keeps offsets, heading path and ids in metadata.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from structchunk.api import DEFAULT_MAX_SIZE, split
from structchunk.chunk.chunk import Chunk
from structchunk.errors import MissingDependencyError, install_hint

try:
    from langchain_core.documents import Document as LangChainDocument
    from langchain_text_splitters import TextSplitter
except ImportError as err:  # pragma: no cover - exercised only without the extra
    raise MissingDependencyError(
        f"the LangChain adapter needs the 'langchain' extra: {install_hint('langchain')}"
    ) from err


class StructchunkTextSplitter(TextSplitter):
    """A LangChain `TextSplitter` that chunks by document structure.

    `embed_context=True` (default) returns the text with its heading path, as embedded;
    `False` returns the verbatim source slices.
    """

    def __init__(self, chunk_size: int = DEFAULT_MAX_SIZE, strategy: str = "hybrid",
                 length_function: Callable[[str], int] = len, overlap_sentences: int = 0,
                 format: str | None = "markdown", language: str | None = None,
                 embed_context: bool = True, **kwargs: Any) -> None:
        super().__init__(chunk_size=chunk_size, chunk_overlap=0,
                         length_function=length_function, **kwargs)
        self._strategy = strategy
        self._overlap_sentences = overlap_sentences
        self._format = format
        self._language = language
        self._embed_context = embed_context
        self._length = None if length_function is len else length_function

    def chunks(self, text: str) -> list[Chunk]:
        return split(text, strategy=self._strategy, max_size=self._chunk_size,
                     length_function=self._length, overlap=self._overlap_sentences,
                     format=self._format, language=self._language)

    def split_text(self, text: str) -> list[str]:
        return [chunk.text if self._embed_context else chunk.content
                for chunk in self.chunks(text)]

    def create_documents(self, texts: list[str], metadatas: list[dict[Any, Any]] | None = None
                         ) -> list[LangChainDocument]:
        documents = []
        for position, text in enumerate(texts):
            base = dict(metadatas[position]) if metadatas else {}
            for chunk in self.chunks(text):
                metadata = {**base, "start_index": chunk.start, "end_index": chunk.end,
                            "heading_path": list(chunk.heading_path),
                            "chunk_id": chunk.chunk_id, "language": chunk.language,
                            "content": chunk.content}
                page = chunk.text if self._embed_context else chunk.content
                documents.append(LangChainDocument(page_content=page, metadata=metadata))
        return documents

    def split_documents(self, documents: Iterable[LangChainDocument]
                        ) -> list[LangChainDocument]:
        items: Sequence[LangChainDocument] = list(documents)
        return self.create_documents([d.page_content for d in items],
                                     [dict(d.metadata) for d in items])


__all__ = ["StructchunkTextSplitter"]
