"""Detection counts letters and telling words alike on every kind of text.

Text within Latin-1, text with general punctuation beyond it (dashes, typographic quotes),
Devanagari text and text with anything else are counted by different means; the verdict must
not depend on which one a text takes. Markup and tokens that are not prose say nothing.
"""

from __future__ import annotations

import pytest

from structchunk.lang.detect import MIN_LETTERS, detect_language

# German by its function words (der, die, und, ist: four against none), but too little for
# langdetect, which the prior "en" would overrule: only the words decide it.
GERMAN_WORDS = "Der Bericht und die Zahlen ist gut"


@pytest.mark.parametrize("text", [
    GERMAN_WORDS,
    GERMAN_WORDS + " — gut",  # general punctuation beyond Latin-1
    GERMAN_WORDS + " „gut“",
    GERMAN_WORDS + " → gut",  # any other character
])
def test_telling_words_decide_over_the_prior_whatever_the_characters(text: str) -> None:
    assert detect_language(text, prior="en") == "de"
    assert detect_language(text.upper(), prior="en") == "de"  # words are compared lowercase


@pytest.mark.parametrize("dash", [" ", " — ", " „", " → "])
def test_letters_beyond_ascii_count_as_letters(dash: str) -> None:
    # exactly MIN_LETTERS letters, four of them umlauts or ß: judged in every form
    text = f"Öl für Bären{dash}Süß Maßband"
    assert sum(map(str.isalpha, text)) == MIN_LETTERS
    assert detect_language(text, prior="de") == "de"
    # one letter fewer is too short to judge: the language around is not taken either
    shorter = text.replace("Öl", "Ö")
    assert detect_language(shorter, prior="de") is None


def test_a_text_mostly_in_another_script_is_not_latin() -> None:
    # Latin-1 letters with punctuation beyond it, but Greek letters are the majority
    text = "Ελληνικό κείμενο για τον καιρό — café"
    assert detect_language(text, prior="de") == "el"


def test_a_lone_surrogate_does_not_stop_detection() -> None:
    # as text decoded with errors="surrogateescape" holds them
    text = "Der Bericht und die Zahlen ist gut \udcff — fertig"
    assert detect_language(text, prior="en") == "de"
    assert detect_language("ओपन सोर्स सॉफ्टवेयर आप जैसे लोगों द्वारा बनाया जाता है \udcff", None) \
        == "hi"


@pytest.mark.parametrize("noise", [
    "`the value of the result and the sum of it is the one`",  # inline code
    "<span title='the value of the result and the sum of it is the one'>",  # a tag
    "```\nthe value of the result and the sum of it is the one\n```",  # a code block
])
def test_markup_says_nothing_about_the_language(noise: str) -> None:
    text = f"{GERMAN_WORDS} {noise} fertig"
    assert detect_language(text, prior="en") == "de"
    # ... also when the text holds tokens with / \\ or @ as well
    assert detect_language(f"{text} siehe docs/the/and/of.md", prior="en") == "de"


def test_paths_and_addresses_say_nothing_about_the_language() -> None:
    for token in ("the/value/of/the/result/and/the", "the\\value\\of\\the\\result\\and",
                  "the.value.of@the.result.and.the"):
        assert detect_language(f"{GERMAN_WORDS} {token} fertig", prior="en") == "de"
