"""The Markdown format's options.

A module of their own, beside the parser, because the parser is compiled with mypyc in
compiled builds, and a compiled class cannot extend the options' plain dataclass base.
`parse/markdown/builder.py` imports this module, so importing the format registers its options.
"""

from __future__ import annotations

from dataclasses import dataclass

from structchunk.options import FormatOptions, one_of, option

BACKENDS = ("pyromark", "markdown-it")


@dataclass(frozen=True)
class MarkdownOptions(FormatOptions):
    """`markdown_backend`: "pyromark" (the default when installed) or "markdown-it"."""

    format = "markdown"
    markdown_backend: str | None = option(None, f"one of {', '.join(BACKENDS)}",
                                          one_of(BACKENDS))


__all__ = ["BACKENDS", "MarkdownOptions"]
