"""Bad and pathological input: chunks with exact offsets or a clear error, never a crash.

Time is not asserted here (timings belong in benchmarks/pathological.py); each case is sized
so that a quadratic algorithm would make the suite visibly hang.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import structchunk
from tests.invariants import assert_chunks_valid

CASES = {
    "empty": "",
    "whitespace_only": " \n\t\r\n  \n",
    "deep_quotes": "".join(">" * depth + f" level {depth}\n" for depth in range(1, 3001)),
    "deep_quote_one_line": ">" * 5000 + " bottom of the well\n",
    "deep_list": "".join("  " * depth + f"- item {depth}\n" for depth in range(3000)),
    "long_line_no_spaces": "x" * 2_000_000,
    "long_line_with_spaces": ("lorem ipsum " * 170_000).strip(),
    "big_table": "| id | name | value |\n|---|---|---|\n" + "".join(
        f"| {i} | row {i} | {i * 7} |\n" for i in range(5000)),
    "unclosed_fence": "# Code\n\n```python\n" + "x = 1\n" * 2000,
    "many_headings": "".join(f"{'#' * (i % 6 + 1)} Heading {i}\n\ntext {i}.\n\n"
                             for i in range(20_000)),
    "zero_width_and_rtl": ("\u200b\u200c\u200d\ufeff שלום עולם. مرحبا بالعالم. \u202eabc\u202c "
                           "नमस्ते।\u200b " * 300),
    "nul_in_text": "before\x00after. more text\n",
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_pathological_markdown_gives_exact_chunks(name: str) -> None:
    text = CASES[name]
    chunks = structchunk.split_text(text, max_size=1000, format="markdown")
    assert_chunks_valid(text, chunks, 1000)
    if text.strip():
        assert chunks


def test_big_table_repeats_its_header_in_every_piece() -> None:
    text = CASES["big_table"]
    chunks = structchunk.split_text(text, max_size=1000, format="markdown")
    assert len(chunks) > 50
    assert all(c.text.startswith("| id | name | value |\n|---|---|---|\n") for c in chunks)


def test_empty_file_gives_no_chunks(tmp_path: Path) -> None:
    path = tmp_path / "empty.md"
    path.write_bytes(b"")
    assert structchunk.split(path) == []
    assert structchunk.parse(path).root.children == ()
