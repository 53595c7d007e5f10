from __future__ import annotations

import codecs
from pathlib import Path

import pytest

import structchunk
from structchunk.decode import decode_bytes, read_source
from structchunk.errors import DecodeError, SourceNotFoundError
from tests.invariants import assert_chunks_valid


def test_utf8_bom_is_dropped_and_offsets_count_from_the_text() -> None:
    source = decode_bytes(codecs.BOM_UTF8 + "# Ü\n\nä.\n".encode())
    assert source.text == "# Ü\n\nä.\n"
    assert source.encoding == "utf-8"


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_utf16_with_bom(encoding: str) -> None:
    text = "# Titel\n\nSchöne Grüße. नमस्ते।\n"
    data = text.encode(encoding)
    if encoding != "utf-16":
        bom = codecs.BOM_UTF16_LE if encoding.endswith("le") else codecs.BOM_UTF16_BE
        data = bom + data
    assert decode_bytes(data).text == text


@pytest.mark.parametrize("newline", ["\r\n", "\r", "\n"])
def test_line_endings_are_kept_and_counted(newline: str) -> None:
    text = newline.join(["# One", "", "First para. Second.", "", "## Two", "", "Body."]) + newline
    source = decode_bytes(text.encode())
    assert source.text == text
    assert source.line_count == 7
    chunks = structchunk.split(text.encode(), max_size=30)
    assert_chunks_valid(text, chunks, 30)
    assert any(chunk.content == "## Two" + newline + newline + "Body." for chunk in chunks)


def test_nul_bytes_are_refused_with_the_file_named(tmp_path: Path) -> None:
    path = tmp_path / "image.md"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    with pytest.raises(DecodeError) as info:
        structchunk.split(path)
    assert str(path) in str(info.value)
    assert "NUL" in str(info.value)


def test_latin1_is_decoded_with_a_warning(tmp_path: Path) -> None:
    path = tmp_path / "legacy.txt"
    path.write_bytes("Grüße aus Köln. Straße.".encode("latin-1"))
    source = read_source(path)
    assert source.text == "Grüße aus Köln. Straße."
    assert source.encoding == "cp1252"
    assert source.warnings and "UTF-8" in source.warnings[0]


def test_missing_file_and_directory_are_clear_errors(tmp_path: Path) -> None:
    with pytest.raises(SourceNotFoundError, match="no such file"):
        read_source(tmp_path / "missing.md")
    with pytest.raises(SourceNotFoundError, match="directory"):
        structchunk.split(tmp_path)


def test_a_string_is_a_path_and_text_goes_through_split_text(tmp_path: Path) -> None:
    path = tmp_path / "doc.md"
    path.write_text("# Title\n\nBody text.\n", encoding="utf-8")
    from_path = structchunk.split(str(path))
    assert from_path[0].source == str(path)
    from_text = structchunk.split_text("Just a sentence. And another.")
    assert from_text[0].content == "Just a sentence. And another."
    assert from_text[0].source is None
    with pytest.raises(SourceNotFoundError, match="split_text"):
        structchunk.split("Just a sentence. And another.")


def test_a_mistyped_path_is_an_error_not_a_document() -> None:
    with pytest.raises(SourceNotFoundError, match="no such file"):
        structchunk.split("docs/handbok.md")
