"""The contract between parse and chunk: the chunker reads node kinds and typed document
fields, never a format name, so a new format needs no change to `chunk/`, `chunker.py` or
`api.py`."""

from __future__ import annotations

from pathlib import Path

import pytest
import regex

import structchunk
from structchunk.tree import Page, SourceFile

PACKAGE = Path(structchunk.__file__).resolve().parent
FORMAT_WORDS = regex.compile(
    r"""["'](code|legal|law|pdf|markdown|text)["']|\.format\b|code_language|code_fallback"""
    r"""|page_starts|lost_pages|\.attrs\b|metadata(?:\.get\(|\[)["']title""")


@pytest.mark.parametrize("path", sorted((PACKAGE / "chunk").glob("*.py"))
                         + [PACKAGE / "api.py", PACKAGE / "chunker.py"],
                         ids=lambda path: path.name)
def test_the_chunker_names_no_format_and_reads_node_data_through_typed_views(
        path: Path) -> None:
    code = regex.sub(r'(?s)""".*?"""', "", path.read_text(encoding="utf-8"))  # docstrings
    code = regex.sub(r"(?m)#.*$", "", code)
    found = [match.group(0) for match in FORMAT_WORDS.finditer(code)]
    assert not found, f"{path.name} reads a format's own data: {found}"


def test_a_source_file_is_typed_and_its_chunks_carry_its_language() -> None:
    code = "def a():\n    return 1\n\n\ndef b():\n    return 2\n"
    document = structchunk.parse_text(code, code_language="python")
    assert document.source_file == SourceFile("python", None)
    assert document.carried == {"code_language": "python"}
    chunks = structchunk.split(document, max_size=30)
    assert len(chunks) == 2
    assert all(chunk.metadata["code_language"] == "python" for chunk in chunks)


def test_a_fenced_block_carries_its_language_through_its_node() -> None:
    text = "# T\n\n```python\ndef a():\n    return 1\n```\n"
    chunk = structchunk.split_text(text)[0]
    assert chunk.metadata["code_language"] == "python"
    assert structchunk.parse_text(text).source_file is None


def test_a_law_carries_its_name_to_every_chunk() -> None:
    law = "".join(f"§ {n} Titel {n}\n\n(1) Text {n}.\n\n" for n in range(1, 5))
    document = structchunk.parse_text(law, law="XYZ")
    assert document.carried == {"law": "XYZ"}
    assert all(chunk.metadata["law"] == "XYZ" for chunk in structchunk.split(document))


def test_pages_are_typed_and_chunks_name_theirs() -> None:
    from dataclasses import replace

    document = structchunk.parse_text("First page text.\n\nSecond page text.\n")
    paged = replace(document, pages=(Page(1, 0), Page(2, 18)))
    chunks = structchunk.split(paged, max_size=20)
    assert [chunk.metadata["pages"] for chunk in chunks] == [[1], [2]]
