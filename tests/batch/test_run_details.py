"""Details of a folder run that a user or a script reads: the progress bar's rate and its
erasure, an output error named from an error's text, the manifest's row checksum as the
JSON lines of the output, `--append` into a Parquet output, and the refusals of an earlier
output that cannot be read and of Parquet output without pyarrow."""

from __future__ import annotations

import hashlib
import io
import json
import sys
import time
from pathlib import Path

import pytest

from structchunk.batch.collection import RunOptions, split_collection
from structchunk.batch.own_files import manifest_path
from structchunk.batch.progress import RichBar, Tally
from structchunk.batch.safe_write import output_error
from structchunk.errors import DamagedOutputError, MissingDependencyError
from tests.batch.sample_folder import sample_folder

OPTIONS = {"strategy": "hybrid", "max_size": 300, "overlap": 0, "format": None,
           "language": None}


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_bar_shows_the_rate_and_is_erased_when_the_run_ends() -> None:
    screen = Terminal()
    bar = RichBar(screen)
    tally = Tally(files_total=4, done=2, chunks=40, bytes_done=2_000_000)
    tally.started = time.perf_counter() - 4.0  # 2 MB and 40 chunks in four seconds
    bar.update(tally)
    bar.close()
    shown = screen.getvalue()
    assert "2/4" in shown and "0.50 MB/s, 10 chunks/s" in shown
    # transient: the cursor goes back up over the bar's line and erases it
    assert shown.endswith("\x1b[1A\x1b[2K")


def test_an_error_without_a_code_is_named_by_the_code_in_its_text(tmp_path: Path) -> None:
    target = tmp_path / "out.parquet"
    arrow_like = RuntimeError("IOError: [Errno 28] Error writing bytes to file")
    assert str(output_error(target, arrow_like)) == \
        f"cannot write {target}: no space left on device"
    coded = OSError(30, "Read-only file system")
    assert str(output_error(target, coded)) == f"cannot write {target}: read-only file system"
    plain = RuntimeError("Something else went wrong")
    assert str(output_error(target, plain)) == f"cannot write {target}: something else went wrong"


def test_the_manifest_checksum_of_a_file_is_the_sha256_of_its_json_lines(
        tmp_path: Path) -> None:
    root = sample_folder(tmp_path / "in")
    out = tmp_path / "out.jsonl"
    split_collection([str(root)], OPTIONS, RunOptions(output=str(out), jobs=1, append=True,
                                                      quiet=True), stderr=io.StringIO())
    lines: dict[str, bytes] = {}
    for line in out.read_bytes().splitlines(keepends=True):
        path = json.loads(line)["path"]
        lines[path] = lines.get(path, b"") + line
    records = json.loads(manifest_path(out).read_text(encoding="utf-8"))["files"].values()
    assert sorted(record["path"] for record in records) == sorted(lines)
    for record in records:
        held = lines[record["path"]]
        assert record["checksum"] == hashlib.sha256(held).hexdigest()
        assert record["rows"] == held.count(b"\n")


def test_append_into_parquet_keeps_the_rows_of_unchanged_files(tmp_path: Path) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    root = sample_folder(tmp_path / "in")
    out = tmp_path / "out.parquet"
    run = RunOptions(output=str(out), jobs=1, append=True, quiet=True)
    split_collection([str(root)], OPTIONS, run, stderr=io.StringIO())
    first = pq.read_table(str(out)).to_pylist()
    calls: list[str] = []

    def counting(job):  # type: ignore[no-untyped-def]
        from structchunk.batch.worker import chunk_job

        calls.append(job.item.relative)
        return chunk_job(job)

    err = io.StringIO()
    tally = split_collection([str(root)], OPTIONS, run, stderr=err, task=counting)
    assert calls == [] and tally.reused == 3, err.getvalue()
    assert pq.read_table(str(out)).to_pylist() == first
    (root / "notes.txt").write_text("Changed notes entirely.\n", encoding="utf-8")
    split_collection([str(root)], OPTIONS, run, stderr=io.StringIO(), task=counting)
    assert calls == ["notes.txt"]


def test_an_earlier_output_that_cannot_be_read_is_named_with_why_and_the_way_out(
        tmp_path: Path) -> None:
    root = sample_folder(tmp_path / "in")
    out = tmp_path / "out.jsonl"
    run = RunOptions(output=str(out), jobs=1, append=True, quiet=True)
    split_collection([str(root)], OPTIONS, run, stderr=io.StringIO())
    out.unlink()
    out.mkdir()  # what was the output is now a folder
    with pytest.raises(DamagedOutputError) as caught:
        split_collection([str(root)], OPTIONS, run, stderr=io.StringIO())
    assert str(caught.value) == (f"{out}: cannot be read (Is a directory): rerun with "
                                 "--rebuild to chunk every file again")


def test_parquet_output_without_pyarrow_says_what_to_install(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "pyarrow.parquet", None)  # import fails
    root = sample_folder(tmp_path / "in")
    with pytest.raises(MissingDependencyError) as caught:
        split_collection([str(root)], OPTIONS, RunOptions(output=str(tmp_path / "o.parquet"),
                                                          jobs=1, quiet=True),
                         stderr=io.StringIO())
    assert str(caught.value) == ('Parquet output needs pyarrow: pip install '
                                 '"structchunk-rag[parquet]"')
