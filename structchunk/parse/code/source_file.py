"""Source files: the file's units (functions, classes, impl blocks) are the document's children.

The programming language comes from the file name (or the `code_language` option) and goes to
`Document.metadata["code_language"]`; `Document.language` stays the natural language.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import PurePath
from typing import Any

from structchunk.decode import Source
from structchunk.options import FormatOptions, option, optional
from structchunk.parse.code.definitions import code_meta, outline
from structchunk.parse.code.languages import code_language_for_path, resolve_code_language
from structchunk.tree import Document, Node, NodeKind, SourceFile, make_node, trim_span


@dataclass(frozen=True)
class CodeOptions(FormatOptions):
    """`code_language` names the programming language (and implies the code format);
    `path_root` is the folder a source file's title is given relative to."""

    format = "code"
    code_language: str | None = option(None, "a programming language name (str)",
                                       optional(str))
    path_root: str | os.PathLike[str] | None = option(None, "a folder (str or path)",
                                                      optional(str, os.PathLike))


def parse(source: Source, language: str | None = None, *, code_language: str | None = None,
          path_root: str | os.PathLike[str] | None = None, **_options: Any) -> Document:
    """Parse a source file; `language` is the natural language of its comments, if known.

    The file's path, relative to `path_root` when given, else its name, becomes the title
    that roots every chunk's heading path (`flask/app.py > class Flask > def run`).
    """
    code = resolve_code_language(code_language) or code_language_for_path(source.path)
    units, note = outline(source, 0, len(source.text), code)
    metadata: dict[str, Any] = {"code_language": code}
    title = display_path(source.path, path_root)
    if title:
        metadata["title"] = title
    if code is None:
        note = "no programming language given or known from the file name"
    if note is not None:
        metadata["code_fallback"] = note
        units = _whole(source, code, note)
    root = make_node(source, NodeKind.DOCUMENT, 0, len(source.text), units)
    carried: dict[str, Any] = {key: metadata[key] for key in ("code_language", "code_fallback")
                               if key in metadata}
    return Document(source=source, root=root, format="code", language=language,
                    metadata=metadata, source_file=SourceFile(code, note), carried=carried)


def _whole(source: Source, code: str | None, note: str) -> list[Node]:
    """Without a grammar the file is one unfenced CODE block, cut between lines."""
    start, end = trim_span(source.text, 0, len(source.text))
    if end <= start:
        return []
    return [make_node(source, NodeKind.CODE, start, end, language=code, code_fallback=note,
                      meta=code_meta(code, note))]


def display_path(path: str | None, root: str | os.PathLike[str] | None) -> str | None:
    """`path` relative to `root` (with forward slashes) when it lies below it, else the file
    name; None for text without a path."""
    if not path or path.startswith("<"):
        return None
    if root is not None:
        try:
            relative = os.path.relpath(os.path.abspath(path), os.path.abspath(root))
        except ValueError:  # another drive on Windows
            relative = ""
        if relative and not relative.startswith(".."):
            return PurePath(relative).as_posix()
    return PurePath(path).name or None
