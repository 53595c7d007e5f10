"""Language identification accuracy per language, and speed, for structchunk and candidates.

Three sets, all from the shared corpus: UD documents whole (`sentences/ud/`), UD sentences of
40 characters or more (at most `--sentences` per language, drawn with a fixed seed), and the
Markdown docs (`docs/<lang>/`, `zh-hans` and `zh-hant` counted as `zh`). structchunk is judged
as users get it: `Document.language` of a document (UD documents parsed as plain text, the
docs as Markdown), `detect_language()` of a sentence. The
candidates are asked for their best guess on the same texts; those not installed are left out:

    python benchmarks/identification.py [--sentences 200] [--only structchunk,cld2]

Times are the process's CPU time over each whole set, per character of the set.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable
from pathlib import Path

from _common import corpus_root

import structchunk
from structchunk.lang.detect import detect_language

Texts = dict[str, list[str]]


def ud_sets(root: Path, per_language: int) -> tuple[Texts, Texts]:
    """UD documents whole, and a seeded sample of their sentences of 40+ characters."""
    documents: Texts = {}
    sentences: Texts = {}
    for path in sorted((root / "sentences" / "ud").glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            documents.setdefault(record["lang"], []).append(record["text"])
            sentences.setdefault(record["lang"], []).extend(
                sentence for sentence in record["sentences"] if len(sentence) >= 40)
    draw = random.Random(0)
    return documents, {code: draw.sample(found, min(per_language, len(found)))
                       for code, found in sorted(sentences.items())}


def markdown_set(root: Path) -> Texts:
    found: Texts = {}
    for folder in sorted((root / "docs").iterdir()):
        code = folder.name.split("-")[0]
        found.setdefault(code, []).extend(path.read_text(encoding="utf-8")
                                          for path in sorted(folder.rglob("*.md")))
    return found


def _cld2() -> Callable[[str], str]:
    import pycld2

    def guess(text: str) -> str:
        clean = text.encode("utf-8", "replace").decode("utf-8")
        code = pycld2.detect(clean)[2][0][1]
        return "zh" if code.startswith("zh") else code.split("-")[0]
    return guess


def _fasttext() -> Callable[[str], str]:
    from structchunk.lang.identifier import identify
    return lambda text: (identify(text, 1) or (("un", 0.0),))[0][0]


def _lingua() -> Callable[[str], str]:
    from lingua import LanguageDetectorBuilder

    detector = LanguageDetectorBuilder.from_all_languages().build()

    def guess(text: str) -> str:
        found = detector.detect_language_of(text)
        return found.iso_code_639_1.name.lower() if found else "un"
    return guess


def _langdetect() -> Callable[[str], str]:
    from langdetect import DetectorFactory, detect
    from langdetect.lang_detect_exception import LangDetectException

    DetectorFactory.seed = 0

    def guess(text: str) -> str:
        try:
            return str(detect(text)).split("-")[0]
        except LangDetectException:
            return "un"
    return guess


def _structchunk(document: str | None) -> Callable[[str], str]:
    """`Document.language` of the text parsed as `document` (a format), or
    `detect_language()` of the text."""
    if document:
        return lambda text: str(structchunk.parse_text(text, format=document).language)
    return lambda text: detect_language(text) or "un"


CANDIDATES: dict[str, Callable[[], Callable[[str], str]]] = {
    "fasttext lid.176": _fasttext, "cld2": _cld2, "lingua": _lingua, "langdetect": _langdetect}


def score(guess: Callable[[str], str], texts: Texts) -> tuple[dict[str, float], float]:
    """Share right per language, and CPU seconds per character over the whole set."""
    right: dict[str, float] = {}
    started = time.process_time()
    for code, items in texts.items():
        right[code] = sum(guess(text) == code for text in items) / len(items)
    spent = time.process_time() - started
    return right, spent / max(1, sum(len(text) for items in texts.values() for text in items))


def table(name: str, texts: Texts, tools: dict[str, Callable[[str], str]]) -> None:
    results = {tool: score(guess, texts) for tool, guess in tools.items()}
    print(f"\n### {name}\n")
    print("| language | n | " + " | ".join(results) + " |")
    print("|---|---:|" + "---:|" * len(results))
    for code, items in texts.items():
        cells = " | ".join(f"{results[tool][0][code]:.0%}" for tool in results)
        print(f"| {code} | {len(items)} | {cells} |")
    worst = " | ".join(f"{min(results[tool][0].values()):.0%}" for tool in results)
    print(f"| lowest | | {worst} |")
    cost = " | ".join(f"{results[tool][1] * 1e9:,.0f}" for tool in results)
    print(f"| ns per character | | {cost} |")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sentences", type=int, default=200)
    parser.add_argument("--only", default="")
    args = parser.parse_args()
    wanted = set(filter(None, args.only.split(",")))
    root = corpus_root()
    documents, sentences = ud_sets(root, args.sentences)
    candidates = {}
    for name, make in CANDIDATES.items():
        if wanted and name.split()[0] not in wanted:
            continue
        try:
            candidates[name] = make()
        except ImportError:
            print(f"({name} not installed: left out)")
    keep = not wanted or "structchunk" in wanted
    for name, texts, document in (("UD documents, whole", documents, "text"),
                                  ("UD sentences of 40+ characters", sentences, None),
                                  ("Markdown docs, whole files", markdown_set(root), "markdown")):
        tools = ({"structchunk": _structchunk(document)} if keep else {}) | candidates
        table(name, texts, tools)


if __name__ == "__main__":
    main()
