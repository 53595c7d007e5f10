"""Sentence boundary precision, recall and F1 per language and gold file, plus throughput.

Compares structchunk's segmenter with pySBD and spaCy's blank pipeline with the sentencizer,
each when installed (a tool that cannot be imported is skipped).

Gold data (from the shared corpus, `sentences/`):

* `ud/en_ewt-test.jsonl`, `ud/en_gum-test.jsonl`, `ud/de_gsd-test.jsonl`,
  `ud/de_lit-test.jsonl`: Universal Dependencies test sets (web text, many genres, news,
  19th-century literature). Every document's `text` is scored against its gold `offsets`.
  GUM and LIT are held out: no rule is written from them, they check that the rules hold on
  text they were not developed on.
* `pysbd/{de,en,hi,mr}.jsonl`: pySBD's golden-rule cases, one input text and its expected
  sentences per case.

Scoring. A *boundary* is the end of a sentence, given as the number of non-whitespace
characters before it in the input text. For a gold sentence `[start, end)` of the UD files that
is the gold end offset `end` (sentences never end in whitespace) counted without whitespace.
Counting without whitespace makes the gold sentences of pySBD's `clean: true` and
`doc_type: "pdf"` cases, whose whitespace pySBD normalises (line breaks joined, runs of spaces
collapsed), comparable with the input: a case is scored when its expected sentences, whitespace
removed, concatenate to its input with whitespace removed; the other cases (where cleaning also
removed HTML tags, dot leaders or other characters) are skipped and counted in the `skipped`
column. The end of each text is not a boundary: every segmenter gets it for free, so a text
made of one sentence contributes nothing. Precision is the share of predicted boundaries that
are gold boundaries, recall the share of gold boundaries predicted, both pooled (micro) over all
texts of a file.

Every tool runs on the raw input as a chunker would: pySBD with `clean=False` (cleaning
rewrites the text, so its sentences could no longer be mapped back to the source) and the
language of the file; its sentences are located in the input in order, ignoring whitespace.
spaCy runs `spacy.blank(lang)` plus the `sentencizer` (its default punctuation, which includes
the danda), never a trained pipeline.

Throughput in the first table is characters of input per second of segmentation, over all
texts of a file, one pass after a warm-up pass (so structchunk's grammar loading and spaCy's
pipeline set-up are not counted); these texts are short, so per-call overhead weighs in. The
`all` row of a tool pools every file. The second table measures throughput on long texts the
way the chunker calls a segmenter, one paragraph (text between blank lines) at a time: the UD
prose files, the German Civil Code and the Hindi and Marathi documents of the corpus (all files
of a folder), best of five passes, in characters and in megabytes of UTF-8 per second.

Run from the repository root:

    python benchmarks/sentences.py            # Markdown table on stdout
    python benchmarks/sentences.py --json     # one JSON object per row

The corpus is found at `$STRUCTCHUNK_CORPUS`, else at `../shared/corpus` beside the checkout.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

Spans = list[tuple[int, int]]
Segmenter = Callable[[str], Spans]

# The gold files: every `ud/*.jsonl` and `pysbd/*.jsonl` of the corpus, the language taken
# from the file name ("da_ddt_even-test.jsonl" -> "da", "da.jsonl" -> "da").
def gold_files(root: Path) -> list[tuple[str, str]]:
    files = []
    for folder in ("ud", "pysbd"):
        for path in sorted((root / "sentences" / folder).glob("*.jsonl")):
            files.append((f"{folder}/{path.name}", path.name.split("_", 1)[0].split(".", 1)[0]))
    return files


def corpus_root() -> Path:
    env = os.environ.get("STRUCTCHUNK_CORPUS")
    if env:
        return Path(env)
    return Path(__file__).resolve().parents[2] / "shared" / "corpus"


@dataclass(frozen=True)
class Case:
    text: str
    gold: frozenset[int]  # boundaries in non-whitespace characters


@dataclass
class Row:
    file: str
    lang: str
    tool: str
    texts: int
    skipped: int
    gold: int
    predicted: int
    correct: int
    chars: int
    seconds: float

    @property
    def precision(self) -> float:
        return self.correct / self.predicted if self.predicted else 1.0

    @property
    def recall(self) -> float:
        return self.correct / self.gold if self.gold else 1.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0

    @property
    def chars_per_second(self) -> float:
        return self.chars / self.seconds if self.seconds > 0 else float("inf")


def _nonspace_prefix(text: str) -> list[int]:
    """counts[i] = number of non-whitespace characters in text[:i]."""
    counts = [0] * (len(text) + 1)
    total = 0
    for i, char in enumerate(text):
        if not char.isspace():
            total += 1
        counts[i + 1] = total
    return counts


def _squeeze(text: str) -> str:
    return "".join(text.split())


def boundaries_from_spans(text: str, spans: Spans) -> frozenset[int]:
    """Sentence ends in non-whitespace characters, the end of the text excluded."""
    counts = _nonspace_prefix(text)
    total = counts[-1]
    ends = {counts[end] for _start, end in spans}
    ends.discard(total)
    ends.discard(0)
    return frozenset(ends)


def boundaries_from_strings(text: str, sentences: list[str]) -> frozenset[int]:
    """Locate sentences in order in the squeezed text; return their ends (text end excluded)."""
    squeezed = _squeeze(text)
    ends: set[int] = set()
    cursor = 0
    for sentence in sentences:
        piece = _squeeze(sentence)
        if not piece:
            continue
        found = squeezed.find(piece, cursor)
        if found < 0:  # the tool changed the text; fall back to its length
            found = cursor
        cursor = found + len(piece)
        ends.add(cursor)
    ends.discard(len(squeezed))
    ends.discard(0)
    return frozenset(ends)


def load_cases(root: Path, name: str) -> tuple[list[Case], int]:
    path = root / "sentences" / name
    cases: list[Case] = []
    skipped = 0
    with path.open(encoding="utf-8") as handle:
        for line in handle:
            record = json.loads(line)
            if "offsets" in record:  # UD document
                text = record["text"]
                spans = [(start, end) for start, end in record["offsets"]]
                cases.append(Case(text, boundaries_from_spans(text, spans)))
                continue
            text = record["input"]
            expected: list[str] = record["expected"]
            if _squeeze("".join(expected)) != _squeeze(text):
                skipped += 1
                continue
            cases.append(Case(text, boundaries_from_strings(text, expected)))
    return cases, skipped


# --- tools -------------------------------------------------------------------------------


def structchunk_tool(lang: str) -> Callable[[str], frozenset[int]]:
    from structchunk.lang.sentences import sentence_spans

    return lambda text: boundaries_from_spans(text, sentence_spans(text, lang))


def pysbd_tool(lang: str) -> Callable[[str], frozenset[int]] | None:
    import pysbd
    from pysbd.languages import LANGUAGE_CODES

    if lang not in LANGUAGE_CODES:
        return None  # pySBD has no rules for the language
    segmenter = pysbd.Segmenter(language=lang, clean=False)
    return lambda text: boundaries_from_strings(text, segmenter.segment(text))


def sentencex_tool(lang: str) -> Callable[[str], frozenset[int]]:
    import sentencex

    return lambda text: boundaries_from_strings(text, list(sentencex.segment(lang, text)))


def icu_tool(lang: str) -> Callable[[str], frozenset[int]]:
    from icu4py.breakers import SentenceBreaker
    from icu4py.locale import Locale

    locale = Locale(lang)
    # Iterating gives the segments as strings (its offsets count UTF-16 code units).
    return lambda text: boundaries_from_strings(text, list(SentenceBreaker(text, locale)))


def _blank_pipeline(lang: str) -> Any:
    import spacy

    try:
        nlp = spacy.blank(lang)
    except ImportError:  # the language needs a word segmenter package: the multilingual one
        nlp = spacy.blank("xx")
    nlp.add_pipe("sentencizer")
    return nlp


def spacy_tool(lang: str) -> Callable[[str], frozenset[int]]:
    nlp = _blank_pipeline(lang)

    def run(text: str) -> frozenset[int]:
        doc = nlp(text)
        return boundaries_from_spans(text, [(s.start_char, s.end_char) for s in doc.sents])

    return run


ToolFactory = Callable[[str], "Callable[[str], frozenset[int]] | None"]
TOOLS: dict[str, ToolFactory] = {
    "structchunk": structchunk_tool,
    "pySBD": pysbd_tool,
    "sentencex": sentencex_tool,
    "ICU": icu_tool,
    "spaCy sentencizer": spacy_tool,
}
_MODULES = {"structchunk": "structchunk", "pySBD": "pysbd", "sentencex": "sentencex",
            "ICU": "icu4py", "spaCy sentencizer": "spacy"}


def available_tools(names: list[str]) -> Iterator[str]:
    for name in names:
        try:
            __import__(_MODULES[name])
        except ImportError:
            print(f"skipping {name}: not installed", file=sys.stderr)
            continue
        yield name


def score(root: Path, tools: list[str], languages: set[str] | None = None) -> list[Row]:
    rows: list[Row] = []
    for name, lang in gold_files(root):
        if languages and lang not in languages:
            continue
        cases, skipped = load_cases(root, name)
        chars = sum(len(case.text) for case in cases)
        for tool in tools:
            run = TOOLS[tool](lang)
            if run is None:
                continue
            run("Warm up. Twice.")  # grammar loading and pipeline set-up are not timed
            started = time.perf_counter()
            predictions = [run(case.text) for case in cases]
            seconds = time.perf_counter() - started
            gold = sum(len(case.gold) for case in cases)
            predicted = sum(len(p) for p in predictions)
            correct = sum(len(p & case.gold) for p, case in zip(predictions, cases, strict=False))
            rows.append(Row(name, lang, tool, len(cases), skipped, gold, predicted, correct,
                            chars, seconds))
    for tool in tools:
        mine = [row for row in rows if row.tool == tool]
        rows.append(_pooled("all", "", tool, mine))
    return rows


def _pooled(file: str, lang: str, tool: str, rows: list[Row]) -> Row:
    return Row(file, lang, tool, sum(r.texts for r in rows), sum(r.skipped for r in rows),
               sum(r.gold for r in rows), sum(r.predicted for r in rows),
               sum(r.correct for r in rows), sum(r.chars for r in rows),
               sum(r.seconds for r in rows))


def by_language(rows: list[Row], tools: list[str]) -> str:
    """Per language and gold kind (UD files pooled, pySBD rules): structchunk against the best
    of the other tools, F1 with precision in brackets."""
    lines = ["| language | gold | structchunk F1 (P) | " + " | ".join(
        tool for tool in tools if tool != "structchunk") + " | best other | ahead |",
             "|---|---|---:|" + "---:|" * (len(tools) - 1) + "---|---|"]
    keys = sorted({(row.lang, row.file.split("/", 1)[0]) for row in rows if row.lang})
    for lang, kind in keys:
        pooled = {tool: _pooled(kind, lang, tool, [
            row for row in rows if row.lang == lang and row.tool == tool
            and row.file.startswith(kind + "/")]) for tool in tools}
        pooled = {tool: row for tool, row in pooled.items() if row.texts}
        if "structchunk" not in pooled:
            continue
        mine = pooled["structchunk"]
        others = {tool: row.f1 for tool, row in pooled.items() if tool != "structchunk"}
        best = max(others, key=lambda tool: others[tool]) if others else ""
        cells = [f"{pooled[tool].f1:.3f}" if tool in pooled else "–"
                 for tool in tools if tool != "structchunk"]
        ahead = "yes" if not others or mine.f1 >= others[best] - 0.0005 else "no"
        lines.append(f"| {lang} | {kind} | {mine.f1:.3f} ({mine.precision:.3f}) | "
                     + " | ".join(cells)
                     + f" | {others.get(best, 0):.3f} {best} | {ahead} |")
    return "\n".join(lines)


THROUGHPUT_TEXTS: tuple[tuple[str, str, str], ...] = (
    ("prose/en/ud_en_ewt_test.txt", "en", "file"),
    ("prose/de/ud_de_gsd_test.txt", "de", "file"),
    ("prose/de/ud_de_lit_test.txt", "de", "file"),
    ("legal/de/bgb.md", "de", "file"),
    ("docs/hi", "hi", "folder"),
    ("docs/mr", "mr", "folder"),
)


def throughput(root: Path, tools: list[str], passes: int = 5) -> list[tuple[str, str, int, int,
                                                                          float]]:
    """(text, tool, characters, UTF-8 bytes, best seconds) for each long text and tool."""
    results = []
    for name, lang, kind in THROUGHPUT_TEXTS:
        path = root / name
        files = sorted(path.rglob("*.md")) if kind == "folder" else [path]
        paragraphs = [paragraph for file in files
                      for paragraph in file.read_text(encoding="utf-8").split("\n\n")
                      if paragraph.strip()]
        chars = sum(len(paragraph) for paragraph in paragraphs)
        size = sum(len(paragraph.encode("utf-8")) for paragraph in paragraphs)
        for tool in tools:
            if tool not in SPLITTERS:
                continue
            split = SPLITTERS[tool](lang)
            for paragraph in paragraphs[:50]:  # warm-up
                split(paragraph)
            best = float("inf")
            for _ in range(passes):
                started = time.perf_counter()
                for paragraph in paragraphs:
                    split(paragraph)
                best = min(best, time.perf_counter() - started)
            results.append((name, tool, chars, size, best))
    return results


def _structchunk_splitter(lang: str) -> Callable[[str], object]:
    from structchunk.lang.sentences import sentence_spans

    return lambda text: sentence_spans(text, lang)


def _pysbd_splitter(lang: str) -> Callable[[str], object]:
    import pysbd

    return pysbd.Segmenter(language=lang, clean=False).segment


def _spacy_splitter(lang: str) -> Callable[[str], object]:
    nlp = _blank_pipeline(lang)
    return lambda text: [(s.start_char, s.end_char) for s in nlp(text).sents]


def _sentencex_splitter(lang: str) -> Callable[[str], object]:
    import sentencex

    return lambda text: list(sentencex.segment(lang, text))


def _icu_splitter(lang: str) -> Callable[[str], object]:
    from icu4py.breakers import SentenceBreaker
    from icu4py.locale import Locale

    locale = Locale(lang)
    return lambda text: list(SentenceBreaker(text, locale).segments())


# The segmenters alone, without scoring, for the throughput table.
SPLITTERS: dict[str, Callable[[str], Callable[[str], object]]] = {
    "structchunk": _structchunk_splitter,
    "pySBD": _pysbd_splitter,
    "sentencex": _sentencex_splitter,
    "ICU": _icu_splitter,
    "spaCy sentencizer": _spacy_splitter,
}


def throughput_markdown(results: list[tuple[str, str, int, int, float]]) -> str:
    lines = ["| text | tool | characters | chars/s | MB/s (UTF-8) |",
             "|---|---|---:|---:|---:|"]
    for name, tool, chars, size, seconds in results:
        lines.append(f"| {name} | {tool} | {chars:,} | {chars / seconds:,.0f} | "
                     f"{size / seconds / 1e6:.1f} |")
    return "\n".join(lines)


def markdown(rows: list[Row]) -> str:
    lines = ["| file | lang | tool | texts | skipped | gold | P | R | F1 | chars/s |",
             "|---|---|---|---:|---:|---:|---:|---:|---:|---:|"]
    for row in rows:
        lines.append(f"| {row.file} | {row.lang} | {row.tool} | {row.texts} | {row.skipped} | "
                     f"{row.gold} | {row.precision:.3f} | {row.recall:.3f} | {row.f1:.3f} | "
                     f"{row.chars_per_second:,.0f} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--corpus", type=Path, default=None, help="corpus folder")
    parser.add_argument("--json", action="store_true", help="print JSON lines, not Markdown")
    parser.add_argument("--no-throughput", action="store_true",
                        help="skip the throughput table on long texts")
    parser.add_argument("--languages", default="",
                        help="comma-separated language codes to score (default: all)")
    parser.add_argument("--tools", default=",".join(TOOLS),
                        help="comma-separated subset of: " + ", ".join(TOOLS))
    args = parser.parse_args(argv)
    root = args.corpus or corpus_root()
    if not (root / "sentences").is_dir():
        print(f"corpus not found at {root} (set STRUCTCHUNK_CORPUS)", file=sys.stderr)
        return 2
    tools = list(available_tools([name.strip() for name in args.tools.split(",")]))
    languages = {code.strip() for code in args.languages.split(",") if code.strip()}
    rows = score(root, tools, languages or None)
    if args.json:
        for row in rows:
            print(json.dumps({**row.__dict__, "precision": row.precision, "recall": row.recall,
                              "f1": row.f1, "chars_per_second": row.chars_per_second}))
    else:
        print(by_language(rows, tools))
        print()
        print(markdown(rows))
    if not args.no_throughput:
        results = throughput(root, tools)
        if args.json:
            for name, tool, chars, size, seconds in results:
                print(json.dumps({"text": name, "tool": tool, "chars": chars, "bytes": size,
                                  "seconds": seconds}))
        else:
            print()
            print(throughput_markdown(results))
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    raise SystemExit(main())
