"""Lists that keep their lead-in: the sentence introducing a list travels with every piece.

A procedure's condition is usually stated once, before its steps ("If you are on the
enterprise plan, do this:"). When the list is split, a later piece holding step 7 would lose
it, as a later piece of a table would lose its header. So the lead-in is repeated in the
embedded text of every later piece (its `prefix`, counted in the budget, never in `content`),
the way `framed.table_pieces` repeats header rows.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import regex

from structchunk.chunk.pack import FRAME_DROPPED, Packer, Piece
from structchunk.tree import Node, NodeKind

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
    source = packer.source
    text = source[lead.start:lead.end].strip()
    if not text or not introduces(text):
        return None
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
            for part in split(replace(piece, prefix=framed_prefix)):
                units.append(replace(part, prefix=piece.prefix, suffix=""))
    framed = packer.pack_framed(units, prefix, "", lead=lead, nested=True)
    if any(FRAME_DROPPED in piece.flags for piece in framed):
        framed = [replace(piece, flags=piece.flags | {LEAD_IN_NOT_REPEATED}) for piece in framed]
    return framed


def is_list(node: Node) -> bool:
    return node.kind is NodeKind.LIST and bool(node.children)
