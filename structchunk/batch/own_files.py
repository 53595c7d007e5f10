"""The files a run writes beside its output, and how they are recognised later.

An output `out.jsonl` comes with `out.jsonl.manifest.json` (what an `--append` rerun may
keep), `out.jsonl.progress` (the files an interrupted `--append` run finished) and, while a
file is being written, `.out.jsonl.<pid>.<token>.structchunk-tmp`. The temporary name holds
the writer's process id, so a later run can tell a leftover of a killed run (its process is
gone) from the file of a run still going, and remove only the first. Discovery uses the same
names, plus the schemas of rows, manifests and progress files, to never chunk them.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
from pathlib import Path

TEMPORARY_SUFFIX = ".structchunk-tmp"
MANIFEST_SUFFIX = ".manifest.json"
PROGRESS_SUFFIX = ".progress"
_TEMPORARY = re.compile(r"^\.(?P<name>.+)\.(?P<pid>\d+)\.[0-9a-f]+" + re.escape(TEMPORARY_SUFFIX)
                        + "$")
_SCHEMA_MARKS = (b'"schema": "structchunk.manifest/', b'"schema": "structchunk.progress/')
_ROW_START = b'{"chunk_id": "'  # rows are written with sorted keys: chunk_id comes first
_OLD_MANIFEST_START = b'{\n "files": {'  # v1 manifests: sorted keys, its schema far below
_FIRST_LINE_LIMIT = 1 << 20


def manifest_path(output: Path) -> Path:
    return output.with_name(output.name + MANIFEST_SUFFIX)


def progress_path(output: Path) -> Path:
    return output.with_name(output.name + PROGRESS_SUFFIX)


def temporary_path(final: Path) -> Path:
    """A fresh temporary name for `final`, in its folder (so the rename stays atomic)."""
    token = os.urandom(6).hex()
    return final.with_name(f".{final.name}.{os.getpid()}.{token}{TEMPORARY_SUFFIX}")


def is_temporary(name: str) -> bool:
    return _TEMPORARY.match(name) is not None


def remove_leftovers(output: Path) -> list[Path]:
    """Remove temporary files that runs killed earlier left beside `output` and its manifest.

    A temporary file whose writer is still running (another run on the same output) stays.
    """
    folder = output.parent
    names = {output.name, manifest_path(output).name}
    removed: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        match = _TEMPORARY.match(entry.name)
        if match is None or match["name"] not in names:
            continue
        pid = int(match["pid"])
        if pid != os.getpid() and _alive(pid):
            continue
        with contextlib.suppress(OSError):
            os.unlink(entry.path)
            removed.append(Path(entry.path))
    return removed


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # a process of another user holds that id
        return True
    return True


def companions(output: Path) -> set[Path]:
    """The output and the files beside it that belong to it (resolved paths)."""
    return {path.resolve() for path in (output, manifest_path(output), progress_path(output))}


def own_output_reason(path: Path, head: bytes) -> str | None:
    """Why a file is structchunk's own output (rows, manifest, progress, temporary), or None.

    `head` is the first bytes of the file, already read by discovery.
    """
    if is_temporary(path.name):
        return "temporary file of a structchunk run"
    if head.startswith(b"PAR1") and _parquet_of_rows(path):
        return "structchunk output (Parquet rows)"
    if head.startswith(b"{") and any(mark in head for mark in _SCHEMA_MARKS):
        return "structchunk manifest or progress file"
    if path.name.endswith(MANIFEST_SUFFIX) and head.startswith(_OLD_MANIFEST_START):
        return "structchunk manifest or progress file"
    if head.startswith(_ROW_START) and _row_line(path):
        return "structchunk output (JSON lines rows)"
    return None


def _row_line(path: Path) -> bool:
    """The first line is a row: an object with root, path and a structchunk chunk schema."""
    try:
        with open(path, "rb") as handle:
            line = handle.readline(_FIRST_LINE_LIMIT)
        row = json.loads(line)
    except (OSError, ValueError):
        return False
    return (isinstance(row, dict) and "root" in row and "path" in row
            and str(row.get("schema", "")).startswith("structchunk."))


def _parquet_of_rows(path: Path) -> bool:
    """The Parquet footer carries the row schema's key (read without pyarrow)."""
    try:
        with open(path, "rb") as handle:
            handle.seek(0, os.SEEK_END)
            size = handle.tell()
            if size < 12:
                return False
            handle.seek(size - 8)
            tail = handle.read(8)
            if tail[4:] != b"PAR1":
                return False
            length = int.from_bytes(tail[:4], "little")
            if length > size - 12:
                return False
            handle.seek(size - 8 - length)
            footer = handle.read(length)
    except OSError:
        return False
    return b"structchunk.schema" in footer
