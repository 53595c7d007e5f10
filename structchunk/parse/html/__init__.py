"""HTML and XHTML pages as derived text: the main content's blocks, boilerplate left out.

The page is decoded by its declared charset (`charset.py`), parsed by lexbor (through
selectolax: the HTML5 parsing algorithm browsers use, in C), its main content chosen and its
boilerplate listed (`boilerplate.py`), and its elements walked into a `DerivedText`
(`walker.py`, tables in `tables.py`). Chunk content is that readable text; every chunk's
`metadata["origin"]` holds the character ranges in the page's source of the elements it came
from (`origins.py`).

`Document.metadata`: `removed` (boilerplate left out: reason, element, id or class, first
words), `dropped` (counts of elements that are no text: scripts, styles, SVG, hidden ones),
`main_content` (how it was found: main, role=main, article, body, or everything when removal
would have left no text), `charset`, `lang` and `direction` (`rtl` for right-to-left pages) as
declared, and `title` (the `<title>`, rooting heading paths, when no `<h1>` names the page).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from selectolax.lexbor import LexborHTMLParser

from structchunk.decode import Source
from structchunk.errors import ParseError
from structchunk.options import FormatOptions, is_bool, option
from structchunk.parse.html.boilerplate import main_content as find_main_content
from structchunk.parse.html.boilerplate import not_text, outside
from structchunk.parse.html.charset import decoded_html
from structchunk.parse.html.origins import Origins
from structchunk.parse.html.walker import HtmlWalker
from structchunk.parse.rendered import DerivedText
from structchunk.tree import Document


@dataclass(frozen=True)
class HtmlOptions(FormatOptions):
    """`main_content`: keep only the page's main content (True, the default), or the whole
    body (False); what is left out is listed in the document's metadata either way."""

    format = "html"
    main_content: bool = option(True, "True or False", is_bool)


def parse_bytes(data: bytes, origin: str = "<bytes>", path: str | None = None,
                language: str | None = None, main_content: bool = True,
                **_options: Any) -> Document:
    """Parse a page given as bytes, decoded by the charset it declares."""
    text, encoding, warnings = decoded_html(data, origin, path)
    return _parse(_Page(text, origin, path, encoding, warnings), language, main_content)


def parse(source: Source, language: str | None = None, main_content: bool = True,
          **_options: Any) -> Document:
    """Parse a decoded page. `main_content=False` keeps the whole body (only what is no
    visible text, such as scripts and styles, is dropped)."""
    page = _Page(source.text, source.origin, source.path, source.encoding, source.warnings)
    return _parse(page, language, main_content)


@dataclass(frozen=True)
class _Page:
    """The decoded page: its line table is never needed, so it is no `Source`."""

    text: str
    origin: str
    path: str | None
    encoding: str
    warnings: tuple[str, ...]


def _parse(source: _Page, language: str | None, main_content: bool) -> Document:
    try:
        tree = LexborHTMLParser(source.text)
    except Exception as err:  # lexbor reports failures as bare exceptions
        raise ParseError(f"could not be parsed as HTML ({err})", source.origin) from err
    origins = Origins(source.text, tree.root) if tree.root is not None else None
    out, walker, how = _walk(source, tree, origins, main_content)
    if main_content and not any(character.isalnum() for character in out.text):
        out, walker, _ = _walk(source, tree, origins, False)  # never all of the page
        how = "everything (removing boilerplate left no text)"
    metadata: dict[str, Any] = {"main_content": how, "removed": walker.removed,
                                "dropped": {**not_text(tree), **_hidden(walker)},
                                "charset": source.encoding}
    metadata.update(_declared(tree))
    title = tree.css_first("title")
    title_text = " ".join((title.text(deep=True) or "").split()) if title is not None else ""
    if title_text and not walker.top_level_headings:
        metadata["title"] = title_text
    if source.warnings:
        metadata["warnings"] = list(source.warnings)
    return out.build("html", language=language, metadata=metadata)


def _walk(source: _Page, tree: LexborHTMLParser, origins: Origins | None, remove: bool
          ) -> tuple[DerivedText, HtmlWalker, str]:
    """One walk of the page: of its main content with boilerplate removed, or of all of it."""
    out = DerivedText(source.origin, source.path)
    root, how = find_main_content(tree) if remove else (tree.body, "everything")
    walker = HtmlWalker(out, origins, remove=remove, marked_main=how not in ("body",
                                                                             "everything"))
    if root is not None:
        walker.blocks(root, inside=root.tag in ("article", "section"))
        if how not in ("body", "everything"):
            walker.removed[:0] = outside(root, walker.inline)
    return out, walker, how


def _hidden(walker: HtmlWalker) -> dict[str, int]:
    hidden = walker.dropped.get("hidden", 0)
    return {"hidden": hidden} if hidden else {}


def _declared(tree: LexborHTMLParser) -> dict[str, str]:
    """The page's declared language and writing direction (`<html lang dir>`, `<body dir>`)."""
    declared: dict[str, str] = {}
    for node in (tree.css_first("html"), tree.body):
        if node is None:
            continue
        for key, name in (("lang", "lang"), ("xml:lang", "lang"), ("dir", "direction")):
            value = (node.attributes.get(key) or "").strip()
            if value and name not in declared:
                declared[name] = value.lower() if name == "direction" else value
    return declared
