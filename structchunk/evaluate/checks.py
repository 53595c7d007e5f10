"""Span regression checks: what a team keeps in CI so a chunking change cannot quietly cut an
answer in half.

For each case (the occurrence of its span nearest its `char_start`, see `holders`): what the
model reads from one retrievable chunk holds it, no two chunks' verbatim content repeat it, a
table row's chunk holds the header row too; and, when `k` is given, the chunk that holds the
span (in what the model reads, its context) is among the top `k` chunks of a BM25 search for the
query over the chunks of every document the cases name, and the contexts of those top `k` chunks
stay under `context_ceiling`. Retrieval is opt-in because a lexical search misses some phrasings
(a German query for "Begriff" and a heading "Begriffsbestimmungen") whatever the chunking."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from structchunk.chunk.chunk import Chunk
from structchunk.errors import BudgetError
from structchunk.evaluate.bm25 import BM25Index
from structchunk.evaluate.cases import SpanCase
from structchunk.evaluate.config import Chunking, retrievable
from structchunk.evaluate.corpus import Corpus, searchable
from structchunk.evaluate.holders import Occurrence, locate, reads, repeats
from structchunk.evaluate.stamp import make_stamp


@dataclass
class SpanResult:
    case: SpanCase
    holders: int = 0
    occurrences: int = 0
    holder: int | None = None  # index of the chunk holding the occurrence
    rank: int | None = None
    context_size: int = 0
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.problems


@dataclass
class SpanReport:
    chunking: Chunking
    stamp: dict[str, Any]
    k: int | None
    context_ceiling: int | None
    results: list[SpanResult]

    @property
    def failures(self) -> list[SpanResult]:
        return [result for result in self.results if not result.passed]

    @property
    def passed(self) -> bool:
        return not self.failures

    def format(self) -> str:
        """A readable report: one line per failing span, naming it and what went wrong."""
        lines = [f"{len(self.results) - len(self.failures)} of {len(self.results)} spans pass "
                 f"(strategy {self.chunking.strategy}, max size {self.chunking.max_size}"
                 + (f", BM25 top {self.k}" if self.k else "")
                 + (f", context ceiling {self.context_ceiling}" if self.context_ceiling else "")
                 + ")"]
        for result in self.failures:
            case = result.case
            lines.append(f"FAIL {case.id} ({case.doc}): {'; '.join(result.problems)}")
            lines.append(f"     span: {_preview(case.span)}")
        for result in self.results:
            lines += [f"NOTE {result.case.id} ({result.case.doc}): {note}"
                      for note in result.notes]
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        return {"stamp": self.stamp, "k": self.k, "context_ceiling": self.context_ceiling,
                "passed": self.passed,
                "results": [{"id": r.case.id, "doc": r.case.doc, "passed": r.passed,
                             "holders": r.holders, "occurrences": r.occurrences,
                             "holder": r.holder, "rank": r.rank,
                             "context_size": r.context_size, "problems": r.problems,
                             "notes": r.notes}
                            for r in self.results]}


def holds(chunk: Chunk, case: SpanCase) -> bool:
    """The model gets the whole span (and a table row's header) from this chunk, wherever in
    the document the span occurs; `holders.reads` asks it of one occurrence."""
    if case.span not in chunk.context:
        return False
    return case.header is None or case.header in chunk.text or case.header in chunk.context


def check_spans(cases: list[SpanCase], corpus: Corpus, chunking: Chunking, k: int | None = None,
                context_ceiling: int | None = None) -> SpanReport:
    if context_ceiling is not None and not k:
        raise BudgetError("a context ceiling applies to the top k chunks: give k as well")
    chunked = corpus.chunks((case.doc for case in cases), chunking)
    pool = searchable(chunked)
    index = BM25Index([chunk.text for _doc, chunk in pool]) if k else None
    results = []
    for case in cases:
        result = SpanResult(case)
        results.append(result)
        occurrence = locate(case, corpus.document(case.doc, chunking).text)
        if occurrence is None:
            result.problems.append("the span is not in the document (copy it verbatim)")
            continue
        _check_holder(result, occurrence, retrievable(chunked[case.doc]))
        if index is None or not k:
            continue
        top = index.search(case.query, k)
        result.rank = next((rank for rank, number in enumerate(top, 1)
                            if pool[number][0] == case.doc
                            and reads(pool[number][1], occurrence, case)), None)
        if result.rank is None:
            result.problems.append(f"the chunk holding the span is not in the BM25 top {k}")
        result.context_size = _context_size(chunking, [pool[number] for number in top])
        if context_ceiling is not None and result.context_size > context_ceiling:
            result.problems.append(f"the top {k} contexts are {result.context_size}, over the "
                                   f"ceiling of {context_ceiling}")
    return SpanReport(chunking, make_stamp(chunking), k, context_ceiling, results)


def _check_holder(result: SpanResult, occurrence: Occurrence, chunks: list[Chunk]) -> None:
    """Record which chunk holds the occurrence, and what went wrong when none or several."""
    case = result.case
    readers = [chunk for chunk in chunks if reads(chunk, occurrence, case)
               or (case.header is not None and repeats(chunk, occurrence))]
    verbatim = [chunk for chunk in chunks if repeats(chunk, occurrence)]
    holder = (verbatim or readers)[0] if verbatim or readers else None
    result.occurrences = occurrence.count
    result.holders = len(verbatim) or min(1, len(readers))
    result.holder = holder.index if holder is not None else None
    if occurrence.count > 1:
        _report_occurrence(result, occurrence, holder, verbatim)
    elif holder is None:
        result.problems.append("no chunk holds the whole span: a boundary cuts it")
    elif len(verbatim) > 1:
        result.problems.append(f"the span is in chunks {_named(verbatim)}: overlap repeats it")
    elif case.header is not None and not reads(holder, occurrence, case):
        result.problems.append(f"the row's chunk lacks the table header (chunk "
                               f"{holder.index})")


def _report_occurrence(result: SpanResult, occurrence: Occurrence, holder: Chunk | None,
                       verbatim: list[Chunk]) -> None:
    """What happened to the one occurrence of a span the file holds several times."""
    where = (f"occurs {occurrence.count} times in the file; the occurrence at char_start "
             f"{occurrence.start}")
    if holder is None:
        result.problems.append(f"{where} is cut: no chunk holds it whole")
    elif len(verbatim) > 1:
        result.problems.append(f"{where} is in chunks {_named(verbatim)}: overlap repeats it")
    elif result.case.header is not None and not reads(holder, occurrence, result.case):
        result.problems.append(f"{where} is in chunk {holder.index}, which lacks the table "
                               f"header")
    else:
        result.notes.append(f"{where} is in chunk {holder.index}")


def _named(chunks: list[Chunk]) -> str:
    return ", ".join(str(chunk.index) for chunk in chunks)


def _context_size(chunking: Chunking, hits: list[tuple[str, Chunk]]) -> int:
    """What the model is handed for these hits: each distinct context once (leaves of one
    parent share it)."""
    seen = {(doc, chunk.context_start, chunk.context_end): chunk.context for doc, chunk in hits}
    return sum(chunking.size(context) for context in seen.values())


def _preview(text: str, limit: int = 90) -> str:
    flat = " ".join(text.split())
    return repr(flat if len(flat) <= limit else flat[:limit - 1] + "…")


__all__ = ["SpanReport", "SpanResult", "check_spans", "holds"]
