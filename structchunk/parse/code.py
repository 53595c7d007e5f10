"""Code units inside fenced code and source files.

Placeholder: no units (the chunker cuts code between lines at blank lines). Replaced by the
tree-sitter outline.
"""

from __future__ import annotations

from structchunk.decode import Source
from structchunk.tree import Node

_ALIASES = {"py": "python", "python3": "python", "js": "javascript", "ts": "typescript",
            "sh": "bash", "shell": "bash", "zsh": "bash", "yml": "yaml", "golang": "go",
            "rs": "rust", "c++": "cpp", "cxx": "cpp", "jsx": "javascript", "tsx": "tsx"}


def normalise_language(info: str | None) -> str | None:
    if not info:
        return None
    name = info.strip().lower().lstrip(".{").rstrip("}")
    return _ALIASES.get(name, name) or None


def code_units(source: Source, start: int, end: int, language: str | None) -> list[Node]:
    """Definition nodes (functions, classes, ...) inside source.text[start:end]."""
    return []
