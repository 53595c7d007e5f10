"""`split()` on corpus/docs before and after a change, in one run: with per-region detection
and with each document's language given, for this checkout and another one.

    python benchmarks/split_before_after.py OTHER_CHECKOUT [--rounds 3]

Each checkout is timed in its own interpreter (`PYTHONPATH` set to it), the two alternating
round by round so that a busy machine slows both alike; the best CPU time of each is kept.
The cost of detection is the difference between the two ways of calling `split()`.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

from _common import REPO, corpus_root

PROGRAM = r"""
import json, sys, time
from pathlib import Path
import structchunk
from structchunk.decode import from_text
root = Path(sys.argv[1])
paths = sorted((root / "docs").rglob("*.md"))
sources = [from_text(path.read_text(encoding="utf-8")) for path in paths]
languages = [path.relative_to(root / "docs").parts[0].split("-")[0] for path in paths]
# Warm (grammars, model) on text of no document, so no answer kept helps the timed runs.
for code in ("en", "de", "hi", "mr"):
    structchunk.split_text("# Warm up\n\nA first short paragraph to warm up with.\n",
                           format="markdown", language=code)
structchunk.split_text("# Warm up\n\nA first short paragraph to warm up with, in English.\n",
                       format="markdown")
def timed(work):
    started = time.process_time()
    work()
    return time.process_time() - started
detected = timed(lambda: [structchunk.split(source, format="markdown") for source in sources])
given = timed(lambda: [structchunk.split(source, format="markdown", language=language)
                       for source, language in zip(sources, languages)])
print(json.dumps({"detected": detected, "given": given, "file": structchunk.__file__}))
"""


def run(checkout: Path, root: Path) -> dict[str, float]:
    environment = {**os.environ, "PYTHONPATH": str(checkout)}
    result = subprocess.run([sys.executable, "-c", PROGRAM, str(root)], env=environment,
                            capture_output=True, text=True, check=True)
    return json.loads(result.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("other", type=Path)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    root = corpus_root()
    checkouts = {"other": args.other.resolve(), "this": REPO}
    best: dict[str, dict[str, float]] = {}
    for _ in range(args.rounds):
        for name, checkout in checkouts.items():
            found = run(checkout, root)
            kept = best.setdefault(name, {"detected": float("inf"), "given": float("inf")})
            kept["detected"] = min(kept["detected"], found["detected"])
            kept["given"] = min(kept["given"], found["given"])
    print("| checkout | split(), detection | split(), language given | detection alone |")
    print("|---|---:|---:|---:|")
    for name, times in best.items():
        print(f"| {name} ({checkouts[name]}) | {times['detected'] * 1000:.0f} ms | "
              f"{times['given'] * 1000:.0f} ms | "
              f"{(times['detected'] - times['given']) * 1000:.0f} ms |")
    this, other = best["this"], best["other"]
    cost = {name: times["detected"] - times["given"] for name, times in best.items()}
    print(f"\nsplit() with detection: this / other = {this['detected'] / other['detected']:.2f}; "
          f"detection alone: other / this = {cost['other'] / max(1e-9, cost['this']):.2f}")


if __name__ == "__main__":
    main()
