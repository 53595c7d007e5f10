"""`structchunk inspect FILE` and `structchunk split FILE|DIR|GLOB|-... [-o out.jsonl]`."""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
from collections.abc import Sequence
from importlib import metadata
from pathlib import Path
from typing import Any

from structchunk.batch.interrupt import Interrupted
from structchunk.batch.worker import worker_chunker
from structchunk.chunk.chunk import Chunk
from structchunk.chunker import Chunker
from structchunk.cli import check_spans as check_spans_command
from structchunk.cli import compare as compare_command
from structchunk.cli import evaluate as evaluate_command
from structchunk.cli.collection import add_collection_arguments, run_collection
from structchunk.cli.evaluation_options import strategy_options
from structchunk.cli.html import write_html
from structchunk.cli.inspect import DEFAULT_CHUNK_LIMIT, render_inspection
from structchunk.cli.options import add_chunking_options, chunker_options
from structchunk.decode import DEFAULT_MAX_BYTES
from structchunk.errors import DISTRIBUTION, StructchunkError
from structchunk.tokens import resolve_tokenizer
from structchunk.tree import Document


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="structchunk", description=__doc__)
    parser.add_argument("--version", action="version", version=_version())
    commands = parser.add_subparsers(dest="command", required=True)

    def common(command: argparse.ArgumentParser) -> None:
        add_chunking_options(command)
        command.add_argument("--format", default=None, help="force the input format")
        command.add_argument("--code-language", default=None, metavar="NAME",
                             help="read the input as code in this language (implies --format "
                                  "code), e.g. for code on stdin: split - --code-language python")
        command.add_argument("--max-bytes", type=int, default=DEFAULT_MAX_BYTES,
                             help="refuse files larger than this (default %(default)s)")
        command.add_argument("--password", default=None, help="password of an encrypted PDF")
        command.add_argument("--no-strict", dest="strict", action="store_false",
                             help="keep going when PDF pages fail to extract (they are named "
                                  "in a warning and in the chunks' metadata)")

    inspect = commands.add_parser("inspect", help="show the tree and the chunks of one file")
    inspect.add_argument("file")
    inspect.add_argument("--json", action="store_true", help="machine-readable output")
    inspect.add_argument("--max-nodes", type=int, default=400, metavar="N",
                         help="show at most N tree nodes (default %(default)s); the rest is "
                              "counted in nodes and characters")
    inspect.add_argument("--no-tree", action="store_true", help="leave the tree out")
    inspect.add_argument("--html", default=None, metavar="OUT.html",
                         help="write one self-contained page: the source with every chunk "
                              "shaded and its details")
    inspect.add_argument("--limit", type=int, default=DEFAULT_CHUNK_LIMIT, metavar="N",
                         help="show at most N chunks (default %(default)s; 0 shows all); the "
                              "rest is counted")
    common(inspect)

    splitter = commands.add_parser(
        "split", help="chunk files, folders and globs into JSON lines or Parquet")
    add_collection_arguments(splitter)
    common(splitter)
    for module in (compare_command, check_spans_command, evaluate_command):
        module.register(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    # pypdf logs repairs it makes to damaged files; the CLI reports problems in one line.
    logging.getLogger("pypdf").setLevel(logging.ERROR)
    if getattr(args, "code_language", None):
        args.format = "code"
    try:
        if getattr(args, "tokenizer", None):
            resolve_tokenizer(args.tokenizer)  # checked before any work
        if hasattr(args, "handler"):
            return int(args.handler(args))
        if args.command == "inspect":
            return _inspect(args)
        return _split(args)
    except StructchunkError as err:
        return _fail(str(err))
    except BrokenPipeError:
        # The reader went away (`structchunk split a.md | head`): stop quietly, one line.
        _silence_stdout()
        return _fail("output closed before all chunks were written (broken pipe)")
    except OSError as err:
        where = f"{err.filename}: " if err.filename else ""
        return _fail(f"{where}{err.strerror or err}")
    except KeyboardInterrupt as stop:  # SIGINT, or SIGTERM during a folder run
        if not isinstance(stop, Interrupted):
            # before a run set its own handler (which says what was finished): nothing written
            print("structchunk: interrupted by SIGINT before any work started; nothing was "
                  "written", file=sys.stderr)
        return 128 + int(getattr(stop, "signum", 2))


def _fail(message: str) -> int:
    print(f"structchunk: error: {message}", file=sys.stderr)
    return 1


def _silence_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's final flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # pragma: no cover - stdout without a descriptor
        pass


def _version() -> str:
    try:
        number = metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:  # running from a checkout without installing
        from structchunk import __version__ as number
    return f"structchunk {number} (distribution {DISTRIBUTION})"


def _chunk_options(args: argparse.Namespace) -> dict[str, Any]:
    """The Chunker keywords of inspect and split: the shared set and the input options."""
    options = {"strategy": args.strategy, "format": args.format, "strict": args.strict,
               "max_bytes": args.max_bytes, **chunker_options(args)}
    if args.code_language:
        options["code_language"] = args.code_language
    chosen = strategy_options(args)
    if chosen:
        options["strategy_options"] = chosen
    return options


def _chunk_file(name: str, args: argparse.Namespace) -> tuple[Document, list[Chunk]]:
    options = _chunk_options(args)
    if args.password is not None:
        options["password"] = args.password
    chunker = Chunker.named("structchunk inspect", options)
    document = chunker.parse(Path(name))
    return document, chunker.split(document)


def _inspect(args: argparse.Namespace) -> int:
    document, chunks = _chunk_file(args.file, args)
    if args.html:
        write_html(document, chunks, args.html, max_size=args.max_size)
        print(f"{len(chunks)} chunks of {args.file} written to {args.html}", file=sys.stderr)
    elif args.json:
        payload = {"file": args.file, "format": document.format,
                   "warnings": list(document.warnings),
                   "tree": [{"kind": node.kind.value, "depth": depth, "start": node.start,
                             "end": node.end, "start_line": node.start_line,
                             "end_line": node.end_line, "title": node.title}
                            for node, depth in document.root.walk()],
                   "chunks": [chunk.to_dict() for chunk in chunks]}
        json.dump(payload, sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
    else:
        render_inspection(document, chunks, args.max_size, max_nodes=args.max_nodes,
                          tree=not args.no_tree, limit=args.limit)
    return 0


def _split(args: argparse.Namespace) -> int:
    chunk_options = _chunk_options(args)  # a tokenizer by name or path: workers resolve it
    # every option checked once, before any file is read; the workers build the same Chunker
    worker_chunker(chunk_options, args.password)
    return run_collection(args, chunk_options, password=args.password)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
