"""The compiled build: the modules pyproject.toml lists, and the guard against stale ones.

`.ci/run` runs a fixed subset of the suite on the pure-Python modules, compiles the listed
modules in place and runs the whole suite again with STRUCTCHUNK_EXPECT_COMPILED=1, which makes
the first test below fail unless every listed module really runs compiled.
"""

from __future__ import annotations

import importlib
import os
import sys
import types
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

from structchunk.compiled import compiled_modules, stale_extensions

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

REPO = Path(__file__).resolve().parents[2]
LISTED = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))[
    "tool"]["structchunk"]["compiled"]["modules"]


def _module_name(path: str) -> str:
    return path.removesuffix(".py").replace("/", ".")


@pytest.mark.skipif(not os.environ.get("STRUCTCHUNK_EXPECT_COMPILED"),
                    reason="the pure-Python build (STRUCTCHUNK_EXPECT_COMPILED unset)")
def test_every_listed_module_runs_compiled() -> None:
    for path in LISTED:
        importlib.import_module(_module_name(path))
    assert set(compiled_modules()) >= {_module_name(path) for path in LISTED}


def test_the_listed_modules_are_sources_of_the_package() -> None:
    assert LISTED
    for path in LISTED:
        assert path.startswith("structchunk/") and (REPO / path).is_file(), path


def test_an_extension_older_than_its_source_is_reported(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    extension = tmp_path / f"pack{EXTENSION_SUFFIXES[0]}"
    source = tmp_path / "pack.py"
    extension.write_bytes(b"")
    source.write_text("# edited after the build\n")
    os.utime(extension, (1_000_000, 1_000_000))
    module = types.ModuleType("structchunk._fake_pack")
    module.__file__ = str(extension)
    monkeypatch.setitem(sys.modules, "structchunk._fake_pack", module)
    assert "structchunk._fake_pack" in compiled_modules()
    assert stale_extensions() == (extension,)
    os.utime(extension, None)  # rebuilt: newer than its source
    assert stale_extensions() == ()
