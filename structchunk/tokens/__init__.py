"""Token budgets: turn what the user passes as `tokenizer=` into a `TokenCounter`.

Accepted: a tiktoken encoding or model name ("cl100k_base", "o200k_base", "gpt-4o"; the
encoding files ship with structchunk, tiktoken comes with the `tiktoken` extra), a
HuggingFace `tokenizers.Tokenizer` or the path to its tokenizer.json (the `tokenizers`
extra), any object with `encode()`, or a callable returning a count or the tokens.
Everything is resolved and checked before any chunking starts.
"""

from __future__ import annotations

import os
from typing import Any

from structchunk.errors import TokenizerError
from structchunk.options import suggestion
from structchunk.tokens import generic, hf_backend, tiktoken_backend
from structchunk.tokens.counter import TokenCounter

SHIPPED_ENCODINGS = tuple(sorted(tiktoken_backend.ENCODINGS))


def resolve_tokenizer(tokenizer: Any) -> TokenCounter:
    """A counter for `tokenizer`; an error naming the problem if it cannot be used."""
    if isinstance(tokenizer, TokenCounter):
        return tokenizer
    if isinstance(tokenizer, str | os.PathLike):
        return _from_name(tokenizer)
    if tiktoken_backend.is_encoding(tokenizer):
        return tiktoken_backend.counter_for_encoding(tokenizer)
    if hf_backend.is_tokenizer(tokenizer):
        return hf_backend.counter(tokenizer)
    if callable(getattr(tokenizer, "encode", None)):
        return generic.counter_for_encoder(tokenizer)
    if callable(tokenizer):
        return generic.counter_for_callable(tokenizer)
    raise TokenizerError(
        f"tokenizer={tokenizer!r} is not usable: pass an encoding name "
        f"({', '.join(SHIPPED_ENCODINGS)}), a tokenizer.json path, a tokenizers.Tokenizer, "
        "an object with encode(), or a callable")


def _from_name(name: str | os.PathLike[str]) -> TokenCounter:
    text = os.fspath(name)
    if isinstance(name, str):
        counter = tiktoken_backend.counter_for_name(text)
        if counter is not None:
            return counter
    if hf_backend.looks_like_path(name):
        return hf_backend.counter(hf_backend.load(name), os.path.basename(text))
    hint = suggestion(text, SHIPPED_ENCODINGS)
    raise TokenizerError(
        f"unknown tokenizer {text!r}{hint} Known encodings: {', '.join(SHIPPED_ENCODINGS)} "
        "(or a model name such as 'gpt-4o'), or a path to a tokenizer.json")


__all__ = ["SHIPPED_ENCODINGS", "TokenCounter", "TokenizerError", "resolve_tokenizer"]
