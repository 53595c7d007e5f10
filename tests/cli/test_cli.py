from __future__ import annotations

import json
from pathlib import Path

import pytest

from structchunk.cli.main import main
from tests.conftest import SAMPLES


def test_inspect_shows_tree_and_chunks(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["inspect", str(SAMPLES / "short_faq.md"), "--max-size", "300"]) == 0
    out = capsys.readouterr().out
    assert "section" in out and "heading" in out
    assert "chunks (max size 300)" in out


def test_inspect_json_is_machine_readable(capsys: pytest.CaptureFixture[str]) -> None:
    path = SAMPLES / "structured_pricing.md"
    assert main(["inspect", str(path), "--json", "--max-size", "500"]) == 0
    payload = json.loads(capsys.readouterr().out)
    text = path.read_text(encoding="utf-8")
    assert payload["tree"][0]["kind"] == "document"
    for chunk in payload["chunks"]:
        assert text[chunk["start"]:chunk["end"]] == chunk["content"]
        assert chunk["size"] <= 500


def test_split_writes_json_lines_and_goes_on_past_bad_files(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "binary.md"
    bad.write_bytes(b"\x00\x01\x02")
    out = tmp_path / "chunks.jsonl"
    code = main(["split", str(bad), str(SAMPLES / "short_faq.md"), str(tmp_path / "nope.md"),
                 "-o", str(out)])
    assert code == 1
    lines = out.read_text(encoding="utf-8").splitlines()
    assert lines and all(json.loads(line)["source"].endswith("short_faq.md") for line in lines)
    err = capsys.readouterr().err
    assert f"{bad}: is not a text file" in err
    assert "nope.md: no such file" in err
    assert "2 failed" in err


def test_missing_file_is_a_one_line_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["inspect", "does/not/exist.md"]) == 1
    err = capsys.readouterr().err.strip()
    assert err == "structchunk: error: does/not/exist.md: no such file"


def test_split_reports_decoding_warnings(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    legacy = tmp_path / "legacy.txt"
    legacy.write_bytes("Grüße aus Köln.".encode("cp1252"))
    assert main(["split", str(legacy), "-o", str(tmp_path / "out.jsonl")]) == 0
    err = capsys.readouterr().err
    assert f"structchunk: warning: {legacy}: not valid UTF-8" in err
