"""The character set an HTML or XHTML page declares, and its bytes decoded with it.

A page says how it is encoded in a byte-order mark, the XML declaration
(`<?xml version="1.0" encoding="iso-8859-1"?>`) or a `<meta charset>` /
`<meta http-equiv="Content-Type" content="...; charset=...">` near the start, which browsers
look for in the first 1024 bytes; we look a little further, since hand-written pages put long
comments first. Without a declaration the page is decoded as every other text file is
(UTF-8, else cp1252 with a warning).
"""

from __future__ import annotations

import codecs

import regex

from structchunk.decode import Source, decode_bytes, from_text

_PRESCAN_BYTES = 4096
_XML_DECLARATION = regex.compile(rb"""\A\s*<\?xml[^>]*?\bencoding\s*=\s*["']([A-Za-z0-9._:-]+)""")
_META = regex.compile(rb"<meta\b[^>]*>", regex.IGNORECASE)
_META_CHARSET = regex.compile(
    rb"""\bcharset\s*=\s*["']?\s*([A-Za-z0-9._:-]+)""", regex.IGNORECASE)
# The WHATWG encoding standard reads these labels as windows-1252, as browsers do.
_AS_WINDOWS_1252 = {"iso-8859-1", "iso8859-1", "latin1", "latin-1", "l1", "ascii",
                    "us-ascii", "iso-8859-15"}


def declared_charset(data: bytes) -> str | None:
    """The encoding the page declares (a Python codec name), or None."""
    head = data[:_PRESCAN_BYTES]
    match = _XML_DECLARATION.match(head)
    if match is None:
        for meta in _META.finditer(head):
            match = _META_CHARSET.search(meta.group())
            if match is not None:
                break
    if match is None:
        return None
    label = match.group(1).decode("ascii", "replace").strip().lower()
    if label in _AS_WINDOWS_1252 and label != "iso-8859-15":
        label = "cp1252"
    try:
        return codecs.lookup(label).name
    except LookupError:
        return None


def decode_html(data: bytes, origin: str, path: str | None) -> Source:
    """The page as a Source (see `decoded_html`)."""
    text, encoding, warnings = decoded_html(data, origin, path)
    return from_text(text, origin, path, encoding, warnings)


def decoded_html(data: bytes, origin: str, path: str | None
                 ) -> tuple[str, str, tuple[str, ...]]:
    """Text, encoding and warnings: by the byte-order mark, else the declared charset, else
    as any text file.

    A page that declares UTF-16 but was saved as ASCII-compatible bytes (the declaration was
    readable) is read as UTF-8, as browsers do. Bytes that do not fit the declared charset
    are replaced, with a warning naming the charset.
    """
    declared = declared_charset(data)
    if data.startswith((codecs.BOM_UTF8, codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)) \
            or declared is None or declared.startswith(("utf-16", "utf-32")):
        if declared is None and b"\x00" not in data[:4096]:
            try:  # the common case, without building a line table nobody reads
                return data.decode("utf-8"), "utf-8", ()
            except UnicodeDecodeError:
                pass
        source = decode_bytes(data, origin, path)
        return source.text, source.encoding, source.warnings
    try:
        return data.decode(declared), declared, ()
    except UnicodeDecodeError as err:
        warning = (f"declares charset {declared} but byte {err.start} is not valid in it; "
                   "such bytes were replaced")
        return data.decode(declared, "replace"), declared, (warning,)
