"""The candidate chunk every strategy builds: a span, the titles above it, its frame.

Pieces are made by the tens of thousands per megabyte (every node visited, every merge the
packer tries), so their constructor is written out: compiled by mypyc it stores each field
in the native object directly, where the generated `__init__` of a frozen dataclass is
interpreted and sets each field through `object.__setattr__` (about 30 times the cost).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from structchunk.compiled import is_native_class

_NO_FLAGS: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Title:
    """One entry of a heading path: a section heading or an enclosing code definition."""

    text: str
    is_definition: bool = False

    def __init__(self, text: str, is_definition: bool = False) -> None:
        if _COMPILED:  # a native store, as in `Piece`
            self.text = text  # type: ignore[misc]
            self.is_definition = is_definition  # type: ignore[misc]
            return
        self.__dict__.update(text=text, is_definition=is_definition)


@dataclass(frozen=True)
class Piece:
    """A candidate chunk: `[start, end)`, the titles above it, and how it is framed.

    `open_titles` counts the trailing titles whose headings open the piece: the heading is
    in the content, so the path line may leave them out. `prefix`/`suffix` frame a piece of
    a split table (its header rows) or code block (its fences). Content before `visible`
    and from `visible_end` on (front matter, a comment after the body) is held but neither
    embedded nor counted.
    """

    start: int
    end: int
    path: tuple[Title, ...] = ()
    open_titles: int = 0
    prefix: str = ""
    suffix: str = ""
    flags: frozenset[str] = frozenset()
    visible: int = 0  # where the embedded text starts, if after `start` (front matter)
    visible_end: int = 0  # where it ends, if before `end` (a comment after the body)

    def __init__(self, start: int, end: int, path: tuple[Title, ...] = (),
                 open_titles: int = 0, prefix: str = "", suffix: str = "",
                 flags: frozenset[str] = _NO_FLAGS, visible: int = 0,
                 visible_end: int = 0) -> None:
        if _COMPILED:
            # A native store: mypyc does not route an assignment in the class's own code
            # through the frozen `__setattr__`, which still refuses any other.
            self.start = start  # type: ignore[misc]
            self.end = end  # type: ignore[misc]
            self.path = path  # type: ignore[misc]
            self.open_titles = open_titles  # type: ignore[misc]
            self.prefix = prefix  # type: ignore[misc]
            self.suffix = suffix  # type: ignore[misc]
            self.flags = flags  # type: ignore[misc]
            self.visible = visible  # type: ignore[misc]
            self.visible_end = visible_end  # type: ignore[misc]
            return
        # Interpreted, the instance's dictionary filled at once: what the generated
        # `__init__` does field by field through `object.__setattr__`, at about half the cost.
        self.__dict__.update(start=start, end=end, path=path, open_titles=open_titles,
                             prefix=prefix, suffix=suffix, flags=flags, visible=visible,
                             visible_end=visible_end)


_COMPILED: Final = is_native_class(Piece, "start")


def reframed(piece: Piece, prefix: str, suffix: str) -> Piece:
    """`piece` with another frame, built directly (code is framed line by line)."""
    if piece.prefix == prefix and piece.suffix == suffix:
        return piece
    return Piece(piece.start, piece.end, piece.path, piece.open_titles, prefix, suffix,
                 piece.flags, piece.visible, piece.visible_end)


def respan(piece: Piece, start: int, end: int, open_titles: int = 0) -> Piece:
    """`piece` over [start, end) with `open_titles`, built directly: pieces are cut out of
    pieces throughout the walk, and `dataclasses.replace` costs twice as much."""
    return Piece(start, end, piece.path, open_titles, piece.prefix, piece.suffix, piece.flags,
                 piece.visible, piece.visible_end)


def embedded_body(source: str, piece: Piece) -> str:
    """What of a piece is embedded after its path line: frame and visible content."""
    content = source[max(piece.start, piece.visible):visible_end(piece)]
    return piece.prefix + content + piece.suffix if piece.prefix or piece.suffix else content


def visible_end(piece: Piece) -> int:
    """Where the embedded content of `piece` ends."""
    return piece.visible_end if piece.start < piece.visible_end < piece.end else piece.end


def titles(path: tuple[Title, ...]) -> tuple[str, ...]:
    return tuple(title.text for title in path)


__all__ = ["Piece", "Title", "embedded_body", "reframed", "respan", "titles", "visible_end"]
