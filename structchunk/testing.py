"""Span regression checks for a project's own pytest suite.

    from structchunk.testing import assert_spans

    def test_answers_survive_chunking():
        assert_spans("tests/spans.jsonl", corpus="docs/", strategy="hybrid", k=5)

`assert_spans` raises an AssertionError whose message names every failing span and why (cut
by a boundary, repeated by overlap, a table row without its header, not retrieved in the BM25
top k, contexts over the ceiling). `assert_stamp` fails when the configuration differs from a
recorded stamp, so a chunker change forces a full re-index.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from structchunk.evaluate.cases import SpanCase, load_cases
from structchunk.evaluate.checks import SpanReport, check_spans
from structchunk.evaluate.config import Chunking
from structchunk.evaluate.corpus import Corpus
from structchunk.evaluate.stamp import make_stamp, read_stamp, stamp_differences


def span_report(spans: str | Path | list[SpanCase], corpus: str | Path,
                strategy: str = "hybrid", max_size: int = 1000, k: int | None = None,
                context_ceiling: int | None = None, **chunking: Any) -> SpanReport:
    """Run the checks and return the report (`chunking`: overlap, overlap_size, options,
    tokenizer, length_function)."""
    cases = spans if isinstance(spans, list) else load_cases(spans)
    config = Chunking(strategy=strategy, max_size=max_size, **chunking)
    return check_spans(cases, Corpus(corpus), config, k, context_ceiling)


def assert_spans(spans: str | Path | list[SpanCase], corpus: str | Path,
                 strategy: str = "hybrid", max_size: int = 1000, k: int | None = None,
                 context_ceiling: int | None = None, **chunking: Any) -> SpanReport:
    """Fail with the readable report unless every span passes."""
    report = span_report(spans, corpus, strategy, max_size, k, context_ceiling, **chunking)
    if not report.passed:
        raise AssertionError(report.format())
    return report


def assert_stamp(stamp_file: str | Path, strategy: str = "hybrid", max_size: int = 1000,
                 **chunking: Any) -> None:
    """Fail when this configuration is not the one the stamp in `stamp_file` recorded."""
    config = Chunking(strategy=strategy, max_size=max_size, **chunking)
    differences = stamp_differences(read_stamp(stamp_file), make_stamp(config))
    if differences:
        raise AssertionError("the chunks were built under another configuration; re-index "
                             "everything:\n  " + "\n  ".join(differences))


__all__ = ["Chunking", "SpanCase", "SpanReport", "assert_spans", "assert_stamp",
           "check_spans", "load_cases", "make_stamp", "span_report"]
