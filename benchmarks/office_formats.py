"""Office formats: throughput per format and words kept against each format's reference reader.

Inputs: every DOCX, PPTX, XLSX and ODT file of the corpus's `formats/` folder.

Speed: best of `--repeat` runs over all files of a format of `structchunk.parse(bytes)` (the
package opened by the reader library, the blocks extracted and the derived text and tree
built), of `structchunk.split(bytes, max_size=1000)`, and of the reference reader alone on
the same bytes, in the same process. Reference readers: python-docx (every paragraph's
`text` and every cell's `text`, nested tables included), python-pptx (every text frame,
table cell and notes frame, groups included), openpyxl (`data_only` cell values; and, in a
line of its own, those values shown in their number formats by SheetJS's rules, `ssf`) and odfpy
(`teletype.extractText` of every `text:p` and `text:h`). Words: both texts split into `\\w+`
words and case folded; "kept" is the share of the reference's words (as a multiset) found in
structchunk's derived text. A file the reference reader cannot open is left out of its
count and named.

    python benchmarks/office_formats.py [--repeat 3] [--format docx ...]

(`benchmarks/formats.py` runs it too, after the other formats.)
"""

from __future__ import annotations

import argparse
import io
import sys
import warnings
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import regex
from _common import REPO, best_time, corpus_root

import structchunk

FORMATS = ("docx", "pptx", "xlsx", "odt")
_WORD = regex.compile(r"\w+")


def words(text: str) -> Counter[str]:
    return Counter(_WORD.findall(text.casefold()))


def docx_text(data: bytes) -> str:
    """python-docx's own paragraph and cell text (the reader the corpus test counts with)."""
    sys.path.insert(0, str(REPO))
    from tests.parse.office.corpus import docx_reference_text

    return docx_reference_text(data)


def pptx_text(data: bytes) -> str:
    import pptx

    texts: list[str] = []

    def shapes(group: Any) -> None:
        for shape in group:
            if shape.shape_type is not None and shape.shape_type.name == "GROUP":
                shapes(shape.shapes)
                continue
            if shape.has_text_frame:
                texts.append(shape.text_frame.text)
            if getattr(shape, "has_table", False) and shape.has_table:
                texts.extend(cell.text for row in shape.table.rows for cell in row.cells)

    for slide in pptx.Presentation(io.BytesIO(data)).slides:
        shapes(slide.shapes)
        if slide.has_notes_slide and slide.notes_slide.notes_text_frame is not None:
            texts.append(slide.notes_slide.notes_text_frame.text)
    return "\n".join(texts)


def xlsx_text(data: bytes) -> str:
    import openpyxl

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        workbook = openpyxl.load_workbook(io.BytesIO(data), data_only=True)
    return "\n".join(str(value) for sheet in workbook.worksheets
                     for row in sheet.iter_rows(values_only=True)
                     for value in row if value is not None)


def xlsx_shown_text(data: bytes) -> str:
    """openpyxl's values shown in their number formats by SheetJS's rules (the `ssf`
    package): what a reader of the sheet sees, without structchunk's own formatter."""
    import openpyxl
    import ssf

    shown = ssf.SSF(locale_support=False, decimal_separator=".", thousands_separator=",")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        workbook = openpyxl.load_workbook(io.BytesIO(data), data_only=True)
        return "\n".join(
            cell.value if isinstance(cell.value, str) else
            str(shown.format(cell.number_format, cell.value))
            for sheet in workbook.worksheets for row in sheet.iter_rows()
            for cell in row if cell.value is not None)


def odt_text(data: bytes) -> str:
    from odf import teletype
    from odf import text as odf_text
    from odf.opendocument import load

    document = load(io.BytesIO(data))
    elements = document.getElementsByType(odf_text.P) + document.getElementsByType(odf_text.H)
    return "\n".join(teletype.extractText(element) for element in elements)


REFERENCES: dict[str, tuple[str, Callable[[bytes], str]]] = {
    "docx": ("python-docx", docx_text), "pptx": ("python-pptx", pptx_text),
    "xlsx": ("openpyxl", xlsx_text), "odt": ("odfpy", odt_text)}


def measure(folder: Path, fmt: str, repeat: int) -> dict[str, Any]:
    paths = sorted(folder.rglob(f"*.{fmt}"))
    blobs = [path.read_bytes() for path in paths]
    name, reference = REFERENCES[fmt]
    readable: list[bytes] = []
    refused: list[str] = []
    expected: Counter[str] = Counter()
    kept = 0
    for path, data in zip(paths, blobs, strict=True):
        try:
            wanted = words(reference(data))
        except Exception as err:  # noqa: BLE001 - a file the reference cannot read is named
            refused.append(f"{path.name} ({type(err).__name__})")
            continue
        readable.append(data)
        ours = words(structchunk.parse(data, format=fmt).text)
        expected += wanted
        kept += sum(min(count, ours[word]) for word, count in wanted.items())
    megabytes = sum(map(len, blobs)) / 1e6
    parse = best_time(lambda: [structchunk.parse(data, format=fmt) for data in blobs], repeat)
    split = best_time(lambda: [structchunk.split(data, format=fmt, max_size=1000)
                               for data in blobs], repeat)
    bare = best_time(lambda: [reference(data) for data in readable], repeat)
    readable_share = sum(map(len, readable)) / max(1, sum(map(len, blobs)))
    return {"format": fmt, "files": len(paths), "MB": megabytes, "parse_files_s":
            len(paths) / parse, "parse_MB_s": megabytes / parse, "split_MB_s": megabytes / split,
            "reference": name, "reference_MB_s": megabytes * readable_share / bare,
            "kept": kept / max(1, sum(expected.values())), "words": sum(expected.values()),
            "refused": refused}


def report(folder: Path, formats: list[str], repeat: int) -> None:
    print("| format | files | MB | parse files/s | parse MB/s | split MB/s | reference "
          "| reference MB/s | parse / reference speed | reference words | kept |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    notes = []
    for fmt in formats:
        row = measure(folder / fmt, fmt, repeat)
        print(f"| {fmt} | {row['files']} | {row['MB']:.2f} | {row['parse_files_s']:.1f} "
              f"| {row['parse_MB_s']:.2f} | {row['split_MB_s']:.2f} | {row['reference']} "
              f"| {row['reference_MB_s']:.2f} | {row['parse_MB_s'] / row['reference_MB_s']:.2f} "
              f"| {row['words']} | {100 * row['kept']:.2f}% |", flush=True)
        if row["refused"]:
            notes.append(f"{row['reference']} cannot read: {', '.join(row['refused'])}")
    for note in notes:
        print(f"\n{note}")
    if "xlsx" in formats:
        shown_words_kept(folder / "xlsx")


def shown_words_kept(folder: Path) -> None:
    """XLSX words kept against the values as shown (`xlsx_shown_text`), beside the row above
    that counts them against openpyxl's stored values."""
    try:
        import ssf  # noqa: F401
    except ImportError:
        print("\nXLSX words kept as shown: install ssf to measure")
        return
    expected: Counter[str] = Counter()
    kept = 0
    for path in sorted(folder.rglob("*.xlsx")):
        data = path.read_bytes()
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                wanted = words(xlsx_shown_text(data))
        except Exception:  # noqa: BLE001 - the same files as the row above are left out
            continue
        ours = words(structchunk.parse(data, format="xlsx").text)
        expected += wanted
        kept += sum(min(count, ours[word]) for word, count in wanted.items())
    print(f"\nXLSX words kept against the values as shown (openpyxl's values in their number "
          f"formats by SheetJS's rules, ssf): {kept / max(1, sum(expected.values())):.2%} of "
          f"{sum(expected.values())}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--format", action="append", choices=FORMATS)
    args = parser.parse_args()
    report(corpus_root() / "formats", args.format or list(FORMATS), args.repeat)


if __name__ == "__main__":
    main()
