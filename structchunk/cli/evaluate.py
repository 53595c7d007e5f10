"""`structchunk eval GOLDEN --corpus DIR --strategies ...`: recall@k, MRR@10, P@1 per strategy,
with BM25 built in and an embedding function given by `--embedding MODULE:NAME`."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict

from structchunk.cli.evaluation_options import add_chunking_arguments, chunkings, load_embedding
from structchunk.evaluate.cases import load_cases
from structchunk.evaluate.corpus import Corpus
from structchunk.evaluate.retrieval import evaluate, table


def register(commands: argparse._SubParsersAction) -> None:
    command = commands.add_parser("eval", help="retrieval scores per strategy on a golden set")
    command.add_argument("golden", help="cases (query, doc, span): JSON lines or YAML")
    command.add_argument("--corpus", required=True, help="folder the cases' docs are in")
    command.add_argument("-k", type=int, default=5, help="recall@k (default %(default)s)")
    command.add_argument("--json", action="store_true", help="machine-readable output")
    add_chunking_arguments(command, several=True)
    command.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    embedding = load_embedding(args.embedding) if args.embedding else None
    cases = load_cases(args.golden)
    rows = evaluate(cases, Corpus(args.corpus), chunkings(args), args.k, embedding)
    if args.json:
        json.dump([asdict(row) for row in rows], sys.stdout, indent=1)
        sys.stdout.write("\n")
    else:
        print(f"{len(cases)} cases\n")
        print(table(rows))
    return 0
