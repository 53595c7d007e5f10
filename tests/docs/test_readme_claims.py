"""What the README says about the output and installation is what the code does."""

from __future__ import annotations

from pathlib import Path

import structchunk
from structchunk.chunk.chunk import SCHEMA

README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")


def test_the_schema_the_readme_names_is_the_one_written() -> None:
    chunk = structchunk.split_text("# T\n\ntext\n", max_size=100)[0]
    assert f'"schema": "{SCHEMA}"' in chunk.to_json() or SCHEMA in chunk.to_json()
    assert f'schema "{SCHEMA}"' in README


def test_the_readme_says_how_to_install_from_a_checkout() -> None:
    assert "pip install ." in README
