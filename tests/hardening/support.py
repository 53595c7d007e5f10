"""Length functions and helpers the hardening tests share."""

from __future__ import annotations

import regex

_TOKEN = regex.compile(r"\w+|[^\w\s]")


def tokens(text: str) -> int:
    """A token-like length: words and punctuation marks count one each, spaces nothing.

    Not additive over concatenation (like a real tokenizer), and a blank string is 0.
    """
    return len(_TOKEN.findall(text))


def heavy(text: str) -> int:
    """Every character counts three: some budgets cannot hold even one."""
    return 3 * len(text)
