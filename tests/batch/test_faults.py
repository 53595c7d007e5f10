"""Fault injection on real folder runs: workers and parents killed, disks full, folders
read-only, outputs truncated, manifests deleted. After each, a rerun gives the rows of an
uninterrupted run (byte-identical JSON lines, equal Parquet row sets), no partial file ever
stands under the output's name, and no temporary file outlives the next run."""

from __future__ import annotations

import contextlib
import errno
import io
import os
import shutil
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from structchunk.batch.collection import RunOptions, split_collection
from tests.batch.fault_tools import (
    CORPUS_FOLDER,
    FILES,
    assert_no_orphans,
    assert_same_rows,
    leftovers,
    make_folder,
    reference,
    run_here,
    signal_status,
    start,
    strike,
    wait_for_marks,
    worker_pids,
)
from tests.batch.tasks import memory_hog_on_name, sigkill_on_name

pytestmark = [pytest.mark.faults,
              pytest.mark.skipif(not CORPUS_FOLDER.is_dir(), reason="shared corpus missing")]

OPTIONS = {"strategy": "hybrid", "max_size": 400, "overlap": 0, "format": None,
           "language": None}

# (signal, point, output suffix, jobs, --append)
STRIKES = [(signal.SIGINT, "start", ".jsonl", 1, True),
           (signal.SIGINT, "first", ".jsonl", 1, True),
           (signal.SIGINT, "late", ".jsonl", 2, True),
           (signal.SIGTERM, "start", ".jsonl", 2, True),
           (signal.SIGTERM, "first", ".jsonl", 1, True),
           (signal.SIGTERM, "late", ".jsonl", 2, True),
           (signal.SIGKILL, "start", ".jsonl", 2, True),
           (signal.SIGKILL, "first", ".jsonl", 2, True),
           (signal.SIGKILL, "late", ".jsonl", 1, True),
           (signal.SIGKILL, "first", ".parquet", 1, True),
           (signal.SIGTERM, "late", ".parquet", 2, True),
           (signal.SIGKILL, "first", ".jsonl", 1, False),
           (signal.SIGINT, "late", ".parquet", 2, False)]
EARLIER = 2  # files of the earlier complete run of an --append scenario


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One folder for every strike: no scenario changes it."""
    root = tmp_path_factory.mktemp("strikes") / "in"
    make_folder(root)
    return root


@pytest.fixture(scope="module")
def expected(folder: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The uninterrupted run's output, in each format."""
    where = tmp_path_factory.mktemp("reference")
    return {suffix: reference(folder, where / f"ref{suffix}") for suffix in (".jsonl", ".parquet")
            if suffix == ".jsonl" or _has_pyarrow()}


def _has_pyarrow() -> bool:
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        return False
    return True


@pytest.mark.parametrize(("signum", "point", "suffix", "jobs", "append"), STRIKES,
                         ids=[f"{signal.Signals(s).name}-{p}-{x[1:]}-j{j}-"
                              f"{'append' if a else 'plain'}" for s, p, x, j, a in STRIKES])
def test_a_struck_parent_leaves_the_old_output_and_a_rerun_completes_it(
        tmp_path: Path, folder: Path, expected: dict[str, Path], signum: int, point: str,
        suffix: str, jobs: int, append: bool) -> None:
    if suffix not in expected:
        pytest.skip("pyarrow is not installed")
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    out = out_dir / f"chunks{suffix}"
    mode = ["--append"] if append else []
    before: dict[str, bytes] = {}
    total = FILES  # files the struck run has to chunk
    if append:  # an earlier complete run over the first files only
        names = sorted(path.name for path in folder.iterdir())
        excluded = [arg for name in names[EARLIER:] for arg in ("--exclude", name)]
        assert run_here([str(folder), "-o", str(out), "-j", "1", "-q", *mode, *excluded])[0] == 0
        before = {path.name: path.read_bytes() for path in out_dir.iterdir()}
        total = FILES - EARLIER
    marks = tmp_path / "marks"
    process = start([str(folder), "-o", str(out), "-j", str(jobs), *mode], marks)
    status, err = strike(process, marks, signum, point, total)
    finished_first = status == 0  # the last file may end before the signal comes
    assert (finished_first and point == "late") or status in signal_status(signum), err
    assert "Traceback" not in err or status < 0, err
    if status == 128 + signum:
        interrupted = [line for line in err.splitlines() if "interrupted by" in line]
        assert len(interrupted) == 1, err
        assert signal.Signals(signum).name in interrupted[0]
    assert_no_orphans(worker_pids(marks), process.pid)
    if not finished_first:  # nothing partial under the output's name, the old files intact
        kept = {path.name: path.read_bytes() for path in out_dir.iterdir()
                if path.name in before or path.name == out.name}
        assert kept == before
    status, err, tally = run_here([str(folder), "-o", str(out), "-j", str(jobs), "-q", *mode])
    assert status == 0, err
    assert_same_rows(out, expected[suffix])
    assert leftovers(out_dir) == []
    if append and signum != signal.SIGKILL and point == "late" and not finished_first:
        # the files finished before the signal were kept: the rerun chunked fewer
        assert tally is not None and tally.reused > EARLIER


def test_a_resumed_append_run_chunks_only_what_the_killed_run_had_not_finished(
        tmp_path: Path, folder: Path, expected: dict[str, Path]) -> None:
    out = tmp_path / "chunks.jsonl"
    marks = tmp_path / "marks"
    process = start([str(folder), "-o", str(out), "-j", "1", "--append"], marks)
    wait_for_marks(marks, 6, process)  # progress is written every second file
    process.kill()
    process.wait(30)
    assert not out.exists()
    progress = tmp_path / "chunks.jsonl.progress"
    assert progress.exists()
    status, err, tally = run_here([str(folder), "-o", str(out), "-j", "1", "--append"])
    assert status == 0, err
    assert tally is not None and tally.reused in (4, 5), err
    assert f"resuming: {tally.reused} file(s)" in err
    assert_same_rows(out, expected[".jsonl"])
    assert not progress.exists()


def test_a_worker_killed_by_a_signal_never_aborts_the_run_20_of_20(tmp_path: Path) -> None:
    root = tmp_path / "in"
    files = make_folder(root, 2)
    for name in ("0-sigkill-early.md", "10-sigkill-late.md"):
        (root / name).write_text("# Doomed\n\nThis file kills its worker.\n", encoding="utf-8")
    expected = reference_without(root, tmp_path, {"0-sigkill-early.md", "10-sigkill-late.md"})
    for attempt in range(20):
        out = tmp_path / f"out{attempt}.jsonl"
        err = io.StringIO()
        tally = split_collection([str(root)], OPTIONS,
                                 RunOptions(output=str(out), jobs=2, quiet=True),
                                 stderr=err, task=sigkill_on_name)
        reasons = {Path(path).name: why for path, why in tally.failed}
        assert set(reasons) == {"0-sigkill-early.md", "10-sigkill-late.md"}, err.getvalue()
        assert all("killed by SIGKILL" in why for why in reasons.values())
        assert tally.done == len(files)
        assert out.read_bytes() == expected, f"attempt {attempt}"
        out.unlink()


def test_a_worker_out_of_memory_reports_its_file_and_a_fresh_worker_goes_on(
        tmp_path: Path) -> None:
    root = tmp_path / "in"
    files = make_folder(root, 4)
    (root / "1.25-memory-hog.md").write_text("# Hog\n\nThis file eats memory.\n",
                                             encoding="utf-8")
    expected = reference_without(root, tmp_path, {"1.25-memory-hog.md"})
    out = tmp_path / "out.jsonl"
    tally = split_collection([str(root)], OPTIONS, RunOptions(output=str(out), jobs=1,
                                                              timeout=60, quiet=True),
                             stderr=io.StringIO(), task=memory_hog_on_name)
    assert tally.failed == [(str(root / "1.25-memory-hog.md"), "ran out of memory")]
    assert tally.done == len(files)
    assert out.read_bytes() == expected


def reference_without(root: Path, tmp_path: Path, names: set[str]) -> bytes:
    aside = tmp_path / "aside"
    aside.mkdir(exist_ok=True)
    for name in names:
        shutil.move(root / name, aside / name)
    out = tmp_path / "expected.jsonl"
    split_collection([str(root)], OPTIONS, RunOptions(output=str(out), jobs=1, quiet=True),
                     stderr=io.StringIO())
    for name in names:
        shutil.move(aside / name, root / name)
    return out.read_bytes()


def test_a_worker_killed_from_outside_is_reported_and_a_rerun_fills_the_gap(
        tmp_path: Path, folder: Path, expected: dict[str, Path]) -> None:
    out = tmp_path / "chunks.jsonl"
    marks = tmp_path / "marks"
    process = start([str(folder), "-o", str(out), "-j", "2", "--append"], marks, delay="0.5")
    wait_for_marks(marks, 3, process)
    victim = sorted(marks.iterdir(), key=lambda mark: mark.stat().st_mtime)[-1]
    os.kill(int(victim.read_text()), signal.SIGKILL)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 1, err
    assert "killed by SIGKILL" in err and "Traceback" not in err
    status, err, tally = run_here([str(folder), "-o", str(out), "-j", "2", "-q", "--append"])
    assert status == 0, err
    assert tally is not None and tally.reused == FILES - 1
    assert_same_rows(out, expected[".jsonl"])


@contextlib.contextmanager
def small_disk(folder: Path, size: int) -> Iterator[str]:
    """A tmpfs of `size` bytes on `folder` where mounting is allowed ('tmpfs'), else nothing
    ('limit': the caller limits the file size of the child process instead)."""
    folder.mkdir(parents=True, exist_ok=True)
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs",
                              str(folder)], capture_output=True).returncode == 0
    try:
        yield "tmpfs" if mounted else "limit"
    finally:
        if mounted:
            subprocess.run(["umount", "-l", str(folder)], check=False)


@pytest.mark.parametrize("suffix", [".jsonl", ".parquet"])
@pytest.mark.parametrize("append", [False, True], ids=["plain", "append"])
def test_a_full_disk_is_an_error_naming_the_output_and_leaves_nothing(
        tmp_path: Path, folder: Path, expected: dict[str, Path], suffix: str,
        append: bool) -> None:
    if suffix not in expected:
        pytest.skip("pyarrow is not installed")
    size = expected[suffix].stat().st_size // 2
    disk = tmp_path / "disk"
    out = disk / f"chunks{suffix}"
    args = [str(folder), "-o", str(out), "-j", "1", *(["--append"] if append else [])]
    with small_disk(disk, max(4096, size)) as kind:
        if kind == "limit":
            status, err = _run_with_file_limit(args, size)
        else:
            status, err, _ = run_here(args)
        assert status == 1, err
        reason = "no space left on device" if kind == "tmpfs" else "file too large"
        assert f"cannot write {out}" in err and reason in err, err
        assert "Traceback" not in err
        assert sorted(path.name for path in disk.iterdir()) == []
    assert run_here(args)[0] == 0
    assert_same_rows(out, expected[suffix])
    assert leftovers(disk) == []


def _run_with_file_limit(args: list[str], limit: int) -> tuple[int, str]:
    """Where no tmpfs can be mounted: the kernel refuses writes past `limit` bytes."""
    import resource

    def limit_files() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[2]))
    done = subprocess.run([sys.executable, "-m", "tests.batch.fault_run", "split", *args,
                           "-q"], env=env, capture_output=True, text=True,
                          preexec_fn=limit_files, cwd=Path(__file__).resolve().parents[2],
                          timeout=120)
    return done.returncode, done.stderr


@contextlib.contextmanager
def read_only(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """`folder` read-only in a way root cannot ignore: a read-only bind mount; where that is
    not allowed, permissions (for other users) or, as root, a write wrapper that refuses."""
    bound = subprocess.run(["mount", "--bind", str(folder), str(folder)],
                           capture_output=True).returncode == 0
    if bound:
        subprocess.run(["mount", "-o", "remount,bind,ro", str(folder)], check=True)
        try:
            yield "read-only file system"
        finally:
            subprocess.run(["umount", "-l", str(folder)], check=False)
        return
    if os.geteuid() != 0:
        folder.chmod(0o555)
        try:
            yield "permission denied"
        finally:
            folder.chmod(0o755)
        return
    import structchunk.batch.safe_write as safe_write

    real_open = os.open

    def refuse(path: object, flags: int, *args: object) -> int:
        if Path(str(path)).parent == folder and flags & os.O_CREAT:
            raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(path))
        return real_open(path, flags, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(safe_write.os, "open", refuse)
    try:
        yield "read-only file system"
    finally:
        monkeypatch.undo()


@pytest.mark.parametrize("suffix", [".jsonl", ".parquet"])
def test_a_read_only_output_folder_is_a_clean_error_and_the_old_output_stays(
        tmp_path: Path, suffix: str, monkeypatch: pytest.MonkeyPatch) -> None:
    if suffix == ".parquet":
        pytest.importorskip("pyarrow")
    root = tmp_path / "in"
    make_folder(root)
    folder = tmp_path / "out"
    folder.mkdir()
    out = folder / f"chunks{suffix}"
    run_options = RunOptions(output=str(out), jobs=1, append=True, quiet=True)
    split_collection([str(root)], OPTIONS, run_options, stderr=io.StringIO())
    before = {path.name: path.read_bytes() for path in folder.iterdir()}
    (root / "added.md").write_text("# Added\n\nA new file to chunk.\n", encoding="utf-8")
    with read_only(folder, monkeypatch) as reason:
        err = io.StringIO()
        with pytest.raises(Exception) as raised:
            split_collection([str(root)], OPTIONS, run_options, stderr=err)
        assert type(raised.value).__name__ == "OutputError"
        assert str(raised.value).startswith(f"cannot write {out}")
        assert reason in str(raised.value)
        assert {path.name: path.read_bytes() for path in folder.iterdir()} == before
    split_collection([str(root)], OPTIONS, run_options, stderr=io.StringIO())
    fresh = tmp_path / f"fresh{suffix}"
    split_collection([str(root)], OPTIONS, RunOptions(output=str(fresh), jobs=1, quiet=True),
                     stderr=io.StringIO())
    assert_same_rows(out, fresh)
    assert leftovers(folder) == []


@pytest.mark.parametrize("cut", ["line", "mid-line"])
def test_a_truncated_jsonl_output_has_its_missing_files_chunked_again(
        tmp_path: Path, folder: Path, expected: dict[str, Path], cut: str) -> None:
    out = tmp_path / "chunks.jsonl"
    args = [str(folder), "-o", str(out), "-j", "1", "--append"]
    assert run_here(args)[0] == 0
    data = out.read_bytes()
    keep = data[:len(data) // 4]
    keep = keep[:keep.rindex(b"\n") + 1] if cut == "line" else keep
    out.write_bytes(keep)
    status, err, tally = run_here(args)
    assert status == 0, err
    assert "are missing or changed; that file is chunked again" in err
    assert tally is not None and 0 < tally.reused < FILES
    assert_same_rows(out, expected[".jsonl"])


def test_a_truncated_parquet_output_is_an_error_with_the_way_out(
        tmp_path: Path, folder: Path, expected: dict[str, Path]) -> None:
    if ".parquet" not in expected:
        pytest.skip("pyarrow is not installed")
    out = tmp_path / "chunks.parquet"
    args = [str(folder), "-o", str(out), "-j", "1", "--append"]
    assert run_here(args)[0] == 0
    out.write_bytes(out.read_bytes()[: out.stat().st_size // 2])
    damaged = out.read_bytes()
    status, err, _ = run_here(args)
    assert status == 1 and "Traceback" not in err, err
    assert f"{out}: cannot be read as Parquet" in err and "--rebuild" in err, err
    assert out.read_bytes() == damaged  # untouched until the user decides
    status, err, _ = run_here([str(folder), "-o", str(out), "-j", "2", "--rebuild"])
    assert status == 0, err
    assert_same_rows(out, expected[".parquet"])
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize("suffix", [".jsonl", ".parquet"])
def test_a_deleted_manifest_means_every_file_is_chunked_again(
        tmp_path: Path, folder: Path, expected: dict[str, Path], suffix: str) -> None:
    if suffix not in expected:
        pytest.skip("pyarrow is not installed")
    out = tmp_path / f"chunks{suffix}"
    args = [str(folder), "-o", str(out), "-j", "2", "--append"]
    assert run_here(args)[0] == 0
    manifest = tmp_path / f"chunks{suffix}.manifest.json"
    manifest.unlink()
    status, err, tally = run_here(args)
    assert status == 0, err
    assert "no manifest beside" in err
    assert tally is not None and tally.reused == 0 and tally.done == FILES
    assert_same_rows(out, expected[suffix])
    assert manifest.exists()


def test_workers_in_the_middle_of_a_long_file_end_with_their_killed_parent(
        tmp_path: Path, folder: Path) -> None:
    marks = tmp_path / "marks"
    process = start([str(folder), "-o", str(tmp_path / "chunks.jsonl"), "-j", "2"], marks,
                    delay="60")
    wait_for_marks(marks, 2, process)
    process.kill()
    process.wait(30)
    assert_no_orphans(worker_pids(marks), process.pid)  # within 10 s of a 60 s file
    assert not (tmp_path / "chunks.jsonl").exists()
    assert [name for name in leftovers(tmp_path) if name.startswith(".chunks.jsonl.")]
    assert run_here([str(folder), "-o", str(tmp_path / "chunks.jsonl"), "-q"])[0] == 0
    assert leftovers(tmp_path) == []  # the next run removed what the killed one left
