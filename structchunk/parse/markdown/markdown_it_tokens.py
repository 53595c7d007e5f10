"""markdown-it-py's block tokens of a Markdown text, parsed one window at a time.

markdown-it makes a list of every token of the text it parses; read whole, that list for a
long text is held beside the tree being built. Each window (`windows.py`) is parsed alone, its
tokens up to the cut are passed on with their line maps moved to the text's lines, and the
next window starts at the cut. A cut is taken when the window's own tokens start a block of
the top level (level 0) on the cut's line; otherwise the window is parsed again, twice as long.

Link reference definitions do not hold a text whole here, as they do for pulldown-cmark:
inline parsing is off, so a reference is never resolved, and a definition is read by the
block rule from its own lines.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

from markdown_it import MarkdownIt
from mdit_py_plugins.front_matter import front_matter_plugin

from structchunk.decode import Source
from structchunk.parse.markdown.front_matter import front_matter_lines
from structchunk.parse.markdown.windows import plan


@lru_cache(maxsize=4)
def _parser(max_nesting: int, front_matter: bool) -> MarkdownIt:
    """The block parser; front matter is read only at the text's start (a later window that
    starts with `---` starts with a thematic break)."""
    md = MarkdownIt("commonmark", {"maxNesting": max_nesting}).enable("table")
    if front_matter:
        md.use(front_matter_plugin)
    # Inline parsing is not needed for block structure and costs about half the parse time.
    md.disable(["inline", "text_join"], ignoreInvalid=True)
    return md


def tokens(source: Source, max_nesting: int, window: int) -> Iterator[Any]:
    """The block tokens of `source.text`, their line maps in the text's lines."""
    text, line_starts = source.text, source.line_starts
    front = front_matter_lines(source)
    floor = source.line_start(front) if front else 0  # no cut inside the front matter
    start, size = 0, window
    while True:
        cut, end = plan(text, max(start, floor), size)
        first_line = bisect_left(line_starts, start)
        parser = _parser(max_nesting, start == 0)
        found = parser.parse(text[start:end].replace("\x00", "\ufffd"))
        taken = len(found) if cut == len(text) else _taken(
            found, bisect_left(line_starts, cut) - first_line)
        if taken < 0:
            size *= 2
            continue
        for token in found[:taken]:
            if first_line and token.map is not None:
                token.map = [token.map[0] + first_line, token.map[1] + first_line]
            yield token
        if cut == len(text):
            return
        start, size = cut, window


def _taken(found: list[Any], cut_line: int) -> int:
    """How many tokens come before a block of the top level starting on `cut_line` (-1 when
    none starts there): tokens are read from the end, where the few after the cut are."""
    index = len(found)
    for position in range(len(found) - 1, -1, -1):
        line_map = found[position].map
        if line_map is None:
            continue
        if line_map[0] < cut_line:
            break
        index = position
    if index == len(found):
        return -1
    token = found[index]
    return index if token.level == 0 and token.map[0] == cut_line else -1


__all__ = ["tokens"]
