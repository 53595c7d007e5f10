"""Pathological inputs at two sizes: time should grow in proportion to the characters.

The last column divides the growth in time by the growth in characters: near 1 is linear.

    python benchmarks/pathological.py
"""

from __future__ import annotations

import time
from collections.abc import Callable

import structchunk

CASES: dict[str, Callable[[int], str]] = {
    "deep quotes (levels)": lambda n: "".join(">" * d + f" level {d}\n" for d in range(1, n)),
    "deep list (levels)": lambda n: "".join("  " * d + f"- item {d}\n" for d in range(n)),
    "quote markers on one line (chars)": lambda n: ">" * n + " bottom\n",
    "line without breaks (chars)": lambda n: "x" * n,
    "line with spaces (words)": lambda n: "lorem " * n,
    "table (rows)": lambda n: "| id | name |\n|---|---|\n" + "".join(
        f"| {i} | row {i} |\n" for i in range(n)),
    "unclosed fence (lines)": lambda n: "```python\n" + "x = 1\n" * n,
    "headings (count)": lambda n: "".join(f"{'#' * (i % 6 + 1)} H {i}\n\nt {i}.\n\n"
                                          for i in range(n)),
}
SIZES = {"quote markers on one line (chars)": 100_000, "deep quotes (levels)": 1500,
         "deep list (levels)": 1500, "line without breaks (chars)": 1_000_000,
         "line with spaces (words)": 200_000,
         "table (rows)": 5000, "unclosed fence (lines)": 20_000, "headings (count)": 10_000}


def timed(text: str) -> float:
    best = float("inf")
    for _ in range(3):
        started = time.perf_counter()
        structchunk.split_text(text, max_size=1000, format="markdown")
        best = min(best, time.perf_counter() - started)
    return best


def main() -> None:
    print("| input | n | chars at n | chars at 2n | s at n | s at 2n | time growth / size growth |")
    print("|---|---|---|---|---|---|---|")
    for name, make in CASES.items():
        size = SIZES[name]
        small, large = make(size), make(2 * size)
        first, second = timed(small), timed(large)
        growth = (second / first) / (len(large) / len(small))
        print(f"| {name} | {size:,} | {len(small):,} | {len(large):,} | {first:.3f} | "
              f"{second:.3f} | {growth:.2f} |")


def _log(lines: int) -> str:
    return "".join(f"2024-05-{i % 28 + 1:02d}T12:{i % 60:02d}:00Z INFO [svc-{i % 7}] worker "
                   f"{i} took {i % 97} ms\r" for i in range(lines))


_FRENCH = ("Le chat est assis sur le tapis. Il regarde la fenêtre et attend le soleil. Les "
           "enfants jouent dans le jardin pendant que leurs parents préparent le repas.\n\n")
_ENGLISH = ("The cat sits on the mat. It looks at the window and waits for the sun. The "
            "children play in the garden while their parents prepare the meal.\n\n")

# Input classes that once fell off a cliff, next to typical Markdown: (text, format, options).
CLIFFS: dict[str, Callable[[], tuple[str, str | None, dict[str, object]]]] = {
    "typical Markdown (English prose)": lambda: (_ENGLISH * 1200, "markdown", {}),
    "French prose": lambda: (_FRENCH * 1200, "markdown", {}),
    "log with CR line endings": lambda: (_log(3000), None, {}),
    "100,000 headings": lambda: ("".join(f"## Heading {i}\n\nText {i}.\n\n"
                                         for i in range(100_000)), "markdown", {}),
    "4,000 nested JavaScript functions": lambda: (
        "".join(f"function f{i}() {{\n" for i in range(4000)) + "return 1;\n" + "}\n" * 4000,
        "code", {"code_language": "javascript"}),
}


def cliffs() -> None:
    """MB/s of each class at max_size 1000, and its share of typical Markdown's speed."""
    from structchunk.decode import from_text

    print("| input | chars | s | MB/s | of typical Markdown |")
    print("|---|---|---|---|---|")
    reference = None
    for name, make in CLIFFS.items():
        text, fmt, options = make()
        source = from_text(text)
        best = float("inf")
        for _ in range(3):
            started = time.perf_counter()
            structchunk.split(source, max_size=1000, format=fmt, **options)  # type: ignore[arg-type]
            best = min(best, time.perf_counter() - started)
        speed = len(text) / best / 1e6
        reference = reference or speed
        print(f"| {name} | {len(text):,} | {best:.2f} | {speed:.2f} | {speed / reference:.2f} |")


if __name__ == "__main__":
    import sys

    cliffs() if "--cliffs" in sys.argv else main()
