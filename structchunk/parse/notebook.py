"""Jupyter notebooks: markdown cells read as Markdown, code cells as code in the kernel's
language, each chunk carrying the index of the cell it came from.

A notebook file is JSON: its cells' text is held in escaped strings, which are not what a
reader or an embedding model should see. The document's text is the cells' own text, in
order, a blank line apart: a markdown cell verbatim, a code cell verbatim inside a fence that
names the kernel's language (so its definitions are cut by tree-sitter like any fenced code),
and, with `notebook_outputs=True`, each code cell's text outputs in a ```` ```output ````
fence after it. That text is Markdown, and is read by the Markdown parser as one document, so
headings in markdown cells are the sections the code cells below them belong to.

Every chunk gets `metadata["cell"]`: the 0-based index of its cell in the notebook (a list
where a chunk spans several), and `metadata["output"] = True` on output blocks.
"""

from __future__ import annotations

import json
from bisect import bisect_right
from dataclasses import dataclass
from typing import Any

import regex

from structchunk.decode import Source, from_text
from structchunk.errors import ParseError
from structchunk.options import FormatOptions, is_bool, option
from structchunk.parse.markdown import builder as markdown
from structchunk.tree import Document, Node, make_node

_ANSI = regex.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
_BACKTICKS = regex.compile(r"`{3,}")


@dataclass(frozen=True)
class _Part:
    """A stretch of the document's text and the cell it shows."""

    start: int
    end: int
    cell: int
    output: bool = False


@dataclass(frozen=True)
class NotebookOptions(FormatOptions):
    """`notebook_outputs`: keep each code cell's text outputs (False, the default, drops
    them)."""

    format = "notebook"
    notebook_outputs: bool = option(False, "True or False", is_bool)


def parse(source: Source, language: str | None = None, notebook_outputs: bool = False,
          **options: Any) -> Document:
    """`notebook_outputs=True` keeps each code cell's text outputs (stream, results,
    errors), which are dropped by default: they repeat the code's effect, not its meaning."""
    notebook = _load(source)
    kernel = _kernel_language(notebook)
    parts: list[_Part] = []
    pieces: list[str] = []
    length = 0
    for index, cell in enumerate(_cells(notebook, source.origin)):
        for text, output in _cell_texts(cell, kernel, notebook_outputs, source.origin, index):
            if length:
                pieces.append("\n\n")
                length += 2
            parts.append(_Part(length, length + len(text), index, output))
            pieces.append(text)
            length += len(text)
    cells_text = from_text("".join(pieces), source.origin, source.path, source.encoding)
    document = markdown.parse(cells_text, language=language,
                              markdown_backend=options.get("markdown_backend"))
    root = _with_cells(cells_text, document.root, parts)
    metadata = {**document.metadata, "cells": len(_cells(notebook, source.origin)),
                "kernel_language": kernel}
    return Document(source=cells_text, root=root, format="notebook", language=language,
                    metadata=metadata)


def _load(source: Source) -> dict[str, Any]:
    try:
        notebook = json.loads(source.text)
    except ValueError as err:
        raise ParseError(f"is not a notebook: not valid JSON ({err})", source.origin) from err
    if not isinstance(notebook, dict):
        raise ParseError("is not a notebook: the JSON is not an object", source.origin)
    return notebook


def _cells(notebook: dict[str, Any], origin: str) -> list[dict[str, Any]]:
    """nbformat 4 `cells`, or nbformat 3 `worksheets[].cells`."""
    cells = notebook.get("cells")
    if cells is None:
        cells = [cell for sheet in notebook.get("worksheets") or []
                 for cell in (sheet.get("cells") or [])]
    if not isinstance(cells, list):
        raise ParseError("is not a notebook: `cells` is not a list", origin)
    for index, cell in enumerate(cells):
        if not isinstance(cell, dict):
            raise ParseError(f"is not a valid notebook: cell {index + 1} is not an object",
                             origin)
    return cells


def _kernel_language(notebook: dict[str, Any]) -> str:
    metadata = notebook.get("metadata") or {}
    for value in ((metadata.get("kernelspec") or {}).get("language"),
                  (metadata.get("language_info") or {}).get("name"), metadata.get("language")):
        if isinstance(value, str) and value.strip():
            return value.strip().lower()
    return "python"


def _cell_texts(cell: dict[str, Any], kernel: str, outputs: bool, origin: str, index: int
                ) -> list[tuple[str, bool]]:
    """The texts a cell shows: its source, and (for code, when asked) its outputs."""
    kind = cell.get("cell_type")
    body = _source_text(cell.get("source", cell.get("input", "")), origin, index).strip("\n")
    texts: list[tuple[str, bool]] = []
    if kind == "code":
        if body.strip():
            texts.append((_fenced(body, kernel), False))
        if outputs:
            shown = "\n".join(filter(None, (_output_text(item)
                                            for item in cell.get("outputs") or [])))
            if shown.strip():
                texts.append((_fenced(shown.strip("\n"), ""), True))
    elif body.strip():
        texts.append((body, False))
    return texts


def _output_text(output: Any) -> str:
    if not isinstance(output, dict):
        return ""
    kind = output.get("output_type")
    if kind == "stream":
        return _joined(output.get("text", ""))
    if kind == "error":
        return _ANSI.sub("", "\n".join(_joined(line) for line in output.get("traceback") or []))
    data = output.get("data") or {}
    return _joined(data.get("text/plain", output.get("text", "")))


def _source_text(value: Any, origin: str, index: int) -> str:
    """A cell's source, a string or a list of strings (nbformat); anything else is refused
    by name rather than read as an empty cell, which would lose it without a word."""
    if isinstance(value, str):
        return value
    where = f"is not a valid notebook: the source of cell {index + 1}"
    if not isinstance(value, list):
        raise ParseError(f"{where} is a JSON {_json_kind(value)}, not text", origin)
    for item in value:
        if not isinstance(item, str):
            raise ParseError(f"{where} has a line that is a JSON {_json_kind(item)}, not text",
                             origin)
    return "".join(value)


def _json_kind(value: Any) -> str:
    kinds = {bool: "boolean", int: "number", float: "number", dict: "object", list: "list"}
    return "null" if value is None else kinds.get(type(value), "value")


def _joined(value: Any) -> str:
    if isinstance(value, list):
        return "".join(item for item in value if isinstance(item, str))
    return value if isinstance(value, str) else ""


def _fenced(body: str, info: str) -> str:
    longest = max((len(run) for run in _BACKTICKS.findall(body)), default=2)
    fence = "`" * max(3, longest + 1)
    return f"{fence}{info}\n{body}\n{fence}"


def _with_cells(source: Source, root: Node, parts: list[_Part]) -> Node:
    """The tree with each block inside one cell marked with that cell (and `output`)."""
    starts = [part.start for part in parts]

    def cells_of(node: Node) -> list[_Part]:
        first = max(0, bisect_right(starts, node.start) - 1)
        last = max(0, bisect_right(starts, max(node.start, node.end - 1)) - 1)
        return parts[first:last + 1]

    def mark(node: Node) -> Node:
        touched = cells_of(node)
        if len(touched) > 1 and node.children:
            children = [mark(child) for child in node.children]
            return make_node(source, node.kind, node.start, node.end, children, **node.attrs)
        meta = dict(node.attrs.get("meta") or {})
        cells = [part.cell for part in touched]
        meta["cell"] = cells[0] if len(cells) == 1 else cells
        if any(part.output for part in touched):
            meta["output"] = True
        return make_node(source, node.kind, node.start, node.end, node.children,
                         **{**node.attrs, "meta": meta})

    return mark(root) if parts else root
