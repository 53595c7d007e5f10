"""Where a long text is cut into windows for counting: before the last whitespace of the
window's second half, else at the window's length; never past it, and nothing for an empty
span."""

from __future__ import annotations

import pytest

from structchunk.errors import TokenizerError
from structchunk.tokens import resolve_tokenizer
from structchunk.tokens.counter import DEFAULT_WINDOW, window_size, windows


@pytest.mark.parametrize("gap", [" ", "\n", "\t"])
def test_whitespace_in_the_first_half_only_is_no_cut(gap: str) -> None:
    for place in (20, 40):  # below a third and between a third and a half
        text = "a" * place + gap + "b" * 200
        assert list(windows(text, 0, len(text), 100))[0] == (0, 100), (gap, place)


@pytest.mark.parametrize("gap", [" ", "\n", "\t"])
def test_the_last_whitespace_of_the_second_half_is_the_cut(gap: str) -> None:
    text = "a" * 60 + gap + "b" * 29 + gap + "c" * 200
    assert list(windows(text, 0, len(text), 100))[0] == (0, 90)


def test_whitespace_past_the_window_is_no_cut() -> None:
    text = "a" * 120 + "\t" + "b" * 10
    assert list(windows(text, 0, len(text), 100)) == [(0, 100), (100, 131)]


def test_an_empty_span_has_no_window_and_a_short_one_is_whole() -> None:
    assert list(windows("abc", 3, 3, 10)) == []
    assert list(windows("abc", 1, 3, 10)) == [(1, 3)]


def test_the_window_grows_with_the_budget_past_the_default() -> None:
    def count(text: str) -> int:
        return len(text)

    assert window_size(count, 100) == DEFAULT_WINDOW
    assert window_size(count, 2000) == 16_000
    count.max_input_chars = 3000  # type: ignore[attr-defined]
    assert window_size(count, 2000) == 3000


def test_an_unknown_tokenizer_name_lists_the_shipped_encodings() -> None:
    with pytest.raises(TokenizerError) as raised:
        resolve_tokenizer("no-such-encoding")
    assert "Known encodings: cl100k_base, o200k_base" in str(raised.value)
