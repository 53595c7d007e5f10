"""Lists that keep their lead-in: the sentence introducing a list travels with every piece.

A procedure's condition is usually stated once, before its steps ("If you are on the
enterprise plan, do this:"). When the list is split, a later piece holding step 7 would lose
it, as a later piece of a table would lose its header. So the lead-in is repeated in the
embedded text of every later piece (its `prefix`, counted in the budget, never in `content`),
the way `framed.table_pieces` repeats header rows. A definition list's term travels the same
way before every later piece of its description (`term_prefix`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import regex

from structchunk.chunk.pack import FRAME_DROPPED, Packer, Piece, Title
from structchunk.node_data import ListData
from structchunk.tree import Node, NodeKind, trim_span

LEAD_IN_NOT_REPEATED = "lead_in_not_repeated"
# A paragraph that ends in a colon (Latin or full-width), perhaps inside emphasis, or one
# that is a bold label alone ("**Steps**"), introduces what follows.
_INTRODUCES = regex.compile(r"(?:[:：][*_)\]]*|^\*\*[^*\n]+\*\*|^__[^_\n]+__)\s*\Z")
_LEAD_IN_SEPARATOR = "\n\n"

Splitter = Callable[[Piece], list[Piece]]


def introduces(text: str) -> bool:
    """Whether a paragraph's text reads as the lead-in of what follows it."""
    return bool(_INTRODUCES.search(text))


def lead_in_prefix(packer: Packer, lead: Piece, sentences: Splitter) -> str | None:
    """The text repeated before each later piece: the lead-in paragraph, else its last
    sentence, else the end of that sentence after an ellipsis, within a quarter of the
    budget; None when the paragraph does not introduce what follows."""
    text = packer.source[lead.start:lead.end].strip()
    if not text or not introduces(text):
        return None
    return _within_quarter(packer, lead, text, sentences)


def term_prefix(packer: Packer, term: Piece, sentences: Splitter) -> str | None:
    """The term of a definition list item, repeated before each later piece of its
    description: a piece about a term that does not name it is found by nothing that asks
    about the term. Shortened like a lead-in; None for an empty term."""
    text = packer.source[term.start:term.end].strip()
    return _within_quarter(packer, term, text, sentences) if text else None


def _within_quarter(packer: Packer, lead: Piece, text: str, sentences: Splitter
                    ) -> str | None:
    """`text` (the whole of `lead`), else its last sentence, else the end of that sentence
    after an ellipsis, within a quarter of the budget, with the separator after it."""
    source = packer.source
    budget = packer.budget
    limit = budget.max_size // 4 - budget.size(_LEAD_IN_SEPARATOR)
    if budget.size(text) <= limit:
        return text + _LEAD_IN_SEPARATOR
    parts = sentences(lead)
    last = source[parts[-1].start:parts[-1].end].strip() if parts else text
    if budget.size(last) <= limit:
        return last + _LEAD_IN_SEPARATOR
    words = last.split()
    for start in range(1, len(words)):
        tail = "… " + " ".join(words[start:])
        if budget.size(tail) <= limit:
            return tail + _LEAD_IN_SEPARATOR
    return None


def list_pieces(packer: Packer, lead: Piece, item_pieces: list[list[Piece]],
                prefix: str, split: Splitter) -> list[Piece] | None:
    """The lead-in and the list as pieces, every piece after the one holding the lead-in
    starting with `prefix` in its embedded text; None when the list holds closed frames of
    its own (a fenced code block in an item), which keep their frame instead."""
    units: list[Piece] = []
    for pieces in item_pieces:
        for piece in pieces:
            if piece.suffix:
                return None
            # A nested list's later piece keeps its own lead-in after this one.
            framed_prefix = prefix + piece.prefix
            if packer.fits_framed(piece, framed_prefix, ""):
                units.append(piece)
                continue
            if piece.prefix and packer.fits(piece):
                # Two lead-ins do not fit beside a piece that fits with its own: the inner
                # one, which introduces it, stays, and the piece is not cut for the outer.
                units.append(replace(piece, flags=piece.flags | {FRAME_DROPPED}))
                continue
            for part in split(replace(piece, prefix=framed_prefix)):
                units.append(replace(part, prefix=piece.prefix, suffix=""))
    framed = packer.pack_framed(units, prefix, "", lead=lead, nested=True)
    if any(FRAME_DROPPED in piece.flags for piece in framed):
        framed = [replace(piece, flags=piece.flags | {LEAD_IN_NOT_REPEATED}) for piece in framed]
    return framed


def is_list(node: Node) -> bool:
    return node.kind is NodeKind.LIST and bool(node.children)


def is_definition_list(node: Node) -> bool:
    """A list whose items are a term, then its description (HTML `<dl>`, reStructuredText)."""
    data = node.data
    return node.kind is NodeKind.LIST and type(data) is ListData and data.definitions


def described_pieces(packer: Packer, item: Node, path: tuple[Title, ...],
                     pieces_of: Callable[[Node], list[Piece]], split: Splitter,
                     sentences: Splitter) -> list[Piece] | None:
    """A definition list item too long for one chunk as pieces that all name its term: the
    first holds the term, every later one repeats it in its embedded text (`pieces_of` cuts a
    block of the description; a list in it is cut between its items). None when the item
    fits, has no term paragraph, a block that fits alone would not fit beside the term, or
    its description holds closed frames (code), which keep their own."""
    source = packer.source
    start, end = trim_span(source, item.start, item.end)
    if len(item.children) < 2 or item.children[0].kind is not NodeKind.PARAGRAPH \
            or packer.fits(Piece(start, end, path)):
        return None
    term_start, term_end = trim_span(source, item.children[0].start, item.children[0].end)
    term = Piece(term_start, term_end, path)
    prefix = term_prefix(packer, term, sentences)
    if prefix is None:
        return None
    described = [pieces_of(unit) for child in item.children[1:] if _has_text(source, child)
                 for unit in (child.children if is_list(child) else (child,))]
    if any(packer.fits(piece) and not packer.fits_framed(piece, prefix + piece.prefix, "")
           for pieces in described for piece in pieces):
        return None  # a block that fits is never cut only to make room for the term
    return list_pieces(packer, term, described, prefix, split)


def _has_text(source: str, node: Node) -> bool:
    start, end = trim_span(source, node.start, node.end)
    return end > start
