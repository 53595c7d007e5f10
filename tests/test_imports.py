"""The package's import graph has no circle, counting imports inside functions too."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.conftest import REPO

PACKAGE = REPO / "structchunk"


def _modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(REPO).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def _graph() -> dict[str, set[str]]:
    """Module to the package modules it names in any import statement, in functions too;
    imports for type checking alone (`if TYPE_CHECKING:`) run never and are left out."""
    modules = _modules()
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        named: set[str] = set()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        typing_only = {id(inner) for block in ast.walk(tree) if isinstance(block, ast.If)
                       and ast.unparse(block.test).endswith("TYPE_CHECKING")
                       for inner in ast.walk(block)}
        for node in ast.walk(tree):
            if id(node) in typing_only:
                continue
            if isinstance(node, ast.Import):
                named.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                named.add(node.module)
                named.update(f"{node.module}.{alias.name}" for alias in node.names)
        graph[name] = {target for target in named if target in modules and target != name}
    return graph


def _circle_through(graph: dict[str, set[str]], start: str) -> list[str] | None:
    """A path from `start` back to itself, if there is one (depth-first)."""
    stack = [(start, [start])]
    seen: set[str] = set()
    while stack:
        module, path = stack.pop()
        for target in sorted(graph[module]):
            if target == start:
                return [*path, start]
            if target not in seen:
                seen.add(target)
                stack.append((target, [*path, target]))
    return None


def test_options_sit_below_the_parse_layer() -> None:
    graph = _graph()
    assert not any(target.startswith("structchunk.parse")
                   for target in graph["structchunk.options"])


def test_no_module_imports_itself_through_others() -> None:
    graph = _graph()
    circles = [circle for module in graph if (circle := _circle_through(graph, module))]
    assert not circles, " -> ".join(circles[0])
