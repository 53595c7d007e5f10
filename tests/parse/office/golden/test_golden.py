"""Golden chunk files for office documents of the shared corpus: any change in where their
chunks fall, what they hold or where they say they come from shows up here. After an
intended change, rewrite them with `python -m tests.parse.office.golden.update` and review
the diff like code."""

from __future__ import annotations

import json

import pytest

from tests.conftest import corpus_root
from tests.parse.office.golden.update import DOCUMENTS, golden_path, golden_records

pytestmark = pytest.mark.skipif(corpus_root() is None, reason="shared corpus not found")


@pytest.mark.parametrize("name", DOCUMENTS)
def test_chunks_match_the_golden_file(name: str) -> None:
    pytest.importorskip({"docx": "docx", "pptx": "pptx", "xlsx": "openpyxl",
                         "odt": "lxml"}[name.split("/")[0]])
    expected = [json.loads(line) for line in
                golden_path(name).read_text(encoding="utf-8").splitlines() if line]
    assert golden_records(name) == expected
