"""Markdown chunking on the shared corpus: span survival, chunk sizes and throughput.

Reports, for the Markdown files of corpus/docs (and the spans in them), the share of spans
kept intact (in exactly one chunk; table rows with their header), chunk counts and sizes, and
MB/s of `structchunk.split()` next to markdown-it-py's own parse of the same files (default
settings, inline rules on) and LangChain's RecursiveCharacterTextSplitter when installed.

    python benchmarks/markdown_split.py [--max-size 1000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import statistics
from collections import Counter
from collections.abc import Callable

from _common import best_time, corpus_root, load_spans

import structchunk

ROOM_FOR_PATH = 800  # a span (plus header row) longer than this cannot fit with its path


def can_fit(case: dict) -> bool:
    return len(case["span"]) + len(case.get("header", "")) <= ROOM_FOR_PATH


def survival(chunks_by_doc: dict[str, list[tuple[str, str]]], spans: list[dict]
             ) -> tuple[Counter, Counter]:
    """(kept, total) per kind; a chunk is (content, embedded text)."""
    kept: Counter = Counter()
    total: Counter = Counter()
    for case in spans:
        chunks = chunks_by_doc.get(case["doc"])
        if chunks is None:
            continue
        total[case["kind"]] += 1
        holders = [text for content, text in chunks if case["span"] in content]
        if len(holders) == 1 and (case["kind"] != "table_row" or case["header"] in holders[0]):
            kept[case["kind"]] += 1
    return kept, total


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--max-size", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    root = corpus_root()
    files = sorted((root / "docs").rglob("*.md"))
    texts = {str(path.relative_to(root)): path.read_text(encoding="utf-8") for path in files}
    megabytes = sum(len(text.encode("utf-8")) for text in texts.values()) / 1e6
    spans = [case for case in load_spans(root) if case["doc"] in texts]

    tools: dict[str, Callable[[str], list[tuple[str, str]]]] = {}

    def structchunk_split(text: str) -> list[tuple[str, str]]:
        return [(c.content, c.text) for c in structchunk.split_text(
            text, max_size=args.max_size, format="markdown")]

    tools["structchunk hybrid"] = structchunk_split

    def structchunk_recursive(text: str) -> list[tuple[str, str]]:
        return [(c.content, c.text) for c in structchunk.split_text(
            text, strategy="recursive", max_size=args.max_size, format="markdown")]

    tools["structchunk recursive"] = structchunk_recursive
    try:
        from langchain_text_splitters import RecursiveCharacterTextSplitter

        splitter = RecursiveCharacterTextSplitter(chunk_size=args.max_size, chunk_overlap=0)

        def langchain_split(text: str) -> list[tuple[str, str]]:
            return [(piece, piece) for piece in splitter.split_text(text)]

        tools["langchain recursive"] = langchain_split
    except ImportError:
        pass

    from markdown_it import MarkdownIt

    markdown_it = MarkdownIt("commonmark").enable("table")
    parse_seconds = best_time(lambda: [markdown_it.parse(t) for t in texts.values()], args.repeat)

    print(f"{len(files)} Markdown files, {megabytes:.2f} MB, {len(spans)} spans, "
          f"max size {args.max_size}\n")
    print(f"markdown-it-py parse (inline on): {megabytes / parse_seconds:.2f} MB/s\n")
    fitting = [case for case in spans if can_fit(case)]
    header = ("| tool | spans kept | of those that fit | chunks | mean size | max size | MB/s "
              "| time vs markdown-it parse |")
    print(header)
    print("|---|---|---|---|---|---|---|---|")
    kinds: dict[str, tuple[Counter, Counter]] = {}
    for name, tool in tools.items():
        outputs = {doc: tool(text) for doc, text in texts.items()}
        seconds = best_time(lambda tool=tool: [tool(t) for t in texts.values()], args.repeat)
        kept, total = survival(outputs, spans)
        kept_fitting, total_fitting = survival(outputs, fitting)
        kinds[name] = (kept, total)
        sizes = [len(text) for chunks in outputs.values() for _content, text in chunks]
        print(f"| {name} | {sum(kept.values())}/{sum(total.values())} "
              f"({sum(kept.values()) / max(1, sum(total.values())):.0%}) | "
              f"{sum(kept_fitting.values())}/{sum(total_fitting.values())} | {len(sizes)} | "
              f"{statistics.mean(sizes):.0f} | {max(sizes)} | {megabytes / seconds:.2f} | "
              f"{seconds / parse_seconds:.2f}x |")
    print("\nspans kept per kind:\n")
    names = list(tools)
    print("| kind | " + " | ".join(names) + " |")
    print("|---|" + "---|" * len(names))
    all_kinds = sorted(set().union(*(total for _kept, total in kinds.values())))
    for kind in all_kinds:
        cells = [f"{kinds[n][0][kind]}/{kinds[n][1][kind]}" for n in names]
        print(f"| {kind} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
