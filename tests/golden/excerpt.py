"""The words a golden record shows for its chunk, so a golden diff reads as text, not numbers."""

from __future__ import annotations

SHORT = 120
"""A chunk up to this many characters is stored whole."""
LINE_CLIP = 60
"""Longer chunks show their first and last line, each cut to this many characters."""


def chunk_excerpt(content: str) -> str:
    """The chunk's content if short, else its first and last non-blank line joined by ' … '.

    Whole long chunks would make every golden file a copy of its document; the two ends are
    what a reviewer needs to see where a boundary moved.
    """
    if len(content) <= SHORT:
        return content
    lines = [line.strip() for line in content.splitlines() if line.strip()]
    first, last = lines[0], lines[-1]
    if len(lines) == 1:
        return f"{first[:LINE_CLIP]} … {first[-LINE_CLIP:]}"
    return f"{first[:LINE_CLIP]} … {last[-LINE_CLIP:]}"
