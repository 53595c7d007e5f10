"""Framed blocks: tables repeat their header rows, code blocks their fences, in every piece.

These are the strategy objects the hybrid walk calls for TABLE and CODE nodes; the walk
itself never formats a table or a fence.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import regex

from structchunk.chunk.doc_summary import summary_of, with_summary
from structchunk.chunk.naming import named_pieces
from structchunk.chunk.pack import FRAME_DROPPED, Packer, Piece, Title, reframed, respan
from structchunk.decode import BLANK_LINE
from structchunk.tree import Node, NodeKind, code_data, definition_data, row_data, trim_span

HEADER_NOT_REPEATED = "header_not_repeated"
_LINE = regex.compile(r"[^\r\n]+")


def table_pieces(packer: Packer, node: Node, path: tuple[Title, ...]) -> list[Piece]:
    """Cut between rows; every piece after the first repeats the header and delimiter rows."""
    source = packer.source
    rows = list(node.children)
    header = [row for row in rows if row.kind is NodeKind.ROW and row_data(row).header]
    body = [row for row in rows if row not in header]
    if not header or not body:
        return _packed_rows(packer, rows, path)
    lead = Piece(node.start, header[-1].end, path)
    if not packer.fits(lead):
        # Header rows too long together to repeat are packed row by row like the body: a
        # header row that fits alone is not cut at words for the rows beside it.
        return [replace(piece, flags=piece.flags | {HEADER_NOT_REPEATED})
                for piece in _packed_rows(packer, rows, path)]
    prefix = source[header[0].start:header[-1].end] + "\n"
    flags: frozenset[str] = frozenset()
    row_units = [Piece(row.start, row.end, path) for row in body]
    if not _leaves_room_for_rows(packer, path, prefix, row_units):
        prefix, flags = "", frozenset({HEADER_NOT_REPEATED})
    units = [fragment for row in row_units for fragment in _fit(packer, row, prefix, "")]
    pieces = packer.pack_framed(units, prefix, "", lead=lead)
    return [replace(piece, flags=piece.flags | flags) for piece in pieces]


def _packed_rows(packer: Packer, rows: Sequence[Node], path: tuple[Title, ...]
                 ) -> list[Piece]:
    """The rows packed like prose units, none repeated; a row over the budget cut at words."""
    units = [Piece(row.start, row.end, path) for row in rows]
    return packer.pack([part for unit in units for part in _fit(packer, unit, "", "")])


def _leaves_room_for_rows(packer: Packer, path: tuple[Title, ...], prefix: str,
                          rows: Sequence[Piece]) -> bool:
    """The header is repeated while it, measured as embedded (heading path included, in the
    budget's own units), leaves at least a fifth of the budget for rows, and every row that
    fits the budget alone still fits beside it: a row is never cut only to make room for a
    repeated header."""
    budget = packer.budget
    header = budget.measure(packer.context(path), prefix, packer.source, 0, 0, "")
    if header > budget.max_size - max(1, budget.max_size // 5):
        return False
    return all(packer.fits_framed(row, prefix, "") or not packer.fits(row) for row in rows)


def code_pieces(packer: Packer, node: Node, path: tuple[Title, ...]) -> list[Piece]:
    """Cut a code block between definitions, then statements, then lines; keep the fences."""
    source = packer.source
    data = code_data(node)
    fence_open, body_start, body_end = data.fence_open, data.body_start, data.body_end
    if fence_open is None:
        units = _fitting_pieces(packer, source, node.children, node.start, node.end, path, "", "")
        # `nested`: code cut off from its doc comment keeps the summary it carries.
        return named_pieces(packer, _with_indentation(
            packer, packer.pack_framed(units, "", "", nested=True)), node)
    fence_close = data.fence_close
    prefix = str(fence_open) + "\n"
    suffix = "\n" + str(fence_close) if fence_close else ""
    lead = Piece(node.start, node.start + len(str(fence_open)), path)
    tail = Piece(body_end, node.end, path) if fence_close else None
    if tail is not None and body_end < node.end:
        tail = respan(tail, _line_start(source, node.end), tail.end, tail.open_titles)
    units = _fitting_pieces(packer, source, node.children, body_start, body_end, path, prefix,
                       suffix)
    return named_pieces(packer, _with_indentation(
        packer, packer.pack_framed(units, prefix, suffix, lead=lead, tail=tail, nested=True)),
        node)


def _with_indentation(packer: Packer, pieces: list[Piece]) -> list[Piece]:
    """Start each code piece at the start of its first line, so the first line keeps its
    indentation like the others, where the budget allows (a piece that starts mid-line is
    left as it is)."""
    source = packer.source
    result = []
    for piece in pieces:
        line_start = _line_start(source, piece.start)
        indentation = source[line_start:piece.start]
        if indentation and not indentation.strip(" \t") and packer.budget.fits(
                packer.context_of(piece), piece.prefix, source, line_start, piece.end,
                piece.suffix):
            piece = respan(piece, line_start, piece.end, piece.open_titles)
        result.append(piece)
    return result


def _fitting_pieces(packer: Packer, source: str, children: Sequence[Node], start: int,
                    end: int, path: tuple[Title, ...], prefix: str, suffix: str
                    ) -> list[Piece]:
    """Units that each fit with the frame: definitions whole where they fit, else their parts.

    Text between children (a signature line, a closing brace) becomes a unit of its own, so
    nothing of the block is left out.
    """
    units: list[Piece] = []
    cursor = start
    for child in children:
        if child.start > cursor and not source[cursor:child.start].isspace():
            units.extend(line_units(packer, source, cursor, child.start, path, prefix, suffix))
        inner, opened = path, 0
        if child.kind is NodeKind.DEFINITION and child.title:
            inner, opened = path + (Title(child.title, True),), 1
        unit = Piece(child.start, child.end, inner, opened)
        if packer.fits_framed(unit, prefix, suffix):
            units.append(unit)
        elif _fits_without_leading_comments(packer, child, inner, prefix, suffix):
            comments = child.children[0]
            units.extend(line_units(packer, source, comments.start, comments.end, inner,
                                    prefix, suffix))
            code = Piece(child.children[1].start, child.end, inner, 0)
            summary = summary_of(packer, comments.start, comments.end)
            units.append(with_summary(packer, code, summary, prefix, suffix))
        elif child.children:
            parts = _fitting_pieces(packer, source, child.children, child.start, child.end, inner,
                               prefix, suffix)
            parts = _opening_with_first_member(packer, child, parts, inner, prefix, suffix)
            if parts and parts[0].start == child.start:
                parts[0] = packer.opened(reframed(parts[0], prefix, suffix),
                                         max(parts[0].open_titles, opened))
                parts[0] = reframed(parts[0], "", "")
            units.extend(parts)
        else:
            units.extend(line_units(packer, source, child.start, child.end, inner, prefix,
                                    suffix))
        cursor = max(cursor, child.end)
    if end > cursor:
        units.extend(line_units(packer, source, cursor, end, path, prefix, suffix))
    return units


def _opening_with_first_member(packer: Packer, node: Node, parts: list[Piece],
                               path: tuple[Title, ...], prefix: str, suffix: str
                               ) -> list[Piece]:
    """The parts of a split definition, its opening (signature, docstring, fields) and its
    first nested definition made one unit where they fit together.

    As separate units the opening may join the piece before (the end of the previous class)
    and leave `__init__` to the next one: the docstring then ranks for a question ("does it
    retry by default?") whose answer (`Retry(0, read=False)`) is in another piece.
    """
    if not node.children or node.children[0].kind is NodeKind.DEFINITION:
        return parts
    member = next((child for child in node.children if child.kind is NodeKind.DEFINITION),
                  None)
    if member is None or not parts or parts[0].start != node.start:
        return parts
    taken = next((index for index, part in enumerate(parts) if part.end >= member.end), None)
    if taken is None or parts[taken].end != member.end:
        return parts
    joined = Piece(node.start, member.end, path, parts[0].open_titles)
    if not packer.fits_framed(joined, prefix, suffix):
        return parts
    return [joined, *parts[taken + 1:]]


def _fits_without_leading_comments(packer: Packer, node: Node, path: tuple[Title, ...],
                                   prefix: str, suffix: str) -> bool:
    """A definition too long only because of the comments above it keeps its code whole."""
    if len(node.children) < 2 or not definition_data(node.children[0]).leading_comments:
        return False
    return packer.fits(Piece(node.children[1].start, node.end, path, 0, prefix, suffix))


def line_units(packer: Packer, source: str, start: int, end: int, path: tuple[Title, ...],
               prefix: str, suffix: str) -> list[Piece]:
    """Blank-line-separated blocks where they fit, else single lines, else words."""
    units: list[Piece] = []
    cursor = start
    for gap in [*BLANK_LINE.finditer(source, start, end), None]:
        block_end = gap.start() if gap is not None else end
        block_start, block_end = trim_span(source, cursor, block_end)
        if block_end > block_start:
            if packer.fits_span(path, block_start, block_end, prefix, suffix):
                units.append(Piece(block_start, block_end, path))
            else:
                for line in _LINE.finditer(source, block_start, block_end):
                    line_start, line_end = trim_span(source, line.start(), line.end())
                    if line_end > line_start:
                        units.extend(_fit(packer, Piece(line_start, line_end, path), prefix,
                                          suffix))
        if gap is not None:
            cursor = gap.end()
    return units


def _fit(packer: Packer, unit: Piece, prefix: str, suffix: str) -> list[Piece]:
    if not unit.open_titles and packer.fits_span(unit.path, unit.start, unit.end, prefix,
                                                 suffix):
        return [unit]  # sized as the framed piece would be, without building it
    framed = reframed(unit, prefix, suffix)
    if packer.fits(framed):
        return [unit]
    if (prefix or suffix) and packer.fits(unit):
        # A line that fits alone stays whole without the repeated frame rather than being
        # cut for the frame's sake.
        return [replace(unit, flags=unit.flags | {FRAME_DROPPED})]
    return [reframed(part, "", "") for part in packer.split_words(framed)]


def _line_start(source: str, offset: int) -> int:
    # A carriage return counts only after the last line feed; searching for it from the
    # start of the text would read the whole text before `offset` when it has none.
    newline = source.rfind("\n", 0, offset)
    return max(newline, source.rfind("\r", newline + 1, offset)) + 1
