"""What content is when its name does not say: HTML, a notebook, and binary packages.

Text sniffers look at the start of decoded text (`formats.FORMATS` rows name them); `sniff_bytes`
looks at raw bytes: a PDF header, an RTF header, an OLE compound file (the old binary Office
formats), and a ZIP package told apart by its parts (`word/document.xml` is a Word document,
`ppt/presentation.xml` a presentation, `xl/workbook.xml` a workbook, an OpenDocument or EPUB
`mimetype` part), so a `.docx` saved without its suffix is still read as one.
"""

from __future__ import annotations

import io
import zipfile

import regex

_HTML_START = regex.compile(
    r"\A(?:\ufeff)?\s*(?:<\?xml[^>]*>\s*)?(?:<!--.*?-->\s*)*"
    r"(?:<!doctype\s+html|<html[\s>]|<head[\s>]|<body[\s>])", regex.IGNORECASE | regex.DOTALL)
_NOTEBOOK = regex.compile(r'\A\s*\{.*"(?:cells|nbformat)"\s*:', regex.DOTALL)
_OLE2 = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_PACKAGE_PARTS = (("word/document.xml", "docx"), ("ppt/presentation.xml", "pptx"),
                  ("xl/workbook.xml", "xlsx"))
_MIMETYPES = {"application/vnd.oasis.opendocument.text": "odt",
              "application/vnd.oasis.opendocument.text-template": "odt",
              "application/epub+zip": "epub"}


DESCRIPTIONS = {"pdf": "a PDF", "doc": "an old binary Office file (.doc, .xls or .ppt)",
                "rtf": "Rich Text Format (RTF)", "docx": "a Word document (DOCX)",
                "pptx": "a PowerPoint presentation (PPTX)", "xlsx": "an Excel workbook (XLSX)",
                "odt": "an OpenDocument text (ODT)", "epub": "an EPUB e-book"}
OFFICE = frozenset({"docx", "pptx", "xlsx", "odt"})


def looks_like_html(text: str) -> bool:
    """A doctype, `<html>`, `<head>` or `<body>` first (after an XML declaration or comments)."""
    return bool(_HTML_START.match(text[:4096]))


def looks_like_notebook(text: str) -> bool:
    """A JSON object with `cells` and `nbformat` keys near the start."""
    head = text[:65536]
    return bool(_NOTEBOOK.match(head)) and '"nbformat"' in text and '"cells"' in head


def sniff_bytes(data: bytes) -> str | None:
    """The name of the format raw bytes are in, when their first bytes or parts say so."""
    head = data[:1024].lstrip()
    if head[:5] == b"%PDF-":
        return "pdf"
    if data[:8] == _OLE2:
        return "doc"
    if head[:5] == b"{\\rtf":
        return "rtf"
    if data[:4] == b"PK\x03\x04":
        return package_format(data)
    return None


def package_format(data: bytes) -> str | None:
    """The office or e-book format of a ZIP package, read from its part names."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as package:
            names = set(package.namelist())
            for part, name in _PACKAGE_PARTS:
                if part in names:
                    return name
            if "mimetype" in names:
                mimetype = package.read("mimetype")[:100].decode("ascii", "replace").strip()
                return _MIMETYPES.get(mimetype)
    except (zipfile.BadZipFile, OSError, ValueError, KeyError, RuntimeError):
        return None
    return None
