"""The format table: which parser reads which input, and which steps refine its result.

A format is one row: its name, the module holding its parser, its file suffixes and an
optional content sniffer. A refinement is one row too: a step run on the documents of some
formats after their parser (a law inside Markdown or a PDF), so no parser imports another.
Modules are named, not imported, so `import structchunk` loads no parser.

`register_format` is the one way a row enters the table, for the built-in formats as for a
format defined outside the package: routing by name, by content and by a forced `format=`
all read the table it fills, so a new format needs no edit anywhere else.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Collection, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import regex

from structchunk.errors import (
    MissingDependencyError,
    OptionError,
    UnsupportedFormatError,
    install_hint,
)
from structchunk.options import provisional_registrations
from structchunk.tree import Document


@dataclass(frozen=True)
class Format:
    """A format; its module exposes `parse(source, language=None, **options)` or, for a
    binary format, `parse_bytes(data, origin, path, language=None, **options)`.

    `suffixes` are file suffixes of the format; `declared_suffixes` names a function returning
    more, read from grammar data when first needed (the code grammars' `; suffixes:` lines).
    `sniff` claims content whose name does not decide the format. `narrows` names formats
    whose sniffer may claim this format's content instead (a law in a `.txt` file); an
    option named after a format and set to False (`legal=False`) turns its sniffer off.
    `reads_bytes`: a text format that decodes its own bytes (HTML, by the charset it
    declares); given a str, its `parse(source)` reads it. `extra` is the optional extra its
    parser's dependencies come with; `unsupported` says why a known format is not read.
    """

    name: str
    module: str
    suffixes: tuple[str, ...] = ()
    binary: bool = False
    sniff: str | None = None
    narrows: tuple[str, ...] = ()
    declared_suffixes: str | None = None
    reads_bytes: bool = False
    extra: str | None = None
    unsupported: str | None = None

    def parser(self, origin: str | None = None) -> Any:
        """The parser module; a format that is not read, or whose extra is not installed, is
        refused with an error naming `origin` and saying so."""
        if self.unsupported is not None:
            raise UnsupportedFormatError(f"is {self.unsupported}, which structchunk does not "
                                         "read", origin)
        try:
            return importlib.import_module(self.module)
        except ModuleNotFoundError as err:
            if (err.name or "").partition(".")[0] == "structchunk":
                raise
            raise MissingDependencyError(
                f"reading {self.name} needs the package {err.name!r}: "
                f"{install_hint(self.extra)}", origin) from err

    def has_suffix(self, suffix: str) -> bool:
        """Whether a file with this (lowercase) suffix is in this format."""
        if suffix in self.suffixes:
            return True
        if self.declared_suffixes is None:
            return False
        declared: Callable[[], Collection[str]] = _function(self.declared_suffixes)
        return suffix in declared()

    def sniffs(self, text: str, options: Mapping[str, Any]) -> bool:
        if self.sniff is None or options.get(self.name, True) is False:
            return False
        return bool(_function(self.sniff)(text))


@dataclass(frozen=True)
class Refinement:
    """A step `function(document, options) -> Document` run after the parsers of `formats`;
    the option `option=False` turns it off."""

    name: str
    formats: tuple[str, ...]
    function: str
    option: str

    def run(self, document: Document, options: Mapping[str, Any]) -> Document:
        if options.get(self.option, True) is False:
            return document
        step: Callable[[Document, Mapping[str, Any]], Document] = _function(self.function)
        return step(document, options)


def sniff_markdown(text: str) -> bool:
    """Markdown block or inline markup near the start."""
    head = text[:20000]
    block = regex.search(r"(?m)^(#{1,6} |```|~~~|\|.*\|\s*$|>\s)", head)
    inline = regex.search(r"\*\*\S|`[^`\n]+`|\[[^\]\n]+\]\([^)\n]+\)", head)
    return bool(block or inline)


FORMATS: list[Format] = []
"""The table, in the order routing tries it: the first format whose suffix or sniffer claims
an input wins."""
FORMAT_BY_NAME: dict[str, Format] = {}


def register_format(fmt: Format, *, before: str | None = "markdown") -> Format:
    """Add `fmt` to the table, ahead of the format named `before` (by default Markdown, whose
    sniffer claims almost any text, so a new format's sniffer is tried first); `before=None`
    appends. A name already in the table is an `OptionError`, so two formats never claim one
    name silently."""
    if fmt.name in FORMAT_BY_NAME:
        raise OptionError(f"format {fmt.name!r} is already registered "
                          f"(module {FORMAT_BY_NAME[fmt.name].module!r})")
    position = len(FORMATS)
    if before is not None:
        if before not in FORMAT_BY_NAME:
            known = ", ".join(sorted(FORMAT_BY_NAME))
            raise OptionError(f"register_format(before={before!r}) names no format "
                              f"(known: {known})")
        position = FORMATS.index(FORMAT_BY_NAME[before])
    FORMATS.insert(position, fmt)
    FORMAT_BY_NAME[fmt.name] = fmt
    return fmt


@contextmanager
def provisional_formats() -> Iterator[None]:
    """Formats, and options classes, registered inside the block are forgotten when it ends,
    so an example or a test that defines a format leaves the table as it found it."""
    saved = list(FORMATS), dict(FORMAT_BY_NAME)
    try:
        with provisional_registrations():
            yield
    finally:
        FORMATS[:] = saved[0]
        FORMAT_BY_NAME.clear()
        FORMAT_BY_NAME.update(saved[1])


# Order matters for sniffing: the first format whose sniffer claims the text wins.
for _row in (
    Format("html", "structchunk.parse.html", (".html", ".htm", ".xhtml", ".xht", ".shtml"),
           sniff="structchunk.parse.sniffing:looks_like_html", reads_bytes=True),
    Format("notebook", "structchunk.parse.notebook", (".ipynb",),
           sniff="structchunk.parse.sniffing:looks_like_notebook"),
    Format("legal", "structchunk.parse.legal.statute",
           sniff="structchunk.parse.legal.steps:looks_legal_text"),
    Format("pdf", "structchunk.parse.pdf", (".pdf",), binary=True),
    # Office formats (the `office` extra); the old binary ones are refused by name.
    Format("docx", "structchunk.parse.office.docx", (".docx", ".docm", ".dotx", ".dotm"),
           binary=True, extra="office"),
    Format("pptx", "structchunk.parse.office.pptx", (".pptx", ".pptm", ".ppsx", ".potx"),
           binary=True, extra="office"),
    Format("xlsx", "structchunk.parse.office.xlsx", (".xlsx", ".xlsm", ".xltx", ".xltm"),
           binary=True, extra="office"),
    Format("odt", "structchunk.parse.office.odt", (".odt", ".ott"), binary=True,
           extra="office"),
    Format("doc", "structchunk.parse.office.legacy", (".doc", ".dot"), binary=True),
    Format("ppt", "structchunk.parse.office.legacy", (".ppt", ".pps", ".pot"), binary=True),
    Format("xls", "structchunk.parse.office.legacy", (".xls", ".xlt"), binary=True),
    Format("rst", "structchunk.parse.rst", (".rst", ".rest"), narrows=("legal",)),
    Format("csv", "structchunk.parse.csv_table", (".csv", ".tsv")),
    Format("asciidoc", "structchunk.parse.asciidoc", (".adoc", ".asciidoc", ".asc")),
    Format("rtf", "", (".rtf",), binary=True, unsupported="Rich Text Format (RTF)"),
    Format("epub", "", (".epub",), binary=True, unsupported="an EPUB e-book"),
    Format("markdown", "structchunk.parse.markdown.builder", (".md", ".markdown", ".mdown", ".mkd"),
           sniff="structchunk.parse.formats:sniff_markdown"),
    Format("text", "structchunk.parse.text", (".txt", ".text"), narrows=("legal",)),
    Format("code", "structchunk.parse.code",
           declared_suffixes="structchunk.parse.code.languages:code_suffixes"),
):
    register_format(_row, before=None)

REFINEMENTS: tuple[Refinement, ...] = (
    Refinement("law", ("markdown",), "structchunk.parse.legal.steps:law_in_markdown", "legal"),
    Refinement("law", ("pdf",), "structchunk.parse.legal.steps:law_in_pdf", "legal"),
)

DEFAULT_FORMAT = FORMAT_BY_NAME["text"]


def format_for_name(path: str | None) -> Format | None:
    """The format a file name's suffix decides, if it decides one."""
    if not path:
        return None
    suffix = Path(path).suffix.lower()
    if not suffix:
        return None
    return next((fmt for fmt in FORMATS if fmt.has_suffix(suffix)), None)


def looks_like_pdf(head: bytes) -> bool:
    return head.lstrip()[:5] == b"%PDF-"


def sniff(text: str, options: Mapping[str, Any]) -> Format:
    """The first format whose sniffer claims the text; plain text is the last resort."""
    for fmt in FORMATS:
        if fmt.sniffs(text, options):
            return fmt
    return DEFAULT_FORMAT


def narrow(fmt: Format, text: str, options: Mapping[str, Any]) -> Format:
    """A more specific format the content turns out to be (a law in plain text), if any."""
    for name in fmt.narrows:
        if FORMAT_BY_NAME[name].sniffs(text, options):
            return FORMAT_BY_NAME[name]
    return fmt


def refine(document: Document, options: Mapping[str, Any]) -> Document:
    """Run every refinement registered for the document's format, in table order."""
    for step in REFINEMENTS:
        if document.format in step.formats:
            document = step.run(document, options)
    return document


def _function(reference: str) -> Any:
    module, _, name = reference.partition(":")
    return getattr(importlib.import_module(module), name)
