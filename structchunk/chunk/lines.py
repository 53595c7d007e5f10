"""Lines as a structural level: logs, JSON lines and CSV are cut between lines.

A block of text without blank lines is either hard-wrapped prose (a line ends because the
next word did not fit, so cutting there is cutting a sentence) or a run of records (a line
ends because the record does). Records are told by one of: ragged lines (many a line could
have taken the next line's first word), one delimiter count shared by the lines (CSV, TSV,
pipe tables), or one first character that is not a letter shared by the lines (`{`, `[`, a
digit of a timestamp). One pass over the block; nothing here depends on the language.
"""

from __future__ import annotations

from collections import Counter

import regex

from structchunk.decode import BLANK_LINE

_LINE = regex.compile(r"[^\r\n]+")
_FIRST_WORD = regex.compile(r"\S+")
MIN_LINES = 4
_RAGGED_SHARE = 0.3
_SHARED_SHARE = 0.8
_DELIMITERS = (",", "\t", ";", "|")


def has_blank_line(source: str, start: int, end: int) -> bool:
    return BLANK_LINE.search(source, start, end) is not None


def line_spans(source: str, start: int, end: int) -> list[tuple[int, int]]:
    """The non-blank lines of `source[start:end]`, without their surrounding whitespace."""
    spans = []
    for match in _LINE.finditer(source, start, end):
        line = match.group()
        stripped = line.strip()
        if stripped:
            left = match.start() + len(line) - len(line.lstrip())
            spans.append((left, left + len(stripped)))
    return spans


def is_line_structured(source: str, spans: list[tuple[int, int]]) -> bool:
    """Whether the lines `spans` of `source` are records rather than wrapped prose."""
    count = len(spans)
    if count < MIN_LINES:
        return False
    lines = [source[left:right] for left, right in spans]
    width = max(len(line) for line in lines)
    ragged = 0
    for line, following in zip(lines, lines[1:], strict=False):
        word = _FIRST_WORD.match(following)
        if word is not None and len(line) + 1 + len(word.group()) <= width:
            ragged += 1
    if ragged >= _RAGGED_SHARE * (count - 1):
        return True
    for delimiter in _DELIMITERS:
        counts = Counter(line.count(delimiter) for line in lines)
        shared, lines_sharing = counts.most_common(1)[0]
        if shared and lines_sharing >= _SHARED_SHARE * count:
            return True
    firsts = Counter("0" if line[0].isdigit() else line[0] for line in lines)
    first, lines_sharing = firsts.most_common(1)[0]
    return not first.isalpha() and lines_sharing >= _SHARED_SHARE * count
