"""Chunks that hold something to find: no junk alone, no tiny tails.

A chunk of front matter only, of an HTML comment (a translator's note), of an empty code
fence or of a thematic break holds nothing a question asks for, yet it competes for the top
k. Such markup travels with the body after it (`is_invisible` pieces wait like a heading for
the start of their body, `chunk/strategies/hybrid.py`), and a junk piece left over at the end
joins its neighbour here. The scalar keys of front matter become metadata of every chunk.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import regex

from structchunk.chunk.pack import Packer, Piece
from structchunk.tree import Node, NodeKind

# Markup a reader does not see: comments, empty fences, thematic breaks, and front matter.
_JUNK = regex.compile(
    r"(?:\s*(?:<!--(?:(?!-->).)*-->|(?P<fence>`{3,}|~{3,})[^\n]*\n\s*(?P=fence)[ \t]*(?=\n|\Z)"
    r"|(?:[-*_][ \t]*){3,}(?=\n|\Z)))+\s*", regex.DOTALL)
_SCALAR_KEY = regex.compile(r"^(?P<key>[A-Za-z_][\w-]*)[ \t]*[:=][ \t]*(?P<value>[^\n]*?)[ \t]*$",
                            regex.MULTILINE)
_FRONT_FENCE = regex.compile(r"\A\s*(?:---|\+\+\+)[ \t]*\n")
_TRAILING_COMMENT = regex.compile(r"\s+#.*$")
_RESERVED = frozenset({"title", "strategy", "flags", "oversized", "pages", "definitions"})


def is_invisible(node: Node, source: str) -> bool:
    """Front matter, an HTML comment, an empty code block or a thematic break."""
    if node.kind in (NodeKind.FRONT_MATTER, NodeKind.BREAK):
        return True
    if node.kind in (NodeKind.HTML, NodeKind.CODE):
        return is_junk(source[node.start:node.end])
    return False


def is_junk(text: str) -> bool:
    """Whether a text is only invisible markup (comments, empty fences, breaks)."""
    return bool(text.strip()) and _JUNK.fullmatch(text) is not None


def absorb_junk(packer: Packer, pieces: Sequence[Piece], front_matter_end: int = 0
                ) -> list[Piece]:
    """Each run of pieces that are only junk joined to the piece after it: in its embedded
    text where they fit together, else held before it but not embedded (`Piece.visible`).
    Front matter (ending at `front_matter_end`) is never embedded: it is metadata. Junk at
    the very end joins the piece before the same way."""
    source = packer.source
    result: list[Piece] = []
    run: list[Piece] = []
    for piece in pieces:
        if _junk_piece(source, piece, front_matter_end):
            run.append(piece)
            continue
        if piece.start < front_matter_end:
            piece = replace(piece, visible=_body_start(source, front_matter_end, piece.end))
        if run:
            piece = _joined(packer, run, piece, front_matter_end)
            run = []
        result.append(piece)
    if run and result:
        last = result[-1]
        merged = packer.merge(last, run[0]) if len(run) == 1 else None
        if merged is not None and packer.fits(merged):
            result[-1] = merged
        else:
            result[-1] = replace(last, end=run[-1].end, visible_end=_visible_end(last))
    elif run:
        result.extend(run)
    return result


def _visible_end(piece: Piece) -> int:
    return piece.visible_end if piece.start < piece.visible_end < piece.end else piece.end


def _joined(packer: Packer, run: list[Piece], piece: Piece, front_matter_end: int) -> Piece:
    if len(run) == 1 and run[0].start >= front_matter_end:
        merged = packer.merge(run[0], piece)
        if merged is not None and packer.fits(merged):
            return merged
    visible = piece.visible if piece.visible > piece.start else piece.start
    return replace(piece, start=run[0].start, visible=visible)


def _body_start(source: str, offset: int, end: int) -> int:
    while offset < end and source[offset].isspace():
        offset += 1
    return offset


def _junk_piece(source: str, piece: Piece, front_matter_end: int) -> bool:
    if piece.prefix or piece.suffix:
        return False
    start = piece.start
    if start < front_matter_end:
        if piece.end <= front_matter_end:
            return True
        start = front_matter_end
        if not source[start:piece.end].strip():
            return True
    return is_junk(source[start:piece.end])


def front_matter_metadata(text: str) -> dict[str, str]:
    """The top-level scalar keys of a YAML (`---`) or TOML (`+++`) front matter block.

    Lists, tables and block scalars are left out: metadata is for filters, and a scalar is
    what a filter compares. `title` goes into the heading path instead.
    """
    if not _FRONT_FENCE.match(text):
        return {}
    lines = text.strip().split("\n")[1:-1]
    metadata: dict[str, str] = {}
    for match in _SCALAR_KEY.finditer("\n".join(lines)):
        key, value = match.group("key"), match.group("value")
        value = _TRAILING_COMMENT.sub("", value).strip()
        if value[:1] in ("'", '"') and value[-1:] == value[:1] and len(value) >= 2:
            value = value[1:-1]
        if not value or value[:1] in ("[", "{", "|", ">", "&", "*") or key.lower() in _RESERVED:
            continue
        metadata.setdefault(key, value)
    return metadata
