"""A token counter and linear, bounded measuring of long texts.

Tokenizers are slow next to `len` and some refuse long inputs, so a text longer than one
window is counted window by window, cut before whitespace (where BPE pre-tokenizers cut
anyway, so the sum matches or slightly exceeds the count of the whole), and a measurement
against a budget stops as soon as the budget is exceeded. No tokenizer is ever handed more
than `max_input_chars` characters.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

DEFAULT_WINDOW = 8192


@dataclass(frozen=True)
class TokenCounter:
    """`count(text)` gives the tokens of `text`; `max_input_chars` is the longest text the
    tokenizer accepts (None: any length). `name` is shown in messages and benchmarks."""

    name: str
    count: Callable[[str], int]
    max_input_chars: int | None = None

    def __call__(self, text: str) -> int:
        return self.count(text)


def window_size(length: Callable[[str], int], max_size: int) -> int:
    """Characters measured in one call: large enough that a chunk within the budget is
    usually measured whole, never more than the tokenizer accepts."""
    window = max(DEFAULT_WINDOW, 8 * max_size)
    limit = getattr(length, "max_input_chars", None)
    return max(1, min(window, limit)) if limit else window


def windows(text: str, start: int, end: int, window: int) -> Iterator[tuple[int, int]]:
    """Cut `text[start:end]` into spans of at most `window` characters, each cut made before
    a whitespace character in the second half of the window where there is one."""
    while end - start > window:
        limit = start + window
        low = start + window // 2
        cut = max(text.rfind(" ", low, limit), text.rfind("\n", low, limit),
                  text.rfind("\t", low, limit))
        if cut <= start:
            cut = limit
        yield start, cut
        start = cut
    if end > start:
        yield start, end


def count_span(length: Callable[[str], int], text: str, start: int, end: int, window: int,
               stop: int | None = None) -> int:
    """Tokens of `text[start:end]`, window by window; past `stop` the sum is returned early
    (it is then only known to exceed `stop`)."""
    total = 0
    for left, right in windows(text, start, end, window):
        total += int(length(text[left:right]))
        if stop is not None and total > stop:
            break
    return total
