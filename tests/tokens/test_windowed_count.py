"""A text longer than the tokenizer's window is counted window by window and the count stops
early only once it is past the budget: a sum that has just reached the budget says nothing
about the windows after it."""

from __future__ import annotations

import structchunk
from structchunk.chunk.budget import Budget
from structchunk.decode import from_text
from structchunk.tokens.counter import count_span, windows

WORDS = " ".join(f"w{number % 10}" for number in range(200))  # 200 tokens, 599 characters


def words(text: str) -> int:
    return len(text.split())


words.max_input_chars = 40  # type: ignore[attr-defined]


def test_an_early_stop_is_only_ever_past_the_stop() -> None:
    totals = []
    running = 0
    for left, right in windows(WORDS, 0, len(WORDS), 40):
        running += words(WORDS[left:right])
        totals.append(running)
    assert len(totals) > 10 and totals[-1] == 200
    for stop in range(200):
        counted = count_span(words, WORDS, 0, len(WORDS), 40, stop=stop)
        assert counted > stop, stop
        # The count stops at the first window past the stop, not later.
        assert counted == next(total for total in totals if total > stop), stop
    assert count_span(words, WORDS, 0, len(WORDS), 40, stop=200) == 200
    assert count_span(words, WORDS, 0, len(WORDS), 40) == 200


def test_two_hundred_tokens_never_fit_a_smaller_budget_whatever_its_size() -> None:
    for max_size in range(1, 200):
        budget = Budget(max_size=max_size, length=words)
        assert budget.window == 40
        assert not budget.fits("", "", WORDS, 0, len(WORDS), ""), max_size
        assert budget.measure("", "", WORDS, 0, len(WORDS), "") > max_size, max_size
    assert Budget(max_size=200, length=words).fits("", "", WORDS, 0, len(WORDS), "")


def test_a_chunk_cut_with_a_windowed_tokenizer_keeps_the_token_budget() -> None:
    text = "# Notes\n\n" + "\n\n".join(
        " ".join(f"word{n}" for n in range(start, start + 90)) for start in range(0, 900, 90))
    chunks = structchunk.split(from_text(text, "notes.md"), max_size=25, tokenizer=_Words())
    assert len(chunks) >= 900 // 25
    assert all(len(chunk.text.split()) <= 25 for chunk in chunks)


class _Words:
    """A tokenizer that refuses inputs longer than its window, as Hugging Face's do."""

    max_input_chars = 60

    def encode(self, text: str) -> list[str]:
        assert len(text) <= self.max_input_chars, len(text)
        return text.split()
