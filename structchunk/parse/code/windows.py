"""Long source files parsed window by window, so the syntax tree is never the whole file's.

tree-sitter's tree takes about 18 bytes per byte of code, more than the chunks of the file
hold; outlining a 10 MB file at once held 26 bytes per character at its peak. A file longer
than `WINDOW` characters is cut where a top-level statement most likely begins (a line at
column 0 after two blank lines, or after a blank line below a `}` at column 0), each window
is parsed and outlined alone and its tree released before the next is read. A window whose
parse has errors (the cut fell inside a string or a block) is joined with the next one and
parsed again, so the cut never splits a construct the whole file's parse would keep; after
`MAX_JOINS` joins the window is kept as it is, errors and all, as the whole file's parse
would keep them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Protocol

import regex

from structchunk.tree import Node

WINDOW = 256 * 1024  # characters: a tree of about 5 MB
MAX_JOINS = 3
_STARTS_STATEMENT = r"(?=[^\s)\]}])"
_BOUNDARY = regex.compile(r"\n[ \t]*\r?\n[ \t]*\r?\n" + _STARTS_STATEMENT
                          + r"|\n\}[^\n]*\n[ \t]*\r?\n" + _STARTS_STATEMENT)


class ParsedWindow(Protocol):
    """One window parsed: whether its tree has errors, and its outline."""

    @property
    def has_error(self) -> bool: ...

    def nodes(self) -> list[Node]: ...


def window_ends(text: str, start: int, end: int, size: int) -> Iterator[int]:
    """Ends of windows of at least `size` characters (the last one ends at `end`)."""
    cursor = start
    while end - cursor > size:
        found = _BOUNDARY.search(text, cursor + size, end)
        if found is None:
            break
        cursor = found.end()
        yield cursor
    yield end


def outline_in_windows(text: str, start: int, end: int,
                       parse: Callable[[int, int], ParsedWindow],
                       size: int = WINDOW) -> list[Node]:
    """The outline of `text[start:end]`, parsed one window at a time."""
    nodes: list[Node] = []
    window_start, joins = start, 0
    for window_end in window_ends(text, start, end, size):
        window = parse(window_start, window_end)
        if window.has_error and joins < MAX_JOINS and window_end < end:
            joins += 1
            continue  # parsed again with the next window
        nodes.extend(window.nodes())
        del window  # the tree goes before the next window is parsed
        window_start, joins = window_end, 0
    return nodes
