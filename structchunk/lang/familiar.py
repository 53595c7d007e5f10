"""Regions that the document's own words already place: judged without the identifier.

The identifier is over 90% of what a judgement costs, and most regions of a document are in
its dominant language. That language is found first (`structchunk.lang.regions`, from the
openings of prose blocks spread over the document), and the words of the openings the
identifier is sure are in it make the document's vocabulary. A region of at least
`MIN_WORDS` words, of which at least `SHARE` are in that vocabulary, is in the dominant
language, and the identifier is not asked: function words make up much of any text, and a
text in another language (a German quote in an English page) shares almost none of them, so
it is still asked of the identifier and keeps its own label; nor is a text in another script
than the openings' (English link titles in a Hindi page). The vocabulary depends only on
the document, never on which regions were asked for first, so the answers stay a function
of the document.
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Set as AbstractSet
from dataclasses import dataclass

# What may cling to a word: punctuation of the scripts the identifier judges.
_CLINGING = "".join(chr(code) for code in range(0x21, 0x80) if not chr(code).isalnum()) + (
    "“”„‟‘’‚«»‹›—–…·।॥،؛؟۔。、，：；！？「」『』（）")
MIN_WORDS = 5
SHARE = 0.3


def words(text: str) -> list[str]:
    """The words of `text`, case folded: split at spaces, punctuation stripped from the ends
    (a pattern for letters and marks costs a fifth of what the identifier does)."""
    return [word for word in (token.strip(_CLINGING) for token in text.casefold().split())
            if word]


@dataclass(frozen=True, slots=True)
class Vocabulary:
    """The words of a document's openings in its dominant language."""

    language: str | None
    script: str | None  # of the openings: a text in another script is never placed
    known: AbstractSet[str]  # a set while the openings are read, then frozen

    @classmethod
    def of(cls, language: str | None, script: str | None, texts: Iterable[str]) -> Vocabulary:
        return cls(language, script, frozenset(word for text in texts for word in words(text)))

    def learn(self, text: str) -> None:
        """Add the words of `text` (to a vocabulary still being built)."""
        assert isinstance(self.known, set)
        self.known.update(words(text))

    def frozen(self) -> Vocabulary:
        return Vocabulary(self.language, self.script, frozenset(self.known))

    def place(self, sample: str, script: str) -> str | None:
        """The dominant language where `sample`'s words are mostly the document's own."""
        if self.language is None or script != self.script or not self.known:
            return None
        found = words(sample)
        if len(found) < MIN_WORDS:
            return None
        familiar = sum(map(self.known.__contains__, found))  # a C loop over the words
        return self.language if familiar >= SHARE * len(found) else None


NO_VOCABULARY = Vocabulary(None, None, frozenset())
