"""The old binary Office formats (.doc, .ppt, .xls): refused by name, with what to do instead.

They are OLE compound files with a record structure of their own per program; no
well-kept, pure reader for all three is on PyPI, and each is one "Save as" away from the
current format. A file with such a suffix that is in fact a current package (renamed) is
named as such, so the user knows to rename it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from structchunk.errors import UnsupportedFormatError
from structchunk.parse.office.package import OLE_MAGIC, ole_error
from structchunk.parse.sniffing import package_format
from structchunk.tree import Document

_NAMES = {".doc": "an old binary Word document (.doc)",
          ".dot": "an old binary Word template (.dot)",
          ".ppt": "an old binary PowerPoint presentation (.ppt)",
          ".pps": "an old binary PowerPoint show (.pps)",
          ".pot": "an old binary PowerPoint template (.pot)",
          ".xls": "an old binary Excel workbook (.xls)",
          ".xlt": "an old binary Excel template (.xlt)"}



def parse_bytes(data: bytes, origin: str = "<bytes>", path: str | None = None,
                language: str | None = None, **options: Any) -> Document:
    suffix = Path(path or origin).suffix.lower()
    actual = package_format(data) if data.startswith(b"PK") else None
    if actual is not None:
        raise UnsupportedFormatError(
            f"is named {suffix} but is a .{actual} package; rename it to .{actual} to read it",
            origin)
    if suffix not in _NAMES and data.startswith(OLE_MAGIC):
        raise ole_error(data, origin, "an Office file")  # bytes without a name
    kind = _NAMES.get(suffix, "an old binary Office file")
    raise UnsupportedFormatError(
        f"is {kind}, which structchunk does not read; save it as the current format "
        "(.docx, .pptx, .xlsx) or as PDF", origin)
