"""The repair steps after packing must not hide a packing bug.

Budget enforcement and gap closing keep offsets exact and nothing lost even when an earlier
stage cut a unit it should have kept; these tests look at the units themselves.
"""

from __future__ import annotations

import regex
from hypothesis import given, settings
from hypothesis import strategies as st

import structchunk
from tests.invariants import assert_chunks_valid, assert_units_whole

FUNCTIONS = [
    "def total(items):\n    result = 0\n    for item in items:\n        result += item.price\n"
    "    return result\n",
    "def average(items):\n    if not items:\n        return 0.0\n"
    "    return total(items) / len(items)\n",
    "def cheapest(items):\n    best = None\n    for item in items:\n"
    "        if best is None or item.price < best.price:\n            best = item\n"
    "    return best\n",
    "def report(items):\n    lines = [f'{item.name}: {item.price}' for item in items]\n"
    "    return '\\n'.join(lines)\n",
]


def test_a_fenced_function_that_fits_is_never_cut() -> None:
    body = "\n".join(FUNCTIONS)
    source = f"# Pricing helpers\n\nThe helpers below work on items.\n\n```python\n{body}```\n"
    units = [(source.index(function), source.index(function) + len(function.rstrip()))
             for function in FUNCTIONS]
    longest = max(end - start for start, end in units)
    for max_size in (longest + 60, longest + 120, 2 * longest + 60):
        chunks = structchunk.split_text(source, max_size=max_size)
        assert_chunks_valid(source, chunks, max_size)
        assert_units_whole(source, chunks, units)
        for chunk in chunks:
            if "```" not in chunk.content and "def " in chunk.content:
                assert chunk.text.count("```") == 2, "a piece of a fence keeps its fences"


PROSE = (
    "The committee met on Monday to review the budget. Several members asked about the "
    "travel costs of the last quarter. The treasurer explained that prices had risen sharply. "
    "A vote on the new rules was postponed until the next meeting. Everyone agreed to share "
    "the draft by Friday. The chair closed the session at noon. Minutes will follow soon. "
    "Questions may be sent to the secretary at any time. The next meeting is in March. "
    "Late submissions will not be considered by the committee. Thanks were given to the "
    "hosts of the venue. Coffee was served after the meeting ended.")


def _sentence_units(text: str) -> list[tuple[int, int]]:
    return [(match.start(), match.end()) for match in regex.finditer(r"[^.]+\.", text)
            if match.group().strip()]


def test_overlap_repeats_whole_sentences_and_cuts_none() -> None:
    units = [(start + (len(PROSE[start:end]) - len(PROSE[start:end].lstrip())), end)
             for start, end in _sentence_units(PROSE)]
    sentences = {PROSE[start:end] for start, end in units}
    plain = structchunk.split_text(PROSE, max_size=180)
    for overlap in (1, 2):
        chunks = structchunk.split_text(PROSE, max_size=180, overlap=overlap)
        assert_chunks_valid(PROSE, chunks, 180)
        assert_units_whole(PROSE, chunks, units, overlap=True)
        assert len(chunks) <= 2 * len(plain), "overlap must not shred the text"
        for before, chunk in zip(chunks, chunks[1:], strict=False):
            shared = PROSE[chunk.start:min(before.end, chunk.end)].strip()
            if overlap:
                assert shared, "neighbouring chunks share their overlap sentences"
            pieces = [piece.strip() + "." for piece in shared.split(".") if piece.strip()]
            assert len(pieces) <= overlap and all(piece in sentences for piece in pieces)


QUOTE_LINE = st.sampled_from([
    "The quick brown fox jumps over the lazy dog.", "Budgets are hard.",
    "Nothing of the source is ever lost, not even a marker.",
    "A very long sentence that keeps going for quite a while to fill the budget up.",
])


@settings(max_examples=60, deadline=None)
@given(lines=st.lists(QUOTE_LINE, min_size=2, max_size=12),
       nested=st.booleans(), max_size=st.integers(min_value=20, max_value=90))
def test_quote_markers_between_pieces_are_never_lost(lines: list[str], nested: bool,
                                                     max_size: int) -> None:
    marker = "> > " if nested else "> "
    source = "# Quotes\n\n" + "\n".join(marker + line for line in lines) + "\n"
    chunks = structchunk.split_text(source, max_size=max_size)
    assert_chunks_valid(source, chunks, max_size)
    markers = [match.start() for match in regex.finditer(r"(?m)^>", source)]
    for offset in markers:
        assert any(chunk.start <= offset < chunk.end for chunk in chunks), offset
