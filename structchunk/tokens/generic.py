"""Any object with `encode()` (a tiktoken-like or transformers tokenizer) or a plain callable."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from structchunk.errors import TokenizerError
from structchunk.tokens.counter import TokenCounter


def _accepts(function: Callable[..., Any], keyword: str) -> bool:
    try:
        parameters = inspect.signature(function).parameters.values()
    except (TypeError, ValueError):
        return False
    return any(p.name == keyword or p.kind is p.VAR_KEYWORD for p in parameters)


def _length(encoded: Any) -> int:
    ids = getattr(encoded, "ids", None)  # tokenizers-style Encoding objects
    return len(ids if ids is not None else encoded)


def counter_for_encoder(tokenizer: Any) -> TokenCounter:
    """Special tokens are neither added nor refused: the text is counted as written."""
    name = type(tokenizer).__name__
    limit = getattr(tokenizer, "max_input_chars", None)
    ordinary = getattr(tokenizer, "encode_ordinary", None)
    if callable(ordinary):
        return TokenCounter(name, lambda text: _length(ordinary(text)), limit)
    encode = tokenizer.encode
    if _accepts(encode, "add_special_tokens"):
        return TokenCounter(name, lambda text: _length(encode(text, add_special_tokens=False)),
                            limit)
    if _accepts(encode, "disallowed_special"):
        return TokenCounter(name, lambda text: _length(encode(text, disallowed_special=())),
                            limit)
    return TokenCounter(name, lambda text: _length(encode(text)), limit)


def counter_for_callable(function: Callable[[str], Any]) -> TokenCounter:
    """A callable returning a count, or the token list itself."""
    limit = getattr(function, "max_input_chars", None)

    def count(text: str) -> int:
        result = function(text)
        if isinstance(result, bool) or not isinstance(result, int):
            if hasattr(result, "__len__"):
                return len(result)
            raise TokenizerError(f"the tokenizer callable returned {result!r}; it must "
                                   "return a token count or the list of tokens")
        return result

    return TokenCounter(getattr(function, "__name__", "callable"), count, limit)
