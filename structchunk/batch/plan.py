"""Which files a run writes, in what order, and which of them need chunking.

The files found come first, in discovery order; then the files of other roots that the
manifest lists, in its order. Each file appears once, by its identity (its resolved path):
a file reached through two roots is the one found now, so overlapping roots never duplicate
a `chunk_id`. A file's rows are reused only when its bytes are unchanged and the rows were
verified (`earlier`); otherwise it is chunked.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from structchunk.batch.discover import STDIN, Discovery, Item
from structchunk.batch.earlier import Earlier
from structchunk.batch.manifest import FileRecord
from structchunk.batch.worker import file_digest


@dataclass
class Entry:
    """One file of the output. `rows` is None while the file still has to be chunked."""

    item: Item
    identity: str
    sha256: str | None
    rows: list[dict[str, Any]] | None = None
    resumed: bool = False  # rows from an interrupted run (already in its progress file)


def identity_of(item: Item) -> str:
    """One name per file whatever root reached it: the resolved path (stdin is '-')."""
    return STDIN if item.root == STDIN else os.path.realpath(item.path)


def plan_files(found: Discovery, inputs: list[str], earlier: Earlier | None,
               notes: list[str]) -> list[Entry]:
    """Every file of the output in order; `earlier` is None for a run that keeps nothing."""
    entries = [_current(item, earlier) for item in found.items]
    if earlier is None or earlier.manifest is None:
        return entries
    present = {entry.identity for entry in entries}
    roots = {item.root for item in found.items} | set(inputs)
    folders = [os.path.realpath(given) for given in inputs if os.path.isdir(given)]
    for identity, record in earlier.manifest.files.items():
        if identity in present or _of_this_run(identity, record, roots, folders):
            continue  # found now, or gone from the roots given: its rows go
        entry = _other_root(identity, record, earlier)
        if entry is None:
            notes.append(f"rows of {record.root}/{record.path} were lost from the output and "
                         "the file is gone; they are dropped")
            continue
        present.add(identity)
        entries.append(entry)
    return entries


def _current(item: Item, earlier: Earlier | None) -> Entry:
    identity = identity_of(item)
    if earlier is None or item.root == STDIN:
        return Entry(item, identity, None)
    try:
        digest: str | None = file_digest(item.path)
    except OSError:
        digest = None  # the worker reports why it cannot be read
    entry = Entry(item, identity, digest)
    finished = earlier.finished.get(identity)
    record = earlier.manifest.files.get(identity) if earlier.manifest else None
    if finished is not None and (finished.root, finished.path, finished.sha256) == (
            item.root, item.relative, digest):
        entry.rows, entry.resumed = finished.rows, True
    elif record is not None and identity in earlier.verified and (
            record.root, record.path, record.sha256) == (item.root, item.relative, digest):
        entry.rows = earlier.verified[identity]
    return entry


def _of_this_run(identity: str, record: FileRecord, roots: set[str], folders: list[str]) -> bool:
    return record.root in roots or any(
        identity == folder or identity.startswith(folder.rstrip(os.sep) + os.sep)
        for folder in folders)


def _other_root(identity: str, record: FileRecord, earlier: Earlier) -> Entry | None:
    """A file of a root not given this time: its verified rows stay as they were; rows that
    went missing are chunked again from the file, if it is still there."""
    item = Item(Path(record.root) / record.path, record.root, record.path)
    if identity in earlier.verified:
        return Entry(item, identity, record.sha256, earlier.verified[identity])
    finished = earlier.finished.get(identity)
    if finished is not None:
        return Entry(item, identity, finished.sha256, finished.rows, resumed=True)
    if not item.path.is_file():
        return None
    try:
        digest = file_digest(item.path)
    except OSError:
        return None
    return Entry(item, identity, digest)
