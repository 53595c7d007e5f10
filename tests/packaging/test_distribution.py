"""Every install hint names this project's distribution, read from pyproject.toml.

An unrelated package on the index has the import name `structchunk`; a hint that says
`pip install structchunk[...]` would install it instead.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest

from structchunk.errors import DISTRIBUTION, install_hint

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

REPO = Path(__file__).resolve().parents[2]
PROJECT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
NAME = PROJECT["name"]
EXTRAS = set(PROJECT["optional-dependencies"])

# `pip install ARGS` up to the end of the line, a closing backtick or parenthesis.
PIP_INSTALL = re.compile(r"pip3? install\s+([^`\n)]*)")
# `name[extra]`, quoted or not, anywhere (a hint in prose).
WITH_EXTRAS = re.compile(r"(?<![\w.\-/])([A-Za-z][\w.\-]*)\[([\w,\s-]+)\]")


def hint_files() -> list[Path]:
    files = [REPO / "README.md", *sorted((REPO / "docs").rglob("*.md")),
             *sorted((REPO / "structchunk").rglob("*.py"))]
    return [path for path in files if path.is_file()]


def test_the_helper_names_the_distribution_in_pyproject() -> None:
    assert DISTRIBUTION == NAME
    assert NAME != "structchunk"
    assert install_hint("spacy") == f'pip install "{NAME}[spacy]"'
    assert install_hint() == f'pip install "{NAME}"'


def package_names(arguments: str) -> list[str]:
    names = []
    for word in arguments.split():
        if word in ("&&", "||", "|", ";", "#") or word.startswith("#"):
            break  # the next shell command
        word = word.strip("\"'")
        if not word or word.startswith("-") or word.startswith((".", "/")) or "{" in word:
            continue
        names.append(re.split(r"[\[<>=!~; ]", word, maxsplit=1)[0])
    return names


@pytest.mark.parametrize("path", hint_files(), ids=lambda p: str(p.relative_to(REPO)))
def test_every_install_hint_names_this_distribution(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    wrong = []
    for match in PIP_INSTALL.finditer(text):
        wrong += [name for name in package_names(match.group(1)) if name != NAME]
    for match in WITH_EXTRAS.finditer(text):
        name, extras = match.group(1), match.group(2)
        if name.lower().startswith("structchunk") and name != NAME:
            wrong.append(f"{name}[{extras}]")
        if name == NAME:
            wrong += [extra.strip() for extra in extras.split(",")
                      if extra.strip() not in EXTRAS]
    assert not wrong, f"{path.name}: install hints that do not name {NAME} or its extras: {wrong}"


def code_strings(path: Path) -> list[str]:
    """String constants of a module that are not docstrings."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef,
                                       ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr)}
    return [node.value for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in docstrings]


def test_code_builds_hints_through_the_helper() -> None:
    helper = REPO / "structchunk" / "errors.py"
    offenders = [f"{path.relative_to(REPO)}: {value!r}"
                 for path in sorted((REPO / "structchunk").rglob("*.py")) if path != helper
                 for value in code_strings(path) if "pip install" in value]
    assert not offenders, f"write install hints with structchunk.errors.install_hint: {offenders}"


def test_the_readme_warns_about_the_other_package() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert f"pip install {NAME}" in readme
    assert re.search(r"unrelated package named `structchunk`.*\n?.*cannot be installed together",
                     readme)
