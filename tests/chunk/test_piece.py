"""Pieces built by their written-out constructor behave as the frozen dataclass they are, and
`pack` sizing a merge before building it takes exactly the merges that fit."""

from __future__ import annotations

import dataclasses
import itertools

import pytest

from structchunk.chunk.budget import Budget
from structchunk.chunk.pack import Packer
from structchunk.chunk.piece import Piece, Title


def test_a_piece_is_frozen_compared_by_fields_and_replaced_like_a_dataclass() -> None:
    path = (Title("Guide"), Title("def run", True))
    piece = Piece(3, 9, path, 1, "| a |\n", "", frozenset({"x"}), 4, 8)
    assert (piece.start, piece.end, piece.path, piece.open_titles, piece.prefix, piece.suffix,
            piece.flags, piece.visible, piece.visible_end) == (
        3, 9, path, 1, "| a |\n", "", frozenset({"x"}), 4, 8)
    assert piece == Piece(start=3, end=9, path=path, open_titles=1, prefix="| a |\n",
                          flags=frozenset({"x"}), visible=4, visible_end=8)
    assert hash(piece) == hash(dataclasses.replace(piece))
    assert dataclasses.replace(piece, end=12) == Piece(3, 12, path, 1, "| a |\n", "",
                                                       frozenset({"x"}), 4, 8)
    assert Piece(0, 1) == Piece(0, 1, (), 0, "", "", frozenset(), 0, 0)
    assert Title("Guide") == Title("Guide", False) != Title("Guide", True)
    with pytest.raises(dataclasses.FrozenInstanceError):
        piece.start = 0  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        path[0].text = "other"  # type: ignore[misc]


@pytest.mark.parametrize("max_size", [30, 60, 1000])
def test_a_merge_sized_before_it_is_built_is_the_merge_that_fits(max_size: int) -> None:
    source = "# A\n\nsome words here.\n\n## B\n\nmore words, and more still.\n" * 3
    packer = Packer(source, Budget(max_size=max_size))
    root = (Title("A"),)
    paths = [(), root, root + (Title("B"),), (Title("C"),)]
    spans = [(0, 3), (5, 21), (23, 27), (29, 56), (57, 60), (60, 120)]
    pieces = [Piece(start, end, path, opened, prefix, suffix, flags, visible, visible_end)
              for (start, end), path, opened, (prefix, suffix), flags, (visible, visible_end)
              in itertools.product(spans, paths, (0, 1), (("", ""), ("> ", ""), ("", "\n")),
                                   (frozenset(), frozenset({"f"})), ((0, 0), (6, 0), (0, 50)))
              if opened <= len(path)]
    taken = 0
    for first, second in itertools.product(pieces[::7], pieces[::5]):
        merged = packer._merge(first, second)
        expected = merged if merged is not None and packer.fits(merged) else None
        assert packer._merge_fitting(first, second) == expected
        taken += expected is not None
    assert taken  # some merges fit, so both answers were compared on built pieces
