"""AsciiDoc: `=` headings as sections, delimited blocks whole, paragraphs between blank lines.

Enough of AsciiDoc for chunking: section titles (`= Document`, `== Section` ... `======`),
listing and literal blocks (`----`, `....`) as code in the language of a `[source,lang]`
line above them (repeated with the fence in every piece), other delimited blocks (`====`
examples, `****` sidebars, `____` quotes, `|===` tables) kept whole as quotes or tables,
and paragraphs between blank lines. Content is the verbatim file.
"""

from __future__ import annotations

from typing import Any

import regex

from structchunk.decode import Source
from structchunk.parse.code import code_meta, outline, resolve_code_language
from structchunk.parse.sections import fill_gaps, sectionize
from structchunk.tree import Document, Node, NodeKind, make_node, trim_span

_HEADING = regex.compile(r"(={1,6})[ \t]+(\S.*?)[ \t]*(?:=*)[ \t]*$")
_DELIMITER = regex.compile(r"(-{4,}|\.{4,}|={4,}|\*{4,}|_{4,}|\+{4,}|\|===)[ \t]*$")
_SOURCE = regex.compile(r"\[(?:source)?,\s*([\w+#.-]+)[^\]]*\][ \t]*$")


def parse(source: Source, language: str | None = None, **_options: Any) -> Document:
    lines = [source.text[source.line_start(i):source.line_end(i)]
             for i in range(len(source.line_starts))]
    blocks: list[Node] = []
    line = 0
    while line < len(lines):
        text = lines[line].strip()
        if not text:
            line += 1
            continue
        heading = _HEADING.match(text)
        delimiter = _DELIMITER.match(text)
        attribute = _SOURCE.match(text)
        if attribute is not None and line + 1 < len(lines) and _DELIMITER.match(
                lines[line + 1].strip()):
            line += 1  # a `[source,lang]` line opens the listing block under it
            text = lines[line].strip()
            delimiter = _DELIMITER.match(text)
        if heading is not None:
            blocks.append(_node(source, NodeKind.HEADING, line, line,
                                level=len(heading.group(1)), title=heading.group(2)))
            line += 1
        elif delimiter is not None:
            end = next((other for other in range(line + 1, len(lines))
                        if lines[other].strip() == text), len(lines) - 1)
            blocks.append(_delimited(source, lines, line, end, delimiter.group(1)))
            line = end + 1
        else:
            end = line
            while end + 1 < len(lines) and lines[end + 1].strip() and not _DELIMITER.match(
                    lines[end + 1].strip()) and not _HEADING.match(lines[end + 1].strip()):
                end += 1
            blocks.append(_node(source, NodeKind.PARAGRAPH, line, end))
            line = end + 1
    root = sectionize(source, fill_gaps(source, 0, len(source.text), blocks))
    return Document(source=source, root=root, format="asciidoc", language=language)


def _delimited(source: Source, lines: list[str], first: int, last: int, mark: str) -> Node:
    if mark[0] in "-.":
        attribute = _SOURCE.match(lines[first - 1].strip()) if first else None
        language = resolve_code_language(attribute.group(1)) if attribute else None
        opening = first - 1 if attribute else first
        start, end = trim_span(source.text, source.line_start(opening), source.line_end(last))
        body_start, body_end = trim_span(source.text, source.line_start(first + 1),
                                         source.line_end(max(first + 1, last - 1)))
        if last <= first + 1:
            body_start = body_end = source.line_end(first)
        units, fallback = outline(source, body_start, body_end, language)
        attrs: dict[str, Any] = {"language": language,
                                 "fence_open": source.text[start:source.line_end(first)],
                                 "fence_close": lines[last].strip() if last > first else None,
                                 "body_start": body_start, "body_end": body_end}
        meta = code_meta(language, fallback)
        if meta:
            attrs["meta"] = meta
        return make_node(source, NodeKind.CODE, start, end, units, **attrs)
    kind = NodeKind.TABLE if mark == "|===" else NodeKind.QUOTE
    return _node(source, kind, first, last)


def _node(source: Source, kind: NodeKind, first: int, last: int, **attrs: Any) -> Node:
    start, end = trim_span(source.text, source.line_start(first), source.line_end(last))
    return make_node(source, kind, start, end, **attrs)
