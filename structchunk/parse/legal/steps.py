"""A law found inside another format: registered refinement steps, run after that format's
parser, so the Markdown and PDF parsers never import the legal parser."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from structchunk.parse.legal import statute as legal
from structchunk.tree import Document


def looks_legal_text(text: str) -> bool:
    """Content sniffer of the legal format: provision headings at the start of blocks."""
    return legal.looks_legal_text(text)


def law_in_markdown(document: Document, options: Mapping[str, Any]) -> Document:
    """Markdown whose headings are mostly provisions: provisions, Absätze and items."""
    if not legal.looks_legal(document.text):
        return document
    return legal.refine(document, **options)


def law_in_pdf(document: Document, options: Mapping[str, Any]) -> Document:
    """A PDF's text that is a law is read again by the legal parser; pages stay the PDF's."""
    if not legal.looks_legal_text(document.text, document.language):
        return document
    law = legal.parse(document.source, language=document.language, **options)
    return replace(document, root=law.root, language=law.language,
                   metadata={**law.metadata, **document.metadata},
                   carried={**law.carried, **document.carried})
