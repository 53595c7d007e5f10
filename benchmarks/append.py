"""What crash safety and a verified `--append` cost, against a plain run in the same process
run: `structchunk split docs code` plain, as a first `--append` run (rows also written to the
progress file in fsynced batches, a manifest with per-file checksums), as a rerun with every
file unchanged (each file hashed, every kept row checked against the manifest) and as a
rerun after the output lost its second half (the files whose rows are gone chunked again).

    python benchmarks/append.py [--repeat 2] [--jobs 2]

Each run is a fresh process, start-up included, as a user sees it.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _common import REPO, corpus_root

FOLDERS = ("docs", "code")


def _seconds(args: list[str]) -> float:
    env = dict(os.environ, PYTHONPATH=str(REPO))
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "structchunk.cli.main", "split", *args, "-q"],
                   check=True, env=env)
    return time.perf_counter() - started


def _round(root: Path, jobs: int, scratch: Path) -> dict[str, float]:
    inputs = [str(root / folder) for folder in FOLDERS]
    common = ["-j", str(jobs)]
    out = scratch / "out.jsonl"
    for leftover in scratch.iterdir():
        leftover.unlink() if leftover.is_file() else shutil.rmtree(leftover)
    times = {"plain run": _seconds([*inputs, "-o", str(scratch / "plain.jsonl"), *common]),
             "--append, first run": _seconds([*inputs, "-o", str(out), "--append", *common]),
             "--append, nothing changed": _seconds([*inputs, "-o", str(out), "--append",
                                                    *common])}
    data = out.read_bytes()
    half = data[:len(data) // 2]
    out.write_bytes(half[:half.rindex(b"\n") + 1])
    times["--append, half the rows lost"] = _seconds([*inputs, "-o", str(out), "--append",
                                                      *common])
    assert out.read_bytes() == data == (scratch / "plain.jsonl").read_bytes()
    return times


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    root = corpus_root()
    size = sum(path.stat().st_size for folder in FOLDERS
               for path in (root / folder).rglob("*") if path.is_file()) / 1e6
    best: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as scratch:
        for _ in range(args.repeat):
            for name, seconds in _round(root, args.jobs, Path(scratch)).items():
                best[name] = min(best.get(name, float("inf")), seconds)
    print(f"{size:.2f} MB ({', '.join(FOLDERS)}), -j {args.jobs}, best of {args.repeat}\n")
    print("| run | seconds | relative to the plain run |\n|---|---|---|")
    for name, seconds in best.items():
        print(f"| {name} | {seconds:.2f} | {seconds / best['plain run']:.2f} |")


if __name__ == "__main__":
    main()
