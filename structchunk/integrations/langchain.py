"""LangChain adapter: structchunk's chunking behind the `TextSplitter` interface.

Install with `pip install "structchunk-rag[langchain]"`. A drop-in for
`RecursiveCharacterTextSplitter`: every argument it takes is accepted, and does this:

- `chunk_size`: the budget (`max_size`), measured on the embedded text, heading path included.
- `chunk_overlap`: LangChain's meaning by default (`overlap_style="langchain"`): every page
  after the first starts with the tail of the text before it, up to `chunk_overlap` (in the
  units of `chunk_size`), cut at a word, within `chunk_size` (the chunks are sized for it);
  metadata `overlap_start` says where the repeated tail starts, while `start_index` and
  `end_index` keep pointing at the chunk's own verbatim content. `overlap_style="structchunk"`
  repeats only whole trailing sentences inside split prose, up to `chunk_overlap`.
- `length_function`: how `chunk_size` and `chunk_overlap` are counted (characters by default).
- `keep_separator`: accepted for compatibility; chunks are always exact source slices, so
  separators are never dropped or moved, whatever its value.
- `add_start_index`: `start_index`/`end_index` in metadata (default True here: exact offsets
  into the input, `text[start_index:end_index]` is the chunk's verbatim content).
- `strip_whitespace`: strip the page content (offsets always refer to the verbatim content).
- `separators`, `is_separator_regex`: accepted for compatibility; structure decides the cuts.

Further: `tokenizer=` (see `structchunk.tokens`), `strategy=`, `format=`, `code_language=`
(a string of code, chunked as code), `language=`, `embed_context=False` (page content is the
verbatim slice instead of the text with its heading path), `path_line=` (which chunks embed
their heading path line: "inside", the default, "always" or "never"; as the API's
`path_line`), `include_content=True` (the
verbatim content also in metadata). An unknown keyword raises a `StructchunkError`.
Metadata values are strings, numbers or booleans only (see `integrations.common`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any

from structchunk.api import DEFAULT_MAX_SIZE
from structchunk.chunk.chunk import Chunk
from structchunk.errors import MissingDependencyError, install_hint
from structchunk.integrations.common import chunk_string, flat_metadata, string_chunker
from structchunk.integrations.overlap import OverlapPlan, Page
from structchunk.options import check_keywords
from structchunk.tokens import resolve_tokenizer

try:
    from langchain_core.documents import Document as LangChainDocument
    from langchain_text_splitters import TextSplitter
except ImportError as err:  # pragma: no cover - exercised only without the extra
    raise MissingDependencyError(
        f"the LangChain adapter needs the 'langchain' extra: {install_hint('langchain')}"
    ) from err

_COMPATIBLE = ("separators", "is_separator_regex")
_DOCUMENT_LANGUAGES = {"markdown": "markdown", "html": "html", "rst": "rst"}


class StructchunkTextSplitter(TextSplitter):
    """A LangChain `TextSplitter` that chunks by document structure (see the module doc)."""

    def __init__(self, chunk_size: int = DEFAULT_MAX_SIZE, chunk_overlap: int = 0,
                 length_function: Callable[[str], int] = len,
                 keep_separator: bool | str = True, add_start_index: bool = True,
                 strip_whitespace: bool = True, *, tokenizer: Any = None,
                 strategy: str = "hybrid", format: str | None = None,
                 code_language: str | None = None, language: str | None = None,
                 embed_context: bool = True, include_content: bool = False,
                 overlap_sentences: int = 0, sentence_backend: Any = "structchunk",
                 overlap_style: str = "langchain", path_line: str = "inside",
                 **kwargs: Any) -> None:
        check_keywords(kwargs, _COMPATIBLE, "StructchunkTextSplitter", extra_known=(
            "chunk_size", "chunk_overlap", "length_function", "keep_separator",
            "add_start_index", "strip_whitespace", "tokenizer", "strategy", "format",
            "code_language", "language", "embed_context", "include_content",
            "overlap_sentences", "sentence_backend", "overlap_style", "path_line"))
        self._plan = OverlapPlan.of("StructchunkTextSplitter", overlap_style, chunk_size,
                                    chunk_overlap)
        self._counter = resolve_tokenizer(tokenizer) if tokenizer is not None else None
        measure = self._counter or length_function
        super().__init__(chunk_size=chunk_size, chunk_overlap=chunk_overlap,
                         length_function=measure, keep_separator=keep_separator,  # type: ignore[arg-type]
                         add_start_index=add_start_index, strip_whitespace=strip_whitespace)
        self._chunker = string_chunker(
            "StructchunkTextSplitter", format=format, code_language=code_language,
            strategy=strategy, max_size=self._plan.max_size, overlap=overlap_sentences,
            overlap_size=self._plan.sentence_overlap, language=language,
            sentence_backend=sentence_backend, path_line=path_line,
            length_function=None if measure is len else measure)
        self._embed_context = embed_context
        self._include_content = include_content

    @classmethod
    def from_tiktoken_encoder(cls, encoding_name: str = "cl100k_base",
                              model_name: str | None = None,
                              allowed_special: Any = None,
                              disallowed_special: Any = "all",
                              **kwargs: Any) -> StructchunkTextSplitter:
        """Count tokens of a tiktoken encoding shipped with structchunk (offline).

        `model_name` (e.g. "gpt-4o") picks its encoding. `allowed_special` and
        `disallowed_special` are accepted for compatibility: special-token strings in the
        text are always counted as ordinary text, never refused.
        """
        del allowed_special, disallowed_special
        return cls(tokenizer=model_name or encoding_name, **kwargs)

    @classmethod
    def from_huggingface_tokenizer(cls, tokenizer: Any, **kwargs: Any
                                   ) -> StructchunkTextSplitter:
        """Count tokens of a transformers tokenizer or a `tokenizers.Tokenizer` (or the path
        to its tokenizer.json), special tokens excluded."""
        return cls(tokenizer=tokenizer, **kwargs)

    @classmethod
    def from_language(cls, language: Any, **kwargs: Any) -> StructchunkTextSplitter:
        """A splitter for one language, as LangChain's `RecursiveCharacterTextSplitter.
        from_language`: a programming language (a `Language` member or its value, such as
        "python" or "go") chunks code cut at definitions; "markdown", "html" and "rst" name
        those document formats."""
        name = str(getattr(language, "value", language)).lower()
        document_format = _DOCUMENT_LANGUAGES.get(name)
        if document_format is not None:
            return cls(format=document_format, **kwargs)
        return cls(code_language=name, **kwargs)

    def chunks(self, text: str, source_id: str | None = None, path: str | None = None
               ) -> list[Chunk]:
        """structchunk's own chunks of `text` (offsets, heading path, ids); `path`, the file
        it came from, chooses the format when none was given."""
        return chunk_string(self._chunker, text, source_id, path)

    def pages(self, text: str, source_id: str | None = None, path: str | None = None
              ) -> list[Page]:
        """The chunks of `text` with their page content, the LangChain overlap included."""
        chunks = self.chunks(text, source_id, path)
        pages = self._plan.pages(text, chunks, self._embed_context, self._length_function)
        if self._strip_whitespace:
            pages = [replace(page, text=page.text.strip()) for page in pages]
        return pages

    def split_text(self, text: str) -> list[str]:
        return [page.text for page in self.pages(text)]

    def create_documents(self, texts: list[str], metadatas: list[dict[Any, Any]] | None = None
                         ) -> list[LangChainDocument]:
        """One Document per chunk. A `source` in the given metadata becomes the source id,
        so chunk ids differ between documents and stay the same on re-indexing; it (or
        `file_path`) also chooses the format by its suffix, as a file of that name would be
        read, unless a format or code language was given."""
        documents = []
        for position, text in enumerate(texts):
            base = dict(metadatas[position]) if metadatas else {}
            source = base.get("source")
            named = base.get("file_path") or source
            for page in self.pages(text, source_id=str(source) if source else None,
                                   path=str(named) if named else None):
                chunk = page.chunk
                metadata = {**base, **flat_metadata(chunk, offsets=self._add_start_index,
                                                    content=self._include_content)}
                if page.overlap_start is not None:
                    metadata["overlap_start"] = page.overlap_start
                documents.append(LangChainDocument(page_content=page.text,
                                                   metadata=metadata, id=chunk.chunk_id))
        return documents

    def split_documents(self, documents: Iterable[LangChainDocument]
                        ) -> list[LangChainDocument]:
        items: Sequence[LangChainDocument] = list(documents)
        return self.create_documents([d.page_content for d in items],
                                     [dict(d.metadata) for d in items])


__all__ = ["StructchunkTextSplitter"]
