"""One definition of a blank line, CRLF, CR and LF alike, used by every splitter."""

from __future__ import annotations

import pytest

import structchunk
from structchunk.chunk.lines import has_blank_line
from structchunk.decode import BLANK_LINE

BREAKS = ["\n", "\r\n", "\r"]


@pytest.mark.parametrize("newline", BREAKS, ids=["LF", "CRLF", "CR"])
def test_a_blank_line_is_found_whatever_the_line_break(newline: str) -> None:
    text = f"one{newline}{newline}two{newline} \t{newline}three"
    assert [match.group() for match in BLANK_LINE.finditer(text)] == [
        newline * 2, f"{newline} \t{newline}"]
    assert has_blank_line(text, 0, len(text))


@pytest.mark.parametrize("text", ["one\r\ntwo", "one\ntwo\r\nthree", "one\n x\ntwo", "one"])
def test_a_single_break_is_no_blank_line(text: str) -> None:
    # A CRLF is one line break, not a CR followed by an empty line.
    assert BLANK_LINE.search(text) is None
    assert not has_blank_line(text, 0, len(text))


@pytest.mark.parametrize("strategy", ["hybrid", "recursive"])
def test_paragraphs_are_cut_alike_whatever_the_line_break(strategy: str) -> None:
    # Paragraphs of two and three lines under a budget that holds one of them: cut at the
    # blank lines, every chunk is one paragraph; cut between lines instead, a chunk would
    # take the next paragraph's first line.
    paragraphs = [[f"Paragraph {p} line {i} holds a few words here." for i in range(2 + p % 2)]
                  for p in range(8)]
    contents = {}
    for newline in BREAKS:
        text = (newline * 2).join(newline.join(lines) for lines in paragraphs)
        chunks = structchunk.split_text(text, format="text", strategy=strategy, max_size=150)
        contents[newline] = [chunk.content.replace(newline, "\n") for chunk in chunks]
    expected = ["\n".join(lines) for lines in paragraphs]
    assert contents["\n"] == contents["\r\n"] == contents["\r"] == expected
