"""What the word before a terminator is, judged from the word alone: the plain-word case.

The scanner reports the common "word. Next" as `plain` (`scanner.PLAIN`), and the segmenter
decides it from a per-word table (`WordKinds._plain_cut`) instead of the full analysis. Both
that table and the full decision (`TerminatorRules._full_stop`) read the word's kind from
`WordKinds._word_kind`, one description of what an ordinary word is, so the two paths cannot
disagree about which words are abbreviations, initials or enumeration markers.
"""

from __future__ import annotations

import regex

from structchunk.lang.grammars import SentenceGrammar
from structchunk.lang.markers import MARKER, ROMAN_ONLY

_NO_SHAPE: frozenset[str] = frozenset()
_CAPITAL = frozenset({"upper"})
_UPPER = frozenset({"upper", "uncased"})
_CASED = _UPPER | {"lower"}
# `_plain_cut` of a word that never ends a sentence (no shape is called "never")
NEVER = frozenset({"never"})
_SINGLE_LETTER = regex.compile(r"\p{L}\p{M}*")


def lowercase_may_follow(run: str, core: str) -> bool:
    """The part of `TerminatorRules._lowercase_start` the word and its terminator decide:
    a full stop or a question mark right after a word of two or more letters."""
    return run in (".", "?") and len(core) > 1 and core.isalpha()


def is_initial(core: str) -> bool:
    """Whether a word before a full stop is an initial ("E." of "Jonas E. Smith"): one letter
    with its marks. `_terminator` and the plain-word path (`_plain_cut`) both ask this."""
    return len(core) <= 4 and _SINGLE_LETTER.fullmatch(core) is not None


# What joins a word to the abbreviation it ends in: "Tuesday.Mr.", "Zimmermann-Str.",
# "km/h.", and the elided article or preposition of Italian and French ("l'Avv.", "dall'art.").
ELISIONS = ("'", "\u2019")
WORD_SEPARATORS = (".", "-", "/", *ELISIONS)

# `WordKinds._plain_cut`: the shapes before which a word cuts without and with closing
# quotes or brackets, whether it is the last word of an abbreviation, and whether a capital
# after it always cuts.
PlainCut = tuple[frozenset[str], frozenset[str], bool, bool]

# What the word before a terminator is, judged from the word and the terminator alone
# (`WordKinds._word_kind`). The plain-word path (`_plain_cut`) and the full decision
# (`_full_stop`) both read it, so they cannot tell an ordinary word from an abbreviation
# differently.
WORD = "word"  # an ordinary word: only the next word's first letter decides
TAIL = "tail"  # ... that is also the last word of a longer abbreviation ("al." of "et al.")
PREFIX = "prefix"  # a title or other prefix abbreviation: the sentence goes on ("Mr.")
LOWER_INITIAL = "lower initial"  # a lowercase letter with marks: only a capital is sure
CONTEXT = "context"  # the text around it decides: abbreviations, markers, initials, rules


class WordKinds:
    """The kind of a word before a terminator, and the plain-word table read from it."""

    grammar: SentenceGrammar
    _any_token: regex.Pattern[str] | None
    _strip: frozenset[str]
    _closers: frozenset[str]
    _upper_skip: bool
    _lowercase_continues: bool
    _abbreviation_tails: frozenset[str]
    _abbreviation_heads: dict[str, tuple[str, ...]]
    _plain_cuts: dict[str, PlainCut]
    _word_kinds: dict[str, str]

    def _word_kind(self, word: str) -> str:
        """What `word` (its last character the terminator) is, from the word alone: one of
        `WORD`, `TAIL`, `PREFIX`, `LOWER_INITIAL`, `CONTEXT`. Remembered per word."""
        kinds = self._word_kinds
        kind = kinds.get(word)
        if kind is not None:
            return kind
        if len(kinds) > 65536:
            kinds.clear()
        core, terminator = word[:-1], word[-1]
        key = core + "."
        lookup = self.grammar.abbreviations
        if len(core) < 2 or any(char in self._strip or char in self._closers for char in core) \
                or (self._any_token is not None and self._any_token.fullmatch(core)):
            kind = CONTEXT  # a rule's word, or quotes and brackets around it
        elif terminator != ".":
            kind = WORD  # no abbreviation, initial or marker ends in "?" or "!"
        elif any(separator in core[:-1] for separator in WORD_SEPARATORS):
            kind = CONTEXT  # an abbreviation may end it ("Zimmermann-Str.", "l'Avv.")
        elif MARKER.fullmatch(core) is None and key not in lookup and not is_initial(core) \
                and key not in self._abbreviation_heads:
            kind = TAIL if key in self._abbreviation_tails else WORD
        elif core.isalpha() and core.islower() and not ROMAN_ONLY.issuperset(core) \
                and key not in lookup and key not in self._abbreviation_tails \
                and key not in self._abbreviation_heads:
            kind = LOWER_INITIAL
        elif MARKER.fullmatch(core) is None and lookup.get(key) == "prefix":
            kind = PREFIX
        else:
            kind = CONTEXT
        kinds[word] = kind
        return kind

    def _plain_cut(self, word: str) -> PlainCut:
        """The shapes of the next word's first letter (`char_shape`) before which `_terminator`
        cuts after `word` (its last character is the terminator), without and with closing
        quotes or brackets after the terminator (the latter also with opening quotes,
        brackets or dashes before the next word), in the context `PLAIN` matches: whitespace
        (not after a full stop) or the start before the word, one space and a letter after it.
        Read from the word's kind (`_word_kind`), as `_full_stop` reads it; remembered per
        word, so the common case costs a dictionary look-up.

        The third value: whether the word is the last word of an abbreviation ("al." of "et
        al."); the shapes then hold only when the words before it make no abbreviation with it
        (`_abbreviation_of`). The fourth: whether a capital right after the space cuts in every
        case (both shapes hold it and the word is no such last word): the common boundary,
        checked first.
        """
        cuts = self._plain_cuts
        if len(cuts) > 65536:
            cuts.clear()
        kind = self._word_kind(word)
        shapes = closed = _NO_SHAPE
        if kind in (WORD, TAIL):
            # a lowercase word goes on the sentence after "!", after a closing quote or
            # bracket and after a number (`_lowercase_start`)
            lowercase = not self._lowercase_continues and lowercase_may_follow(word[-1], word[:-1])
            shapes = _CASED if lowercase else _UPPER
            closed = _UPPER
        elif kind == LOWER_INITIAL:
            shapes = _CAPITAL
        elif kind == PREFIX:
            shapes = closed = NEVER  # a title ("Mr."): `_terminator` goes on
        tail = kind == TAIL
        capital = "upper" in shapes and "upper" in closed and not tail and not self._upper_skip
        entry = cuts[word] = (shapes, closed, tail, capital)
        return entry
