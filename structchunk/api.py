"""The public entry points: parse a source into its tree, split it into chunks."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from structchunk.chunk.budget import Budget
from structchunk.chunk.build import build_chunks
from structchunk.chunk.chunk import Chunk
from structchunk.chunk.context import ChunkContext
from structchunk.chunk.strategies import ChunkingStrategy, Strategy, get_strategy
from structchunk.decode import DEFAULT_MAX_BYTES
from structchunk.errors import BudgetError, StrategyError
from structchunk.lang.detect import language_map
from structchunk.lang.sentences import SentenceSplitter
from structchunk.options import check_parse_options, check_sentence_backend
from structchunk.parse import Input, parse, parse_text
from structchunk.tokens import resolve_tokenizer
from structchunk.tree import Document

DEFAULT_MAX_SIZE = 1000


def split(item: Input | Document, strategy: str | Strategy = "hybrid",
          max_size: int = DEFAULT_MAX_SIZE, *, length_function: Callable[[str], int] | None = None,
          overlap: int = 0, overlap_size: int = 0, min_size: int | None = None,
          source_id: str | None = None,
          format: str | None = None, language: str | None = None,
          sentence_backend: str | SentenceSplitter = "structchunk", tokenizer: Any = None,
          strategy_options: Mapping[str, Any] | None = None,
          max_bytes: int = DEFAULT_MAX_BYTES, **parse_options: Any) -> list[Chunk]:
    """Chunk a file, bytes, a Source or a parsed Document.

    A `str` or `os.PathLike` is always a path: a missing file, a directory, a FIFO or a device
    raises `SourceNotFoundError` naming it. A string of text goes through `split_text`.
    Input larger than `max_bytes` (default 200 MB) raises `SourceTooLargeError`.

    `max_size` is counted by `length_function` (characters by default) on each chunk's
    embedded text, heading path included. `overlap` repeats that many sentences between
    neighbouring prose chunks; `overlap_size` repeats whole trailing sentences of at most that
    size (in the units of `max_size`; with it alone, any number of sentences). A last piece
    under `min_size` (default: a tenth of `max_size`; 0 turns it off) takes whole units
    from the piece before it where both still fit. For `fixed` and
    `recursive`, `overlap_size` repeats that much of the text before each chunk, in its
    embedded text only. `strategy` is a name from `STRATEGIES` (built with
    `strategy_options`, e.g. `{"embedding": embed}` for "semantic") or a strategy object.
    `language` forces the natural language and skips per-region detection (about half of the
    time spent on Markdown). `sentence_backend` is "structchunk" (the rule
    segmenter), "spacy" (the `spacy` extra) or any
    callable returning `(start, end)` sentence spans of a text. `tokenizer` makes `max_size`
    count tokens: an encoding name ("cl100k_base", "o200k_base"), a `tokenizers.Tokenizer` or
    tokenizer.json path, an object with `encode()`, or a callable (see structchunk.tokens).
    `source_id` is what chunk ids derive from (default: the file's resolved absolute path, or
    a hash of text given as content); set it to a URL or a repository-relative name to keep
    ids across machines. An unknown keyword raises `OptionError` naming the nearest one.
    """
    check_parse_options(parse_options, "split()", _SPLIT_KEYWORDS)
    check_sentence_backend(sentence_backend)
    budget = Budget(max_size=max_size, length=_length(tokenizer, length_function),
                    overlap=overlap, overlap_size=overlap_size, min_size=min_size)
    chooser = _strategy(strategy, strategy_options)
    document = item if isinstance(item, Document) else parse(
        item, format=format, language=language, max_bytes=max_bytes, **parse_options)
    return _chunk(document, chooser, ChunkContext(budget, _language_at(document),
                                                  sentence_backend), source_id)


def split_text(text: str, strategy: str | Strategy = "hybrid",
               max_size: int = DEFAULT_MAX_SIZE, *,
               length_function: Callable[[str], int] | None = None, overlap: int = 0,
               overlap_size: int = 0, min_size: int | None = None, source_id: str | None = None,
               format: str | None = None, language: str | None = None,
               sentence_backend: str | SentenceSplitter = "structchunk", tokenizer: Any = None,
               strategy_options: Mapping[str, Any] | None = None,
               max_bytes: int = DEFAULT_MAX_BYTES, **parse_options: Any) -> list[Chunk]:
    """Chunk a string of text; the options are those of `split`. The format is sniffed from
    the text unless given; `code_language="python"` reads it as source code."""
    check_parse_options(parse_options, "split_text()", _SPLIT_KEYWORDS)
    check_sentence_backend(sentence_backend)
    budget = Budget(max_size=max_size, length=_length(tokenizer, length_function),
                    overlap=overlap, overlap_size=overlap_size, min_size=min_size)
    chooser = _strategy(strategy, strategy_options)
    document = parse_text(text, format=format, language=language, max_bytes=max_bytes,
                          **parse_options)
    return _chunk(document, chooser, ChunkContext(budget, _language_at(document),
                                                  sentence_backend), source_id)


def _strategy(strategy: str | Strategy, options: Mapping[str, Any] | None) -> Strategy:
    if isinstance(strategy, str):
        return get_strategy(strategy, options)
    if options:
        raise StrategyError("strategy_options go with a strategy name, not a strategy object")
    return strategy


def _chunk(document: Document, chooser: Strategy, context: ChunkContext,
           source_id: str | None) -> list[Chunk]:
    if source_id is not None:
        document = replace(document, source=replace(document.source, id=str(source_id)))
    if isinstance(chooser, ChunkingStrategy):
        return chooser.chunks(document, context)
    return build_chunks(document, chooser.chunk(document, context), context, chooser.name)


_SPLIT_KEYWORDS = ("strategy", "max_size", "length_function", "overlap", "overlap_size",
                   "min_size", "format", "language", "sentence_backend", "tokenizer", "source_id",
                   "strategy_options", "max_bytes")


def _length(tokenizer: Any, length_function: Callable[[str], int] | None
            ) -> Callable[[str], int] | None:
    """One sizing rule: a tokenizer, a length function, or characters; never both."""
    if tokenizer is None:
        return length_function
    if length_function is not None:
        raise BudgetError("pass either tokenizer= or length_function=, not both")
    return resolve_tokenizer(tokenizer)


def _language_at(document: Document) -> Callable[[int], str | None]:
    """Detected language per region; source code keeps the forced or unknown language."""
    if document.source_file is not None:
        return lambda _offset: document.language
    return language_map(document)


__all__ = ["DEFAULT_MAX_BYTES", "DEFAULT_MAX_SIZE", "parse", "parse_text", "split",
           "split_text"]
