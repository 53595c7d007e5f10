"""Helpers for Office Open XML parts: Clark names, and Strict OOXML read as Transitional.

Strict OOXML (ISO 29500 Strict) names the same elements in other namespaces
(`http://purl.oclc.org/ooxml/wordprocessingml/main` for
`http://schemas.openxmlformats.org/wordprocessingml/2006/main`). python-docx, python-pptx
and openpyxl read only Transitional, so a Strict package is rewritten part by part with
the namespaces mapped before it is opened; the mapping is mechanical (the Strict URI without
the year, the Transitional one with `/2006/`).
"""

from __future__ import annotations

import io
import zipfile

import regex

W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
MC = "{http://schemas.openxmlformats.org/markup-compatibility/2006}"
STRICT = b"http://purl.oclc.org/ooxml/"
_STRICT_URI = regex.compile(rb"http://purl\.oclc\.org/ooxml/([A-Za-z]+)/([A-Za-z]+)")


def is_strict(package: zipfile.ZipFile) -> bool:
    try:
        return STRICT in package.read("_rels/.rels")
    except KeyError:
        return False


def transitional(package: zipfile.ZipFile) -> bytes:
    """The package rewritten with Strict namespaces and relationship types mapped."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in package.infolist():
            data = package.read(info)
            if info.filename.endswith((".xml", ".rels")):
                data = _STRICT_URI.sub(rb"http://schemas.openxmlformats.org/\1/2006/\2", data)
            target.writestr(info.filename, data)
    return out.getvalue()


def package_bytes(package: zipfile.ZipFile, data: bytes) -> bytes:
    """The bytes to hand a reader library: the file itself, or its Transitional rewrite."""
    return transitional(package) if is_strict(package) else data
