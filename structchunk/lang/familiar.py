"""Regions that the document's own words already place: judged without the identifier.

The identifier is most of what a judgement costs, and most regions of a document are in its
dominant language. That language is found first (`structchunk.lang.regions`, from the
openings of prose blocks spread over the document), and the words of the openings whose
best guess is that language make the document's vocabulary. A region is then sorted before
anything else is done with it:

- one of at least `MIN_WORDS` words, at least `SHARE` of them in the vocabulary, is in the
  dominant language: function words make up much of any text, and a text in another
  language (a German quote in an English page) shares almost none of them, so it is still
  asked of the identifier and keeps its own label;
- one of fewer words in the vocabulary's script is too short to tell a language from its
  neighbours (the identifier is rarely sure of three words, and then the language around
  wins anyway): it takes the language of what encloses it, as a text too short to judge does;
- any other (more words, mostly unfamiliar; another script, such as English link titles in a
  Hindi page) is judged as before.

Scripts that put no space between words (Han, kana, Thai) make no words to count, and their
characters do not tell the languages written in them apart (Japanese kanji are Chinese
characters). Where the openings are in such a script, a region whose letters beyond ASCII
are all of it takes the dominant language (Chinese text in a Chinese page), and any other is
judged (Japanese, whose kana are scripts of their own).

The vocabulary depends only on the document, never on which regions were asked for first,
so the answers stay a function of the document.
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Set as AbstractSet
from dataclasses import dataclass

from structchunk.lang.detect import UNJUDGED, Verdict
from structchunk.lang.scripts import letters_beyond

# What may cling to a word: punctuation of the scripts the identifier judges.
_CLINGING = "".join(chr(code) for code in range(0x21, 0x80) if not chr(code).isalnum()) + (
    "“”„‟‘’‚«»‹›—–…·।॥،؛؟۔。、，：；！？「」『』（）")
MIN_WORDS = 5
SHARE = 0.2
# Openings whose words are this long on average are in a script without spaces between words.
SPACED_WORD = 12


def words(text: str) -> list[str]:
    """The words of `text`, case folded: split at spaces, punctuation stripped from the ends
    (a pattern for letters and marks costs a fifth of what the identifier does; one that
    splits at every punctuation mark cuts a URL into many words the vocabulary lacks)."""
    return [word for word in (token.strip(_CLINGING) for token in text.casefold().split())
            if word]


@dataclass(frozen=True, slots=True)
class Vocabulary:
    """The words of a document's openings in its dominant language."""

    language: str | None
    script: str | None  # of the openings: a text in another script is never placed
    known: AbstractSet[str]  # a set while the openings are read, then frozen
    spaced: bool = True  # whether the script puts spaces between words (see the module doc)

    @classmethod
    def of(cls, language: str | None, script: str | None, texts: Iterable[str]) -> Vocabulary:
        return cls(language, script, frozenset(word for text in texts for word in words(text)))

    def learn(self, text: str) -> None:
        """Add the words of `text` (to a vocabulary still being built)."""
        self.learn_words(words(text))

    def learn_words(self, found: list[str]) -> None:
        """Add words already split (to a vocabulary still being built)."""
        assert isinstance(self.known, set)
        self.known.update(found)

    def frozen(self) -> Vocabulary:
        return Vocabulary(self.language, self.script, frozenset(self.known))

    @classmethod
    def of_blocks(cls, language: str, script: str | None, texts: list[str],
                  split: list[list[str]] | None = None) -> Vocabulary:
        """The vocabulary of blocks in `language`: their words (`split`, where already
        split), where their script puts spaces between words."""
        tokens = sum(len(text.split()) for text in texts)
        spaced = not tokens or sum(map(len, texts)) <= SPACED_WORD * tokens
        if not spaced:
            return cls(language, script, frozenset(), spaced)
        found = split if split is not None else [words(text) for text in texts]
        return cls(language, script, frozenset(word for each in found for word in each), spaced)

    def place(self, sample: str, script: str) -> str | None:
        """The dominant language where `sample`'s words are mostly the document's own."""
        if self.language is None or script != self.script or not self.known:
            return None
        found = words(sample)
        if len(found) < MIN_WORDS:
            return None
        familiar = sum(map(self.known.__contains__, found))  # a C loop over the words
        return self.language if familiar >= SHARE * len(found) else None

    def sort(self, sample: str, script: str | None) -> Verdict | None:
        """The verdict on a region's `sample` (of `script`) the vocabulary gives without the
        identifier (see the module doc): the dominant language, `UNJUDGED` for a few words
        the language around decides, or None where the text must be judged."""
        if self.language is None or script != self.script or script is None:
            return None
        if not self.spaced:
            return None if letters_beyond(script).search(sample) else Verdict(self.language)
        found = words(sample)
        if not self.known:
            return None
        if len(found) < MIN_WORDS:
            return UNJUDGED
        familiar = sum(map(self.known.__contains__, found))
        return Verdict(self.language) if familiar >= SHARE * len(found) else None


NO_VOCABULARY = Vocabulary(None, None, frozenset())
