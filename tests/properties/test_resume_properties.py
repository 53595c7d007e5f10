"""Properties of what a rerun trusts: whatever byte a progress file or an output is cut at,
nothing is read that was not written whole, and the rerun gives the uninterrupted rows."""

from __future__ import annotations

import io
import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from structchunk.batch.collection import RunOptions, split_collection
from structchunk.batch.progress_log import Finished, ProgressLog, read_progress

OPTIONS = {"strategy": "hybrid", "max_size": 200, "overlap": 0, "format": None,
           "language": None}


def _row(number: int) -> dict[str, object]:
    return {"root": "r", "path": f"f{number}.md", "chunk_id": f"{number:024x}",
            "text": "é" * number, "metadata": {"n": number}}


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(files=st.integers(1, 6), cut=st.floats(0, 1))
def test_a_progress_file_cut_anywhere_gives_back_a_prefix_of_the_finished_files(
        tmp_path: Path, files: int, cut: float) -> None:
    path = tmp_path / "out.jsonl.progress"
    log = ProgressLog(path, "1", OPTIONS, 0)
    finished = [Finished(f"/id/{n}", "r", f"f{n}.md", "0" * 64, [_row(n), _row(n + 10)])
                for n in range(files)]
    for done in finished:
        log.add(done)
    log.close(keep=True)
    data = path.read_bytes()
    path.write_bytes(data[:int(len(data) * cut)])
    kept, valid = read_progress(path, "1", OPTIONS)
    assert list(kept.values()) == finished[:len(kept)]
    assert valid <= len(data) * cut
    assert read_progress(path, "2", OPTIONS)[0] == {}  # another version reuses nothing


def _folder(root: Path) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    for number in range(4):
        (root / f"doc{number}.md").write_text(
            f"# Part {number}\n\n" + "A sentence of the part. " * (8 + 5 * number) + "\n",
            encoding="utf-8")
    return root


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cut=st.floats(0, 1))
def test_an_output_cut_anywhere_is_completed_by_the_next_append_run(
        tmp_path: Path, cut: float) -> None:
    root = _folder(tmp_path / "in")
    out = tmp_path / "out.jsonl"
    run = RunOptions(output=str(out), jobs=1, append=True, quiet=True)
    reference = tmp_path / "whole.jsonl"  # the examples share tmp_path: made once
    if not reference.exists():
        split_collection([str(root)], OPTIONS, run, stderr=io.StringIO())
        reference.write_bytes(out.read_bytes())
    whole = reference.read_bytes()
    out.write_bytes(whole[:int(len(whole) * cut)])
    tally = split_collection([str(root)], OPTIONS, run, stderr=io.StringIO())
    assert out.read_bytes() == whole
    complete_lines = whole[:int(len(whole) * cut)].count(b"\n")
    kept_paths = {json.loads(line)["path"] for line in whole.splitlines()[:complete_lines]}
    assert tally.reused <= len(kept_paths)
