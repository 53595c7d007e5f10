"""Byte-order marks decide the encoding, the longest mark first; CRLF never leaks into the
lines structchunk adds itself."""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest

import structchunk
from tests.chunk.test_repairs_hide_nothing import FUNCTIONS

TEXT = "# Überblick\n\nहिंदी पाठ। Ünïcödé text.\n"


@pytest.mark.parametrize(("bom", "codec"), [
    (codecs.BOM_UTF32_LE, "utf-32-le"), (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be"),
    (codecs.BOM_UTF8, "utf-8")])
def test_each_byte_order_mark_gives_the_text_back(tmp_path: Path, bom: bytes,
                                                  codec: str) -> None:
    path = tmp_path / "doc.md"
    path.write_bytes(bom + TEXT.encode(codec))
    document = structchunk.parse(path)
    assert document.text == TEXT
    assert not document.warnings
    chunks = structchunk.split(path, max_size=200)
    assert [chunk.content for chunk in chunks] == [TEXT.strip()]


def test_utf32_le_is_not_read_as_utf16_with_a_nul_character() -> None:
    # The UTF-32 LE mark starts with the UTF-16 LE mark: checked the other way round, the
    # text would decode to NUL-interleaved garbage or fail as binary.
    data = codecs.BOM_UTF32_LE + "Hallo Welt.\n".encode("utf-32-le")
    document = structchunk.parse(data)
    assert document.text == "Hallo Welt.\n"


def test_a_repeated_fence_line_in_a_crlf_file_has_no_stray_carriage_return() -> None:
    body = "\n".join(FUNCTIONS)
    source = (f"# Pricing helpers\n\nThe helpers below work on items.\n\n```python\n{body}```\n"
              .replace("\n", "\r\n"))
    longest = max(len(function.rstrip()) for function in FUNCTIONS)
    chunks = structchunk.split_text(source, max_size=longest + 80)
    repeated = [chunk for chunk in chunks
                if not chunk.content.lstrip().startswith(("#", "```"))]
    assert len(repeated) >= 2
    for chunk in chunks:
        assert source[chunk.start:chunk.end] == chunk.content
        added = chunk.text.replace(chunk.content, "\x00")
        assert "\r" not in added, repr(added)
        if chunk in repeated:
            assert "```python\n" in added and chunk.text.rstrip().endswith("```")
