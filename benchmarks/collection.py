"""`structchunk split DIR` over the shared corpus at 1, 2 and all cores, and Ray Data on two
local workers, in one run: MB/s of input and the speed-up over one job.

    python benchmarks/collection.py [--repeat 3]

Each CLI run is a fresh process (start-up and worker start included, as a user sees it);
the Ray figure excludes starting the local Ray instance, which a cluster has running.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _common import REPO, corpus_root

FOLDERS = ("docs", "legal", "code", "prose")
BALANCED = ("docs", "code")  # many files of similar size: what parallel jobs can spread


def _megabytes(root: Path, folders: tuple[str, ...]) -> float:
    return sum(path.stat().st_size for folder in folders
               for path in (root / folder).rglob("*") if path.is_file()) / 1e6


def _cli_seconds(root: Path, folders: tuple[str, ...], jobs: int, repeat: int) -> float:
    best = float("inf")
    env = dict(os.environ, PYTHONPATH=str(REPO))
    with tempfile.TemporaryDirectory() as scratch:
        for _ in range(repeat):
            started = time.perf_counter()
            subprocess.run([sys.executable, "-m", "structchunk.cli.main", "split",
                            *(str(root / folder) for folder in folders),
                            "-o", str(Path(scratch) / "out.jsonl"), "-j", str(jobs), "-q"],
                           check=True, env=env)
            best = min(best, time.perf_counter() - started)
    return best


def _ray_seconds(root: Path, folders: tuple[str, ...], repeat: int) -> float | None:
    try:
        import ray

        from structchunk.integrations.ray import read_chunks
    except ImportError:
        return None
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        best = float("inf")
        for _ in range(repeat):
            started = time.perf_counter()
            read_chunks([str(root / folder) for folder in folders]).materialize()
            best = min(best, time.perf_counter() - started)
        return best
    finally:
        ray.shutdown()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    sys.path.insert(0, str(REPO))
    root = corpus_root()
    cores = os.cpu_count() or 1
    print(f"{cores} cores, best of {args.repeat}")
    for folders in (FOLDERS, BALANCED):
        size = _megabytes(root, folders)
        rows = []
        base = 0.0
        for jobs in sorted({1, 2, cores}):
            seconds = _cli_seconds(root, folders, jobs, args.repeat)
            base = base or seconds
            rows.append((f"`structchunk split` -j {jobs}", seconds, base / seconds))
        ray_seconds = _ray_seconds(root, folders, args.repeat)
        if ray_seconds is not None:
            rows.append(("Ray Data, 2 local workers", ray_seconds, base / ray_seconds))
        print(f"\n{size:.2f} MB of input ({', '.join(folders)})\n")
        print("| run | seconds | MB/s | speed-up over -j 1 |\n|---|---|---|---|")
        for name, seconds, speedup in rows:
            print(f"| {name} | {seconds:.2f} | {size / seconds:.2f} | {speedup:.2f} |")


if __name__ == "__main__":
    main()
