"""PDF on pypdf: the text layer rebuilt as plain text, with pages, headings and tables.

The Document's `source.text` is the extracted text, and every offset points into it. The
steps, one module each:

* `extract`: pypdf reports each piece of text with its font size and position; pieces become
  lines per page (control characters dropped, ligatures expanded);
* `metrics`: the body text's font size and line spacing;
* `running`: running heads and footers (lines at the top or bottom of most pages that repeat
  or vary as running heads do, and page numbers) are left out of the text and listed in
  `metadata["removed_lines"]`; lines kept because removing them would empty a page are listed
  in `metadata["kept_running_lines"]`;
* `outline` and `headings`: the outline's entries found in the text are the headings, with
  the outline's levels (when at least half of the entries are found); else lines set larger
  than the body, or bold and numbered at body size (`metadata["headings_from"]` says which);
* `tables`: runs of lines whose pieces stand in the same columns, written as Markdown rows
  (`| a | b |`) so a split table can repeat its header;
* `layout`: paragraph breaks (gaps wider than the usual line spacing), words hyphenated
  across line ends joined, page offsets.

`metadata["page_starts"][i]` is the offset where page i + 1 begins. The text is read by the
plain-text rule chain; a law in it is read again by a refinement step (`parse/formats.py`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from structchunk.decode import from_text
from structchunk.errors import PdfError
from structchunk.options import FormatOptions, is_bool, option, optional
from structchunk.parse import text as plain_text
from structchunk.parse.pdf.bookmarks import outline_headings, read_outline
from structchunk.parse.pdf.extract import pypdf_log, read_pages
from structchunk.parse.pdf.headings import Headings
from structchunk.parse.pdf.layout import Layout
from structchunk.parse.pdf.metrics import Metrics
from structchunk.parse.pdf.running import strip_running_lines
from structchunk.tree import Document, Page


@dataclass(frozen=True)
class PdfOptions(FormatOptions):
    """`password` opens an encrypted file; `strict=False` keeps going past pages that fail."""

    format = "pdf"
    password: str | bytes | None = option(None, "a password (str or bytes)",
                                          optional(str, bytes))
    strict: bool = option(True, "True or False", is_bool)


def parse_bytes(data: bytes, origin: str = "<bytes>", path: str | None = None,
                language: str | None = None, **options: Any) -> Document:
    """Parse a PDF. Options: `password` for encrypted files; `strict=False` to keep going when
    pages fail to extract (they are listed in `metadata["lost_pages"]`, in every chunk and in
    the warnings; by default such a page is a `PdfError`)."""
    strict = options.get("strict", True)
    with pypdf_log() as log:
        extraction = read_pages(data, origin, options.get("password"))
    pages = extraction.pages
    warnings = list(dict.fromkeys(log))
    if extraction.failed and strict:
        raise PdfError(_failed_pages(extraction.failed) + " (strict=False keeps the others)",
                       origin)
    if extraction.failed:
        warnings.append(_failed_pages(extraction.failed) + "; the text has none of them")
    failed = set(extraction.failed)
    empty = [page.number for page in pages if page.number not in failed
             and not any(line.text.strip() for line in page.lines)]
    if len(empty) + len(failed) == len(pages):
        if failed:
            raise PdfError(_failed_pages(extraction.failed) + "; no page has text", origin)
        raise PdfError("has no text layer (scanned pages need OCR before chunking)", origin)
    if empty:
        warnings.append(f"no text on page(s) {', '.join(map(str, empty))} (images only?)")
    metrics = Metrics.of(pages)
    running = strip_running_lines(pages, metrics)
    outline = read_outline(extraction.reader)
    headings = Headings(pages, metrics, outline_headings(outline, pages))
    layout = Layout(pages, metrics, headings)
    source = from_text(layout.text, origin, path)
    if not source.text.strip():  # running-line removal keeps a page's text, so never expected
        warnings.append("the pages have text but none of it was kept: no chunks")
    document = plain_text.parse_marked(source, layout.headings, layout.tables, language,
                                       typographic=headings.source != "outline")
    metadata: dict[str, Any] = {}
    metadata.update(page_starts=layout.page_starts, page_count=extraction.page_count,
                    removed_lines=running.removed, warnings=warnings)
    metadata["headings_from"] = headings.source
    if running.kept:
        metadata["kept_running_lines"] = running.kept
    if failed:
        metadata["lost_pages"] = sorted(failed)
    page_starts = tuple(Page(number, start) for number, start in
                        enumerate(layout.page_starts, start=1))
    carried = {"lost_pages": sorted(failed)} if failed else {}
    return Document(source=source, root=document.root, format="pdf",
                    language=document.language, metadata=metadata, pages=page_starts,
                    carried=carried)


def _failed_pages(failed: dict[int, str]) -> str:
    """`page(s) 2, 4 could not be extracted (ValueError: ...)`, the first error quoted."""
    numbers = ", ".join(map(str, sorted(failed)))
    first = failed[min(failed)]
    return f"page(s) {numbers} could not be extracted ({first})"
