"""The chunking options every command takes, defined once: `split`, `inspect`, `compare`,
`check-spans` and `eval` build the same chunks from the same flags, so a span checked in CI
is chunked exactly as the index was.

The set holds every option that can move a boundary (strategy and its options, budget and
unit, overlap, minimum size, language, sentence and Markdown backends); what a command adds
of its own (inputs, output, `--top-k`) it defines itself.
"""

from __future__ import annotations

import argparse
from typing import Any

from structchunk.api import DEFAULT_MAX_SIZE
from structchunk.chunk.context import PATH_LINES
from structchunk.chunk.strategies import STRATEGIES
from structchunk.lang.sentences import BACKENDS as SENTENCE_BACKENDS
from structchunk.parse.markdown.options import BACKENDS as MARKDOWN_BACKENDS

SHARED_OPTIONS = ("--max-size", "--tokenizer", "--overlap", "--overlap-size", "--min-size",
                  "--language", "--sentence-backend", "--markdown-backend", "--option",
                  "--field", "--embedding", "--path-line")
"""The flags of the shared set (besides `--strategy`, or `--strategies` where a command
compares several)."""


def add_chunking_options(command: argparse.ArgumentParser, several: bool = False) -> None:
    """Add the shared set to one command; `several` takes `--strategies a,b` instead of
    `--strategy`."""
    if several:
        command.add_argument("--strategies", default="hybrid,recursive,fixed",
                             help="comma-separated strategies (default %(default)s; 'all' for "
                                  "every one)")
    else:
        command.add_argument("--strategy", choices=sorted(STRATEGIES), default="hybrid")
    command.add_argument("--max-size", type=int, default=DEFAULT_MAX_SIZE,
                         help="budget per chunk, in characters or, with --tokenizer, in "
                              "tokens (default %(default)s)")
    command.add_argument("--tokenizer", default=None, metavar="NAME|PATH",
                         help="count tokens: cl100k_base, o200k_base, a model name such "
                              "as gpt-4o, or a tokenizer.json path")
    command.add_argument("--overlap", type=int, default=0,
                         help="sentences repeated between neighbouring prose chunks")
    command.add_argument("--overlap-size", type=int, default=0,
                         help="overlap in the budget's unit (fixed, recursive: repeated "
                              "text; sentence strategies: whole sentences up to it)")
    command.add_argument("--min-size", type=int, default=None, metavar="SIZE",
                         help="a tail under SIZE joins its neighbour when the budget allows "
                              "(default: a tenth of --max-size; 0 turns it off)")
    command.add_argument("--language", "--lang", dest="language", default=None,
                         help="force the natural language (e.g. de, en, hi)")
    command.add_argument("--sentence-backend", default="structchunk",
                         choices=SENTENCE_BACKENDS, help="sentence splitter (default "
                                                         "%(default)s)")
    command.add_argument("--markdown-backend", default=None, choices=MARKDOWN_BACKENDS,
                         help="Markdown parser (default: pyromark when installed)")
    command.add_argument("--path-line", default="inside", choices=PATH_LINES,
                         help="which chunks embed their heading path line: those that start "
                              "inside their section (default), always, or never")
    command.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                         help="a strategy option, e.g. window=3, parent_size=4000, "
                              "percentile=10; goes to every strategy that takes it")
    command.add_argument("--field", action="append", default=[], metavar="KEY=VALUE",
                         help="a field for metadata_aware headers, e.g. category=policy")
    command.add_argument("--embedding", default=None, metavar="MODULE:NAME|hashing|minilm",
                         help="embedding function (texts -> vectors) for semantic and eval; "
                              "'hashing' is the built-in offline bag-of-words baseline, "
                              "'minilm' all-MiniLM-L6-v2 from the bench extra (offline)")


def chunker_options(args: argparse.Namespace) -> dict[str, Any]:
    """The shared set as Chunker keywords, the strategy's own options left out (see
    `evaluation_options.strategy_options`); defaults left out so they stay defaults."""
    options: dict[str, Any] = {"max_size": args.max_size, "overlap": args.overlap,
                               "language": args.language}
    if args.overlap_size:
        options["overlap_size"] = args.overlap_size
    if args.tokenizer:
        options["tokenizer"] = args.tokenizer
    if args.min_size is not None:
        options["min_size"] = args.min_size
    if args.sentence_backend != "structchunk":
        options["sentence_backend"] = args.sentence_backend
    if args.markdown_backend:
        options["markdown_backend"] = args.markdown_backend
    if getattr(args, "path_line", "inside") != "inside":
        options["path_line"] = args.path_line
    return options


__all__ = ["SHARED_OPTIONS", "add_chunking_options", "chunker_options"]
