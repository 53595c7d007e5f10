"""Markdown to the structural tree, on markdown-it-py block tokens and their line maps.

Offsets never come from markdown-it's normalised copy of the text: each token's line range is
mapped through the original source's line table (CRLF and CR count as one break, as in
markdown-it's normaliser), so spans are exact in the decoded original.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache
from typing import Any

import regex

from structchunk.decode import Source
from structchunk.errors import MissingDependencyError, ParseError, install_hint
from structchunk.node_data import HeadingData, ListData
from structchunk.parse.code import code_meta, outline, resolve_code_language
from structchunk.parse.markdown import markdown_it_tokens, pyromark_tokens
from structchunk.parse.markdown.line_search import line_end, line_start
from structchunk.parse.markdown.options import BACKENDS, MarkdownOptions  # noqa: F401  (registers it)
from structchunk.parse.markdown.table_rows import BODY_ROW, HEADER_ROW, TableRows, row_span
from structchunk.parse.markdown.windows import WINDOW
from structchunk.parse.sections import fill_gaps, sectionize
from structchunk.parse.titles import clean_title, front_matter_title
from structchunk.tree import Document, Node, NodeKind, make_node, trim_span

# Block nesting deeper than this is left to gap filling (text nodes), which keeps very deep
# quotes and lists linear in time and recursion-safe.
MAX_NESTING = 20

_CONTAINERS = {
    "bullet_list_open": NodeKind.LIST,
    "ordered_list_open": NodeKind.LIST,
    "list_item_open": NodeKind.ITEM,
    "blockquote_open": NodeKind.QUOTE,
    "table_open": NodeKind.TABLE,
}
# The records every list holds: one each for all lists alike.
_ORDERED, _BULLETS = ListData(True), ListData(False)
# Tables of at most this many rows hold them as a run of lines (`table_rows.py`).
COMPACT_ROWS = 64
# TOML front matter, which CommonMark parsers read as a paragraph: "+++" lines around it.
_TOML_FRONT_MATTER = regex.compile(r"\A\+\+\+[ \t]*\r?\n(?:.*\r?\n)*?\+\+\+[ \t]*(?:\r?\n|\Z)")


@lru_cache(maxsize=1)
def _closes(line: str, markup: str) -> bool:
    """Whether a fence's last line closes it: the opening's character, at least as many times,
    and nothing after but spaces (CommonMark: a closing fence has no info string), so a
    "```python" line inside an unclosed fence is body, whichever backend read the block."""
    mark = line.strip()
    return (bool(markup) and len(mark) >= len(markup)
            and mark == markup[0] * len(mark))


def parse(source: Source, language: str | None = None, markdown_backend: str | None = None,
          *, window: int = WINDOW, **_options: Any) -> Document:
    """`markdown_backend`: "pyromark" (pulldown-cmark, the default when installed) or
    "markdown-it" (markdown-it-py, the reference; the fallback without pyromark).
    `window`: characters of the text parsed at a time (`windows.py`); any window gives the
    same tree, which the tests check with windows of a few lines."""
    builder = _TreeBuilder(source, _tokens(source, markdown_backend, window))
    blocks = _toml_front_matter(source, builder.build())
    root = sectionize(source, blocks)
    title = document_title(source, blocks)
    return Document(source=source, root=root, format="markdown", language=language,
                    metadata={"title": title} if title else {})


def document_title(source: Source, blocks: list[Node]) -> str | None:
    """The front matter's title, when the body has no level-1 heading to name the page.

    Static site generators (Docusaurus, Hugo, Jekyll, MDX) render `title:` as the page's
    heading and start the body at `##`; the title then roots every chunk's heading path.
    """
    front = next((block for block in blocks if block.kind is NodeKind.FRONT_MATTER), None)
    if front is None:
        return None
    if any(block.kind is NodeKind.HEADING and getattr(block.data, "level", None) == 1
           for block in blocks):
        return None
    return front_matter_title(source.text[front.start:front.end])


def _toml_front_matter(source: Source, blocks: list[Node]) -> list[Node]:
    """A `+++` block at the very start becomes FRONT_MATTER, replacing what lies inside it."""
    match = _TOML_FRONT_MATTER.match(source.text)
    if match is None:
        return blocks
    start, end = trim_span(source.text, 0, match.end())
    if any(block.start < end < block.end for block in blocks):
        return blocks  # a block runs on past the closing fence: not front matter
    kept = [block for block in blocks if block.start >= end]
    return [make_node(source, NodeKind.FRONT_MATTER, start, end), *kept]


def _tokens(source: Source, backend: str | None, window: int) -> Iterable[Any]:
    if backend is None:
        backend = "pyromark" if pyromark_tokens.available() else "markdown-it"
    if backend == "pyromark":
        if not pyromark_tokens.available():
            raise MissingDependencyError(
                'markdown_backend="pyromark" needs the pyromark package, a dependency of '
                f'structchunk without a wheel for every platform ({install_hint()}); '
                'markdown_backend="markdown-it" works without it', source.origin)
        return pyromark_tokens.tokens(source, MAX_NESTING, window)
    if backend == "markdown-it":
        return markdown_it_tokens.tokens(source, MAX_NESTING, window)
    raise ParseError(f"unknown markdown_backend {backend!r} (known: {', '.join(BACKENDS)})",
                     source.origin)


class _TreeBuilder:
    """Turns the flat token stream into nodes in one pass over a cursor."""

    def __init__(self, source: Source, tokens: Iterable[Any]) -> None:
        self.source = source
        self.text = source.text
        self.line_starts = source.line_starts
        # Read as a stream: a token is dropped once read, so the tokens of the whole text
        # (about 12 bytes per character of Markdown with a table in every section) are
        # never held beside the tree.
        self.tokens: Iterator[Any] = iter(tokens)

    def build(self) -> list[Node]:
        children = self._children_until(None)
        return fill_gaps(self.source, 0, len(self.source.text), children)

    def _span(self, line_map: list[int] | None) -> tuple[int, int]:
        assert line_map is not None
        first, last = line_map
        text, starts = self.text, self.line_starts
        return trim_span(text, line_start(text, starts, first),
                         line_end(text, starts, last - 1 if last - 1 > first else first))

    def _children_until(self, closing: str | None) -> list[Node]:
        nodes: list[Node] = []
        for token in self.tokens:
            kind = token.type
            if kind == closing:
                break
            if kind == "paragraph_open":  # the commonest block, read without a dispatch
                self._skip_to("paragraph_close")
                node = self._leaf(token, NodeKind.PARAGRAPH)
            else:
                node = self._node_for(token)
            if node is not None:
                nodes.append(node)
        return nodes

    def _node_for(self, token: Any) -> Node | None:
        kind = token.type
        if kind in _CONTAINERS:
            return self._container(token, _CONTAINERS[kind])
        if kind == "paragraph_open":
            self._skip_to("paragraph_close")
            return self._leaf(token, NodeKind.PARAGRAPH)
        if kind == "heading_open":
            return self._heading(token)
        if kind == "fence":
            return self._fence(token)
        if kind == "code_block":
            start, end = self._span(token.map)
            return make_node(self.source, NodeKind.CODE, start, end, language=None)
        if kind == "html_block":
            return self._leaf(token, NodeKind.HTML)
        if kind == "hr":
            return self._leaf(token, NodeKind.BREAK)
        if kind == "front_matter":
            return self._leaf(token, NodeKind.FRONT_MATTER)
        return None

    def _skip_to(self, closing: str) -> None:
        for token in self.tokens:
            if token.type == closing:
                break

    def _leaf(self, token: Any, kind: NodeKind) -> Node | None:
        if token.map is None:
            return None
        start, end = self._span(token.map)
        return make_node(self.source, kind, start, end, near_line=token.map[0]) \
            if end > start else None

    def _heading(self, token: Any) -> Node | None:
        inline = next(self.tokens, None)
        if inline is not None and inline.type != "heading_close":
            self._skip_to("heading_close")
        if token.map is None:
            return None
        start, end = self._span(token.map)
        raw = inline.content if inline is not None and inline.type == "inline" else ""
        title = clean_title(raw)
        # The record built here, not from make_node's keywords: a call with keywords goes
        # through the compiled function's Python entry point.
        data = HeadingData(level=int(token.tag[1:]), title=title or raw.strip())
        return make_node(self.source, NodeKind.HEADING, start, end, (), data, token.map[0])

    def _fence(self, token: Any) -> Node | None:
        if token.map is None:
            return None
        first, last = token.map
        start, end = self._span(token.map)
        text = self.source.text
        open_end = self.source.line_end(first)
        fence_open = text[start:open_end]
        closed = last - first >= 2 and _closes(text[self.source.line_start(last - 1):end],
                                               token.markup)
        # An unclosed fence whose later lines are blank ends before them: its body is empty,
        # at the fence's end, not past it.
        body_start = min(self.source.line_start(first + 1) if last - first > 1 else open_end,
                         end)
        body_end = self.source.line_end(last - 2) if closed else end
        if closed and last - first == 2:
            body_end = body_start
        fence_close = text[self.source.line_start(last - 1):end].strip() if closed else None
        language = resolve_code_language(token.info.split()[0] if token.info.strip() else None)
        body_start, body_end = trim_span(text, body_start, max(body_start, body_end))
        units, fallback = outline(self.source, body_start, body_end, language)
        extra: dict[str, Any] = {"code_fallback": fallback} if fallback else {}
        meta = code_meta(language, fallback)
        if meta:
            extra["meta"] = meta
        return make_node(self.source, NodeKind.CODE, start, end, units, language=language,
                         fence_open=fence_open, fence_close=fence_close,
                         body_start=body_start, body_end=body_end, **extra)

    def _container(self, token: Any, kind: NodeKind) -> Node | None:
        closing = token.type.replace("_open", "_close")
        if kind is NodeKind.TABLE:
            return self._table(token, closing)
        children = self._children_until(closing)
        if token.map is None:
            return None
        start, end = self._span(token.map)
        children = fill_gaps(self.source, start, end, children)
        data = (_ORDERED if token.type == "ordered_list_open" else _BULLETS) \
            if kind is NodeKind.LIST else None
        return make_node(self.source, kind, start, end, children, data, token.map[0])

    def _table(self, token: Any, closing: str) -> Node | None:
        row_lines: list[tuple[int, bool]] = []
        in_head = False
        for inner in self.tokens:
            if inner.type == closing:
                break
            if inner.type in ("thead_open", "thead_close"):
                in_head = inner.type == "thead_open"
            elif inner.type == "tr_open" and inner.map is not None:
                row_lines.append((inner.map[0], in_head))
        if token.map is None:
            return None
        start, end = self._span(token.map)
        header_lines = [line for line, head in row_lines if head]
        if header_lines:
            # The delimiter row sits on the line after the last header row and has no token.
            row_lines.append((header_lines[-1] + 1, True))
            row_lines.sort()
        rows: Sequence[Node] | None = _compact(self.source, start, end, row_lines)
        if rows is None:
            text, starts = self.text, self.line_starts
            nodes = []
            for line, head in row_lines:
                row_start, row_end = row_span(text, starts, line)
                if row_end > row_start:
                    nodes.append(make_node(self.source, NodeKind.ROW, row_start, row_end, (),
                                           HEADER_ROW if head else BODY_ROW, line))
            header_rows = sum(1 for node in nodes if node.data is HEADER_ROW)
            rows = fill_gaps(self.source, start, end, nodes)
        else:
            header_rows = sum(1 for _line, head in row_lines if head)
        return make_node(self.source, NodeKind.TABLE, start, end, rows, near_line=token.map[0],
                         header_rows=header_rows)


def _compact(source: Source, start: int, end: int,
             row_lines: list[tuple[int, bool]]) -> TableRows | None:
    """The rows as `TableRows` when they are consecutive lines, none blank, the header rows
    first, with nothing between them that gap filling would claim (it claims letters and
    digits); else None, and the rows are made as nodes. A table of more rows than
    `COMPACT_ROWS` keeps its nodes too: it is cut between rows when chunked, which makes every
    row at once (and again at each read), where a small table is read whole or briefly."""
    if not row_lines or len(row_lines) > COMPACT_ROWS:
        return None
    text, starts = source.text, source.line_starts
    first = row_lines[0][0]
    headers = 0
    cursor = start
    for position, (line, head) in enumerate(row_lines):
        row_start, row_end = row_span(text, starts, line)
        if line != first + position or row_end <= row_start or (head and headers < position) \
                or _claims(text, cursor, row_start):
            return None
        headers += head
        cursor = row_end
    if _claims(text, cursor, end):
        return None
    return TableRows(source, first, len(row_lines), headers)


def _claims(text: str, start: int, end: int) -> bool:
    """Whether `fill_gaps` would make a text node of [start, end)."""
    return start < end and any(char.isalnum() for char in text[start:end])
