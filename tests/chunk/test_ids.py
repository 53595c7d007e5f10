"""Chunk ids: the same text gives the same ids, however it is normalised or spelled."""

from __future__ import annotations

import unicodedata

import structchunk

TEXT = ("# Grüße aus Köln\n\nÄrger über Öl ist teuer. Straßenbahnen fahren pünktlich.\n\n"
        "## Café\n\nCrème brûlée, naïve façade, São Paulo.\n")


def test_nfc_and_nfd_spellings_give_the_same_ids() -> None:
    nfc = structchunk.split_text(unicodedata.normalize("NFC", TEXT), max_size=60)
    nfd = structchunk.split_text(unicodedata.normalize("NFD", TEXT), max_size=60)
    assert len(nfc) > 1
    assert [chunk.chunk_id for chunk in nfc] == [chunk.chunk_id for chunk in nfd]
    named = structchunk.split_text(unicodedata.normalize("NFD", TEXT), max_size=60,
                                   source_id="cafe.md")
    again = structchunk.split_text(unicodedata.normalize("NFC", TEXT), max_size=60,
                                   source_id="cafe.md")
    assert [chunk.chunk_id for chunk in named] == [chunk.chunk_id for chunk in again]


def test_different_text_or_source_gives_different_ids() -> None:
    base = structchunk.split_text(TEXT, max_size=60)
    other = structchunk.split_text(TEXT.replace("teuer", "billig"), max_size=60)
    assert base[0].chunk_id != other[0].chunk_id
    named = structchunk.split_text(TEXT, max_size=60, source_id="a.md")
    assert {c.chunk_id for c in named}.isdisjoint({c.chunk_id for c in base})
