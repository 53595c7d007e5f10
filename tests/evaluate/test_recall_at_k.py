"""recall@k counts a hit at rank k itself: recall@1 equals P@1, and recall never falls below
P@1 at any k."""

from __future__ import annotations

from pathlib import Path

import pytest

from structchunk.evaluate.cases import SpanCase
from structchunk.evaluate.config import Chunking
from structchunk.evaluate.corpus import Corpus
from structchunk.evaluate.retrieval import evaluate

TOPICS = ["kettle descaling vinegar", "bicycle chain lubrication", "garden hose winter storage",
          "oven door hinge repair", "window frame draught seal"]


def _corpus(root: Path) -> list[SpanCase]:
    sections = [f"## Part {n}\n\nHow to handle {topic}: step {n} of the manual.\n"
                for n, topic in enumerate(TOPICS, 1)]
    (root / "manual.md").write_text("# Manual\n\n" + "\n".join(sections), encoding="utf-8")
    return [SpanCase(f"case-{n}", "manual.md", topic, f"How to handle {topic}")
            for n, topic in enumerate(TOPICS, 1)]


@pytest.mark.parametrize("k", [1, 2, 3])
def test_a_hit_at_rank_k_counts_for_recall_at_k(tmp_path: Path, k: int) -> None:
    cases = _corpus(tmp_path)
    (row,) = evaluate(cases, Corpus(tmp_path), {"small": Chunking(max_size=80)}, k=k)
    assert row.k == k and row.chunks >= len(TOPICS)
    assert row.ceiling == 1.0
    assert row.precision_at_1 == 1.0  # each query's own section ranks first
    assert row.recall == 1.0
    assert row.mrr == 1.0


def test_a_case_no_chunk_holds_counts_for_nothing(tmp_path: Path) -> None:
    cases = _corpus(tmp_path)
    missing = SpanCase("missing", "manual.md", "kettle descaling vinegar",
                       "How to handle kettle descaling vinegar: step 1 of the manual.\n\n## Part 2")
    (row,) = evaluate([cases[0], missing], Corpus(tmp_path),
                      {"small": Chunking(max_size=80)}, k=1)
    assert (row.ceiling, row.recall, row.precision_at_1, row.mrr) == (0.5, 0.5, 0.5, 0.5)
