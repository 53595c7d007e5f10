"""Notebooks: markdown cells as Markdown, code cells as code in the kernel's language, the
cell index in every chunk, outputs only when asked."""

from __future__ import annotations

import json

import pytest

import structchunk
from structchunk.errors import ParseError
from tests.invariants import assert_chunks_valid


def _notebook(language: str = "python") -> bytes:
    cells = [
        {"cell_type": "markdown", "source": ["# Tour\n", "\n", "Some *intro* text."]},
        {"cell_type": "code", "source": "def add(a, b):\n    return a + b\n",
         "outputs": [{"output_type": "stream", "name": "stdout", "text": ["printed 3\n"]}]},
        {"cell_type": "markdown", "source": "## Loops\n\nA loop repeats."},
        {"cell_type": "code", "source": ["for i in range(3):\n", "    print(i)"],
         "outputs": [{"output_type": "error", "ename": "E", "evalue": "v",
                      "traceback": ["\x1b[0;31mTraceback\x1b[0m", "ValueError: v"]}]},
        {"cell_type": "raw", "source": "raw text"},
    ]
    notebook = {"cells": cells, "nbformat": 4, "nbformat_minor": 5,
                "metadata": {"kernelspec": {"language": language, "name": "k"}}}
    return json.dumps(notebook).encode()


def test_cells_become_markdown_and_fenced_code() -> None:
    document = structchunk.parse(_notebook(), format="notebook")
    assert document.text == ("# Tour\n\nSome *intro* text.\n\n```python\ndef add(a, b):\n"
                             "    return a + b\n```\n\n## Loops\n\nA loop repeats.\n\n"
                             "```python\nfor i in range(3):\n    print(i)\n```\n\nraw text")
    assert document.metadata["kernel_language"] == "python"
    chunks = structchunk.split(document, max_size=60)
    assert_chunks_valid(document.text, chunks, 60)
    code = next(chunk for chunk in chunks if "def add" in chunk.content)
    assert code.metadata["cell"] == 1
    assert code.metadata["code_language"] == "python"
    assert code.heading_path == ("Tour",)
    loop = next(chunk for chunk in chunks if "for i" in chunk.content)
    assert loop.metadata["cell"] == 3 and loop.heading_path == ("Tour", "Loops")


def test_every_chunk_names_its_cells() -> None:
    chunks = structchunk.split(_notebook(), format="notebook", max_size=1000)
    assert len(chunks) == 1
    assert chunks[0].metadata["cell"] == [0, 1, 2, 3, 4]


def test_outputs_are_kept_when_asked() -> None:
    dropped = structchunk.parse(_notebook(), format="notebook")
    assert "printed 3" not in dropped.text
    kept = structchunk.parse(_notebook(), format="notebook", notebook_outputs=True)
    assert "```python\ndef add(a, b):\n    return a + b\n```\n\n```\nprinted 3\n```" in kept.text
    assert "Traceback\nValueError: v" in kept.text and "\x1b" not in kept.text
    chunks = structchunk.split(kept, max_size=50)
    output = next(chunk for chunk in chunks if "printed 3" in chunk.content)
    assert output.metadata["output"] is True
    assert output.metadata["cell"] in (1, [1, 2])


def test_the_kernel_language_names_the_code() -> None:
    document = structchunk.parse(_notebook("R"), format="notebook")
    assert "```r\nfor i" in document.text


def test_a_notebook_is_found_by_its_content() -> None:
    assert structchunk.parse(_notebook()).format == "notebook"


@pytest.mark.parametrize("data,problem", [
    (b"{not json", "not valid JSON"),
    (b"[1, 2]", "not an object"),
    (b'{"cells": 3, "nbformat": 4}', "not a list"),
    (b'{"cells": ["text"], "nbformat": 4}', "cell 1 is not an object"),
    (b'{"cells": [{"cell_type": "markdown", "source": "# A"}, {"cell_type": "code", '
     b'"source": 5}], "nbformat": 4}', "the source of cell 2 is a JSON number, not text"),
    (b'{"cells": [{"cell_type": "code", "source": ["x = 1\\n", null]}], "nbformat": 4}',
     "the source of cell 1 has a line that is a JSON null, not text"),
])
def test_broken_notebooks_are_named(data: bytes, problem: str) -> None:
    with pytest.raises(ParseError, match=problem):
        structchunk.parse(data, format="notebook")
