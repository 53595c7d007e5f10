"""Shared fixtures: where the shared corpus and the seed samples live."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

# CI runs the property tests on a fixed sequence of examples, so a run is reproducible and
# never fails by chance; locally they explore new examples on every run.
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")



def pytest_sessionstart(session: pytest.Session) -> None:
    """Under mutation testing, start each mutant's run with empty caches.

    mutmut forks every mutant's test run from a process that has already run the tests,
    so grammars, compiled rules and detectors loaded there would be reused and a mutant in
    the code that builds them could never be seen by any test. The test modules are not
    imported again either: their own caches of parsed or segmented inputs are emptied too.
    """
    if "MUTANT_UNDER_TEST" in os.environ:
        _empty_caches()


def pytest_runtest_setup(item: pytest.Item) -> None:
    """While mutmut records which test reaches which function, every test starts with empty
    caches: otherwise only the first test to build a cached parser or grammar is recorded as
    reaching the code that builds it, and a mutant there is never run against the others."""
    if os.environ.get("MUTANT_UNDER_TEST") == "stats":
        _empty_caches()


def _empty_caches() -> None:
    for name, module in list(sys.modules.items()):
        if name.startswith(("structchunk", "tests.")) and module is not None:
            for value in list(vars(module).values()):
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()
    # the sentence segmenters kept per grammar search-path setting (a plain dict)
    sentences = sys.modules.get("structchunk.lang.sentences")
    if sentences is not None:
        sentences._BY_SETTING.clear()


REPO = Path(__file__).resolve().parents[1]
SAMPLES = REPO / "corpus_samples"


def corpus_root() -> Path | None:
    configured = os.environ.get("STRUCTCHUNK_CORPUS")
    candidates = [Path(configured)] if configured else []
    candidates.append(REPO.parent / "shared" / "corpus")
    for candidate in candidates:
        if (candidate / "spans.jsonl").is_file():
            return candidate
    return None


@pytest.fixture(scope="session")
def corpus() -> Path:
    root = corpus_root()
    if root is None:
        pytest.skip("shared corpus not found (set STRUCTCHUNK_CORPUS)")
    return root


def load_spans(path: Path) -> list[dict]:
    with path.open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "repairs: the test makes the repair steps work on purpose (a strategy "
        "that leaves gaps or pieces over the budget)")


@pytest.fixture(autouse=True)
def _no_hidden_repairs(request: pytest.FixtureRequest) -> Iterator[None]:
    """Fail a test during which the gap closer or the final budget enforcement had to fix
    what a strategy produced (beyond the markup between blocks they attach by design): the
    chunks would keep every invariant and the strategy bug would go unseen."""
    from tests.invariants import unexpected_repairs, watching_repairs

    with watching_repairs():
        yield
        hidden = unexpected_repairs()
    if hidden and request.node.get_closest_marker("repairs") is None:
        pytest.fail("the repair steps fixed what a strategy produced: "
                    + "; ".join(str(repair) for repair in hidden[:3]), pytrace=False)

