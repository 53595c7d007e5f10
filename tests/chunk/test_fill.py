"""Small pieces share a chunk with a neighbour (`chunk/fill.py`): a section's last paragraph
or a short section does not stand alone where it fits beside the next, and the titles that
identify a provision or a code definition are never given up for it."""

from __future__ import annotations

from pathlib import Path

import pytest

from structchunk import split, split_text
from tests.invariants import assert_chunks_valid

_LONG = " ".join(f"Sentence {i} of the long part says something about setup." for i in range(14))
# A long section cut into pieces, its last paragraph short, then a short section.
_GUIDE = (f"# Guide\n\n## Setup\n\n{_LONG}\n\nA closing note about setup.\n\n"
          "## Use\n\nOpen the tool and read the first page.\n")


def test_a_short_tail_and_a_short_section_share_a_chunk() -> None:
    chunks = split_text(_GUIDE, max_size=400)
    assert_chunks_valid(_GUIDE, chunks, max_size=400)
    holding = [chunk for chunk in chunks if "A closing note" in chunk.content]
    assert len(holding) == 1
    (shared,) = holding
    assert "## Use" in shared.content  # the next section's heading travels in the content
    assert shared.heading_path == ("Guide",)  # true of both parts: only the common path


@pytest.mark.parametrize("max_size", [300, 420, 1000])
def test_a_piece_inside_a_provision_never_runs_into_the_next(max_size: int) -> None:
    path = Path(__file__).parents[2] / "corpus_samples" / "arbeitsrecht_de.md"
    chunks = split(path, max_size=max_size)
    assert_chunks_valid(path.read_text(encoding="utf-8"), chunks, max_size=max_size)
    spanning = [chunk for chunk in chunks if isinstance(chunk.metadata.get("section"), list)]
    # A chunk holding two provisions opens with the first (or a heading above it), so the
    # number of each is in its content; one that starts inside a § stays within it.
    for chunk in spanning:
        first = chunk.metadata["section"][0]
        assert chunk.content.lstrip().startswith("#"), (first, chunk.content[:60])
    inside = [chunk for chunk in chunks if isinstance(chunk.metadata.get("section"), str)
              and not chunk.content.lstrip("# ").startswith(chunk.metadata["section"])]
    assert inside and all(chunk.metadata["section"] in chunk.text for chunk in inside)


def test_a_function_tail_keeps_its_function_name() -> None:
    body = "\n".join(f"    value_{i} = compute(value_{i - 1}, {i})" for i in range(1, 14))
    source = (f"def first(value_0):\n{body}\n    return value_13\n\n\n"
              "def second():\n    return 2\n")
    chunks = split_text(source, max_size=400, code_language="python")
    assert_chunks_valid(source, chunks, max_size=400)
    tail = next(chunk for chunk in chunks if "return value_13" in chunk.content)
    assert "first" in tail.text.split("\n\n", 1)[0]
    assert "def second" not in tail.content
