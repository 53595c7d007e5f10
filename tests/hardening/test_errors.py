"""Bad options and undecodable input: structchunk's own errors saying what is wrong."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import structchunk
from structchunk.decode import decode_bytes, from_text
from structchunk.errors import BudgetError, DecodeError, StructchunkError
from tests.hardening.support import heavy
from tests.invariants import assert_chunks_valid

TEXT = "# Title\n\nFirst sentence here. Second sentence there.\n\n## Part\n\nMore text.\n"


def _split(text: str = TEXT, **options: Any) -> list[structchunk.Chunk]:
    return structchunk.split(from_text(text), **options)


@pytest.mark.parametrize("text", ["abc \udc80 def", "\ud800", "x" * 100 + "\udfff"])
def test_a_lone_surrogate_in_text_is_a_decode_error(text: str) -> None:
    with pytest.raises(DecodeError, match="lone surrogate U\\+D[89A-F][0-9A-F]{2} at offset"):
        _split(text)


def test_a_lone_surrogate_in_a_source_is_a_decode_error() -> None:
    with pytest.raises(DecodeError, match="surrogate"):
        structchunk.split(structchunk.Source("a\udc80b", "notes.txt"))


@pytest.mark.parametrize("overlap", ["2", None, 1.5, -1, True])
def test_overlap_that_is_not_a_count_of_sentences_is_a_budget_error(overlap: object) -> None:
    with pytest.raises(BudgetError, match=r"overlap must be a whole number .* got "):
        _split(overlap=overlap)


@pytest.mark.parametrize("max_size", ["100", None, 10.0, 0, -5, False])
def test_max_size_that_is_not_a_positive_int_is_a_budget_error(max_size: object) -> None:
    with pytest.raises(BudgetError, match="max_size must be a positive integer"):
        _split(max_size=max_size)


@pytest.mark.parametrize(("length", "problem"), [
    (lambda text: None, "must return an int, got None"),
    (lambda text: len(text) / 4, "must return an int, got .* \\(float\\)"),
    (lambda text: str(len(text)), "must return an int, got '"),
    (lambda text: 0, "must return a positive size for text, got 0"),
    (lambda text: -len(text), "must return a positive size for text, got -"),
])
def test_a_bad_length_function_is_named_with_what_it_returned(
        length: Callable[[str], Any], problem: str) -> None:
    with pytest.raises(BudgetError, match=f"length_function {problem}"):
        _split(length_function=length)


def test_a_length_function_that_is_not_callable_is_a_budget_error() -> None:
    with pytest.raises(BudgetError, match="length_function must be a callable"):
        _split(length_function=100)


def test_a_length_function_may_count_blank_text_as_nothing() -> None:
    def words(text: str) -> int:
        return len(text.split())

    chunks = _split(length_function=words, max_size=4)
    assert_chunks_valid(TEXT, chunks, 4, words)


# Every strategy that runs without options of its own (semantic needs an embedding).
@pytest.mark.parametrize("strategy", sorted(set(structchunk.STRATEGIES) - {"semantic"}))
def test_a_budget_no_character_fits_in_is_one_budget_error(strategy: str) -> None:
    with pytest.raises(BudgetError):  # some strategies refuse earlier, with their own words
        _split(strategy=strategy, length_function=heavy, max_size=2)


def test_the_budget_error_names_the_character_and_its_size() -> None:
    with pytest.raises(BudgetError, match="cannot hold even one character: '#' .* measures 3"):
        _split(length_function=heavy, max_size=2)


def test_a_budget_that_holds_one_character_gives_single_character_chunks() -> None:
    text = "ab c"
    chunks = _split(text, length_function=heavy, max_size=3)
    assert [chunk.content for chunk in chunks] == ["a", "b", "c"]
    assert all(chunk.metadata.get("oversized") for chunk in chunks)


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be"])
@pytest.mark.parametrize("text", ["Grüße aus Köln.\nZweite Zeile.\n",
                                  "नमस्ते दुनिया। यह एक परीक्षण है।\n"])
def test_wide_unicode_without_a_byte_order_mark_is_decoded_with_a_warning(
        encoding: str, text: str) -> None:
    source = decode_bytes(text.encode(encoding), "notes.txt")
    assert source.text == text
    assert source.encoding == encoding
    assert any("no byte-order mark" in warning for warning in source.warnings)


def test_broken_utf16_without_a_byte_order_mark_is_named_as_such(tmp_path: Path) -> None:
    data = "Hello world, this is text.\n".encode("utf-16-le") + b"\x00\xdc"  # lone low surrogate
    path = tmp_path / "broken.txt"
    path.write_bytes(data)
    with pytest.raises(DecodeError, match="broken.txt: looks like UTF-16-LE without a "
                                          "byte-order mark, but is not valid UTF-16-LE"):
        structchunk.split(path)


@pytest.mark.parametrize("data", [b"\x00\x01\x02binary\x00\xff" * 10, bytes(range(256)) * 4,
                                  b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(200)])
def test_binary_with_nul_bytes_is_still_not_text(data: bytes) -> None:
    with pytest.raises(DecodeError, match="not a text file"):
        structchunk.split(data)


def test_every_error_here_is_a_structchunk_error() -> None:
    for error in (BudgetError, DecodeError):
        assert issubclass(error, StructchunkError)
