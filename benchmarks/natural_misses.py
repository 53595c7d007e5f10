"""Why the default strategy misses natural questions (benchmarks/natural_questions.jsonl).

For each question hybrid misses at recall@5 with BM25, one line: the answer chunk's rank
(none past 10), its size, whether its embedded path names the document (title or file) and
whether the question's words appear in its path, and the document of the chunk ranked
first. Then the share of each embedded-text variant's hits, so a change in what is embedded
is judged on all questions and per group before it goes into the library:

    python benchmarks/natural_misses.py [--max-size 1000] [--embedding]

With --embedding the ranking is all-MiniLM-L6-v2's over the English questions' documents
(vectors from natural_retrieval.py's cache, computed where missing).
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Callable

import regex
from _common import REPO, corpus_root

import structchunk
from structchunk.chunk.chunk import Chunk
from structchunk.evaluate.natural import (
    Piece,
    Question,
    Search,
    bm25_search,
    dense_search,
    load_questions,
    pooled_by_language,
    score,
)

QUESTIONS = REPO / "benchmarks" / "natural_questions.jsonl"
_WORD = regex.compile(r"\w+")
Variant = Callable[[Chunk, str], str]


def _path_line(chunk: Chunk) -> str:
    """What the embedded text holds before the content: the heading path, a lead-in."""
    at = chunk.text.find(chunk.content)
    return chunk.text[:at].strip() if at > 0 else ""


VARIANTS: dict[str, Variant] = {
    "embedded text (default)": lambda chunk, title: chunk.text,
    "content only": lambda chunk, title: chunk.content,
    "title + content": lambda chunk, title: f"{title}\n\n{chunk.content}" if title
    else chunk.content,
    "title + embedded text": lambda chunk, title: chunk.text if not title or title in chunk.text
    else f"{title}\n\n{chunk.text}",
    "embedded text + path again": lambda chunk, title: f"{_path_line(chunk)}\n{chunk.text}",
    "innermost heading + content": lambda chunk, title: _with(_innermost(chunk), chunk),
    "title + innermost heading + content": lambda chunk, title: _with(
        " > ".join(dict.fromkeys(part for part in (title, _innermost(chunk)) if part)), chunk),
}


def _innermost(chunk: Chunk) -> str:
    """The last title of the chunk's heading path that its content does not open with."""
    path = chunk.heading_path
    return path[-1] if path and not chunk.content.lstrip("# ").startswith(path[-1]) else ""


def _with(line: str, chunk: Chunk) -> str:
    return f"{line}\n\n{chunk.content}" if line else chunk.content


def _title(document: structchunk.Document, name: str) -> str:
    meta = document.metadata
    return str(meta.get("title") or meta.get("law") or name.rsplit("/", 1)[-1])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--max-size", type=int, default=1000)
    parser.add_argument("--embedding", action="store_true")
    parser.add_argument("--variants", default="", help="labels of VARIANTS, comma-separated")
    args = parser.parse_args()
    root = corpus_root()
    # Languages with a handful of questions are reported together.
    questions = pooled_by_language(load_questions(QUESTIONS, root))
    search_of: Callable[[list[Piece]], Search] = bm25_search
    if args.embedding:
        from natural_retrieval import cached_minilm

        embedding = cached_minilm()
        questions = [question for question in questions if question.lang == "en"]
        search_of = lambda found: dense_search(found, embedding)  # noqa: E731
    names = sorted({question.doc for question in questions})  # after the English filter
    chunks: dict[str, list[Chunk]] = {}
    titles: dict[str, str] = {}
    for name in names:
        document = structchunk.parse(root / name)
        titles[name] = _title(document, name)
        chunks[name] = [chunk for chunk in structchunk.split(document, max_size=args.max_size)
                        if chunk.metadata.get("hierarchy") != "parent"]
    owners = [(name, chunk) for name in names for chunk in chunks[name]]
    # Each variant is some thousand new vectors with --embedding: choose with --variants.
    variants = {label: VARIANTS[label] for label in args.variants.split(",")} \
        if args.variants else VARIANTS
    for label, variant in variants.items():
        pieces = [Piece(name, chunk.content, variant(chunk, titles[name]))
                  for name, chunk in owners]
        result = score(questions, pieces, search_of(pieces))
        groups = " ".join(f"{group}={row[2]:.0%}" for group, row in sorted(result.items())
                          if group != "all")
        print(f"{label}: r@1 {result['all'][1]:.0%} r@5 {result['all'][2]:.0%} "
              f"MRR {result['all'][3]:.2f} | {groups}")
    pieces = [Piece(name, chunk.content, chunk.text) for name, chunk in owners]
    _misses(questions, pieces, owners, titles, search_of(pieces))


def _misses(questions: list[Question], pieces: list[Piece],
            owners: list[tuple[str, Chunk]], titles: dict[str, str],
            search: Callable[[str, int], list[int]]) -> None:
    print("\nmisses at 5: id kind lang | rank size path-names-doc question-words-in-path "
          "| top document")
    reasons: Counter[str] = Counter()
    for question in questions:
        found = search(question.question, 10)
        ranks = [rank for rank, number in enumerate(found, 1)
                 if pieces[number].doc == question.doc
                 and question.answer in pieces[number].content]
        if ranks and ranks[0] <= 5:
            continue
        holder = next((chunk for name, chunk in owners if name == question.doc
                       and chunk.start <= question.char_start and chunk.end >= question.char_end),
                      None)
        path = _path_line(holder).lower() if holder else ""
        words = {word.lower() for word in _WORD.findall(question.question) if len(word) > 3}
        in_path = sorted(word for word in words if word in path)
        names_doc = titles[question.doc].lower() in path
        top = pieces[found[0]].doc if found else "-"
        reasons["other document first" if top != question.doc else "same document first"] += 1
        size = len(holder.content) if holder else 0
        reasons["small chunk (< 300)" if size < 300 else "chunk of 300 or more"] += 1
        print(f"{question.id} {question.kind} {question.lang} | "
              f"{ranks[0] if ranks else '-'} {size} {names_doc} {','.join(in_path) or '-'} "
              f"| {top} | {question.question}")
    print("\n" + ", ".join(f"{reason}: {count}" for reason, count in reasons.most_common()))


if __name__ == "__main__":
    main()
