"""HuggingFace `tokenizers`: a `Tokenizer` object or the path to its tokenizer.json.

Counts exclude special tokens, and truncation is switched off on a private copy: a
truncating tokenizer would under-count long texts and break the budget.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from structchunk.errors import (
    MissingDependencyError,
    SourceNotFoundError,
    TokenizerError,
    install_hint,
)
from structchunk.tokens.counter import TokenCounter


def _tokenizers() -> Any:
    try:
        import tokenizers
    except ImportError as err:
        raise MissingDependencyError(
            f"a tokenizer.json needs the tokenizers package: {install_hint('tokenizers')}"
        ) from err
    return tokenizers


def is_tokenizer(value: object) -> bool:
    return type(value).__module__.startswith("tokenizers") and hasattr(value, "encode_batch")


def looks_like_path(value: str | os.PathLike[str]) -> bool:
    text = os.fspath(value)
    return text.endswith(".json") or os.sep in text or Path(text).is_file()


def load(path: str | os.PathLike[str]) -> Any:
    tokenizers = _tokenizers()
    file = Path(path)
    if not file.is_file():
        raise SourceNotFoundError("no such tokenizer file", str(path))
    try:
        return tokenizers.Tokenizer.from_file(str(file))
    except Exception as err:  # the Rust side raises plain Exceptions
        raise TokenizerError(f"is not a tokenizers tokenizer.json ({err})", str(path)
                               ) from err


def counter(tokenizer: Any, name: str | None = None) -> TokenCounter:
    if tokenizer.truncation is not None or tokenizer.padding is not None:
        tokenizer = _tokenizers().Tokenizer.from_str(tokenizer.to_str())
        tokenizer.no_truncation()
        tokenizer.no_padding()
    encode = tokenizer.encode
    return TokenCounter(name or "tokenizers",
                        lambda text: len(encode(text, add_special_tokens=False).ids))
