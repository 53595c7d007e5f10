"""Source files: the file's units (functions, classes, impl blocks) are the document's children.

The programming language comes from the file name (or the `code_language` option) and goes to
`Document.metadata["code_language"]`; `Document.language` stays the natural language.
"""

from __future__ import annotations

from typing import Any

from structchunk.decode import Source
from structchunk.parse.code.languages import code_language_for_path, resolve_code_language
from structchunk.parse.code.outline import outline
from structchunk.tree import Document, Node, NodeKind, make_node, trim_span


def parse(source: Source, language: str | None = None, *, code_language: str | None = None,
          **_options: Any) -> Document:
    """Parse a source file; `language` is the natural language of its comments, if known."""
    code = resolve_code_language(code_language) or code_language_for_path(source.path)
    units, note = outline(source, 0, len(source.text), code)
    metadata: dict[str, Any] = {"code_language": code}
    if code is None:
        note = "no programming language given or known from the file name"
    if note is not None:
        metadata["code_fallback"] = note
        units = _whole(source, code, note)
    root = make_node(source, NodeKind.DOCUMENT, 0, len(source.text), units)
    return Document(source=source, root=root, format="code", language=language,
                    metadata=metadata)


def _whole(source: Source, code: str | None, note: str) -> list[Node]:
    """Without a grammar the file is one unfenced CODE block, cut between lines."""
    start, end = trim_span(source.text, 0, len(source.text))
    if end <= start:
        return []
    return [make_node(source, NodeKind.CODE, start, end, language=code, code_fallback=note)]
