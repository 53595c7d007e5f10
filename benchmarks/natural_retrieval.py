"""Natural questions (benchmarks/natural_questions.jsonl): structchunk's strategies and the peers
of speed.py in one run, with BM25 and with all-MiniLM-L6-v2 (offline, `bench` extra).

Every document a question names is chunked by each tool at one budget; all pieces of a tool go
into one index. structchunk pieces are indexed by their embedded text (`Chunk.text`), the peers'
by their strings. "+ context" is the hybrid chunks with deterministic context before the
embedded text: the document title, and for a chunk that starts inside a section (not at its
heading) that section's first sentence. The embedding rows use the English questions and
their documents only (the model is English), and the tools named by --embedding-tools.
"in the question's language" rows search each question only among the chunks whose
`language` metadata is the question's (or none, as for code): a filter structchunk's
metadata allows and the peers' strings do not. For a fair comparison the peers get the
coarser filter any pipeline can build: "documents in the question's language" keeps the
pieces of documents detected in that language (structchunk's document-level detection).

With --stemmed, BM25 runs a second time with Snowball stemming (PyStemmer, `bench` extra), as
bm25s's own examples set it up: every piece stemmed in its document's language (the same
detected language for every tool, so only the boundaries differ) and every question in its
own; a language Snowball lacks (Marathi, Japanese, ...) is left unstemmed.

Vectors are appended to benchmarks/.cache/minilm.jsonl as they are computed (keyed by model
and text hash), so an interrupted embedding run resumes where it stopped.

    python benchmarks/natural_retrieval.py [--max-size 1000] [--embedding] [--stemmed]
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from dataclasses import replace

import regex
from _common import REPO, corpus_root

import structchunk
from structchunk.evaluate.bm25 import tokens
from structchunk.evaluate.natural import (
    Piece,
    Question,
    Search,
    bm25_search,
    dense_search,
    first_ranks,
    load_questions,
    pooled_by_language,
    score,
    score_in_language,
)
from structchunk.evaluate.paired import paired, smallest_significant_lead
from structchunk.evaluate.vector_cache import cached_embedding
from structchunk.tree import Document, NodeKind, trim_span

QUESTIONS = REPO / "benchmarks" / "natural_questions.jsonl"
CACHE = REPO / "benchmarks" / ".cache" / "minilm.jsonl"
DEFAULT_AND_BEST = ("structchunk hybrid", "structchunk hierarchical")
EMBEDDING_TOOLS = ",".join((*DEFAULT_AND_BEST, "LangChain recursive",
                            "LangChain Markdown headers + recursive", "Chonkie recursive",
                            "semantic-text-splitter Markdown"))
_SENTENCE_END = regex.compile(r"(?<=[.!?।。])\s")
Tool = Callable[[str], list[Piece]]


def structchunk_tool(parsed: dict[str, Document], strategy: str, max_size: int,
                     context: bool = False) -> Tool:
    def chunk(name: str) -> list[Piece]:
        document = parsed[name]
        chunks = structchunk.split(document, strategy=strategy, max_size=max_size)
        leaves = [c for c in chunks if c.metadata.get("hierarchy") != "parent"]
        if not context:
            return [Piece(name, c.content, c.text, c.language) for c in leaves]
        sections = _section_leads(document)
        title = document.metadata.get("title") or document.metadata.get("law") or ""
        pieces = []
        for c in leaves:
            lead = next((first for start, end, first in sections
                         if start < c.start < end and first not in c.content), "")
            extra = "\n".join(part for part in (title, lead) if part and part not in c.text)
            pieces.append(Piece(name, c.content, f"{extra}\n\n{c.text}" if extra else c.text,
                                c.language))
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


def cached_minilm() -> Callable[[list[str]], Sequence[Sequence[float]]]:
    """The MiniLM embedding with its vectors kept in CACHE as they are computed."""
    from structchunk.evaluate.minilm import embed

    def progress(done: int, missing: int) -> None:
        if done % 200 == 0 or done == missing:
            print(f"  embedded {done} of {missing}", file=sys.stderr, flush=True)

    return cached_embedding(embed, "all-MiniLM-L6-v2", CACHE, progress)


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


# Snowball's algorithm for each language code of the questions and documents it covers.
SNOWBALL = {"ar": "arabic", "ca": "catalan", "cs": "czech", "da": "danish", "de": "german",
            "el": "greek", "en": "english", "es": "spanish", "fa": "persian", "fi": "finnish",
            "fr": "french", "hi": "hindi", "hu": "hungarian", "id": "indonesian",
            "it": "italian", "ne": "nepali", "nl": "dutch", "pl": "polish", "pt": "portuguese",
            "ro": "romanian", "ru": "russian", "sv": "swedish", "ta": "tamil", "tr": "turkish"}


def stemmed_search_of(document_language: Callable[[Piece], str | None],
                      question_language: dict[str, str]
                      ) -> Callable[[Sequence[Piece]], Search]:
    """BM25 (bm25s) over stemmed tokens: each piece in `document_language`, each question
    (by its text) in `question_language`."""
    import bm25s
    import Stemmer

    stemmers: dict[str, Stemmer.Stemmer] = {}

    def stemmed(text: str, language: str | None) -> list[str]:
        words = tokens(text)
        algorithm = SNOWBALL.get((language or "").split("-")[0])
        if algorithm is None:
            return words
        return stemmers.setdefault(algorithm, Stemmer.Stemmer(algorithm)).stemWords(words)

    def make_search(pieces: Sequence[Piece]) -> Search:
        retriever = bm25s.BM25()
        retriever.index([stemmed(piece.text, document_language(piece)) or [""]
                         for piece in pieces], show_progress=False)
        vocabulary = set(retriever.vocab_dict)

        def search(query: str, k: int) -> list[int]:
            terms = [term for term in stemmed(query, question_language[query])
                     if term in vocabulary]
            if not terms or not pieces:
                return []
            found, scores = retriever.retrieve([terms], k=min(k, len(pieces)),
                                               show_progress=False)
            return [int(number) for number, value in zip(found[0], scores[0], strict=True)
                    if value > 0]

        return search

    return make_search


def paired_table(title: str, questions: list[Question], pieces: dict[str, list[Piece]],
                 make_search: Callable[[Sequence[Piece]], Search]) -> None:
    """structchunk's default against every other tool, question by question: the questions
    only the default finds within the top k, those only the other finds, and the sign
    test's p (structchunk/evaluate/paired.py), for all questions and per language."""
    ranks = {tool: first_ranks(questions, found, make_search(found))
             for tool, found in pieces.items()}
    groups = {"all": questions}
    for question in questions:
        groups.setdefault(f"lang:{question.lang}", []).append(question)
    print(f"\n{title}: cells are questions found only by structchunk hybrid / only by the "
          "other tool (sign test p), at 1 and at 5\n")
    print("| against | " + " | ".join(f"{group} ({len(members)}) @{k}" for group, members
                                       in groups.items() for k in (1, 5)) + " |")
    print("|---|" + "---|" * 2 * len(groups))
    default = ranks[DEFAULT_AND_BEST[0]]
    for tool, other in ranks.items():
        if tool == DEFAULT_AND_BEST[0]:
            continue
        cells = []
        for members in groups.values():
            ids = {question.id for question in members}
            for k in (1, 5):
                result = paired({key: default[key] for key in ids},
                                {key: other[key] for key in ids}, k)
                cells.append(f"+{result.only_first} / -{result.only_second} "
                             f"({result.p_value:.2f})")
        print(f"| {tool} | " + " | ".join(cells) + " |")
    for k in (1, 5):
        nobody = {group: sum(all(ranks[tool][question.id] > k for tool in ranks)
                             for question in members) for group, members in groups.items()}
        print(f"\nmissed at {k} by every tool: " + ", ".join(
            f"{group} {count} of {len(groups[group])}" for group, count in nobody.items()))
    leads = ", ".join(f"{group} {0.05 * len(members):.1f}" for group, members in groups.items())
    print(f"\na lead of 5 points is, in questions: {leads}; the sign test tells a lead from "
          f"chance (p < 0.05) only from {smallest_significant_lead(len(questions))} questions "
          "found by one tool only with none the other way")


CONTEXT_BUDGETS = (2_000, 5_000, 10_000)


def context_table(title: str, questions: list[Question], pieces: dict[str, list[Piece]],
                  make_search: Callable[[Sequence[Piece]], Search]) -> None:
    """Recall within a context budget: the ranked pieces are taken while their embedded
    texts fit in so many characters, what a pipeline hands its language model; a tool
    with larger chunks gets fewer of them. Shares of the questions whose answer is taken."""
    print(f"\n{title}: recall within " + ", ".join(f"{budget:,}" for budget in CONTEXT_BUDGETS)
          + " characters of embedded text\n")
    print("| tool | " + " | ".join(f"{budget:,}" for budget in CONTEXT_BUDGETS) + " |")
    print("|---|" + "---|" * len(CONTEXT_BUDGETS))
    for tool, found in pieces.items():
        search = make_search(found)
        ranked = {question.id: [found[number] for number in search(question.question, 40)]
                  for question in questions}
        cells = []
        for budget in CONTEXT_BUDGETS:
            taken = sum(_answer_within(question, ranked[question.id], budget)
                        for question in questions)
            cells.append(f"{taken / len(questions):.0%}")
        print(f"| {tool} | " + " | ".join(cells) + " |")


def _answer_within(question: Question, ranked: list[Piece], budget: int) -> bool:
    used = 0
    for piece in ranked:
        used += len(piece.text)
        if used > budget:
            return False
        if piece.doc == question.doc and question.answer in piece.content:
            return True
    return False


def scored(questions: list[Question], pieces: dict[str, list[Piece]],
           make_search: Callable[[Sequence[Piece]], Search], original: dict[str, str]
           ) -> tuple[dict, dict]:
    """All tools scored over all pieces, and structchunk's default and best strategies
    again with each question searched in its own language only."""
    results = {tool: score(questions, found, make_search(found))
               for tool, found in pieces.items()}
    in_language = {}
    for tool, found in pieces.items():
        if tool.startswith("structchunk") and tool not in DEFAULT_AND_BEST:
            continue
        label = "in the question's language" if tool.startswith("structchunk") else \
            "documents in the question's language"
        in_language[f"{tool} ({label})"] = score_in_language(
            questions, found, make_search, lambda question: original[question.id])
    return results, in_language


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--max-size", type=int, default=1000)
    parser.add_argument("--embedding", action="store_true")
    parser.add_argument("--embedding-tools", default=EMBEDDING_TOOLS)
    parser.add_argument("--stemmed", action="store_true",
                        help="BM25 again over Snowball-stemmed tokens (PyStemmer)")
    args = parser.parse_args()
    root = corpus_root()
    asked = load_questions(QUESTIONS, root)
    original = {question.id: question.lang for question in asked}
    # Languages with a handful of questions are reported together.
    questions = pooled_by_language(asked)
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
    for tool, found in pieces.items():  # the peers know only each document's language
        if not tool.startswith("structchunk"):
            pieces[tool] = [replace(piece, language=parsed[piece.doc].language)
                            for piece in found]
    print(f"{len(questions)} questions over {len(names)} documents, max size {args.max_size}; "
          "cells: recall@1 / recall@5 / MRR@10")
    results, in_language = scored(questions, pieces, bm25_search, original)
    table("BM25", results | in_language)
    paired_table("BM25, paired", questions, pieces, bm25_search)
    context_table("BM25", questions, pieces, bm25_search)
    if args.stemmed:
        stemmed = stemmed_search_of(lambda piece: parsed[piece.doc].language,
                                    {question.question: original[question.id]
                                     for question in questions})
        table("BM25, Snowball-stemmed", {tool: score(questions, found, stemmed(found))
                                         for tool, found in pieces.items()})
        paired_table("BM25, Snowball-stemmed, paired", questions, pieces, stemmed)
    if args.embedding:
        english = [question for question in questions if question.lang == "en"]
        docs = {question.doc for question in english}
        embedding = cached_minilm()
        chosen = {tool: [piece for piece in pieces[tool] if piece.doc in docs]
                  for tool in args.embedding_tools.split(",")}
        print(f"embedding {sum(map(len, chosen.values()))} pieces", file=sys.stderr)
        results, in_language = scored(
            english, chosen, lambda found: dense_search(found, embedding), original)
        table("all-MiniLM-L6-v2 (English questions)", results | in_language)
        paired_table("all-MiniLM-L6-v2, paired", english, chosen,
                     lambda found: dense_search(found, embedding))
        context_table("all-MiniLM-L6-v2", english, chosen,
                      lambda found: dense_search(found, embedding))


if __name__ == "__main__":
    main()
