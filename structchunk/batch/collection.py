"""A whole run: discover, skip what an earlier run already did, chunk, write in input order,
report. The command line is a thin layer over `split_collection`."""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Generator, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from structchunk.batch.discover import STDIN, Discovery, Filters, Item, discover
from structchunk.batch.earlier import Earlier, load_earlier
from structchunk.batch.interrupt import Interrupted, interruptible
from structchunk.batch.interrupt import check as check_interrupted
from structchunk.batch.manifest import Manifest, new_manifest, record_of, save_manifest
from structchunk.batch.own_files import manifest_path, progress_path, remove_leftovers
from structchunk.batch.plan import Entry, plan_files
from structchunk.batch.progress import Display, Tally, make_display
from structchunk.batch.progress_log import Finished, ProgressLog
from structchunk.batch.runner import Task, run_jobs
from structchunk.batch.safe_write import RowOutput, RowSink, StdoutRows
from structchunk.batch.worker import FileResult, Job, chunk_job
from structchunk.batch.writers import is_parquet
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
    rebuild: bool = False  # an --append run that trusts nothing of the earlier output
    quiet: bool = False
    stdin: IO[bytes] | None = None
    password: str | None = field(default=None, repr=False)  # for PDFs; never in a manifest


def split_collection(inputs: list[str], chunk_options: dict[str, Any], run: RunOptions,
                     *, stdout: IO[str] | None = None, stderr: IO[str] | None = None,
                     task: Task = chunk_job) -> Tally:
    """Chunk every file found under `inputs` and write the rows; never stops at a bad file.

    SIGINT and SIGTERM raise `Interrupted` after one line on stderr that says what was
    finished and how to resume; nothing partial is ever left under the output's name.
    """
    stdout = stdout if stdout is not None else sys.stdout
    stderr = stderr if stderr is not None else sys.stderr
    _check(run)
    with interruptible():
        try:
            prepared = _prepare(inputs, chunk_options, run, stderr)
        except Interrupted as stop:
            stderr.write(f"structchunk: interrupted by {stop.name} before any file was "
                         f"chunked; nothing was written\n")
            raise
        entries, earlier, tally, parquet, version = prepared
        display = make_display(stderr, run.quiet)
        try:
            _run(entries, chunk_options, run, earlier, tally, display, parquet, stdout,
                 stderr, task, version)
        finally:
            display.close()
    for warning in tally.warnings:
        stderr.write(f"structchunk: warning: {warning}\n")
    if not run.quiet:
        stderr.write(tally.summary() + "\n")
    else:
        for path, reason in tally.failed:
            stderr.write(f"structchunk: failed: {path}: {reason}\n")
    return tally


def _prepare(inputs: list[str], chunk_options: dict[str, Any], run: RunOptions,
             stderr: IO[str]) -> tuple[list[Entry], Earlier | None, Tally, bool, str]:
    """Discover, load what earlier runs left, and plan which files need chunking."""
    target = Path(run.output)
    to_file = run.output != "-"
    if to_file:
        remove_leftovers(target)
    found = discover(inputs, run.filters, output=target if to_file else None)
    tally = Tally(files_total=len(found.items), bytes_total=_total_bytes(found))
    tally.skipped = [(skip.path, skip.reason) for skip in found.skipped]
    tally.failed = [(skip.path, skip.reason) for skip in found.missing]
    if STDIN in inputs and run.stdin is None:
        run.stdin = sys.stdin.buffer
    parquet = is_parquet(run.output, run.output_format)
    version = _version()
    earlier = (load_earlier(target, parquet, version, chunk_options, rebuild=run.rebuild)
               if run.append or run.rebuild else None)
    notes = list(earlier.notes) if earlier is not None else []
    entries = plan_files(found, inputs, earlier, notes)
    tally.files_total = len(entries)  # with the files of other roots an --append run keeps
    if not run.quiet:
        for note in notes:
            stderr.write(f"structchunk: note: {note}\n")
    return entries, earlier, tally, parquet, version


def _check(run: RunOptions) -> None:
    if (run.append or run.rebuild) and run.output == "-":
        raise StructchunkError("--append and --rebuild need an output file (-o)")
    if is_parquet(run.output, run.output_format) and run.output == "-":
        raise StructchunkError("Parquet output needs an output file (-o out.parquet)")


def _run(entries: list[Entry], chunk_options: dict[str, Any], run: RunOptions,
         earlier: Earlier | None, tally: Tally, display: Display, parquet: bool,
         stdout: IO[str], stderr: IO[str], task: Task, version: str) -> None:
    """Write every entry in order; on any way out but success, the old files stay."""
    target = Path(run.output)
    output: RowSink = StdoutRows(stdout) if run.output == "-" else RowOutput(target, parquet)
    progress: ProgressLog | None = None
    try:
        if earlier is not None:
            progress = ProgressLog(progress_path(target), version, chunk_options,
                                   earlier.progress_bytes)
            progress.kept = len(earlier.finished)
        manifest = new_manifest(version, chunk_options)
        _write_all(entries, chunk_options, run, output, manifest, progress, tally, display,
                   task)
        output.commit()
        if earlier is not None:
            save_manifest(target, manifest)
        elif run.output != "-":
            _forget_stale(target)
    except Interrupted as stop:
        output.discard()
        if progress is not None:
            with contextlib.suppress(StructchunkError):
                progress.close(keep=True)
        stderr.write(interrupted_line(stop.name, tally, run, progress, output.committed)
                     + "\n")
        stderr.flush()
        raise
    except BaseException:
        output.discard()
        raise
    finally:
        if progress is not None:
            progress.close(keep=False)


def _write_all(entries: list[Entry], chunk_options: dict[str, Any], run: RunOptions,
               output: RowSink, manifest: Manifest, progress: ProgressLog | None,
               tally: Tally, display: Display, task: Task) -> None:
    todo = [entry for entry in entries if entry.rows is None]
    limit = chunk_options.get("max_bytes") or DEFAULT_MAX_BYTES
    jobs = (Job(entry.item, chunk_options,
                _stdin_bytes(run, limit) if entry.item.root == STDIN else None,
                password=run.password) for entry in todo)
    # No pool for a single file: starting workers would cost more than it saves.
    workers = min(run.jobs, len(todo))
    results: Generator[FileResult, None, None] = run_jobs(
        jobs, workers=workers, timeout=run.timeout, task=task)
    with contextlib.closing(results):
        for entry in entries:
            check_interrupted()
            item = entry.item
            if entry.rows is not None:
                rows = entry.rows
                tally.done += 1
                tally.reused += 1
                tally.chunks += len(rows)
            else:
                result = next(results)
                tally.add(result, _shown(item))
                tally.warnings += [f"{_shown(item)}: {warning}" for warning in result.warnings]
                if result.error is not None:
                    display.update(tally)
                    continue
                if not result.rows:
                    tally.warnings.append(f"{_shown(item)}: no chunks (no text kept)")
                rows = result.rows
            output.write(rows)
            if entry.sha256 is not None:
                manifest.files[entry.identity] = record_of(item.root, item.relative,
                                                           entry.sha256, rows)
                if progress is not None and not entry.resumed:
                    progress.add(Finished(entry.identity, item.root, item.relative,
                                          entry.sha256, rows))
            display.update(tally)


def interrupted_line(signal_name: str, tally: Tally, run: RunOptions,
                     progress: ProgressLog | None, committed: bool = False) -> str:
    """The one line an interrupted run ends with: what was finished, how to go on."""
    finished = f"{tally.done + len(tally.failed)} of {tally.files_total} file(s) finished"
    if committed:  # struck between the output's rename and the manifest's
        return (f"structchunk: interrupted by {signal_name}: {finished}; {run.output} is "
                "complete but its manifest was not updated: rerun the same command to check it")
    if run.output == "-":
        return f"structchunk: interrupted by {signal_name}: {finished}; the output is incomplete"
    head = f"structchunk: interrupted by {signal_name}: {finished}; {run.output} was left as it was"
    if progress is not None:
        return (f"{head}; {progress.kept} finished file(s) are kept in {progress.path}: "
                "rerun the same command to resume")
    return f"{head}; rerun to start again (with --append an interrupted run resumes)"


def _forget_stale(target: Path) -> None:
    """A plain run replaced the output: a manifest or progress file of earlier runs beside
    it no longer describes it."""
    for stale in (manifest_path(target), progress_path(target)):
        with contextlib.suppress(OSError):
            stale.unlink()


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
