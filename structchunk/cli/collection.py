"""The options of `structchunk split` that concern a collection: which files, how many
processes, what output, what to report."""

from __future__ import annotations

import argparse
import os
from typing import Any

from structchunk.batch.collection import RunOptions, split_collection
from structchunk.batch.discover import Filters


def add_collection_arguments(command: argparse.ArgumentParser) -> None:
    command.add_argument("inputs", nargs="+", metavar="FILE|DIR|GLOB|-",
                         help="files, folders (walked recursively), globs, or - for stdin")
    command.add_argument("-o", "--output", default="-",
                         help="output file (default stdout); .parquet writes Parquet")
    command.add_argument("--output-format", choices=("jsonl", "parquet"), default=None,
                         help="force the output format (default: from the file name)")
    command.add_argument("-j", "--jobs", type=_positive_int, default=os.cpu_count() or 1,
                         help="worker processes (default: the number of cores, %(default)s)")
    command.add_argument("--timeout", type=float, default=None,
                         help="seconds one file may take before it is given up")
    command.add_argument("--include", action="append", default=[], metavar="GLOB",
                         help="only files whose path (relative to its root) matches")
    command.add_argument("--exclude", action="append", default=[], metavar="GLOB",
                         help="leave out files whose path matches")
    command.add_argument("--hidden", action="store_true",
                         help="include hidden files and folders")
    command.add_argument("--no-ignore", action="store_true",
                         help="do not skip paths listed in .gitignore files")
    command.add_argument("--append", action="store_true",
                         help="keep the output of an earlier run for unchanged files and "
                              "replace the chunks of changed ones (needs -o)")
    command.add_argument("--rebuild", action="store_true",
                         help="like --append, but keep nothing of the earlier output: every "
                              "file is chunked again (the way out of a damaged output)")
    command.add_argument("-q", "--quiet", action="store_true",
                         help="no progress and no summary; failures are still reported")


def run_collection(args: argparse.Namespace, chunk_options: dict[str, Any],
                   password: str | None = None) -> int:
    run = RunOptions(output=args.output, output_format=args.output_format, jobs=args.jobs,
                     password=password, timeout=args.timeout, append=args.append,
                     rebuild=args.rebuild, quiet=args.quiet,
                     filters=Filters(include=tuple(args.include),
                                     exclude=tuple(args.exclude), hidden=args.hidden,
                                     gitignore=not args.no_ignore))
    tally = split_collection(list(args.inputs), chunk_options, run)
    return 1 if tally.failed else 0


def _positive_int(value: str) -> int:
    number = int(value)
    if number < 1:
        raise argparse.ArgumentTypeError("must be 1 or more")
    return number
