"""Inputs that used to take quadratic time: each is sized so that a quadratic algorithm would
make the suite visibly hang. Times are measured in benchmarks/pathological.py, not here."""

from __future__ import annotations

import structchunk
from structchunk.decode import from_text
from tests.invariants import assert_chunks_valid


def nested_functions(depth: int) -> str:
    return ("".join(f"function f{i}() {{\n" for i in range(depth)) + "return 1;\n"
            + "}\n" * depth)


def test_deeply_nested_javascript_functions_give_valid_chunks() -> None:
    code = nested_functions(8000)
    chunks = structchunk.split(from_text(code), format="code", code_language="javascript",
                               max_size=1000)
    assert_chunks_valid(code, chunks, 1000)
    # The outline reaches as deep as its nesting limit: the first chunks hold definitions.
    assert chunks[0].heading_path == ("function f0",) and "function f0()" in chunks[0].content
    assert any(chunk.metadata.get("definitions") for chunk in chunks)
