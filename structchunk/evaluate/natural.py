"""Natural questions over the shared corpus: recall@1, recall@5 and MRR@10 per language and kind.

A question points into a corpus file by path and character offsets (`char_start`,
`char_end`) of a short verbatim answer; it is written in a user's words, not the answer's.
Every chunker's pieces of every named document go into one index; a retrieved piece is a hit
when it comes from the question's document and its verbatim text holds the whole answer.
"""

from __future__ import annotations

import json
import math
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from structchunk.evaluate.bm25 import BM25Index
from structchunk.evaluate.embeddings import Embedding

Search = Callable[[str, int], list[int]]


@dataclass(frozen=True)
class Question:
    id: str
    doc: str
    lang: str
    kind: str
    question: str
    answer: str
    char_start: int
    char_end: int


@dataclass(frozen=True)
class Piece:
    """One retrievable unit: its document, the verbatim text it holds, what is indexed, and
    the natural language its chunker detected (None when it has none to tell)."""

    doc: str
    content: str
    text: str
    language: str | None = None


def load_questions(path: Path, corpus: Path) -> list[Question]:
    """The questions of a JSONL file, each checked against the corpus: the answer must be
    the file's text at its offsets."""
    questions = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        record = json.loads(line)
        question = Question(**{key: record[key] for key in Question.__dataclass_fields__})
        text = (corpus / question.doc).read_text(encoding="utf-8")
        if text[question.char_start:question.char_end] != question.answer:
            raise ValueError(f"{path}: {question.id}: the answer is not at its offsets in "
                             f"{question.doc}")
        questions.append(question)
    return questions


def pooled_by_language(questions: Sequence[Question], minimum: int = 5,
                       pooled: str = "24 more") -> list[Question]:
    """The questions with every language asked fewer than `minimum` times relabelled
    `pooled`, so a per-language table reports rates over enough questions to compare."""
    counts = Counter(question.lang for question in questions)
    return [replace(question, lang=question.lang if counts[question.lang] >= minimum
                    else pooled) for question in questions]


def bm25_search(pieces: Sequence[Piece]) -> Search:
    return BM25Index([piece.text for piece in pieces]).search


def dense_search(pieces: Sequence[Piece], embedding: Embedding) -> Search:
    """Cosine similarity over unit vectors (the model's own normalisation)."""
    vectors = [list(vector) for vector in embedding([piece.text for piece in pieces])]

    def search(query: str, k: int) -> list[int]:
        (target,) = embedding([query])
        scores = [sum(a * b for a, b in zip(target, vector, strict=True)) for vector in vectors]
        return sorted(range(len(scores)), key=lambda number: -scores[number])[:k]

    return search


def score(questions: Sequence[Question], pieces: Sequence[Piece], search: Search
          ) -> dict[str, tuple[int, float, float, float]]:
    """Per group (`all`, `lang:<lang>`, `kind:<kind>`): questions, recall@1, recall@5, MRR@10."""
    return _rates(questions, lambda question: [pieces[number]
                                               for number in search(question.question, 10)])


def first_ranks(questions: Sequence[Question], pieces: Sequence[Piece], search: Search,
                depth: int = 10) -> dict[str, float]:
    """Per question id, the rank of the first hit within `depth` (`math.inf` for none): what
    `paired.paired` compares question by question."""
    ranks: dict[str, float] = {}
    for question in questions:
        found = [pieces[number] for number in search(question.question, depth)]
        ranks[question.id] = next((rank for rank, piece in enumerate(found, 1)
                                   if _is_hit(question, piece)), math.inf)
    return ranks


def score_in_language(questions: Sequence[Question], pieces: Sequence[Piece],
                      make_search: Callable[[Sequence[Piece]], Search],
                      language_of: Callable[[Question], str]
                      ) -> dict[str, tuple[int, float, float, float]]:
    """`score` with each question searched only among the pieces in its own language
    (`language_of`), and those whose chunker detected none: the metadata filter a RAG
    application applies when it knows the user's language. One index per language."""
    searches: dict[str, tuple[list[Piece], Search]] = {}

    def found(question: Question) -> list[Piece]:
        language = language_of(question)
        if language not in searches:
            subset = [piece for piece in pieces if piece.language in (language, None)]
            # No piece in the language: nothing is found (an index of nothing has no words).
            searches[language] = (subset, make_search(subset) if subset else _nothing)
        subset, search = searches[language]
        return [subset[number] for number in search(question.question, 10)]

    return _rates(questions, found)


def _nothing(_query: str, _k: int) -> list[int]:
    return []


def _rates(questions: Sequence[Question], found: Callable[[Question], list[Piece]]
           ) -> dict[str, tuple[int, float, float, float]]:
    sums: dict[str, list[float]] = defaultdict(lambda: [0, 0.0, 0.0, 0.0])
    for question in questions:
        ranks = [rank for rank, piece in enumerate(found(question), 1)
                 if _is_hit(question, piece)]
        first = ranks[0] if ranks else math.inf
        for group in ("all", f"lang:{question.lang}", f"kind:{question.kind}"):
            row = sums[group]
            row[0] += 1
            row[1] += first <= 1
            row[2] += first <= 5
            row[3] += 1 / first
    return {group: (int(count), hits1 / count, hits5 / count, mrr / count)
            for group, (count, hits1, hits5, mrr) in sums.items()}


def _is_hit(question: Question, piece: Piece) -> bool:
    return piece.doc == question.doc and question.answer in piece.content


__all__ = ["Piece", "Question", "bm25_search", "dense_search", "first_ranks", "load_questions",
           "score", "score_in_language"]
