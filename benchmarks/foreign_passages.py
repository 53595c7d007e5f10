"""Passages in another language inside a guide: do they keep their own label?

The per-region judgement places most regions without the model, by the words of the
document's own language (`structchunk/lang/familiar.py`). What that must never do is take a
passage in another language (a German quote in an English page) for the page's language.
This script puts such passages into the guides of corpus/docs and reads the label of each:

- for every guide language and every other language written in the same script, the first
  `--guides` guides of that language each get one paragraph of the other language, of about
  `--length` characters, before a heading in the middle of the guide: consecutive gold
  sentences of `sentences/ud/` (drawn with a fixed seed), or for a language without UD gold
  (Hindi, Marathi, Sanskrit, Malay, ...) the first plain paragraphs of its guides;
- the label at the paragraph's start (`structchunk.lang.regions.language_map`) is counted as
  the passage's language, the page's language, or another one.

    python benchmarks/foreign_passages.py [--guides 2] [--length 160,400]

A passage in a close neighbour of the page's language (Czech in a Slovak page) is hard for
the model too; the column to watch is "taken for the page's language", before and after.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

from _common import corpus_root

import structchunk
from structchunk.lang.detect import knowledge
from structchunk.lang.regions import language_map
from structchunk.lang.scripts import text_script


def passages(root: Path, length: int) -> dict[str, list[str]]:
    """Per UD language, paragraphs of consecutive gold sentences of about `length`
    characters, drawn with a fixed seed."""
    found: dict[str, list[str]] = {}
    for path in sorted((root / "sentences" / "ud").glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            found.setdefault(record["lang"], []).extend(record["sentences"])
    draw = random.Random(length)
    made: dict[str, list[str]] = {
        code: paragraphs for code, paragraphs in guide_paragraphs(root, length).items()
        if code not in found}
    for code, sentences in sorted(found.items()):
        made[code] = []
        for _ in range(4):
            index = draw.randrange(len(sentences))
            paragraph = ""
            while len(paragraph) < length and index < len(sentences):
                paragraph = f"{paragraph} {sentences[index]}".strip()
                index += 1
            made[code].append(paragraph)
    return made


def guide_paragraphs(root: Path, length: int) -> dict[str, list[str]]:
    """Per guide language, up to four plain paragraphs (no markup) of at least `length`
    characters from its guides, cut at the first sentence end past `length`."""
    found: dict[str, list[str]] = {}
    for path in sorted((root / "docs").rglob("*.md")):
        code = path.relative_to(root / "docs").parts[0].split("-")[0]
        kept = found.setdefault(code, [])
        for paragraph in path.read_text(encoding="utf-8").split("\n\n"):
            plain = paragraph.strip()
            if len(kept) < 4 and len(plain) >= length and "\n" not in plain and not any(
                    mark in plain for mark in "[]<>#*|`_{}()/"):
                ends = [plain.find(stop, length) for stop in (". ", "। ", "? ", "! ")]
                end = min((found_at for found_at in ends if found_at > 0), default=len(plain))
                kept.append(plain[:end + 1])
    return found


def with_passage(text: str, passage: str) -> tuple[str, int]:
    """`text` with `passage` as a paragraph of its own before the heading nearest its
    middle, and the passage's offset."""
    middle = len(text) // 2
    heading = text.find("\n#", middle)
    at = heading + 1 if heading >= 0 else len(text)
    joined = f"{text[:at]}\n{passage}\n\n{text[at:]}"
    return joined, at + 1


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--guides", type=int, default=2)
    parser.add_argument("--length", default="160,400")
    args = parser.parse_args()
    root = corpus_root()
    found = knowledge()
    guides: dict[str, list[Path]] = {}
    for path in sorted((root / "docs").rglob("*.md")):
        guides.setdefault(path.relative_to(root / "docs").parts[0].split("-")[0], []).append(path)
    print("| passage length | passages | own language | taken for the page's language "
          "| another |")
    print("|---:|---:|---:|---:|---:|")
    for length in (int(value) for value in args.length.split(",")):
        counts = {"own": 0, "page": 0, "other": 0}
        taken: list[str] = []
        for code, paragraphs in passages(root, length).items():
            if not paragraphs:
                continue
            script = text_script(paragraphs[0], found.known)
            for page, paths in guides.items():
                if page == code:
                    continue
                for number, path in enumerate(paths[:args.guides]):
                    text = path.read_text(encoding="utf-8")
                    if text_script(text[len(text) // 2:][:2000], found.known) != script:
                        continue
                    passage = paragraphs[number % len(paragraphs)]
                    joined, offset = with_passage(text, passage)
                    document = structchunk.parse_text(joined, format="markdown")
                    label = language_map(document)(offset)
                    kind = "own" if label == code else "page" if label == page else "other"
                    counts[kind] += 1
                    if kind == "page":
                        taken.append(f"{code} in {page} ({path.name})")
        total = max(1, sum(counts.values()))
        print(f"| {length} | {total} | {counts['own'] / total:.1%} | "
              f"{counts['page']} ({counts['page'] / total:.1%}) | {counts['other'] / total:.1%} |")
        if taken:
            print(f"\n    taken for the page's language: {'; '.join(taken)}\n")


if __name__ == "__main__":
    main()
