"""NFC in time linear in the text, whatever runs of combining marks it holds.

`unicodedata.normalize` puts each run of combining marks into canonical order by insertion
sort, so a run of marks of alternating classes (`'a' + '\u0301\u0316' * n`) takes time
quadratic in its length: 200 K characters take most of a minute. Runs of marks are put into
canonical order here first, by a stable sort on their combining class after decomposing
each mark alone (both as the standard defines them); `normalize` then finds every run in
order and composes in one pass. The result is `unicodedata.normalize("NFC", text)` exactly.
"""

from __future__ import annotations

import unicodedata

import regex

# Runs long enough for the insertion sort to matter; a shorter run costs no more than this.
_MARK_RUN = regex.compile(r"\p{M}{32,}")


def nfc(text: str) -> str:
    """`unicodedata.normalize("NFC", text)`, linear in `len(text)`."""
    if text.isascii() or unicodedata.is_normalized("NFC", text):
        return text
    return unicodedata.normalize("NFC", _MARK_RUN.sub(_ordered_run, text))


def _ordered_run(match: regex.Match[str]) -> str:
    """The marks decomposed one by one and each stretch between starters sorted stably by
    canonical combining class: the canonical ordering of the decomposed run."""
    marks = "".join(unicodedata.normalize("NFD", mark) for mark in match.group())
    out: list[str] = []
    stretch: list[str] = []
    for mark in marks:
        if unicodedata.combining(mark):
            stretch.append(mark)
            continue
        out.extend(sorted(stretch, key=unicodedata.combining))
        stretch.clear()
        out.append(mark)
    out.extend(sorted(stretch, key=unicodedata.combining))
    return "".join(out)
