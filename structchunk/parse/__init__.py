"""The front door: what an input is, which parser reads it, which steps refine the result.

`parse(item)` takes a path (a `str` or `os.PathLike`, always a path), `bytes` or a `Source`;
`parse_text(text)` takes text. Both end in `parse_source`/`_parse_raw`, which pick the format
from the table in `formats.py` (a forced name, else the file suffix, else the content), run
that format's parser and then its registered refinement steps.

A new format is one module under `structchunk/parse/` exposing
`parse(source: Source, language=None, **options) -> Document` (text formats) or
`parse_bytes(data: bytes, origin: str, path: str | None, language=None, **options) -> Document`
(binary formats), plus one `formats.register_format(Format(...))` call. Its options are a
`FormatOptions` subclass in that module (see `structchunk.options`); the parser receives them,
checked, in `**options`.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from structchunk.decode import (
    DEFAULT_MAX_BYTES,
    RawInput,
    Source,
    check_max_bytes,
    check_size,
    decode_bytes,
    from_text,
    load,
)
from structchunk.errors import (
    InputTypeError,
    MissingDependencyError,
    SourceNotFoundError,
    UnsupportedFormatError,
    install_hint,
)
from structchunk.lang.regions import with_language
from structchunk.options import FormatOptions, ParseOptions, registered_options
from structchunk.parse.formats import (
    FORMAT_BY_NAME,
    FORMATS,
    Format,
    format_for_name,
    narrow,
    refine,
    sniff,
)
from structchunk.parse.sniffing import DESCRIPTIONS, OFFICE, sniff_bytes
from structchunk.tree import Document

Input = str | os.PathLike[str] | bytes | Source

_OWN = ("format", "language", "max_bytes")


def parse(item: Input, *, format: str | None = None, language: str | None = None,
          max_bytes: int = DEFAULT_MAX_BYTES, **options: Any) -> Document:
    """Parse a file, bytes or a Source into a `Document`.

    A `str` or `os.PathLike` is always a path: a missing file, a directory, a FIFO or a device
    raises `SourceNotFoundError` naming it. Text goes through `parse_text`. Input larger than
    `max_bytes` raises `SourceTooLargeError`. `code_language=` implies the code format.
    """
    return Reader.build(format, language, max_bytes, options, "parse()").read(item)


def parse_text(text: str, *, format: str | None = None, language: str | None = None,
               max_bytes: int = DEFAULT_MAX_BYTES, **options: Any) -> Document:
    """Parse a string of text (Markdown, plain text, a law, or code with `code_language=`)."""
    return Reader.build(format, language, max_bytes, options, "parse_text()").read_text(text)


def options_for(given: Mapping[str, Any], where: str, own: Iterable[str] = _OWN
                ) -> ParseOptions:
    """The parse options `given` as keywords, checked once: an unknown name or a wrong type is
    an `OptionError`. No option given imports no parser."""
    if isinstance(given, ParseOptions):
        return given
    return ParseOptions(given, option_classes() if given else {}, where, own)


def option_classes() -> dict[str, type[FormatOptions]]:
    """Each format's options class, registered by importing the modules of the format table
    (a format that is refused by name, or whose optional extra is not installed, has none)."""
    _import_parsers(tuple(FORMATS))
    return registered_options()


@cache
def _import_parsers(table: tuple[Format, ...]) -> None:
    """Import each parser of `table` once per table: a format registered later is imported
    when the table that holds it is first read."""
    for fmt in table:
        if fmt.unsupported is None:
            try:
                fmt.parser()
            except MissingDependencyError:
                continue


@dataclass(frozen=True)
class Reader:
    """How documents are read: the forced format, the language, the size cap and the checked
    parse options, settled once and used for any number of inputs."""

    format: Format | None = None
    language: str | None = None
    max_bytes: int = DEFAULT_MAX_BYTES
    options: ParseOptions = field(default_factory=lambda: ParseOptions({}, {}, "parse()"))

    @classmethod
    def build(cls, format: str | None, language: str | None, max_bytes: int,
              options: Mapping[str, Any], where: str, own: Iterable[str] = _OWN) -> Reader:
        checked = options_for(options, where, own)
        check_max_bytes(max_bytes)
        return cls(_forced_format(format, checked), language, max_bytes, checked)

    def with_options(self, **values: Any) -> Reader:
        """The same reader with more parse options (a per-file `path_root`)."""
        return Reader(self.format, self.language, self.max_bytes,
                      options_for({**self.options, **values}, "options"))

    def with_format(self, format: str, **values: Any) -> Reader:
        """The same reader forcing `format` (and more parse options, such as the
        `code_language` of a file a loader names)."""
        options = options_for({**self.options, **values}, "options")
        return Reader(_forced_format(format, options), self.language, self.max_bytes, options)

    def read(self, item: Input) -> Document:
        """A path, bytes or a Source to its Document (see `parse`)."""
        try:
            loaded = load(item, self.max_bytes)
        except SourceNotFoundError as err:
            if not isinstance(item, str):
                raise
            problem = err.problem
            if problem == "no such file" or "too long" in problem:
                problem += (" (text is read with split_text() or parse_text(), not split() "
                            "or parse())")
            # chained to the OS error itself: the error in between repeats the whole string
            raise SourceNotFoundError(problem, _shown(item)) from err.__cause__
        if isinstance(loaded, Source):
            return parse_source(loaded, self.format, self.language, self.options)
        return _parse_raw(loaded, self.format, self.language, self.options)

    def read_text(self, text: str) -> Document:
        """A string of text to its Document (see `parse_text`)."""
        if not isinstance(text, str):
            raise InputTypeError(f"parse_text() and split_text() take a str, not "
                                 f"{type(text).__name__}; use parse() or split() for paths "
                                 "and bytes", "<string>")
        check_size(len(text), self.max_bytes, "<string>", unit="characters")
        return parse_source(from_text(text), self.format, self.language, self.options)


def parse_source(source: Source, fmt: Format | None, language: str | None,
                 options: Mapping[str, Any]) -> Document:
    """Decoded text: the forced format, else the name's, else the content's; then refined."""
    if fmt is None:
        fmt = format_for_name(source.path) or sniff(source.text, options)
    fmt = narrow(fmt, source.text, options)
    if fmt.binary:
        raise UnsupportedFormatError(f"{fmt.name} input must be given as a path or bytes",
                                     source.origin)
    return with_language(refine(fmt.parser(source.origin).parse(source, language=language,
                                                                **options), options))


def _parse_raw(raw: RawInput, fmt: Format | None, language: str | None,
               options: Mapping[str, Any]) -> Document:
    """Bytes: the forced format, else the content's first bytes or parts, else the name's,
    else the decoded text's; a format that decodes its own bytes (HTML) is given them."""
    if fmt is None:
        fmt = _format_of_bytes(raw)
    if fmt is not None and (fmt.binary or fmt.reads_bytes):
        return _parse_bytes(fmt, raw, language, options)
    source = decode_bytes(raw.data, raw.origin, raw.path)
    if fmt is None:
        fmt = narrow(sniff(source.text, options), source.text, options)
        if fmt.reads_bytes:
            return _parse_bytes(fmt, raw, language, options)
    return parse_source(source, fmt, language, options)


def _parse_bytes(fmt: Format, raw: RawInput, language: str | None,
                 options: Mapping[str, Any]) -> Document:
    document = fmt.parser(raw.origin).parse_bytes(raw.data, raw.origin, raw.path,
                                                  language=language, **options)
    return with_language(refine(document, options))


def _format_of_bytes(raw: RawInput) -> Format | None:
    """A PDF by its header always; a package (by its parts) or an RTF or OLE file when the name
    does not already name a binary format; else the name's format."""
    named = format_for_name(raw.path)
    found = sniff_bytes(raw.data)
    if found is None or (found != "pdf" and named is not None and named.binary):
        return named
    fmt = FORMAT_BY_NAME.get(found)
    if fmt is None:
        hint = f" (the office formats: {install_hint('office')})" if found in OFFICE else ""
        raise UnsupportedFormatError(f"is {DESCRIPTIONS.get(found, found)}, which this "
                                     f"installation does not read{hint}", raw.origin)
    return fmt


def _forced_format(format: str | None, options: Mapping[str, Any]) -> Format | None:
    """The format named by the caller; `code_language=` alone names the code format."""
    if format is None:
        return FORMAT_BY_NAME["code"] if options.get("code_language") else None
    fmt = FORMAT_BY_NAME.get(format)
    if fmt is None:
        known = ", ".join(sorted(FORMAT_BY_NAME))
        raise UnsupportedFormatError(f"unknown format {format!r} (known: {known})")
    return fmt


def _shown(item: str) -> str:
    """A path as an error names it; a long or multi-line string (text by mistake) shortened."""
    if len(item) <= 200 and "\n" not in item and "\r" not in item:
        return item
    return repr(item[:60]) + "..."


__all__ = ["FORMATS", "FORMAT_BY_NAME", "Format", "Input", "Reader", "format_for_name",
           "option_classes", "options_for", "parse", "parse_source", "parse_text"]
