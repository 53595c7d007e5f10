"""The files an `--append` run has finished, kept on disk so an interrupted run resumes.

`out.jsonl.progress` is JSON lines: a header with the version and options, then one line per
finished file with its identity, root, path, sha256, rows and the rows' checksum. Lines are
written in batches of completed files, each batch flushed and `fsync`ed, so a kill loses at
most the files of the last batch and those in flight. A line that is cut off or does not
match its checksum ends what is read; the rest is chunked again. A run that ends by itself
removes the file; only an interrupted or killed run leaves it for the next run.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from structchunk.batch.manifest import canonical, rows_checksum
from structchunk.batch.safe_write import output_error

PROGRESS_SCHEMA = "structchunk.progress/v1"
BATCH_FILES = 16
BATCH_SECONDS = 2.0


@dataclass(frozen=True)
class Finished:
    """One file an interrupted run had chunked, with its rows."""

    identity: str
    root: str
    path: str
    sha256: str
    rows: list[dict[str, Any]]


def read_progress(path: Path, version: str, options: dict[str, Any]
                  ) -> tuple[dict[str, Finished], int]:
    """The finished files that a run with this version and options may reuse, and the byte
    length of the file's valid beginning (what a resumed run keeps appending to)."""
    finished: dict[str, Finished] = {}
    valid = 0
    try:
        handle = open(path, "rb")  # noqa: SIM115
    except OSError:
        return finished, 0
    with handle:
        header = _parse(handle.readline())
        if header is None or header.get("schema") != PROGRESS_SCHEMA or (
                header.get("version"), header.get("options")) != (version, canonical(options)):
            return finished, 0
        valid = handle.tell()
        for line in handle:
            entry = _parse(line)
            if entry is None or not line.endswith(b"\n"):
                break
            try:
                done = Finished(entry["identity"], entry["root"], entry["path"],
                                entry["sha256"], list(entry["rows"]))
            except (KeyError, TypeError):
                break
            if rows_checksum(done.rows) != entry.get("checksum"):
                break
            finished[done.identity] = done
            valid += len(line)
    return finished, valid


def _parse(line: bytes) -> dict[str, Any] | None:
    try:
        value = json.loads(line)
    except ValueError:
        return None
    return value if isinstance(value, dict) else None


class ProgressLog:
    """Appends finished files in batches; `close(keep=False)` removes the file."""

    def __init__(self, path: Path, version: str, options: dict[str, Any], valid: int) -> None:
        self.path = path
        self._pending: list[str] = []
        self._last = time.monotonic()
        self.kept = 0  # files on disk, for the message of an interrupted run
        try:
            if valid:
                self._handle: IO[bytes] | None = open(path, "r+b")  # noqa: SIM115
                self._handle.truncate(valid)
                self._handle.seek(valid)
            else:
                self._handle = open(path, "wb")  # noqa: SIM115
                header = {"schema": PROGRESS_SCHEMA, "version": version,
                          "options": canonical(options)}
                self._handle.write(json.dumps(header).encode("utf-8") + b"\n")
        except OSError as err:
            raise output_error(path, err) from err

    def add(self, done: Finished) -> None:
        entry = {"identity": done.identity, "root": done.root, "path": done.path,
                 "sha256": done.sha256, "checksum": rows_checksum(done.rows),
                 "rows": done.rows}
        self._pending.append(json.dumps(entry, ensure_ascii=False, sort_keys=True) + "\n")
        if len(self._pending) >= BATCH_FILES or time.monotonic() - self._last >= BATCH_SECONDS:
            self.flush()

    def flush(self) -> None:
        if self._handle is None or not self._pending:
            return
        try:
            self._handle.write("".join(self._pending).encode("utf-8"))
            self._handle.flush()
            os.fsync(self._handle.fileno())
        except OSError as err:
            raise output_error(self.path, err) from err
        self.kept += len(self._pending)
        self._pending = []
        self._last = time.monotonic()

    def close(self, *, keep: bool) -> None:
        """`keep` after an interruption (the finished files are flushed first)."""
        if self._handle is None:
            return
        try:
            if keep:
                self.flush()
        finally:
            with contextlib.suppress(OSError):
                self._handle.close()
            self._handle = None
            if not keep:
                with contextlib.suppress(OSError):
                    os.unlink(self.path)
