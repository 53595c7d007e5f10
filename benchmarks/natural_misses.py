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
from pathlib import Path

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
    """The heading path line at the head of the embedded text ("" when there is none)."""
    if chunk.text == chunk.content or not chunk.heading_path:
        return ""
    line = chunk.text.split("\n\n", 1)[0]
    known = set(chunk.heading_path)
    parts = line.split(" > ")
    if all(part in known or part == "…" or part.endswith("…") for part in parts):
        return line
    return ""


def _body(chunk: Chunk) -> str:
    """The embedded text without its path line: the content with any repeated lead-in,
    term or table header before it."""
    line = _path_line(chunk)
    return chunk.text[len(line) + 2:] if line else chunk.text


def _is_code(chunk: Chunk) -> bool:
    """Whether the chunk's path names a code definition, or it is a source file's."""
    return bool(chunk.metadata.get("definitions")) or "code_language" in chunk.metadata


def _is_provision(chunk: Chunk) -> bool:
    return isinstance(chunk.metadata.get("section"), str)


def _innermost(chunk: Chunk) -> str:
    """The innermost title of the path line (the title the content does not open with)."""
    line = _path_line(chunk)
    return line.rsplit(" > ", 1)[-1] if line else ""


def _joined(*parts: str) -> str:
    return " > ".join(dict.fromkeys(part for part in parts if part))


def _with(line: str, chunk: Chunk) -> str:
    return f"{line}\n\n{_body(chunk)}" if line else _body(chunk)


def _root_leaf(chunk: Chunk, title: str) -> str:
    """The path line as the title and the innermost heading only."""
    line = _path_line(chunk)
    if not line:
        return _body(chunk)
    root = chunk.heading_path[0]
    return _with(_joined(root, _innermost(chunk)), chunk)


def _path_where_named(chunk: Chunk, title: str) -> str:
    """The path line for code definitions and statute provisions (it names them), the
    title alone for the rest."""
    if _is_code(chunk) or _is_provision(chunk):
        return chunk.text
    return _with(title, chunk)


def _opens_with_heading(chunk: Chunk) -> bool:
    """Whether the chunk's content opens with its innermost heading (the path line then
    leaves that title out: it is the content's first line)."""
    path = chunk.heading_path
    return bool(path) and path[-1] not in _path_line(chunk)


def _unless_opening(line: Callable[[Chunk], str]) -> Variant:
    """A variant embedding `line` before the body of a chunk that starts inside its section,
    and the body alone for one that opens with its heading."""
    return lambda chunk, title: _body(chunk) if _opens_with_heading(chunk) \
        else _with(line(chunk), chunk)


_TAG = regex.compile(r"<[^<>\n]+>")
_LINKED = regex.compile(r"!?\[([^\]\n]*)\]\([^)\n]*\)")
_URL = regex.compile(r"https?://\S+")


def _readable(text: str) -> str:
    """Markup reduced to what a reader sees: tags dropped, links and images as their text."""
    return _URL.sub("", _LINKED.sub(r"\1", _TAG.sub("", text)))


VARIANTS: dict[str, Variant] = {
    "markup reduced to its text": lambda chunk, title: chunk.text if _is_code(chunk)
    else _readable(chunk.text),
    "embedded text (default)": lambda chunk, title: chunk.text,
    "content only": lambda chunk, title: chunk.content,
    "body only (no path line)": lambda chunk, title: _body(chunk),
    "title + content": lambda chunk, title: f"{title}\n\n{chunk.content}" if title
    else chunk.content,
    "title + body": lambda chunk, title: _with(title, chunk),
    "title + embedded text": lambda chunk, title: chunk.text if not title or title in chunk.text
    else f"{title}\n\n{chunk.text}",
    "embedded text + path again": lambda chunk, title: f"{_path_line(chunk)}\n{chunk.text}",
    "innermost heading + content": lambda chunk, title: _with(_innermost(chunk), chunk),
    "title + innermost heading + content": lambda chunk, title: _with(
        _joined(title, _innermost(chunk)), chunk),
    "root > innermost": _root_leaf,
    "path for code; body for the rest": lambda chunk, title: chunk.text if _is_code(chunk)
    else _body(chunk),
    "path for code; title + body for the rest": lambda chunk, title: chunk.text
    if _is_code(chunk) else _with(title, chunk),
    "path for code and provisions; title + body": _path_where_named,
    "path for code and provisions; body": lambda chunk, title: chunk.text
    if _is_code(chunk) or _is_provision(chunk) else _body(chunk),
    "path unless the content opens with its heading": _unless_opening(_path_line),
    "innermost unless the content opens with its heading": _unless_opening(_innermost),
    "root > innermost unless the content opens with its heading": _unless_opening(
        lambda chunk: _joined(*chunk.heading_path[:1], _innermost(chunk))),
    "path for code; innermost unless opening": lambda chunk, title: chunk.text
    if _is_code(chunk) else _unless_opening(_innermost)(chunk, title),
}


def _title(document: structchunk.Document, name: str) -> str:
    meta = document.metadata
    return str(meta.get("title") or meta.get("law") or name.rsplit("/", 1)[-1])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--max-size", type=int, default=1000)
    parser.add_argument("--embedding", action="store_true",
                        help="all-MiniLM-L6-v2 over the English questions too, in the same run")
    parser.add_argument("--variants", default="", help="labels of VARIANTS, comma-separated")
    parser.add_argument("--no-misses", action="store_true", help="the variant tables only")
    args = parser.parse_args()
    root = corpus_root()
    # Languages with a handful of questions are reported together.
    questions = pooled_by_language(load_questions(QUESTIONS, root))
    models: list[tuple[str, list[Question], Callable[[list[Piece]], Search]]] = [
        ("BM25", questions, bm25_search)]
    if args.embedding:
        from natural_retrieval import cached_minilm

        embedding = cached_minilm()
        models.append(("all-MiniLM-L6-v2", [question for question in questions
                                            if question.lang == "en"],
                       lambda found: dense_search(found, embedding)))
    owners, titles = _chunks(root, sorted({question.doc for question in questions}),
                             args.max_size)
    # Each variant is some thousand new vectors with --embedding: choose with --variants.
    variants = {label: VARIANTS[label] for label in args.variants.split(",")} \
        if args.variants else VARIANTS
    for model, asked, search_of in models:
        docs = {question.doc for question in asked}
        chosen = [(name, chunk) for name, chunk in owners if name in docs]
        print(f"\n{model}, {len(asked)} questions, {len(chosen)} chunks "
              "(all: r@1 / r@5 / MRR@10; groups: r@1 / r@5)\n")
        for label, variant in variants.items():
            pieces = [Piece(name, chunk.content, variant(chunk, titles[name]))
                      for name, chunk in chosen]
            _print_row(label, score(asked, pieces, search_of(pieces)))
        if not args.no_misses:
            pieces = [Piece(name, chunk.content, chunk.text) for name, chunk in chosen]
            _misses(asked, pieces, chosen, titles, search_of(pieces))


def _chunks(root: Path, names: list[str], max_size: int
            ) -> tuple[list[tuple[str, Chunk]], dict[str, str]]:
    """The default chunks of every document (leaves only) with their document, and each
    document's title."""
    owners: list[tuple[str, Chunk]] = []
    titles: dict[str, str] = {}
    for name in names:
        document = structchunk.parse(root / name)
        titles[name] = _title(document, name)
        owners.extend((name, chunk) for chunk in structchunk.split(document, max_size=max_size)
                      if chunk.metadata.get("hierarchy") != "parent")
    return owners, titles


def _print_row(label: str, result: dict[str, tuple[int, float, float, float]]) -> None:
    groups = " ".join(f"{group.split(':', 1)[1]}={row[1]:.0%}/{row[2]:.0%}"
                      for group, row in sorted(result.items()) if group != "all")
    total = result["all"]
    print(f"{label}: {total[1]:.0%} / {total[2]:.0%} / {total[3]:.2f} | {groups}")


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
