"""pulldown-cmark (through pyromark) events as the block tokens the Markdown tree builder reads.

pyromark parses in Rust and reports every event with its UTF-8 byte range. Only block events
are kept; each is turned into a token shaped like markdown-it's (`type`, `map` as a
`[first_line, last_line)` pair, `tag`, `info`, `markup`, `content`), so one tree builder serves
both backends and they yield the same tree wherever the two parsers read the text alike. Byte
ranges become line numbers through a byte line table (the text itself when it is ASCII), so
spans come from the source's own line table, as with markdown-it's line maps. Events come one
window of the text at a time (`pyromark_tokens.py`), their ranges counted from the window's
start.

pulldown-cmark gives no paragraph events for the text of tight list items; a paragraph is made
for each run of inline events directly inside an item, as markdown-it makes a hidden one.

The nesting limit is markdown-it's: a block opens while fewer than `max_nesting` containers
are open, and a list opens with its first item, so an item can be the one container past the
limit. Such an item's content is not parsed, and markdown-it then skips every line up to the
end of the innermost quote around it (or of the document), lines after the list included:
the item and the lists and items around it, up to that quote, end there.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import regex

from structchunk.decode import Source, line_offsets
from structchunk.parse.markdown.line_search import LineFinder
from structchunk.parse.markdown.pyromark_ends import ITEM_CLOSE as _ITEM
from structchunk.parse.markdown.pyromark_ends import BlockToken

_FENCE_MARK = regex.compile(r"[ \t]*(`+|~+)")
# The quote markers and indentation that start a setext heading's later lines, which
# markdown-it leaves out of the heading's content.
_CONTINUATION = regex.compile(r"\r?\n[ \t>]*")
# What a line can hold before a container's content starts: quote markers and indentation.
_PREFIX = frozenset(" \t>")


class Converter:
    def __init__(self, source: Source, max_nesting: int) -> None:
        self.text = text = source.text
        self.ascii = text.isascii()
        self.data = b"" if self.ascii else text.encode("utf-8")
        self.line_count = len(source.line_starts)
        starts: Sequence[int] = source.line_starts
        if not self.ascii:  # byte offsets of the same line breaks (\r\n, \r), when needed
            starts = array("q") if "\r" not in text else line_offsets(self.data, "q")
        self.lines = LineFinder(self.data if not self.ascii else text, starts)
        self.max_nesting = max_nesting
        self.base = 0  # byte offset of the window being read: its events' ranges start there
        self.out: list[BlockToken] = []
        self.closers: list[str] = []  # closing token type of each open container
        self.opened: list[BlockToken] = []  # the opening token of each open container
        self.skipping = 0  # > 0 inside a block dropped for depth: how many of its blocks are open
        # In an item past the limit: the number of blocks to close before the end of the
        # quote (or document) that all of it runs to; see the module doc.
        self.to_quote_end: int | None = None
        self.past_limit: BlockToken | None = None  # an item past the limit, just opened
        self.skipped_to_end: list[tuple[list[BlockToken], int]] = []
        # Entries for `skipped_to_end` made in the window being read, each with the number of
        # the window's tokens made before it: `pass_on` enters it when that token is asked
        # for, as when each token was passed on as soon as it was made.
        self.pending: list[tuple[int, tuple[list[BlockToken], int]]] = []
        self.leaf: str | None = None  # the open leaf block's closing type
        self.heading: list[int] = []  # byte ranges of a heading's inline events
        self.loose: list[int] | None = None  # byte range of the inline run of a tight item
        self.in_item = False  # inline events here belong to a tight item's paragraph
        self.opaque: str | None = None  # a leaf whose inner events say nothing: only its end counts

    def _lines(self, start: int, end: int) -> list[int]:
        """Lines [first, past last) of a byte range, ignoring whitespace at its end: a range
        can stop inside the indentation of a later line (a container ending before an
        indented block), and that line belongs to the next block, not to this one."""
        buffer: str | bytes = self.text if self.ascii else self.data
        lines = self.lines
        start += self.base
        end += self.base
        first = lines.first(start)
        probe = max(start, end - 1)
        last = lines.after(first, start, probe) + 1
        if last - 1 > first:
            line_start, next_start = lines.bounds(last - 1, end - 1)
            if self._stops_in_prefix(line_start, next_start, end):
                return [first, last - 1]  # the range stops in the markers of the next line
        while end - 1 > start and buffer[end - 1:end] in _BLANKS:
            end -= 1
        return [first, lines.back(first, start, last - 1, probe, max(start, end - 1)) + 1]

    def _stops_in_prefix(self, line_start: int, next_start: int, end: int) -> bool:
        """Whether `end` lies in the quote markers and indentation of a line (starting at
        `line_start`, the next at `next_start`, -1 for none) whose content follows: a list in
        a quote ends after the `> ` of the next paragraph's line, and that line belongs to
        the paragraph (markdown-it ends the list on the line before)."""
        head = self._slice(line_start, end)
        if not head or not set(head) <= _PREFIX:
            return False
        rest = self._slice(end, next_start if next_start >= 0 else end + 400)
        return bool(rest.strip(" \t\r\n>"))

    def feed(self, events: Iterable[tuple[Any, dict[str, int]]], base: int, cut: int) -> bool:
        """Reads one window's events (byte offsets from `base` in the text) into `self.out`.

        With a cut (`cut >= 0`, a byte offset in the window), reading stops at the first block
        event at or past it, and says whether a block of the top level starts exactly there,
        with nothing open: only then are the blocks before it read as in the whole text's
        parse (see `windows.py`). Each event goes to the handler of its kind (a bare event,
        an inline or table event, a block start or end); the handlers share the converter's
        state: the open containers, the open leaf, the inline run of a tight item, the depth
        of a block dropped for nesting and what an item past the limit skips."""
        self.base = base
        for event, span in events:
            opaque = self.opaque
            if opaque is not None:  # inside a paragraph or code block: wait for its end
                if not isinstance(event, dict):
                    continue
                value = event.get("End")
                if value is None or _event_name(value) != opaque:
                    continue
                self.opaque = None
            if type(event) is str:  # Rule, SoftBreak, HardBreak
                if 0 <= cut <= span["start"]:
                    return self._at_top(span["start"] == cut)
                if self.past_limit is not None and self._holds_something(event):
                    self._start_skipping_to_end()
                if self.to_quote_end is None:
                    self._bare(event, span)
                continue
            mapping: dict[str, Any] = event  # every other event is one (a dict's get, compiled)
            start_of = mapping.get("Start")
            value = start_of if start_of is not None else mapping.get("End")
            name = _event_name(value)
            block = _BLOCKS.get(name) if name is not None else None
            if block is not None and start_of is not None and 0 <= cut <= span["start"]:
                return self._at_top(span["start"] == cut)
            if self.past_limit is not None and self._holds_something(event):
                self._start_skipping_to_end()
            if self.to_quote_end is not None and (block is None or self._skip_to_end(start_of)):
                continue
            if block is None:
                self._inline(name, start_of is not None, span)
            elif self.skipping:
                self._skip(start_of is not None)
            elif start_of is None:
                self._close(block)
            else:
                self._open(name, start_of, block, span)
        return cut < 0

    def finish(self) -> None:
        """The end of the text: what an item past the limit left open closes."""
        if self.to_quote_end is not None:
            self._close_past_limit()
        self._flush()

    def pass_on(self) -> Iterator[BlockToken]:
        """The window's tokens, in order, and then none: `markdown_it_ends` reads an entry of
        `skipped_to_end` at the first close it passes after the entry is made, so each entry
        is made when the first token made after it is asked for."""
        pending, skipped = self.pending, self.skipped_to_end
        for index, token in enumerate(self.out):
            while pending and pending[0][0] <= index:
                skipped.append(pending.pop(0)[1])
            yield token
        skipped.extend(entry for _made, entry in pending)
        pending.clear()
        self.out.clear()

    def _at_top(self, at_cut: bool) -> bool:
        """Whether a block starting at the cut (`at_cut`) is one of the top level."""
        return (at_cut and not self.closers and self.leaf is None and not self.skipping
                and self.to_quote_end is None and self.past_limit is None)

    def reset(self) -> None:
        """Back to the state at the window's start, nothing open (a cut was not confirmed).
        `skipped_to_end` is left: an entry of an earlier window may not have reached its
        close yet."""
        self.out.clear()
        self.pending.clear()
        self.closers.clear()
        self.opened.clear()
        self.skipping = 0
        self.to_quote_end = None
        self.past_limit = None
        self.leaf = None
        self.heading = []
        self.loose = None
        self.in_item = False
        self.opaque = None

    def _skip_to_end(self, start_of: Any) -> bool:
        """Whether a block event lies in what an item past the limit skips: every one before
        the end of the quote around it. At that end, the item and the containers inside the
        quote close, and the quote's own end is handled as usual (False)."""
        if start_of is not None:
            self.to_quote_end = (self.to_quote_end or 0) + 1
        elif self.to_quote_end:
            self.to_quote_end -= 1
        else:
            self._close_past_limit()
            return False
        return True

    def _holds_something(self, event: Any) -> bool:
        """Whether the item past the limit just opened holds anything (`event` follows its
        start). markdown-it skips to the quote's end only from an item with content: an empty
        one (its marker alone, then a blank or less indented line) ends as usual."""
        self.past_limit = None
        return type(event) is not dict or _event_name(event.get("End")) != "Item"

    def _close_past_limit(self) -> None:
        while self.closers and self.closers[-1] != "blockquote_close":
            self.opened.pop()
            self.out.append(BlockToken(self.closers.pop()))
        self.to_quote_end = None
        self.in_item = False

    def _start_skipping_to_end(self) -> None:
        """An item past the limit: it and the containers up to the innermost quote around
        it run to that quote's last line (the document's without one)."""
        quotes = [index for index, closing in enumerate(self.closers)
                  if closing == "blockquote_close"]
        inside = quotes[-1] + 1 if quotes else 0
        bound = self.opened[inside - 1].map if inside else None
        last_line = bound[1] if bound else self.line_count
        self.pending.append((len(self.out), (self.opened[inside:], last_line)))
        self.to_quote_end = len(self.closers) - inside
        self.in_item = False

    def _bare(self, event: str, span: dict[str, int]) -> None:
        """A rule is a block of its own; soft and hard breaks are inline content."""
        if event != "Rule" or self.leaf is not None:
            self._inline_span(span)
        elif not self.skipping:
            if self.loose is not None:
                self._flush()
            self.out.append(BlockToken("hr", self._lines(span["start"], span["end"])))

    def _inline(self, name: str | None, starts: bool, span: dict[str, int]) -> None:
        """An event inside a leaf: a table's head and rows, or inline content."""
        if self.leaf == "table_close" and name in ("TableHead", "TableRow"):
            if starts:
                if name == "TableHead":
                    self.out.append(BlockToken("thead_open"))
                self.out.append(BlockToken("tr_open", self._lines(span["start"], span["end"])))
            elif name == "TableHead":
                self.out.append(BlockToken("thead_close"))
        else:
            self._inline_span(span)

    def _inline_span(self, span: dict[str, int]) -> None:
        """Inline content extends the open heading's text or the tight item's paragraph."""
        if self.leaf == "heading_close":
            self.heading += (span["start"], span["end"])
        elif self.in_item:
            self.loose = _extend(self.loose, span)

    def _skip(self, starts: bool) -> None:
        """A block start or end inside a block dropped for nesting depth."""
        self.skipping += 1 if starts else -1
        closers = self.closers
        self.in_item = not self.skipping and closers[-1:] == [_ITEM] \
            and len(closers) < self.max_nesting

    def _close(self, block: tuple[str, str, bool]) -> None:
        closing, container = block[1], block[2]
        if self.loose is not None:
            self._flush()
        closers = self.closers
        if container:
            closing = closers.pop()
            self.opened.pop()
        else:
            self.leaf = None
            if closing == "heading_close":
                heading = self.heading
                base = self.base
                raw = self._slice(min(heading) + base, max(heading) + base) if heading else ""
                self.out.append(BlockToken("inline", content=_CONTINUATION.sub("\n", raw).strip()))
        self.out.append(BlockToken(closing))
        self.in_item = self.leaf is None and closers[-1:] == [_ITEM] \
            and len(closers) < self.max_nesting

    def _open(self, name: str | None, start_of: Any, block: tuple[str, str, bool],
              span: dict[str, int]) -> None:
        opening, closing, container = block
        if self.loose is not None:
            self._flush()
        closers = self.closers
        if len(closers) >= self.max_nesting and name != "Item":  # an item opens with its list
            self.skipping = 1
            self.in_item = False
            return
        start = span["start"]
        token = BlockToken(opening, self._lines(start, span["end"]))
        if container:
            if name == "List" and start_of["List"] is None:
                token.type, closing = "bullet_list_open", "bullet_list_close"
            closers.append(closing)
            self.opened.append(token)
            if name == "Item" and len(closers) >= self.max_nesting:
                self.past_limit = token
        else:
            self.leaf = closing
            if name in _OPAQUE:
                self.opaque = name
            self._leaf_details(token, name, start_of, start)
        self.in_item = self.leaf is None and closing == _ITEM and len(closers) < self.max_nesting
        self.out.append(token)

    def _leaf_details(self, token: BlockToken, name: str | None, start_of: Any, start: int) -> None:
        """A heading's level; a code block's kind, info string and fence."""
        if name == "Heading":
            token.tag = "h" + start_of["Heading"]["level"][1:]
            self.heading = []
        elif name == "CodeBlock":
            info = start_of["CodeBlock"]
            if info == "Indented":
                token.type = "code_block"
            else:
                token.info = info["Fenced"]
                token.markup = self._fence_markup(start)

    def _flush(self) -> None:
        """The tight item's inline run so far, as its paragraph (a no-op without one)."""
        loose = self.loose
        if loose is not None:
            self.out.append(BlockToken("paragraph_open", self._lines(loose[0], loose[1])))
            self.out.append(BlockToken("paragraph_close"))
            self.loose = None

    def _slice(self, start: int, end: int) -> str:
        if self.ascii:
            return self.text[start:end]
        return self.data[start:end].decode("utf-8", "replace")

    def _fence_markup(self, offset: int) -> str:
        """The opening fence's marks, read where the block starts: after any list marker or
        quote marker of its line, which the line's start would include."""
        line = self._slice(self.base + offset, self.base + offset + 400)
        match = _FENCE_MARK.match(line)
        return match.group(1) if match else "```"


def _event_name(value: Any) -> str | None:
    """The name of a start or end event's tag: a bare string or a mapping's one key."""
    if type(value) is str:
        return value
    return next(iter(value)) if type(value) is dict else None


def _extend(loose: list[int] | None, span: dict[str, int]) -> list[int]:
    if loose is None:
        return [span["start"], span["end"]]
    loose[1] = max(loose[1], span["end"])
    return loose


_BLANKS = frozenset({" ", "\t", "\r", "\n", b" ", b"\t", b"\r", b"\n"})
_OPAQUE = frozenset({"Paragraph", "CodeBlock", "HtmlBlock"})
# Event name -> (opening token type, closing token type, is a container).
_BLOCKS: dict[str, tuple[str, str, bool]] = {
    "Paragraph": ("paragraph_open", "paragraph_close", False),
    "Heading": ("heading_open", "heading_close", False),
    "BlockQuote": ("blockquote_open", "blockquote_close", True),
    "CodeBlock": ("fence", "fence_close", False),
    "HtmlBlock": ("html_block", "html_block_close", False),
    "List": ("ordered_list_open", "ordered_list_close", True),
    "Item": ("list_item_open", "list_item_close", True),
    "Table": ("table_open", "table_close", False),
}

