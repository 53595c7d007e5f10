"""One sample per language under fixtures/, its expected outline beside it (`.outline`).

Each outline line is a node: its kind, lines, and its title (DEFINITION) or the start of its
first line (TEXT), indented by depth. Set STRUCTCHUNK_WRITE_OUTLINES=1 to rewrite them.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from structchunk.parse import parse
from structchunk.parse.code.languages import code_language_for_path
from structchunk.tree import Node, NodeKind
from tests.parse.code.support import assert_well_formed

FIXTURES = Path(__file__).parent / "fixtures"
SAMPLES = sorted(path for path in FIXTURES.iterdir() if path.suffix != ".outline")


def render(text: str, nodes: tuple[Node, ...], depth: int = 0) -> list[str]:
    lines = []
    for node in nodes:
        if node.kind is NodeKind.DEFINITION:
            label = f"{node.title} ({node.attrs['definition_kind']})"
        else:
            label = text[node.start:node.end].splitlines()[0][:40]
        lines.append(f"{'  ' * depth}{node.kind.value} L{node.start_line}-{node.end_line} "
                     f"{label}")
        lines.extend(render(text, node.children, depth + 1))
    return lines


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda path: path.name)
def test_outline_matches_the_expected_file(sample: Path) -> None:
    document = parse(sample)
    assert document.format == "code"
    assert document.metadata["code_language"] == code_language_for_path(sample.name)
    assert "code_fallback" not in document.metadata
    assert_well_formed(document.source, list(document.root.children), 0, len(document.text))
    actual = "\n".join(render(document.text, document.root.children)) + "\n"
    expected_path = sample.with_suffix(".outline")
    if os.environ.get("STRUCTCHUNK_WRITE_OUTLINES"):
        expected_path.write_text(actual, encoding="utf-8")
    assert actual == expected_path.read_text(encoding="utf-8")
