"""The hybrid strategy: walk the tree, keep what fits, split the rest at its children.

Cut order follows node kinds: a section splits between its blocks and subsections, a list
between items, a table between rows (header repeated), code between definitions then lines
(fences repeated), prose between sentences, and an indivisible unit at words.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import replace

from structchunk.chunk.build import PieceStrategy
from structchunk.chunk.context import ChunkContext
from structchunk.chunk.enclosing import under_its_sections
from structchunk.chunk.fill import filled
from structchunk.chunk.framed import code_pieces, table_pieces
from structchunk.chunk.hygiene import absorb_junk, is_invisible
from structchunk.chunk.leadins import (
    described_pieces,
    introduces,
    is_definition_list,
    is_list,
    lead_in_prefix,
    list_pieces,
)
from structchunk.chunk.pack import CUT_FLAGS, Packer, Piece, Title, respan
from structchunk.chunk.prose import ProseSplitter
from structchunk.decode import BLANK_LINE
from structchunk.tree import (
    CONTAINER_KINDS,
    TITLED_KINDS,
    Document,
    Node,
    NodeKind,
    is_unit,
    overlapping,
    trim_span,
)

_TITLED = TITLED_KINDS


class HybridChunker(PieceStrategy):
    """Structure first, sentences second, words last."""

    name = "hybrid"

    def chunk(self, document: Document, context: ChunkContext) -> list[Piece]:
        walk = _Walk(document, context)
        title = document.title
        # A document title (front matter, a source file's path) roots every heading path.
        pieces = walk.node(document.root, (Title(title),) if title else ())
        if not walk._unit_bounds:  # a slide or a sheet is never packed with the next
            pieces = filled(walk.packer, document, pieces)
        return absorb_junk(walk.packer, pieces, _front_matter_end(document))


class _Walk:
    def __init__(self, document: Document, context: ChunkContext) -> None:
        self.document = document
        self.packer = Packer(document.text, context.budget, context.path_line)
        self.prose = ProseSplitter(self.packer, context)
        self._headings: frozenset[int] | None = None
        self._unit_bounds = _unit_bounds(document)

    def node(self, node: Node, path: tuple[Title, ...], opens: int = 0) -> list[Piece]:
        """The pieces of `node` under `path`; `opens` counts the titles of `path` whose
        heading stands at the node's start (the first block of a section), so the node is
        sized with the path line it will be embedded with."""
        given, node = node, self._only_child(node)
        inner, opened = _enter(node, path)
        if inner is path:
            opened = opens
        start, end = trim_span(self.document.text, node.start, node.end)
        if end <= start:
            return []
        whole = Piece(start, end, inner, opened)
        if self.packer.fits(whole) and not self._divided(start, end):
            return [whole]
        if given.kind is NodeKind.DOCUMENT and self.document.source_file is not None:
            # A source file is one unfenced code block whose units are its definitions, also
            # when it holds a single one (which `_only_child` stepped into).
            return code_pieces(self.packer, given, _enter(given, path)[0])
        if node.kind is NodeKind.TABLE:
            return table_pieces(self.packer, node, inner)
        if node.kind is NodeKind.CODE:
            return code_pieces(self.packer, node, inner)
        if node.kind in CONTAINER_KINDS and node.children:
            return self.children(node, inner, opened)
        return self.prose.split(whole)

    def _only_child(self, node: Node) -> Node:
        """Step into a container whose single child spans all of its text, so a chunk that
        holds a whole document or list still gets the heading path of what it holds."""
        text = self.document.text
        while node.kind in CONTAINER_KINDS and len(node.children) == 1:
            child = node.children[0]
            if trim_span(text, node.start, node.end) != (child.start, child.end):
                break
            if node.kind in _TITLED and node.title:
                break
            node = child
        return node

    def children(self, node: Node, inner: tuple[Title, ...], opened: int) -> list[Piece]:
        pieces: list[Piece] = []
        heading: Piece | None = None  # a heading waiting for the start of its body
        terms = is_definition_list(node)
        for index, child in enumerate(node.children):
            if heading is None and index and pieces and is_list(child):
                # The heading of a lead-in that stands alone joins it first, so it is not
                # parted from its body by the list packed beside the lead-in.
                taken = 2 if len(pieces) > 1 and self._heads(pieces[-2], pieces[-1]) else 1
                lead = pieces[-1] if taken == 1 else self.packer.merge(pieces[-2], pieces[-1])
                led = self._led_list(lead, pieces[-1], node.children[index - 1], child,
                                     inner) if lead is not None else None
                if led is not None:
                    pieces[-taken:] = led
                    continue
            opens = opened if index == 0 and child.start == node.start else 0
            child_pieces = (terms and self._described(child, inner)) or self.node(
                child, inner, opens)
            if index == 0 and child_pieces and child.start == node.start and opened:
                first = child_pieces[0]
                if len(first.path) == len(inner):
                    child_pieces[0] = self.packer.opened(first, max(first.open_titles, opened))
            if heading is not None and child_pieces:
                child_pieces = self._after_heading(heading, child_pieces)
                heading = None
            # Front matter is never embedded (`absorb_junk` holds it before the next piece), so
            # only other invisible markup waits for its body like a heading.
            waits = child.kind is NodeKind.HEADING or (
                len(child_pieces) == 1 and child.kind is not NodeKind.FRONT_MATTER
                and is_invisible(child, self.document.text))
            if waits and child_pieces and index + 1 < len(node.children):
                # a heading (or invisible markup) too long for one chunk is cut; its last
                # piece waits for the body
                pieces.extend(child_pieces[:-1])
                heading = child_pieces[-1]
                continue
            pieces.extend(child_pieces)
        if heading is not None:
            pieces.append(heading)
        return self._pack(pieces)

    def _divided(self, start: int, end: int) -> bool:
        """Whether a unit (a slide, a sheet) begins or ends strictly inside [start, end)."""
        bounds = self._unit_bounds
        if not bounds:
            return False
        after = bisect_right(bounds, start)
        return after < len(bounds) and bounds[after] < end

    def _pack(self, pieces: list[Piece]) -> list[Piece]:
        """Pack the pieces, never merging two that lie on either side of a unit's edge."""
        if not self._unit_bounds or len(pieces) < 2:
            return self.packer.pack(pieces)
        result: list[Piece] = []
        run: list[Piece] = [pieces[0]]
        for piece in pieces[1:]:
            if self._divided(run[-1].start, piece.end):
                result.extend(self.packer.pack(run))
                run = []
            run.append(piece)
        result.extend(self.packer.pack(run))
        return result

    def _heads(self, heading: Piece, body: Piece) -> bool:
        """Whether `heading` is a heading alone that fits with the piece after it."""
        text = self.document.text
        if heading.start not in self._heading_starts() or "\n" in text[
                heading.start:heading.end].strip():
            return False
        merged = self.packer.merge(heading, body)
        return merged is not None and self.packer.fits(merged)

    def _led_list(self, lead: Piece, last: Piece, before: Node, node: Node,
                  path: tuple[Title, ...]) -> list[Piece] | None:
        """A list and the paragraph introducing it (`last`, its last piece, held by `lead`):
        one piece when they fit together, else pieces that all repeat the lead-in
        (`chunk/leadins.py`)."""
        if before.kind is not NodeKind.PARAGRAPH or lead.suffix:
            return None
        text = self.document.text
        before_start, before_end = trim_span(text, before.start, before.end)
        if lead.end != before_end:
            return None
        start, end = trim_span(text, node.start, node.end)
        whole = self.packer.merge(lead, Piece(start, end, path))
        if whole is not None and self.packer.fits(whole):
            return [whole]
        paragraph = Piece(max(last.start, before_start), before_end, path)
        prefix = lead_in_prefix(self.packer, paragraph, self.prose.sentences)
        if prefix is None:
            return None
        terms = is_definition_list(node)
        items = [(terms and self._described(item, path)) or self.node(item, path)
                 for item in node.children]
        return list_pieces(self.packer, lead, items, prefix, self.prose.split)

    def _described(self, item: Node, path: tuple[Title, ...]) -> list[Piece] | None:
        """A definition list item that does not fit: its term before every later piece."""
        return described_pieces(self.packer, item, path, lambda child: self.node(child, path),
                                self.prose.split, self.prose.sentences)

    def _after_heading(self, heading: Piece, pieces: list[Piece]) -> list[Piece]:
        """A heading travels with at least the start of its body.

        When the heading and the first piece of its body do not fit together, that piece is
        cut again so that the heading takes as much of it as fits: at its blocks (paragraphs,
        Absätze, nested headings) when one fits, else between the nodes it holds (the items
        of a tight list), else at sentences; the rest is packed on its
        own. Framed pieces (table parts, code) and bodies whose first sentence does not fit
        beside the heading stay as they are; a piece cut at words keeps its flag.

        A body that starts with a unit cut at words is measured again beside the heading:
        the unit was cut with the path line of a piece inside the section, and beside its
        heading, which opens the chunk, it may embed a shorter line or none (`path_line`),
        so the sentence can fit whole there.
        """
        first = pieces[0]
        merged = self.packer.merge(heading, first)
        if merged is not None and heading.flags & CUT_FLAGS and self.packer.fits(merged):
            # `pack` keeps pieces cut at words apart from whole ones, but the last part of a
            # heading too long for any chunk still travels with the start of its body.
            return [merged, *pieces[1:]]
        if merged is None or first.prefix or first.suffix:
            return [heading, *pieces]
        cut = _cut_run(pieces) if not heading.flags & CUT_FLAGS else 0
        if self.packer.fits(merged) and not cut:
            return [heading, *pieces]
        if cut:
            body = Piece(first.start, pieces[cut - 1].end, first.path)
            kinds = [self.prose.sentences(body)]
        else:
            body = Piece(first.start, first.end, first.path, flags=first.flags)
            kinds = [self._blocks(body), self._node_blocks(body), self.prose.sentences(body)]
        for units in kinds:
            led = self._lead_and_rest(heading, merged, body, units, bool(cut))
            if led is not None:
                return [*led, *pieces[max(cut, 1):]]
        return [heading, *pieces]

    def _lead_and_rest(self, heading: Piece, merged: Piece, body: Piece, units: list[Piece],
                       whole_fits: bool) -> list[Piece] | None:
        """The heading with as many of the body's `units` as fit beside it, then the rest of
        the body; None when no unit fits beside it, or (unless `whole_fits`) all of them."""
        taken = 0
        while taken < len(units) and self.packer.fits(
                Piece(heading.start, units[taken].end, merged.path, merged.open_titles)):
            taken += 1
        while taken and units[taken - 1].start in self._heading_starts():
            taken -= 1  # never end the lead with a heading of the body
        if not taken or (taken == len(units) and not whole_fits):
            return None
        lead = Piece(heading.start, units[taken - 1].end, merged.path, merged.open_titles,
                     flags=body.flags)
        if taken == len(units):
            return [lead]
        rest = self._truthful(replace(body, start=units[taken].start))
        if self._introduces(units[taken - 1]):
            # the rest starts a list: it repeats the lead-in, or takes it back
            prefix = lead_in_prefix(self.packer, units[taken - 1], self.prose.sentences)
            if prefix is not None and self.packer.fits(replace(rest, prefix=prefix)):
                return [lead, replace(rest, prefix=prefix)]
            listed = self._listed_rest(lead, units[taken:], prefix) if prefix else None
            if listed is not None:
                return listed
            taken -= 1
            if not taken:
                return None
            lead = replace(lead, end=units[taken - 1].end)
            rest = self._truthful(replace(body, start=units[taken].start))
        if self.packer.fits(rest):
            return [lead, rest]
        tail: list[Piece] = []
        for unit in units[taken:]:
            tail.extend([unit] if self.packer.fits(unit) else self.prose.split(unit))
        return [lead, *self.packer.pack(tail)]

    def _listed_rest(self, lead: Piece, units: list[Piece], prefix: str) -> list[Piece] | None:
        """The lead (a heading and the lead-in of a list) with the list that starts `units`
        cut between its items, every later piece repeating the lead-in, then the rest; None
        when the first unit holds no list. Without it, a heading that joins the start of a
        list already cut with its lead-in would take the lead-in and leave the items bare."""
        items = self._node_blocks(units[0])
        if len(items) < 2:
            return None
        framed = list_pieces(self.packer, lead, [[replace(item, path=lead.path)]
                                                 for item in items],
                             prefix, self.prose.split)
        if framed is None:
            return None
        later = [self._truthful(piece) for piece in framed[1:]]
        tail: list[Piece] = []
        for unit in units[1:]:
            tail.extend([unit] if self.packer.fits(unit) else self.prose.split(unit))
        return [framed[0], *(truthful if self.packer.fits(truthful) else piece
                             for truthful, piece in zip(later, framed[1:], strict=True)),
                *self.packer.pack(tail)]

    def _truthful(self, piece: Piece) -> Piece:
        return under_its_sections(self.document, piece)

    def _introduces(self, unit: Piece) -> bool:
        """Whether a unit of a body ends in a lead-in that the rest depends on."""
        return unit.end < len(self.document.text) and introduces(
            self.document.text[unit.start:unit.end])

    def _blocks(self, piece: Piece) -> list[Piece]:
        """The blank-line separated blocks of a piece, as pieces under its path."""
        text = self.document.text
        blocks: list[Piece] = []
        start = piece.start
        for match in BLANK_LINE.finditer(text, piece.start, piece.end):
            if text[start:match.start()].strip():
                blocks.append(respan(piece, start, match.start()))
            start = match.end()
        if text[start:piece.end].strip():
            blocks.append(respan(piece, start, piece.end))
        trimmed = []
        for block in blocks:
            block_start, block_end = trim_span(text, block.start, block.end)
            trimmed.append(respan(block, block_start, block_end))
        return trimmed

    def _node_blocks(self, piece: Piece) -> list[Piece]:
        """The items of the list a piece holds, when it holds several: a list written without
        blank lines between its items has no blank-line blocks, and cutting it at sentences
        would cut an item that fits."""
        node = self.document.root
        inside: list[Node] = []
        for _ in range(64):  # trees are shallow; the bound keeps a degenerate one cheap
            inside = overlapping(node, piece.start, piece.end)
            if len(inside) != 1 or not inside[0].children:
                break
            node = inside[0]
        if len(inside) < 2 or node.kind is not NodeKind.LIST:
            return []  # only a list's items: other nodes have blank lines or rules of their own
        units = [respan(piece, max(child.start, piece.start), min(child.end, piece.end))
                 for child in inside]
        units[0] = respan(units[0], piece.start, units[0].end)
        return units

    def _heading_starts(self) -> frozenset[int]:
        """Where the document's headings start (computed once per document)."""
        if self._headings is None:
            starts: set[int] = set()
            stack = [self.document.root]
            while stack:
                node = stack.pop()
                if node.kind is NodeKind.HEADING:
                    starts.add(trim_span(self.document.text, node.start, node.end)[0])
                stack.extend(node.children)
            self._headings = frozenset(starts)
        return self._headings


def _cut_run(pieces: list[Piece]) -> int:
    """How many pieces at the start of `pieces` were cut at words or characters: the parts
    of the oversized units a body opens with."""
    count = 0
    while count < len(pieces) and pieces[count].flags & CUT_FLAGS:
        count += 1
    return count


def _unit_bounds(document: Document) -> list[int]:
    """Where the document's units (slides, sheets) start and end, in order. Units are
    sections at the top, or in the top sections a heading before them opens, so only
    sections are looked into."""
    bounds: set[int] = set()
    stack = [document.root]
    while stack:
        node = stack.pop()
        for child in node.children:
            if child.kind is not NodeKind.SECTION:
                continue
            if is_unit(child):
                bounds.update(trim_span(document.text, child.start, child.end))
            else:
                stack.append(child)
    return sorted(bounds)


def _front_matter_end(document: Document) -> int:
    """Where the document's front matter ends (0 without one)."""
    first = document.root.children[:1]
    return first[0].end if first and first[0].kind is NodeKind.FRONT_MATTER else 0


def _enter(node: Node, path: tuple[Title, ...]) -> tuple[tuple[Title, ...], int]:
    """The path inside `node`, and how many of its titles open at the node's start."""
    if node.kind in _TITLED and node.title:
        return path + (Title(node.title, node.kind is NodeKind.DEFINITION),), 1
    return path, 0
