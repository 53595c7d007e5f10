"""Retrieval scores per strategy on a golden set: recall@k, MRR@10 and P@1.

Each configuration chunks every document the cases name; all chunks go into one index (BM25,
built in and offline, or any embedding function); each case's query is run. A retrieved chunk
is a hit when it comes from the case's document and what the model reads from it (its
context) holds the occurrence of the span nearest the case's `char_start`, and a table row's
header: the rule `check-spans` applies too (`holders`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from structchunk.chunk.chunk import Chunk
from structchunk.errors import StrategyError
from structchunk.evaluate.bm25 import BM25Index
from structchunk.evaluate.cases import SpanCase
from structchunk.evaluate.config import Chunking
from structchunk.evaluate.corpus import Corpus, searchable
from structchunk.evaluate.embeddings import Embedding
from structchunk.evaluate.holders import Occurrence, locate, reads

Search = Callable[[str, int], list[int]]


@dataclass(frozen=True)
class Scores:
    name: str
    retriever: str
    chunks: int
    ceiling: float  # share of cases some chunk holds at all
    recall: float  # share of cases with a hit in the top k
    mrr: float  # mean reciprocal rank of the first hit in the top 10
    precision_at_1: float
    k: int


def evaluate(cases: Sequence[SpanCase], corpus: Corpus, chunkings: dict[str, Chunking],
             k: int = 5, embedding: Embedding | None = None) -> list[Scores]:
    """One row per configuration and retriever (BM25, and the embedding when given)."""
    rows = []
    for name, chunking in chunkings.items():
        chunked = corpus.chunks((case.doc for case in cases), chunking)
        pool = searchable(chunked)
        texts = [chunk.text for _doc, chunk in pool]
        retrievers: dict[str, Search] = {"bm25": BM25Index(texts).search}
        if embedding is not None:
            retrievers["embedding"] = _dense(embedding, texts)
        for retriever, search in retrievers.items():
            rows.append(_score(name, retriever, cases, pool, search, k,
                               _occurrences(cases, corpus, chunking)))
    return rows


def _occurrences(cases: Sequence[SpanCase], corpus: Corpus, chunking: Chunking
                 ) -> list[Occurrence | None]:
    return [locate(case, corpus.document(case.doc, chunking).text) for case in cases]


def _score(name: str, retriever: str, cases: Sequence[SpanCase], pool: list[tuple[str, Chunk]],
           search: Search, k: int, occurrences: list[Occurrence | None]) -> Scores:
    depth = max(k, 10)
    recall = mrr = first = ceiling = 0.0
    for case, occurrence in zip(cases, occurrences, strict=True):
        if occurrence is None:
            continue

        def holds(chunk: Chunk, occurrence: Occurrence = occurrence,
                  case: SpanCase = case) -> bool:
            return reads(chunk, occurrence, case)

        ranks = [rank for rank, number in enumerate(search(case.query, depth), 1)
                 if pool[number][0] == case.doc and holds(pool[number][1])]
        best = ranks[0] if ranks else math.inf
        recall += best <= k
        mrr += 1 / best if best <= 10 else 0.0
        first += best == 1
        ceiling += any(doc == case.doc and holds(chunk) for doc, chunk in pool)
    total = max(1, len(cases))
    return Scores(name, retriever, len(pool), ceiling / total, recall / total, mrr / total,
                  first / total, k)


def _dense(embedding: Embedding, texts: list[str]) -> Search:
    vectors = _vectors(embedding, texts)

    def search(query: str, k: int) -> list[int]:
        probe = _vectors(embedding, [query])[0]
        scores = [sum(a * b for a, b in zip(probe, vector, strict=False)) for vector in vectors]
        return sorted(range(len(scores)), key=lambda n: (-scores[n], n))[:k]

    return search


def _vectors(embedding: Embedding, texts: list[str]) -> list[list[float]]:
    try:
        raw = embedding(texts)
    except Exception as err:
        raise StrategyError(f"the embedding function failed: {type(err).__name__}: {err}"
                            ) from err
    vectors = []
    for vector in raw:
        values = [float(value) for value in vector]
        norm = math.sqrt(sum(value * value for value in values)) or 1.0
        vectors.append([value / norm for value in values])
    if len(vectors) != len(texts):
        raise StrategyError(f"the embedding function returned {len(vectors)} vectors for "
                            f"{len(texts)} texts")
    return vectors


def table(rows: Sequence[Scores]) -> str:
    """A Markdown table, one row per configuration and retriever."""
    k = rows[0].k if rows else 5
    lines = [f"| strategy | retriever | chunks | ceiling | recall@{k} | MRR@10 | P@1 |",
             "|---|---|---:|---:|---:|---:|---:|"]
    lines += [f"| {r.name} | {r.retriever} | {r.chunks} | {r.ceiling:.0%} | {r.recall:.0%} | "
              f"{r.mrr:.3f} | {r.precision_at_1:.0%} |" for r in rows]
    return "\n".join(lines)


__all__ = ["Scores", "evaluate", "table"]
