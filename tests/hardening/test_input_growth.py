"""Small inputs that took quadratic time now grow linearly: a growth ratio of sampled sizes.

Each input is chunked at 1x, 4x and 16x its size (the best of a few runs each); linear work
gives a ratio near 16 between 16x and 1x, quadratic near 256. The test fails above 64. No
absolute time is asserted.
"""

from __future__ import annotations

import time
import unicodedata
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import structchunk
from structchunk.nfc import nfc

LIMIT = 64.0


def _best(action: Callable[[], object], repeats: int = 3) -> float:
    best = float("inf")
    for _ in range(repeats):
        started = time.process_time()
        action()
        best = min(best, time.process_time() - started)
    return best


def _growth(make: Callable[[int], str], size: int, **options: object) -> float:
    times = []
    for scale in (1, 4, 16):
        text = make(size * scale)
        times.append(_best(lambda: structchunk.split_text(text, **options)))  # noqa: B023
    return times[2] / max(times[0], 1e-4)


INPUTS: dict[str, tuple[Callable[[int], str], int, dict[str, object]]] = {
    "combining marks of two classes": (lambda n: "a" + "\u0301\u0316" * n, 2_000, {}),
    "combining marks after a precomposed letter": (lambda n: "é" + "\u0316\u0301" * n, 2_000,
                                                   {}),
    "spaces after a legal heading in Markdown": (
        lambda n: "# G\n\n## § 1 T" + " " * n + "x\n\ntext\n", 1_600, {"format": "markdown"}),
    "spaces after a provision in a law": (
        lambda n: "§ 1 T" + " " * n + "x\n\n(1) Text.\n\n§ 2 U\n\n(1) Text.\n\n§ 3 V\n\n(1) X.\n",
        1_600, {"format": "legal"}),
}


@pytest.mark.parametrize("name", sorted(INPUTS))
def test_input_grows_linearly(name: str) -> None:
    make, size, options = INPUTS[name]
    ratio = min(_growth(make, size, max_size=1000, **options) for _ in range(2))
    assert ratio < LIMIT, f"{name}: x{ratio:.0f} from 1x to 16x"


marks = st.sampled_from(["a", "e", "\u0301", "\u0316", "\u0308", "\u0344", "\u0323", "é",
                         "\u1e0b", "\u0307", "\u05b0", "\u0e38", " ", "가", "\u1161", "\u11a8"])


@settings(max_examples=300, deadline=None)
@given(st.lists(marks, max_size=200).map("".join), st.integers(min_value=0, max_value=40))
def test_linear_nfc_is_nfc(text: str, run: int) -> None:
    text = text + "\u0301\u0316\u0323" * run + text
    assert nfc(text) == unicodedata.normalize("NFC", text)
