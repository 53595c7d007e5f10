"""The reusable front door: a `Chunker` settles every option once and splits any number of
documents with them.

Building one checks the parse options (names and types, per format), the sentence backend,
the budget and its tokenizer, the strategy and its options, and the forced format; splitting
then only parses and chunks. `structchunk.split()` and `split_text()` build one per call.
"""

from __future__ import annotations

import copy
import multiprocessing
import pickle
import sys
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from typing import Any

from structchunk.chunk.budget import Budget
from structchunk.chunk.chunk import Chunk
from structchunk.chunk.context import PATH_LINES, ChunkContext
from structchunk.chunk.strategies import Strategy, as_strategy, get_strategy
from structchunk.decode import DEFAULT_MAX_BYTES
from structchunk.errors import BudgetError, OptionError, StrategyError, StructchunkError
from structchunk.lang.regions import is_forced, language_map
from structchunk.lang.sentences import SentenceSplitter, check_backend
from structchunk.parse import Input, Reader, options_for
from structchunk.tokens import resolve_tokenizer
from structchunk.tree import Document

DEFAULT_MAX_SIZE = 1000

KEYWORDS = ("strategy", "max_size", "length_function", "overlap", "overlap_size", "min_size",
            "format",
            "language", "sentence_backend", "tokenizer", "strategy_options", "max_bytes",
            "path_line")
"""The Chunker's own options; every other keyword is a parse option of some format."""


class Chunker:
    """Chunking options checked once, for any number of documents.

        >>> chunker = Chunker(max_size=800, tokenizer="cl100k_base", language="de")
        >>> chunks = chunker.split("handbook.md")
        >>> per_file = chunker.split_many(paths, jobs=2)

    The options are those of `structchunk.split` (see there); per-format parse options
    (`code_language=`, `markdown_backend=`, `password=`, `strict=`, `legal=`,
    `jurisdiction=`, ...) are checked against each format's options class, so a wrong name
    or type raises `OptionError` here, before any file is read.
    """

    def __init__(self, strategy: str | Strategy = "hybrid", max_size: int = DEFAULT_MAX_SIZE, *,
                 length_function: Callable[[str], int] | None = None, overlap: int = 0,
                 overlap_size: int = 0, min_size: int | None = None, format: str | None = None,
                 language: str | None = None,
                 sentence_backend: str | SentenceSplitter = "structchunk",
                 tokenizer: Any = None, strategy_options: Mapping[str, Any] | None = None,
                 max_bytes: int = DEFAULT_MAX_BYTES, path_line: str = "inside",
                 **parse_options: Any) -> None:
        self._arguments = {
            "strategy": strategy, "max_size": max_size, "length_function": length_function,
            "overlap": overlap, "overlap_size": overlap_size, "min_size": min_size,
            "format": format,
            "language": language, "sentence_backend": sentence_backend,
            "tokenizer": tokenizer, "strategy_options": strategy_options,
            "max_bytes": max_bytes, "path_line": path_line, **parse_options}
        self._configure("Chunker()", self._arguments)

    @classmethod
    def named(cls, where: str, arguments: Mapping[str, Any], also_known: Iterable[str] = ()
              ) -> Chunker:
        """A Chunker whose option errors name `where` (`split()`, a CLI command, ...);
        `also_known` are the caller's own keywords, offered as suggestions."""
        chunker = cls.__new__(cls)
        chunker._arguments = dict(arguments)
        chunker._configure(where, chunker._arguments, tuple(also_known))
        return chunker

    def _configure(self, where: str, arguments: Mapping[str, Any],
                   also_known: tuple[str, ...] = ()) -> None:
        given = dict(arguments)
        own = {key: given.pop(key) for key in KEYWORDS if key in given}
        parse_options = options_for(given, where, KEYWORDS + also_known)
        backend = own.get("sentence_backend", "structchunk")
        check_backend(backend)
        self.sentence_backend: str | SentenceSplitter = backend
        self.budget = Budget(max_size=own.get("max_size", DEFAULT_MAX_SIZE),
                             length=_length(own.get("tokenizer"), own.get("length_function")),
                             overlap=own.get("overlap", 0),
                             overlap_size=own.get("overlap_size", 0),
                             min_size=own.get("min_size"))
        self.strategy = _strategy(own.get("strategy", "hybrid"), own.get("strategy_options"))
        self.path_line = _path_line(own.get("path_line", "inside"), where)
        self.reader = Reader.build(own.get("format"), own.get("language"),
                                   own.get("max_bytes", DEFAULT_MAX_BYTES), parse_options,
                                   where, KEYWORDS)

    def parse(self, item: Input) -> Document:
        """A path, bytes or a Source parsed with this Chunker's parse options."""
        return self.reader.read(item)

    def parse_text(self, text: str) -> Document:
        return self.reader.read_text(text)

    def with_format(self, format: str, **parse_options: Any) -> Chunker:
        """This Chunker forcing `format`, with more parse options: for a text whose loader
        names its file (a `.py` file chunked as Python), the rest unchanged."""
        derived = copy.copy(self)
        derived.reader = self.reader.with_format(format, **parse_options)
        return derived

    def split(self, item: Input | Document, *, source_id: str | None = None,
              path_root: str | None = None) -> list[Chunk]:
        """Chunks of a path (always a path, never text), bytes, a Source or a Document.

        `source_id` is what chunk ids derive from (default: the file's absolute path);
        `path_root` names a source file relative to that folder, for this file only."""
        if isinstance(item, Document):
            return self.split_document(item, source_id=source_id)
        reader = self.reader if path_root is None else self.reader.with_options(
            path_root=path_root)
        return self.split_document(reader.read(item), source_id=source_id)

    def split_text(self, text: str, *, source_id: str | None = None) -> list[Chunk]:
        """Chunks of a string of text (format sniffed unless the Chunker forces one)."""
        return self.split_document(self.reader.read_text(text), source_id=source_id)

    def split_document(self, document: Document, *, source_id: str | None = None
                       ) -> list[Chunk]:
        if source_id is not None:
            document = replace(document, source=replace(document.source, id=str(source_id)))
        context = ChunkContext(self._fresh_budget(), _language_at(document),
                               self.sentence_backend, self.path_line)
        return self.strategy.chunks(document, context)

    def _fresh_budget(self) -> Budget:
        """The budget with an empty memo of sizes: a memo kept across documents only grows,
        and measured slower than starting each document afresh (benchmarks/many_small.py)."""
        if self.budget.counts_characters:
            return self.budget
        return replace(self.budget, _cache={})

    def split_many(self, items: Iterable[Input], *, jobs: int = 1, errors: str = "raise"
                   ) -> list[Any]:
        """The chunks of each input, in input order; `jobs` > 1 splits in that many worker
        processes, each of which rebuilds this Chunker once (its options must pickle).

        `errors` says what an input that cannot be split does to the others, as a folder run
        goes on past a bad file: "raise" (the default) raises the first such error;
        "return" splits every input and puts, in a failed input's place, its error (a
        `StructchunkError` naming the file and the problem) instead of its chunks, so
        `[result for result in results if isinstance(result, StructchunkError)]` lists what
        failed. Errors that are not structchunk's (a bug) are raised in either mode."""
        items = list(items)
        if not isinstance(jobs, int) or isinstance(jobs, bool) or jobs < 1:
            raise OptionError(f"jobs={jobs!r} must be a whole number of processes, 1 or more")
        if errors not in _ERROR_MODES:
            raise OptionError(f"errors={errors!r} is not one of {', '.join(_ERROR_MODES)}")
        split = self.split if errors == "raise" else self._split_or_error
        if jobs == 1 or len(items) < 2:
            return [split(item) for item in items]
        try:
            pickle.dumps(self)
        except (pickle.PicklingError, AttributeError, TypeError) as err:
            raise OptionError(f"split_many(jobs={jobs}) sends the Chunker's options to worker "
                              f"processes, and one of them cannot be sent ({err}); use jobs=1 "
                              "or options defined at module level") from err
        with ProcessPoolExecutor(max_workers=min(jobs, len(items)), mp_context=_context(),
                                 initializer=_install, initargs=(self,)) as pool:
            chunksize = max(1, len(items) // (jobs * 4))
            work = _split_in_worker if errors == "raise" else _split_or_error_in_worker
            return list(pool.map(work, items, chunksize=chunksize))

    def _split_or_error(self, item: Input) -> list[Chunk] | StructchunkError:
        try:
            return self.split(item)
        except StructchunkError as err:
            return err

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its arguments: a worker process rebuilds it (and its tokenizer) once."""
        return (Chunker.named, ("Chunker()", self._arguments))

    def __repr__(self) -> str:
        shown = ", ".join(f"{key}={value!r}" for key, value in self._arguments.items()
                          if value is not None)
        return f"Chunker({shown})"


_WORKER_CHUNKER: list[Chunker] = []


def _path_line(value: object, where: str) -> str:
    """The `path_line` option checked: one of `PATH_LINES`."""
    if value not in PATH_LINES:
        raise OptionError(f"{where}: path_line must be one of {', '.join(PATH_LINES)}, "
                          f"got {value!r}")
    return str(value)


def _install(chunker: Chunker) -> None:
    _WORKER_CHUNKER[:] = [chunker]


def _split_in_worker(item: Input) -> list[Chunk]:
    return _WORKER_CHUNKER[0].split(item)


def _split_or_error_in_worker(item: Input) -> list[Chunk] | StructchunkError:
    return _WORKER_CHUNKER[0]._split_or_error(item)


_ERROR_MODES = ("raise", "return")


def _context() -> multiprocessing.context.BaseContext:
    """forkserver on Linux (no fork of a process with threads), spawn elsewhere."""
    return multiprocessing.get_context("forkserver" if sys.platform.startswith("linux")
                                       else "spawn")


def _strategy(strategy: str | Strategy, options: Mapping[str, Any] | None) -> Strategy:
    if isinstance(strategy, str):
        return get_strategy(strategy, options)
    if options:
        raise StrategyError("strategy_options go with a strategy name, not a strategy object")
    return as_strategy(strategy)


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
        forced = document.language if is_forced(document) else None
        return lambda _offset: forced
    return language_map(document)


__all__ = ["DEFAULT_MAX_SIZE", "KEYWORDS", "Chunker"]
