"""`structchunk inspect FILE` and `structchunk split FILE|DIR|GLOB|-... [-o out.jsonl]`."""

from __future__ import annotations

import argparse
import json
import logging
import sys
from collections.abc import Sequence
from pathlib import Path

from structchunk.api import DEFAULT_MAX_SIZE, parse, split
from structchunk.chunk.chunk import Chunk
from structchunk.chunk.strategies import STRATEGIES
from structchunk.cli.collection import add_collection_arguments, run_collection
from structchunk.cli.inspect import render_inspection
from structchunk.errors import SourceNotFoundError, StructchunkError
from structchunk.tokens import resolve_tokenizer
from structchunk.tree import Document


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="structchunk", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)

    def common(command: argparse.ArgumentParser) -> None:
        command.add_argument("--max-size", type=int, default=DEFAULT_MAX_SIZE,
                             help="budget per chunk, in characters or, with --tokenizer, in "
                                  "tokens (default %(default)s)")
        command.add_argument("--tokenizer", default=None, metavar="NAME|PATH",
                             help="count tokens: cl100k_base, o200k_base, a model name such "
                                  "as gpt-4o, or a tokenizer.json path")
        command.add_argument("--strategy", choices=sorted(STRATEGIES), default="hybrid")
        command.add_argument("--overlap", type=int, default=0,
                             help="sentences repeated between neighbouring prose chunks")
        command.add_argument("--format", default=None, help="force the input format")
        command.add_argument("--lang", default=None, help="force the natural language")
        command.add_argument("--password", default=None, help="password of an encrypted PDF")
        command.add_argument("--no-strict", dest="strict", action="store_false",
                             help="keep going when PDF pages fail to extract (they are named "
                                  "in a warning and in the chunks' metadata)")

    inspect = commands.add_parser("inspect", help="show the tree and the chunks of one file")
    inspect.add_argument("file")
    inspect.add_argument("--json", action="store_true", help="machine-readable output")
    common(inspect)

    splitter = commands.add_parser(
        "split", help="chunk files, folders and globs into JSON lines or Parquet")
    add_collection_arguments(splitter)
    common(splitter)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    # pypdf logs repairs it makes to damaged files; the CLI reports problems in one line.
    logging.getLogger("pypdf").setLevel(logging.ERROR)
    try:
        if getattr(args, "tokenizer", None):
            args.tokenizer = resolve_tokenizer(args.tokenizer)  # checked before any work
        if args.command == "inspect":
            return _inspect(args)
        return _split(args)
    except StructchunkError as err:
        print(f"structchunk: error: {err}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:  # pragma: no cover
        return 130


def _chunk_file(name: str, args: argparse.Namespace) -> tuple[Document, list[Chunk]]:
    options = {} if args.password is None else {"password": args.password}
    if not args.strict:
        options["strict"] = False
    document = parse(_checked_path(name), format=args.format, language=args.lang, **options)
    chunks = split(document, strategy=args.strategy, max_size=args.max_size,
                   overlap=args.overlap, tokenizer=args.tokenizer)
    return document, chunks


def _checked_path(name: str) -> Path:
    path = Path(name)
    if not path.exists():
        raise SourceNotFoundError("no such file", name)
    if path.is_dir():
        raise SourceNotFoundError("is a directory, not a file", name)
    return path


def _inspect(args: argparse.Namespace) -> int:
    document, chunks = _chunk_file(args.file, args)
    if args.json:
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
        render_inspection(document, chunks, args.max_size)
    return 0


def _split(args: argparse.Namespace) -> int:
    chunk_options = {"strategy": args.strategy, "max_size": args.max_size,
                     "overlap": args.overlap, "format": args.format, "language": args.lang,
                     "strict": args.strict}
    return run_collection(args, chunk_options, password=args.password)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
