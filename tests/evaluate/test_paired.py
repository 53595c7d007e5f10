"""Two chunkers compared question by question, with the exact sign test over the questions
only one of them finds."""

from __future__ import annotations

import math

import pytest

from structchunk.evaluate.natural import Piece, Question, first_ranks
from structchunk.evaluate.paired import paired, sign_test, smallest_significant_lead


@pytest.mark.parametrize(("wins", "losses", "p"), [
    (0, 0, 1.0),
    (6, 0, 2 / 64),
    (0, 6, 2 / 64),
    (5, 0, 2 / 32),
    (3, 1, 2 * 5 / 16),
    (12, 13, 1.0),
    (3, 3, 1.0),  # capped: the two tails overlap at the middle (2 * 42/64 without the cap)
    (20, 5, 2 * sum(math.comb(25, count) for count in range(6)) / 2 ** 25),
])
def test_the_sign_test_is_exact_and_two_sided(wins: int, losses: int, p: float) -> None:
    assert sign_test(wins, losses) == pytest.approx(p)


def test_only_the_questions_one_tool_finds_count() -> None:
    inf = math.inf
    first = {"a": 1, "b": 3, "c": inf, "d": 6, "e": 5, "f": 7}
    second = {"a": 1, "b": inf, "c": 5, "d": inf, "e": inf, "f": 2}
    at_five = paired(first, second, 5)
    assert (at_five.only_first, at_five.only_second) == (2, 2)  # b, e against c, f
    at_one = paired(first, second, 1)
    assert (at_one.only_first, at_one.only_second) == (0, 0)
    assert at_one.p_value == 1.0


def test_the_smallest_lead_that_the_test_tells_from_chance() -> None:
    assert smallest_significant_lead(10) == 6
    assert smallest_significant_lead(6) == 6
    assert smallest_significant_lead(10, level=2 / 64) == 7  # p must be below the level
    assert smallest_significant_lead(5) is None
    assert smallest_significant_lead(10, level=0.01) == 8


def test_first_ranks_are_the_rank_of_the_first_piece_holding_the_answer() -> None:
    questions = [Question("q1", "doc.md", "en", "prose", "first?", "answer one", 0, 10),
                 Question("q2", "doc.md", "en", "prose", "second?", "answer two", 0, 10)]
    pieces = [Piece("doc.md", "nothing here", "nothing here"),
              Piece("other.md", "answer one", "answer one"),  # the wrong document
              Piece("doc.md", "so: answer one.", "so: answer one.")]

    def search(query: str, k: int) -> list[int]:
        return [0, 1, 2][:k]

    ranks = first_ranks(questions, pieces, search)
    assert ranks == {"q1": 3, "q2": math.inf}
    assert first_ranks(questions, pieces, search, depth=2)["q1"] == math.inf
