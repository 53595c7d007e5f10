"""Chunk hygiene: no chunk of only front matter, comments or empty fences; no tiny tails;
front matter as metadata."""

from __future__ import annotations

from pathlib import Path

import pytest
import regex

from structchunk import split, split_text
from structchunk.errors import BudgetError
from tests.conftest import corpus_root
from tests.invariants import assert_chunks_valid

_FRONT_MATTER = regex.compile(r"\A(?:---|\+\+\+)[ \t]*\n.*?\n(?:---|\+\+\+)[ \t]*(?:\n|\Z)",
                              regex.DOTALL)
_INVISIBLE = regex.compile(r"(?:\s*(?:<!--(?:(?!-->).)*-->|```[^\n]*\n\s*```|~~~[^\n]*\n\s*~~~|"
                           r"(?:[-*_] ?){3,}))+\s*", regex.DOTALL)


def _junk_only(text: str, content: str, start: int) -> bool:
    if start == 0:
        front = _FRONT_MATTER.match(text)
        if front is not None and not content[front.end():].strip():
            return True
        if front is not None:
            content = content[front.end():]
    return _INVISIBLE.fullmatch(content) is not None


def _markdown_files() -> list[Path]:
    root = corpus_root()
    return sorted((root / "docs").rglob("*.md")) if root is not None else []


@pytest.mark.skipif(corpus_root() is None, reason="needs the shared corpus")
@pytest.mark.parametrize("max_size", [200, 512, 1000])
def test_no_chunk_of_the_corpus_holds_only_junk(max_size: int) -> None:
    junk = []
    files = _markdown_files()
    for path in files:
        text = path.read_text(encoding="utf-8")
        for chunk in split(path, max_size=max_size):
            if _junk_only(text, chunk.content, chunk.start):
                junk.append(f"{path.name}:{chunk.start} {chunk.content[:60]!r}")
    assert len(files) > 400
    assert not junk, f"{len(junk)} junk-only chunks: " + "; ".join(junk[:3])


def test_front_matter_joins_the_body_and_its_keys_become_metadata() -> None:
    front = "---\ntitle: Guide\nlayout: page\ndraft: 'no'\ntags:\n  - a\n---\n"
    body = "\n\n".join(f"Paragraph {n} has a few words in it to fill." for n in range(6))
    text = front + "\n" + body + "\n"
    chunks = split_text(text, max_size=160, format="markdown")
    assert_chunks_valid(text, chunks, 160)
    assert chunks[0].content.startswith("---") and "Paragraph 0" in chunks[0].content
    assert chunks[0].text == "Guide\n\n" + chunks[0].content[len(front) + 1:]
    for chunk in chunks:
        assert chunk.heading_path[:1] == ("Guide",)
        assert chunk.metadata["layout"] == "page" and chunk.metadata["draft"] == "no"
        assert "tags" not in chunk.metadata and "title" not in chunk.metadata


def test_a_comment_waits_for_the_start_of_its_body() -> None:
    comment = "<!-- translated by a volunteer, reviewed in 2023 -->"
    section = "## Next\n\n" + " ".join(["A sentence with words."] * 8)
    text = f"# Doc\n\n{'Intro words. ' * 10}\n\n{comment}\n\n{section}\n"
    chunks = split_text(text, max_size=200)
    assert_chunks_valid(text, chunks, 200)
    holder = next(chunk for chunk in chunks if comment in chunk.content)
    assert holder.content.strip() != comment


def test_a_trailing_comment_joins_the_chunk_before() -> None:
    text = "# Doc\n\n" + " ".join(["Words of the body here."] * 6) + "\n\n<!-- end -->\n"
    chunks = split_text(text, max_size=150)
    assert_chunks_valid(text, chunks, 150)
    assert all(chunk.content.strip() != "<!-- end -->" for chunk in chunks)


def test_a_short_last_paragraph_takes_units_from_the_piece_before() -> None:
    paragraphs = [f"Paragraph {n} holds a few words of text." for n in range(4)] + ["Bye."]
    text = "\n\n".join(paragraphs) + "\n"
    off = split_text(text, max_size=80, min_size=0)
    default = split_text(text, max_size=80)
    assert_chunks_valid(text, default, 80)
    assert off[-1].content == "Bye."  # the tail alone, without the minimum
    assert default[-1].content.endswith("Bye.") and len(default[-1].content) >= 10
    assert len(default) == len(off)


def test_a_one_word_tail_of_a_long_sentence_is_re_cut() -> None:
    sentence = " ".join(f"w{n:02d}" for n in range(24)) + " end"
    text = f"{sentence}\n"
    off = split_text(text, max_size=50, min_size=0)
    balanced = split_text(text, max_size=50, min_size=20)
    assert_chunks_valid(text, balanced, 50)
    assert len(off[-1].content) < 20
    assert len(balanced[-1].content) >= 20 and len(balanced) == len(off)


def test_min_size_must_be_below_max_size() -> None:
    with pytest.raises(BudgetError, match="min_size"):
        split_text("text", max_size=100, min_size=100)
