"""Shared fixtures: where the shared corpus and the seed samples live."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SAMPLES = REPO / "corpus_samples"


def corpus_root() -> Path | None:
    configured = os.environ.get("STRUCTCHUNK_CORPUS")
    candidates = [Path(configured)] if configured else []
    candidates.append(REPO.parent / "shared" / "corpus")
    for candidate in candidates:
        if (candidate / "spans.jsonl").is_file():
            return candidate
    return None


@pytest.fixture(scope="session")
def corpus() -> Path:
    root = corpus_root()
    if root is None:
        pytest.skip("shared corpus not found (set STRUCTCHUNK_CORPUS)")
    return root


def load_spans(path: Path) -> list[dict]:
    with path.open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]
