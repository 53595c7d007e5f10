"""Statute chunks keep what identifies them: the law's name, and the provision's number and
title before every piece of a split Absatz."""

from __future__ import annotations

import pytest

from structchunk import split
from tests.conftest import corpus_root


@pytest.mark.skipif(corpus_root() is None, reason="needs the shared corpus")
@pytest.mark.parametrize("max_size", [512, 1000])
def test_bgb_pieces_carry_the_law_and_their_provision(max_size: int) -> None:
    root = corpus_root()
    assert root is not None
    chunks = split(root / "legal" / "de" / "bgb.md", max_size=max_size)
    inside = [chunk for chunk in chunks if isinstance(chunk.metadata.get("section"), str)
              and not chunk.content.lstrip("# ").startswith(chunk.metadata["section"])]
    assert len(inside) > 500
    lacking = [chunk.index for chunk in inside if chunk.metadata["section"] not in chunk.text
               or chunk.metadata["title"][:20] not in chunk.text]
    assert not lacking, f"{len(lacking)} pieces lack their provision, first {lacking[:3]}"
    lines = [chunk.text.split("\n\n", 1)[0] for chunk in chunks if chunk.heading_path
             and chunk.text != chunk.content]
    shortened = [line for line in lines if "…" in line]
    assert len(shortened) > 300
    kept = [line for line in shortened if line.startswith("Bürgerliches Gesetzbuch")]
    assert len(kept) >= 0.95 * len(shortened)
