"""What the fault tests share: a small real folder, runs of the real command line in a child
process, strikes at known points, and the checks every scenario ends with."""

from __future__ import annotations

import contextlib
import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from structchunk.batch.progress import Tally
from structchunk.cli.main import main
from tests.conftest import corpus_root

REPO = Path(__file__).resolve().parents[2]
# The shared corpus where every other test finds it (STRUCTCHUNK_CORPUS, else beside the
# checkout), so a clone elsewhere runs these tests too instead of skipping them.
_CORPUS = corpus_root() or REPO.parent / "shared" / "corpus"
CORPUS_FOLDER = _CORPUS / "docs" / "en" / "security-101"
FILES = 8
DELAY = "0.12"  # seconds each file takes in a struck run: room to strike between files


def make_folder(root: Path, count: int = FILES) -> list[Path]:
    """`count` real lessons of the shared corpus (or fewer), copied under `root`."""
    root.mkdir(parents=True, exist_ok=True)
    sources = sorted(CORPUS_FOLDER.glob("*.md"))[:count]
    copies = []
    for source in sources:
        copy = root / source.name
        copy.write_bytes(source.read_bytes())
        copies.append(copy)
    return copies


def reference(root: Path, out: Path) -> Path:
    """An uninterrupted run, in this process, one job: what every rerun must give."""
    assert main(["split", str(root), "-o", str(out), "-j", "1", "-q"]) == 0
    return out


def start(args: list[str], marks: Path, *, delay: str = DELAY,
          quiet: bool = True) -> subprocess.Popen[str]:
    """The real command line in a child process, each file slowed by `delay` seconds and
    marked in `marks` by the process that chunks it."""
    marks.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, PYTHONPATH=f"{REPO}{os.pathsep}{os.environ.get('PYTHONPATH', '')}",
               FAULT_MARKS=str(marks), FAULT_DELAY=delay)
    return subprocess.Popen([sys.executable, "-m", "tests.batch.fault_run", "split", *args,
                             *(["-q"] if quiet else [])], cwd=REPO, env=env,
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def run(args: list[str], marks: Path, *, delay: str = "0") -> tuple[int, str]:
    process = start(args, marks, delay=delay)
    _, err = process.communicate(timeout=120)
    return process.returncode, err


def wait_for_marks(marks: Path, count: int, process: subprocess.Popen[str]) -> None:
    """Until `count` files were started (or the run ended, or 30 s passed)."""
    deadline = time.monotonic() + 30
    while len(list(marks.iterdir())) < count and process.poll() is None:
        assert time.monotonic() < deadline, "the run did not get that far"
        time.sleep(0.01)


def strike(process: subprocess.Popen[str], marks: Path, signum: int, point: str,
           total: int) -> tuple[int, str]:
    """Send `signum` to the run at `point`: 'start' (imports done, no file started),
    'first' (one file started), 'late' (the last of `total` files started); the run's exit
    status and stderr."""
    if point == "start":
        ready = Path(f"{marks}.ready")
        deadline = time.monotonic() + 30
        while not ready.exists() and process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.005)
    else:
        wait_for_marks(marks, 1 if point == "first" else total, process)
    if process.poll() is None:
        process.send_signal(signum)
    _, err = process.communicate(timeout=60)
    return process.returncode, err


def worker_pids(marks: Path) -> set[int]:
    return {int(mark.read_text()) for mark in marks.iterdir() if mark.read_text()}


def assert_no_orphans(pids: set[int], parent: int) -> None:
    """Every worker of a run is gone a few seconds after its parent is."""
    deadline = time.monotonic() + 10
    alive = {pid for pid in pids if pid != parent}
    while alive and time.monotonic() < deadline:
        alive = {pid for pid in alive if _alive(pid)}
        time.sleep(0.05)
    assert not alive, f"workers left running: {sorted(alive)}"


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    status = Path(f"/proc/{pid}/status")
    return not (status.exists() and "State:\tZ" in status.read_text())


def leftovers(folder: Path) -> list[str]:
    """Temporary and progress files of structchunk in `folder`."""
    return sorted(path.name for path in folder.iterdir()
                  if path.name.endswith((".structchunk-tmp", ".progress")))


def rows_of(path: Path) -> list[str]:
    """The rows as sorted JSON lines: equal for equal row sets, JSON lines or Parquet."""
    if path.suffix == ".parquet":
        import pyarrow.parquet as pq

        rows = pq.read_table(path).to_pylist()
        for row in rows:
            row["metadata"] = json.loads(row["metadata"])
    else:
        rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    return sorted(json.dumps(row, sort_keys=True, ensure_ascii=False) for row in rows)


def assert_same_rows(out: Path, expected: Path) -> None:
    """Byte-identical for JSON lines; equal row sets for Parquet."""
    if out.suffix == ".parquet":
        assert rows_of(out) == rows_of(expected)
    else:
        assert out.read_bytes() == expected.read_bytes()


def signal_status(signum: int) -> set[int]:
    """Exit statuses a run may end with after `signum`: handled (128 + n), or killed by it
    before the handler was installed (while Python was still importing)."""
    if signum == signal.SIGKILL:
        return {-signal.SIGKILL}
    return {128 + signum, -signum}


def run_here(args: list[str]) -> tuple[int, str, Tally | None]:
    """The command line in this process (no interpreter to start; a second run reuses the
    fork server): its exit status, stderr, and the run's tally."""
    from structchunk.cli import collection as cli_collection

    tallies: list[Tally] = []
    real = cli_collection.split_collection

    def recording(*given: Any, **options: Any) -> Tally:
        tally = real(*given, **options)
        tallies.append(tally)
        return tally

    err = io.StringIO()
    cli_collection.split_collection = recording
    try:
        with contextlib.redirect_stderr(err):
            status = main(["split", *args])
    finally:
        cli_collection.split_collection = real
    return status, err.getvalue(), tallies[-1] if tallies else None
