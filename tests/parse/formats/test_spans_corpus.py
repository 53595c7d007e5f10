"""Visible-text spans whole in exactly one chunk, on every file of the corpus's formats folder.

For each format, spans (paragraphs, list items, table rows, code blocks) are read from every
file by a reference reader that is not structchunk (`reference_spans.py`) and a fixed sample
of each file's spans is looked up in the document's text by its words. A span found there
exactly once and short enough to fit a chunk beside its heading path and a repeated table
header (half the budget: the path line takes at most a quarter) must lie whole in exactly one
chunk at 1,000 characters. A span the reader has and the text lacks (boilerplate left out, a
number shown otherwise) is not judged here, but too many of them would make the check
vacuous, so most sampled spans must be found.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pytest

import structchunk
from tests.conftest import corpus_root
from tests.parse.formats.reference_spans import READERS, WORD

MAX_SIZE = 1000
FITS = MAX_SIZE // 2
SAMPLE = 100  # spans per file, drawn with the file name as the seed
MIN_WORDS = 2
# The share of sampled spans that must be found in the document's text, per format: below
# it, the reference and the parser disagree on what the file says, not on where it is cut.
FOUND = {"html": 0.9, "docx": 0.9, "pptx": 0.9, "xlsx": 0.9, "odt": 0.9, "rst": 0.6,
         "ipynb": 0.9}


def _files(suffix: str) -> list[Path]:
    root = corpus_root()
    if root is None:
        return []
    return sorted((root / "formats").rglob(f"*.{suffix}"))


@dataclass
class _Tally:
    sampled: int = 0
    found: int = 0
    judged: int = 0
    unread: int = 0
    cut: list[str] = field(default_factory=list)


class _Words:
    """A text's words joined by a separator no word holds, with each word's offsets, so a
    span is found by its words whatever markers and spaces lie between them."""

    def __init__(self, text: str) -> None:
        self.spans: list[tuple[int, int]] = []
        words: list[str] = []
        for match in WORD.finditer(text):
            words.append(match.group().casefold())
            self.spans.append(match.span())
        self.joined = "\x01" + "\x01".join(words) + "\x01"

    def find(self, words: Sequence[str]) -> tuple[int, int] | None:
        """The text's [start, end) of the only place these words stand in a row, or None."""
        needle = "\x01" + "\x01".join(words) + "\x01"
        at = self.joined.find(needle)
        if at < 0 or self.joined.find(needle, at + 1) >= 0:
            return None
        first = self.joined.count("\x01", 0, at + 1) - 1
        return self.spans[first][0], self.spans[first + len(words) - 1][1]


def _check_file(path: Path, reader_of: str, tally: _Tally) -> None:
    spans = []
    try:
        texts = list(READERS[reader_of][1](path))
    except Exception:  # noqa: BLE001 - a file the reference cannot read has no reference
        tally.unread += 1
        return
    for text in texts:
        words = [word.casefold() for word in WORD.findall(text)]
        if len(words) >= MIN_WORDS and words not in spans:
            spans.append(words)
    if not spans:
        return
    sample = random.Random(path.name).sample(spans, min(SAMPLE, len(spans)))
    document = structchunk.parse(path)
    chunks = structchunk.split(document, max_size=MAX_SIZE)
    located = _Words(document.text)
    for words in sample:
        tally.sampled += 1
        where = located.find(words)
        if where is None:
            if located.joined.find("\x01" + "\x01".join(words) + "\x01") >= 0:
                tally.sampled -= 1  # the span stands twice: which one is meant is unknown
            continue
        tally.found += 1
        start, end = where
        if end - start > FITS:
            continue
        tally.judged += 1
        holders = [chunk for chunk in chunks if chunk.start <= start and end <= chunk.end]
        if len(holders) != 1:
            tally.cut.append(f"{path.name}: {document.text[start:end][:80]!r}")


@pytest.mark.parametrize("suffix", sorted(READERS))
def test_reference_spans_stand_whole_in_exactly_one_chunk(suffix: str) -> None:
    files = _files(suffix)
    if not files:
        pytest.skip("shared corpus not found")
    pytest.importorskip(READERS[suffix][0])
    tally = _Tally()
    for path in files:
        _check_file(path, suffix, tally)
    assert tally.judged, "no span judged: the check would pass on anything"
    assert tally.found >= FOUND[suffix] * tally.sampled, (
        f"{tally.found} of {tally.sampled} sampled spans found in the documents' text")
    assert not tally.cut, f"{len(tally.cut)} of {tally.judged} spans cut:\n" + "\n".join(
        tally.cut[:20])
