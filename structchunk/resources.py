"""Where structchunk's data files live: `grammars/` in a checkout, `structchunk/grammars` in wheels.

The wheel ships the top-level `grammars/` folder as package data (see pyproject.toml), so an
installed package finds it next to its modules; a source checkout keeps it beside the package.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import structchunk


def grammars_root() -> Path:
    """The `grammars` folder of this installation."""
    packaged = resources.files("structchunk") / "grammars"
    if packaged.is_dir():
        return Path(str(packaged))
    return Path(structchunk.__file__).resolve().parent.parent / "grammars"


def grammar_path(*parts: str) -> Path:
    """Path of a file or folder under `grammars/`, e.g. `grammar_path("sentences", "de.toml")`."""
    return grammars_root().joinpath(*parts)
