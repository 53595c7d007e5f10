"""The office files of the shared corpus and what the tests need to know about each."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import corpus_root

FORMATS = ("docx", "pptx", "xlsx", "odt")


def office_files() -> list[Path]:
    """Every DOCX, PPTX, XLSX and ODT file of `formats/`, or none without the corpus."""
    root = corpus_root()
    if root is None:
        return []
    folder = root / "formats"
    return sorted(path for fmt in FORMATS for path in (folder / fmt).rglob(f"*.{fmt}"))


def shown(path: Path) -> str:
    """A file's name in test ids: its path under `formats/`."""
    return "/".join(path.parts[-3:])


def docx_reference_text(data: bytes) -> str:
    """python-docx's own text of a DOCX: every paragraph, then every cell once (a merged cell
    is one `_tc` however many grid cells it spans), nested tables included. The reference the
    corpus test and benchmarks/office_formats.py count words against."""
    import io

    import docx

    document = docx.Document(io.BytesIO(data))
    texts = [paragraph.text for paragraph in document.paragraphs]
    stack = list(document.tables)
    while stack:
        table = stack.pop()
        for row in table.rows:
            seen: set[int] = set()
            for cell in row.cells:
                if id(cell._tc) not in seen:
                    seen.add(id(cell._tc))
                    texts.append(cell.text)
                    stack.extend(cell.tables)
    return "\n".join(texts)
