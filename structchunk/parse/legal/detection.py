"""Whether a text is a law, and whose: provision headings counted under each jurisdiction.

The sniffer asks before any parser runs and the legal parser asks again for the grammar;
both count the same headings here, in Markdown (`##### § 623 ...`) or at the start of plain
text blocks.
"""

from __future__ import annotations

import regex

from structchunk.parse.legal.grammar import (
    LegalGrammar,
    available_jurisdictions,
    load_legal_grammar,
)

_MARKDOWN_HEADING = regex.compile(r"(?m)^ {0,3}#{1,6}[ \t]+(.*)$")


def grammar_for(text: str, language: str | None, *, markdown: bool) -> LegalGrammar | None:
    """The grammar of the first jurisdiction whose provisions head this text, if any."""
    codes = [language] if language in available_jurisdictions() else available_jurisdictions()
    for code in codes:
        assert code is not None
        grammar = load_legal_grammar(code)
        if _count_headings(grammar, text, markdown) >= 3:
            return grammar
    return None


def looks_legal(text: str, language: str | None = None) -> bool:
    """Markdown whose headings are mostly provisions (`##### § 623 ...`)."""
    return grammar_for(text, language, markdown=True) is not None


def looks_legal_text(text: str, language: str | None = None) -> bool:
    """Plain text with provision headings at the start of blocks, more than Markdown ones."""
    codes = available_jurisdictions()
    if language:  # a given language that names no jurisdiction finds no law
        codes = tuple(code for code in codes if code == language)
    for code in codes:
        grammar = load_legal_grammar(code)
        plain = _count_headings(grammar, text, markdown=False)
        if plain >= 3 and plain > _count_headings(grammar, text, markdown=True):
            return True
    return False


def _count_headings(grammar: LegalGrammar, text: str, markdown: bool) -> int:
    if markdown:
        return sum(1 for match in _MARKDOWN_HEADING.finditer(text)
                   if grammar.provision_heading(match.group(1).strip(" \t#")))
    count = 0
    previous_blank = True
    for line in text.splitlines():
        stripped = line.strip()
        if previous_blank and stripped and grammar.provision_heading(stripped):
            count += 1
        previous_blank = not stripped
    return count
