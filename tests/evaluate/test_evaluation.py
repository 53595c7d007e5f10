"""compare, check-spans, eval and structchunk.testing on the repository's span cases."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from structchunk.cli.main import main
from structchunk.errors import StructchunkError
from structchunk.evaluate.cases import CaseError, load_cases
from structchunk.evaluate.config import Chunking
from structchunk.evaluate.corpus import Corpus
from structchunk.evaluate.embeddings import hashing_embedding
from structchunk.evaluate.retrieval import evaluate
from structchunk.testing import assert_spans, assert_stamp, span_report
from tests.conftest import REPO, SAMPLES

SPANS = SAMPLES / "spans.jsonl"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_check_spans_passes_with_hybrid(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check-spans", str(SPANS), "--corpus", str(REPO))
    assert code == 0, out
    assert out.startswith("34 of 34 spans pass (strategy hybrid")


def test_check_spans_fails_with_fixed_and_names_the_spans(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check-spans", str(SPANS), "--corpus", str(REPO),
                       "--strategy", "fixed")
    assert code == 1
    failing = [line.split()[1] for line in out.splitlines() if line.startswith("FAIL ")]
    assert "table_row-en-01" in failing and "list_step-en-01" in failing
    assert "FAIL table_row-en-01 (corpus_samples/structured_pricing.md): the row's chunk " \
           "lacks the table header" in out
    assert "a boundary cuts it" in out
    assert len(failing) == int(out.split()[2]) - int(out.split()[0])


def test_retrieval_and_context_ceiling_are_checked_when_asked(tmp_path: Path) -> None:
    report = span_report(SPANS, REPO, k=5, context_ceiling=100_000)
    ranked = [result for result in report.results if result.rank is not None]
    assert len(ranked) >= 30 and all(1 <= result.rank <= 5 for result in ranked)
    tight = span_report(SPANS, REPO, k=5, context_ceiling=1500)
    assert any("over the ceiling of 1500" in "; ".join(r.problems) for r in tight.failures)
    assert all(r.context_size > 1500 for r in tight.failures
               if "over the ceiling" in "; ".join(r.problems))


def test_overlap_that_repeats_a_span_is_reported() -> None:
    report = span_report(SPANS, REPO, strategy="sentence", max_size=600, overlap=3)
    assert any("overlap repeats it" in "; ".join(r.problems) for r in report.failures)


def test_testing_helper_raises_with_the_report() -> None:
    assert_spans(SPANS, REPO)
    with pytest.raises(AssertionError, match=r"FAIL table_row-en-01"):
        assert_spans(SPANS, REPO, strategy="fixed")


def test_stamp_is_recorded_and_required(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    stamp = tmp_path / "stamp.json"
    report = tmp_path / "report.json"
    code, _, _ = run(capsys, "check-spans", str(SPANS), "--corpus", str(REPO),
                     "--write-stamp", str(stamp), "--report", str(report))
    assert code == 0
    recorded = json.loads(stamp.read_text())
    assert recorded["strategy"] == "hybrid" and recorded["max_size"] == 1000
    assert recorded["grammars"] and all(len(v) == 64 for v in recorded["grammars"].values())
    assert json.loads(report.read_text())["stamp"] == recorded
    code, _, _ = run(capsys, "check-spans", str(SPANS), "--corpus", str(REPO),
                     "--require-stamp", str(report))
    assert code == 0
    code, _, err = run(capsys, "check-spans", str(SPANS), "--corpus", str(REPO),
                       "--require-stamp", str(stamp), "--max-size", "800")
    assert code == 1 and "max_size: 1000 -> 800" in err and "re-index" in err
    assert_stamp(stamp)
    with pytest.raises(AssertionError, match="strategy: 'hybrid' -> 'recursive'"):
        assert_stamp(stamp, strategy="recursive")


def test_a_changed_grammar_changes_the_stamp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                             ) -> None:
    from structchunk.evaluate.stamp import make_stamp, stamp_differences
    from structchunk.resources import _roots

    before = make_stamp(Chunking())
    extra = tmp_path / "grammars"
    (extra / "sentences").mkdir(parents=True)
    (extra / "sentences" / "xx.toml").write_text("# a user grammar\n", encoding="utf-8")
    monkeypatch.setenv("STRUCTCHUNK_GRAMMAR_PATH", str(extra))
    _roots.cache_clear()
    try:
        after = make_stamp(Chunking())
    finally:
        monkeypatch.delenv("STRUCTCHUNK_GRAMMAR_PATH")
        _roots.cache_clear()
    assert stamp_differences(before, after) == ["grammar 0:sentences/xx.toml added"]


def test_compare_reports_sizes_and_spans_kept(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "compare", str(SAMPLES), "--strategies", "hybrid,fixed",
                       "--spans", str(SPANS), "--root", str(REPO), "--max-size", "500",
                       "--json")
    assert code == 0
    rows = {row["strategy"]: row for row in json.loads(out)}
    assert rows["hybrid"]["files"] == rows["fixed"]["files"] >= 9
    for row in rows.values():
        assert row["min"] <= row["median"] <= row["p95"] <= row["max"] <= 500
        assert row["over_budget"] == 0 and row["unit"] == "characters"
    assert rows["hybrid"]["spans"] == 34
    assert rows["hybrid"]["spans_kept"] > rows["fixed"]["spans_kept"]
    code, out, _ = run(capsys, "compare", str(SAMPLES / "short_faq.md"), "--strategies",
                       "sentence_window,hierarchical")
    assert code == 0 and "| sentence_window |" in out and "| hierarchical |" in out


def test_eval_scores_every_strategy(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "eval", str(SPANS), "--corpus", str(REPO), "--strategies",
                       "all", "--embedding", "hashing", "--json")
    assert code == 0
    rows = json.loads(out)
    assert {row["name"] for row in rows} == {
        "fixed", "hierarchical", "hybrid", "metadata_aware", "recursive", "semantic",
        "sentence", "sentence_window"}
    assert {row["retriever"] for row in rows} == {"bm25", "embedding"}
    for row in rows:
        assert 0 <= row["precision_at_1"] <= row["recall"] <= row["ceiling"] <= 1
    scores = {(row["name"], row["retriever"]): row for row in rows}
    assert scores["hybrid", "bm25"]["recall"] > scores["fixed", "bm25"]["recall"]


def test_eval_takes_any_embedding_callable() -> None:
    cases = load_cases(SPANS)
    calls: list[int] = []
    embed = hashing_embedding(128)

    def counting(texts: list[str]) -> list[list[float]]:
        calls.append(len(texts))
        return embed(texts)

    rows = evaluate(cases, Corpus(REPO), {"hybrid": Chunking()}, k=5, embedding=counting)
    assert [row.retriever for row in rows] == ["bm25", "embedding"]
    assert calls[0] > 100 and rows[1].recall > 0


def test_bad_case_files_are_named(tmp_path: Path) -> None:
    broken = tmp_path / "cases.jsonl"
    broken.write_text('{"doc": "a.md", "query": "q"}\n', encoding="utf-8")
    with pytest.raises(CaseError, match="cases.jsonl: case 1: missing span"):
        load_cases(broken)
    broken.write_text("{not json\n", encoding="utf-8")
    with pytest.raises(CaseError, match="line 1: not JSON"):
        load_cases(broken)
    yaml_cases = tmp_path / "cases.yaml"
    yaml_cases.write_text("- doc: corpus_samples/short_faq.md\n  query: offline?\n"
                          "  span: Lanternbox works fully offline\n", encoding="utf-8")
    assert load_cases(yaml_cases)[0].span == "Lanternbox works fully offline"
    with pytest.raises(StructchunkError, match="no such document"):
        span_report([load_cases(yaml_cases)[0].__class__("x", "missing.md", "q", "s")], REPO)
