"""Tails that do not stand alone: a last piece under the minimum size takes from the one before.

A one-word tail of a long sentence or the closing line of a section holds too little to be
found, yet it competes for the top k as a chunk of its own. Where the budget allows, the
boundary before it moves back (`Budget.minimum`, `min_size=`), so both pieces hold
something; whole units move, so nothing that was whole is cut.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

import regex

if TYPE_CHECKING:
    from structchunk.chunk.pack import Packer, Piece

_WORD_START = regex.compile(r"(?<=\s)\S")
_CHARACTER_SPLIT = "character_split"  # pack.CHARACTER_SPLIT (pack imports this module)


def balance_tail(packer: Packer, units: Sequence[Piece], result: list[Piece], previous: int,
                 last: int) -> None:
    """Move the last units of the piece before into a last piece under the minimum size,
    while the tail still fits and the piece before keeps at least the minimum."""
    minimum = packer.budget.minimum
    if packer.size_of(result[-1]) >= minimum or last - previous < 2:
        return
    for cut in range(last - 1, previous, -1):
        head = packer.merged(units[previous:cut])
        tail = packer.merged(units[cut:])
        if head is None or tail is None or not packer.fits(tail):
            return
        before = units[cut - 1]
        if before.open_titles and "\n" not in packer.source[before.start:before.end]:
            return  # a heading alone would end the piece before
        if _opens_member_of(units[cut], before):
            return  # a class's docstring would be parted from the start of its first method
        if packer.size_of(head) < minimum or not packer.fits(head):
            return  # fewer units may share a longer path (a definition they all open in)
        result[-2:] = [head, tail]
        if packer.size_of(tail) >= minimum:
            return


def _opens_member_of(unit: Piece, before: Piece) -> bool:
    """Whether `unit` opens a definition nested in the definition `before` belongs to, so
    `before` is that definition's opening (signature, docstring, fields)."""
    path, outer = unit.path, before.path
    return bool(unit.open_titles and outer and outer[-1].is_definition
                and len(path) > len(outer) and path[:len(outer)] == outer
                and path[-1].is_definition)


def balanced_words(packer: Packer, parts: list[Piece]) -> list[Piece]:
    """The last two parts of a unit cut at words, re-cut nearer the middle when the last
    is under the minimum size (a one-word tail), where both still fit."""
    if len(parts) < 2 or packer.size_of(parts[-1]) >= packer.budget.minimum:
        return parts
    before, last = parts[-2], parts[-1]
    if _CHARACTER_SPLIT in before.flags or _CHARACTER_SPLIT in last.flags:
        return parts
    middle = (before.start + last.end) // 2
    cuts = sorted((match.start() for match in _WORD_START.finditer(packer.source, before.start + 1,
                                                             last.end)),
                  key=lambda offset: abs(offset - middle))
    for cut in cuts[:64]:
        head_end = before.start + len(packer.source[before.start:cut].rstrip())
        head = replace(before, end=head_end)
        tail = replace(last, start=cut)
        if head_end > before.start and cut < last.start and packer.fits(head) \
                and packer.fits(tail):
            return [*parts[:-2], head, tail]
    return parts
