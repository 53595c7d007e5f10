"""English: bracketed citations after a full stop stay with the sentence they cite for, and
"et al." is an abbreviation. Sentences written for this file."""

from __future__ import annotations

from tests.lang.support import sentences


def test_citation_after_a_space_belongs_to_the_sentence_before() -> None:
    text = "Bees navigate by the sun. [7] Later studies confirmed this. [8 - 9] More work is due."
    assert sentences(text, "en") == ["Bees navigate by the sun. [7]",
                                     "Later studies confirmed this. [8 - 9]",
                                     "More work is due."]


def test_citation_before_a_line_break() -> None:
    text = "Owls hunt at night. [12]\nThey rest by day."
    assert sentences(text, "en")[0] == "Owls hunt at night. [12]"


def test_et_al_is_an_abbreviation() -> None:
    text = "As shown by Moreno et al. [3], the effect fades. The rest is noise."
    assert sentences(text, "en") == ["As shown by Moreno et al. [3], the effect fades.",
                                     "The rest is noise."]
    text = "This was found by Okafor et al. 2019 in a field study."
    assert sentences(text, "en") == [text]
