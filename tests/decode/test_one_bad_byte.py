"""One bad byte in a UTF-8 file no longer decodes the whole file as a legacy encoding, and a
string API given bytes raises a structchunk error, not a bare TypeError."""

from __future__ import annotations

from pathlib import Path

import pytest

import structchunk
from structchunk.decode import decode_bytes

GOOD = "# Grüße\n\nSchöne Straße in Köln. Naïve café.\n" * 5


def test_a_utf8_file_with_one_bad_byte_keeps_its_good_characters(tmp_path: Path) -> None:
    data = GOOD.encode("utf-8") + b"a bad \xff byte\n"
    source = decode_bytes(data, "x.md")
    assert source.encoding == "utf-8"
    assert source.text == GOOD + "a bad \ufffd byte\n"
    assert source.warnings and "U+FFFD" in source.warnings[0]
    path = tmp_path / "x.md"
    path.write_bytes(data)
    chunks = structchunk.split(path, max_size=200)
    assert "Grüße" in chunks[0].content and "Ã" not in "".join(c.content for c in chunks)


def test_a_legacy_file_is_still_read_in_its_encoding() -> None:
    source = decode_bytes("Grüße aus Köln\n".encode("cp1252"), "x.txt")
    assert source.encoding == "cp1252" and source.text == "Grüße aus Köln\n"


@pytest.mark.parametrize("call", [structchunk.split_text, structchunk.parse_text])
def test_bytes_to_a_string_api_is_a_structchunk_error(call) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(structchunk.StructchunkError, match="take a str, not bytes"):
        call(b"# title\n")
    with pytest.raises(TypeError):  # still a TypeError for code that caught that
        call(b"# title\n")
