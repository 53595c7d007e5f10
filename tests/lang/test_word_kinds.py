"""One description of the plain-word case: the kind of the word before a terminator.

The plain-word table of the scanner's common case (`_plain_cut`) and the full decision at a
full stop (`_full_stop`) both read `_word_kind`, so they cannot tell an ordinary word from an
abbreviation differently. The property test in `test_segmenter_shortcuts.py` compares the two
paths on generated texts; these tests pin the description itself, and show that changing it
changes both paths at once.
"""

from __future__ import annotations

import pytest

from structchunk.lang.grammars import load_sentence_grammar
from structchunk.lang.segmenter import RuleSegmenter
from structchunk.lang.word_kinds import CONTEXT, PREFIX, TAIL, WORD


@pytest.mark.parametrize(("language", "word", "kind"), [
    ("en", "rained.", WORD),
    ("en", "rained?", WORD),
    ("en", "Mr.", PREFIX),  # a title
    ("en", "al.", TAIL),  # the last word of "et al."
    ("en", "No.", CONTEXT),  # a numeric abbreviation: the next word decides
    ("en", "E.", CONTEXT),  # an initial
    ("en", "12.", CONTEXT),  # an enumeration marker or a number
    ("en", "iv.", CONTEXT),  # a Roman numeral
    ("en", "P.M.", CONTEXT),  # a word with a period inside
    ("de", "Zimmermann-Str.", CONTEXT),  # an abbreviation after a hyphen
    ("de", "Jh.", CONTEXT),  # an abbreviation a rule names after an ordinal
    ("es", "EE.", CONTEXT),  # the first word of "EE. UU."
    ("es", "UU.", TAIL),
    ("is", "forseti.", CONTEXT),  # a word a data rule names
])
def test_the_kind_of_a_word(language: str, word: str, kind: str) -> None:
    segmenter = RuleSegmenter(load_sentence_grammar(language))
    assert segmenter._word_kind(word) == kind


@pytest.mark.parametrize("fast", [True, False])
def test_both_paths_read_the_one_description(fast: bool) -> None:
    # A segmenter told that "rained." is a title keeps the sentence after it whole, on the
    # plain path (the scanner's common case) and in the full analysis alike.
    text = "It rained. Then the sun came out. It rained. (Then it stopped.)"
    plain = RuleSegmenter(load_sentence_grammar("en"), fast=fast)
    assert len(plain(text)) == 4

    class RainIsATitle(RuleSegmenter):
        def _word_kind(self, word: str) -> str:
            return PREFIX if word == "rained." else super()._word_kind(word)

    changed = RainIsATitle(load_sentence_grammar("en"), fast=fast)
    assert [text[start:end] for start, end in changed(text)] == [
        "It rained. Then the sun came out.", "It rained. (Then it stopped.)"]


def test_a_plain_word_is_decided_by_the_next_letter_alone() -> None:
    segmenter = RuleSegmenter(load_sentence_grammar("en"))
    shapes, closed, tail, capital = segmenter._plain_cut("rained.")
    assert {"upper", "lower"} <= shapes and "upper" in closed and not tail and capital
    assert segmenter._plain_cut("Mr.")[0] == segmenter._plain_cut("Mr.")[1] == {"never"}
    assert segmenter._plain_cut("al.")[2]  # the words before it decide
    assert segmenter._plain_cut("No.")[:2] == (frozenset(), frozenset())  # the full analysis
