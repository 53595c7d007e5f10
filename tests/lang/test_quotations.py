"""`Quotations` finds the marks of the whole text once and reads them from that list.

The reading must be exactly what a search for quotation marks between the last offset read and
the new one finds (the last character of that stretch read without the one after it), as the
segmenter's decisions depend on it. `_Reference` is that search, written out; both are driven
through the same calls on generated texts and must agree after every call.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from structchunk.lang.quotations import (
    _QUOTE_CHARS,
    _QUOTE_MARK,
    DOUBLE_QUOTES,
    Quotations,
)

OPENERS = frozenset("\"'([{`¡«¿‘‚“„")


class _Reference(Quotations):
    """Reads with one search per stretch, up to its end, and looks the next mark up after it.
    `read` itself is shared: its guard asks this class's `_nothing_before`, which looks the
    next mark up by search, and its work is this class's `_read_marks`."""

    def __init__(self, text: str, openers: frozenset[str]) -> None:
        super().__init__(text, openers)
        self._marks = []  # never used: the methods below search instead
        self.next_mark = self._search(0)

    def _search(self, start: int) -> int:
        found = _QUOTE_MARK.search(self.text, start)
        return found.start() if found is not None else len(self.text)

    def _nothing_before(self, end: int) -> bool:
        return end <= self.next_mark and self.text[end - 1] not in _QUOTE_CHARS

    def _read_marks(self, end: int) -> None:
        for match in _QUOTE_MARK.finditer(self.text, self.read_to, end):
            if match.group() in DOUBLE_QUOTES:
                self._double(match.start())
            else:
                self._single(match.start())
        self.read_to = end
        self.next_mark = self._search(end)


PIECES = st.sampled_from([
    "a", "word", "don't", "it's", "1", "é", "ß", " ", "  ", "\n", "\n\n", "\r\n", ".", ",",
    "(", ")", "[", "-", "—", '"', "“", "”", "„", "«", "»", "'", "‘", "’", "‚", "\x1c", "\xa0",
    "'s", "s'", "' ", " '", "‚x‘", "„x“", "«x»",
])
TEXTS = st.lists(PIECES, min_size=1, max_size=40).map("".join)
CALLS = st.lists(st.tuples(st.sampled_from(["quiet", "read", "keeps_whole", "forget"]),
                           st.integers(1, 80)), max_size=12)


def _state(quotes: Quotations) -> tuple[int | None, int | None, int]:
    return quotes.double_open, quotes.single_open, quotes.read_to


def _drive(text: str, calls: list[tuple[str, int]]) -> None:
    """The same calls on both, at the given offsets (kept inside the text)."""
    first_quote = min((index for index, char in enumerate(text) if char in _QUOTE_CHARS),
                      default=len(text))
    quotes, reference = Quotations(text, OPENERS, first_quote), _Reference(text, OPENERS)
    for name, at in calls:
        offset = min(len(text), at)
        if name == "forget":
            quotes.forget(offset)
            reference.forget(offset)
        elif name == "read":
            quotes.read(offset)
            reference.read(offset)
        elif name == "quiet":
            assert quotes.quiet(offset) == reference.quiet(offset), (text, calls)
        else:
            quotes.read(offset)
            reference.read(offset)
            cut = max(0, offset - 1)
            assert quotes.keeps_whole(cut) == reference.keeps_whole(cut), (text, calls)
        assert _state(quotes) == _state(reference), (text, calls, name, offset)


@settings(max_examples=800, deadline=None)
@given(text=TEXTS, calls=CALLS)
def test_the_marks_found_once_read_as_a_search_per_stretch(
        text: str, calls: list[tuple[str, int]]) -> None:
    _drive(text, calls)


@pytest.mark.parametrize("text", [
    "He said 'don't go' and left. “Fine,” she said. 'Yes.' It's done.",
    "„Komm mit“, sagte er. »Nein«, sagte sie. ‚Gut‘. Die '90er. Rock'n'Roll.",
    "'x' 'y'z ’a‘ ‚b’ \"c\" \"d", "'", "a'", "'a", "x 'a' b\n\n'c' d. 'e",
])
def test_every_stretch_of_known_texts_reads_alike(text: str) -> None:
    for end in range(1, len(text) + 1):
        for step in range(1, 6):
            _drive(text, [("read", offset) for offset in range(step, end + 1, step)]
                   + [("quiet", end), ("keeps_whole", end), ("forget", end + 2),
                      ("quiet", end + 4), ("read", end + 6)])
