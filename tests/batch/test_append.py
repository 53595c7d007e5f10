"""`--append` and the files a run keeps beside its output: what a rerun may trust, what it
must chunk again, and what it must never read as input."""

from __future__ import annotations

import errno
import io
import json
import os
import stat
from pathlib import Path

import pytest

from structchunk.batch import writers
from structchunk.batch.collection import RunOptions, split_collection
from structchunk.batch.own_files import remove_leftovers, temporary_path
from structchunk.errors import DamagedOutputError, OutputError

OPTIONS = {"strategy": "hybrid", "max_size": 300, "overlap": 0, "format": None,
           "language": None}


def _folder(root: Path) -> Path:
    (root / "guide").mkdir(parents=True)
    (root / "guide" / "intro.md").write_text(
        "# Intro\n\nFirst sentence here. Second one there.\n\n## Setup\n\nRun it.\n",
        encoding="utf-8")
    (root / "guide" / "more.md").write_text("# More\n\nMore words about it.\n",
                                            encoding="utf-8")
    (root / "notes.txt").write_text("Plain notes.\n\nAnother paragraph.\n", encoding="utf-8")
    return root


def _split(inputs: list[Path], out: Path, **options: object) -> tuple[object, str]:
    err = io.StringIO()
    run = RunOptions(output=str(out), jobs=1, **options)  # type: ignore[arg-type]
    tally = split_collection([str(path) for path in inputs], OPTIONS, run, stderr=err)
    return tally, err.getvalue()


def _fresh(root: Path, tmp_path: Path) -> bytes:
    out = tmp_path / "fresh.jsonl"
    _split([root], out, quiet=True)
    return out.read_bytes()


def test_rows_lost_to_a_plain_run_into_the_same_output_are_chunked_again(
        tmp_path: Path) -> None:
    root = _folder(tmp_path / "in")
    out = tmp_path / "out.jsonl"
    _split([root], out, append=True)
    _split([root / "guide"], out)  # a plain run replaces the output with fewer rows
    tally, _ = _split([root], out, append=True)
    assert out.read_bytes() == _fresh(root, tmp_path)
    assert tally.reused == 0  # type: ignore[attr-defined]


def test_a_plain_run_on_a_subfolder_then_append_on_the_whole_folder(tmp_path: Path) -> None:
    root = _folder(tmp_path / "in")
    out = tmp_path / "out.jsonl"
    _split([root], out, append=True)
    _split([root / "guide"], out)
    for _ in range(2):  # no KeyError, on the first rerun or any other
        _split([root], out, append=True)
        assert out.read_bytes() == _fresh(root, tmp_path)


def test_rows_changed_in_the_output_fail_their_checksum_and_are_chunked_again(
        tmp_path: Path) -> None:
    root = _folder(tmp_path / "in")
    out = tmp_path / "out.jsonl"
    _split([root], out, append=True)
    good = out.read_bytes()
    lines = good.decode("utf-8").splitlines(keepends=True)
    row = json.loads(lines[0])
    row["text"] = "tampered"
    lines[0] = json.dumps(row, ensure_ascii=False, sort_keys=True) + "\n"
    out.write_text("".join(lines), encoding="utf-8")
    tally, err = _split([root], out, append=True)
    assert out.read_bytes() == good
    assert tally.reused == 2  # type: ignore[attr-defined]
    assert "are missing or changed" in err


def test_overlapping_roots_never_duplicate_a_chunk_id(tmp_path: Path) -> None:
    root = _folder(tmp_path / "in")
    out = tmp_path / "out.jsonl"
    _split([root / "guide" / "intro.md"], out, append=True)
    _split([root / "guide"], out, append=True)
    _split([root], out, append=True)
    ids = [json.loads(line)["chunk_id"] for line in out.read_text().splitlines()]
    assert len(ids) == len(set(ids))
    assert out.read_bytes() == _fresh(root, tmp_path)


def test_files_of_other_roots_are_kept_and_their_lost_rows_chunked_again(
        tmp_path: Path) -> None:
    first, second = _folder(tmp_path / "a"), _folder(tmp_path / "b")
    out = tmp_path / "out.jsonl"
    _split([first], out, append=True)
    _split([second], out, append=True)
    both = tmp_path / "both.jsonl"
    _split([second, first], both, quiet=True)
    assert sorted(out.read_text().splitlines()) == sorted(both.read_text().splitlines())
    lines = out.read_text().splitlines(keepends=True)
    out.write_text("".join(line for line in lines if f'"root": "{first}"' not in line))
    tally, _ = _split([second], out, append=True)  # the rows of `first` went missing
    assert sorted(out.read_text().splitlines()) == sorted(both.read_text().splitlines())
    assert tally.reused == 3  # type: ignore[attr-defined]


def test_the_output_inside_the_input_folder_is_never_chunked(tmp_path: Path) -> None:
    root = _folder(tmp_path / "in")
    out = root / "chunks.jsonl"
    counts = []
    for _ in range(3):
        tally, err = _split([root], out, append=True)
        counts.append(len(out.read_text().splitlines()))
        assert tally.done == 3  # type: ignore[attr-defined]
    assert counts[0] == counts[1] == counts[2]
    assert "chunks.jsonl: the run's own output" in err
    assert "chunks.jsonl.manifest.json: the run's own output" in err


def test_other_structchunk_outputs_in_the_tree_are_recognised_by_their_schema(
        tmp_path: Path) -> None:
    root = _folder(tmp_path / "in")
    elsewhere = tmp_path / "elsewhere.jsonl"
    _split([root], elsewhere, append=True)
    (root / "old").mkdir()
    (root / "old" / "index.txt").write_bytes(elsewhere.read_bytes())
    (root / "old" / "index.txt.manifest.json").write_bytes(
        (tmp_path / "elsewhere.jsonl.manifest.json").read_bytes())
    (root / "old" / ".index.txt.123.abcdef.structchunk-tmp").write_text("{}")
    older = {"files": {f"root\x00doc{n}.md": "0" * 64 for n in range(300)}, "options": {},
             "schema": "structchunk.manifest/v1", "version": "0"}  # its schema past 8 KB
    (root / "old" / "v1.jsonl.manifest.json").write_text(
        json.dumps(older, sort_keys=True, indent=1), encoding="utf-8")
    if _has_pyarrow():
        _split([root / "guide"], tmp_path / "rows.parquet")
        (root / "old" / "rows.parquet").write_bytes((tmp_path / "rows.parquet").read_bytes())
    tally, err = _split([root], tmp_path / "out.jsonl", filters=_binary_and_hidden())
    assert tally.done == 3, err  # type: ignore[attr-defined]
    assert "old/index.txt: structchunk output (JSON lines rows)" in err
    assert "index.txt.manifest.json: structchunk manifest or progress file" in err
    assert ".structchunk-tmp: temporary file of a structchunk run" in err
    assert "v1.jsonl.manifest.json: structchunk manifest or progress file" in err
    if _has_pyarrow():
        assert "old/rows.parquet: structchunk output (Parquet rows)" in err


def _binary_and_hidden():  # type: ignore[no-untyped-def]
    from structchunk.batch.discover import Filters

    return Filters(hidden=True, binary=True)


def _has_pyarrow() -> bool:
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        return False
    return True


@pytest.mark.parametrize("append", [False, True], ids=["plain", "append"])
def test_a_new_output_gets_the_umask_mode_and_an_old_one_keeps_its_mode(
        tmp_path: Path, append: bool) -> None:
    root = _folder(tmp_path / "in")
    out = tmp_path / "out.jsonl"
    umask = os.umask(0o022)
    try:
        _split([root], out, append=append, quiet=True)
        assert stat.S_IMODE(out.stat().st_mode) == 0o644
        out.chmod(0o640)
        (root / "notes.txt").write_text("Changed.\n", encoding="utf-8")
        _split([root], out, append=append, quiet=True)
        assert stat.S_IMODE(out.stat().st_mode) == 0o640
    finally:
        os.umask(umask)


def test_leftovers_of_dead_runs_are_removed_and_those_of_live_runs_kept(
        tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    ours = temporary_path(out)
    dead = tmp_path / f".out.jsonl.{2 ** 22 + 12345}.00ff.structchunk-tmp"
    live = tmp_path / ".out.jsonl.1.00ff.structchunk-tmp"  # pid 1 is always running
    manifest_dead = tmp_path / f".out.jsonl.manifest.json.{2 ** 22 + 12345}.0a.structchunk-tmp"
    other = tmp_path / f".other.jsonl.{2 ** 22 + 12345}.00ff.structchunk-tmp"
    for path in (ours, dead, live, manifest_dead, other):
        path.write_text("partial")
    removed = remove_leftovers(out)
    assert sorted(removed) == sorted([ours, dead, manifest_dead])
    assert live.exists() and other.exists()


@pytest.mark.parametrize("failing", ["write", "close"])
def test_a_writer_that_fails_leaves_no_file_and_names_the_output(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failing: str) -> None:
    root = _folder(tmp_path / "in")
    out = tmp_path / "out.jsonl"

    def full(*args: object) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(writers.JsonLinesWriter, failing, full)
    with pytest.raises(OutputError) as raised:
        _split([root], out, append=True, quiet=True)
    assert str(raised.value) == f"cannot write {out}: no space left on device"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["in"]


def test_a_damaged_jsonl_output_is_an_error_with_the_way_out(tmp_path: Path) -> None:
    root = _folder(tmp_path / "in")
    out = tmp_path / "out.jsonl"
    _split([root], out, append=True)
    good = out.read_bytes()
    out.write_bytes(b"not json\n" + good)
    with pytest.raises(DamagedOutputError) as raised:
        _split([root], out, append=True)
    assert str(raised.value).startswith(f"{out}: line 1 is not a JSON row")
    assert "--rebuild" in str(raised.value)
    _split([root], out, rebuild=True)
    assert out.read_bytes() == good


def test_an_interrupted_run_says_what_was_finished_and_how_to_resume(tmp_path: Path) -> None:
    from structchunk.batch.interrupt import Interrupted

    root = _folder(tmp_path / "in")
    out = tmp_path / "out.jsonl"
    seen: list[str] = []

    def interrupted_at_the_second(job):  # type: ignore[no-untyped-def]
        from structchunk.batch.worker import chunk_job

        seen.append(job.item.relative)
        if len(seen) == 2:
            raise Interrupted(15)
        return chunk_job(job)

    err = io.StringIO()
    with pytest.raises(Interrupted):
        split_collection([str(root)], OPTIONS,
                         RunOptions(output=str(out), jobs=1, append=True, quiet=True),
                         stderr=err, task=interrupted_at_the_second)
    line = err.getvalue().strip()
    assert line == (f"structchunk: interrupted by SIGTERM: 1 of 3 file(s) finished; {out} was "
                    f"left as it was; 1 finished file(s) are kept in {out}.progress: rerun the "
                    "same command to resume")
    assert not out.exists()
    tally, _ = _split([root], out, append=True, quiet=True)
    assert tally.reused == 1  # type: ignore[attr-defined]
    assert out.read_bytes() == _fresh(root, tmp_path)
    assert not Path(f"{out}.progress").exists()
