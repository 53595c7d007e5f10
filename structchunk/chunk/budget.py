"""The one sizing abstraction: a maximum plus a length function, asked only by the chunker."""

from __future__ import annotations

import operator
from collections.abc import Callable
from dataclasses import dataclass, field

import regex

from structchunk.errors import BudgetError
from structchunk.tokens.counter import count_span, window_size

LengthFunction = Callable[[str], int]

CONTEXT_SEPARATOR = "\n\n"
PATH_SEPARATOR = " > "


@dataclass(frozen=True)
class Budget:
    """`max_size` in the units of `length` (characters by default); `overlap` in sentences;
    `overlap_size` caps the repeated sentences in the units of `length` as well; a last
    piece under `min_size` (see `minimum`) takes units from the piece before it.

    With the default `len`, sizes are computed arithmetically from spans, never by building
    strings, which keeps the chunker linear on large inputs. Any other length function (a
    tokenizer's counter) is called on the real text and memoised; a text longer than one
    window (`structchunk.tokens.counter`) is counted window by window, and a measurement
    against the budget stops once it is exceeded, so no call sees more than one window.
    """

    max_size: int = 1000
    length: LengthFunction | None = None
    overlap: int = 0
    overlap_size: int = 0
    min_size: int | None = None
    _cache: dict[str, int] = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not _is_int(self.max_size) or self.max_size <= 0:
            raise BudgetError(f"max_size must be a positive integer, got {_shown(self.max_size)}")
        if not _is_int(self.overlap) or self.overlap < 0:
            raise BudgetError("overlap must be a whole number of sentences (0 or more), got "
                              f"{_shown(self.overlap)}")
        if not _is_int(self.overlap_size) or self.overlap_size < 0:
            raise BudgetError("overlap_size must be zero or more, got "
                              f"{_shown(self.overlap_size)}")
        if self.overlap_size >= self.max_size:
            raise BudgetError(f"overlap_size ({self.overlap_size}) must be smaller than "
                              f"max_size ({self.max_size})")
        if self.min_size is not None and (not _is_int(self.min_size) or self.min_size < 0
                                          or self.min_size >= self.max_size):
            raise BudgetError("min_size must be a whole number from 0 to below max_size "
                              f"({self.max_size}), got {_shown(self.min_size)}")
        if self.length is not None and not callable(self.length):
            raise BudgetError("length_function must be a callable returning the size of a "
                              f"string, got {_shown(self.length)}")

    @property
    def minimum(self) -> int:
        """The size under which a last piece joins its neighbour where the budget allows:
        `min_size`, by default a tenth of the budget (a one-word tail of a long sentence,
        a closing line, should not compete for the top k as a chunk of its own)."""
        return self.max_size // 10 if self.min_size is None else self.min_size

    @property
    def counts_characters(self) -> bool:
        return self.length is None or self.length is len

    @property
    def window(self) -> int:
        assert self.length is not None
        return window_size(self.length, self.max_size)

    def size(self, text: str) -> int:
        if self.counts_characters:
            return len(text)
        if len(text) > self.window:
            return count_span(self._count, text, 0, len(text), self.window)
        cached = self._cache.get(text)
        if cached is None:
            cached = self._count(text)
            if len(self._cache) > 100_000:
                self._cache.clear()
            self._cache[text] = cached
        return cached

    def _count(self, text: str) -> int:
        """One call of the length function, its answer checked."""
        assert self.length is not None
        return _checked(self.length(text), text)

    def context_line(self, titles: tuple[str, ...]) -> str:
        """The heading path as one line of at most a quarter of the budget, so the body keeps
        most of the room (`shortened_path`)."""
        return shortened_path(self, titles, self.max_size // 4 - self.size(CONTEXT_SEPARATOR))

    def fits(self, context: str, prefix: str, source: str, start: int, end: int,
             suffix: str) -> bool:
        return self.measure(context, prefix, source, start, end, suffix) <= self.max_size

    def measure(self, context: str, prefix: str, source: str, start: int, end: int,
                suffix: str) -> int:
        if self.counts_characters:
            head = len(context) + len(CONTEXT_SEPARATOR) if context else 0
            return head + len(prefix) + (end - start) + len(suffix)
        head_text = contextualize(context, prefix) if context else prefix
        if len(head_text) + (end - start) + len(suffix) <= self.window:
            return self.size(contextualize(context, prefix + source[start:end] + suffix))
        # Too long for one call: count the parts window by window and stop past the budget.
        total = self.size(head_text)
        if total <= self.max_size:
            total += count_span(self._count, source, start, end, self.window,
                                stop=self.max_size - total)
        if total <= self.max_size and suffix:
            total += self.size(suffix)
        return total


def contextualize(context: str, body: str) -> str:
    """The embedded text: the heading path line, a blank line, then the body."""
    return f"{context}{CONTEXT_SEPARATOR}{body}" if context else body


def shortened_path(budget: Budget, titles: tuple[str, ...], limit: int) -> str:
    """`titles` as one `A > B > C` line of at most `limit`, keeping what identifies a chunk.

    A question names the document (the law, the product) and the section it asks about, so
    the root (the document title) and the innermost headings are kept and the middle levels
    go first, replaced by an ellipsis: `BGB > … > Titel 3 > § 388 Erklärung`. When even the
    root and the innermost title do not fit, the root is cut to at most half of the line and
    the innermost title to the rest; only a line without room for both keeps the innermost
    title alone.
    """
    if not titles:
        return ""
    line = PATH_SEPARATOR.join(titles)
    if budget.size(line) <= limit:
        return line
    root, rest = titles[0], titles[1:]
    if not rest:
        return _shorten(budget, root, limit)
    for dropped in range(1, len(rest)):
        line = root + _ELIDED + PATH_SEPARATOR.join(rest[dropped:])
        if budget.size(line) <= limit:
            return line
    separator = _ELIDED if len(rest) > 1 else PATH_SEPARATOR
    room = limit - budget.size(separator)
    root_room = max(room - budget.size(rest[-1]), room // 3)
    short_root = root if budget.size(root) <= root_room else _shorten(budget, root, root_room)
    leaf_room = room - budget.size(short_root)
    leaf = rest[-1] if budget.size(rest[-1]) <= leaf_room else _shorten(budget, rest[-1],
                                                                       leaf_room)
    if short_root and leaf:
        return short_root + separator + leaf
    return _shorten(budget, rest[-1], limit)


_ELIDED = PATH_SEPARATOR + "…" + PATH_SEPARATOR


def _shorten(budget: Budget, text: str, limit: int) -> str:
    if limit <= 1:
        return ""
    low, high = 0, len(text)
    while low < high:
        middle = (low + high + 1) // 2
        if budget.size(text[:middle] + "…") <= limit:
            low = middle
        else:
            high = middle - 1
    return text[:low] + "…" if low else ""


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _shown(value: object) -> str:
    return f"{value!r} ({type(value).__name__})"


_WORD_CHAR = regex.compile(r"\w")


def _checked(value: object, text: str) -> int:
    """A length function's answer, or a `BudgetError` saying what is wrong with it.

    Integer types other than `int` (numpy's) are accepted; a negative size, or 0 for text
    holding a letter or digit, would let any amount of text count as fitting.
    """
    sample = text if len(text) <= 40 else text[:37] + "..."
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise BudgetError(f"length_function must return an int, got {_shown(value)} "
                          f"for {sample!r}")
    size = operator.index(value)
    if size < 0 or (size == 0 and _WORD_CHAR.search(text)):
        raise BudgetError(f"length_function must return a positive size for text, got "
                          f"{size} for {sample!r}")
    return size
