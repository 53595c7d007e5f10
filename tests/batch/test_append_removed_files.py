"""`--append` after files were deleted from the folder: their rows leave the output, so it
equals a fresh run of the folder as it is now."""

from __future__ import annotations

import io
import json
from pathlib import Path

from structchunk.batch.collection import RunOptions, split_collection

OPTIONS = {"strategy": "hybrid", "max_size": 300, "overlap": 0, "format": None,
           "language": None}


def _split(inputs: list[Path], out: Path, **options: object) -> object:
    run = RunOptions(output=str(out), jobs=1, quiet=True, **options)  # type: ignore[arg-type]
    return split_collection([str(path) for path in inputs], OPTIONS, run, stderr=io.StringIO())


def _sources(out: Path) -> set[str]:
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    return {row["path"] for row in rows}


def _folder(root: Path) -> Path:
    (root / "kept").mkdir(parents=True)
    (root / "kept" / "stays.md").write_text("# Stays\n\nThese words stay in the output.\n",
                                            encoding="utf-8")
    (root / "gone.md").write_text("# Gone\n\nThese words leave with their file.\n",
                                  encoding="utf-8")
    (root / "also gone.txt").write_text("Plain words of a second file that goes.\n",
                                        encoding="utf-8")
    return root


def test_rows_of_a_deleted_file_leave_the_output_on_append(tmp_path: Path) -> None:
    root = _folder(tmp_path / "in")
    out = tmp_path / "out.jsonl"
    _split([root], out, append=True)
    assert len(_sources(out)) == 3
    (root / "gone.md").unlink()
    (root / "also gone.txt").unlink()
    tally = _split([root], out, append=True)
    fresh = tmp_path / "fresh.jsonl"
    _split([root], fresh)
    assert out.read_bytes() == fresh.read_bytes()
    assert "leave with their file" not in out.read_text(encoding="utf-8")
    assert tally.reused == 1  # type: ignore[attr-defined]


def test_rows_of_a_file_deleted_from_a_subfolder_given_alone_leave_too(tmp_path: Path) -> None:
    root = _folder(tmp_path / "in")
    (root / "kept" / "brief.md").write_text("# Brief\n\nA short note.\n", encoding="utf-8")
    out = tmp_path / "out.jsonl"
    _split([root / "kept"], out, append=True)
    (root / "kept" / "brief.md").unlink()
    _split([root / "kept"], out, append=True)
    assert "A short note." not in out.read_text(encoding="utf-8")
    assert "These words stay" in out.read_text(encoding="utf-8")
