"""German statute chunking (the BGB) as Markdown, plain text and PDF; PDF pages per second.

Inputs, all made from the shared corpus's `legal/de/bgb.md`:

* `md`: the file itself.
* `txt`: the same text with the Markdown heading marks (`##### `) removed, so provisions and
  divisions must be recognised from `§ N` lines and `(N)` numbering alone.
* `pdf`: the law set as an A4 PDF with fpdf2 (DejaVu Sans, 10 pt body, headings 12-18 pt
  bold, a running header and a `Seite N` footer on every page; each block reflowed by fpdf2).
  Needs fpdf2 and a DejaVuSans.ttf font; `--pdf PATH` reuses a file written earlier.

Span survival. Gold: the `legal_section` and `definition` cases of `spans.jsonl` in the BGB
(9 cases; each one whole Absatz). A case is kept when exactly one chunk holds the span
(in the PDF, compared with whitespace collapsed, since the PDF wraps lines differently), and
in context when that chunk's embedded text (`Chunk.text`) also names the § and its title.
"Absätze kept" counts the Absatz nodes structchunk's own parse finds in that input that fit
the budget together with their heading path line (`BGB > Buch 2 > ... > § 623 ...`, which the
chunker shortens to at most a quarter of the budget); an Absatz is kept when one chunk's
`[start, end)` covers it. Baselines: structchunk's `recursive`
(separators: blank line, line, space), `sentence` and `fixed` strategies on the same text.
"hybrid, short titles" parses with `short_titles=True` (`BGB > Buch 2 > Abschnitt 8 > ...`
instead of the divisions' full names), which leaves more of a small budget for the text.

PDF speed: pages per second of `structchunk.parse()` on the PDF (layout analysis, header and
footer removal, legal structure), next to pypdf's bare `extract_text()` over the same pages;
best of `--repeat` runs.

    python benchmarks/legal.py [--max-size 500 1000 2000] [--repeat 3] [--pdf bgb.pdf]
"""

from __future__ import annotations

import argparse
import tempfile
from bisect import bisect_right
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import Any

import regex
from _common import best_time, corpus_root, load_spans

import structchunk
from structchunk import Chunk, Document, NodeKind

STRATEGIES = ("hybrid", "recursive", "sentence", "fixed")
_HEADING = regex.compile(r"^(#{1,6}) (.*)$")


def plain_copy(markdown: Path, folder: Path) -> Path:
    path = folder / "bgb.txt"
    path.write_text(regex.sub(r"(?m)^#{1,6} ", "", markdown.read_text(encoding="utf-8")),
                    encoding="utf-8")
    return path


def find_font() -> tuple[Path, Path] | None:
    for folder in (Path("/usr/share/fonts"), Path("/usr/local/share/fonts"),
                   Path.home() / ".fonts", Path("/Library/Fonts")):
        if folder.is_dir():
            regular = next(folder.rglob("DejaVuSans.ttf"), None)
            if regular is not None:
                bold = regular.with_name("DejaVuSans-Bold.ttf")
                return regular, bold if bold.is_file() else regular
    return None


def pdf_writer() -> tuple[Any, tuple[Path, Path]] | None:
    """fpdf2's FPDF class and a DejaVu font pair to register as 'Sans'; None without them."""
    try:
        from fpdf import FPDF
    except ImportError:
        return None
    fonts = find_font()
    return None if fonts is None else (FPDF, fonts)


def add_fonts(pdf: Any, fonts: tuple[Path, Path]) -> None:
    pdf.add_font("Sans", "", str(fonts[0]))
    pdf.add_font("Sans", "B", str(fonts[1]))


def render_pdf(markdown: Path, target: Path) -> Path | None:
    """Set the law as a PDF; None when fpdf2 or a font is missing."""
    writer = pdf_writer()
    if writer is None:
        return None
    FPDF, fonts = writer  # noqa: N806 - a class

    class Law(FPDF):
        def header(self) -> None:
            self.set_font("Sans", "", 8)
            self.cell(0, 5, "Bürgerliches Gesetzbuch (BGB)", align="C")
            self.ln(8)

        def footer(self) -> None:
            self.set_y(-15)
            self.set_font("Sans", "", 8)
            self.cell(0, 5, f"Seite {self.page_no()}", align="C")

    pdf = Law()
    add_fonts(pdf, fonts)
    pdf.set_auto_page_break(True, margin=20)
    pdf.add_page()
    for block in regex.split(r"\n[ \t]*\n", markdown.read_text(encoding="utf-8")):
        block = block.strip()
        heading = _HEADING.match(block)
        if not block:
            continue
        if heading and "\n" not in block:
            size = 20 - 2 * min(len(heading.group(1)), 4)
            pdf.ln(2)
            pdf.set_font("Sans", "B", size)
            pdf.multi_cell(0, size * 0.5, heading.group(2), new_x="LMARGIN", new_y="NEXT")
        else:
            pdf.set_font("Sans", "", 10)
            pdf.multi_cell(0, 5, " ".join(block.split()), new_x="LMARGIN", new_y="NEXT")
            pdf.ln(2)
    pdf.output(str(target))
    return target


def normalise(text: str) -> str:
    return " ".join(text.split())


def gold_survival(chunks: Sequence[Chunk], cases: list[dict], loose: bool) -> tuple[int, int]:
    """(kept, kept with § and title in the embedded text)."""
    contents = [normalise(chunk.content) if loose else chunk.content for chunk in chunks]
    kept = in_context = 0
    for case in cases:
        span = normalise(case["span"]) if loose else case["span"]
        holders = [index for index, content in enumerate(contents) if span in content]
        if len(holders) != 1:
            continue
        kept += 1
        text = chunks[holders[0]].text
        if case["section"] in text and (not case.get("title") or case["title"] in text):
            in_context += 1
    return kept, in_context


def absaetze(document: Document) -> list[tuple[int, int, int]]:
    """(start, end, length of the heading path line) of every Absatz node."""
    return [(node.start, node.end, len(" > ".join(path))) for node, path in document.walk()
            if "absatz" in node.attrs.get("meta", {})
            and node.kind in (NodeKind.PARAGRAPH, NodeKind.ITEM)]


def fits(start: int, end: int, path: int, budget: int) -> bool:
    """Room for the Absatz and its heading path (cut to a quarter of the budget)."""
    return end - start + min(path, budget // 4) + 2 <= budget


def covered(chunks: Sequence[Chunk], spans: list[tuple[int, int]]) -> int:
    ordered = sorted((chunk.start, chunk.end) for chunk in chunks)
    starts = [start for start, _end in ordered]
    count = 0
    for start, end in spans:
        index = bisect_right(starts, start) - 1
        if index >= 0 and ordered[index][1] >= end:
            count += 1
    return count


def pdf_speed(path: Path, repeat: int) -> tuple[int, float, float]:
    from pypdf import PdfReader

    def bare() -> None:
        for page in PdfReader(path).pages:
            page.extract_text()

    pages = len(PdfReader(path).pages)
    ours = best_time(lambda: structchunk.parse(path), repeat)
    theirs = best_time(bare, repeat)
    return pages, pages / ours, pages / theirs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-size", type=int, nargs="+", default=[500, 1000, 2000])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--pdf", type=Path, help="reuse a PDF of the BGB written earlier")
    options = parser.parse_args()

    root = corpus_root()
    markdown = root / "legal" / "de" / "bgb.md"
    cases = [case for case in load_spans(root)
             if case["doc"] == "legal/de/bgb.md" and case["kind"] in ("legal_section",
                                                                        "definition")]
    with tempfile.TemporaryDirectory() as folder:
        inputs: dict[str, Path] = {"md": markdown, "txt": plain_copy(markdown, Path(folder))}
        pdf = options.pdf or render_pdf(markdown, Path(folder) / "bgb.pdf")
        if pdf is not None:
            inputs["pdf"] = pdf
        documents = {name: structchunk.parse(path) for name, path in inputs.items()}
        compact = {name: structchunk.parse(path, short_titles=True)
                   for name, path in inputs.items()}
        print(f"BGB: {len(markdown.read_text(encoding='utf-8')):,} characters, "
              f"{len(cases)} gold cases; inputs: {', '.join(inputs)}")
        for name, document in documents.items():
            seconds = best_time(partial(structchunk.parse, inputs[name]), options.repeat)
            speed = len(document.text) / seconds / 1e6
            print(f"  {name}: format {document.format}, {len(document.text):,} characters, "
                  f"{len(absaetze(document)):,} Absätze, parse {speed:.2f} MB/s")
        print()
        print("| input | budget | strategy | gold kept | gold in context | Absätze kept "
              "(of those that fit) | chunks |")
        print("|---|---|---|---|---|---|---|")
        for budget in options.max_size:
            for name in documents:
                variants = [(strategy, strategy, documents[name]) for strategy in STRATEGIES]
                variants.insert(1, ("hybrid, short titles", "hybrid", compact[name]))
                for label, strategy, document in variants:
                    fitting = [(start, end) for start, end, path in absaetze(document)
                               if fits(start, end, path, budget)]
                    chunks = structchunk.split(document, strategy=strategy, max_size=budget)
                    kept, in_context = gold_survival(chunks, cases, loose=name == "pdf")
                    whole = covered(chunks, fitting)
                    print(f"| {name} | {budget} | {label} | {kept}/{len(cases)} | "
                          f"{in_context}/{len(cases)} | {whole}/{len(fitting)} "
                          f"({whole / max(1, len(fitting)):.0%}) | {len(chunks)} |")
        if pdf is not None:
            pages, ours, theirs = pdf_speed(pdf, options.repeat)
            print()
            print("| PDF | pages | structchunk.parse pages/s | pypdf extract_text pages/s |")
            print("|---|---|---|---|")
            print(f"| BGB, fpdf2 | {pages} | {ours:.1f} | {theirs:.1f} |")


if __name__ == "__main__":
    main()
