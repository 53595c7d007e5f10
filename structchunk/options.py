"""Strict options: an unknown keyword is an error that names it and the nearest known one.

`split()` and `parse()` pass keywords they do not take themselves on to the parsers. The
names the parsers understand are the keyword parameters of their `parse`/`parse_bytes`
functions plus `PARSE_OPTIONS` (options read from `**options` inside a parser); a parser
that reads a new option from `**options` adds its name here.
"""

from __future__ import annotations

import difflib
import importlib
import importlib.util
import inspect
from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

from structchunk.errors import MissingDependencyError, OptionError, install_hint

PARSE_OPTIONS = frozenset({
    "code_language", "markdown_backend",  # code, markdown
    "password", "strict",  # pdf
    "legal", "jurisdiction", "law", "short_titles",  # legal refinement of text and markdown
    "max_bytes",  # input size cap
})

SENTENCE_BACKENDS = ("structchunk", "spacy")

_NOT_OPTIONS = {"source", "data", "origin", "path", "language", "document", "self"}


@cache
def parse_option_names() -> frozenset[str]:
    """Every keyword some parser understands."""
    from structchunk.parse import FORMATS

    names = set(PARSE_OPTIONS)
    for fmt in FORMATS:
        if fmt.unsupported is not None:
            continue
        try:
            module = importlib.import_module(fmt.module)
        except ModuleNotFoundError as err:  # a format whose optional extra is not installed
            if (err.name or "").partition(".")[0] == "structchunk":
                raise
            continue
        for function in (getattr(module, "parse", None), getattr(module, "parse_bytes", None)):
            if function is None:
                continue
            names.update(name for name, parameter in inspect.signature(function).parameters
                         .items() if name not in _NOT_OPTIONS
                         and parameter.kind in (parameter.KEYWORD_ONLY,
                                                parameter.POSITIONAL_OR_KEYWORD))
    return frozenset(names)


def suggestion(name: str, known: Iterable[str]) -> str:
    close = difflib.get_close_matches(name, sorted(known), n=1, cutoff=0.6)
    return f"; did you mean {close[0]!r}?" if close else ""


def check_keywords(given: Mapping[str, Any], allowed: Iterable[str], where: str,
                   extra_known: Iterable[str] = ()) -> None:
    """Raise for the first keyword of `given` not in `allowed`; the suggestion is taken from
    `allowed` and `extra_known` (the caller's own parameters)."""
    allowed = set(allowed)
    for name in given:
        if name not in allowed:
            known = allowed | set(extra_known)
            raise OptionError(f"{where} got an unknown option {name!r}"
                              f"{suggestion(name, known)}")


def check_parse_options(options: Mapping[str, Any], where: str,
                        own: Iterable[str] = ()) -> None:
    check_keywords(options, parse_option_names(), where, own)


def check_sentence_backend(backend: Any) -> None:
    """A backend name is known and its package importable, before any work starts."""
    if callable(backend):
        return
    if not isinstance(backend, str) or backend not in SENTENCE_BACKENDS:
        hint = suggestion(backend, SENTENCE_BACKENDS) if isinstance(backend, str) else ""
        raise OptionError(f"unknown sentence_backend {backend!r}{hint} Use one of "
                          f"{', '.join(SENTENCE_BACKENDS)} or a callable returning "
                          "(start, end) spans")
    if backend == "spacy" and importlib.util.find_spec("spacy") is None:
        raise MissingDependencyError(
            f"the spaCy sentence backend needs spaCy: {install_hint('spacy')}")
