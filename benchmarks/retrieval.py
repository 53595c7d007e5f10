"""Retrieval over the chunks of the corpus documents that spans.jsonl names: BM25, hit@k, MRR.

Every document that a case of `spans.jsonl` refers to (Markdown in four languages, the BGB,
the source files, the German UD prose) is chunked at one budget by each tool, and the chunks of
all documents go into one self-contained Okapi BM25 index (k1 1.2, b 0.75; tokens are runs of
letters, marks and digits, lowercased). Each case's `query` is run against it. A retrieved chunk
is a hit when it comes from the case's document and its verbatim content holds the whole span
(a table row also needs its header row in the chunk's embedded text). "Ceiling" is the share of
cases whose span lies in some chunk at all. structchunk chunks are indexed by their embedded
text (`Chunk.text`: heading path line, then the body); "hybrid, content only" indexes the same
hybrid chunks by their verbatim content, to show what the heading path adds. LangChain's
RecursiveCharacterTextSplitter and MarkdownTextSplitter (chunk_overlap 0) run when installed;
the last table gives recall@5 and MRR@10 per span kind and per language.

    python benchmarks/retrieval.py [--max-size 1000]
"""

from __future__ import annotations

import argparse
import math
from collections import Counter, defaultdict
from collections.abc import Callable

import regex
from _common import corpus_root, load_spans

import structchunk

K1, B = 1.2, 0.75
_TOKEN = regex.compile(r"[\p{L}\p{M}\p{N}]+")

Piece = tuple[str, str, str]  # (document, verbatim content, embedded text)


def tokens(text: str) -> list[str]:
    return [token.lower() for token in _TOKEN.findall(text)]


class BM25:
    """Okapi BM25 over a fixed list of texts (idf as in Lucene: never negative)."""

    def __init__(self, texts: list[str]) -> None:
        self.postings: dict[str, list[tuple[int, int]]] = defaultdict(list)
        self.lengths: list[int] = []
        for number, text in enumerate(texts):
            counts = Counter(tokens(text))
            self.lengths.append(sum(counts.values()))
            for term, count in counts.items():
                self.postings[term].append((number, count))
        self.mean_length = sum(self.lengths) / max(1, len(self.lengths))

    def search(self, query: str, k: int) -> list[int]:
        scores: dict[int, float] = defaultdict(float)
        total = len(self.lengths)
        for term in tokens(query):
            postings = self.postings.get(term, [])
            idf = math.log(1 + (total - len(postings) + 0.5) / (len(postings) + 0.5))
            for number, count in postings:
                norm = K1 * (1 - B + B * self.lengths[number] / self.mean_length)
                scores[number] += idf * count * (K1 + 1) / (count + norm)
        return sorted(scores, key=lambda number: (-scores[number], number))[:k]


def is_hit(case: dict, piece: Piece) -> bool:
    document, content, text = piece
    return (document == case["doc"] and case["span"] in content
            and (case["kind"] != "table_row" or case["header"] in text))


def evaluate(pieces: list[Piece], spans: list[dict], index_content: bool
             ) -> tuple[dict[str, float], Counter, dict[str, tuple[float, float]]]:
    """Share of cases with a hit at rank 1 and in the top 5, MRR@10, ceiling; hit@5 per kind;
    recall@5 and MRR@10 per kind and per language (`kind:<kind>`, `lang:<lang>`)."""
    index = BM25([content if index_content else text for _doc, content, text in pieces])
    by_doc: dict[str, list[Piece]] = defaultdict(list)
    for piece in pieces:
        by_doc[piece[0]].append(piece)
    sums: dict[str, float] = defaultdict(float)
    top5_by_kind: Counter = Counter()
    groups: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0])
    for case in spans:
        ranks = [rank for rank, number in enumerate(index.search(case["query"], 10), 1)
                 if is_hit(case, pieces[number])]
        first = ranks[0] if ranks else math.inf
        sums["hit@1"] += first == 1
        sums["hit@5"] += first <= 5
        top5_by_kind[case["kind"]] += first <= 5
        sums["MRR@10"] += 1 / first
        sums["ceiling"] += any(is_hit(case, piece) for piece in by_doc[case["doc"]])
        for group in (f"kind:{case['kind']}", f"lang:{case['lang']}"):
            groups[group][0] += 1
            groups[group][1] += first <= 5
            groups[group][2] += 1 / first
    per_group = {group: (hits / count, mrr / count) for group, (count, hits, mrr)
                 in groups.items()}
    return {name: value / len(spans) for name, value in sums.items()}, top5_by_kind, per_group


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--max-size", type=int, default=1000)
    args = parser.parse_args()
    root = corpus_root()
    spans = load_spans(root)
    names = sorted({case["doc"] for case in spans})
    parsed = {name: structchunk.parse(root / name) for name in names}

    def chunker(strategy: str) -> Callable[[str], list[tuple[str, str]]]:
        return lambda name: [(c.content, c.text) for c in structchunk.split(
            parsed[name], strategy=strategy, max_size=args.max_size)]

    tools = {f"structchunk {strategy}": chunker(strategy)
             for strategy in ("hybrid", "recursive", "fixed")}
    try:
        from langchain_text_splitters import RecursiveCharacterTextSplitter

        splitter = RecursiveCharacterTextSplitter(chunk_size=args.max_size, chunk_overlap=0)
        tools["langchain recursive"] = lambda name: [
            (piece, piece) for piece in splitter.split_text(
                (root / name).read_text(encoding="utf-8"))]
        from langchain_text_splitters import MarkdownTextSplitter

        markdown = MarkdownTextSplitter(chunk_size=args.max_size, chunk_overlap=0)
        tools["langchain markdown"] = lambda name: [
            (piece, piece) for piece in markdown.split_text(
                (root / name).read_text(encoding="utf-8"))]
    except ImportError:
        pass

    runs = []
    for tool, split in tools.items():
        pieces = [(name, content, text) for name in names for content, text in split(name)]
        runs.append((tool, pieces, False))
        if tool == "structchunk hybrid":
            runs.append(("structchunk hybrid, content only", pieces, True))

    print(f"{len(names)} documents, {len(spans)} cases, max size {args.max_size}\n")
    print("| chunker | chunks | ceiling | hit@1 | hit@5 | MRR@10 |")
    print("|---|---|---|---|---|---|")
    per_kind = {}
    per_group = {}
    for tool, pieces, index_content in runs:
        scores, per_kind[tool], per_group[tool] = evaluate(pieces, spans, index_content)
        print(f"| {tool} | {len(pieces)} | {scores['ceiling']:.0%} | {scores['hit@1']:.0%} | "
              f"{scores['hit@5']:.0%} | {scores['MRR@10']:.3f} |")
    print("\nhit@5 per kind:\n")
    print("| kind | cases | " + " | ".join(per_kind) + " |")
    print("|---|---|" + "---|" * len(per_kind))
    for kind, count in sorted(Counter(case["kind"] for case in spans).items()):
        print(f"| {kind} | {count} | "
              + " | ".join(str(hits[kind]) for hits in per_kind.values()) + " |")
    counts = Counter([f"kind:{case['kind']}" for case in spans]
                     + [f"lang:{case['lang']}" for case in spans])
    print("\nrecall@5 / MRR@10 per kind and per language:\n")
    print("| group | cases | " + " | ".join(per_group) + " |")
    print("|---|---|" + "---|" * len(per_group))
    for group in sorted(counts, key=lambda name: (not name.startswith("lang"), name)):
        print(f"| {group.split(':', 1)[1]} | {counts[group]} | " + " | ".join(
            f"{values[group][0]:.0%} / {values[group][1]:.2f}" for values in per_group.values())
            + " |")


if __name__ == "__main__":
    main()
