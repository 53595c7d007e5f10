"""Every strategy keeps the invariants; each new one keeps its own promise."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import structchunk
from structchunk.chunk.enclosing import Outline
from structchunk.decode import from_text
from structchunk.errors import BudgetError, StrategyError
from structchunk.evaluate.embeddings import hashing_embedding
from tests.conftest import SAMPLES
from tests.invariants import assert_chunks_valid, assert_contexts_valid, embedded

DOCS = sorted(SAMPLES.glob("*.md")) + [SAMPLES / "arbeitsrecht_de.txt"]
EMBED = hashing_embedding(64)
OPTIONS = {"semantic": {"embedding": EMBED}, "metadata_aware": {"category": "handbook"}}
STRATEGIES = sorted(structchunk.STRATEGIES)


def split(path: Path, strategy: str, max_size: int, **kwargs: object) -> list[structchunk.Chunk]:
    return structchunk.split(path, strategy=strategy, max_size=max_size,
                             strategy_options=OPTIONS.get(strategy), **kwargs)


def parents(chunks: list[structchunk.Chunk]) -> list[structchunk.Chunk]:
    return [chunk for chunk in chunks if chunk.metadata.get("hierarchy") == "parent"]


@pytest.mark.parametrize("max_size", [240, 1000])
@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize("path", DOCS, ids=lambda p: p.name)
def test_every_strategy_keeps_offsets_nothing_lost_budget_and_ids(
        path: Path, strategy: str, max_size: int) -> None:
    source = path.read_text(encoding="utf-8")
    chunks = split(path, strategy, max_size)
    leaves = embedded(chunks)
    assert leaves
    # Offsets exact, nothing lost, budget hard, on what is embedded.
    assert_chunks_valid(source, _renumbered(leaves), max_size)
    assert_contexts_valid(source, chunks)
    assert [c.index for c in chunks] == list(range(len(chunks)))
    assert len({c.chunk_id for c in chunks}) == len(chunks)
    assert all(c.metadata["strategy"] == strategy for c in chunks)
    again = split(path, strategy, max_size)
    assert [(c.chunk_id, c.text, c.context) for c in again] == \
        [(c.chunk_id, c.text, c.context) for c in chunks]


def _renumbered(chunks: list[structchunk.Chunk]) -> list[structchunk.Chunk]:
    from dataclasses import replace

    return [replace(chunk, index=number) for number, chunk in enumerate(chunks)]


@pytest.mark.parametrize("path", DOCS, ids=lambda p: p.name)
def test_sentence_windows_stay_in_their_section_and_within_their_limit(path: Path) -> None:
    document = structchunk.parse(path)
    outline = Outline(document)
    chunks = structchunk.split(document, strategy="sentence_window", max_size=300,
                               strategy_options={"window": 2, "context_size": 700})
    widened = 0
    for chunk in chunks:
        section = outline.section_span(chunk.start, chunk.end)
        assert section[0] <= chunk.context_start and chunk.context_end <= section[1]
        assert len(chunk.context) <= 700
        low, high = chunk.metadata["window"]
        assert -2 <= low <= 0 <= high <= 2
        widened += chunk.context != chunk.content
    assert widened > len(chunks) / 2


def test_a_sentence_window_is_the_neighbouring_sentences() -> None:
    text = "# A\n\nOne is here. Two is here. Three is here. Four is here.\n\n# B\n\nFive is here.\n"
    chunks = structchunk.split(from_text(text), strategy="sentence_window", max_size=40,
                               strategy_options={"window": 1})
    two = next(c for c in chunks if c.content == "Two is here.")
    assert two.context == "One is here. Two is here. Three is here."
    four = next(c for c in chunks if c.content == "Four is here.")
    assert four.context == "Three is here. Four is here."  # section B is not reached
    five = next(c for c in chunks if "Five" in c.content)
    assert "Four" not in five.context


def test_sentence_window_context_limit_must_hold_the_chunk() -> None:
    with pytest.raises(BudgetError, match="context_size"):
        structchunk.split(from_text("One. Two."), strategy="sentence_window", max_size=100,
                          strategy_options={"context_size": 50})


@pytest.mark.parametrize("path", DOCS, ids=lambda p: p.name)
def test_hierarchical_leaves_lie_in_their_parent_which_respects_sections(path: Path) -> None:
    document = structchunk.parse(path)
    source = document.text
    chunks = structchunk.split(document, strategy="hierarchical", max_size=200,
                               strategy_options={"parent_size": 900})
    by_id = {c.chunk_id: c for c in chunks}
    tops = parents(chunks)
    assert tops and len(tops) < len(chunks)
    assert_chunks_valid(source, _renumbered(tops), 900)
    sections = [(n.start, n.end) for n, _ in document.root.walk()
                if n.kind is structchunk.NodeKind.SECTION]
    for parent in tops:
        for start, end in sections:  # laminar: whole sections, inside one, or apart
            trimmed_end = len(source[:end].rstrip())
            assert (parent.end <= start or parent.start >= trimmed_end
                    or (start <= parent.start and parent.end <= end)
                    or (parent.start <= start and trimmed_end <= parent.end)), \
                (parent.index, start, end)
    for leaf in embedded(chunks):
        parent = by_id[leaf.metadata["parent_id"]]
        assert parent.metadata["hierarchy"] == "parent"
        assert parent.start <= leaf.start and leaf.end <= parent.end
        assert (leaf.context, leaf.context_start, leaf.context_end) == \
            (parent.content, parent.start, parent.end)
        assert leaf.size <= 200


def test_hierarchical_parent_budget_is_checked() -> None:
    with pytest.raises(BudgetError, match="parent_size"):
        structchunk.split(from_text("One. Two."), strategy="hierarchical", max_size=100,
                          strategy_options={"parent_size": 50})


def test_semantic_needs_an_embedding_and_says_so() -> None:
    with pytest.raises(StrategyError, match="needs an embedding function"):
        structchunk.split(from_text("One. Two. Three."), strategy="semantic")


def test_semantic_cuts_where_the_topic_shifts_inside_one_paragraph() -> None:
    text = ("Cats purr loudly. Cats sleep all day. Cats chase mice at night. "
            "Taxes are due in April. Taxes fund the roads. Taxes rise every year.\n")
    chunks = structchunk.split(from_text(text), strategy="semantic", max_size=1000,
                               strategy_options={"embedding": EMBED, "percentile": 10})
    assert [c.content for c in chunks] == [
        "Cats purr loudly. Cats sleep all day. Cats chase mice at night.",
        "Taxes are due in April. Taxes fund the roads. Taxes rise every year."]


def test_semantic_never_joins_two_sections() -> None:
    text = "# A\n\nCats purr. Cats sleep.\n\n# B\n\nCats chase mice. Cats purr.\n"
    chunks = structchunk.split(from_text(text), strategy="semantic", max_size=1000,
                               strategy_options={"embedding": EMBED, "percentile": 0})
    assert [c.heading_path for c in chunks] == [("A",), ("B",)]


@pytest.mark.parametrize("embed,message", [
    (lambda texts: [[1.0]], "returned 1 vectors"),
    (lambda texts: 1 / 0, "ZeroDivisionError"),
])
def test_semantic_reports_a_broken_embedding(embed: object, message: str) -> None:
    with pytest.raises(StrategyError, match=message):
        structchunk.split(from_text("One here. Two here. Three here."), strategy="semantic",
                          strategy_options={"embedding": embed})


def test_metadata_aware_header_is_embedded_and_counted() -> None:
    path = SAMPLES / "long_handbook.md"
    chunks = structchunk.split(path, strategy="metadata_aware", max_size=300,
                               strategy_options={"category": "hr policy"})
    assert_chunks_valid(path.read_text(encoding="utf-8"), chunks, 300)
    deep = next(c for c in chunks if len(c.heading_path) >= 2 and c.start > 2000)
    header = deep.text.split("\n\n", 1)[0]
    assert header == deep.metadata["header"]
    assert header.startswith("Northwind Atelier Employee Handbook | en | ")
    assert header.endswith(" | category: hr policy")
    assert deep.heading_path[-1] in header
    assert deep.context == deep.content and deep.content in deep.text


def test_metadata_aware_takes_the_front_matter_title() -> None:
    text = "---\ntitle: \"Release guide\"\n---\n\n# Steps\n\nTag the release. Push the tag.\n"
    chunks = structchunk.split(from_text(text), strategy="metadata_aware", max_size=200)
    assert all(c.text.startswith("Release guide | ") for c in chunks)


def test_metadata_aware_refuses_a_header_that_leaves_no_room() -> None:
    with pytest.raises(BudgetError, match="header"):
        structchunk.split(from_text("One. Two."), strategy="metadata_aware", max_size=100,
                          strategy_options={"category": "x" * 80})


@pytest.mark.parametrize("strategy", ["fixed", "recursive"])
def test_overlap_is_in_the_budget_unit_and_only_in_the_text(strategy: str) -> None:
    path = SAMPLES / "long_handbook.md"
    source = path.read_text(encoding="utf-8")
    chunks = structchunk.split(path, strategy=strategy, max_size=300, overlap_size=60)
    assert_chunks_valid(source, chunks, 300)
    assert_contexts_valid(source, chunks)
    overlapping = [c for c in chunks if "overlap_start" in c.metadata]
    assert len(overlapping) >= len(chunks) - 1 > 10
    for chunk in overlapping:
        repeated = source[chunk.metadata["overlap_start"]:chunk.start]
        assert 0 < len(repeated) <= 60 and repeated.strip()
        assert chunk.text == repeated + chunk.content
        assert chunk.context == chunk.content
    if strategy == "recursive":
        assert all(source[c.metadata["overlap_start"] - 1].isspace() for c in overlapping)


def test_overlap_counts_tokens_with_a_token_budget() -> None:
    path = SAMPLES / "long_handbook.md"
    words = lambda text: len(text.split())  # noqa: E731
    chunks = structchunk.split(path, strategy="recursive", max_size=60, overlap_size=10,
                               length_function=words)
    assert_chunks_valid(path.read_text(encoding="utf-8"), chunks, 60, words)
    source = path.read_text(encoding="utf-8")
    repeated = [source[c.metadata["overlap_start"]:c.start] for c in chunks
                if "overlap_start" in c.metadata]
    assert repeated and all(words(r) <= 10 for r in repeated)
    assert max(words(r) for r in repeated) >= 8


def test_overlap_over_half_the_budget_is_refused() -> None:
    with pytest.raises(BudgetError, match="half"):
        structchunk.split(from_text("One two three."), strategy="fixed", max_size=100,
                          overlap_size=60)


def test_unknown_strategy_option_is_named() -> None:
    with pytest.raises(StrategyError, match="no option 'windw'"):
        structchunk.split(from_text("One."), strategy="sentence_window",
                          strategy_options={"windw": 3})


def test_a_strategy_object_is_accepted() -> None:
    from structchunk.chunk.strategies.sentence_window import SentenceWindowChunker

    chunks = structchunk.split(from_text("One is here. Two is here."),
                               strategy=SentenceWindowChunker(window=1), max_size=20)
    assert [c.context for c in chunks] == ["One is here. Two is here."] * 2


def test_context_round_trips_and_old_rows_still_read() -> None:
    chunk = structchunk.split(from_text("One is here. Two is here."),
                              strategy="sentence_window", max_size=20)[0]
    row = json.loads(chunk.to_json())
    assert row["schema"] == "structchunk.chunk/v2"
    assert structchunk.Chunk.from_dict(row) == chunk
    old = {key: value for key, value in row.items()
           if key not in ("context", "context_start", "context_end")}
    old["schema"] = "structchunk.chunk/v1"
    read = structchunk.Chunk.from_dict(old)
    assert (read.context, read.context_start, read.context_end) == \
        (read.content, read.start, read.end)


def test_sentence_overlap_is_refused_by_window_strategies() -> None:
    with pytest.raises(BudgetError, match="overlap_size"):
        structchunk.split(from_text("One two three."), strategy="recursive", max_size=100,
                          overlap=2)
