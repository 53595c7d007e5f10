"""Code chunking on the shared corpus: functions kept whole, cuts inside lines, throughput.

For the source files of corpus/code (Python, JavaScript, Go, Rust) and a few budgets, reports
the share of functions and methods (found by node type in the bare tree-sitter tree, not by
structchunk's query files) that lie whole in one chunk, the share of chunk boundaries that fall
inside a line, and MB/s of `structchunk.split()` next to LangChain's
`RecursiveCharacterTextSplitter.from_language` when it is installed.

    python benchmarks/code.py [--budgets 500,1000,2000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path

from _common import best_time, corpus_root
from tree_sitter import Language, Parser
from tree_sitter import Node as SyntaxNode

import structchunk
from structchunk.decode import from_text
from structchunk.parse.code import source_file as source_code

LANGUAGES = {".py": "python", ".js": "javascript", ".go": "go", ".rs": "rust"}
GRAMMARS = {"python": "tree_sitter_python", "javascript": "tree_sitter_javascript",
            "go": "tree_sitter_go", "rust": "tree_sitter_rust"}
FUNCTIONS = {
    "python": {"function_definition"},
    "javascript": {"function_declaration", "generator_function_declaration", "method_definition",
                   "function_expression", "arrow_function"},
    "go": {"function_declaration", "method_declaration"},
    "rust": {"function_item"},
}
ROOM_FOR_PATH = 100  # a function "fits" when it leaves this much room for a context line

Spans = list[tuple[int, int]]


def functions(text: str, language: str) -> Spans:
    """Character spans of every function and method with a block body."""
    grammar = Language(importlib.import_module(GRAMMARS[language]).language())
    data = text.encode("utf-8")
    char_at = [0] * (len(data) + 1)
    count = 0
    for index, byte in enumerate(data):
        char_at[index] = count
        if not 0x80 <= byte < 0xC0:
            count += 1
    char_at[len(data)] = count
    found = []
    for node in _walk(Parser(grammar).parse(data).root_node):
        body = node.child_by_field_name("body")
        if node.type in FUNCTIONS[language] and body is not None and body.type in (
                "block", "statement_block"):
            found.append((char_at[node.start_byte], char_at[node.end_byte]))
    return found


def _walk(node: SyntaxNode) -> Iterator[SyntaxNode]:
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(current.children)


def structchunk_tool(budget: int) -> Callable[[str, str], Spans]:
    def run(text: str, path: str) -> Spans:
        source = from_text(text, origin=path, path=path)
        return [(chunk.start, chunk.end) for chunk in structchunk.split(
            source_code.parse(source), max_size=budget)]
    return run


def langchain_tool(budget: int) -> Callable[[str, str], Spans] | None:
    try:
        from langchain_text_splitters import Language as Lang
        from langchain_text_splitters import RecursiveCharacterTextSplitter
    except ImportError:
        return None
    names = {"python": Lang.PYTHON, "javascript": Lang.JS, "go": Lang.GO, "rust": Lang.RUST}
    splitters = {language: RecursiveCharacterTextSplitter.from_language(
        names[language], chunk_size=budget, chunk_overlap=0, add_start_index=True)
        for language in names}

    def run(text: str, path: str) -> Spans:
        splitter = splitters[LANGUAGES[Path(path).suffix]]
        documents = splitter.create_documents([text])
        return [(doc.metadata["start_index"], doc.metadata["start_index"] + len(doc.page_content))
                for doc in documents]
    return run


def run_all(tool: Callable[[str, str], Spans], texts: dict[str, str]) -> dict[str, Spans]:
    return {path: tool(text, path) for path, text in texts.items()}


def mid_line(text: str, chunks: Spans) -> int:
    """Boundaries between neighbouring chunks that fall inside a line."""
    count = 0
    for start, _end in chunks[1:]:
        line_start = text.rfind("\n", 0, start) + 1
        count += bool(text[line_start:start].strip())
    return count


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--budgets", default="500,1000,2000")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    root = corpus_root()
    files = sorted(path for path in (root / "code").rglob("*") if path.suffix in LANGUAGES)
    texts = {str(path.relative_to(root)): path.read_text(encoding="utf-8") for path in files}
    megabytes = sum(len(text.encode("utf-8")) for text in texts.values()) / 1e6
    spans = {path: functions(text, LANGUAGES[Path(path).suffix]) for path, text in texts.items()}
    total = sum(len(found) for found in spans.values())
    print(f"{len(files)} source files, {megabytes:.2f} MB, {total} functions and methods\n")
    seconds = best_time(lambda: [source_code.parse(from_text(text, origin=path, path=path))
                                 for path, text in texts.items()], args.repeat)
    print(f"structchunk outline only (tree-sitter parse and units): {megabytes / seconds:.2f} "
          "MB/s\n")
    print("| budget | tool | functions whole | of those that fit | chunks | cuts inside a line "
          "| MB/s |")
    print("|---|---|---|---|---|---|---|")
    for budget in (int(value) for value in args.budgets.split(",")):
        tools = {"structchunk hybrid": structchunk_tool(budget),
                 "langchain from_language": langchain_tool(budget)}
        for name, tool in tools.items():
            if tool is None:
                continue
            outputs = run_all(tool, texts)
            seconds = best_time(partial(run_all, tool, texts), args.repeat)
            whole = fitting = whole_fitting = 0
            for path, found in spans.items():
                for start, end in found:
                    kept = any(a <= start and end <= b for a, b in outputs[path])
                    fits = end - start <= budget - ROOM_FOR_PATH
                    whole += kept
                    fitting += fits
                    whole_fitting += kept and fits
            chunks = sum(len(chunks) for chunks in outputs.values())
            cuts = sum(mid_line(texts[path], chunks) for path, chunks in outputs.items())
            boundaries = chunks - len(outputs)
            print(f"| {budget} | {name} | {whole}/{total} ({whole / total:.0%}) | "
                  f"{whole_fitting}/{fitting} ({whole_fitting / max(1, fitting):.0%}) | "
                  f"{chunks} | {cuts}/{boundaries} ({cuts / max(1, boundaries):.0%}) | "
                  f"{megabytes / seconds:.2f} |")


if __name__ == "__main__":
    main()
