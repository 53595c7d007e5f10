"""One file to rows: the unit of work a process runs. Top-level and picklable."""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from structchunk.batch.discover import STDIN, Item
from structchunk.batch.rows import chunk_row


@dataclass(frozen=True)
class Job:
    """What a worker needs: the file, its bytes when they came from stdin, the options."""

    item: Item
    options: dict[str, Any]
    data: bytes | None = None
    password: str | None = field(default=None, repr=False)


@dataclass
class FileResult:
    item: Item
    rows: list[dict[str, Any]] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    size_bytes: int = 0
    error: str | None = None


def chunk_job(job: Job) -> FileResult:
    """Parse and split one file; a structchunk error becomes the result's `error`."""
    from structchunk.api import parse, split
    from structchunk.decode import decode_bytes
    from structchunk.errors import StructchunkError

    item = job.item
    options = dict(job.options)
    parse_options = {key: value for key in _PARSE_OPTIONS
                     if (value := options.pop(key, None)) is not None}
    pdf_options = {key: parse_options.pop(key) for key in _PDF_OPTIONS if key in parse_options}
    if job.password is not None:
        pdf_options["password"] = job.password
    try:
        if job.data is not None or item.root == STDIN:
            data = job.data or b""
            size = len(data)
            if _is_pdf(item.path, data[:1024]):
                document = parse(data, **parse_options, **pdf_options)
            elif item.root == STDIN:
                document = parse(data, **parse_options)
            else:  # bytes with a file name (an object store): parsed as that file would be
                name = str(item.path)
                document = parse(decode_bytes(data, name, name), **parse_options)
        else:
            if _is_pdf(item.path, None):
                parse_options.update(pdf_options)
            elif os.path.isdir(item.root):
                # a source file's chunks name it by its path from the folder given
                parse_options.setdefault("path_root", item.root)
            document = parse(item.path, **parse_options)
            size = item.path.stat().st_size
        chunks = split(document, **options)
    except StructchunkError as err:
        return FileResult(item, error=err.problem if err.origin else str(err))
    rows = [chunk_row(chunk, item.root, item.relative) for chunk in chunks]
    return FileResult(item, rows, list(document.warnings), size)


_PARSE_OPTIONS = ("format", "language", "strict", "code_language", "max_bytes")
_PDF_OPTIONS = ("strict",)  # PDF-only options; given to the PDF parser only


def _is_pdf(path: Path, head: bytes | None) -> bool:
    if path.suffix.lower() == ".pdf":
        return True
    if head is None:
        try:
            with open(path, "rb") as handle:
                head = handle.read(1024)
        except OSError:
            return False
    return head.lstrip()[:5] == b"%PDF-"


def file_digest(path: Path) -> str:
    """sha256 of a file's bytes: what decides whether an `--append` run may skip it."""
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()
