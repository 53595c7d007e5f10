"""Language-neutral segmentation rules, backends and the shape of the spans."""

from __future__ import annotations

import builtins
from typing import Any

import pytest

from structchunk.errors import MissingDependencyError, StructchunkError
from structchunk.lang.sentences import (
    SentenceSplitter,
    get_splitter,
    normalize_spans,
    sentence_spans,
)
from tests.lang.support import sentences

split = sentences


@pytest.mark.parametrize("language", [None, "en", "de"])
def test_plain_sentences(language: str | None) -> None:
    assert split("One thing. Another thing! A third? Yes.", language) == [
        "One thing.", "Another thing!", "A third?", "Yes."]


def test_spans_exclude_whitespace() -> None:
    text = "  First one.   Second one.  \n"
    assert sentence_spans(text) == [(2, 12), (15, 26)]


def test_empty_and_blank_texts_have_no_sentences() -> None:
    assert sentence_spans("") == []
    assert sentence_spans(" \n\t ") == []


@pytest.mark.parametrize("text", [
    "The value is 3.14 in most cases.",
    "Install version 2.10.3 of the tool.",
    "See https://example.com/a.b?c=1. for details.",
    "Write to jane.doe@example.com for access.",
    "Edit config.yaml and settings.py first.",
    "Call os.path.join() on both parts.",
    "It costs $100.00 in total.",
])
def test_periods_inside_tokens_never_cut(text: str) -> None:
    assert split(text) == [text]


def test_a_url_or_address_can_end_a_sentence() -> None:
    assert split("Her address is jane@example.com. I wrote to her.", "en") == [
        "Her address is jane@example.com.", "I wrote to her."]
    assert split("The site is https://example.com/x.html. Check it.", "en") == [
        "The site is https://example.com/x.html.", "Check it."]


def test_closing_quotes_and_brackets_stay_with_their_sentence() -> None:
    assert split('She said "This is great." She left.', "en") == [
        'She said "This is great."', "She left."]
    assert split("(This one is in brackets.) The next one is not.", "en") == [
        "(This one is in brackets.)", "The next one is not."]
    assert split("He laughed (quietly.) and left.", "en") == [
        "He laughed (quietly.) and left."]


def test_a_quotation_is_kept_whole() -> None:
    assert split('He said: "Stop. Wait here." Then he left.', "en") == [
        'He said: "Stop. Wait here."', "Then he left."]


def test_ellipses() -> None:
    assert split("I never meant that.... She left the store.", "en") == [
        "I never meant that....", "She left the store."]
    assert split("Well … what I mean … is this.", "en") == ["Well … what I mean … is this."]
    assert split("It was . . . fine, I think.", "en") == ["It was . . . fine, I think."]
    assert split('"Bohr [...] used the analogy [...]" (Smith 55).', "en") == [
        '"Bohr [...] used the analogy [...]" (Smith 55).']


def test_enumerations_start_sentences_and_their_markers_do_not_end_them() -> None:
    assert split("1. The first item 2. The second item", "en") == [
        "1. The first item", "2. The second item"]
    assert split("a) one thing b) another thing c) a third", "en") == [
        "a) one thing", "b) another thing", "c) a third"]
    assert split("1. Dies ist eine Punkteliste.", "de") == ["1. Dies ist eine Punkteliste."]


def test_initials_are_not_sentence_ends() -> None:
    assert split("My name is Jonas E. Smith and I live here.", "en") == [
        "My name is Jonas E. Smith and I live here."]


def test_a_line_break_alone_is_no_sentence_end() -> None:
    text = ("Structure-aware chunking keeps the sentences of a hard-wrapped\n"
            "paragraph together, even when a Line starts with a capital letter\n"
            "such as this one.")
    assert split(text, "en") == [text]


def test_a_blank_line_ends_a_sentence() -> None:
    assert split("A heading without a full stop\n\nThe paragraph below it.") == [
        "A heading without a full stop", "The paragraph below it."]


def test_bullets_start_sentences() -> None:
    assert split("• one item • another item") == ["• one item", "• another item"]
    assert split("Things to buy:\n- apples\n- pears") == ["Things to buy:", "- apples",
                                                         "- pears"]


def test_a_title_line_ends_before_the_next_line() -> None:
    assert split("Putter King Scavenger Hunt Trophy\nThe team will judge the hunt.", "en") == [
        "Putter King Scavenger Hunt Trophy", "The team will judge the hunt."]


def test_the_ascii_bar_is_no_terminator() -> None:
    table = "| Name | Wert |\n|---|---|\n| Zeile eins | 1 |\n| Zeile zwei | 2 |"
    assert split(table, "hi") == [table]
    assert split(table, "mr") == [table]
    assert split(table) == [table]


def test_full_width_terminators_need_no_space() -> None:
    assert split("今日は晴れです。明日は雨です。") == ["今日は晴れです。", "明日は雨です。"]
    assert split("Test strange period．Does it segment correctly．", "en") == [
        "Test strange period．", "Does it segment correctly．"]
    assert split("値は３．５です。") == ["値は３．５です。"]  # a full-width decimal point


def test_unknown_languages_use_the_neutral_default() -> None:
    assert split("Une phrase. Une autre phrase.", "fr") == ["Une phrase.", "Une autre phrase."]
    assert split("यह वाक्य है। वह भी।", "xx") == ["यह वाक्य है।", "वह भी।"]


def test_a_callable_backend_is_normalised() -> None:
    def sloppy(text: str) -> list[tuple[int, int]]:
        return [(0, 7), (7, len(text))]  # includes whitespace, leaves no gap

    text = "First. Second."
    assert sentence_spans(text, backend=sloppy) == [(0, 6), (7, 14)]
    assert isinstance(sloppy, SentenceSplitter)
    assert get_splitter("en", sloppy) is sloppy


def test_normalize_spans_covers_what_a_backend_left_out() -> None:
    text = "One. Two. Three."
    assert normalize_spans(text, [(0, 4)]) == [(0, 4), (5, 16)]


def test_unknown_backend_names_are_errors() -> None:
    with pytest.raises(StructchunkError, match="unknown sentence_backend .nltk."):
        sentence_spans("Text.", backend="nltk")


def test_spacy_backend_splits_danda_glued_to_words() -> None:
    """spaCy is in the test extras; its blank pipelines need no model download."""
    text = "धर्म॥ अधर्म।हो गया।"
    pieces = [text[a:b] for a, b in sentence_spans(text, "hi", backend="spacy")]
    assert pieces == ["धर्म॥", "अधर्म।", "हो गया।"]


def test_spacy_backend_without_spacy_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    from structchunk.lang import spacy_backend

    real_import = builtins.__import__

    def no_spacy(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "spacy" or name.startswith("spacy."):
            raise ImportError("No module named 'spacy'")
        return real_import(name, *args, **kwargs)

    spacy_backend._pipeline.cache_clear()
    monkeypatch.setattr(builtins, "__import__", no_spacy)
    with pytest.raises(MissingDependencyError, match=r"structchunk-rag\[spacy\]"):
        sentence_spans("Some text.", "en", backend="spacy")
    spacy_backend._pipeline.cache_clear()
