"""Options shared by compare, check-spans and eval: which strategies, their options, the
budget, and an embedding function named on the command line."""

from __future__ import annotations

import argparse
import importlib
import inspect
from typing import Any

from structchunk.api import DEFAULT_MAX_SIZE
from structchunk.chunk.strategies import STRATEGIES
from structchunk.errors import StrategyError
from structchunk.evaluate.config import Chunking
from structchunk.evaluate.embeddings import Embedding, hashing_embedding


def add_chunking_arguments(command: argparse.ArgumentParser, several: bool) -> None:
    if several:
        command.add_argument("--strategies", default="hybrid,recursive,fixed",
                             help="comma-separated strategies (default %(default)s; 'all' for "
                                  "every one)")
    else:
        command.add_argument("--strategy", default="hybrid", choices=sorted(STRATEGIES))
    command.add_argument("--max-size", type=int, default=DEFAULT_MAX_SIZE,
                         help="budget per chunk (default %(default)s)")
    command.add_argument("--tokenizer", default=None, metavar="NAME|PATH",
                         help="count the budget in tokens of this tokenizer")
    command.add_argument("--overlap", type=int, default=0,
                         help="sentences repeated between neighbouring prose chunks")
    add_strategy_option_arguments(command)


def add_strategy_option_arguments(command: argparse.ArgumentParser,
                                  overlap_size: bool = True) -> None:
    """--option, --field and --embedding (and --overlap-size) for one or more strategies."""
    if overlap_size:
        command.add_argument("--overlap-size", type=int, default=0,
                             help="overlap in the budget's unit (fixed, recursive: repeated "
                                  "text; sentence strategies: whole sentences up to it)")
    command.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                         help="a strategy option, e.g. window=3, parent_size=4000, "
                              "percentile=10; goes to every strategy that takes it")
    command.add_argument("--field", action="append", default=[], metavar="KEY=VALUE",
                         help="a field for metadata_aware headers, e.g. category=policy")
    command.add_argument("--embedding", default=None, metavar="MODULE:NAME|hashing|minilm",
                         help="embedding function (texts -> vectors) for semantic and eval; "
                              "'hashing' is the built-in offline bag-of-words baseline, "
                              "'minilm' all-MiniLM-L6-v2 from the bench extra (offline)")


def chunkings(args: argparse.Namespace) -> dict[str, Chunking]:
    names = (getattr(args, "strategies", None) or args.strategy).split(",")
    names = sorted(STRATEGIES) if names == ["all"] else [n.strip() for n in names if n.strip()]
    unknown = [name for name in names if name not in STRATEGIES]
    if unknown:
        raise StrategyError(f"unknown strategy {unknown[0]!r} (known: "
                            f"{', '.join(sorted(STRATEGIES))})")
    options = _pairs(args.option, "--option")
    fields = _pairs(args.field, "--field")
    embedding = load_embedding(args.embedding) if args.embedding else None
    result = {}
    for name in names:
        accepted = inspect.signature(STRATEGIES[name]).parameters
        chosen = {key: value for key, value in options.items() if key in accepted}
        if name == "semantic" and embedding is not None:
            chosen["embedding"] = embedding
        if name == "metadata_aware" and fields:
            chosen["fields"] = fields
        result[name] = Chunking(strategy=name, max_size=args.max_size, overlap=args.overlap,
                                overlap_size=args.overlap_size, options=chosen,
                                tokenizer=args.tokenizer)
    return result


def strategy_options(args: argparse.Namespace) -> dict[str, Any]:
    """The options of the one strategy `args.strategy` names."""
    return dict(chunkings(args)[args.strategy].options) if (
        args.option or args.field or args.embedding) else {}


def load_embedding(spec: str) -> Embedding:
    """`hashing`, `minilm` or `package.module:function` (a callable taking a list of
    texts)."""
    if spec == "hashing":
        return hashing_embedding()
    if spec == "minilm":
        spec = "structchunk.evaluate.minilm:embed"
    module_name, _, attribute = spec.partition(":")
    if not module_name or not attribute:
        raise StrategyError(f"--embedding {spec!r}: give MODULE:NAME or 'hashing'")
    try:
        target: Any = getattr(importlib.import_module(module_name), attribute)
    except (ImportError, AttributeError) as err:
        raise StrategyError(f"--embedding {spec!r}: {err}") from None
    if not callable(target):
        raise StrategyError(f"--embedding {spec!r} is not callable")
    return target


def _pairs(items: list[str], flag: str) -> dict[str, Any]:
    pairs: dict[str, Any] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise StrategyError(f"{flag} {item!r}: expected KEY=VALUE")
        pairs[key.strip()] = _value(value.strip())
    return pairs


def _value(text: str) -> Any:
    for convert in (int, float):
        try:
            return convert(text)
        except ValueError:
            pass
    return text


__all__ = ["add_chunking_arguments", "add_strategy_option_arguments", "chunkings",
           "load_embedding", "strategy_options"]
