"""Opening an office package: the right error for every file that is not a readable one.

Office files are ZIP packages of XML parts. What is not one is named precisely: an old binary
Word, PowerPoint or Excel file and an encrypted OOXML file are both OLE compound files (the
encrypted package sits inside one), told apart by the streams they hold; an encrypted
OpenDocument file says so in its manifest. A missing reader library names the extra that
installs it. Every failure of a reader library while reading is a `ParseError` naming the
file, never the library's own traceback.
"""

from __future__ import annotations

import importlib
import io
import zipfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import ModuleType
from typing import TypeVar

from structchunk.errors import (
    MissingDependencyError,
    ParseError,
    StructchunkError,
    UnsupportedFormatError,
    install_hint,
)

OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
# Stream names (UTF-16LE in the compound file's directory) that identify what an OLE file is.
_OLE_KINDS = (
    ("EncryptionInfo", None),
    ("WordDocument", "an old binary Word document (.doc)"),
    ("PowerPoint Document", "an old binary PowerPoint presentation (.ppt)"),
    ("Workbook", "an old binary Excel workbook (.xls)"),
    ("Book", "an old binary Excel workbook (.xls)"),
)
_ODF_ENCRYPTED = b"encryption-data"
MAX_EXPANDED = 2_000_000_000  # bytes all parts of a package may expand to

T = TypeVar("T")


def require(module: str, what: str) -> ModuleType:
    """Import a reader library of the office extra, or say how to install it."""
    try:
        return importlib.import_module(module)
    except ImportError as err:
        raise MissingDependencyError(
            f"reading {what} needs the office extra: {install_hint('office')}") from err


def check_package(data: bytes, origin: str, what: str) -> zipfile.ZipFile:
    """The ZIP package in `data`, or an error saying what the file is instead."""
    if data.startswith(OLE_MAGIC):
        raise ole_error(data, origin, what)
    if not data.startswith(b"PK"):
        raise ParseError(f"is not {what} (not a ZIP package; damaged or another format?)",
                         origin)
    try:
        package = zipfile.ZipFile(io.BytesIO(data))
        names = package.namelist()
    except (zipfile.BadZipFile, OSError, ValueError, EOFError) as err:
        raise ParseError(f"is {what} that is damaged (its ZIP package cannot be read: {err})",
                         origin) from err
    expanded = sum(info.file_size for info in package.infolist())
    if expanded > MAX_EXPANDED:
        raise ParseError(f"is {what} whose parts expand to {expanded:,} bytes, more than the "
                         f"{MAX_EXPANDED:,} read (a ZIP bomb?)", origin)
    if "META-INF/manifest.xml" in names:
        try:
            manifest = package.read("META-INF/manifest.xml")
        except (zipfile.BadZipFile, OSError, ValueError, EOFError, KeyError) as err:
            raise ParseError(f"is {what} that is damaged ({err})", origin) from err
        if _ODF_ENCRYPTED in manifest:
            raise ParseError(f"is {what} encrypted with a password; "
                             "save it without one to chunk it", origin)
    return package


def ole_error(data: bytes, origin: str, what: str) -> StructchunkError:
    for stream, kind in _OLE_KINDS:
        if stream.encode("utf-16-le") in data:
            if kind is None:
                return ParseError(f"is {what} encrypted with a password; "
                                  "save it without one to chunk it", origin)
            return UnsupportedFormatError(
                f"is {kind}, which structchunk does not read; save it as the current "
                "format (.docx, .pptx, .xlsx) or as PDF", origin)
    return UnsupportedFormatError(
        "is an OLE compound file (an old binary Office format), which structchunk does not "
        "read", origin)


@contextmanager
def reading(origin: str, what: str) -> Iterator[None]:
    """Turn any failure of a reader library into a `ParseError` naming the file."""
    try:
        yield
    except StructchunkError:
        raise
    except RecursionError as err:
        raise ParseError(f"{what} is nested too deeply to read", origin) from err
    except Exception as err:  # noqa: BLE001 - a reader library's failure, named for the user
        detail = str(err).strip().splitlines()[0][:200] if str(err).strip() else ""
        message = f"{type(err).__name__}: {detail}" if detail else type(err).__name__
        raise ParseError(f"cannot be read as {what} ({message})", origin) from err


def guarded(function: Callable[[], T], fallback: T) -> T:
    """The result of one optional part of a reading (a chart title, a note), or `fallback`
    when that part is malformed: one bad shape does not lose a whole presentation."""
    try:
        return function()
    except (KeyError, ValueError, AttributeError, TypeError, IndexError, LookupError):
        return fallback
