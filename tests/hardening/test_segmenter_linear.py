"""The sentence segmenter runs in time linear in its input, scanners built at run time included.

`tests/hardening/test_regex_linear.py` screens the patterns a module or a grammar file holds.
The segmenter also compiles scanners per grammar and per set of rare characters present, and
decides every candidate in Python; a run of terminators (`....`, `!!!!`, `…………` before a
letter) once cost time quadratic in its length (401/1,601/6,401 dots: 0.055/0.70/11.0 s), and
a text of bullets re-read its start at every bullet. Each input here is sampled at 1x, 4x and
16x; linear work grows by about 16 from the first to the last, quadratic by about 256. The
test fails above 64, a growth ratio measured in one run, never an absolute time.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest

from structchunk.lang.grammars import available_languages
from structchunk.lang.sentences import rule_segmenter

BASE = 1_500
GROWTH_LIMIT = 64.0
# (name, text of about n characters): terminator runs before a letter, at the end, spaced;
# bullets and markers at sentence starts; quotes; the script terminators of the grammars.
SHAPES: dict[str, Callable[[int], str]] = {
    "dots before a letter": lambda n: "Word" + "." * n + "x",
    "exclamations before a letter": lambda n: "Word" + "!" * n + "x",
    "questions before a letter": lambda n: "Word" + "?" * n + "x",
    "ellipses before a letter": lambda n: "Word" + "…" * n + "x",
    "dots alone": lambda n: "." * n,
    "dots in prose": lambda n: "Word " + "." * n + " next word.",
    "spaced dots": lambda n: "a " + ". " * (n // 2) + "b",
    "bullets": lambda n: "• " * (n // 2) + "x",
    "bullets between blank lines": lambda n: "• \n\n" * (n // 4) + "x",
    "dash lines": lambda n: "- \n" * (n // 3) + "x",
    "initials": lambda n: "A. " * (n // 3) + "x",
    "enumeration": lambda n: "1. " * (n // 3) + "x",
    "quotes": lambda n: '"a. ' * (n // 4) + "x",
    "colons": lambda n: "Ab: " * (n // 4) + "x",
    "semicolons": lambda n: "ab; " * (n // 4) + "x",
    "dandas": lambda n: "। " * (n // 2) + "x",
    "full-width stops": lambda n: "。" * n + "x",
    "verb endings": lambda n: "합니다 " * (n // 4) + "x",
    "thai spaces": lambda n: "ไทย " * (n // 4) + "x",
}
# One language per group of scanners: English and German (the plain case, German's rules),
# every script grammar through the default, and the languages with their own terminators.
LANGUAGES = ("en", "de", "und", "hy", "ko", "th")


def _cost(segment: Callable[[str], object], text: str) -> float:
    best = float("inf")
    for _ in range(3):
        started = time.process_time()
        segment(text)
        best = min(best, time.process_time() - started)
    return max(best, 1e-6)


def _growth(segment: Callable[[str], object], shape: Callable[[int], str]) -> float:
    segment(shape(BASE))  # scanners compiled and cached before anything is measured
    small = _cost(segment, shape(BASE))
    large = _cost(segment, shape(16 * BASE))
    # below the clock's resolution the ratio says nothing: measure a larger base instead
    if small < 0.002:
        small = _cost(segment, shape(4 * BASE)) / 4
        large = _cost(segment, shape(64 * BASE)) / 4
    return large / small


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", sorted(SHAPES))
def test_segmentation_grows_linearly(language: str, name: str) -> None:
    assert language in available_languages() or language == "und"
    segment = rule_segmenter(language)
    growth = _growth(segment, SHAPES[name])
    if growth > GROWTH_LIMIT:  # one retry: a neighbour on a shared machine may have run
        growth = min(growth, _growth(segment, SHAPES[name]))
    assert growth <= GROWTH_LIMIT, f"{name} in {language}: 16x the text took {growth:.0f}x"


def test_terminator_runs_cut_nothing_inside_them() -> None:
    """What the linear scan finds in a run is what a run means: at most one boundary."""
    segment = rule_segmenter("en")
    text = "Word" + "." * 5_000 + " Next one."
    assert [text[start:end][-6:] for start, end in segment(text)] == ["......", "t one."]
    assert segment("Word" + "!" * 5_000 + "x") == [(0, 5_005)]
