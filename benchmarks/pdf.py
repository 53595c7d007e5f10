"""PDF reading: pages per second against pypdf's own `extract_text`, and words kept.

Inputs:

* `guides-en`, `guides-de`: the corpus's Open Source Guides (English and German Markdown)
  set as A4 PDFs with fpdf2 (DejaVu Sans 10 pt body, bold headings 11-16 pt, a bookmark per
  heading, a running head naming the current guide with the page number, a page-number
  footer, Markdown tables as tables).
* `bgb`: the German Civil Code from the corpus, set as in `benchmarks/legal.py`.
* any PDF given with `--pdf` (real files; the figures in docs/benchmarks.md include two
  manuals shipped by Debian: `/usr/share/doc/libtasn1-doc/libtasn1.pdf`, Texinfo/TeX, and
  `/usr/share/doc/shared-mime-info/shared-mime-info-spec.pdf`, DocBook).

Speed: best of `--repeat` runs of `structchunk.parse(path)` and of pypdf's
`extract_text()` over every page of the same file. Words: both texts are normalised the same
way (NFKC, which also expands ligatures; words hyphenated at a line end joined; case folded)
and split into words; "kept" is the share of pypdf's words (as a multiset) found in
structchunk's text, "with removed" also counts the words of the running heads, footers and
page numbers structchunk removes on purpose (listed in `metadata["removed_lines"]`).

    python benchmarks/pdf.py [--repeat 3] [--pdf FILE ...]
"""

from __future__ import annotations

import argparse
import tempfile
import unicodedata
from collections import Counter
from pathlib import Path

import regex
from _common import best_time, corpus_root
from legal import add_fonts, pdf_writer, render_pdf

import structchunk

_HEADING = regex.compile(r"^(#{1,6})\s+(.*?)\s*#*$")
_WORD = regex.compile(r"\w+")
_HYPHEN_BREAK = regex.compile(r"(\w)-\s*\n\s*(\w)")


def render_guides(files: list[Path], target: Path) -> Path | None:
    """The guides as one PDF with bookmarks, running heads and tables; None without fpdf2."""
    writer = pdf_writer()
    if writer is None:
        return None
    FPDF, fonts = writer  # noqa: N806 - a class
    current = {"title": ""}

    class Guides(FPDF):
        def header(self) -> None:
            self.set_font("Sans", "B", 9)
            number = self.page_no()
            title = current["title"].upper()
            self.cell(0, 5, f"{number}  {title}" if number % 2 == 0 else f"{title}  {number}",
                      align="L" if number % 2 == 0 else "R")
            self.ln(9)

        def footer(self) -> None:
            self.set_y(-14)
            self.set_font("Sans", "", 8)
            self.cell(0, 5, str(self.page_no()), align="C")

    pdf = Guides()
    add_fonts(pdf, fonts)
    pdf.set_auto_page_break(True, margin=20)
    for path in files:
        text = path.read_text(encoding="utf-8")
        text = regex.sub(r"(?s)\A---\n.*?\n---\n", "", text)  # front matter
        text = regex.sub(r"<[^>\n]+>", "", text)  # HTML tags of asides
        current["title"] = path.stem.replace("-", " ")
        pdf.add_page()
        for block in regex.split(r"\n[ \t]*\n", text):
            block = block.strip()
            if not block:
                continue
            heading = _HEADING.match(block)
            if heading and "\n" not in block:
                level = len(heading.group(1))
                title = regex.sub(r"[*_`]", "", heading.group(2))
                size = max(11, 18 - 2 * level)
                pdf.ln(2)
                pdf.start_section(title, level=min(level - 1, 2))
                pdf.set_font("Sans", "B", size)
                pdf.multi_cell(0, size * 0.5, title, new_x="LMARGIN", new_y="NEXT")
                continue
            rows = [line for line in block.splitlines() if line.strip().startswith("|")]
            if rows and len(rows) == len(block.splitlines()) and len(rows) >= 3:
                cells = [[regex.sub(r"[*_`]", "", cell.strip())
                          for cell in row.strip().strip("|").split("|")]
                         for row in rows if not regex.fullmatch(r"[|\s:-]+", row)]
                width = max(len(row) for row in cells)
                pdf.set_font("Sans", "", 9)
                with pdf.table() as table:
                    for row in cells:
                        line = table.row()
                        for cell in row + [""] * (width - len(row)):
                            line.cell(cell)
                pdf.ln(2)
                continue
            pdf.set_font("Sans", "", 10)
            flat = regex.sub(r"[*_`]|\[([^\]]*)\]\([^)]*\)", lambda m: m.group(1) or "", block)
            pdf.multi_cell(0, 5, " ".join(flat.split()), new_x="LMARGIN", new_y="NEXT")
            pdf.ln(2)
    pdf.output(str(target))
    return target


def words(text: str) -> Counter[str]:
    text = unicodedata.normalize("NFKC", text).replace("\u00ad", "")
    return Counter(_WORD.findall(_HYPHEN_BREAK.sub(r"\1\2", text).casefold()))


def measure(path: Path, repeat: int) -> tuple[int, float, float, float, float]:
    from pypdf import PdfReader

    def bare() -> str:
        return "\n".join(page.extract_text() for page in PdfReader(path).pages)

    pages = len(PdfReader(path).pages)
    ours = best_time(lambda: structchunk.parse(path), repeat)
    theirs = best_time(bare, repeat)
    document = structchunk.parse(path)
    reference = words(bare())
    found = words(document.text)
    removed = words("\n".join(line["text"] for line in document.metadata["removed_lines"]))
    total = sum(reference.values()) or 1
    kept = sum(min(count, found[word]) for word, count in reference.items())
    with_removed = sum(min(count, found[word] + removed[word])
                       for word, count in reference.items())
    return pages, pages / ours, pages / theirs, kept / total, with_removed / total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--pdf", type=Path, nargs="*", default=[])
    args = parser.parse_args()
    root = corpus_root()
    with tempfile.TemporaryDirectory() as folder:
        inputs: list[tuple[str, Path]] = []
        for language in ("en", "de"):
            guides = sorted((root / "docs" / language / "opensource-guide").glob("*.md"))
            made = render_guides(guides, Path(folder) / f"guides-{language}.pdf")
            if made is not None:
                inputs.append((f"guides-{language}, fpdf2", made))
        law = render_pdf(root / "legal" / "de" / "bgb.md", Path(folder) / "bgb.pdf")
        if law is not None:
            inputs.append(("bgb, fpdf2", law))
        inputs.extend((path.name, path) for path in args.pdf)
        print(f"best of {args.repeat} runs\n")
        print("| PDF | pages | structchunk pages/s | pypdf extract_text pages/s | speed ratio "
              "| pypdf words kept | with removed lines |")
        print("|---|---|---|---|---|---|---|")
        for name, path in inputs:
            pages, ours, theirs, kept, accounted = measure(path, args.repeat)
            print(f"| {name} | {pages} | {ours:.1f} | {theirs:.1f} | {ours / theirs:.2f} "
                  f"| {kept:.1%} | {accounted:.1%} |")


if __name__ == "__main__":
    main()
