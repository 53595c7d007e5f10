"""Natural questions (benchmarks/natural_questions.jsonl): structchunk's strategies and the peers
of speed.py in one run, with BM25 and with all-MiniLM-L6-v2 (offline, `bench` extra).

Every document a question names is chunked by each tool at one budget; all pieces of a tool go
into one index. structchunk pieces are indexed by their embedded text (`Chunk.text`), the peers'
by their strings. "+ context" is the hybrid chunks with deterministic context before the
embedded text: the document title, and for a chunk that starts inside a section (not at its
heading) that section's first sentence. The embedding rows use the English questions and
their documents only (the model is English), and the tools named by --embedding-tools.

    python benchmarks/natural_retrieval.py [--max-size 1000] [--embedding]
"""

from __future__ import annotations

import argparse
import hashlib
import json
from collections.abc import Callable

import regex
from _common import REPO, corpus_root

import structchunk
from structchunk.evaluate.natural import (
    Piece,
    bm25_search,
    dense_search,
    load_questions,
    pooled_by_language,
    score,
)
from structchunk.tree import Document, NodeKind, trim_span

QUESTIONS = REPO / "benchmarks" / "natural_questions.jsonl"
CACHE = REPO / "benchmarks" / ".cache" / "minilm.json"
_SENTENCE_END = regex.compile(r"(?<=[.!?।。])\s")
Tool = Callable[[str], list[Piece]]


def structchunk_tool(parsed: dict[str, Document], strategy: str, max_size: int,
                     context: bool = False) -> Tool:
    def chunk(name: str) -> list[Piece]:
        document = parsed[name]
        chunks = structchunk.split(document, strategy=strategy, max_size=max_size)
        leaves = [c for c in chunks if c.metadata.get("hierarchy") != "parent"]
        if not context:
            return [Piece(name, c.content, c.text) for c in leaves]
        sections = _section_leads(document)
        title = document.metadata.get("title") or document.metadata.get("law") or ""
        pieces = []
        for c in leaves:
            lead = next((first for start, end, first in sections
                         if start < c.start < end and first not in c.content), "")
            extra = "\n".join(part for part in (title, lead) if part and part not in c.text)
            pieces.append(Piece(name, c.content, f"{extra}\n\n{c.text}" if extra else c.text))
        return pieces

    return chunk


def _section_leads(document: Document) -> list[tuple[int, int, str]]:
    """(start, end, first sentence) of each section, innermost last."""
    text = document.text
    found = []
    for node, _depth in document.root.walk():
        if node.kind is not NodeKind.SECTION:
            continue
        paragraph = next((child for child in node.children
                          if child.kind is NodeKind.PARAGRAPH), None)
        if paragraph is None:
            continue
        start, end = trim_span(text, paragraph.start, paragraph.end)
        first = _SENTENCE_END.split(text[start:end], maxsplit=1)[0][:300]
        found.append((node.start, node.end, " ".join(first.split())))
    return sorted(found, key=lambda entry: (entry[0], -entry[1]))[::-1]


def peer_tools(texts: dict[str, str], max_size: int) -> dict[str, Tool]:
    tools: dict[str, Tool] = {}
    try:
        from langchain_text_splitters import (
            MarkdownHeaderTextSplitter,
            RecursiveCharacterTextSplitter,
        )

        recursive = RecursiveCharacterTextSplitter(chunk_size=max_size, chunk_overlap=0)
        headers = MarkdownHeaderTextSplitter(
            [("#" * level, f"h{level}") for level in range(1, 7)], strip_headers=False)
        tools["LangChain recursive"] = lambda name: [
            Piece(name, piece, piece) for piece in recursive.split_text(texts[name])]
        tools["LangChain Markdown headers + recursive"] = lambda name: [
            Piece(name, doc.page_content, doc.page_content) for doc in
            recursive.split_documents(headers.split_text(texts[name]))]
    except ImportError:
        pass
    try:
        from chonkie import RecursiveChunker

        chonkie = RecursiveChunker(tokenizer="character", chunk_size=max_size)
        tools["Chonkie recursive"] = lambda name: [
            Piece(name, chunk.text, chunk.text) for chunk in chonkie.chunk(texts[name])]
    except ImportError:
        pass
    try:
        from semantic_text_splitter import MarkdownSplitter

        rust = MarkdownSplitter(max_size)
        tools["semantic-text-splitter Markdown"] = lambda name: [
            Piece(name, piece, piece) for piece in rust.chunks(texts[name])]
    except ImportError:
        pass
    return tools


def cached_minilm() -> Callable[[list[str]], list[list[float]]]:
    """The MiniLM embedding with vectors kept on disk by text hash (runs repeat texts)."""
    from structchunk.evaluate.minilm import embed

    cache: dict[str, list[float]] = json.loads(CACHE.read_text()) if CACHE.is_file() else {}

    def embedding(texts: list[str]) -> list[list[float]]:
        keys = [hashlib.sha1(text.encode("utf-8")).hexdigest() for text in texts]
        missing = sorted({key: text for key, text in zip(keys, texts, strict=True)
                          if key not in cache}.items())
        if missing:
            for (key, _), vector in zip(missing, embed([text for _, text in missing]),
                                        strict=True):
                cache[key] = [round(value, 6) for value in vector]
            CACHE.parent.mkdir(exist_ok=True)
            CACHE.write_text(json.dumps(cache))
        return [cache[key] for key in keys]

    return embedding


def table(title: str, results: dict[str, dict[str, tuple[int, float, float, float]]]) -> None:
    groups = sorted({group for rows in results.values() for group in rows},
                    key=lambda group: (group != "all", not group.startswith("lang"), group))
    print(f"\n{title}\n")
    print("| tool | " + " | ".join(groups) + " |")
    print("|---|" + "---|" * len(groups))
    counts = next(iter(results.values()))
    print("| questions | " + " | ".join(str(counts.get(g, (0,))[0]) for g in groups) + " |")
    for tool, rows in results.items():
        cells = [f"{rows[g][1]:.0%} / {rows[g][2]:.0%} / {rows[g][3]:.2f}" if g in rows else "-"
                 for g in groups]
        print(f"| {tool} | " + " | ".join(cells) + " |")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--max-size", type=int, default=1000)
    parser.add_argument("--embedding", action="store_true")
    parser.add_argument("--embedding-tools", default="structchunk hybrid,LangChain recursive")
    args = parser.parse_args()
    root = corpus_root()
    # Languages with a handful of questions are reported together.
    questions = pooled_by_language(load_questions(QUESTIONS, root))
    names = sorted({question.doc for question in questions})
    texts = {name: (root / name).read_text(encoding="utf-8") for name in names}
    parsed = {name: structchunk.parse(root / name) for name in names}
    tools: dict[str, Tool] = {
        f"structchunk {strategy}": structchunk_tool(parsed, strategy, args.max_size)
        for strategy in ("hybrid", "hierarchical", "sentence_window", "recursive", "fixed")}
    tools["structchunk hybrid + context"] = structchunk_tool(parsed, "hybrid", args.max_size,
                                                            context=True)
    tools.update(peer_tools(texts, args.max_size))
    pieces = {tool: [piece for name in names for piece in chunk(name)]
              for tool, chunk in tools.items()}
    print(f"{len(questions)} questions over {len(names)} documents, max size {args.max_size}; "
          "cells: recall@1 / recall@5 / MRR@10")
    table("BM25", {tool: score(questions, found, bm25_search(found))
                   for tool, found in pieces.items()})
    if args.embedding:
        english = [question for question in questions if question.lang == "en"]
        docs = {question.doc for question in english}
        embedding = cached_minilm()
        results = {}
        for tool in args.embedding_tools.split(","):
            found = [piece for piece in pieces[tool] if piece.doc in docs]
            results[tool] = score(english, found, dense_search(found, embedding))
        table("all-MiniLM-L6-v2 (English questions)", results)


if __name__ == "__main__":
    main()
