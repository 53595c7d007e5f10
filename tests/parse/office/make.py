"""Small office files written in the tests with the reader libraries themselves, one edge
case each, so every case is visible in the test that uses it."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable
from typing import Any

W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"


def docx_bytes(build: Callable[[Any], None]) -> bytes:
    """A Word document that `build(document)` fills with python-docx."""
    import docx

    document = docx.Document()
    build(document)
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def pptx_bytes(build: Callable[[Any], None]) -> bytes:
    import pptx

    presentation = pptx.Presentation()
    build(presentation)
    out = io.BytesIO()
    presentation.save(out)
    return out.getvalue()


def xlsx_bytes(build: Callable[[Any], None]) -> bytes:
    import openpyxl

    workbook = openpyxl.Workbook()
    build(workbook)
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


_ODT_NAMESPACES = (
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
    'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" '
    'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"')


def odt_bytes(body: str, styles: str = "", manifest: str | None = None,
              doctype: str = "") -> bytes:
    """An OpenDocument text whose `office:text` holds `body` (ODF XML with the usual
    prefixes) and whose automatic styles hold `styles`."""
    content = (f'<?xml version="1.0" encoding="UTF-8"?>{doctype}'
               f'<office:document-content {_ODT_NAMESPACES} office:version="1.2">'
               f"<office:automatic-styles>{styles}</office:automatic-styles>"
               f"<office:body><office:text>{body}</office:text></office:body>"
               "</office:document-content>")
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as package:
        package.writestr("mimetype", "application/vnd.oasis.opendocument.text",
                         compress_type=zipfile.ZIP_STORED)
        package.writestr("content.xml", content)
        package.writestr("META-INF/manifest.xml", manifest or (
            '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest '
            'xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0">'
            '<manifest:file-entry manifest:full-path="/" '
            'manifest:media-type="application/vnd.oasis.opendocument.text"/>'
            "</manifest:manifest>"))
    return out.getvalue()


def ole_bytes(stream: str) -> bytes:
    """The start of an OLE compound file whose directory names `stream` (what tells an old
    .doc, .ppt or .xls, or an encrypted OOXML package, apart)."""
    return OLE_MAGIC + b"\x00" * 504 + stream.encode("utf-16-le") + b"\x00" * 64


def append_xml(paragraph: Any, xml: str) -> None:
    """Append raw WordprocessingML (with `w:` prefixes) to a python-docx paragraph."""
    from docx.oxml import parse_xml

    paragraph._p.append(parse_xml(f'<w:wrap xmlns:w="{W_NS}">{xml}</w:wrap>')[0])
