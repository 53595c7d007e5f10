"""The letter count that gates judging agrees with its plain definition on every text."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from structchunk.lang.counting import letters, letters_reference


@given(st.text())
def test_letters_agree_with_the_reference(text: str) -> None:
    assert letters(text) == letters_reference(text)


@given(st.text(alphabet=st.characters(max_codepoint=0xFF)))
def test_latin1_text_counted_on_its_bytes_agrees(text: str) -> None:
    assert letters(text) == letters_reference(text)


def test_known_counts() -> None:
    assert letters("Öl für Bären — Süß Maßband") == 20
    assert letters("ªº µ ß ÿ ¹²³ ½") == 5  # ordinal indicators and micro are letters
    assert letters("ओपन सोर्स") == 6  # vowel signs and viramas are marks, not letters
