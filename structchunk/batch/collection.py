"""A whole run: discover, skip what an earlier run already did, chunk, write in input order,
report. The command line is a thin layer over `split_collection`."""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from structchunk.batch.discover import STDIN, Discovery, Filters, Item, discover
from structchunk.batch.manifest import Manifest, load_manifest, new_manifest, save_manifest
from structchunk.batch.progress import Display, Tally, make_display
from structchunk.batch.runner import Task, run_jobs
from structchunk.batch.worker import FileResult, Job, chunk_job, file_digest
from structchunk.batch.writers import (
    JsonLinesWriter,
    ParquetWriter,
    RowWriter,
    is_parquet,
    read_rows,
)
from structchunk.decode import DEFAULT_MAX_BYTES
from structchunk.errors import StructchunkError


@dataclass
class RunOptions:
    """How a collection is run, apart from the chunking options themselves."""

    output: str = "-"
    output_format: str | None = None
    jobs: int = field(default_factory=lambda: os.cpu_count() or 1)
    timeout: float | None = None
    filters: Filters = field(default_factory=Filters)
    append: bool = False
    quiet: bool = False
    stdin: IO[bytes] | None = None
    password: str | None = field(default=None, repr=False)  # for PDFs; never in a manifest


def split_collection(inputs: list[str], chunk_options: dict[str, Any], run: RunOptions,
                     *, stdout: IO[str] | None = None, stderr: IO[str] | None = None,
                     task: Task = chunk_job) -> Tally:
    """Chunk every file found under `inputs` and write the rows; never stops at a bad file."""
    stdout = stdout if stdout is not None else sys.stdout
    stderr = stderr if stderr is not None else sys.stderr
    found = discover(inputs, run.filters)
    tally = Tally(files_total=len(found.items), bytes_total=_total_bytes(found))
    tally.skipped = [(skip.path, skip.reason) for skip in found.skipped]
    tally.failed = [(skip.path, skip.reason) for skip in found.missing]
    if STDIN in inputs and run.stdin is None:
        run.stdin = sys.stdin.buffer
    if run.append and run.output == "-":
        raise StructchunkError("--append needs an output file (-o)")
    parquet = is_parquet(run.output, run.output_format)
    if parquet and run.output == "-":
        raise StructchunkError("Parquet output needs an output file (-o out.parquet)")
    version = _version()
    earlier = load_manifest(Path(run.output)) if run.append else None
    if earlier is not None and not earlier.matches(version, chunk_options):
        if not run.quiet:
            stderr.write("structchunk: note: the structchunk version or the options changed "
                         "since the last run; every file is chunked again\n")
        earlier = None
    manifest = new_manifest(version, chunk_options)
    display = make_display(stderr, run.quiet)
    try:
        _write_all(found, chunk_options, run, earlier, manifest, tally, display, parquet,
                   stdout, task)
    finally:
        display.close()
    if run.append:
        save_manifest(Path(run.output), manifest)
    for warning in tally.warnings:
        stderr.write(f"structchunk: warning: {warning}\n")
    if not run.quiet:
        stderr.write(tally.summary() + "\n")
    else:
        for path, reason in tally.failed:
            stderr.write(f"structchunk: failed: {path}: {reason}\n")
    return tally


def _write_all(found: Discovery, chunk_options: dict[str, Any], run: RunOptions,
               earlier: Manifest | None, manifest: Manifest, tally: Tally, display: Display,
               parquet: bool, stdout: IO[str], task: Task) -> None:
    target = Path(run.output)
    kept: dict[str, list[dict[str, Any]]] = defaultdict(list)
    if earlier is not None:
        for row in read_rows(target, parquet):
            kept[_row_key(row)].append(row)
    digests = {item.key: file_digest(item.path) for item in found.items
               if run.append and item.root != STDIN}
    unchanged = {key for key, digest in digests.items()
                 if earlier is not None and earlier.files.get(key) == digest}
    todo = [item for item in found.items if item.key not in unchanged]
    limit = chunk_options.get("max_bytes") or DEFAULT_MAX_BYTES
    jobs = (Job(item, chunk_options, _stdin_bytes(run, limit) if item.root == STDIN else None,
                password=run.password) for item in todo)
    # No pool for a single file: starting workers would cost more than it saves.
    workers = min(run.jobs, len(todo))
    results = run_jobs(jobs, workers=workers, timeout=run.timeout, task=task)
    with _open_output(target, parquet, stdout, temporary=run.append) as writer:
        for item in found.items:
            if item.key in unchanged:
                rows = kept.pop(item.key, [])
                writer.write(rows)
                manifest.files[item.key] = digests[item.key]
                tally.done += 1
                tally.reused += 1
                tally.chunks += len(rows)
                continue
            result = next(results)
            kept.pop(item.key, None)
            tally.add(result, _shown(item))
            tally.warnings += [f"{_shown(item)}: {warning}" for warning in result.warnings]
            if result.error is None and not result.rows:
                tally.warnings.append(f"{_shown(item)}: no chunks (no text kept)")
            if result.error is None:
                writer.write(result.rows)
                if item.key in digests:
                    manifest.files[item.key] = digests[item.key]
            display.update(tally)
        roots = {item.root for item in found.items}
        for key, rows in kept.items():  # files of other roots stay as they were
            if key.split("\x00", 1)[0] not in roots and earlier is not None:
                writer.write(rows)
                manifest.files[key] = earlier.files[key]


class _open_output:
    """The writer for the run; an `--append` run writes a new file and replaces the old one
    only when it is complete, so an interrupted run never leaves half an output."""

    def __init__(self, target: Path, parquet: bool, stdout: IO[str], temporary: bool) -> None:
        self._target = target
        self._parquet = parquet
        self._stdout = stdout
        self._temporary = temporary
        self._path: Path | None = None
        self._stream: IO[str] | None = None

    def __enter__(self) -> RowWriter:
        if str(self._target) == "-":
            return JsonLinesWriter(self._stdout)
        path = self._target
        if self._temporary:
            handle, name = tempfile.mkstemp(prefix=self._target.name + ".",
                                            dir=self._target.parent or ".")
            os.close(handle)
            path = Path(name)
        self._path = path
        try:
            if self._parquet:
                self._writer: RowWriter = ParquetWriter(path)
            else:
                self._stream = open(path, "w", encoding="utf-8")  # noqa: SIM115
                self._writer = JsonLinesWriter(self._stream)
        except OSError as err:
            raise StructchunkError(f"cannot be written ({err.strerror})",
                                   str(self._target)) from err
        return self._writer

    def __exit__(self, kind: object, error: object, trace: object) -> None:
        if str(self._target) == "-":
            self._stdout.flush()
            return
        self._writer.close()
        if self._stream is not None:
            self._stream.close()
        if self._temporary and self._path is not None:
            if error is None:
                os.replace(self._path, self._target)
            else:
                self._path.unlink(missing_ok=True)


def _row_key(row: dict[str, Any]) -> str:
    return f"{row['root']}\x00{row['path']}"


def _shown(item: Item) -> str:
    return str(item.path)


def _stdin_bytes(run: RunOptions, limit: int) -> bytes:
    """At most one byte over the limit, so endless input is refused, never held."""
    stream = run.stdin if run.stdin is not None else sys.stdin.buffer
    return stream.read(limit + 1)


def _total_bytes(found: Discovery) -> int:
    total = 0
    for item in found.items:
        if item.root != STDIN:
            with contextlib.suppress(OSError):
                total += item.path.stat().st_size
    return total


def _version() -> str:
    from structchunk import __version__

    return __version__


def iter_results(inputs: list[str], chunk_options: dict[str, Any], *, jobs: int = 1,
                 filters: Filters | None = None) -> Iterator[FileResult]:
    """The results of a run without writing them (used by the Ray comparison and tests)."""
    found = discover(inputs, filters or Filters())
    yield from run_jobs((Job(item, chunk_options) for item in found.items), workers=jobs)
