"""Sentence spans for the chunker's prose fallback.

`sentence_spans(text, language)` returns `[start, end)` spans of the sentences of `text`: in
order, non-overlapping, whitespace excluded, together covering every non-whitespace character.
The default backend is structchunk's own rule segmenter over `grammars/sentences/` (see
`structchunk.lang.segmenter`); `backend="spacy"` uses spaCy (the `spacy` extra), and
any callable `(text) -> list[(start, end)]` can be passed instead.
"""

from __future__ import annotations

import importlib.util
import os
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from structchunk.errors import OptionError
from structchunk.lang.grammars import load_sentence_grammar, resolve_language, sentence_folders
from structchunk.lang.segmenter import RuleSegmenter, Spans
from structchunk.options import suggestion
from structchunk.resources import GRAMMAR_PATH_VARIABLE, grammar_roots

BACKENDS = ("structchunk", "spacy")


@runtime_checkable
class SentenceSplitter(Protocol):
    """Anything that turns a text into sentence spans `[(start, end), ...]`."""

    def __call__(self, text: str) -> list[tuple[int, int]]: ...


def rule_segmenter(language: str | None = None) -> RuleSegmenter:
    """structchunk's segmenter for `language`, compiled once per resolved grammar."""
    # Looked up per call (the chunker asks once per paragraph): keyed by the search-path
    # setting itself, which is much cheaper than resolving the search path again.
    key = (language, _setting())
    segmenter = _BY_SETTING.get(key)
    if segmenter is None:
        segmenter = _segmenter(language, grammar_roots())
        if len(_BY_SETTING) > 256:
            _BY_SETTING.clear()
        _BY_SETTING[key] = segmenter
    return segmenter


_BY_SETTING: dict[tuple[str | None, object], RuleSegmenter] = {}


def _setting() -> object:
    """The search-path setting as a cache key: the variable's raw value, which changes
    whenever the search path does (resolving the path itself costs far more)."""
    return os.environ.get(GRAMMAR_PATH_VARIABLE)


@lru_cache(maxsize=256)
def _segmenter(language: str | None, roots: tuple[Path, ...]) -> RuleSegmenter:
    folders = sentence_folders()
    return _compiled(resolve_language(language, folders), folders)


@lru_cache(maxsize=64)
def _compiled(code: str, folders: tuple[Path, ...]) -> RuleSegmenter:
    return RuleSegmenter(load_sentence_grammar(code, folders))


def get_splitter(language: str | None = None,
                 backend: str | SentenceSplitter = "structchunk") -> SentenceSplitter:
    """The splitter for `language`: a backend name from `BACKENDS` or a callable."""
    if callable(backend):
        return backend
    if backend == "structchunk":
        return rule_segmenter(language)
    check_backend(backend)
    from structchunk.lang.spacy_backend import spacy_splitter

    return spacy_splitter(language)


def check_backend(backend: Any) -> None:
    """A backend name is known and its package importable, before any work starts."""
    if callable(backend):
        return
    if not isinstance(backend, str) or backend not in BACKENDS:
        hint = suggestion(backend, BACKENDS) if isinstance(backend, str) else ""
        raise OptionError(f"unknown sentence_backend {backend!r}{hint} Use one of "
                          f"{', '.join(BACKENDS)} or a callable returning (start, end) spans")
    if backend == "spacy" and importlib.util.find_spec("spacy") is None:
        from structchunk.lang.spacy_backend import spacy_missing

        raise spacy_missing()


def sentence_spans(text: str, language: str | None = None, *,
                   backend: str | SentenceSplitter = "structchunk") -> list[tuple[int, int]]:
    """Return `[start, end)` spans of the sentences of `text`, whitespace excluded.

    Spans are in order, do not overlap and cover every non-whitespace character. With another
    backend its spans are brought into that form (trimmed, clipped, gaps given to the sentence
    before), so the guarantee holds whatever the backend returns.
    """
    if not text:
        return []
    if backend == "structchunk":
        return rule_segmenter(language)(text)
    return normalize_spans(text, get_splitter(language, backend)(text))


def normalize_spans(text: str, spans: Spans) -> Spans:
    """Make any backend's spans ordered, disjoint, trimmed and covering all non-whitespace."""
    cuts = sorted({end for _start, end in spans if 0 < end < len(text)})
    from structchunk.lang.segmenter import spans_between

    return spans_between(text, cuts)
