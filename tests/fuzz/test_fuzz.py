"""The atheris fuzz target, run for a bounded time (`STRUCTCHUNK_FUZZ_SECONDS`, default 20)
from the seed corpus kept in tests/fuzz/seeds. Skipped where atheris is not installed (it
ships wheels for CPython up to 3.11 on Linux: the `fuzz` extra)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("atheris")

HERE = Path(__file__).resolve().parent
SECONDS = int(os.environ.get("STRUCTCHUNK_FUZZ_SECONDS", "20"))


def test_fuzz_target_finds_no_crash_in_bounded_time(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    shutil.copytree(HERE / "seeds", corpus)
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(HERE.parents[1]), os.environ.get("PYTHONPATH", "")])}
    result = subprocess.run(
        [sys.executable, str(HERE / "fuzz_structchunk.py"), f"-max_total_time={SECONDS}",
         "-timeout=20", "-rss_limit_mb=3072", f"-artifact_prefix={tmp_path}/",
         str(corpus)],
        capture_output=True, text=True, timeout=SECONDS + 120, env=environment)
    output = (result.stdout + result.stderr)[-4000:]
    assert result.returncode == 0, output
    assert "Done" in output or "DONE" in output, output
