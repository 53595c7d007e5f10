"""Any input at all: chunks with every invariant, or one of structchunk's own errors."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import structchunk
from structchunk.decode import from_text
from structchunk.errors import PdfError, StructchunkError
from tests.invariants import assert_chunks_valid

FORMATS = ["markdown", "text", "legal"]
pieces = st.sampled_from([
    "§ 1", "§§ 2 bis 3", "(1)", "(2)", "1.", "a)", "# ", "##### ", "```", "~~~", "|", "---",
    "===", "> ", "- ", "* ", "\n", "\n\n", "\r\n", "\r", " ", "\t", ".", "।", "॥", "z. B.",
    "Abs.", "Art. 3", "GmbH & Co. KG", "v2.3.1", "e.g.", "https://x.org/a.b", "\u200b",
    "\u202e", "\x00", "\ufeff", "Wort", "word", "शब्द", "आहे", "ÄÖÜ", "TITLE IN CAPS",
    "(weggefallen)", "Buch 1", "Abschnitt 2", "<div>", "</div>", "---\ntitle: x\n---",
])
texts = st.one_of(st.text(max_size=400), st.lists(pieces, max_size=120).map("".join))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(texts, st.sampled_from(FORMATS), st.integers(min_value=20, max_value=400))
def test_any_text_in_any_text_format_keeps_the_invariants(text: str, fmt: str,
                                                          max_size: int) -> None:
    # A Source is always text, never a path, whatever it holds ("/" names a folder).
    chunks = structchunk.split(from_text(text), format=fmt, max_size=max_size)
    assert_chunks_valid(text, chunks, max_size)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=600), st.integers(min_value=20, max_value=400))
def test_any_bytes_give_chunks_or_a_structchunk_error(data: bytes, max_size: int) -> None:
    try:
        chunks = structchunk.split(data, max_size=max_size)
    except StructchunkError as err:
        assert str(err)
        return
    source = structchunk.parse(data).text
    assert_chunks_valid(source, chunks, max_size)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(min_size=1, max_size=400))
def test_bytes_after_a_pdf_header_give_a_pdf_error_not_a_traceback(tail: bytes) -> None:
    try:
        structchunk.split(b"%PDF-1.7\n" + tail)
    except PdfError as err:
        assert str(err).startswith("<bytes>: ")
