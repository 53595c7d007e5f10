"""The ends markdown-it gives items and lists, set on the block tokens made from
pulldown-cmark's events, where pulldown-cmark reads the same lines otherwise."""

from __future__ import annotations

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


def markdown_it_ends(tokens: list[BlockToken], source: Source,
                     skipped_to_end: list[tuple[list[BlockToken], int]]) -> list[BlockToken]:
    """`tokens` with markdown-it's item and list ends: those of `_list_ends`, then those of
    the containers around an item past the nesting limit, which run to the last line given
    with them (they override the first: such an item has nothing inside, like an empty one)."""
    _list_ends(tokens, source)
    for opened, last_line in skipped_to_end:
        for token in opened:
            if token.map:
                token.map[1] = last_line
    return tokens


def _list_ends(tokens: list[BlockToken], source: Source) -> None:
    """Item and list ends as markdown-it sets them, where pulldown-cmark runs on over blank
    lines or stops before one: an item with nothing in it keeps its marker line and the
    blank line after it, and a list ends where its last item ends."""
    lists: list[BlockToken] = []
    quotes = 0
    for index, token in enumerate(tokens):
        kind = token.type
        if kind in ("bullet_list_open", "ordered_list_open"):
            lists.append(token)
        elif kind in ("bullet_list_close", "ordered_list_close") and lists:
            lists.pop()
        elif kind in ("blockquote_open", "blockquote_close"):
            quotes += 1 if kind == "blockquote_open" else -1
        elif kind == "list_item_open" and token.map:
            following = tokens[index + 1] if index + 1 < len(tokens) else None
            if following is not None and following.type == ITEM_CLOSE:
                first = token.map[0]
                token.map[1] = first + 2 if _blank_line(source, first + 1, quotes) else first + 1
            if lists and lists[-1].map:
                lists[-1].map[1] = token.map[1]


def _blank_line(source: Source, line: int, quotes: int) -> bool:
    """Whether `line` exists and is blank, inside `quotes` block quotes (`>` markers alone)."""
    if line >= len(source.line_starts):
        return False
    text = source.text[source.line_start(line):source.line_end(line)]
    return not text.strip(" \t\r\n" + (">" if quotes else ""))
