"""Gold sentence boundaries from the shared corpus: precision first, every danda right."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from structchunk.lang.sentences import sentence_spans


def _records(corpus: Path, name: str) -> list[dict[str, object]]:
    path = corpus / "sentences" / name
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.mark.parametrize(("name", "language", "min_precision", "min_recall"), [
    ("ud/en_ewt-test.jsonl", "en", 0.98, 0.80),
    ("ud/de_gsd-test.jsonl", "de", 0.98, 0.84),
])
def test_ud_boundaries(corpus: Path, name: str, language: str, min_precision: float,
                       min_recall: float) -> None:
    predicted = gold = correct = 0
    for record in _records(corpus, name):
        text = str(record["text"])
        expected = {end for _start, end in record["offsets"][:-1]}  # type: ignore[index]
        ends = {end for _start, end in sentence_spans(text, language)[:-1]}
        predicted += len(ends)
        gold += len(expected)
        correct += len(ends & expected)
    assert correct / predicted >= min_precision
    assert correct / gold >= min_recall


@pytest.mark.parametrize("language", ["hi", "mr"])
def test_pysbd_golden_rules_for_devanagari(corpus: Path, language: str) -> None:
    for record in _records(corpus, f"pysbd/{language}.jsonl"):
        text = str(record["input"])
        pieces = [text[start:end] for start, end in sentence_spans(text, language)]
        assert pieces == record["expected"]


def test_every_danda_in_the_hindi_docs_ends_a_sentence(corpus: Path) -> None:
    for path in sorted((corpus / "docs" / "hi").rglob("*.md")):
        text = path.read_text(encoding="utf-8")
        ends = {end for _start, end in sentence_spans(text, "hi")}
        for index, char in enumerate(text):
            if char in "।॥":
                end = index + 1
                while end < len(text) and text[end] in "\"')]}”’»":
                    end += 1
                assert end in ends or end == len(text.rstrip()), (path.name, text[index - 40:end])


def test_hindi_sentence_spans_of_the_corpus_survive(corpus: Path) -> None:
    cases = [json.loads(line) for line in
             (corpus / "spans.jsonl").read_text(encoding="utf-8").splitlines()]
    for case in cases:
        if case["kind"] not in ("hindi_sentence", "german_sentence"):
            continue
        text = (corpus / case["doc"]).read_text(encoding="utf-8")
        start = case["char_start"]
        end = start + len(case["span"])
        language = "hi" if case["kind"] == "hindi_sentence" else "de"
        for span_start, span_end in sentence_spans(text, language):
            assert span_end <= start or span_start >= end or (
                span_start <= start and end <= span_end), (case["id"], text[span_start:span_end])
