"""Instructions of one pass of the code path over corpus/code, counted by valgrind.

Instruction counts do not change with the load of the machine, so a change to the outline or
the cut can be measured on a busy machine in one run. Each stage runs in its own process under
valgrind's cachegrind; the same process with the pass left out (grammars loaded, every module
imported, one small file of each language parsed and split) is subtracted.

    python benchmarks/code_instructions.py [--stages parse,outline,split,cut]

Stages: `tree-sitter` (tree-sitter's parse of each file with a reused parser), `query`
(that parse and the units' query walk), `outline` (`structchunk.parse()`), `split`
(`structchunk.split()`), `cut` (`split()` of trees parsed before the pass).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from _common import corpus_root

LANGUAGES = {".py": "python", ".go": "go", ".js": "javascript", ".rs": "rust"}
STAGES = ("tree-sitter", "query", "outline", "split", "cut")
SAMPLES = {"python": "def f():\n    return 1\n", "go": "package a\nfunc f() {}\n",
           "javascript": "function f() { return 1 }\n", "rust": "fn f() {}\n"}


def paths() -> list[Path]:
    root = corpus_root() / "code"
    return sorted(path for path in root.rglob("*")
                  if path.is_file() and path.suffix in LANGUAGES)


def prepare(stage: str) -> Callable[[], object]:
    """The pass of `stage`, with everything it needs loaded before it."""
    from tree_sitter import Parser, QueryCursor

    import structchunk
    from structchunk.decode import from_text
    from structchunk.parse.code.grammars import load_code_grammar

    for language, sample in SAMPLES.items():
        structchunk.split(from_text(sample), max_size=1000, format="code",
                          code_language=language)
    sources = [(from_text(path.read_text(encoding="utf-8"), path=str(path)),
                LANGUAGES[path.suffix]) for path in paths()]
    grammars = {language: load_code_grammar(language) for language in SAMPLES}
    parsers = [(Parser(grammars[language].language),  # type: ignore[union-attr]
                grammars[language].query,  # type: ignore[union-attr]
                source.text.encode("utf-8")) for source, language in sources]
    if stage == "tree-sitter":
        return lambda: [parser.parse(data) for parser, _query, data in parsers]
    if stage == "query":
        return lambda: [QueryCursor(query).matches(parser.parse(data).root_node)
                        for parser, query, data in parsers]
    if stage == "outline":
        return lambda: [structchunk.parse(source, format="code", code_language=language)
                        for source, language in sources]
    if stage == "split":
        return lambda: [structchunk.split(source, max_size=1000, format="code",
                                          code_language=language)
                        for source, language in sources]
    documents = [structchunk.parse(source, format="code", code_language=language)
                 for source, language in sources]
    return lambda: [structchunk.split(document, max_size=1000) for document in documents]


def count(stage: str, run_pass: bool) -> int:
    """Instructions of a process that prepares `stage` and, if asked, runs its pass once."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "cachegrind.out"
        subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no",
                        f"--cachegrind-out-file={out}", sys.executable, __file__,
                        "--child", stage, "--pass" if run_pass else "--no-pass"],
                       check=True, capture_output=True, env=os.environ.copy())
        summary = re.search(r"^summary:\s+(\d+)", out.read_text(), re.MULTILINE)
        assert summary is not None
        return int(summary[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stages", default=",".join(STAGES))
    parser.add_argument("--child", choices=STAGES)
    parser.add_argument("--pass", dest="run_pass", action=argparse.BooleanOptionalAction,
                        default=True)
    args = parser.parse_args()
    if args.child:
        work = prepare(args.child)
        if args.run_pass:
            work()
        return
    print("| stage | instructions of one pass (M) |\n|---|---:|")
    for stage in args.stages.split(","):
        spent = count(stage, True) - count(stage, False)
        print(f"| {stage} | {spent / 1e6:,.0f} |", flush=True)


if __name__ == "__main__":
    main()
