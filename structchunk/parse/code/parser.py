"""Source files: the file's units (functions, classes, impl blocks) are the document's children.

The programming language comes from the file name (or the `code_language` option) and goes to
`Document.metadata["code_language"]`; `Document.language` stays the natural language.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from structchunk.decode import Source
from structchunk.parse.code.outline import normalise_language, outline
from structchunk.tree import Document, Node, NodeKind, make_node, trim_span

LANGUAGE_BY_SUFFIX = {
    ".py": "python", ".pyi": "python", ".js": "javascript", ".mjs": "javascript",
    ".cjs": "javascript", ".jsx": "javascript", ".ts": "typescript", ".mts": "typescript",
    ".cts": "typescript", ".tsx": "tsx", ".go": "go", ".rs": "rust", ".java": "java",
    ".c": "c", ".h": "cpp", ".cpp": "cpp", ".cc": "cpp", ".cxx": "cpp", ".hpp": "cpp",
    ".hh": "cpp", ".sh": "bash", ".bash": "bash", ".json": "json", ".yaml": "yaml",
    ".yml": "yaml",
}


def language_for_path(path: str | None) -> str | None:
    """The grammar name for a file name, by its suffix."""
    if path is None:
        return None
    return LANGUAGE_BY_SUFFIX.get(Path(path).suffix.lower())


def parse(source: Source, language: str | None = None, *, code_language: str | None = None,
          **_options: Any) -> Document:
    """Parse a source file; `language` is the natural language of its comments, if known."""
    code = normalise_language(code_language) or language_for_path(source.path)
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
