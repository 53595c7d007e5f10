"""Counting a text's letters at C speed: the gate before a text is judged.

A text with fewer than `structchunk.lang.detect.MIN_LETTERS` letters is too short to tell its
language. `letters` counts what `str.isalpha` counts (Unicode's letters, `\\p{L}`); text within
Latin-1, most text in Latin-script languages, is counted on its bytes, which needs no Python
step per character. `letters_reference` is the plain definition the tests hold it to.
"""

from __future__ import annotations

# Latin-1 bytes that are not letters: deleting them leaves one byte per letter.
_LATIN1_NOT_LETTER = bytes(code for code in range(256) if not chr(code).isalpha())


def letters(text: str) -> int:
    """The number of letters in `text`, as `letters_reference` counts them."""
    try:
        narrow = text.encode("latin-1")
    except UnicodeEncodeError:
        return sum(map(str.isalpha, text))  # a C loop over the characters
    return len(narrow.translate(None, _LATIN1_NOT_LETTER))


def letters_reference(text: str) -> int:
    """Letters, one character at a time: the definition `letters` must agree with."""
    return sum(1 for char in text if char.isalpha())
