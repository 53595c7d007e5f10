"""Where an element stands in the page's source: the character range cited as its origin.

HTML parsers build a tree but keep no source offsets (lexbor keeps none, libxml2 only line
numbers). The tags are found in the source instead: a scan that skips comments and the raw
text of `<script>`, `<style>` and the like lists every start tag of a name in order, and the
k-th element of that name in the tree (document order) is the k-th start tag in the source.
A name whose element count differs from its start-tag count (the parser made an element no
tag wrote, such as a `<p>` for a stray `</p>`) gets no origins rather than wrong ones.
"""

from __future__ import annotations

import re
from collections import defaultdict

from selectolax.lexbor import LexborNode

# Names whose elements are cited; others (inline markup) are never looked up.
CITED = frozenset({"p", "h1", "h2", "h3", "h4", "h5", "h6", "li", "pre", "table", "tr",
                   "blockquote", "dt", "dd", "div", "section", "article", "main", "aside",
                   "figure", "figcaption", "ul", "ol", "dl", "td", "th", "caption", "details",
                   "summary", "address"})
_RAW_TEXT = ("script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes")
# Comments and raw text are matched whole so that no tag inside them counts; only the cited
# names' tags are reported, so the loop below sees few tokens.
_TOKEN = re.compile(
    r"<!--.*?(?:-->|\Z)"
    r"|<(?:" + "|".join(_RAW_TEXT) + r")\b(?:[^>\"']|\"[^\"]*\"|'[^']*')*>.*?(?:</(?:"
    + "|".join(_RAW_TEXT) + r")\s*>|\Z)"
    r"|<(/?)(" + "|".join(sorted(CITED, key=len, reverse=True)) + r")(?=[\s/>])"
    r"(?:[^>\"']|\"[^\"]*\"|'[^']*')*>",
    re.DOTALL | re.IGNORECASE)


class Origins:
    """Element -> `(start, end)` in the source: from its start tag to the end of its end tag
    (to the end of the start tag where the end tag is implied)."""

    def __init__(self, text: str, root: LexborNode) -> None:
        self._ranges = _source_ranges(text)
        self._of: dict[int, tuple[int, int]] = {}
        counts: dict[str, list[int]] = defaultdict(list)
        for node in root.traverse():
            tag = node.tag
            if tag in CITED:
                counts[tag].append(node.mem_id)
        for tag, ids in counts.items():
            ranges = self._ranges.get(tag, [])
            if len(ranges) != len(ids):
                continue
            for mem_id, span in zip(ids, ranges, strict=True):
                self._of[mem_id] = span

    def of(self, node: LexborNode) -> tuple[int, int] | None:
        return self._of.get(node.mem_id)


def _source_ranges(text: str) -> dict[str, list[tuple[int, int]]]:
    """Per cited tag name, the ranges of its elements in source order."""
    ranges: dict[str, list[tuple[int, int]]] = defaultdict(list)
    open_: dict[str, list[int]] = defaultdict(list)
    for match in _TOKEN.finditer(text):
        closing, name = match.groups()
        if name is None:
            continue  # a comment or the raw text of a script
        if not name.islower():
            name = name.lower()
        if closing:
            if open_[name]:
                index = open_[name].pop()
                ranges[name][index] = (ranges[name][index][0], match.end())
        else:
            open_[name].append(len(ranges[name]))
            ranges[name].append((match.start(), match.end()))
    return ranges
