"""What the code tests share: the corpus files, an independent list of functions, invariants."""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from tree_sitter import Language, Parser
from tree_sitter import Node as SyntaxNode

from structchunk.decode import Source, from_text
from structchunk.parse.code.definitions import outline
from structchunk.tree import Node, NodeKind

CODE_FILES = {
    "python": ["python/requests/src/requests/sessions.py",
               "python/requests/src/requests/adapters.py",
               "python/requests/src/requests/models.py",
               "python/requests/src/requests/utils.py"],
    "javascript": ["javascript/express/lib/response.js", "javascript/express/lib/request.js",
                   "javascript/express/lib/application.js"],
    "go": ["go/cobra/args.go", "go/cobra/completions.go", "go/cobra/command.go"],
    "rust": ["rust/json/src/value/mod.rs", "rust/json/src/read.rs", "rust/json/src/ser.rs",
             "rust/json/src/de.rs"],
}
ALL_FILES = [(language, path) for language, paths in CODE_FILES.items() for path in paths]

_GRAMMARS = {"python": "tree_sitter_python", "javascript": "tree_sitter_javascript",
             "go": "tree_sitter_go", "rust": "tree_sitter_rust"}
# Node types that are a function or method, with the field that names them.
_FUNCTIONS = {
    "python": {"function_definition"},
    "javascript": {"function_declaration", "method_definition", "generator_function_declaration"},
    "go": {"function_declaration", "method_declaration"},
    "rust": {"function_item"},
}


@dataclass(frozen=True)
class Function:
    """A function or method as the bare grammar sees it: name and character span."""

    name: str
    start: int
    end: int


def parse_units(text: str, language: str | None) -> tuple[Source, list[Node], str | None]:
    source = from_text(text)
    units, note = outline(source, 0, len(text), language)
    return source, units, note


def functions(text: str, language: str) -> list[Function]:
    """Every function and method, found by node type alone (no query files involved).

    JavaScript also counts `a.b = function () {}` statements at top level, the way express
    defines its methods.
    """
    module = importlib.import_module(_GRAMMARS[language])
    data = text.encode("utf-8")
    char_at = _char_table(data)
    tree = Parser(Language(module.language())).parse(data)
    found = []
    for node in _walk(tree.root_node):
        name_node = node.child_by_field_name("name")
        if node.type in _FUNCTIONS[language] and name_node is not None:
            found.append(Function(_text(data, name_node), char_at[node.start_byte],
                                  char_at[node.end_byte]))
        elif language == "javascript" and node.type == "expression_statement" and (
                node.parent is not None and node.parent.type == "program"):
            inner = node.named_children[0] if node.named_children else None
            if inner is not None and inner.type == "assignment_expression":
                right = inner.child_by_field_name("right")
                left = inner.child_by_field_name("left")
                if right is not None and left is not None and right.type == "function_expression":
                    found.append(Function(_text(data, left), char_at[node.start_byte],
                                          char_at[node.end_byte]))
    return found


def _walk(node: SyntaxNode) -> Iterator[SyntaxNode]:
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(reversed(current.children))


def _text(data: bytes, node: SyntaxNode) -> str:
    return data[node.start_byte:node.end_byte].decode("utf-8")


def _char_table(data: bytes) -> list[int]:
    table = []
    chars = 0
    for byte in data:
        if not 0x80 <= byte < 0xC0:
            chars += 1
        table.append(chars - 1)
    table.append(chars)
    return table


def definitions(nodes: list[Node]) -> Iterator[tuple[Node, tuple[Node, ...]]]:
    """Every DEFINITION with the DEFINITIONs that enclose it, outermost first."""
    stack: list[tuple[Node, tuple[Node, ...]]] = [(node, ()) for node in reversed(nodes)]
    while stack:
        node, parents = stack.pop()
        if node.kind is NodeKind.DEFINITION:
            yield node, parents
            parents = (*parents, node)
        stack.extend((child, parents) for child in reversed(node.children))


def innermost(nodes: list[Node], start: int, end: int) -> list[Node]:
    """The DEFINITIONs holding [start, end) that no child of theirs holds whole."""
    result = []
    for node, _parents in definitions(nodes):
        if node.start <= start and end <= node.end and not any(
                child.kind is NodeKind.DEFINITION and child.start <= start and end <= child.end
                for child in node.children):
            result.append(node)
    return result


def assert_well_formed(source: Source, nodes: list[Node], start: int, end: int) -> None:
    """Sorted, disjoint, inside their parent, trimmed, lines right, and nothing lost."""
    text = source.text
    _assert_level(source, nodes, start, end)
    covered = bytearray(end - start)
    for node in nodes:
        covered[node.start - start:node.end - start] = b"\x01" * (node.end - node.start)
    lost = [i for i, flag in enumerate(covered) if not flag and not text[start + i].isspace()]
    assert not lost, f"lost {text[start + lost[0]:start + lost[0] + 30]!r}"


def _assert_level(source: Source, nodes: tuple[Node, ...] | list[Node], start: int,
                  end: int) -> None:
    text = source.text
    cursor = start
    for node in nodes:
        assert node.kind in (NodeKind.DEFINITION, NodeKind.TEXT), node.kind
        assert cursor <= node.start < node.end <= end, (cursor, node.start, node.end, end)
        assert not text[node.start].isspace() and not text[node.end - 1].isspace()
        assert node.start_line == source.line_of(node.start)
        assert node.end_line == source.line_of(node.end - 1)
        if node.kind is NodeKind.DEFINITION:
            assert node.title, node
            assert node.attrs.get("definition_kind")
        if node.children:
            _assert_level(source, node.children, node.start, node.end)
            inside = "".join(text[child.start:child.end] for child in node.children)
            assert "".join(inside.split()) == "".join(text[node.start:node.end].split()), (
                f"children of {node.title} do not cover it")
        cursor = node.end


def read(corpus: Path, path: str) -> str:
    return (corpus / "code" / path).read_text(encoding="utf-8")
