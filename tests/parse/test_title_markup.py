"""Heading titles keep the words of struck-through, emphasised and linked text."""

from __future__ import annotations

import pytest

from structchunk.parse.titles import clean_title


@pytest.mark.parametrize(("raw", "clean"), [
    ("~~Old~~ New prices", "Old New prices"),
    ("Prices ~~in 2023~~", "Prices in 2023"),
    ("**~~Gone~~** and *kept*", "Gone and kept"),
    ("[~~Legacy~~ API](api.md) notes", "Legacy API notes"),
])
def test_struck_through_words_stay_in_the_title(raw: str, clean: str) -> None:
    assert clean_title(raw) == clean
