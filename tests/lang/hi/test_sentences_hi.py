"""Hindi: the danda and double danda, Devanagari digits, English terms in Hindi text."""

from __future__ import annotations

from functools import partial

from tests.lang.support import sentences

split = partial(sentences, language="hi")


def test_danda_ends_sentences() -> None:
    assert split("सच्चाई यह है कि इसे कोई नहीं जानता। हो सकता है यह कोई विद्रोह रहा हो।") == [
        "सच्चाई यह है कि इसे कोई नहीं जानता।", "हो सकता है यह कोई विद्रोह रहा हो।"]


def test_danda_glued_to_the_next_word_still_ends_the_sentence() -> None:
    assert split("यह पहला वाक्य है।यह दूसरा वाक्य है।") == ["यह पहला वाक्य है।",
                                                       "यह दूसरा वाक्य है।"]


def test_hindi_without_full_stops_is_not_one_huge_sentence() -> None:
    sentences = [f"यह वाक्य संख्या {number} है।" for number in range(50)]
    assert split(" ".join(sentences)) == sentences
    assert split("".join(sentences)) == sentences


def test_double_danda_and_verse_numbers() -> None:
    assert split("धर्म की जय हो ॥ १ ॥ अधर्म का नाश हो ॥ २ ॥") == [
        "धर्म की जय हो ॥ १ ॥", "अधर्म का नाश हो ॥ २ ॥"]
    assert split("धर्म॥अधर्म॥") == ["धर्म॥", "अधर्म॥"]


def test_question_and_exclamation_marks() -> None:
    assert split("क्या आप आएँगे? हाँ, मैं आऊँगा!") == ["क्या आप आएँगे?", "हाँ, मैं आऊँगा!"]


def test_devanagari_digits_and_decimals() -> None:
    assert split("कीमत ३.५ रुपये है। यह सस्ता है।") == ["कीमत ३.५ रुपये है।", "यह सस्ता है।"]


def test_abbreviations_and_english_terms() -> None:
    assert split("डॉ. शर्मा ने कहा कि यह सही है। उन्होंने git commit चलाया।") == [
        "डॉ. शर्मा ने कहा कि यह सही है।", "उन्होंने git commit चलाया।"]
    assert split("Python 3.12 का उपयोग करें, जैसे e.g. यहाँ। फिर pip install चलाएँ।") == [
        "Python 3.12 का उपयोग करें, जैसे e.g. यहाँ।", "फिर pip install चलाएँ।"]


def test_the_ascii_bar_of_a_markdown_table_is_no_danda() -> None:
    table = "| नाम | विवरण |\n|---|---|\n| पहला | यह पहली पंक्ति है |"
    assert split(table) == [table]
