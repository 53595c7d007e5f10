"""`structchunk split` over folders: order, parallel jobs, failures, outputs, append."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest

from structchunk import decode
from structchunk.batch.collection import RunOptions, split_collection
from structchunk.batch.rows import COLUMNS
from structchunk.chunk.chunk import Chunk
from structchunk.cli.main import main
from tests.batch.sample_folder import sample_folder
from tests.batch.tasks import hang_or_crash

OPTIONS = {"strategy": "hybrid", "max_size": 400, "overlap": 0, "format": None,
           "language": None}


def _rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_jobs_one_and_two_give_byte_identical_output_on_the_corpus(
        corpus: Path, tmp_path: Path) -> None:
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    assert main(["split", str(corpus / "docs"), str(corpus / "code"), "-o", str(one),
                 "-j", "1", "-q", "--max-size", "500"]) == 0
    assert main(["split", str(corpus / "docs"), str(corpus / "code"), "-o", str(two),
                 "-j", "2", "-q", "--max-size", "500"]) == 0
    assert one.read_bytes() == two.read_bytes()
    rows = _rows(one)
    files = sorted(p for folder in ("docs", "code") for p in (corpus / folder).rglob("*")
                   if p.is_file())
    assert {(row["root"], row["path"]) for row in rows} == {
        (str(corpus / p.relative_to(corpus).parts[0]),
         p.relative_to(corpus / p.relative_to(corpus).parts[0]).as_posix()) for p in files}
    source = (corpus / "docs" / rows[0]["path"]).read_text(encoding="utf-8")
    assert source[rows[0]["start"]:rows[0]["end"]] == rows[0]["content"]


def test_a_run_goes_on_past_bad_files_and_reports_each(tmp_path: Path) -> None:
    root = sample_folder(tmp_path / "in")
    (root / "broken.pdf").write_bytes(b"%PDF-1.7\n1 0 obj << /Type /Catalog >>\ngarbage")
    (root / "blob.dat").write_bytes(b"\x00\x01\x02\x03" * 100)
    os.symlink(root / "loop_b", root / "loop_a")
    os.symlink(root / "loop_a", root / "loop_b")
    bad = tmp_path / "bad.md"  # named on its own, so it is read (and fails), not skipped
    bad.write_bytes(b"# Title\n\x00\x01 binary in a text file\n")
    out, err = tmp_path / "out.jsonl", io.StringIO()
    tally = split_collection([str(root), str(bad)], OPTIONS,
                             RunOptions(output=str(out), jobs=2), stderr=err)
    rows = _rows(out)
    assert sorted({row["path"] for row in rows}) == ["guide/intro.md", "notes.txt", "tool.py"]
    report = err.getvalue()
    assert "failed: " + str(root / "broken.pdf") in report
    assert "failed: " + str(bad) + ": is not a text file" in report
    assert "skipped: " + str(root / "blob.dat") + ": binary file" in report
    assert "loop_a: symbolic link loop" in report and "loop_b: symbolic link loop" in report
    assert sorted(Path(path).name for path, _ in tally.failed) == ["bad.md", "broken.pdf"]
    assert "3 file(s) done, 3 skipped, 2 failed" in report


def test_an_unreadable_file_fails_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = sample_folder(tmp_path / "in")
    locked = root / "locked.md"
    locked.write_text("# Locked\n", encoding="utf-8")
    real_open = decode.open_readonly

    def refuse(name: str) -> int:
        if Path(name).name == "locked.md":
            raise PermissionError(13, "Permission denied", name)
        return real_open(name)

    monkeypatch.setattr(decode, "open_readonly", refuse)
    out = tmp_path / "out.jsonl"
    tally = split_collection([str(root)], OPTIONS, RunOptions(output=str(out), jobs=1),
                             stderr=io.StringIO())
    assert [(Path(path).name, "Permission denied" in why) for path, why in tally.failed] == [
        ("locked.md", True)]
    assert {row["path"] for row in _rows(out)} == {"guide/intro.md", "notes.txt", "tool.py"}


def test_a_hanging_file_times_out_and_a_crashing_worker_is_replaced(tmp_path: Path) -> None:
    root = sample_folder(tmp_path / "in")
    (root / "hang.md").write_text("# Hang\n", encoding="utf-8")
    (root / "crash.md").write_text("# Crash\n", encoding="utf-8")
    out = tmp_path / "out.jsonl"
    tally = split_collection([str(root)], OPTIONS,
                             RunOptions(output=str(out), jobs=2, timeout=5, quiet=True),
                             stderr=io.StringIO(), task=hang_or_crash)
    reasons = {Path(path).name: why for path, why in tally.failed}
    assert set(reasons) == {"hang.md", "crash.md"}
    assert "longer than 5 s" in reasons["hang.md"]
    assert "worker process ended" in reasons["crash.md"]
    assert {row["path"] for row in _rows(out)} == {"guide/intro.md", "notes.txt", "tool.py"}


def test_rows_carry_every_chunk_field_and_the_path_from_the_root(tmp_path: Path) -> None:
    root = sample_folder(tmp_path / "in")
    out = tmp_path / "out.jsonl"
    split_collection([str(root)], OPTIONS, RunOptions(output=str(out), jobs=1, quiet=True),
                     stderr=io.StringIO())
    rows = _rows(out)
    assert rows and all(set(row) == set(COLUMNS) for row in rows)
    chunk_fields = set(Chunk.__dataclass_fields__) | {"schema"}
    assert chunk_fields <= set(COLUMNS), "a new Chunk field needs a row column"
    for row in rows:
        text = (root / row["path"]).read_text(encoding="utf-8")
        assert text[row["start"]:row["end"]] == row["content"]


def test_parquet_output_has_the_stable_schema_and_the_same_rows(tmp_path: Path) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    root = sample_folder(tmp_path / "in")
    jsonl, parquet = tmp_path / "out.jsonl", tmp_path / "out.parquet"
    split_collection([str(root)], OPTIONS, RunOptions(output=str(jsonl), jobs=1, quiet=True),
                     stderr=io.StringIO())
    split_collection([str(root)], OPTIONS,
                     RunOptions(output=str(parquet), jobs=1, quiet=True),
                     stderr=io.StringIO())
    table = pq.read_table(parquet)
    assert table.schema.names == list(COLUMNS)
    rows = table.to_pylist()
    for row in rows:
        row["metadata"] = json.loads(row["metadata"])
    assert rows == _rows(jsonl)


def test_parquet_is_written_in_row_groups(tmp_path: Path) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    from structchunk.batch.writers import ParquetWriter

    writer = ParquetWriter(tmp_path / "x.parquet", row_group_rows=3)
    row = {name: ([] if kind == "list" else {} if kind == "json" else
                  0 if kind == "int" else "x") for name, kind in COLUMNS.items()}
    for _ in range(7):
        writer.write([row])
    writer.close()
    assert pq.ParquetFile(tmp_path / "x.parquet").metadata.num_row_groups == 3


def test_append_skips_unchanged_files_and_replaces_changed_ones(tmp_path: Path) -> None:
    root = sample_folder(tmp_path / "in")
    out = tmp_path / "out.jsonl"
    run = RunOptions(output=str(out), jobs=1, append=True, quiet=True)
    split_collection([str(root)], OPTIONS, run, stderr=io.StringIO())
    first = out.read_bytes()
    calls: list[str] = []

    def counting(job):  # type: ignore[no-untyped-def]
        from structchunk.batch.worker import chunk_job

        calls.append(job.item.relative)
        return chunk_job(job)

    tally = split_collection([str(root)], OPTIONS, run, stderr=io.StringIO(), task=counting)
    assert calls == [] and tally.reused == 3 and out.read_bytes() == first
    (root / "notes.txt").write_text("Changed notes entirely.\n", encoding="utf-8")
    split_collection([str(root)], OPTIONS, run, stderr=io.StringIO(), task=counting)
    assert calls == ["notes.txt"]
    notes = [row["content"] for row in _rows(out) if row["path"] == "notes.txt"]
    assert notes == ["Changed notes entirely."]
    fresh = tmp_path / "fresh.jsonl"
    split_collection([str(root)], OPTIONS, RunOptions(output=str(fresh), jobs=1, quiet=True),
                     stderr=io.StringIO())
    assert out.read_bytes() == fresh.read_bytes()
    (root / "tool.py").unlink()
    split_collection([str(root)], dict(OPTIONS, max_size=300), run, stderr=io.StringIO(),
                     task=counting)
    assert calls[1:] == ["guide/intro.md", "notes.txt"]  # other options: all chunked again
    assert "tool.py" not in {row["path"] for row in _rows(out)}


def test_stdin_is_one_document_of_the_given_format(tmp_path: Path) -> None:
    out = io.StringIO()
    run = RunOptions(output="-", jobs=1, quiet=True,
                     stdin=io.BytesIO(b"def f():\n    return 1\n"))
    split_collection(["-"], dict(OPTIONS, format="code"), run, stdout=out,
                     stderr=io.StringIO())
    rows = [json.loads(line) for line in out.getvalue().splitlines()]
    assert rows and rows[0]["path"] == "-" and "code" in rows[0]["kinds"]


def test_progress_is_plain_lines_off_a_terminal_and_nothing_when_quiet(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import structchunk.batch.progress as progress

    monkeypatch.setattr(progress, "PLAIN_INTERVAL_SECONDS", 0.0)
    root = sample_folder(tmp_path / "in")
    err = io.StringIO()
    split_collection([str(root)], OPTIONS, RunOptions(output=str(tmp_path / "a.jsonl"),
                                                      jobs=1), stderr=err)
    lines = err.getvalue().splitlines()
    assert any(line.startswith("structchunk: 3/3 files") for line in lines)
    assert "\x1b" not in err.getvalue()
    quiet = io.StringIO()
    split_collection([str(root)], OPTIONS, RunOptions(output=str(tmp_path / "b.jsonl"),
                                                      jobs=1, quiet=True), stderr=quiet)
    assert quiet.getvalue() == ""


def test_a_terminal_gets_a_progress_bar(tmp_path: Path) -> None:
    from structchunk.batch.progress import RichBar, make_display

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    display = make_display(Terminal(), quiet=False)
    display.close()
    assert isinstance(display, RichBar)
    root = sample_folder(tmp_path / "in")
    screen = Terminal()
    tally = split_collection([str(root)], OPTIONS,
                             RunOptions(output=str(tmp_path / "a.jsonl"), jobs=1),
                             stderr=screen)
    assert tally.done == 3 and "3 file(s) done" in screen.getvalue()
