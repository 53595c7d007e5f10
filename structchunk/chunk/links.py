"""Definition links of a statute: what a chunk cites and which defined terms it uses.

The § 623 chunk says "Schriftform"; what the word means is § 126. A chunk's `references`
name the cited provisions; `referenced` gives each with its title ("§ 126 Schriftform"),
and `uses` maps each defined term the chunk's text uses to the provision that defines it.
A term is defined by a provision whose text defines it (`defines`, from the jurisdiction's
`[definition]` pattern) or whose title is that one word and which the rest of the law
names rarely enough to be a term, not a common word. This is metadata for filters and for
expanding a retrieved chunk, never embedded text.
"""

from __future__ import annotations

from typing import Any

import regex

from structchunk.tree import Document, carried_meta

# A one-word title used in more provisions' worth of text than this is a common word.
_MAX_TITLE_USES = 25
_WORD = regex.compile(r"\p{L}+")


class DefinitionLinks:
    """The provisions of one document by number, and its defined terms."""

    def __init__(self, document: Document) -> None:
        self.titles: dict[str, str] = {}
        self.defined: dict[str, str] = {}
        candidates: dict[str, str] = {}
        stack = [document.root]
        while stack:  # every node, in document order (the first title of a number wins)
            node = stack.pop()
            stack.extend(reversed(node.children))
            meta = carried_meta(node)
            if not meta:
                continue
            section, title = meta.get("section"), meta.get("title")
            if not isinstance(section, str) or not isinstance(title, str):
                continue
            self.titles.setdefault(section, title)
            for term in meta.get("defines", ()):
                self.defined.setdefault(term, section)
            if _WORD.fullmatch(title):
                candidates.setdefault(title, section)
        if candidates:
            counts: dict[str, int] = {}
            for word in _WORD.findall(document.text):
                if word in candidates:
                    counts[word] = counts.get(word, 0) + 1
            for term, section in candidates.items():
                if counts.get(term, 0) <= _MAX_TITLE_USES:
                    self.defined.setdefault(term, section)
        terms = sorted(self.defined, key=len, reverse=True)
        self._terms = regex.compile(r"\b(?:" + "|".join(map(regex.escape, terms)) + r")\b",
                                    regex.IGNORECASE) if terms else None
        self._cased = {term.lower(): term for term in terms}

    def __bool__(self) -> bool:
        return bool(self.titles)

    def annotate(self, metadata: dict[str, Any], content: str) -> None:
        """Add `referenced` and `uses` to a chunk's metadata."""
        references = metadata.get("references")
        if isinstance(references, list):
            referenced = [f"{reference} {self.titles[reference]}" for reference in references
                          if reference in self.titles]
            if referenced:
                metadata["referenced"] = referenced
        if self._terms is None:
            return
        own = metadata.get("section")
        own_sections = set(own) if isinstance(own, list) else {own}
        uses: dict[str, str] = {}
        for match in self._terms.finditer(content):
            term = self._cased[match.group(0).lower()]
            section = self.defined[term]
            if section not in own_sections and term not in uses:
                uses[term] = f"{section} {self.titles[section]}"
        if uses:
            metadata["uses"] = uses


__all__ = ["DefinitionLinks"]
