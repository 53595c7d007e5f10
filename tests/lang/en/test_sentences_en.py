"""English: abbreviations, initialisms, initials, numbers and enumerations."""

from __future__ import annotations

from functools import partial

import pytest

from tests.lang.support import sentences

split = partial(sentences, language="en")


@pytest.mark.parametrize("text", [
    "Mr. Smith met Dr. Jones and Prof. Brown at St. Mary's.",
    "I can see Mt. Fuji from here.",
    "They closed the deal with Pitt, Briggs & Co. at noon.",
    "I work for the U.S. Government in Virginia.",
    "I visited the U.S.A. last year.",
    "Please turn to p. 55 and see Fig. 3 on the way.",
    "I need you to find 3 items, e.g. a hat, a coat, and a bag.",
    "The game is the Giants vs. the Tigers tonight.",
    "He is no. 5, the shortstop.",
    "That is JFK Jr.'s book.",
    "She works at Yahoo! in the accounting department.",
    "CELLULAR COMMUNICATIONS INC. sold 1,550,000 common shares.",
    "I will be paid rs. 1000 in advance.",
    "He has Ph.D. level training.",
])
def test_abbreviations_do_not_end_sentences(text: str) -> None:
    assert split(text) == [text]


def test_abbreviations_and_initialisms_can_end_sentences() -> None:
    assert split("They closed the deal with Pitt, Briggs & Co. It closed yesterday.") == [
        "They closed the deal with Pitt, Briggs & Co.", "It closed yesterday."]
    assert split("I live in the U.S. How about you?") == ["I live in the U.S.",
                                                           "How about you?"]
    assert split("Let's ask Jane and co. They should know.") == [
        "Let's ask Jane and co.", "They should know."]


def test_numeric_abbreviations_are_words_without_a_number() -> None:
    assert split("I said no. Peter agreed.") == ["I said no.", "Peter agreed."]


def test_initials_and_the_pronoun_i() -> None:
    assert split("We make a good team, you and I. Did you see Albert I. Jones yesterday?") == [
        "We make a good team, you and I.", "Did you see Albert I. Jones yesterday?"]


def test_time_of_day_at_the_end_of_a_clause() -> None:
    assert split("He left at 6 P.M. Travelers who stayed left later.") == [
        "He left at 6 P.M.", "Travelers who stayed left later."]
    assert split("The meeting is at 9 a.m. Monday in room 4.") == [
        "The meeting is at 9 a.m. Monday in room 4."]


def test_numbers() -> None:
    assert split("She has $100.00. It is in her bag.") == ["She has $100.00.",
                                                            "It is in her bag."]
    assert split("I have 600. How many do you have?") == ["I have 600.",
                                                            "How many do you have?"]


def test_lowercase_sentence_starts_in_informal_text() -> None:
    assert split("yeah sounds good. want to go to dinner?") == [
        "yeah sounds good.", "want to go to dinner?"]
    assert split("This is e.g. an example. approx. five of them.") == [
        "This is e.g. an example.", "approx. five of them."]


def test_inline_enumerations() -> None:
    assert split("1.) The first item 2.) The second item") == [
        "1.) The first item", "2.) The second item"]
    assert split("a. The first item b. The second item c. The third list item") == [
        "a. The first item", "b. The second item", "c. The third list item"]
    assert split("A. Smith and B. Jones came.") == ["A. Smith and B. Jones came."]


def test_footnote_marks_stay_with_their_sentence() -> None:
    assert split("He was a martyr.[1] The emperor Decius published a decree.") == [
        "He was a martyr.[1]", "The emperor Decius published a decree."]
    assert split("It creates a gap in a consultation.11 12 Take the common cold.") == [
        "It creates a gap in a consultation.11 12", "Take the common cold."]


def test_single_quotations_are_kept_whole() -> None:
    text = ("'Well!' thought Alice, 'after such a fall as this, I shall think nothing of "
            "tumbling down stairs! How brave they'll all think me at home!' She went on.")
    assert split(text) == [text[:text.index(" She")], "She went on."]


def test_apostrophes_are_not_quotations() -> None:
    assert split("I wrote this in the 'nineties.  It has four sentences.") == [
        "I wrote this in the 'nineties.", "It has four sentences."]
