"""Counting with any tokenizer object or callable: which encode call is made (special tokens
neither added nor refused), the name and input limit a counter carries, and what a callable
may return."""

from __future__ import annotations

from typing import Any

import pytest

from structchunk.errors import TokenizerError
from structchunk.tokens.generic import counter_for_callable, counter_for_encoder


class Ordinary:
    """tiktoken-like: `encode` would add a special token, `encode_ordinary` never does."""

    max_input_chars = 123

    def encode(self, text: str) -> list[str]:
        return ["<s>", *text.split()]

    def encode_ordinary(self, text: str) -> list[str]:
        return text.split()


class Transformers:
    """transformers-like: special tokens unless `add_special_tokens=False`."""

    def encode(self, text: str, add_special_tokens: bool = True) -> list[str]:
        return (["[CLS]"] if add_special_tokens else []) + text.split()


class Tiktoken:
    """tiktoken-like without `encode_ordinary`: refuses special-token text unless allowed."""

    def encode(self, text: str, disallowed_special: Any = "all") -> list[str]:
        if disallowed_special == "all" and "<|endoftext|>" in text:
            raise ValueError("special token in text")
        return text.split()


class Keywords:
    """An encoder that takes any keyword: it is asked not to add special tokens."""

    def __init__(self) -> None:
        self.calls: list[dict[str, Any]] = []

    def encode(self, text: str, **options: Any) -> list[str]:
        self.calls.append(options)
        return text.split()


class Encoding:
    def __init__(self, ids: list[int]) -> None:
        self.ids = ids


class Ids:
    """tokenizers-like: `encode` returns an Encoding whose `ids` are the tokens."""

    def encode(self, text: str) -> Encoding:
        return Encoding(list(range(len(text.split()))))


class Unreadable:
    """An `encode` whose signature cannot be read: it is called with the text alone."""

    class _Encode:
        __signature__ = "not a signature"

        def __call__(self, text: str, **options: Any) -> list[str]:
            assert not options
            return text.split()

    encode = _Encode()


def test_encode_ordinary_is_preferred_and_the_limit_and_name_carried() -> None:
    counter = counter_for_encoder(Ordinary())
    assert counter("one two three") == 3
    assert (counter.name, counter.max_input_chars) == ("Ordinary", 123)


def test_special_tokens_are_not_added() -> None:
    counter = counter_for_encoder(Transformers())
    assert counter("one two") == 2
    assert (counter.name, counter.max_input_chars) == ("Transformers", None)


def test_special_token_text_is_counted_as_written() -> None:
    assert counter_for_encoder(Tiktoken())("a <|endoftext|> b") == 3


def test_an_encoder_taking_any_keyword_is_asked_for_no_special_tokens() -> None:
    encoder = Keywords()
    assert counter_for_encoder(encoder)("a b c d") == 4
    assert encoder.calls == [{"add_special_tokens": False}]


def test_encodings_are_counted_by_their_ids_and_unreadable_signatures_by_the_text() -> None:
    assert counter_for_encoder(Ids())("a b c") == 3
    assert counter_for_encoder(Unreadable())("a b") == 2


def test_a_callable_counter_carries_its_name_and_limit() -> None:
    def words(text: str) -> int:
        return len(text.split())

    words.max_input_chars = 50  # type: ignore[attr-defined]
    counter = counter_for_callable(words)
    assert (counter("a b c"), counter.name, counter.max_input_chars) == (3, "words", 50)


def test_a_callable_without_a_name_and_one_returning_tokens() -> None:
    class Split:
        def __call__(self, text: str) -> list[str]:
            return text.split()

    counter = counter_for_callable(Split())
    assert (counter("a b"), counter.name, counter.max_input_chars) == (2, "callable", None)


@pytest.mark.parametrize("result", [True, 2.5, None])
def test_a_callable_returning_no_count_is_refused_in_full(result: object) -> None:
    counter = counter_for_callable(lambda _text: result)
    with pytest.raises(TokenizerError) as raised:
        counter("text")
    assert str(raised.value) == (f"the tokenizer callable returned {result!r}; it must "
                                 "return a token count or the list of tokens")
