"""The shared option set read back: one `Chunking` per strategy named, with its options, and
an embedding function named on the command line."""

from __future__ import annotations

import argparse
import functools
import importlib
import inspect
from dataclasses import dataclass
from typing import Any

from structchunk.chunk.strategies import STRATEGIES
from structchunk.cli.options import add_chunking_options, chunker_options
from structchunk.errors import StrategyError
from structchunk.evaluate.config import Chunking
from structchunk.evaluate.embeddings import Embedding, hashing_embedding


def add_chunking_arguments(command: argparse.ArgumentParser, several: bool) -> None:
    """The shared option set (`structchunk.cli.options`) on an evaluation command."""
    add_chunking_options(command, several)


@dataclass(frozen=True)
class NamedEmbedding:
    """An embedding function named by its spec, resolved on first call: it pickles to worker
    processes by name and is recorded in manifests and stamps by name, not by address."""

    spec: str

    @property
    def stamp_name(self) -> str:
        return self.spec

    def __call__(self, texts: list[str]) -> Any:
        return _resolve(self.spec)(texts)

    def __str__(self) -> str:
        return self.spec


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
    shared = chunker_options(args)
    parse_options = ({"markdown_backend": shared["markdown_backend"]}
                     if "markdown_backend" in shared else {})
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
                                tokenizer=args.tokenizer, min_size=args.min_size,
                                language=args.language,
                                sentence_backend=args.sentence_backend,
                                parse_options=parse_options)
    return result


def strategy_options(args: argparse.Namespace) -> dict[str, Any]:
    """The options of the one strategy `args.strategy` names."""
    return dict(chunkings(args)[args.strategy].options) if (
        args.option or args.field or args.embedding) else {}


def load_embedding(spec: str) -> Embedding:
    """`hashing`, `minilm` or `package.module:function` (a callable taking a list of
    texts), checked now and called by name."""
    _resolve(spec)
    return NamedEmbedding(spec)


@functools.cache
def _resolve(spec: str) -> Embedding:
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


__all__ = ["NamedEmbedding", "add_chunking_arguments", "chunkings", "load_embedding",
           "strategy_options"]
