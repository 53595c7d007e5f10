"""Golden chunk files for corpus_samples: any change in where chunks fall shows up here.

After an intended change, rewrite them with `python -m tests.golden.update` and review the
diff like code.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.golden.update import golden_path, golden_records, sample_files


@pytest.mark.parametrize("path", sample_files(), ids=lambda path: path.name)
def test_chunks_match_the_golden_file(path: Path) -> None:
    expected = [json.loads(line) for line in
                golden_path(path).read_text(encoding="utf-8").splitlines() if line]
    assert golden_records(path) == expected


def test_every_sample_has_a_golden_file() -> None:
    assert all(golden_path(path).is_file() for path in sample_files())
