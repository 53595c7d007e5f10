"""Time and peak memory of `split()` as inputs grow: is it linear, and how many bytes per char?

Each measurement runs in a fresh process (so the peak resident size is that input's alone) and
reports seconds, characters per second and the growth of the peak resident set over the
process's size before reading the input, per input character.

    python benchmarks/scale.py [--sizes 1,4,16] [--memory 1,10,50] [--only markdown,table]
                               [--stage split|parse] [--traced]

`--stage parse` measures `parse()` alone; `--traced` reports the peak of Python's allocations
(tracemalloc, which does not see what Rust or C libraries allocate) instead of the resident set.

Inputs (at 1x; 16x gives the sizes named in the targets):
- markdown: the Markdown files of corpus/docs, concatenated and repeated to 0.94 MB (15 MB);
- table: a Markdown table of 1,250 rows (20,000);
- sections: Markdown sections of a heading, a paragraph and a small table, to 0.625 MB (10 MB);
- code: the Python files of corpus/code, repeated to 0.625 MB (10 MB);
- paragraph: one paragraph of 125,000 characters (2 MB) without line breaks.
`--memory` sizes are in MB of Markdown.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from pathlib import Path

from _common import corpus_root

BASE = {"markdown": 937_500, "table": 1_250, "sections": 625_000, "code": 625_000,
        "paragraph": 125_000}


def build(kind: str, scale: float, root: Path) -> tuple[str, str]:
    """(text, format) of the input `kind` at `scale` times its base size."""
    if kind == "markdown":
        parts = [path.read_text(encoding="utf-8")
                 for path in sorted((root / "docs").rglob("*.md"))]
        return _repeat("\n\n".join(parts), int(BASE[kind] * scale)), "markdown"
    if kind == "table":
        rows = [f"| {i} | item {i} | {i * 7 % 1000} EUR | note on row {i} |"
                for i in range(int(BASE[kind] * scale))]
        return ("# Price list\n\n| id | name | price | note |\n|---|---|---|---|\n"
                + "\n".join(rows) + "\n"), "markdown"
    if kind == "sections":
        return _repeat("".join(_section(i) for i in range(2_000)), int(BASE[kind] * scale)), \
            "markdown"
    if kind == "code":
        parts = [path.read_text(encoding="utf-8")
                 for path in sorted((root / "code").rglob("*.py"))]
        return _repeat("\n\n".join(parts), int(BASE[kind] * scale)), "code"
    words = ["the", "quick", "brown", "fox", "jumps", "over", "the", "lazy", "dog", "and",
             "then", "some", "more", "words", "follow", "without", "any", "full", "stop"]
    count = int(BASE[kind] * scale)
    text = " ".join(words[i % len(words)] for i in range(count // 5 + 1))[:count]
    return text, "text"


def _section(index: int) -> str:
    """A heading, a paragraph and a table of three rows: a small table in every section."""
    return (f"## Item {index}\n\nThe item numbered {index} ships in {index % 9 + 1} days. "
            "Prices below include tax.\n\n| size | price | stock |\n|---|---:|---:|\n"
            + "".join(f"| {size} | {index % 50 + size} EUR | {index * size % 97} |\n"
                      for size in (1, 2, 3)) + "\n")


def _repeat(text: str, size: int) -> str:
    """`text` repeated and cut at a line break near `size` characters."""
    copies = size // len(text) + 1
    whole = "\n\n".join([text] * copies)
    cut = whole.rfind("\n", 0, size)
    return whole[:cut if cut > 0 else size] + "\n"


def measure(kind: str, scale: float, stage: str = "split", traced: bool = False) -> dict:
    """Runs in the child process."""
    import tracemalloc

    import structchunk
    from structchunk.decode import from_text

    root = corpus_root()
    text, fmt = build(kind, scale, root)
    options = {"code_language": "python"} if fmt == "code" else {}
    # A small input of the same kind first: grammars and parsers load once, outside the timing.
    structchunk.split(from_text(build(kind, 0.01, root)[0]), format=fmt, max_size=1000,
                      **options)
    if traced:
        tracemalloc.start()
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    source = from_text(text)
    started = time.perf_counter()
    if stage == "parse":
        structchunk.parse(source, format=fmt, **options)
        count = 0
    else:
        count = len(structchunk.split(source, format=fmt, max_size=1000, **options))
    seconds = time.perf_counter() - started
    peak = tracemalloc.get_traced_memory()[1] if traced else \
        resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 - before
    return {"kind": kind, "scale": scale, "chars": len(text), "seconds": seconds,
            "chunks": count, "bytes_per_char": peak / len(text)}


def run(kind: str, scale: float, stage: str = "split", traced: bool = False) -> dict:
    output = subprocess.run([sys.executable, __file__, "--child", kind, str(scale), stage,
                             "traced" if traced else "resident"],
                            capture_output=True, text=True, check=True)
    return json.loads(output.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="1,4,16")
    parser.add_argument("--memory", default="1,10,50")
    parser.add_argument("--only",
                        default="markdown,table,sections,code,paragraph,memory")
    parser.add_argument("--stage", choices=("split", "parse"), default="split")
    parser.add_argument("--traced", action="store_true")
    parser.add_argument("--child", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        kind, scale, stage, how = args.child
        print(json.dumps(measure(kind, float(scale), stage, how == "traced")))
        return
    corpus_root()
    parts = args.only.split(",")
    sizes = [float(size) for size in args.sizes.split(",")]
    print("| input | scale | characters | chunks | seconds | chars/s | time / time at 1x "
          "÷ size / size at 1x | peak bytes per char |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for kind in (part for part in parts if part in BASE):
        first = None
        for scale in sizes:
            result = run(kind, scale, args.stage, args.traced)
            first = first or result
            growth = (result["seconds"] / first["seconds"]) / (result["chars"] / first["chars"])
            print(f"| {kind} | {scale:g}x | {result['chars']:,} | {result['chunks']:,} | "
                  f"{result['seconds']:.2f} | {result['chars'] / result['seconds']:,.0f} | "
                  f"{growth:.2f} | {result['bytes_per_char']:.1f} |", flush=True)
    if "memory" in parts:
        print("\n| Markdown | characters | seconds | peak bytes per input char |")
        print("|---:|---:|---:|---:|")
        for megabytes in (float(size) for size in args.memory.split(",")):
            result = run("markdown", megabytes * 1e6 / BASE["markdown"])
            print(f"| {megabytes:g} MB | {result['chars']:,} | {result['seconds']:.1f} | "
                  f"{result['bytes_per_char']:.1f} |", flush=True)


if __name__ == "__main__":
    main()
