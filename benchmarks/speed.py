"""Throughput of structchunk next to the peers and the parsers under it, as same-run ratios.

Every tool chunks (or parses) the same inputs in the same rounds; each round runs every tool
once, in turn, so load on a shared machine hits them alike, and the fastest round of each tool
counts. Figures are throughput relative to LangChain's `RecursiveCharacterTextSplitter`
(higher is faster), plus the ratios the targets are stated in.

    python benchmarks/speed.py [--rounds 5] [--max-size 1000] [--only markdown,code,sentences]
                               [--clock wall|cpu]

Markdown: every `.md` file of corpus/docs. Code: every file of corpus/code. Sentences: the
paragraphs of corpus/prose and of the Markdown docs, segmented one paragraph per call, and the
sentences of corpus/sentences/ud, one sentence per call.
"""

from __future__ import annotations

import argparse
import gc
import re
import time
from collections.abc import Callable
from pathlib import Path

from _common import corpus_root
from detection_cost import judged_texts

import structchunk
from structchunk.decode import from_text
from structchunk.lang import detect
from structchunk.lang.identifier import forget_answers

Tool = Callable[[], object]


CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}


def race(tools: dict[str, Tool], rounds: int, clock: str = "wall") -> dict[str, float]:
    """Best seconds per tool over `rounds` rounds, each round running every tool once.

    `clock="cpu"` counts the process's CPU time instead of the wall clock: on a machine
    shared with other jobs, time spent waiting for a core then counts for no tool. The
    language identifier's kept answers are dropped before every run, so no round of
    structchunk finds the model's answers of the round before (a first reading asks them).
    """
    now = CLOCKS[clock]
    best = {name: float("inf") for name in tools}
    order = list(tools.items())
    for round_number in range(rounds):
        # Each round starts one tool later, so no tool always follows the same one (a tool
        # that runs right after one that freed a large heap pays for the allocator's state).
        shift = round_number % len(order)
        for name, tool in order[shift:] + order[:shift]:
            # The garbage of the tool before (markdown-it's token lists, LlamaIndex's nodes)
            # is collected first, so no tool pays for another's.
            gc.collect()
            forget_answers()
            started = now()
            tool()
            best[name] = min(best[name], now() - started)
    return best


def report(title: str, seconds: dict[str, float], megabytes: float, baseline: str) -> None:
    print(f"\n{title}: {megabytes:.2f} MB\n")
    print("| tool | MB/s | relative throughput |")
    print("|---|---:|---:|")
    for name, value in sorted(seconds.items(), key=lambda item: item[1]):
        print(f"| {name} | {megabytes / value:.2f} | {seconds[baseline] / value:.3f} |")


def markdown_tools(texts: list[str], max_size: int,
                   languages: list[str] | None = None) -> dict[str, Tool]:
    """`languages`: each text's known language, for the row that skips detection."""
    sources = [from_text(text) for text in texts]
    tools: dict[str, Tool] = {}
    from langchain_text_splitters import (
        MarkdownHeaderTextSplitter,
        RecursiveCharacterTextSplitter,
    )

    recursive = RecursiveCharacterTextSplitter(chunk_size=max_size, chunk_overlap=0)
    headers = MarkdownHeaderTextSplitter([("#" * level, f"h{level}") for level in range(1, 7)],
                                         strip_headers=False)
    tools["LangChain RecursiveCharacterTextSplitter"] = lambda: [
        recursive.split_text(text) for text in texts]
    tools["LangChain MarkdownHeaderTextSplitter + RecursiveCharacterTextSplitter"] = lambda: [
        recursive.split_documents(headers.split_text(text)) for text in texts]
    tools["structchunk split() (pyromark, default)"] = lambda: [
        structchunk.split(source, max_size=max_size, format="markdown") for source in sources]
    if languages is not None:
        # A pipeline that knows its documents' language passes it: no detection at all.
        known = list(zip(sources, languages, strict=True))
        tools["structchunk split(), language given (no detection)"] = lambda: [
            structchunk.split(source, max_size=max_size, format="markdown", language=language)
            for source, language in known]
    tools["structchunk split(), markdown-it backend"] = lambda: [
        structchunk.split(source, max_size=max_size, format="markdown",
                          markdown_backend="markdown-it") for source in sources]
    # The stages of the default path alone, for the decomposition under the table: each
    # document's tree parsed in advance and chunked with its language given, and the language
    # judgements split() makes (the same texts, in a loop).
    parsed = [structchunk.parse(source, format="markdown", language=language)
              for source, language in zip(sources, languages or [None] * len(sources),
                                          strict=True)]
    tools["structchunk chunking of parsed trees alone, language given"] = lambda: [
        structchunk.split(document, max_size=max_size) for document in parsed]
    judged = judged_texts(sources)
    found = detect.knowledge()
    tools["structchunk language judgements alone (the texts split() judges)"] = lambda: [
        detect.judge(text, found) for text in judged]
    tools["structchunk parse() (pyromark)"] = lambda: [
        structchunk.parse(source, format="markdown") for source in sources]
    tools["structchunk parse(), markdown-it backend"] = lambda: [
        structchunk.parse(source, format="markdown", markdown_backend="markdown-it")
        for source in sources]
    import pyromark
    from markdown_it import MarkdownIt

    options = pyromark.Options.ENABLE_TABLES
    tools["pyromark events with ranges (parse alone)"] = lambda: [
        sum(1 for _ in pyromark.events_with_range(text, options=options)) for text in texts]
    default = MarkdownIt("commonmark").enable("table")
    block_only = MarkdownIt("commonmark").enable("table").disable(["inline", "text_join"],
                                                                   ignoreInvalid=True)
    tools["markdown-it-py default parse"] = lambda: [default.parse(text) for text in texts]
    tools["markdown-it-py block rules only"] = lambda: [block_only.parse(text) for text in texts]
    try:
        from chonkie import RecursiveChunker

        chonkie = RecursiveChunker(tokenizer="character", chunk_size=max_size)
        tools["Chonkie RecursiveChunker"] = lambda: [chonkie.chunk(text) for text in texts]
    except ImportError:
        pass
    try:
        from semantic_text_splitter import MarkdownSplitter

        rust = MarkdownSplitter(max_size)
        tools["semantic-text-splitter MarkdownSplitter"] = lambda: [
            rust.chunks(text) for text in texts]
    except ImportError:
        pass
    try:
        from parent_child_chunker import ParentChildMarkdownChunker

        # A zero-dependency, pure-Python Markdown chunker: sections by its own heading line
        # rule, parents merged up to its default sizes, children cut every `max_size`.
        parent_child = ParentChildMarkdownChunker(child_chunk_size=max_size, child_overlap=0)
        tools["parent-child-chunker (pure Python, own line rules)"] = lambda: [
            parent_child.chunk(text) for text in texts]
    except ImportError:
        pass
    try:
        from llama_index.core import Document
        from llama_index.core.node_parser import MarkdownNodeParser, SentenceSplitter

        nodes = MarkdownNodeParser()
        sentences = SentenceSplitter(chunk_size=max_size // 4, chunk_overlap=0)
        tools["LlamaIndex MarkdownNodeParser + SentenceSplitter"] = lambda: [
            sentences.get_nodes_from_documents(nodes.get_nodes_from_documents(
                [Document(text=text)])) for text in texts]
    except ImportError:
        pass
    return tools


def code_tools(paths: list[Path], max_size: int) -> dict[str, Tool]:
    from langchain_text_splitters import Language, RecursiveCharacterTextSplitter
    from tree_sitter import Parser, QueryCursor

    from structchunk.parse.code.grammars import load_code_grammar

    sources = [from_text(path.read_text(encoding="utf-8"), path=str(path)) for path in paths]
    languages = {".py": "python", ".go": "go", ".js": "javascript", ".rs": "rust"}
    parsers = []
    queries = []
    for path, source in zip(paths, sources, strict=True):
        language = languages[path.suffix]
        grammar = load_code_grammar(language)
        assert grammar is not None, language
        parsers.append((Parser(grammar.language), source.text.encode("utf-8")))
        queries.append(grammar.query)
    langchain_language = {"python": Language.PYTHON, "go": Language.GO,
                          "javascript": Language.JS, "rust": Language.RUST}
    splitters = [RecursiveCharacterTextSplitter.from_language(
        langchain_language[languages[path.suffix]], chunk_size=max_size, chunk_overlap=0)
        for path in paths]
    tools: dict[str, Tool] = {
        "LangChain RecursiveCharacterTextSplitter": lambda: [
            splitter.split_text(source.text)
            for splitter, source in zip(splitters, sources, strict=True)],
        "tree-sitter parse alone": lambda: [parser.parse(data) for parser, data in parsers],
        "structchunk parse() (outline)": lambda: [
            structchunk.parse(source, format="code",
                              code_language=languages[Path(str(source.path)).suffix])
            for source in sources],
        "structchunk split()": lambda: [
            structchunk.split(source, max_size=max_size, format="code",
                              code_language=languages[Path(str(source.path)).suffix])
            for source in sources],
    }
    # The stages of split() alone: tree-sitter's parse with the walk of the units' query
    # (its matches, in C), and the cut of trees parsed in advance.
    tools["tree-sitter parse and the units' query walk"] = lambda: [
        QueryCursor(query).matches(parser.parse(data).root_node)
        for (parser, data), query in zip(parsers, queries, strict=True)]
    parsed = [structchunk.parse(source, format="code",
                                code_language=languages[Path(str(source.path)).suffix])
              for source in sources]
    tools["structchunk chunking of parsed trees alone"] = lambda: [
        structchunk.split(document, max_size=max_size) for document in parsed]
    return tools


# The same-run references for the segmenter: a split at every terminator before whitespace
# (what the simplest splitters do, with no rule at all), and the segmenters of the sentence
# benchmark (`benchmarks/sentences.py`) where installed.
NAIVE_SPLIT = re.compile(r"(?<=[.!?])\s+")


def sentence_tools(paragraphs: list[str], sentences: list[str],
                   peers: bool = True) -> dict[str, Tool]:
    from structchunk.lang.sentences import rule_segmenter

    english = rule_segmenter("en")
    tools: dict[str, Tool] = {
        "structchunk segmenter, one paragraph per call": lambda: [
            english(paragraph) for paragraph in paragraphs],
        "structchunk segmenter, one sentence per call": lambda: [
            english(sentence) for sentence in sentences],
        "re split at terminators, one paragraph per call": lambda: [
            NAIVE_SPLIT.split(paragraph) for paragraph in paragraphs],
        "re split at terminators, one sentence per call": lambda: [
            NAIVE_SPLIT.split(sentence) for sentence in sentences],
    }
    if not peers:
        return tools
    try:
        import spacy

        nlp = spacy.blank("en")
        nlp.add_pipe("sentencizer")
        tools["spaCy sentencizer, one paragraph per call"] = lambda: [
            list(nlp(paragraph).sents) for paragraph in paragraphs]
    except ImportError:
        pass
    try:
        import pysbd

        pysbd_segmenter = pysbd.Segmenter(language="en", clean=False)
        tools["pySBD, one paragraph per call"] = lambda: [
            pysbd_segmenter.segment(paragraph) for paragraph in paragraphs]
    except ImportError:
        pass
    return tools


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--max-size", type=int, default=1000)
    parser.add_argument("--only", default="markdown,code,sentences")
    parser.add_argument("--no-peers", action="store_true",
                        help="sentences: leave out spaCy and pySBD (pySBD takes seconds a round)")
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="wall",
                        help="wall time (default) or the process's CPU time")
    args = parser.parse_args()
    root = corpus_root()
    parts = set(args.only.split(","))
    if "markdown" in parts:
        paths = sorted((root / "docs").rglob("*.md"))
        texts = [path.read_text(encoding="utf-8") for path in paths]
        # corpus/docs/<language>/...: the folder names each document's language.
        languages = [path.relative_to(root / "docs").parts[0] for path in paths]
        megabytes = sum(len(text.encode("utf-8")) for text in texts) / 1e6
        seconds = race(markdown_tools(texts, args.max_size, languages), args.rounds,
                       args.clock)
        report(f"Markdown, {len(texts)} files of corpus/docs", seconds, megabytes,
               "LangChain RecursiveCharacterTextSplitter")
        print("\n| target | ratio |\n|---|---:|")
        langchain_markdown = seconds[
            "LangChain MarkdownHeaderTextSplitter + RecursiveCharacterTextSplitter"]
        print(f"| default split() vs LangChain Markdown path (>= 1) | "
              f"{langchain_markdown / seconds['structchunk split() (pyromark, default)']:.2f} |")
        print(f"| split() with the language given vs LangChain Markdown path | "
              f"{langchain_markdown / seconds['structchunk split(), language given (no detection)']:.2f} |")  # noqa: E501
        print(f"| markdown-it backend split() vs markdown-it-py block-only parse (>= 0.75) | "
              f"{seconds['markdown-it-py block rules only'] / seconds['structchunk split(), markdown-it backend']:.2f} |")  # noqa: E501
        print("\nThe default path's stages alone, as a share of LangChain's Markdown path's "
              "time in this run (the target needs their sum at most 1):\n")
        print("| stage | time ÷ LangChain Markdown path |\n|---|---:|")
        for stage in ("structchunk parse() (pyromark)",
                      "structchunk language judgements alone (the texts split() judges)",
                      "structchunk chunking of parsed trees alone, language given",
                      "pyromark events with ranges (parse alone)"):
            print(f"| {stage} | {seconds[stage] / langchain_markdown:.2f} |")
    if "code" in parts:
        paths = sorted(path for path in (root / "code").rglob("*") if path.is_file()
                       and path.suffix in (".py", ".go", ".js", ".rs"))
        megabytes = sum(path.stat().st_size for path in paths) / 1e6
        seconds = race(code_tools(paths, args.max_size), args.rounds, args.clock)
        report(f"Code, {len(paths)} files of corpus/code", seconds, megabytes,
               "LangChain RecursiveCharacterTextSplitter")
        parse_alone = seconds["tree-sitter parse alone"]
        print("\n| target | ratio |\n|---|---:|")
        # Issue 12's code target, "the outline and the cut at definition, statement and line
        # boundaries at no less than half of tree-sitter's own parse throughput": parse()
        # builds the outline (tree-sitter's parse included); split() is the outline plus the
        # cut into chunks.
        print(f"| outline: structchunk parse() vs tree-sitter parse alone (target >= 0.5) | "
              f"{parse_alone / seconds['structchunk parse() (outline)']:.2f} |")
        print(f"| outline and cut: structchunk split() vs tree-sitter parse alone "
              f"(target >= 0.5) | {parse_alone / seconds['structchunk split()']:.2f} |")
        print("\nsplit()'s stages alone, as multiples of tree-sitter's parse alone (the target "
              "needs their sum at most 2):\n")
        print("| stage | time ÷ tree-sitter parse |\n|---|---:|")
        for stage in ("tree-sitter parse and the units' query walk",
                      "structchunk parse() (outline)",
                      "structchunk chunking of parsed trees alone", "structchunk split()"):
            print(f"| {stage} | {seconds[stage] / parse_alone:.2f} |")
    if "sentences" in parts:
        import json

        prose = [path.read_text(encoding="utf-8")
                 for path in sorted((root / "prose").rglob("*.txt"))]
        paragraphs = [block for text in prose for block in text.split("\n\n") if block.strip()]
        sentences = []
        for path in sorted((root / "sentences" / "ud").glob("*.jsonl")):
            with path.open(encoding="utf-8") as handle:
                for line in handle:
                    record = json.loads(line)
                    sentences.extend(record["sentences"])
        tools = sentence_tools(paragraphs, sentences, peers=not args.no_peers)
        seconds = race(tools, args.rounds, args.clock)
        print("\nSentence segmentation (English rules)\n")
        print("| tool | texts | MB | MB/s | structchunk's speed relative to it |")
        print("|---|---:|---:|---:|---:|")
        for name, value in seconds.items():
            items = sentences if name.endswith("one sentence per call") else paragraphs
            ours = seconds[f"structchunk segmenter, {name.split(', ', 1)[1]}"]
            megabytes = sum(len(item.encode("utf-8")) for item in items) / 1e6
            print(f"| {name} | {len(items)} | {megabytes:.2f} | {megabytes / value:.1f} | "
                  f"{value / ours:.2f} |")


if __name__ == "__main__":
    main()
