"""Ray Data gives the same chunk rows as a single-process run, chunk for chunk."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from structchunk.batch.collection import RunOptions, split_collection
from structchunk.batch.rows import COLUMNS
from structchunk.errors import StructchunkError

ray = pytest.importorskip("ray")
sc_ray = pytest.importorskip("structchunk.integrations.ray")

OPTIONS = {"strategy": "hybrid", "max_size": 500, "overlap": 0, "format": None,
           "language": None}


@pytest.fixture(scope="module")
def local_ray():  # type: ignore[no-untyped-def]
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
             configure_logging=False, ignore_reinit_error=True)
    yield
    ray.shutdown()


def _key(row: dict) -> tuple:
    return (row["root"], row["path"], row["index"])


def test_ray_and_single_process_rows_match_on_the_corpus(
        local_ray: None, corpus: Path, tmp_path: Path) -> None:
    roots = [str(corpus / "docs"), str(corpus / "code"), str(corpus / "legal")]
    out = tmp_path / "single.jsonl"
    split_collection(roots, OPTIONS, RunOptions(output=str(out), jobs=1, quiet=True),
                     stderr=io.StringIO())
    single = sorted((json.loads(line) for line in out.read_text(encoding="utf-8")
                     .splitlines()), key=_key)
    options = {key: value for key, value in OPTIONS.items() if value is not None}
    distributed = sorted(sc_ray.read_chunks(roots, **options).take_all(), key=_key)
    for row in distributed:
        row["metadata"] = json.loads(row["metadata"])
        row["heading_path"] = list(row["heading_path"])
        row["kinds"] = list(row["kinds"])
    assert len(distributed) == len(single) > 1000
    assert all(set(row) == set(COLUMNS) for row in distributed)
    assert distributed == single


def test_flat_map_over_bytes_rows_keeps_metadata_columns(local_ray: None) -> None:
    rows = [{"path": "notes/a.md", "bytes": b"# A\n\nAlpha text.\n", "team": "docs"},
            {"path": "src/b.py", "bytes": b"def b():\n    return 2\n", "team": "core"}]
    dataset = ray.data.from_items(rows).flat_map(sc_ray.ChunkRows(max_size=200))
    out = sorted(dataset.take_all(), key=lambda row: row["path"])
    assert [row["path"] for row in out] == ["notes/a.md", "src/b.py"]
    assert [json.loads(row["metadata"])["team"] for row in out] == ["docs", "core"]
    assert json.loads(out[1]["metadata"])["code_language"] == "python"


def test_bad_rows_fail_with_the_file_named_or_are_skipped_when_asked() -> None:
    bad = {"path": "x.md", "bytes": b"\x00\x01\x02"}
    with pytest.raises(StructchunkError, match="x.md"):
        sc_ray.ChunkRows()(bad)
    assert sc_ray.ChunkRows(on_error="skip")(bad) == []
