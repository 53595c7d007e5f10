"""Properties every segmentation must have, whatever the text and the language."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from structchunk.lang.sentences import sentence_spans

# Text made of the characters the rules look at, so that odd combinations come up often.
PIECES = st.sampled_from([
    "a", "B", "z", "ä", "Dr", "z. B", "U.S", "1", "42", "iii", " ", "  ", "\n", "\n\n", "\t",
    ".", "..", "...", "…", "!", "?", "।", "॥", "。", "．", '"', "'", "“", "”", "„", "’", "(", ")",
    "[", "]", "[1]", "•", "- ", "* ", "|", ":", ",", "-", "हि", "न्दी", "ळ", "Art", "lit", "No",
    "e.g", "http://x.y/z", "a@b.c", "1.", "a)", "(2)", "३", "\r\n", "`", "''", "``",
])
TEXTS = st.lists(PIECES, max_size=60).map("".join) | st.text(max_size=200)
LANGUAGES = st.sampled_from([None, "en", "de", "hi", "mr", "fr"])


@settings(max_examples=400, deadline=None)
@given(text=TEXTS, language=LANGUAGES)
def test_spans_are_ordered_disjoint_trimmed_and_cover_all_text(text: str,
                                                                language: str | None) -> None:
    spans = sentence_spans(text, language)
    previous_end = 0
    for start, end in spans:
        assert 0 <= previous_end <= start < end <= len(text)
        assert not text[start].isspace() and not text[end - 1].isspace()
        assert not text[previous_end:start].strip()  # only whitespace between sentences
        previous_end = end
    assert not text[previous_end:].strip()


@settings(max_examples=200, deadline=None)
@given(text=TEXTS, language=LANGUAGES)
def test_segmentation_is_deterministic(text: str, language: str | None) -> None:
    assert sentence_spans(text, language) == sentence_spans(text, language)


@settings(max_examples=200, deadline=None)
@given(text=TEXTS)
def test_sentences_can_be_segmented_again_without_new_cuts_before_the_end(text: str) -> None:
    # Every sentence, segmented on its own, still starts where it started.
    for start, end in sentence_spans(text, "en"):
        inner = sentence_spans(text[start:end], "en")
        assert inner and inner[0][0] == 0 and inner[-1][1] == end - start
