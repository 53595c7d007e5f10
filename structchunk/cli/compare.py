"""`structchunk compare FILE|DIR --strategies hybrid,recursive,...`: strategies side by side."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from structchunk.batch.discover import discover
from structchunk.cli.evaluation_options import add_chunking_arguments, chunkings
from structchunk.errors import SourceNotFoundError
from structchunk.evaluate.cases import load_cases
from structchunk.evaluate.compare import compare, table


def register(commands: argparse._SubParsersAction) -> None:
    command = commands.add_parser(
        "compare", help="compare strategies on files: chunk counts, sizes, spans kept")
    command.add_argument("inputs", nargs="+", metavar="FILE|DIR")
    command.add_argument("--spans", default=None, metavar="FILE",
                         help="span cases (JSON lines or YAML): count the spans each keeps")
    command.add_argument("--root", default=".", help="folder the cases' doc paths are "
                                                     "relative to (default: current folder)")
    command.add_argument("--json", action="store_true", help="machine-readable output")
    add_chunking_arguments(command, several=True)
    command.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    found = discover(args.inputs)
    if found.missing:
        raise SourceNotFoundError(found.missing[0].reason, found.missing[0].path)
    paths = [item.path for item in found.items]
    if not paths:
        raise SourceNotFoundError("no files to compare", " ".join(args.inputs))
    cases = load_cases(args.spans) if args.spans else None
    rows = compare(paths, chunkings(args), cases, Path(args.root))
    if args.json:
        json.dump([row.to_dict() for row in rows], sys.stdout, indent=1)
        sys.stdout.write("\n")
    else:
        print(table(rows))
    return 0
