"""A split class keeps its docstring with its first method (`__init__`) where they fit together.

Otherwise the docstring ranks for a question about the class ("does it retry by default?")
while the line that answers it (`Retry(0, read=False)` in `__init__`) is in another piece.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import structchunk
from structchunk.chunk.chunk import Chunk
from tests.invariants import assert_chunks_valid

_DOCSTRING = "\n".join(f"    Line {number} of what the pool does and why it holds sockets."
                       for number in range(6))
SOURCE = f'''class Pool:
    """A pool of connections.

{_DOCSTRING}
    """

    size: int

    def __init__(self, size: int = 0) -> None:
        if size == 0:
            self.retries = Retries(0, read=False)
        else:
            self.retries = Retries.from_int(size)
        self.size = size
        self.connections = []
        self.waiting = []
        self.closed = False
        self.opened_at = None
        self.borrowed = 0

    def close(self) -> None:
        self.closed = True
'''


BEFORE = '''class Settings:
    """What the pool is built from."""

    def __init__(self) -> None:
        self.size = 4
        self.timeout = 30

'''
OPENING_END = SOURCE.index("    def __init__")
INIT_END = SOURCE.index("    def close")


def _holding(chunks: list[Chunk], needle: str) -> Chunk:
    return next(chunk for chunk in chunks if needle in chunk.content)


def _together(chunks: list[Chunk], *needles: str) -> bool:
    return any(all(needle in chunk.content for needle in needles) for chunk in chunks)


def test_a_short_last_method_does_not_take_init_away_from_the_docstring() -> None:
    max_size = INIT_END + 20  # the class is split; its opening and __init__ fit together
    assert len(SOURCE) > max_size
    chunks = structchunk.split_text(SOURCE, max_size=max_size, code_language="python")
    assert_chunks_valid(SOURCE, chunks, max_size)
    assert _together(chunks, '"""A pool of connections.', "Retries(0, read=False)")


@pytest.mark.parametrize("extra", [0, 15, 30])
def test_the_opening_does_not_join_the_class_before_without_init(tmp_path: Path,
                                                                 extra: int) -> None:
    source = BEFORE + SOURCE
    path = tmp_path / "pool.py"
    path.write_text(source, encoding="utf-8")
    # The class before and Pool's opening fit together, Pool's opening and __init__ too,
    # Pool whole does not.
    max_size = INIT_END + 20 + extra
    assert len(BEFORE) + OPENING_END < max_size < len(SOURCE)
    chunks = structchunk.split(path, max_size=max_size)
    assert_chunks_valid(source, chunks, max_size)
    assert _together(chunks, '"""A pool of connections.', "Retries(0, read=False)")


def test_a_class_whose_opening_and_init_do_not_fit_together_keeps_init_whole() -> None:
    max_size = OPENING_END + 100
    chunks = structchunk.split_text(SOURCE, max_size=max_size, code_language="python")
    assert_chunks_valid(SOURCE, chunks, max_size)
    init = _holding(chunks, "def __init__")
    assert "self.borrowed = 0" in init.content


@pytest.mark.parametrize("max_size", [2500, 2620, 2640])
def test_requests_http_adapter_docstring_and_default_retry_share_a_piece(
        corpus: Path, max_size: int) -> None:
    path = corpus / "code" / "python" / "requests" / "src" / "requests" / "adapters.py"
    text = path.read_text(encoding="utf-8")
    chunks = structchunk.split(path, max_size=max_size)
    assert_chunks_valid(text, chunks, max_size)
    assert _together(chunks, "class HTTPAdapter(BaseAdapter):",
                     "By default, Requests does not retry failed", "Retry(0, read=False)")
