"""Span survival: a piece that belongs together lies verbatim in exactly one chunk.

Cases come from corpus_samples/spans.jsonl and the shared corpus's spans.jsonl. A span that
leaves room for its heading path (span plus header row up to about 800 characters at the
default budget of 1,000) must survive whole; a longer heading section cannot fit and must be
cut only between its blocks.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

import structchunk
from structchunk import Chunk, NodeKind
from tests.conftest import REPO, SAMPLES, corpus_root, load_spans
from tests.invariants import assert_chunks_valid

ROOM_FOR_PATH = 800
BLOCK_KINDS = {NodeKind.HEADING, NodeKind.PARAGRAPH, NodeKind.LIST, NodeKind.ITEM,
               NodeKind.TABLE, NodeKind.ROW, NodeKind.CODE, NodeKind.QUOTE, NodeKind.HTML,
               NodeKind.BREAK, NodeKind.SECTION, NodeKind.TEXT}


def _cases() -> list[tuple[str, dict, Path]]:
    cases = [(case["id"], case, REPO) for case in load_spans(SAMPLES / "spans.jsonl")]
    shared = corpus_root()
    if shared is not None:
        cases += [(case["id"], case, shared) for case in load_spans(shared / "spans.jsonl")
                  if case["doc"].endswith(".md")]
    return cases


CASES = _cases()


@cache
def chunks_of(path: Path) -> tuple[Chunk, ...]:
    chunks = structchunk.split(path, max_size=1000)
    assert_chunks_valid(path.read_text(encoding="utf-8"), chunks, 1000)
    return tuple(chunks)


def _needed(case: dict) -> int:
    return len(case["span"]) + len(case.get("header", "")) + (1 if "header" in case else 0)


@pytest.mark.parametrize("case_id,case,root", CASES, ids=[c[0] for c in CASES])
def test_span_survives_in_exactly_one_chunk(case_id: str, case: dict, root: Path) -> None:
    path = root / case["doc"]
    text = path.read_text(encoding="utf-8")
    assert text[case["char_start"]:case["char_start"] + len(case["span"])] == case["span"]
    chunks = chunks_of(path)
    holders = [chunk for chunk in chunks if case["span"] in chunk.content]
    if _needed(case) > ROOM_FOR_PATH:
        assert case["kind"] in ("heading_section", "code_function"), case_id
        _assert_cut_between_blocks(path, case, chunks)
        return
    assert len(holders) == 1, f"{case_id}: in {len(holders)} chunks"
    if case["kind"] == "table_row":
        assert case["header"] in holders[0].text


def _assert_cut_between_blocks(path: Path, case: dict, chunks: tuple[Chunk, ...]) -> None:
    start = case["char_start"]
    end = start + len(case["span"])
    document = structchunk.parse(path)
    block_starts = {node.start for node, _ in document.root.walk() if node.kind in BLOCK_KINDS}
    for chunk in chunks:
        if start < chunk.start < end:
            assert chunk.start in block_starts, (case["id"], document.text[chunk.start:][:60])


def test_corpus_samples_cover_every_kind() -> None:
    kinds = {case["kind"] for case in load_spans(SAMPLES / "spans.jsonl")}
    assert {"table_row", "heading_section", "list_step", "definition", "legal_section",
            "hindi_sentence", "german_sentence", "code_function"} <= kinds
