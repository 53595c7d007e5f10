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
    from structchunk.decode import decode_bytes
    from structchunk.errors import StructchunkError
    from structchunk.parse.formats import format_for_name, looks_like_pdf

    item = job.item
    try:
        chunker = worker_chunker(job.options, job.password)
        if job.data is not None or item.root == STDIN:
            data = job.data or b""
            size = len(data)
            named = item.root != STDIN and not looks_like_pdf(data[:1024]) and \
                getattr(format_for_name(str(item.path)), "binary", False) is False
            # bytes with a file name (an object store) are parsed as that file would be
            document = chunker.parse(decode_bytes(data, str(item.path), str(item.path))
                                     if named else data)
        else:
            # a source file's chunks name it by its path from the folder given
            root = item.root if os.path.isdir(item.root) else None
            reader = chunker.reader if root is None else chunker.reader.with_options(
                path_root=root)
            document = reader.read(item.path)
            size = item.path.stat().st_size
        chunks = chunker.split(document)
    except StructchunkError as err:
        return FileResult(item, error=err.problem if err.origin else str(err))
    rows = [chunk_row(chunk, item.root, item.relative) for chunk in chunks]
    return FileResult(item, rows, list(document.warnings), size)


_CHUNKERS: dict[tuple[tuple[str, Any], ...], Any] = {}


def worker_chunker(options: dict[str, Any], password: str | None = None) -> Any:
    """The Chunker of a run's options, built once per process; options set to None are left
    at their defaults, and the password goes to it without entering the options."""
    from structchunk.chunker import Chunker

    arguments = {key: value for key, value in options.items() if value is not None}
    if password is not None:
        arguments["password"] = password
    try:
        key = tuple(sorted(arguments.items()))
        hash(key)
    except TypeError:  # options that do not hash (a strategy's mapping): built per file
        return Chunker.named("options", arguments)
    chunker = _CHUNKERS.get(key)
    if chunker is None:
        if len(_CHUNKERS) >= 8:
            _CHUNKERS.clear()
        chunker = _CHUNKERS[key] = Chunker.named("options", arguments)
    return chunker


def file_digest(path: Path) -> str:
    """sha256 of a file's bytes: what decides whether an `--append` run may skip it."""
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()
