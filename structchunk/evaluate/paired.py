"""Two chunkers compared question by question: which questions each finds that the other misses.

Two recall figures over the same questions differ by the questions only one of them finds;
the questions both find or both miss say nothing about which is better. With tens of
questions per language a difference of a few points is one or two such questions, so a
table of rates alone cannot say whether a lead is real. The exact two-sided sign test over
the questions only one finds (McNemar's test for paired outcomes, exact form) says how
often a split at least that uneven arises between two equally good chunkers.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class Paired:
    """Questions found within the top `k` by one chunker only, and the sign test's p."""

    only_first: int
    only_second: int
    p_value: float


def sign_test(wins: int, losses: int) -> float:
    """Exact two-sided p of `wins` against `losses` when each is equally likely (1.0 when
    there is nothing to compare)."""
    trials = wins + losses
    if trials == 0:
        return 1.0
    fewer = min(wins, losses)
    tail = sum(math.comb(trials, count) for count in range(fewer + 1)) / 2 ** trials
    return min(1.0, 2 * tail)


def paired(first: Mapping[str, float], second: Mapping[str, float], k: int) -> Paired:
    """Compare two chunkers' first hit ranks (`math.inf` for a miss) per question id: the
    questions each finds within the top `k` and the other does not."""
    only_first = sum(first[key] <= k < second[key] for key in first)
    only_second = sum(second[key] <= k < first[key] for key in first)
    return Paired(only_first, only_second, sign_test(only_first, only_second))


def smallest_significant_lead(questions: int, level: float = 0.05) -> int | None:
    """The fewest questions one chunker must find that the other misses, with none the other
    way, for the sign test to call the lead real at `level`; None when even all of them
    would not be enough."""
    for wins in range(1, questions + 1):
        if sign_test(wins, 0) < level:
            return wins
    return None


__all__ = ["Paired", "paired", "sign_test", "smallest_significant_lead"]
