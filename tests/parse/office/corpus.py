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
