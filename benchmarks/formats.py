"""Formats: throughput per format, words kept against a reference reader, and HTML against
LangChain's `HTMLHeaderTextSplitter` in the same run.

Inputs: every file of the corpus's `formats/` folder in a format structchunk reads (HTML,
notebooks and reStructuredText here; the office formats when their parsers are installed).

* Throughput: best of `--repeat` runs of `structchunk.split(path, max_size=1000)` over all
  files of a format (parse and chunk, language detection included), in MB of input per second.
* HTML against LangChain: `HTMLHeaderTextSplitter(h1-h3).split_text(page)` on the same
  decoded pages, best of `--repeat` runs taken in turn with structchunk's (so both see the
  same load); the ratio is LangChain's time over structchunk's.
* HTML parsers: lexbor (selectolax) and libxml2 (lxml), each parsing every page and visiting
  every node, best of `--repeat`: the measurement behind the choice of lexbor.
* Words kept (HTML): the reference is BeautifulSoup's visible text of the main content (the
  `<main>`, `role="main"` or single `<article>` element, else the body) with what no browser
  shows as text removed (`script`, `style`, `noscript`, `template`, `svg`, form controls)
  and the elements structchunk leaves out by design (`nav`, `footer`, a page `header`
  outside `article`/`section` except its headings, an `aside` outside them). "Kept" is the
  share of the reference's words (as a multiset, case folded; a Han or kana character counts
  as a word) found in the chunks' content.
* Words kept (notebooks): the reference is the cells' own source text, read from the JSON.
* Office formats (DOCX, PPTX, XLSX, ODT): parse and split speed against each format's
  reference reader and the words kept of it, by `office_formats.py` (its docstring says how).

    python benchmarks/formats.py [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import warnings
from collections import Counter
from pathlib import Path

import office_formats
import regex
from _common import best_time, corpus_root

import structchunk
from structchunk.parse.formats import format_for_name

# A Han or kana character is a word of its own: those scripts put no spaces between words,
# and where a reader puts a space (between elements) is not where the words end.
_WORD = regex.compile(r"[\p{Han}\p{Hiragana}\p{Katakana}]|[^\W\p{Han}\p{Hiragana}\p{Katakana}]+")
_NOT_SHOWN = ("script", "style", "noscript", "template", "svg", "math", "select", "button",
              "textarea", "input", "nav", "footer")


def files_by_format(root: Path) -> dict[str, list[Path]]:
    found: dict[str, list[Path]] = {}
    for path in sorted((root / "formats").rglob("*")):
        if "LICENSES" in path.parts:
            continue
        fmt = format_for_name(str(path)) if path.is_file() else None
        if fmt is not None and fmt.unsupported is None and fmt.name not in ("text", "code"):
            found.setdefault(fmt.name, []).append(path)
    return found


def throughput(files: dict[str, list[Path]], repeat: int) -> None:
    print("| format | files | MB | seconds | MB/s | chunks |")
    print("|---|---|---|---|---|---|")
    for name, paths in files.items():
        size = sum(path.stat().st_size for path in paths) / 1e6
        try:
            chunks = sum(len(structchunk.split(path, max_size=1000)) for path in paths)
        except structchunk.StructchunkError as err:
            print(f"| {name} | {len(paths)} | {size:.2f} | not read: {err} | | |")
            continue
        seconds = best_time(lambda paths=paths: [structchunk.split(path, max_size=1000)
                                                 for path in paths], repeat)
        print(f"| {name} | {len(paths)} | {size:.2f} | {seconds:.2f} | {size / seconds:.2f} "
              f"| {chunks} |")


def against_langchain(pages: list[Path], repeat: int) -> None:
    from langchain_text_splitters import HTMLHeaderTextSplitter

    texts = [_decoded(path) for path in pages]
    splitter = HTMLHeaderTextSplitter([("h1", "h1"), ("h2", "h2"), ("h3", "h3")])
    ours = theirs = float("inf")
    for _ in range(repeat):  # interleaved, so both see the same load on a shared machine
        ours = min(ours, best_time(
            lambda: [structchunk.split(path, max_size=1000) for path in pages], 1))
        theirs = min(theirs, best_time(lambda: [splitter.split_text(text) for text in texts],
                                       1))
    print(f"\nHTML, {len(pages)} pages: structchunk.split {ours:.2f} s, "
          f"HTMLHeaderTextSplitter {theirs:.2f} s: structchunk {theirs / ours:.1f}x as fast")


def parsers(pages: list[Path], repeat: int) -> None:
    import lxml.html
    from selectolax.lexbor import LexborHTMLParser

    data = [path.read_bytes() for path in pages]
    size = sum(map(len, data)) / 1e6

    def lexbor() -> None:
        for page in data:
            for node in LexborHTMLParser(page).root.traverse(include_text=True):
                node.text_content  # noqa: B018 - the visit is what is measured

    def libxml2() -> None:
        for page in data:
            for element in lxml.html.document_fromstring(page).iter():
                element.text, element.tail  # noqa: B018

    for name, function in (("lexbor (selectolax)", lexbor), ("libxml2 (lxml)", libxml2)):
        seconds = best_time(function, repeat)
        print(f"{name}: {seconds:.3f} s, {size / seconds:.1f} MB/s")


def html_words(pages: list[Path]) -> None:
    from bs4 import BeautifulSoup

    total_reference = total_kept = 0
    worst: list[tuple[float, str]] = []
    for path in pages:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            soup = BeautifulSoup(_decoded(path), "lxml")
        reference = _words(_visible_main(soup))
        chunks = structchunk.split(path, max_size=1000)
        kept = _words(" ".join(chunk.content for chunk in chunks))
        common = sum((reference & kept).values())
        total_reference += sum(reference.values())
        total_kept += common
        worst.append((common / max(1, sum(reference.values())), path.name))
    print(f"\nHTML words kept: {total_kept / total_reference:.2%} of {total_reference:,} "
          f"reference words; lowest pages: "
          + ", ".join(f"{name} {share:.1%}" for share, name in sorted(worst)[:3]))


def notebook_words(notebooks: list[Path]) -> None:
    total_reference = total_kept = 0
    for path in notebooks:
        cells = json.loads(path.read_text(encoding="utf-8")).get("cells", [])
        source = " ".join("".join(cell["source"]) if isinstance(cell["source"], list)
                          else cell["source"] for cell in cells)
        reference = _words(source)
        kept = _words(" ".join(c.content for c in structchunk.split(path, max_size=1000)))
        total_reference += sum(reference.values())
        total_kept += sum((reference & kept).values())
    print(f"notebook words kept: {total_kept / total_reference:.2%} of {total_reference:,}")


def _visible_main(soup: object) -> str:
    body = soup.body or soup  # type: ignore[attr-defined]
    main = soup.find("main") or soup.find(attrs={"role": "main"})  # type: ignore[attr-defined]
    articles = soup.find_all("article")  # type: ignore[attr-defined]
    root = main or (articles[0] if len(articles) == 1 else body)
    for element in root.find_all(_NOT_SHOWN):
        element.decompose()
    for element in root.find_all(["header", "aside"]):
        if element.find_parent(["article", "section"]) is None and element is not root:
            headings = " ".join(h.get_text(" ") for h in element.find_all(
                ["h1", "h2", "h3", "h4", "h5", "h6"]))
            element.replace_with(headings)
    for image in root.find_all("img"):
        image.replace_with(f" {image.get('alt', '')} ")
    return str(root.get_text(" "))


def _decoded(path: Path) -> str:
    from structchunk.parse.html.charset import decode_html

    return decode_html(path.read_bytes(), str(path), str(path)).text


def _words(text: str) -> Counter[str]:
    return Counter(word.casefold() for word in _WORD.findall(text))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    files = files_by_format(corpus_root())
    throughput(files, args.repeat)
    pages = files.get("html", [])
    if pages:
        against_langchain(pages, args.repeat)
        parsers(pages, args.repeat)
        html_words(pages)
    if files.get("notebook"):
        notebook_words(files["notebook"])
    office = [fmt for fmt in office_formats.FORMATS if files.get(fmt)]
    if office:
        print()
        office_formats.report(corpus_root() / "formats", office, args.repeat)


if __name__ == "__main__":
    main()
