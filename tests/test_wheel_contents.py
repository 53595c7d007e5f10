"""The wheel users install carries the package data the source tree only has beside it.

Tests import structchunk from the checkout, where `grammars/` sits next to the package, so a
wheel that left the grammar files out would pass every other test and then fail for every
user at the first sentence split. This builds the pure wheel (no compiler needed, as on a
machine without one) and reads what it holds.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
from hatchling.builders.wheel import WheelBuilder

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def wheel_names(tmp_path_factory: pytest.TempPathFactory) -> set[str]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("STRUCTCHUNK_PURE", "1")
        directory = tmp_path_factory.mktemp("wheel")
        (built,) = WheelBuilder(str(ROOT)).build(directory=str(directory),
                                                versions=["standard"])
    with zipfile.ZipFile(built) as wheel:
        return set(wheel.namelist())


def test_every_grammar_file_is_in_the_wheel(wheel_names: set[str]) -> None:
    shipped = {path.relative_to(ROOT).as_posix() for path in (ROOT / "grammars").rglob("*")
               if path.is_file() and "__pycache__" not in path.parts}
    assert shipped, "the checkout has no grammar files"
    missing = {name for name in shipped if f"structchunk/{name}" not in wheel_names}
    assert not missing


def test_every_module_and_the_typing_marker_are_in_the_wheel(wheel_names: set[str]) -> None:
    modules = {path.relative_to(ROOT).as_posix()
               for path in (ROOT / "structchunk").rglob("*.py")}
    assert modules - wheel_names == set()
    assert "structchunk/py.typed" in wheel_names


def test_the_wheel_holds_no_tests_benchmarks_or_corpus(wheel_names: set[str]) -> None:
    top_levels = {name.split("/", 1)[0] for name in wheel_names}
    assert {"tests", "benchmarks", "corpus_samples", "docs"}.isdisjoint(top_levels)
    assert all(top == "structchunk" or top.endswith(".dist-info") for top in top_levels)
