"""What both framework adapters share: chunking a string, and flat, store-safe metadata.

Vector stores accept metadata values that are strings, numbers or booleans; the heading
path is therefore joined into one string and also given per level (`h1`, `h2`, ...), in the
style of LangChain's MarkdownHeaderTextSplitter.
"""

from __future__ import annotations

from typing import Any

import regex

from structchunk.chunk.budget import PATH_SEPARATOR
from structchunk.chunk.chunk import Chunk
from structchunk.chunker import Chunker
from structchunk.decode import from_text
from structchunk.parse.code.languages import code_language_for_path
from structchunk.parse.formats import format_for_name
from structchunk.parse.sniffing import looks_like_notebook


def string_chunker(where: str, *, code_language: str | None = None, format: str | None = None,
                   **options: Any) -> Chunker:
    """The Chunker an adapter builds once; `code_language` implies the code format, so a
    string of code chunks as the same code in a file would."""
    if code_language is not None:
        format = "code"
        options["code_language"] = code_language
    return Chunker.named(where, {"format": format, **options})


def chunk_string(chunker: Chunker, text: str, source_id: str | None = None,
                 path: str | None = None) -> list[Chunk]:
    """Chunks of a string given as content (never read as a path). `path` is the file the
    text was loaded from (a loader's `source` or `file_path`): when the chunker forces no
    format, its suffix chooses one (a `.py` file is chunked as Python), where the text is
    still in that format."""
    if path and chunker.reader.format is None:
        name = format_of_loaded(path, text)
        if name == "code":
            chunker = chunker.with_format("code", code_language=code_language_for_path(path))
        elif name is not None:
            chunker = chunker.with_format(name)
    return chunker.split(from_text(text), source_id=source_id)


def format_of_loaded(path: str, text: str) -> str | None:
    """The format a loaded file's name gives its text, if the text is still in it.

    Loaders hand over text: a PDF or Word file arrives as its extracted text (read as text,
    not as a PDF), and an HTML loader may already have stripped the tags, so a name that
    says HTML or notebook is trusted only when the text still looks like one.
    """
    fmt = format_for_name(path)
    if fmt is None or fmt.binary or fmt.unsupported is not None:
        return None
    if fmt.name == "html" and not _MARKUP.search(text[:65536]):
        return None
    if fmt.name == "notebook" and not looks_like_notebook(text):
        return None
    return fmt.name


_MARKUP = regex.compile(r"<(?:[A-Za-z][A-Za-z0-9-]*[\s/>]|!--|!doctype)", regex.IGNORECASE)


def flat_metadata(chunk: Chunk, *, offsets: bool = True, content: bool = False
                  ) -> dict[str, str | int | float | bool]:
    """Scalar metadata of a chunk: heading path joined and per level, id, index, language,
    offsets (`start_index`/`end_index`), the context span (and its text where it is wider
    than the content), the strategy's level marks, and the verbatim content only when asked."""
    metadata: dict[str, str | int | float | bool] = {
        "heading_path": PATH_SEPARATOR.join(chunk.heading_path),
        "chunk_id": chunk.chunk_id,
        "chunk_index": chunk.index,
    }
    for level, title in enumerate(chunk.heading_path, start=1):
        metadata[f"h{level}"] = title
    if chunk.language:
        metadata["language"] = chunk.language
    if chunk.metadata.get("oversized"):
        metadata["oversized"] = True
    if offsets:
        metadata["start_index"] = chunk.start
        metadata["end_index"] = chunk.end
    if content:
        metadata["content"] = chunk.content
    # What the model reads: its span always, its text when a strategy widened it.
    metadata["context_start"] = chunk.context_start
    metadata["context_end"] = chunk.context_end
    if content or chunk.context != chunk.content:
        metadata["context"] = chunk.context
    for key in ("strategy", "hierarchy", "parent_id"):
        if isinstance(chunk.metadata.get(key), str):
            metadata[key] = chunk.metadata[key]
    return metadata
