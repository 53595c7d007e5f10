"""metadata_aware: a long document title is shortened so that the header stays within a
quarter of the budget, and kept whole when it fits there."""

from __future__ import annotations

import structchunk

TITLE = ("A very long document title that goes on and on about the many rules of the "
         "workshop and more")
DOCUMENT = (f"---\ntitle: {TITLE}\n---\n\n# Rules\n\n"
            "Keep the floor clean. Put tools back after use.\n")


def _headers(max_size: int) -> list[str]:
    chunks = structchunk.split_text(DOCUMENT, format="markdown", strategy="metadata_aware",
                                    max_size=max_size)
    assert chunks
    return [chunk.text.split("\n\n", 1)[0] for chunk in chunks]


def test_a_title_past_a_quarter_of_the_budget_is_shortened() -> None:
    whole = f"{TITLE} | en"
    assert 300 // 4 < len(whole) + 2 < 300 // 2  # between a quarter and a half
    for header in _headers(300):
        assert header.endswith("… | en"), header
        assert TITLE.startswith(header[:-len("… | en")])
        assert len(header) + 2 <= 300 // 4


def test_a_title_within_a_quarter_of_the_budget_is_kept_whole() -> None:
    assert len(f"{TITLE} | en") + 2 <= 440 // 4
    assert _headers(440) == [f"{TITLE} | en"]
