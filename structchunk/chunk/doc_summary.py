"""The summary of a doc comment, repeated before the code it was cut off from.

A definition that fits a chunk only without the comments above it keeps its code whole, and
the comment goes to the piece before (`framed._fits_without_leading_comments`). The piece
holding the signature then loses the sentence that says what the definition does ("Set
cookie `name` to `value`"), the words a user's question is phrased in, and the comment's
piece outranks the code that answers it. So the comment's first paragraph travels in the
embedded text of the code's piece, as a list's lead-in does (`leadins.py`): in its `prefix`,
counted in the budget, never in `content`, and never at the cost of cutting the code.

Only that piece carries it. Repeated before every later piece of a long function, the
summary made the pieces alike, and a body piece outranked the one with the signature
(all-MiniLM-L6-v2, code questions of `benchmarks/natural_questions.jsonl`: recall@5 50% to
43%).
"""

from __future__ import annotations

import regex

from structchunk.chunk.pack import Packer, Piece, reframed

# What opens a comment line in the languages of `grammars/code` (`/**`, ` *`, `///`, `//!`,
# `#`, `--`, `;`), so a line of markers alone reads as a blank line of the comment.
_MARKERS = regex.compile(r"^[ \t]*(?:/\*+!?|\*+/|\*+|//[/!]?|#+|--+|;+)?[ \t]*")


def summary_of(packer: Packer, start: int, end: int) -> str | None:
    """The first paragraph of the comment in `[start, end)`, verbatim with its markers (and
    closed when it opens a block comment), with a line break after it; None when it has no
    text or takes more than a quarter of the budget."""
    lines: list[str] = []
    found_text = False
    for line in packer.source[start:end].splitlines():
        has_text = bool(_text_of(line))
        if found_text and not has_text:
            break  # the blank comment line after the first paragraph
        if lines or line.strip():
            lines.append(line.rstrip())
        found_text = found_text or has_text
    text = "\n".join(lines)
    if not _text_of(text):
        return None
    opening = text.lstrip()
    if opening.startswith("/*") and "*/" not in text:
        indentation = text[:len(text) - len(opening)]
        text += f"\n{indentation} */" if opening.startswith("/**") else " */"
    text += "\n"
    return text if packer.budget.size(text) <= packer.budget.max_size // 4 else None


def _text_of(text: str) -> str:
    """The words of comment lines without their markers."""
    return "".join(_MARKERS.sub("", line, count=1) for line in text.splitlines()).strip()


def with_summary(packer: Packer, code: Piece, summary: str | None, prefix: str,
                 suffix: str) -> Piece:
    """The code of a definition cut off from its doc comment, with the comment's `summary`
    before it where both fit with the frame; else the code alone, never cut for it."""
    if summary is None or not packer.fits_framed(code, prefix + summary, suffix):
        return code
    return reframed(code, summary, code.suffix)


__all__ = ["summary_of", "with_summary"]
