"""Shared fixtures: where the shared corpus and the seed samples live."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import settings

# CI runs the property tests on a fixed sequence of examples, so a run is reproducible and
# never fails by chance; locally they explore new examples on every run.
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")

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
