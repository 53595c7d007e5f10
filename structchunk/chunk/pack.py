"""The greedy packer every strategy shares, with the word and character fallback: `pack`
merges neighbouring pieces while they fit; `split_words` cuts one oversized unit. The
pieces themselves are `chunk/piece.py`'s."""

from __future__ import annotations

import operator
from collections.abc import Sequence
from dataclasses import replace

import regex

from structchunk.chunk.balance import balance_tail, balanced_words
from structchunk.chunk.budget import CONTEXT_SEPARATOR, Budget
from structchunk.chunk.piece import (
    Piece,
    Title,
    embedded_body,
    reframed,
    respan,
    titles,
)
from structchunk.chunk.piece import visible_end as _visible_end
from structchunk.errors import BudgetError

_WORD = regex.compile(r"\S+")
_span_of = operator.methodcaller("span")

OVERSIZED = "oversized_unit_split"  # flag: an indivisible unit was cut at words
CHARACTER_SPLIT = "character_split"  # flag: a word longer than the budget was cut
FRAME_DROPPED = "frame_dropped"  # flag: no room to repeat a table header or fence here
CONTEXT_DROPPED = "context_dropped"  # flag: no room for the heading path line here
CUT_FLAGS = frozenset({OVERSIZED, CHARACTER_SPLIT})  # flags of a unit cut to fit


class Packer:
    """Measures and merges pieces against one budget over one source text."""

    def __init__(self, source: str, budget: Budget, path_line: str = "inside") -> None:
        self.source = source
        self.budget = budget
        # "inside": a piece whose heading opens it embeds no path line; "never": none does.
        self._opened_drops_line = path_line != "always"
        self._no_line = path_line == "never"
        # Counting characters, a path line never takes more than a quarter of the budget
        # (`Budget.context_line`): a body within the rest fits whatever its path.
        self._characters = budget.counts_characters
        self._roomy = budget.max_size - budget.max_size // 4
        self._max_size = budget.max_size
        self._minimum = budget.minimum
        self._context_cache: dict[tuple[str, ...], str] = {}
        # Lines also kept by path identity: pieces share path tuples (held, so ids stay).
        self._context_by_path: dict[tuple[int, int], tuple[tuple[Title, ...], str]] = {}

    def context_of(self, piece: Piece) -> str:
        """The context line of a piece: its path without the titles whose headings open it;
        none for a piece that opens with its section heading unless `path_line` is "always"."""
        return self._context_for(piece.path, piece.open_titles)

    def _context_for(self, path: tuple[Title, ...], open_titles: int) -> str:
        if open_titles and self._opened_drops_line and not path[-1].is_definition:
            return ""  # a code piece opening with its definition still names its file
        kept = max(0, len(path) - open_titles)
        key = (id(path), kept)
        hit = self._context_by_path.get(key)
        if hit is not None and hit[0] is path:
            return hit[1]
        line = self.context(path[:kept])
        self._context_by_path[key] = (path, line)
        return line

    def context(self, path: tuple[Title, ...]) -> str:
        if self._no_line:
            return ""
        hit = self._context_by_path.get((id(path), len(path)))
        if hit is not None and hit[0] is path:
            return hit[1]
        key = titles(path)
        line = self._context_cache.get(key)
        if line is None:
            line = self.budget.context_line(key)
            self._context_cache[key] = line
        self._context_by_path[(id(path), len(path))] = (path, line)
        return line

    def opened(self, piece: Piece, count: int) -> Piece:
        """`piece` with `count` titles open at its start, if it still fits that way.
        The context line is shortened from the left, so dropping the innermost title can
        make it longer: a piece is always sized with the line it will be built with.
        """
        if count == piece.open_titles:
            return piece
        candidate = respan(piece, piece.start, piece.end, count)
        if self.fits(candidate) or not self.fits(piece):
            return candidate
        return piece

    def fits(self, piece: Piece) -> bool:
        return self.fits_framed(piece, piece.prefix, piece.suffix)

    def fits_framed(self, piece: Piece, prefix: str, suffix: str) -> bool:
        """Whether `piece` fits with `prefix` and `suffix` as its frame (without building the
        framed piece)."""
        return self._fits_parts(max(piece.start, piece.visible), _visible_end(piece),
                                piece.path, piece.open_titles, prefix, suffix)

    def _fits_parts(self, start: int, end: int, path: tuple[Title, ...], open_titles: int,
                    prefix: str, suffix: str) -> bool:
        """Whether the piece these fields describe fits (without building it)."""
        if self._characters:
            body = end - start + len(prefix) + len(suffix)
            if body <= self._roomy:
                return True
            if body > self._max_size:
                return False
            # `Budget.measure` counting characters, without its calls.
            context = self._context_for(path, open_titles)
            return body + (len(context) + len(CONTEXT_SEPARATOR) if context else 0) \
                <= self._max_size
        return self.budget.fits(self._context_for(path, open_titles), prefix, self.source,
                                start, end, suffix)

    def fits_span(self, path: tuple[Title, ...], start: int, end: int, prefix: str = "",
                  suffix: str = "") -> bool:
        return self.budget.fits(self.context(path), prefix, self.source, start, end, suffix)

    def pack(self, pieces: Sequence[Piece]) -> list[Piece]:
        """Greedily merge neighbours that fit together and whose paths allow it, never a
        piece cut at words with one that is whole; a last piece under the minimum size takes
        units from the one before (`balance_tail`)."""
        result: list[Piece] = []
        first_units: list[int] = []  # the index of each result piece's first unit
        for index, piece in enumerate(pieces):
            if result and not _cut_apart(result[-1], piece):
                merged = self._merge_fitting(result[-1], piece)
                if merged is not None:
                    result[-1] = merged
                    continue
            result.append(piece)
            first_units.append(index)
        if len(result) > 1 and self._minimum:
            balance_tail(self, pieces, result, first_units[-2], first_units[-1])
        return result

    def merged(self, units: Sequence[Piece]) -> Piece | None:
        merged: Piece | None = units[0]
        for unit in units[1:]:
            if merged is None or _cut_apart(merged, unit):
                return None
            merged = self._merge(merged, unit)
        return merged

    def size_of(self, piece: Piece) -> int:
        if self._characters:
            return piece.end - piece.start
        return self.budget.size(self.source[piece.start:piece.end])

    def merge(self, first: Piece, second: Piece) -> Piece | None:
        """`first` and `second` as one piece, if their paths and frames allow it (the size is
        not checked)."""
        return self._merge(first, second)

    def _merge(self, first: Piece, second: Piece) -> Piece | None:
        if first.suffix or second.prefix:
            return None
        common = self._mergeable(first, second)
        if common is None:
            return None
        dropped = len(first.path) - len(common)
        return Piece(first.start, second.end, common, max(0, first.open_titles - dropped),
                     first.prefix, second.suffix, first.flags | second.flags, first.visible,
                     second.visible_end)

    def _merge_fitting(self, first: Piece, second: Piece) -> Piece | None:
        """`_merge` of the two when the result fits, sized before it is built, so a merge
        that does not fit builds nothing (one per piece `pack` returns, and more)."""
        if first.suffix or second.prefix:
            return None
        common = self._mergeable(first, second)
        if common is None:
            return None
        opened = max(0, first.open_titles - (len(first.path) - len(common)))
        tail = second.visible_end  # `_visible_end` of the merged piece
        end = tail if first.start < tail < second.end else second.end
        if not self._fits_parts(max(first.start, first.visible), end, common, opened,
                                first.prefix, second.suffix):
            return None
        return Piece(first.start, second.end, common, opened, first.prefix, second.suffix,
                     first.flags | second.flags, first.visible, second.visible_end)

    def pack_framed(self, units: Sequence[Piece], prefix: str, suffix: str,
                    lead: Piece | None = None, tail: Piece | None = None,
                    nested: bool = False) -> list[Piece]:
        """Pack the units of a framed block (table rows, code lines) into framed pieces.
        `lead` (header rows, opening fence) and `tail` (closing fence) are real source text:
        a piece that holds the lead needs no prefix, one that holds the tail no suffix. All
        others carry `prefix` and `suffix`, so every piece stays valid Markdown. With
        `nested`, a unit framed already (a nested list's lead-in) keeps its own prefix after
        `prefix`.
        """
        sequence = ([lead] if lead else []) + list(units) + ([tail] if tail else [])
        pieces: list[Piece] = []
        current: Piece | None = None  # the piece as taken; it grows in the fields below
        grown = False  # whether `current` took more units: then the fields describe it
        start = end = opened = 0
        path: tuple[Title, ...] = ()
        head = last_suffix = ""
        for unit in sequence:
            unframed = unit is lead or FRAME_DROPPED in unit.flags
            unit_prefix = "" if unframed else prefix + unit.prefix if nested else prefix
            unit_suffix = "" if unit is tail or FRAME_DROPPED in unit.flags else suffix
            if current is not None and not unit.flags and not current.flags:
                if not grown:
                    start, end, path = current.start, current.end, current.path
                    opened, head = current.open_titles, current.prefix
                # The closing fence has nothing to say about where it stands: it joins the
                # piece before it under that piece's path.
                common = path if unit is tail else self._common_path(end, path, opened, unit)
                if common is not None and _opens_definitions(path, opened, len(common)):
                    # Code named by what it holds: the piece keeps the definition it opens
                    # with (its doc comment first) rather than only the file around both.
                    common = path
                if common is not None:
                    merged_open = max(0, opened - len(path) + len(common))
                    if self._fits_parts(start, unit.end, common, merged_open, head,
                                        unit_suffix):
                        # Built only when it is complete: most units merge into it.
                        end, path, opened, last_suffix = unit.end, common, merged_open, unit_suffix
                        grown = True
                        continue
            if current is not None:
                pieces.append(Piece(start, end, path, opened, head, last_suffix) if grown
                              else current)
            current = reframed(unit, unit_prefix, unit_suffix)
            grown = False
        if current is not None:
            pieces.append(Piece(start, end, path, opened, head, last_suffix) if grown
                          else current)
        return self.enforce(pieces)

    def enforce(self, pieces: Sequence[Piece]) -> list[Piece]:
        """Cut at words any piece still over the budget (a header row, a fence line)."""
        result: list[Piece] = []
        for piece in pieces:
            result.extend([piece] if self.fits(piece) else self.split_words(piece))
        return result

    def _mergeable(self, first: Piece, second: Piece) -> tuple[Title, ...] | None:
        """The common path of two pieces, if every title it drops is visible in the content."""
        return self._common_path(first.end, first.path, first.open_titles, second)

    def _common_path(self, first_end: int, first_path: tuple[Title, ...], first_open: int,
                     second: Piece) -> tuple[Title, ...] | None:
        if second.start < first_end:
            return None
        common = _common_prefix(first_path, second.path)
        if len(first_path) - len(common) > first_open:
            return None
        if len(second.path) - len(common) > second.open_titles:
            return None
        return common

    def split_words(self, piece: Piece) -> list[Piece]:
        """Cut an indivisible unit at word boundaries (characters for a giant word).
        Only the first part starts where the piece does, so only it keeps the piece's open
        titles; each part is sized with the context line it is built with.
        """
        # Read word by word: a list of every word's offsets would cost more memory than the
        # text itself (a paragraph of megabytes without a sentence end).
        words = map(_span_of, _WORD.finditer(self.source, piece.start, piece.end))
        flags = piece.flags | {OVERSIZED}
        first_context = self.context_of(piece)
        later_context = self.context(piece.path)
        result: list[Piece] = []
        current_start: int | None = None
        current_end = 0
        current_open = 0
        for word_start, word_end in words:
            if current_start is not None and self._fits_with(
                    first_context if current_open else later_context, piece, current_start,
                    word_end):
                current_end = word_end
                continue
            if current_start is not None:
                result.append(replace(piece, start=current_start, end=current_end, flags=flags,
                                      open_titles=current_open))
            opening = piece.open_titles if not result and current_start is None else 0
            if self._fits_with(first_context if opening else later_context, piece,
                               word_start, word_end):
                current_start, current_end, current_open = word_start, word_end, opening
            else:
                result.extend(self._split_characters(replace(piece, start=word_start,
                                                             end=word_end, flags=flags)))
                current_start = None
        if current_start is not None:
            result.append(replace(piece, start=current_start, end=current_end, flags=flags,
                                  open_titles=current_open))
        return balanced_words(self, result)

    def _fits_with(self, context: str, piece: Piece, start: int, end: int) -> bool:
        return self.budget.fits(context, piece.prefix, self.source, start, end, piece.suffix)

    def _split_characters(self, piece: Piece) -> list[Piece]:
        flags = piece.flags | {CHARACTER_SPLIT}
        piece = replace(piece, open_titles=0)
        if (piece.prefix or piece.suffix) and not self.fits_span(
                piece.path, piece.start, piece.start + 1, piece.prefix, piece.suffix):
            piece = replace(piece, prefix="", suffix="")
            flags = flags | {FRAME_DROPPED}
        if piece.path and not self.fits_span(piece.path, piece.start, piece.start + 1):
            # Not even one character fits under the heading path: the line is left out (all
            # titles count as open) rather than the budget broken.
            piece = replace(piece, open_titles=len(piece.path))
            flags = flags | {CONTEXT_DROPPED}
        result: list[Piece] = []
        start = piece.start
        while start < piece.end:
            end = self.longest_fit(piece, start)
            result.append(replace(piece, start=start, end=end, flags=flags))
            start = end
        return result

    def longest_fit(self, piece: Piece, start: int) -> int:
        """Largest end such that [start, end) fits; a character that cannot fit at all
        raises `BudgetError`, since no chunking could keep the budget."""
        context = self.context_of(piece)
        budget = self.budget
        if budget.counts_characters:
            room = budget.max_size - budget.measure(context, piece.prefix, "", 0, 0,
                                                    piece.suffix)
            if room < 1:
                self._too_small(start)
            return min(piece.end, start + room)
        low, high = start + 1, piece.end
        if not self._fits_with(context, piece, start, low):
            self._too_small(start)
        while low < high:
            middle = (low + high + 1) // 2
            if self._fits_with(context, piece, start, middle):
                low = middle
            else:
                high = middle - 1
        return low

    def _too_small(self, offset: int) -> None:
        char = self.source[offset]
        size = self.budget.size(char)
        raise BudgetError(
            f"max_size={self.budget.max_size} cannot hold even one character: {char!r} "
            f"(at offset {offset}) measures {size} by the length function")


def _cut_apart(first: Piece, second: Piece) -> bool:
    """Whether one piece was cut at words and the other not: merged, the whole one would
    carry the cut's flag and read as oversized though it fits."""
    return bool(first.flags & CUT_FLAGS) != bool(second.flags & CUT_FLAGS)


def _opens_definitions(path: tuple[Title, ...], opened: int, common: int) -> bool:
    """Whether the titles of `path` past `common` are all definitions open at its start."""
    dropped = path[common:]
    return bool(dropped) and len(dropped) <= opened and all(
        title.is_definition for title in dropped)


def _common_prefix(first: tuple[Title, ...], second: tuple[Title, ...]) -> tuple[Title, ...]:
    if first is second:  # neighbours under the same heading share their path
        return first
    length = 0
    for left, right in zip(first, second, strict=False):
        # Paths grow from their parents' tuples, so a shared title is the same object; the
        # comparison of fields is left for titles built apart.
        if left is not right and left != right:
            break
        length += 1
    return first[:length]


# Piece and Title live in `chunk/piece.py`; they are imported from here as well.
__all__ = ["CHARACTER_SPLIT", "CONTEXT_DROPPED", "CUT_FLAGS", "FRAME_DROPPED", "OVERSIZED",
           "Packer", "Piece", "Title", "embedded_body", "reframed", "respan", "titles"]
