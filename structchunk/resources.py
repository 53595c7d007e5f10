"""Where structchunk's data files live: the built-in `grammars/` and the user's grammar folders.

The wheel ships the top-level `grammars/` folder as package data (see pyproject.toml), so an
installed package finds it next to its modules; a source checkout keeps it beside the package.
`STRUCTCHUNK_GRAMMAR_PATH` names more folders laid out like `grammars/` (`sentences/`,
`legal/`, `code/`), separated like `PATH`; they are searched first, so a file there adds a
language or extends a built-in one without a change to the package.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

from structchunk.errors import GrammarError

GRAMMAR_PATH_VARIABLE = "STRUCTCHUNK_GRAMMAR_PATH"
_PACKAGE = Path(__file__).resolve().parent


def grammars_root() -> Path:
    """The built-in `grammars` folder of this installation."""
    packaged = _PACKAGE / "grammars"
    if packaged.is_dir():
        return packaged
    return _PACKAGE.parent / "grammars"


def grammar_path(*parts: str) -> Path:
    """Path of a built-in file or folder, e.g. `grammar_path("sentences", "de.toml")`."""
    return grammars_root().joinpath(*parts)


def grammar_roots() -> tuple[Path, ...]:
    """The folders searched for grammars, first match first: the user's, then the built-in."""
    return _roots(os.environ.get(GRAMMAR_PATH_VARIABLE, ""))


def grammar_folders(kind: str) -> tuple[Path, ...]:
    """The `kind` folder (`sentences`, `legal`, `code`) of every search root, in order."""
    return _folders(kind, grammar_roots())


@lru_cache(maxsize=16)
def _roots(setting: str) -> tuple[Path, ...]:
    extra = []
    for entry in setting.split(os.pathsep):
        if not entry.strip():
            continue
        folder = Path(entry.strip()).expanduser()
        if not folder.is_dir():
            raise GrammarError(f"{entry!r} is not a folder", GRAMMAR_PATH_VARIABLE)
        extra.append(folder.resolve())
    return (*extra, grammars_root())


@lru_cache(maxsize=64)
def _folders(kind: str, roots: tuple[Path, ...]) -> tuple[Path, ...]:
    return tuple(root / kind for root in roots)
