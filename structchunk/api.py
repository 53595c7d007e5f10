"""The public entry points: parse a source into its tree, split it into chunks.

`split()` and `split_text()` build a `Chunker` for one call; build one yourself to split many
documents with the same options.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from structchunk.chunk.chunk import Chunk
from structchunk.chunk.strategies import Strategy
from structchunk.chunker import DEFAULT_MAX_SIZE, KEYWORDS, Chunker
from structchunk.decode import DEFAULT_MAX_BYTES
from structchunk.lang.sentences import SentenceSplitter
from structchunk.parse import Input, parse, parse_text
from structchunk.tree import Document


def split(item: Input | Document, strategy: str | Strategy = "hybrid",
          max_size: int = DEFAULT_MAX_SIZE, *, length_function: Callable[[str], int] | None = None,
          overlap: int = 0, overlap_size: int = 0, min_size: int | None = None,
          source_id: str | None = None,
          format: str | None = None, language: str | None = None,
          sentence_backend: str | SentenceSplitter = "structchunk", tokenizer: Any = None,
          strategy_options: Mapping[str, Any] | None = None,
          max_bytes: int = DEFAULT_MAX_BYTES, path_line: str = "inside",
          **parse_options: Any) -> list[Chunk]:
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
    ids across machines. `path_line` says which chunks embed their heading path line before
    the body: "inside" (default) those that start inside their section, not those that open
    with their own heading; "always" every chunk (the earlier shape); "never" none.
    `heading_path` is always set. An unknown keyword raises `OptionError` naming the
    nearest one.
    """
    chunker = Chunker.named("split()", _arguments(locals(), parse_options), ("source_id",))
    return chunker.split(item, source_id=source_id)


def split_text(text: str, strategy: str | Strategy = "hybrid",
               max_size: int = DEFAULT_MAX_SIZE, *,
               length_function: Callable[[str], int] | None = None, overlap: int = 0,
               overlap_size: int = 0, min_size: int | None = None, source_id: str | None = None,
               format: str | None = None, language: str | None = None,
               sentence_backend: str | SentenceSplitter = "structchunk", tokenizer: Any = None,
               strategy_options: Mapping[str, Any] | None = None,
               max_bytes: int = DEFAULT_MAX_BYTES, path_line: str = "inside",
               **parse_options: Any) -> list[Chunk]:
    """Chunk a string of text; the options are those of `split`. The format is sniffed from
    the text unless given; `code_language="python"` reads it as source code."""
    chunker = Chunker.named("split_text()", _arguments(locals(), parse_options),
                             ("source_id",))
    return chunker.split_text(text, source_id=source_id)


def _arguments(given: Mapping[str, Any], parse_options: Mapping[str, Any]) -> dict[str, Any]:
    """The Chunker's arguments from a wrapper's locals: its own keywords and the rest."""
    return {**{key: given[key] for key in KEYWORDS}, **parse_options}


__all__ = ["DEFAULT_MAX_BYTES", "DEFAULT_MAX_SIZE", "Chunker", "parse", "parse_text", "split",
           "split_text"]
