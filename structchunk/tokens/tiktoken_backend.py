"""tiktoken encodings from files shipped in this package: nothing is fetched at run time.

tiktoken itself downloads `cl100k_base` and `o200k_base` on first use. Their BPE rank files
(MIT-licensed, see data/NOTICE) are shipped here gzipped, checked against the hashes tiktoken
expects, and turned into a `tiktoken.Encoding` with tiktoken's own patterns.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
from functools import cache
from importlib import resources
from typing import Any

from structchunk.errors import MissingDependencyError, TokenizerError, install_hint
from structchunk.tokens.counter import TokenCounter

ENDOFTEXT = "<|endoftext|>"
FIM_PREFIX = "<|fim_prefix|>"
FIM_MIDDLE = "<|fim_middle|>"
FIM_SUFFIX = "<|fim_suffix|>"
ENDOFPROMPT = "<|endofprompt|>"

_O200K_PATTERN = "|".join([
    r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
    r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
    r"""\p{N}{1,3}""",
    r""" ?[^\s\p{L}\p{N}]+[\r\n/]*""",
    r"""\s*[\r\n]+""",
    r"""\s+(?!\S)""",
    r"""\s+""",
])

# name -> (sha256 of the uncompressed rank file, pattern, special tokens); as in tiktoken.
ENCODINGS: dict[str, tuple[str, str, dict[str, int]]] = {
    "cl100k_base": (
        "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7",
        r"""'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+"""
        r"""| ?[^\s\p{L}\p{N}]++[\r\n]*+|\s++$|\s*[\r\n]|\s+(?!\S)|\s""",
        {ENDOFTEXT: 100257, FIM_PREFIX: 100258, FIM_MIDDLE: 100259, FIM_SUFFIX: 100260,
         ENDOFPROMPT: 100276},
    ),
    "o200k_base": (
        "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d",
        _O200K_PATTERN,
        {ENDOFTEXT: 199999, ENDOFPROMPT: 200018},
    ),
}


def _tiktoken() -> Any:
    try:
        import tiktoken
    except ImportError as err:
        raise MissingDependencyError(
            f"tiktoken encodings need the tiktoken package: {install_hint('tiktoken')}"
        ) from err
    return tiktoken


def encoding_name(name: str) -> str | None:
    """The shipped encoding for an encoding or model name ('gpt-4o' -> 'o200k_base')."""
    if name in ENCODINGS:
        return name
    try:
        import tiktoken
        from tiktoken.model import encoding_name_for_model
    except ImportError:
        return None
    if name in tiktoken.list_encoding_names():
        return name  # known to tiktoken but not shipped: load_encoding says so
    try:
        resolved: str = encoding_name_for_model(name)
    except KeyError:
        return None
    return resolved


@cache
def load_encoding(name: str) -> Any:
    """A `tiktoken.Encoding` for a shipped encoding, built from the packaged rank file."""
    tiktoken = _tiktoken()
    if name not in ENCODINGS:
        raise TokenizerError(
            f"the tiktoken encoding {name!r} is not shipped with structchunk (shipped: "
            f"{', '.join(sorted(ENCODINGS))}); pass a tiktoken.Encoding you have loaded")
    expected, pattern, special = ENCODINGS[name]
    packaged = resources.files("structchunk.tokens") / "data" / f"{name}.tiktoken.gz"
    try:
        data = gzip.decompress(packaged.read_bytes())
    except (OSError, EOFError) as err:
        raise TokenizerError(f"the packaged encoding file {name}.tiktoken.gz cannot be "
                               f"read ({err}); reinstall {install_hint('tiktoken')}") from err
    if hashlib.sha256(data).hexdigest() != expected:
        raise TokenizerError(f"the packaged encoding file {name}.tiktoken.gz is damaged "
                               f"(hash mismatch); reinstall {install_hint('tiktoken')}")
    ranks = {base64.b64decode(token): int(rank)
             for token, rank in (line.split() for line in data.splitlines() if line)}
    return tiktoken.Encoding(name=name, pat_str=pattern, mergeable_ranks=ranks,
                             special_tokens=special)


def is_encoding(value: object) -> bool:
    return type(value).__module__.startswith("tiktoken") and hasattr(value, "encode_ordinary")


def counter_for_encoding(encoding: Any, name: str | None = None) -> TokenCounter:
    """Special-token strings in the text (`<|endoftext|>`) are counted as ordinary text."""
    encode = encoding.encode_ordinary
    return TokenCounter(name or f"tiktoken:{encoding.name}", lambda text: len(encode(text)))


class _ShippedEncoding:
    """Counts with a shipped encoding by name, so the counter pickles (worker processes,
    a LlamaIndex pipeline with workers) and each process loads the encoding once."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __call__(self, text: str) -> int:
        return len(load_encoding(self.name).encode_ordinary(text))


def counter_for_name(name: str) -> TokenCounter | None:
    resolved = encoding_name(name)
    if resolved is None:
        return None
    load_encoding(resolved)  # fail now, before any work, if it cannot be loaded
    return TokenCounter(resolved, _ShippedEncoding(resolved))
