"""One sentence per branch of the segmenter's decisions, with the exact boundaries expected.

The gold files test the segmenter on real text, where most branches are reached by few
sentences or none; the shortcuts test holds the fast paths to the full analysis, which cannot
see a change that breaks both alike. Each case here is built for one decision: a line broken on
purpose, an initial or the pronoun "I", an enumeration counted in Roman numerals, a dash or an
ellipsis before the next sentence, a label after a numeric abbreviation, a quotation that opens
at the start of the text or right after a colon, and a quotation that never closes.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from structchunk.lang.grammars import load_sentence_grammar
from structchunk.lang.segmenter import RuleSegmenter
from structchunk.lang.sentences import rule_segmenter
from tests.lang.test_grammars import grammar_folder


def sentences(text: str, language: str, fast: bool = True) -> list[str]:
    """The sentences of `text` by a segmenter built for this call: what the segmenter
    compiles from its grammar is exercised by every case, not only by the first one.
    `fast=False` leaves out the shortcuts, so the full analysis decides every candidate."""
    segmenter = RuleSegmenter(load_sentence_grammar(language), fast=fast)
    return [text[start:end] for start, end in segmenter(text)]


CASES = [
    # --- line breaks (`_short_line`, `_line_break`) ---
    # a short line in a block of long lines was ended on purpose; the block of short lines
    # before it (two words on each line, none of four letters) is one piece
    ("en", "Red Car\nBlue Car\n\nShopping list\nEggs and milk and a lot of other things for "
           "the week ahead.",
     ["Red Car\nBlue Car", "Shopping list",
      "Eggs and milk and a lot of other things for the week ahead."]),
    # ... unless it ends in a short lowercase word: a sentence broken off
    ("en", "Bread and the\nMilk is on the table and many more things we need today for dinner.",
     ["Bread and the\nMilk is on the table and many more things we need today for dinner."]),
    ("en", "Bread and then\nMilk is on the table and many more things we need today for dinner.",
     ["Bread and then", "Milk is on the table and many more things we need today for dinner."]),
    # ... measured against its own block, not the wide lines of the blocks before it
    ("en", "A long first paragraph of running text, wider than any line of the next one.\n\n"
           "The quick brown fox jumps over\nThe lazy dog sleeps.",
     ["A long first paragraph of running text, wider than any line of the next one.",
      "The quick brown fox jumps over\nThe lazy dog sleeps."]),
    # --- initials and the pronoun I (`_terminator`, `_previous_word_lower`) ---
    ("en", "When he walked in, I. Smith stood up.", ["When he walked in, I. Smith stood up."]),
    ("en", "It was you and I. Then we left.", ["It was you and I.", "Then we left."]),
    # an initial is one letter with up to three combining marks (decomposed diacritics)
    ("en", "The letter came from A\u0301\u0300\u0302. Smith last week.",
     ["The letter came from A\u0301\u0300\u0302. Smith last week."]),
    ("en", "It was you and I. then we left.", ["It was you and I. then we left."]),
    ("en", "We chose plan b. Then we left.", ["We chose plan b. Then we left."]),
    # --- a compound is looked up after its last period, hyphen or slash only (`_abbreviation`)
    ("en", "She met Zimmermann-Dr. Smith there.", ["She met Zimmermann-Dr. Smith there."]),
    ("en", "The station is called RADIOXDr. Then the music starts.",
     ["The station is called RADIOXDr.", "Then the music starts."]),
    # --- letters are not terminators (`_char_class`) ---
    ("en", "The TAX Office opened. It was late.", ["The TAX Office opened.", "It was late."]),
    # --- enumerations counted in Roman numerals (`roman`, `_marker`, `_paren`) ---
    ("en", "(i) one (ii) two (iii) three (iv) four (v) five (vi) six (vii) seven (viii) eight "
           "(ix) nine (x) ten",
     ["(i) one", "(ii) two", "(iii) three", "(iv) four", "(v) five", "(vi) six", "(vii) seven",
      "(viii) eight", "(ix) nine", "(x) ten"]),
    ("en", "I. Intro II. Methods III. Results IV. Discussion V. End",
     ["I. Intro", "II. Methods", "III. Results", "IV. Discussion", "V. End"]),
    # a label ".)" that counts nothing goes on with the sentence
    ("en", "Do this: 1.) Read it 2.) Sign it.", ["Do this: 1.) Read it 2.) Sign it."]),
    # --- a label after a numeric abbreviation (`is_item_label`) ---
    ("en", "See Art. B of the treaty.", ["See Art. B of the treaty."]),
    ("de", "Siehe Nr. III der Anlage.", ["Siehe Nr. III der Anlage."]),
    # --- abbreviations at the very start of a text (`_plain_cut`, `_abbreviation`) ---
    ("en", "etc. Smith agrees. Then he left.", ["etc. Smith agrees.", "Then he left."]),
    ("de", "z. Zt. Müller ist da. Dann ging er.", ["z. Zt. Müller ist da.", "Dann ging er."]),
    ("de", "z. Zt. Die Lage ist gut.", ["z. Zt. Die Lage ist gut."]),  # a prefix, not "Zt."
    # the last word of an abbreviation whose first word has no period: "et al." is general,
    # and only a typical first word opens a sentence after it, on the fast path as well
    ("en", "Smith et al. Jones agree on it. Then they left.",
     ["Smith et al. Jones agree on it.", "Then they left."]),
    ("en", "See Smith et al. The results hold.", ["See Smith et al.", "The results hold."]),
    # ... and spaced abbreviations broken across a line in hard-wrapped text
    ("en", "Smith et\nal. Jones agree on it. Then they left.",
     ["Smith et\nal. Jones agree on it.", "Then they left."]),
    ("de", "Es ist z.\nZt. Die Lage ist gut.", ["Es ist z.\nZt. Die Lage ist gut."]),
    ("de", "Es ist z.\r\nZt. Die Lage ist gut.", ["Es ist z.\r\nZt. Die Lage ist gut."]),
    ("de", "Es ist z.\n\nZt. Die Lage ist gut.", ["Es ist z.", "Zt.", "Die Lage ist gut."]),
    # an abbreviation after an opening bracket or quote, or after a bullet
    ("en", "She met him (Dr. Smith was late). It ran long.",
     ["She met him (Dr. Smith was late).", "It ran long."]),
    ("en", "She met “Dr. Smith” there. It ran long.",
     ["She met “Dr. Smith” there.", "It ran long."]),
    ("en", "Guests: •Dr. Smith •Mr. Jones", ["Guests:", "•Dr. Smith", "•Mr. Jones"]),
    # --- what may stand before the next sentence's first letter (`_candidate`) ---
    ("en", "He left. — Then she came.", ["He left.", "— Then she came."]),
    ("en", "He left. -- Then she came.", ["He left.", "-- Then she came."]),
    ("de", "Die Frist läuft ab. § 5 gilt.", ["Die Frist läuft ab. § 5 gilt."]),
    # --- terminators outside ASCII (the scanner for the ones a text holds) ---
    ("en", "He waited… Then he left.", ["He waited…", "Then he left."]),
    ("hi", "वह आया। फिर गया॥ ठीक है।", ["वह आया।", "फिर गया॥", "ठीक है।"]),
    # --- spaced ellipses (`_ellipsis`) ---
    ("en", "He paused . . . Then he went on.", ["He paused . . . Then he went on."]),
    ("en", "He paused . . . and went on.", ["He paused . . . and went on."]),
    ("en", "He paused . . . . Then he went on.", ["He paused . . . .", "Then he went on."]),
    ("en", "He paused . . . . and went on.", ["He paused . . . . and went on."]),
    ("en", "He paused. . . . Then he went on.", ["He paused.", ". . . Then he went on."]),
    # --- quotations (`Quotations`) ---
    ("en", "“Oh dear! Oh dear! I shall be too late!” But nobody came.",
     ["“Oh dear! Oh dear! I shall be too late!”", "But nobody came."]),
    ("en", 'He wrote:"Stop. Go now." Then he left.', ['He wrote:"Stop. Go now."', "Then he left."]),
    ("de", "Er rief „Geh.“„Nein.“ Dann ging er.", ["Er rief „Geh.“", "„Nein.“", "Dann ging er."]),
    ("de", "Er rief „Geh.“Xaver kam nicht. Dann ging er.",
     ["Er rief „Geh.“Xaver kam nicht.", "Dann ging er."]),
]


@pytest.mark.parametrize(("language", "text", "expected"), CASES)
def test_each_branch_cuts_exactly_where_expected(language: str, text: str,
                                                 expected: list[str]) -> None:
    assert sentences(text, language) == expected
    # the full analysis, which a shortcut may pass over, cuts there too
    assert sentences(text, language, fast=False) == expected


@pytest.mark.parametrize(("language", "text", "expected"),
                         [case for case in CASES if "\n" in case[1] and "\r" not in case[1]])
@pytest.mark.parametrize("newline", ["\r\n", "\r"])
def test_line_breaks_of_every_convention_cut_alike(language: str, text: str,
                                                   expected: list[str], newline: str) -> None:
    # a CR LF is one line break, never a blank line
    assert sentences(text.replace("\n", newline), language) == [
        sentence.replace("\n", newline) for sentence in expected]


@pytest.mark.parametrize("opening", ['"', 'He said "', "“"])
def test_a_quotation_that_never_closes_does_not_hold_the_text_together(opening: str) -> None:
    # the cut comes more than QUOTE_LIMIT characters after the opening quote
    words = "la " * 250
    text = f"{opening}{words}end. Then more."
    assert sentences(text, "en") == [f"{opening}{words}end.", "Then more."]


def test_trailing_whitespace_after_the_last_sentence_makes_no_boundary() -> None:
    segmenter = rule_segmenter("en")
    assert segmenter.boundaries("One. Two.   ") == [4]
    assert segmenter("One. Two.\n\n ") == [(0, 4), (5, 9)]
    # blank lines after the last sentence: no sentence begins after them
    assert segmenter.boundaries("One. Two.\n\n  \n") == [4]
    assert segmenter.boundaries("Just one.\n\n") == []
    assert segmenter.boundaries("One. Two.\n\nThree") == [4, 9]
    assert segmenter.boundaries("One.\n\nTwo.\n\n") == [4]


def test_a_spaced_abbreviation_is_joined_over_a_last_word_of_any_length(tmp_path: Path) -> None:
    # the shipped spaced abbreviations end in words of one or two letters ("z. B.", "z. Zt.");
    # a grammar may list longer ones
    folder = grammar_folder(tmp_path, '[grammar]\nname = "xx"\ninherits = ["base"]\n'
                            '[abbreviations]\nprefix = ["i. Allg.", "s. Anm."]\n')
    segmenter = RuleSegmenter(load_sentence_grammar("xx", folders=[folder]))
    for text in ("Das gilt i. Allg. Mehr nicht.", "i. Allg. Mehr nicht.",
                 "Das gilt (s. Anm. Drei hier)."):
        assert segmenter(text) == [(0, len(text))]
    text = "Das gilt. Allg. Mehr nicht."  # the word alone is no abbreviation
    assert [text[start:end] for start, end in segmenter(text)] == [
        "Das gilt.", "Allg.", "Mehr nicht."]
