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


def test_code_from_a_string_is_the_file_without_its_name_on_the_heading_path(
        tmp_path: Path) -> None:
    """What docs/integrations.md says holds for code given as a string: the same tree, and
    chunks that differ from the file's only by the file name the file's heading path adds."""
    code = "import os\n\n\n" + "".join(
        f"def step_{n}(value):\n    total = value + {n}\n    return total * 2\n\n\n"
        for n in range(40))
    file = tmp_path / "steps.py"
    file.write_text(code, encoding="utf-8")

    def shape(document: structchunk.Document) -> list[tuple[str, int, int]]:
        return [(node.kind.value, node.start, node.end) for node, _ in document.root.walk()]

    assert shape(structchunk.parse_text(code, code_language="python")) == shape(
        structchunk.parse(file))
    roomy_string = structchunk.split_text(code, max_size=2000, code_language="python")
    roomy_file = structchunk.split(file, max_size=2000)
    assert [c.content for c in roomy_string] == [c.content for c in roomy_file]
    assert all(c.heading_path[:1] == ("steps.py",) for c in roomy_file)
    assert all("steps.py" not in c.heading_path for c in roomy_string)


def test_the_release_workflow_builds_what_the_readme_says() -> None:
    """A tag publishes an sdist and cibuildwheel's wheels with trusted publishing (no token)."""
    workflow = (Path(__file__).resolve().parents[2] / ".github" / "workflows"
                / "release.yml").read_text(encoding="utf-8")
    assert ".github/workflows/release.yml" in README
    assert "--sdist" in workflow and "pypa/cibuildwheel" in workflow
    assert "id-token: write" in workflow and "pypa/gh-action-pypi-publish" in workflow
    assert "password" not in workflow
