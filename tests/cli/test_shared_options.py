"""Every command takes the same chunking options, so a span checked in CI is chunked as the
index was; `split` runs every strategy it offers, semantic with an embedding included."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from structchunk.cli.main import build_parser, main
from tests.conftest import SAMPLES

COMMANDS = ("split", "inspect", "compare", "check-spans", "eval")
SHARED = ("--max-size", "--tokenizer", "--overlap", "--overlap-size", "--min-size",
          "--language", "--sentence-backend", "--markdown-backend", "--option", "--field",
          "--embedding")


def _subparsers() -> dict[str, argparse.ArgumentParser]:
    action = next(action for action in build_parser()._actions
                  if isinstance(action, argparse._SubParsersAction))
    return dict(action.choices)


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_accepts_every_shared_option(command: str) -> None:
    parser = _subparsers()[command]
    flags = {flag for action in parser._actions for flag in action.option_strings}
    missing = [flag for flag in SHARED if flag not in flags]
    assert not missing, f"{command} lacks {missing}"
    assert "--strategy" in flags or "--strategies" in flags


def test_split_runs_semantic_with_an_offline_embedding(tmp_path: Path) -> None:
    out = tmp_path / "chunks.jsonl"
    code = main(["split", str(SAMPLES / "structured_pricing.md"), "-o", str(out),
                 "--strategy", "semantic", "--embedding", "tests.cli.embedding:embed",
                 "--max-size", "600", "--overlap-size", "0", "--option", "percentile=20"])
    assert code == 0
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert len(rows) > 1
    assert {row["metadata"].get("strategy") for row in rows} == {"semantic"}


def test_split_takes_field_and_option(tmp_path: Path) -> None:
    out = tmp_path / "chunks.jsonl"
    code = main(["split", str(SAMPLES / "structured_pricing.md"), "-o", str(out),
                 "--strategy", "metadata_aware", "--field", "category=pricing"])
    assert code == 0
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert rows and all("category: pricing" in row["text"] for row in rows)


def test_check_spans_records_the_markdown_backend_in_its_stamp(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    stamp = tmp_path / "stamp.json"
    spans = str(SAMPLES / "spans.jsonl")
    root = str(SAMPLES.parent)
    assert main(["check-spans", spans, "--corpus", root, "--markdown-backend", "markdown-it",
                 "--write-stamp", str(stamp)]) == 0
    assert json.loads(stamp.read_text(encoding="utf-8"))["markdown_backend"] == "markdown-it"
    capsys.readouterr()
    assert main(["check-spans", spans, "--corpus", root, "--markdown-backend", "pyromark",
                 "--require-stamp", str(stamp)]) == 1
    assert "markdown_backend: 'markdown-it' -> 'pyromark'" in capsys.readouterr().err


def _long_markdown(tmp_path: Path, sections: int) -> Path:
    path = tmp_path / "long.md"
    path.write_text("".join(f"# Part {n}\n\nText of part {n}.\n\n" for n in range(sections)),
                    encoding="utf-8")
    return path


def test_inspect_shows_fifty_chunks_then_says_how_many_were_left_out(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _long_markdown(tmp_path, 80)
    assert main(["inspect", str(path), "--no-tree", "--max-size", "40", "--min-size", "0"]) == 0
    out = capsys.readouterr().out
    assert "80 chunks" in out
    assert "#49 " in out and "#50 " not in out
    assert "30 more chunks not shown; --limit 0 shows all" in out


def test_inspect_limit_zero_shows_every_chunk(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    path = _long_markdown(tmp_path, 80)
    assert main(["inspect", str(path), "--no-tree", "--max-size", "40", "--min-size", "0",
                 "--limit", "0"]) == 0
    out = capsys.readouterr().out
    assert "#79 " in out and "more chunks not shown" not in out
    assert main(["inspect", str(path), "--no-tree", "--max-size", "40", "--min-size", "0",
                 "--limit", "5"]) == 0
    out = capsys.readouterr().out
    assert "#4 " in out and "#5 " not in out and "75 more chunks not shown" in out
