"""The `path_line` option: which chunks embed their heading path line before the body."""

from __future__ import annotations

import pickle

import pytest

import structchunk
from structchunk.errors import OptionError
from tests.invariants import assert_chunks_valid

TEXT = ("# Guide\n\n## Install\n\n" + " ".join(f"Step {i} of the install is done here."
                                              for i in range(12)) + "\n\n## Use\n\nOpen it.\n")


def _inside(chunk: structchunk.Chunk) -> bool:
    return not chunk.content.startswith("#")


@pytest.mark.parametrize("path_line", ["inside", "always", "never"])
def test_each_shape_keeps_the_budget_and_the_heading_path(path_line: str) -> None:
    chunks = structchunk.split_text(TEXT, max_size=160, path_line=path_line)
    assert_chunks_valid(TEXT, chunks, 160)
    assert all(chunk.heading_path[:1] == ("Guide",) for chunk in chunks)
    for chunk in chunks:
        lined = chunk.text != chunk.content
        if path_line == "never":
            assert not lined
        elif path_line == "inside":
            assert lined == _inside(chunk), chunk.text
        elif len(chunk.heading_path) > 1:
            assert lined, chunk.text


def test_an_unknown_shape_is_refused_by_name() -> None:
    with pytest.raises(OptionError, match="path_line"):
        structchunk.split_text(TEXT, path_line="sometimes")


def test_the_shape_survives_pickling() -> None:
    chunker = structchunk.Chunker(max_size=160, path_line="never")
    again = pickle.loads(pickle.dumps(chunker))
    assert [c.text for c in again.split_text(TEXT)] == [c.text for c in chunker.split_text(TEXT)]
    assert all(c.text == c.content for c in again.split_text(TEXT))


def test_a_code_piece_opening_with_its_definition_still_names_its_file_and_section() -> None:
    functions = "\n\n".join(f"def f{n}(x):\n    return x + {n}" for n in range(30))
    text = f"# Tools\n\n## Code\n\n```python\n{functions}\n```\n"
    chunks = structchunk.split_text(text, max_size=150)
    assert_chunks_valid(text, chunks, 150)
    later = [chunk for chunk in chunks if chunk.content.startswith("def ")]
    assert later, "the block is cut into pieces that open with a definition"
    for chunk in later:
        assert chunk.text.startswith("Tools > Code\n\n"), chunk.text
