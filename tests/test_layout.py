"""Size limits of the package, read from its syntax trees: modules of at most 400 lines,
functions of at most 60, so every piece can be read at once."""

from __future__ import annotations

import ast

from tests.conftest import REPO

PACKAGE = REPO / "structchunk"
MAX_MODULE_LINES = 400
MAX_FUNCTION_LINES = 60

# Modules exempt from the limits while they are being split; an entry is removed when its
# split lands, so the limits only ever get stricter. Nothing may be added here.
ALLOWED_OVERSIZE: frozenset[str] = frozenset()


def _modules() -> list[tuple[str, str]]:
    return [(path.relative_to(REPO).as_posix(), path.read_text(encoding="utf-8"))
            for path in sorted(PACKAGE.rglob("*.py"))]


def long_modules(modules: list[tuple[str, str]]) -> list[str]:
    """Modules over the line limit, as `path: lines`."""
    return [f"{name}: {len(text.splitlines())}" for name, text in modules
            if len(text.splitlines()) > MAX_MODULE_LINES and name not in ALLOWED_OVERSIZE]


def long_functions(modules: list[tuple[str, str]]) -> list[str]:
    """Functions and methods over the line limit (decorators and docstring counted), as
    `path:line name: lines`."""
    found = []
    for name, text in modules:
        if name in ALLOWED_OVERSIZE:
            continue
        for node in ast.walk(ast.parse(text, name)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                first = min([node.lineno, *(item.lineno for item in node.decorator_list)])
                lines = (node.end_lineno or node.lineno) - first + 1
                if lines > MAX_FUNCTION_LINES:
                    found.append(f"{name}:{node.lineno} {node.name}: {lines}")
    return found


def test_no_module_is_over_400_lines() -> None:
    assert long_modules(_modules()) == []


def test_no_function_is_over_60_lines() -> None:
    assert long_functions(_modules()) == []


def test_the_limits_see_what_they_measure() -> None:
    # A module of 401 lines and a function of 61 are found; the limits themselves are kept.
    body = "\n".join(f"    x{i} = {i}" for i in range(60))
    function = f"def long() -> None:\n{body}\n"
    assert long_functions([("m.py", function)]) == ["m.py:1 long: 61"]
    assert long_functions([("m.py", function.replace("    x59 = 59\n", ""))]) == []
    assert long_modules([("m.py", "\n" * 401)]) == ["m.py: 401"]
    assert long_modules([("m.py", "\n" * 400)]) == []


def test_every_allowed_exception_still_exists() -> None:
    # An entry whose module was split or renamed must go, or the list would only grow.
    assert all((REPO / name).is_file() for name in ALLOWED_OVERSIZE)

