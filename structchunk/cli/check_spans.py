"""`structchunk check-spans SPANS --corpus DIR`: the span regression check for CI.

Exit status 1 when a span fails (named in the report) or, with `--require-stamp`, when the
chunks would be built under another configuration than the recorded stamp.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from structchunk.cli.evaluation_options import add_chunking_arguments, chunkings
from structchunk.evaluate.cases import load_cases
from structchunk.evaluate.checks import check_spans
from structchunk.evaluate.corpus import Corpus
from structchunk.evaluate.stamp import make_stamp, read_stamp, stamp_differences


def register(commands: argparse._SubParsersAction) -> None:
    command = commands.add_parser("check-spans",
                                  help="check that answer spans survive chunking")
    command.add_argument("spans", help="span cases: JSON lines or YAML")
    command.add_argument("--corpus", required=True, help="folder the cases' docs are in")
    command.add_argument("--top-k", type=int, default=None, metavar="K",
                         help="also require the span's chunk in the BM25 top K for its query")
    command.add_argument("--context-ceiling", type=int, default=None, metavar="SIZE",
                         help="fail when the top K contexts exceed SIZE (budget's unit)")
    command.add_argument("--report", default=None, metavar="FILE",
                         help="write the results with the stamp as JSON")
    command.add_argument("--write-stamp", default=None, metavar="FILE",
                         help="write the stamp of this configuration (e.g. at index build)")
    command.add_argument("--require-stamp", default=None, metavar="FILE",
                         help="fail unless this configuration matches the stamp in FILE")
    command.add_argument("--json", action="store_true", help="print the report as JSON")
    add_chunking_arguments(command, several=False)
    command.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    chunking = chunkings(args)[args.strategy]
    if args.require_stamp:
        differences = stamp_differences(read_stamp(args.require_stamp), make_stamp(chunking))
        if differences:
            print(f"structchunk: the chunks were built under another configuration than "
                  f"{args.require_stamp}; re-index everything:", file=sys.stderr)
            for line in differences:
                print(f"  {line}", file=sys.stderr)
            return 1
    report = check_spans(load_cases(args.spans), Corpus(args.corpus), chunking, args.top_k,
                         args.context_ceiling)
    if args.write_stamp:
        Path(args.write_stamp).write_text(json.dumps(report.stamp, indent=1, sort_keys=True)
                                          + "\n", encoding="utf-8")
    if args.report:
        Path(args.report).write_text(json.dumps(report.to_dict(), indent=1, ensure_ascii=False)
                                     + "\n", encoding="utf-8")
    if args.json:
        json.dump(report.to_dict(), sys.stdout, indent=1, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        print(report.format())
    return 0 if report.passed else 1
