"""The ends markdown-it gives items and lists, set on the block tokens made from
pulldown-cmark's events, where pulldown-cmark reads the same lines otherwise."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from structchunk.decode import Source

ITEM_CLOSE = "list_item_close"


class BlockToken:
    """The fields of a markdown-it token that the tree builder reads."""

    __slots__ = ("type", "map", "tag", "info", "markup", "content")

    def __init__(self, type_: str, line_map: list[int] | None = None, tag: str = "",
                 info: str = "", markup: str = "", content: str = "") -> None:
        self.type = type_
        self.map = line_map
        self.tag = tag
        self.info = info
        self.markup = markup
        self.content = content


def markdown_it_ends(tokens: Iterable[BlockToken], source: Source,
                     skipped_to_end: list[tuple[list[BlockToken], int]]) -> Iterator[BlockToken]:
    """`tokens` with markdown-it's item and list ends: those of `_list_ends`, then those of
    the containers around an item past the nesting limit, which run to the last line given
    with them (they override the first: such an item has nothing inside, like an empty one).

    Tokens pass as a stream. The tree builder reads a container's line map at its close, and
    an item past the limit is entered in `skipped_to_end` before any token made after it, so
    its ends are set at the first close that follows, after `_list_ends` has seen the item."""
    for token in _list_ends(tokens, source):
        if skipped_to_end and token.type.endswith("_close"):
            for opened, last_line in skipped_to_end:
                for container in opened:
                    if container.map:
                        container.map[1] = last_line
            skipped_to_end.clear()
        yield token


def _list_ends(tokens: Iterable[BlockToken], source: Source) -> Iterator[BlockToken]:
    """Item and list ends as markdown-it sets them, where pulldown-cmark runs on over blank
    lines or stops before one: an item with nothing in it keeps its marker line and the
    blank line after it, and a list ends where its last item ends. Each token is passed on
    once the next one is known."""
    lists: list[BlockToken] = []
    quotes = 0
    stream = iter(tokens)
    token = next(stream, None)
    while token is not None:
        following = next(stream, None)
        kind = token.type
        if kind in ("bullet_list_open", "ordered_list_open"):
            lists.append(token)
        elif kind in ("bullet_list_close", "ordered_list_close") and lists:
            lists.pop()
        elif kind in ("blockquote_open", "blockquote_close"):
            quotes += 1 if kind == "blockquote_open" else -1
        elif kind == "list_item_open" and token.map:
            if following is not None and following.type == ITEM_CLOSE:
                first = token.map[0]
                token.map[1] = first + 2 if _blank_line(source, first + 1, quotes) else first + 1
            if lists and lists[-1].map:
                lists[-1].map[1] = token.map[1]
        yield token
        token = following


def _blank_line(source: Source, line: int, quotes: int) -> bool:
    """Whether `line` exists and is blank, inside `quotes` block quotes (`>` markers alone)."""
    if line >= len(source.line_starts):
        return False
    text = source.text[source.line_start(line):source.line_end(line)]
    return not text.strip(" \t\r\n" + (">" if quotes else ""))
