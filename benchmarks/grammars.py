"""Grammar loading, language detection and sentence segmentation speed, for comparing checkouts.

Language knowledge moved from Python sets into grammar files read by one loader; this script
measures what that may cost. Run it against two checkouts on the same machine and compare:

    PYTHONPATH=. python benchmarks/grammars.py
    PYTHONPATH=/path/to/older/checkout python benchmarks/grammars.py

It uses only functions that exist on both sides (`detect_language`, `sentence_spans`), plus the
loader's functions when they are there:

* `load`: milliseconds to load, check and compile every grammar from disk in a fresh process
  (sentence grammars of every language, the detection profiles, the German legal grammar, the
  code suffix table); the first `split` of a process pays this once.
* `detect`: paragraphs of the corpus's Markdown and plain text per second through
  `detect_language(text, prior)` with a prior of the text's script, so langdetect is not run
  and the words and letters of the grammar files decide (best of `REPEAT` passes).
* `segment`: characters per second through `sentence_spans(paragraph, language)` for the
  English, German, Hindi and Marathi paragraphs of the corpus (best of `REPEAT` passes).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

from _common import best_time, corpus_root

REPEAT = 5
LOAD_PROGRAM = """
import time
started = time.perf_counter()
from structchunk.lang.grammars import available_languages, load_sentence_grammar
from structchunk.lang.profiles import language_profiles
from structchunk.parse.code.languages import code_suffixes
from structchunk.parse.legal.grammar import load_legal_grammar
for code in (*available_languages(), None):
    load_sentence_grammar(code)
language_profiles()
load_legal_grammar("de")
code_suffixes()
print((time.perf_counter() - started) * 1000)
"""


def paragraphs(root: Path, limit: int) -> list[str]:
    found = []
    for path in sorted(root.rglob("*")):
        if path.suffix in (".md", ".txt") and path.is_file():
            text = path.read_text(encoding="utf-8", errors="replace")
            found.extend(part for part in text.split("\n\n") if len(part.strip()) >= 20)
    return found[:limit]


def load_ms() -> float | None:
    """Cold loading in a fresh interpreter; None on a checkout without the shared loader."""
    result = subprocess.run([sys.executable, "-c", LOAD_PROGRAM], capture_output=True,
                            text=True, check=False)
    return float(result.stdout) if result.returncode == 0 else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--limit", type=int, default=20000, help="paragraphs at most")
    arguments = parser.parse_args()
    from structchunk.lang.detect import detect_language
    from structchunk.lang.sentences import sentence_spans

    texts = paragraphs(corpus_root(), arguments.limit)
    judged = [(text, "hi" if any("\u0900" <= ch <= "\u097f" for ch in text[:200]) else "en")
              for text in texts]
    languages = [(text, detect_language(text, prior)) for text, prior in judged]
    prose = [(text, language) for text, language in languages
             if language in ("en", "de", "hi", "mr")]
    characters = sum(len(text) for text, _language in prose)

    def detect() -> None:
        for text, prior in judged:
            detect_language(text, prior)

    def segment() -> None:
        for text, language in prose:
            sentence_spans(text, language)

    detect()
    segment()
    detect_seconds = best_time(detect, REPEAT)
    segment_seconds = best_time(segment, REPEAT)
    loading = load_ms()
    print("| load (ms) | detect (paragraphs/s) | segment (chars/s) | paragraphs |")
    print("|---:|---:|---:|---:|")
    print(f"| {'n/a' if loading is None else f'{loading:.0f}'} | "
          f"{len(judged) / detect_seconds:,.0f} | {characters / segment_seconds:,.0f} | "
          f"{len(judged)} ({len(prose)} segmented, {characters:,} chars) |")


if __name__ == "__main__":
    main()
