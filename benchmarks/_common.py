"""Shared by the benchmark scripts: where the corpus lives, and how a run is timed."""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def corpus_root() -> Path:
    configured = os.environ.get("STRUCTCHUNK_CORPUS")
    root = Path(configured) if configured else REPO.parent / "shared" / "corpus"
    if not (root / "spans.jsonl").is_file():
        sys.exit(f"corpus not found at {root}; set STRUCTCHUNK_CORPUS")
    return root


def load_spans(root: Path) -> list[dict]:
    with (root / "spans.jsonl").open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def best_time(function: Callable[[], object], repeat: int,
              clock: Callable[[], float] = time.perf_counter) -> float:
    """Seconds of the fastest of `repeat` runs: the least disturbed measurement. Pass
    `clock=time.process_time` for CPU time, which other processes on the machine disturb less."""
    times = []
    for _ in range(repeat):
        started = clock()
        function()
        times.append(clock() - started)
    return min(times)
