"""Folder discovery reads a byte-order mark before it looks for NUL bytes: UTF-16 and UTF-32
text is full of NULs and is still text, while a file with NULs and no mark is binary."""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest

import structchunk
from structchunk.batch.discover import discover

TEXT = "# Notes\n\nWide text is still text.\n"


@pytest.mark.parametrize(("name", "data"), [
    ("le16.md", codecs.BOM_UTF16_LE + TEXT.encode("utf-16-le")),
    ("be16.md", codecs.BOM_UTF16_BE + TEXT.encode("utf-16-be")),
    ("le32.txt", codecs.BOM_UTF32_LE + TEXT.encode("utf-32-le")),
    ("be32.txt", codecs.BOM_UTF32_BE + TEXT.encode("utf-32-be")),
], ids=["utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be"])
def test_wide_text_with_a_byte_order_mark_is_found(tmp_path: Path, name: str,
                                                   data: bytes) -> None:
    assert b"\x00" in data
    (tmp_path / name).write_bytes(data)
    (tmp_path / "raw.txt").write_bytes(TEXT.encode("utf-16-le"))  # NULs and no mark
    found = discover([str(tmp_path)])
    assert [item.relative for item in found.items] == [name]
    assert [(Path(skip.path).name, skip.reason) for skip in found.skipped] == [
        ("raw.txt", "binary file (contains NUL bytes)")]


def test_a_found_utf16_file_is_chunked_as_its_text(tmp_path: Path) -> None:
    path = tmp_path / "wide.md"
    path.write_bytes(codecs.BOM_UTF16_LE + TEXT.encode("utf-16-le"))
    (item,) = discover([str(tmp_path)]).items
    chunks = structchunk.split(item.path, max_size=200)
    assert "".join(chunk.content for chunk in chunks).replace("\n", "") == \
        TEXT.lstrip("\ufeff").replace("\n", "")
