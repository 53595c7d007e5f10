"""CLI polish: --version, closed pipes and unwritable outputs in one line, inspect limits,
token budgets and code on stdin."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import structchunk
from structchunk.cli.main import main
from structchunk.decode import from_text
from structchunk.errors import DISTRIBUTION
from tests.conftest import SAMPLES

REPO = Path(__file__).resolve().parents[2]


def run_cli(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    environment = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run([sys.executable, "-m", "structchunk.cli.main", *args], input=stdin,
                          capture_output=True, env=environment, cwd=REPO, timeout=300)


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("structchunk ") and DISTRIBUTION in out


def test_a_closed_pipe_is_one_line_not_a_traceback() -> None:
    command = [sys.executable, "-m", "structchunk.cli.main", "split",
               str(SAMPLES / "long_handbook.md"), "--max-size", "200"]
    environment = {**os.environ, "PYTHONPATH": str(REPO)}
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               env=environment, cwd=REPO)
    assert process.stdout is not None and process.stderr is not None
    first = process.stdout.readline()
    process.stdout.close()  # what `| head -1` does
    error = process.stderr.read().decode()
    process.wait(timeout=300)
    assert json.loads(first)["index"] == 0
    assert "Traceback" not in error
    assert error.count("\n") <= 2 and "broken pipe" in error


def test_an_unwritable_output_is_one_line(tmp_path: Path) -> None:
    result = run_cli("split", str(SAMPLES / "short_faq.md"), "-o",
                     str(tmp_path / "missing" / "dir" / "out.jsonl"))
    error = result.stderr.decode()
    assert result.returncode == 1
    assert "Traceback" not in error and error.count("\n") == 1
    assert "out.jsonl" in error


def test_inspect_says_what_it_leaves_out(capsys: pytest.CaptureFixture[str]) -> None:
    path = SAMPLES / "long_handbook.md"
    assert main(["inspect", str(path), "--max-nodes", "3"]) == 0
    out = capsys.readouterr().out
    document = structchunk.parse(path)
    total = sum(1 for _ in document.root.walk()) - 1
    assert f"{total - 3} more nodes" in out and "characters) not shown" in out
    assert main(["inspect", str(path), "--no-tree"]) == 0
    out = capsys.readouterr().out
    assert "tree not shown" in out and "├──" not in out


def test_token_budget_from_the_command_line(tmp_path: Path) -> None:
    pytest.importorskip("tiktoken")
    out = tmp_path / "chunks.jsonl"
    assert main(["split", str(SAMPLES / "long_handbook.md"), "--tokenizer", "cl100k_base",
                 "--max-size", "64", "-o", str(out), "-q"]) == 0
    counter = structchunk.tokens.resolve_tokenizer("cl100k_base")
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert len(rows) > 20 and all(counter(row["text"]) <= 64 for row in rows)


def test_a_bad_tokenizer_stops_before_any_work(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["split", str(SAMPLES / "short_faq.md"), "--tokenizer", "cl100k_bas"]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and "did you mean 'cl100k_base'" in captured.err


def test_code_on_stdin_chunks_like_the_file(tmp_path: Path) -> None:
    code = "".join(f"def f{n}(x):\n    y = x + {n}\n    return y * 2\n\n\n" for n in range(20))
    result = run_cli("split", "-", "--code-language", "python", "--max-size", "120",
                     stdin=code.encode())
    assert result.returncode == 0, result.stderr.decode()
    rows = [json.loads(line) for line in result.stdout.decode().splitlines()]
    file = tmp_path / "mod.py"
    file.write_text(code, encoding="utf-8")
    expected = structchunk.split(file, max_size=120)
    assert [row["content"] for row in rows] == [chunk.content for chunk in expected]
    same = structchunk.split(from_text(code), max_size=120, format="code",
                             code_language="python")
    assert [c.content for c in same] == [c.content for c in expected]
