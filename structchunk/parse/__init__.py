"""Format table and detection: which parser reads which input.

A new format is one module under `structchunk/parse/` exposing
`parse(source: Source, **options) -> Document` (text formats) or
`parse_bytes(data: bytes, origin: str, path: str | None, **options) -> Document` (binary
formats), plus one row in `FORMATS`.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Collection
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import regex

from structchunk.decode import Source, decode_bytes, read_source
from structchunk.errors import SourceNotFoundError, UnsupportedFormatError
from structchunk.options import check_parse_options
from structchunk.tree import Document


@dataclass(frozen=True)
class Format:
    name: str
    module: str
    suffixes: tuple[str, ...]
    binary: bool = False
    sniff: Callable[[str], bool] | None = None
    # Suffixes declared in grammar data (the code grammars), read when first needed.
    declared_suffixes: Callable[[], Collection[str]] | None = None

    def claims(self, suffix: str) -> bool:
        """Whether a file with this (lowercase) suffix is in this format."""
        return suffix in self.suffixes or (self.declared_suffixes is not None
                                           and suffix in self.declared_suffixes())


def _sniff_markdown(text: str) -> bool:
    head = text[:20000]
    block = regex.search(r"(?m)^(#{1,6} |```|~~~|\|.*\|\s*$|>\s)", head)
    inline = regex.search(r"\*\*\S|`[^`\n]+`|\[[^\]\n]+\]\([^)\n]+\)", head)
    return bool(block or inline)


def _code_suffixes() -> Collection[str]:
    """The suffixes the code grammars declare (`; suffixes:` in `grammars/code/*.scm`)."""
    from structchunk.parse.code import code_suffixes

    return code_suffixes()


def _sniff_legal(text: str) -> bool:
    from structchunk.parse.legal import looks_legal_text

    return looks_legal_text(text)


FORMATS: tuple[Format, ...] = (
    Format("legal", "structchunk.parse.legal", (), sniff=_sniff_legal),
    Format("pdf", "structchunk.parse.pdf", (".pdf",), binary=True),
    Format("markdown", "structchunk.parse.markdown", (".md", ".markdown", ".mdown", ".mkd"),
           sniff=_sniff_markdown),
    Format("text", "structchunk.parse.text", (".txt", ".text", ".rst", "")),
    Format("code", "structchunk.parse.code", (), declared_suffixes=_code_suffixes),
)

FORMAT_BY_NAME = {fmt.name: fmt for fmt in FORMATS}


def detect_format(path: str | None, text: str | None = None, head: bytes | None = None) -> Format:
    """By extension first, then by sniffing the content; text is the last resort."""
    if head is not None and head.lstrip()[:5] == b"%PDF-" and "pdf" in FORMAT_BY_NAME:
        return FORMAT_BY_NAME["pdf"]
    if path is not None:
        suffix = Path(path).suffix.lower()
        for fmt in FORMATS:
            if suffix and fmt.claims(suffix):
                return fmt
    if text is not None:
        for fmt in FORMATS:
            if fmt.sniff is not None and fmt.sniff(text):
                return fmt
    return FORMAT_BY_NAME.get("text", FORMATS[0])


def parse(item: str | os.PathLike[str] | bytes | Source, *, format: str | None = None,
          language: str | None = None, **options: Any) -> Document:
    """Parse a path, bytes, text or Source into a `Document`."""
    check_parse_options(options, "parse()", ("format", "language"))
    fmt = FORMAT_BY_NAME.get(format) if format else None
    if format and fmt is None:
        known = ", ".join(sorted(FORMAT_BY_NAME))
        raise UnsupportedFormatError(f"unknown format {format!r} (known: {known})",
                                     _origin_of(item))
    raw = _read_bytes_if_path(item)
    if raw is not None:
        data, origin = raw
        if fmt is None:
            fmt = detect_format(origin, None, data[:1024])
        if fmt.binary:
            return _module(fmt).parse_bytes(data, origin, origin, language=language, **options)
        source = decode_bytes(data, origin, origin)
    elif isinstance(item, bytes):
        if fmt is None:
            fmt = detect_format(None, None, item[:1024])
        if fmt.binary:
            return _module(fmt).parse_bytes(item, "<bytes>", None, language=language, **options)
        source = decode_bytes(item)
    else:
        source = read_source(item)
    if fmt is None:
        fmt = detect_format(source.path, source.text)
    if fmt.binary:
        raise UnsupportedFormatError(f"{fmt.name} input must be given as a path or bytes",
                                     source.origin)
    return _module(fmt).parse(source, language=language, **options)


def _module(fmt: Format) -> Any:
    return importlib.import_module(fmt.module)


def _origin_of(item: object) -> str:
    if isinstance(item, (str, os.PathLike)) and not (isinstance(item, str) and "\n" in item):
        return str(item)[:200]
    return "<input>"


def _looks_like_path(item: str) -> bool:
    """A one-word string ending in a known suffix is a mistyped path, not a document."""
    suffix = Path(item).suffix.lower()
    return (bool(suffix) and any(fmt.claims(suffix) for fmt in FORMATS)
            and not any(ch.isspace() for ch in item))


def _read_bytes_if_path(item: object) -> tuple[bytes, str] | None:
    if isinstance(item, (Source, bytes)):
        return None
    if isinstance(item, str):
        if not item.strip() or "\n" in item or "\r" in item or len(item) > 4096:
            return None
        try:
            if not Path(item).is_file():
                if Path(item).is_dir():
                    raise SourceNotFoundError("is a directory, not a file", item)
                if _looks_like_path(item):
                    raise SourceNotFoundError("no such file", item)
                return None
        except OSError:
            return None
    elif not isinstance(item, os.PathLike):
        return None
    origin = str(item)
    try:
        return Path(item).read_bytes(), origin
    except FileNotFoundError as err:
        raise SourceNotFoundError("no such file", origin) from err
    except OSError as err:
        raise SourceNotFoundError(f"cannot be read ({err.strerror})", origin) from err
