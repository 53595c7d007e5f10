"""Which chunk holds a span, for check-spans and eval alike: the occurrence at `char_start`,
read from a retrievable chunk's context, hierarchical parents never counted."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from structchunk.evaluate.cases import SpanCase, load_cases
from structchunk.evaluate.checks import check_spans
from structchunk.evaluate.config import Chunking
from structchunk.evaluate.corpus import Corpus
from structchunk.evaluate.retrieval import evaluate
from structchunk.testing import span_report
from tests.conftest import REPO, SAMPLES

REPEATED = "Keep the receipt until the refund has been paid."
SECTIONS = ["Returns", "Exchanges", "Gift cards"]


def _repeating_document(root: Path) -> str:
    """Three sections of a few hundred characters, each ending in the same sentence."""
    parts = []
    for title in SECTIONS:
        filler = " ".join(f"{title} rule {n} applies to every order placed online." for n in
                          range(6))
        parts.append(f"# {title}\n\n{filler} {REPEATED}\n")
    text = "\n".join(parts)
    (root / "policy.md").write_text(text, encoding="utf-8")
    return text


def test_a_repeated_span_is_located_by_char_start(tmp_path: Path) -> None:
    text = _repeating_document(tmp_path)
    second = text.index(REPEATED, text.index(REPEATED) + 1)
    case = SpanCase(id="repeat", doc="policy.md", query="receipt refund", span=REPEATED,
                    char_start=second)
    chunking = Chunking(max_size=400)
    report = check_spans([case], Corpus(tmp_path), chunking)
    result = report.results[0]
    assert report.passed, report.format()
    assert result.occurrences == 3
    chunks = chunking.split(Corpus(tmp_path).document("policy.md"))
    holder = next(chunk for chunk in chunks if chunk.start <= second < chunk.end)
    assert result.holder == holder.index
    assert "Exchanges" in holder.heading_path
    assert (f"occurs 3 times in the file; the occurrence at char_start {second} is in chunk "
            f"{holder.index}") in report.format()


def test_char_start_is_read_from_span_files(tmp_path: Path) -> None:
    spans = tmp_path / "spans.jsonl"
    spans.write_text(json.dumps({"doc": "a.md", "query": "q", "span": "x", "char_start": 7})
                     + "\n", encoding="utf-8")
    assert load_cases(spans)[0].char_start == 7


def test_hierarchical_parents_are_not_holders() -> None:
    """A leaf and its parent both hold every span; only the leaf is searched, so only the
    leaf counts, and every sample span has exactly one holder."""
    report = span_report(SAMPLES / "spans.jsonl", REPO, strategy="hierarchical")
    assert report.passed, report.format()
    assert {result.holders for result in report.results} == {1}


def test_sentence_window_spans_count_what_the_model_reads(tmp_path: Path) -> None:
    """A span of two sentences lies in no one sentence's content but in its window: passed by
    check-spans exactly as eval credits it."""
    sentences = [f"Sentence number {n} talks about topic {n * 7} in detail." for n in range(12)]
    (tmp_path / "prose.md").write_text("# Notes\n\n" + " ".join(sentences) + "\n",
                                       encoding="utf-8")
    span = f"{sentences[5]} {sentences[6]}"
    case = SpanCase(id="two", doc="prose.md", query="topic 35 topic 42", span=span)
    chunking = Chunking(strategy="sentence_window", max_size=200, options={"window": 2})
    report = check_spans([case], Corpus(tmp_path), chunking)
    assert report.passed, report.format()
    rows = evaluate([case], Corpus(tmp_path), {"window": chunking}, k=5)
    assert rows[0].ceiling == 1.0


def test_eval_credits_the_occurrence_at_char_start_only(tmp_path: Path) -> None:
    """Another occurrence of the span in another chunk is no hit."""
    text = _repeating_document(tmp_path)
    first = text.index(REPEATED)
    chunking = Chunking(max_size=400)
    chunks = chunking.split(Corpus(tmp_path).document("policy.md"))
    assert sum(REPEATED in chunk.content for chunk in chunks) == 3
    case = SpanCase(id="first", doc="policy.md", query="Gift cards rule receipt",
                    span=REPEATED, char_start=first)
    row = evaluate([case], Corpus(tmp_path), {"hybrid": chunking}, k=1)[0]
    assert row.precision_at_1 == 0.0  # the query finds the Gift cards chunk, not Returns
    moved = SpanCase(id="last", doc="policy.md", query="Gift cards rule receipt",
                     span=REPEATED, char_start=text.rindex(REPEATED))
    assert evaluate([moved], Corpus(tmp_path), {"hybrid": chunking}, k=1)[0].precision_at_1 \
        == 1.0


@pytest.mark.parametrize("doc", ["docs/zh-hans/opensource-guide/finding-users.md",
                                 "docs/ja/opensource-guide/finding-users.md"])
def test_bm25_finds_chinese_and_japanese_chunks(corpus: Path, doc: str) -> None:
    text = Corpus(corpus).document(doc).text
    lines = [line.strip() for line in text.splitlines()
             if 40 <= len(line.strip()) <= 120 and not line.lstrip().startswith(("#", "-", "|",
                                                                                   "["))]
    span = lines[len(lines) // 2]
    query = span[2:22] + "？"
    case = SpanCase(id="cjk", doc=doc, query=query, span=span)
    report = check_spans([case], Corpus(corpus), Chunking(), k=5)
    assert report.results[0].rank is not None, report.format()
