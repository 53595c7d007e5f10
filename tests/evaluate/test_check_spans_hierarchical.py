"""check-spans with `--strategy hierarchical`: a parent holds its leaves' text for the model
but is not searched, so a span whole in one leaf is held once and passes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from structchunk.cli.main import main

STEPS = [f"Step {n}: turn the valve number {n} a quarter turn to the left and wait."
         for n in range(1, 13)]


def _cases(root: Path) -> Path:
    body = "\n\n".join(f"## Stage {n}\n\n{step}" for n, step in enumerate(STEPS, 1))
    (root / "valves.md").write_text(f"# Valves\n\n{body}\n", encoding="utf-8")
    spans = root / "spans.jsonl"
    spans.write_text("".join(json.dumps({"id": f"step-{n}", "doc": "valves.md",
                                          "query": f"valve number {n}", "span": step}) + "\n"
                             for n, step in enumerate(STEPS, 1)), encoding="utf-8")
    return spans


def test_spans_whole_in_one_leaf_pass_with_hierarchical(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spans = _cases(tmp_path)
    code = main(["check-spans", str(spans), "--corpus", str(tmp_path), "--strategy",
                 "hierarchical", "--max-size", "120", "--json"])
    out = capsys.readouterr().out
    report = json.loads(out)
    assert code == 0, out
    assert report["passed"] is True
    assert [result["holders"] for result in report["results"]] == [1] * len(STEPS)


def test_the_same_spans_cut_by_a_small_budget_fail_with_hierarchical(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # A span cut between leaves is still held where its parent's context (what the model
    # reads) holds it whole; parents of four budgets of 15 are shorter than every step.
    spans = _cases(tmp_path)
    code = main(["check-spans", str(spans), "--corpus", str(tmp_path), "--strategy",
                 "hierarchical", "--max-size", "15"])
    out = capsys.readouterr().out
    assert code == 1
    assert out.startswith(f"0 of {len(STEPS)} spans pass (strategy hierarchical")
    assert "a boundary cuts it" in out
