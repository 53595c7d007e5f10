"""What earlier runs left that a rerun may keep, each piece verified before it is trusted.

The earlier output's rows are kept per file only when the manifest's count and checksum for
that file match them; the progress of an interrupted run only where each line's checksum
holds. An output that cannot be read at all is an error that names it and the way out
(`--rebuild`), never a dependency's traceback and never a silent loss.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from structchunk.batch.manifest import Manifest, load_manifest, rows_checksum
from structchunk.batch.own_files import progress_path
from structchunk.batch.progress_log import Finished, read_progress
from structchunk.batch.writers import pyarrow_parquet
from structchunk.errors import DamagedOutputError

REBUILD_HINT = "rerun with --rebuild to chunk every file again"


@dataclass
class Earlier:
    """`verified`: identity -> rows the manifest vouches for; `finished`: identity -> what an
    interrupted run had done; `manifest` also lists files of other roots."""

    manifest: Manifest | None = None
    verified: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    finished: dict[str, Finished] = field(default_factory=dict)
    progress_bytes: int = 0
    notes: list[str] = field(default_factory=list)


def load_earlier(target: Path, parquet: bool, version: str, options: dict[str, Any],
                 *, rebuild: bool) -> Earlier:
    earlier = Earlier()
    earlier.manifest, why = load_manifest(target)
    if why:
        earlier.notes.append(why + "; every file is chunked again")
    if rebuild:
        return earlier
    earlier.finished, earlier.progress_bytes = read_progress(progress_path(target), version,
                                                             options)
    if earlier.finished:
        earlier.notes.append(f"resuming: {len(earlier.finished)} file(s) finished by an "
                             f"interrupted run are kept")
    manifest = earlier.manifest
    if manifest is None:
        if target.exists() and why is None:
            earlier.notes.append(f"no manifest beside {target}; every file is chunked again")
        return earlier
    if not manifest.matches(version, options):
        earlier.notes.append("the structchunk version or the options changed since the last "
                             "run; every file is chunked again")
        return earlier
    rows = _rows_by_file(target, parquet) if target.exists() else {}
    for identity, record in manifest.files.items():
        held = rows.get(record.key, [])
        if len(held) == record.rows and rows_checksum(held) == record.checksum:
            earlier.verified[identity] = held
        else:
            earlier.notes.append(f"{target}: rows of {record.root}/{record.path} are missing or "
                                 "changed; that file is chunked again")
    return earlier


def _rows_by_file(target: Path, parquet: bool) -> dict[tuple[str, str], list[dict[str, Any]]]:
    grouped: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    for row in (_parquet_rows(target) if parquet else _json_rows(target)):
        try:
            grouped[(row["root"], row["path"])].append(row)
        except (KeyError, TypeError) as err:
            raise DamagedOutputError(f"holds a row that is not a structchunk row: {REBUILD_HINT}",
                                     str(target)) from err
    return grouped


def _json_rows(target: Path) -> Iterator[dict[str, Any]]:
    """A last line cut off (a copy or a disk that ran out) only costs its file's rows, which
    the checksum then finds missing; a bad line elsewhere means the file is damaged."""
    try:
        with target.open("rb") as handle:
            lines = handle.read().split(b"\n")
    except OSError as err:
        raise DamagedOutputError(f"cannot be read ({err.strerror}): {REBUILD_HINT}",
                                 str(target)) from err
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except ValueError as err:
            if number == len(lines):  # no newline after it: cut off
                return
            raise DamagedOutputError(f"line {number} is not a JSON row: {REBUILD_HINT}",
                                     str(target)) from err
        yield row


def _parquet_rows(target: Path) -> Iterator[dict[str, Any]]:
    import pyarrow as pa

    try:
        table = pyarrow_parquet().read_table(str(target))
    except (pa.ArrowException, OSError) as err:
        raise DamagedOutputError(f"cannot be read as Parquet ({err}): {REBUILD_HINT}",
                                 str(target)) from err
    for batch in table.to_batches():
        for row in batch.to_pylist():
            try:
                row["metadata"] = json.loads(row["metadata"] or "{}")
            except (KeyError, ValueError) as err:
                raise DamagedOutputError(f"holds a row that is not a structchunk row: "
                                         f"{REBUILD_HINT}", str(target)) from err
            yield row
