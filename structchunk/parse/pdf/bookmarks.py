"""The PDF outline (bookmarks): titles with their levels and target pages, found in the text.

Where a document has an outline, it is the author's own heading tree: each entry is looked
for on its target page (or the page after, for destinations that point just above a heading)
as a line, or a run of up to three lines, whose letters and digits equal the entry's title,
with or without a section number in front (`2.1 ASN.1 syntax` for the entry `ASN.1 syntax`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import regex

from structchunk.parse.pdf.extract import Line, PageLines

MAX_ENTRIES = 10000  # an outline larger than this is read only so far
MAX_TITLE_LINES = 3  # a title may wrap over this many lines

_NOT_WORD = regex.compile(r"[\W_]+")
_NUMBER = regex.compile(r"^\s*(?:[\dIVXLC]+(?:[.\-]\d+)*\.?|[A-Z]\.|\d+\))\s+",
                        flags=regex.IGNORECASE)


@dataclass(frozen=True)
class Entry:
    title: str
    level: int  # 1 for the outline's top entries
    page: int | None  # 1-based target page, None when the destination cannot be resolved


def read_outline(reader: Any) -> list[Entry]:
    """The outline's entries in order; [] when there is none or it cannot be read."""
    entries: list[Entry] = []

    def walk(items: list[Any], level: int) -> None:
        for item in items:
            if len(entries) >= MAX_ENTRIES:
                return
            if isinstance(item, list):
                walk(item, level + 1)
                continue
            title = " ".join(str(getattr(item, "title", "") or "").split())
            if not title:
                continue
            try:
                page: int | None = reader.get_destination_page_number(item) + 1
            except Exception:  # a destination to nowhere still names a heading
                page = None
            entries.append(Entry(title, level, page))

    try:
        walk(list(reader.outline), 1)
    except Exception:  # a damaged outline: fall back to the typography
        return []
    return entries


def _key(text: str) -> str:
    return _NOT_WORD.sub("", text).casefold()


def title_keys(text: str) -> set[str]:
    """The title's letters and digits, with and without a leading section number."""
    return {key for key in (_key(text), _key(_NUMBER.sub("", text, count=1))) if key}


MIN_MATCHED = 0.5  # share of the entries (with a target page) found to trust the outline


def outline_headings(entries: list[Entry], pages: list[PageLines]) -> dict[int, int]:
    """`id(line)` → outline level, when enough of the outline is found in the text to trust
    it as the heading tree; {} otherwise (a stale or foreign outline: typography decides)."""
    levels, matched = match_outline(entries, pages)
    targeted = sum(entry.page is not None for entry in entries)
    return levels if targeted and matched >= targeted * MIN_MATCHED else {}


def match_outline(entries: list[Entry], pages: list[PageLines]) -> tuple[dict[int, int], int]:
    """`id(line)` → outline level for every line that shows an entry's title, and the
    number of entries found."""
    by_number = {page.number: page for page in pages}
    levels: dict[int, int] = {}
    matched = 0
    for entry in entries:
        wanted = title_keys(entry.title)
        if not wanted:
            continue
        targets = [entry.page, entry.page + 1] if entry.page else []
        for number in targets:
            page = by_number.get(number)
            found = find_lines(page.lines, wanted, levels) if page else None
            if found:
                for line in found:
                    levels[id(line)] = entry.level
                matched += 1
                break
    return levels, matched


def find_lines(lines: list[Line], wanted: set[str], taken: dict[int, int]) -> list[Line] | None:
    """The first run of lines, not yet a heading, whose text is the title."""
    for start, line in enumerate(lines):
        if id(line) in taken:
            continue
        joined = ""
        for end in range(start, min(start + MAX_TITLE_LINES, len(lines))):
            if end > start and id(lines[end]) in taken:
                break
            joined = f"{joined} {lines[end].text}"
            keys = title_keys(joined)
            if keys & wanted:
                return lines[start:end + 1]
            if not any(part.startswith(key) for key in keys for part in wanted):
                break
    return None
