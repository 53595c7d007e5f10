"""Pieces of a long code block named by what they hold.

Every piece of a split script would otherwise carry the same heading path ("… > Pre-flight
Checker"), and a piece that holds several whole functions carries only the file: retrieval
cannot tell them apart. Each such piece gets the first definition that starts inside it
(from the code outline) as the last entry of its path, or, for code without a grammar, the
first line that reads as the start of a function or a section comment. A piece that holds the
signature of the definition around its start is that definition's, and is not renamed after
a function nested in its body. The entry is in the
embedded path line, and kept only where the piece still fits; the piece that opens a fenced
block keeps the section's path, so it may still join the text before it. A piece that starts
at a definition's doc comment shows that definition's title in its path line, which a piece
starting at the signature may leave to its first line.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import replace

import regex

from structchunk.chunk.pack import Packer, Piece, Title, respan
from structchunk.tree import Node, NodeKind, definition_data

_TITLE_LIMIT = 80
# A line that starts a function or a section where no grammar gives definitions: a shell,
# PowerShell, Lua, Perl or Basic declaration, or a comment banner ("# --- Backup ---").
_DECLARATION = regex.compile(
    r"^[ \t]*(?:export[ \t]+)?(?:async[ \t]+)?(?:function|def|class|fn|func|sub|proc|"
    r"procedure|filter|workflow)[ \t]+[\w.:$-]+[^\n]*", regex.IGNORECASE | regex.MULTILINE)
_BANNER = regex.compile(
    r"^[ \t]*(?:#+|//+|--+|;+|REM\b|::)[ \t]*(?:[=*#~-]{2,}[ \t]*)?(?P<name>[^\W\d_][^\n]*?)"
    r"[ \t]*[=*#~-]{2,}[ \t]*$", regex.MULTILINE)


def named_pieces(packer: Packer, pieces: Sequence[Piece], node: Node) -> list[Piece]:
    """`pieces` of the code in `node`, each whose path does not yet name what it starts
    with given the first definition or section inside it."""
    if len(pieces) < 2:
        return list(pieces)
    definitions = _definitions(node)
    starts = [definition.start for definition in definitions]
    result = []
    for piece in pieces:
        if piece.start == node.start and node.kind is NodeKind.CODE:
            result.append(piece)  # it opens the block: its path is the section's
            continue
        name = _first_definition(node, definitions, starts, piece) if definitions else \
            _first_section(packer.source, piece)
        if name is not None and all(title.text != name for title in piece.path):
            candidate = replace(piece, path=piece.path + (Title(name, True),))
            if packer.fits(candidate):
                piece = candidate
        elif piece.open_titles and _opens_at_comment(definitions, starts, piece):
            shown = respan(piece, piece.start, piece.end)
            if packer.fits(shown):
                piece = shown
        result.append(piece)
    return result


def _opens_at_comment(definitions: list[Node], starts: list[int], piece: Piece) -> bool:
    """Whether the piece starts at a definition whose doc comment comes before its
    signature: the title that opens there is then not what the first line says, and the
    path line must name it, or the piece carries only the file."""
    index = bisect_left(starts, piece.start)
    if index >= len(definitions) or starts[index] != piece.start:
        return False
    children = definitions[index].children
    return bool(children) and definition_data(children[0]).leading_comments


def _definitions(node: Node) -> list[Node]:
    """The titled definitions below `node`, in document order."""
    found = [child for child, _ in node.walk() if child.kind is NodeKind.DEFINITION
             and child.title]
    return sorted(found, key=lambda definition: (definition.start, -definition.end))


def _first_definition(node: Node, definitions: list[Node], starts: list[int], piece: Piece
                      ) -> str | None:
    """The first definition starting inside the piece, if it lies inside the innermost
    definition around the piece's start (a sibling after it would misname the piece)."""
    index = bisect_left(starts, piece.start)
    if index >= len(definitions) or definitions[index].start >= piece.end:
        return None
    found = definitions[index]
    around = _innermost_around(node, piece.start)
    if around is not None and (found.end > around.end or _code_start(around) >= piece.start):
        return None  # a sibling after it, or the piece holds the signature of `around`
    return found.title


def _code_start(definition: Node) -> int:
    """Where a definition's own code starts: after its leading doc comment, if it has one.

    A piece that starts in that comment or at that point holds the definition's signature,
    so it is about the definition, not about the first function nested in its body.
    """
    children = definition.children
    if len(children) > 1 and definition_data(children[0]).leading_comments:
        return children[1].start
    return definition.start


def _innermost_around(node: Node, offset: int) -> Node | None:
    """The deepest definition whose span holds `offset` inside it (not at its start)."""
    around = None
    while node.children:
        children = node.children
        index = bisect_left([child.start for child in children], offset + 1) - 1
        if index < 0 or children[index].end <= offset:
            break
        node = children[index]
        if node.kind is NodeKind.DEFINITION and node.start < offset:
            around = node
    return around


def _first_section(source: str, piece: Piece) -> str | None:
    best: regex.Match[str] | None = None
    for pattern in (_DECLARATION, _BANNER):
        match = pattern.search(source, piece.start, piece.end)
        if match is not None and (best is None or match.start() < best.start()):
            best = match
    if best is None:
        return None
    name = best.groupdict().get("name") or best.group(0)
    name = " ".join(name.rstrip("{( \t").split())
    return name[:_TITLE_LIMIT] or None
