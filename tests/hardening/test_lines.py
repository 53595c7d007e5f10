"""Text without blank lines (logs, JSON lines, CSV) is cut between lines, never inside one
that fits; hard-wrapped prose is still cut between sentences."""

from __future__ import annotations

import random
import textwrap

import pytest

import structchunk
from structchunk.chunk.lines import is_line_structured, line_spans
from structchunk.decode import from_text
from tests.invariants import assert_chunks_valid

WORDS = ["worker", "started", "request", "id=42", "took", "12ms", "cache", "miss", "GET",
         "/api/v1/items", "user", "failed", "retry", "Connection", "reset."]


def generated_log(lines: int, seed: int = 7) -> str:
    rng = random.Random(seed)
    out = []
    for number in range(lines):
        level = rng.choice(["INFO", "WARN", "ERROR", "DEBUG"])
        message = " ".join(rng.choice(WORDS) for _ in range(rng.randint(3, 14)))
        out.append(f"2024-05-{number % 28 + 1:02d}T12:{number % 60:02d}:{number % 59:02d}Z "
                   f"{level} [svc-{number % 7}] {message}")
    return "\n".join(out) + "\n"


JSON_LINES = "".join(f'{{"id": {i}, "name": "item {i}", "tags": ["a", "b"], "ok": true}}\n'
                     for i in range(800))
CSV = "id,name,price,comment\n" + "".join(
    f"{i},item {i},{i * 3}.50,a comment. With two sentences\n" for i in range(800))
INPUTS = {"log": generated_log(1500), "jsonl": JSON_LINES, "csv": CSV,
          "log_crlf": generated_log(800).replace("\n", "\r\n"),
          "log_cr": generated_log(800).replace("\n", "\r")}


def _cuts_inside_lines(text: str, chunks: list[structchunk.Chunk]) -> int:
    def at_line_edge(offset: int, before: bool) -> bool:
        if before:
            return offset == 0 or text[offset - 1] in "\r\n"
        return offset == len(text) or text[offset] in "\r\n"
    return sum(1 for chunk in chunks
               if not at_line_edge(chunk.start, True) or not at_line_edge(chunk.end, False))


@pytest.mark.parametrize("name", sorted(INPUTS))
@pytest.mark.parametrize("strategy", ["hybrid", "sentence", "recursive"])
@pytest.mark.parametrize("fmt", [None, "text", "markdown"])
def test_records_are_cut_between_lines(name: str, strategy: str, fmt: str | None) -> None:
    text = INPUTS[name]
    chunks = structchunk.split(from_text(text), strategy=strategy, max_size=300, format=fmt)
    assert_chunks_valid(text, chunks, 300)
    assert len(chunks) > 20
    assert _cuts_inside_lines(text, chunks) == 0
    assert not any(chunk.metadata.get("oversized") for chunk in chunks)


def test_a_line_longer_than_the_budget_is_cut_and_its_neighbours_stay_whole() -> None:
    lines = generated_log(40).splitlines()
    lines[20] = "2024-05-01T00:00:00Z ERROR trace " + " ".join(["frame"] * 120)
    text = "\n".join(lines) + "\n"
    chunks = structchunk.split(from_text(text), max_size=200)
    assert_chunks_valid(text, chunks, 200)
    flagged = [chunk for chunk in chunks if chunk.metadata.get("oversized")]
    assert flagged and all("frame" in chunk.content for chunk in flagged)
    for number in (19, 21):
        assert any(lines[number] in chunk.content for chunk in chunks)


def test_hard_wrapped_prose_is_not_taken_for_records() -> None:
    rng = random.Random(1)
    sentences = [" ".join(rng.choice(["the", "parser", "keeps", "every", "line", "of", "text",
                                      "whole", "when", "it", "can", "and", "cuts", "between"])
                          for _ in range(rng.randint(6, 18))).capitalize() + "."
                 for _ in range(40)]
    for width in (50, 70, 79):
        text = "\n".join(textwrap.wrap(" ".join(sentences), width))
        assert not is_line_structured(text, line_spans(text, 0, len(text)))


@pytest.mark.parametrize("name", sorted(INPUTS))
def test_each_generated_input_is_seen_as_records(name: str) -> None:
    text = INPUTS[name]
    assert is_line_structured(text, line_spans(text, 0, len(text)))


EVEN_RECORDS = "".join(f"record {number:05d} value={number % 97} status=ok "
                       f"user=someone@example.org path=/var/log/app/x{number}.log\n"
                       for number in range(2000))


@pytest.mark.parametrize("max_size", [120, 300, 1000, 4000])
@pytest.mark.parametrize("fmt", ["text", "markdown"])
def test_records_of_even_length_ending_in_no_terminator_are_cut_between_lines(
        max_size: int, fmt: str) -> None:
    """Lines of one length that start with a word and hold no delimiter are not told as
    records by their shape; the segmenter reads them as one sentence, which is then cut
    where its lines end, not at words."""
    chunks = structchunk.split(from_text(EVEN_RECORDS), max_size=max_size, format=fmt)
    assert_chunks_valid(EVEN_RECORDS, chunks, max_size)
    assert _cuts_inside_lines(EVEN_RECORDS, chunks) == 0
    assert not any(chunk.metadata.get("oversized") for chunk in chunks)


def test_an_over_long_sentence_over_several_lines_is_cut_at_a_line_end() -> None:
    lines = [" ".join(["word"] * 12) for _ in range(10)]
    text = "\n".join(lines) + ".\n"
    chunks = structchunk.split(from_text(text), max_size=150, format="text")
    assert_chunks_valid(text, chunks, 150)
    assert _cuts_inside_lines(text, chunks) == 0
