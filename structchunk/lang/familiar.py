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
characters). Where the openings are in such scripts, a region whose letters beyond ASCII are
all of the scripts the openings are written in takes the dominant language (Chinese text in
a Chinese page; kanji and kana in a Japanese one), and any other is judged (Japanese, whose
kana are scripts of their own, in a Chinese page).

The vocabulary depends only on the document, never on which regions were asked for first,
so the answers stay a function of the document.
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from itertools import chain

from structchunk.lang.detect import UNJUDGED, Verdict, named_verdict
from structchunk.lang.scripts import letters_beyond, scripts_in

# What may cling to a word: punctuation of the scripts the identifier judges.
_CLINGING = "".join(chr(code) for code in range(0x21, 0x80) if not chr(code).isalnum()) + (
    "“”„‟‘’‚«»‹›—–…·।॥،؛؟۔。、，：；！？「」『』（）")
MIN_WORDS = 5
SHARE = 0.2
# Openings whose words are this long on average are in a script without spaces between words.
SPACED_WORD = 12
# Of the letters beyond ASCII of such openings, for a script to be one they are written in.
SCRIPT_SHARE = 0.1


def words(text: str) -> list[str]:
    """The words of `text`, case folded: split at spaces, punctuation stripped from the ends
    (a pattern for letters and marks costs a fifth of what the identifier does; one that
    splits at every punctuation mark cuts a URL into many words the vocabulary lacks)."""
    return stripped(text.casefold().split())


def stripped(tokens: list[str]) -> list[str]:
    """`tokens` (case folded) with the punctuation clinging to them removed, empty ones
    dropped: `words` of text already folded and split. A token of letters alone has none to
    strip, and `str.isalpha` is cheaper than a strip, which reads the whole set of
    punctuation marks at every call (a third less time on corpus/docs' samples)."""
    found: list[str] = []
    for token in tokens:
        if not token.isalpha():
            token = token.strip(_CLINGING)
            if not token:
                continue
        found.append(token)
    return found


@dataclass(frozen=True, slots=True)
class Vocabulary:
    """The words of a document's openings in its dominant language."""

    language: str | None
    script: str | None  # of the openings: a text in another script is never placed
    known: AbstractSet[str]  # a set while the openings are read, then frozen
    spaced: bool = True  # whether the script puts spaces between words (see the module doc)
    # where it does not: every script the openings are written in (see the module doc)
    scripts: tuple[str, ...] = ()

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
        return Vocabulary(self.language, self.script, frozenset(self.known), self.spaced,
                          self.scripts)

    @classmethod
    def building(cls, language: str, script: str | None) -> Vocabulary:
        """An empty vocabulary to `learn` into."""
        return cls(language, script, set())

    @classmethod
    def of_blocks(cls, language: str, script: str | None, texts: list[str],
                  split: list[list[str]] | None = None,
                  candidates: tuple[str, ...] = ()) -> Vocabulary:
        """The vocabulary of blocks in `language`: their words (`split`, where already
        split), where their script puts spaces between words; where it does not, those of
        the `candidates` scripts that the blocks are written in (at least `SCRIPT_SHARE` of
        their letters beyond ASCII). The words tell the script's way too: runs of letters
        `SPACED_WORD` long or longer on average are sentences without spaces."""
        found = split if split is not None else [words(text) for text in texts]
        tokens = sum(map(len, found))
        spaced = not tokens or sum(map(len, texts)) <= SPACED_WORD * tokens
        if not spaced:
            scripts = scripts_in("\n".join(texts), candidates, SCRIPT_SHARE)
            if script is not None and script not in scripts:
                scripts = (script, *scripts)
            return cls(language, script, frozenset(), spaced, scripts)
        return cls(language, script, frozenset(chain.from_iterable(found)), spaced)

    def writes(self, script: str | None) -> bool:
        """Whether the vocabulary's openings are written in `script` (it has a language)."""
        if self.language is None or script is None:
            return False
        return script in self.scripts if not self.spaced else script == self.script

    def familiar(self, found: list[str]) -> bool:
        """Whether at least `SHARE` of the words `found` (at least one) are in the
        vocabulary."""
        return sum(map(self.known.__contains__, found)) >= SHARE * len(found)  # a C loop

    def place(self, sample: str, script: str | None) -> str | None:
        """The dominant language where `sample`'s words are mostly the document's own."""
        return self.place_words(words(sample), script)

    def place_words(self, found: list[str], script: str | None) -> str | None:
        """`place` of a text already split into words (`found`)."""
        if self.language is None or script != self.script or not self.known:
            return None
        if len(found) < MIN_WORDS:
            return None
        return self.language if self.familiar(found) else None

    def sort(self, sample: str, script: str | None) -> Verdict | None:
        """The verdict on a region's `sample` (of `script`) the vocabulary gives without the
        identifier (see the module doc): the dominant language, `UNJUDGED` for a few words
        the language around decides, or None where the text must be judged."""
        if self.language is None or script is None:
            return None
        if not self.spaced:
            if script not in self.scripts or letters_beyond(*self.scripts).search(sample):
                return None
            return named_verdict(self.language)
        if script != self.script or not self.known:
            return None
        # Most regions are decided on the tokens as split, before any case is folded or
        # punctuation stripped (each as dear as the split): a token the vocabulary holds is
        # already a word (its words are folded and stripped, and folding a folded word
        # changes nothing), and folding and stripping only add words found and drop empty
        # tokens, so enough hits among the tokens are enough among the words. Too few
        # tokens are too few words.
        tokens = sample.split()
        if len(tokens) < MIN_WORDS:
            return UNJUDGED
        known = self.known
        hits = sum(map(known.__contains__, tokens))
        if hits >= MIN_WORDS and hits >= SHARE * len(tokens):
            return named_verdict(self.language)
        tokens = sample.casefold().split()
        hits = sum(map(known.__contains__, tokens))
        if hits >= MIN_WORDS and hits >= SHARE * len(tokens):
            return named_verdict(self.language)
        found = stripped(tokens)
        if len(found) < MIN_WORDS:
            return UNJUDGED
        return named_verdict(self.language) if self.familiar(found) else None


NO_VOCABULARY = Vocabulary(None, None, frozenset())
