"""Each strategy's own promise, checked exactly where the invariant checks cannot see it.

The invariants (nothing lost, exact offsets, hard budgets) hold even when a strategy's
pieces are wrong, because later steps close gaps and enforce budgets. These tests pin what
each strategy itself makes: fixed windows, where overlap starts, the leaves a hierarchical
strategy embeds, semantic thresholds, and the chunk's JSON form.
"""

from __future__ import annotations

import json

import pytest

import structchunk
from structchunk.chunk.budget import Budget
from structchunk.chunk.context import ChunkContext
from structchunk.chunk.strategies.hierarchical import HierarchicalChunker
from structchunk.chunk.strategies.metadata_aware import MetadataAwareChunker
from structchunk.chunk.strategies.semantic import SemanticChunker, percentile_of
from structchunk.chunker import _language_at
from structchunk.errors import BudgetError, StrategyError
from structchunk.evaluate.embeddings import hashing_embedding
from tests.conftest import SAMPLES

LETTERS = "abcdefghij" * 30


def test_fixed_windows_are_the_budget_long_from_the_first_character() -> None:
    chunks = structchunk.split_text(LETTERS, strategy="fixed", max_size=100)
    assert [chunk.content for chunk in chunks] == [LETTERS[0:100], LETTERS[100:200],
                                                   LETTERS[200:300]]
    assert [(chunk.start, chunk.end) for chunk in chunks] == [(0, 100), (100, 200), (200, 300)]


def test_fixed_overlap_repeats_exact_characters_even_inside_a_word() -> None:
    text = " ".join(f"wort{number:03d}" for number in range(80))
    chunks = structchunk.split_text(text, strategy="fixed", max_size=100, overlap_size=13)
    starts = [chunk.metadata["overlap_start"] for chunk in chunks[1:]]
    # 13 characters back, one fewer where that lands on a space (never repeated first)
    assert starts and all(chunk.start - start in (12, 13)
                          for chunk, start in zip(chunks[1:], starts, strict=True))
    assert not any(text[start].isspace() for start in starts)
    assert any(text[start - 1].isalnum() for start in starts)  # cut inside a word


def test_recursive_overlap_starts_at_a_word_and_none_when_no_word_starts_in_it() -> None:
    text = ("Kurz. " * 30) + "x" * 150 + " Ende des Textes hier."
    chunks = structchunk.split_text(text, strategy="recursive", max_size=100,
                                    overlap_size=30)
    for chunk in chunks[1:]:
        start = chunk.metadata.get("overlap_start", chunk.start)
        assert start == chunk.start or text[start - 1].isspace()
        assert chunk.text == text[start:chunk.start] + chunk.content
    after_long_word = [chunk for chunk in chunks if text[chunk.start - 1:chunk.start] == "x"]
    assert after_long_word and all("overlap_start" not in chunk.metadata
                                   or chunk.metadata["overlap_start"] == chunk.start
                                   for chunk in after_long_word)


def _context(document: structchunk.Document, max_size: int) -> ChunkContext:
    return ChunkContext(Budget(max_size=max_size), _language_at(document))


def test_hierarchical_pieces_are_its_leaves() -> None:
    document = structchunk.parse(SAMPLES / "long_handbook.md")
    strategy = HierarchicalChunker()
    leaves = [chunk for chunk in strategy.chunks(document, _context(document, 300))
              if chunk.metadata["hierarchy"] != "parent"]
    pieces = strategy.chunk(document, _context(document, 300))
    assert [(piece.start, piece.end) for piece in pieces] == [
        (leaf.start, leaf.end) for leaf in leaves]


def test_metadata_aware_pieces_are_its_chunks() -> None:
    document = structchunk.parse(SAMPLES / "long_handbook.md")
    strategy = MetadataAwareChunker()
    chunks = strategy.chunks(document, _context(document, 300))
    pieces = strategy.chunk(document, _context(document, 300))
    assert [(piece.start, piece.end) for piece in pieces] == [
        (chunk.start, chunk.end) for chunk in chunks]


def test_metadata_aware_title_comes_from_front_matter_not_the_first_heading() -> None:
    document = structchunk.parse_text("---\ntitle: Handbuch\n---\n\n# Kapitel\n\nText.\n")
    assert MetadataAwareChunker().document_title(document) == "Handbuch"
    plain = structchunk.parse_text("# Kapitel\n\nText.\n")
    assert MetadataAwareChunker().document_title(plain) != "Handbuch"


@pytest.mark.parametrize(("values", "percentile", "expected"), [
    ([4.0, 1.0, 3.0, 2.0], 50, 2.5), ([1.0, 2.0, 3.0, 4.0], 100, 4.0),
    ([1.0, 2.0, 3.0, 4.0], 0, 1.0), ([5.0], 30, 5.0), ([0.0, 10.0], 25, 2.5),
])
def test_percentiles_interpolate_between_ranks(values: list[float], percentile: float,
                                               expected: float) -> None:
    assert percentile_of(values, percentile) == pytest.approx(expected)


@pytest.mark.parametrize("percentile", [-0.5, 100.5, "10"])
def test_a_percentile_outside_0_to_100_is_refused_with_its_value(percentile: object) -> None:
    with pytest.raises(StrategyError) as raised:
        SemanticChunker(hashing_embedding(8), percentile=percentile)  # type: ignore[arg-type]
    assert str(raised.value) == (
        f"semantic: percentile must be between 0 and 100, got {percentile!r}")


TOPICS = ("The kettle boils water fast. Descale the kettle with vinegar. Bicycles need chain "
          "oil often. Gardens want water in summer. Ovens bake bread at night. Tax forms are "
          "due in April.")


def test_percentiles_at_the_ends_cut_nowhere_or_everywhere_but_the_closest_pair() -> None:
    def contents(percentile: float) -> list[str]:
        return [chunk.content for chunk in structchunk.split_text(
            TOPICS, strategy="semantic", max_size=1000,
            strategy_options={"embedding": hashing_embedding(8), "percentile": percentile})]

    # At 0 no similarity falls below the lowest one: a single chunk.
    assert contents(0) == [TOPICS]
    # At 100 every similarity but the highest falls below it: five chunks of six sentences,
    # the closest pair (both about the kettle) together.
    assert contents(100) == ["The kettle boils water fast. Descale the kettle with vinegar.",
                             "Bicycles need chain oil often.", "Gardens want water in summer.",
                             "Ovens bake bread at night.", "Tax forms are due in April."]


def test_an_embedding_that_is_not_callable_is_refused_in_full() -> None:
    with pytest.raises(StrategyError) as raised:
        SemanticChunker("hashing")  # type: ignore[arg-type]
    assert str(raised.value).startswith("semantic: embedding must be a callable taking a list "
                                        "of ")


def test_semantic_without_an_embedding_names_the_command_line_option() -> None:
    with pytest.raises(StrategyError) as raised:
        structchunk.split_text("One. Two. Three.", strategy="semantic")
    assert "(command line: --embedding MODULE:NAME, or 'hashing' for the " in str(raised.value)


def test_a_chunk_as_json_keeps_its_letters_and_sorts_its_keys() -> None:
    chunk = structchunk.split_text("# Grüße\n\nनमस्ते। Straße.\n", max_size=200)[0]
    line = chunk.to_json()
    assert "Grüße" in line and "नमस्ते" in line and "\\u" not in line
    keys = list(json.loads(line))
    assert keys == sorted(keys)
    assert line == json.dumps(chunk.to_dict(), ensure_ascii=False, sort_keys=True)


def test_an_overlap_of_half_the_budget_is_allowed_and_more_is_refused_naming_the_source(
        ) -> None:
    text = "Ein Satz steht hier. " * 40
    for overlap in (40, 50):
        chunks = structchunk.split_text(text, strategy="fixed", max_size=100,
                                        overlap_size=overlap)
        assert all(len(chunk.text) <= 100 for chunk in chunks)
    with pytest.raises(BudgetError) as raised:
        structchunk.split_text(text, strategy="fixed", max_size=100, overlap_size=51)
    assert str(raised.value).startswith("<string>: fixed: overlap_size 51 must be at most "
                                        "half of the budget 100")


SENTENCES = " ".join(f"Satz {word} steht hier." for word in (
    "eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben"))


def test_a_sentence_window_holds_two_sentences_each_side_by_default() -> None:
    chunks = structchunk.split_text(SENTENCES, strategy="sentence_window", max_size=30)
    middle = chunks[3]
    assert middle.content == "Satz vier steht hier."
    assert middle.context == ("Satz zwei steht hier. Satz drei steht hier. Satz vier steht "
                              "hier. Satz fünf steht hier. Satz sechs steht hier.")


@pytest.mark.parametrize(("options", "message"), [
    ({"window": -1}, "window must be zero or more sentences, got -1"),
    ({"window": 1.5}, "window must be zero or more sentences, got 1.5"),
    ({"context_size": 0}, "context_size must be a positive integer, got 0"),
    ({"context_size": "big"}, "context_size must be a positive integer, got 'big'"),
])
def test_a_bad_sentence_window_option_is_refused_with_its_value(options: dict[str, object],
                                                                message: str) -> None:
    with pytest.raises(BudgetError) as raised:
        structchunk.split_text(SENTENCES, strategy="sentence_window", max_size=30,
                               strategy_options=options)
    assert str(raised.value).endswith(message)


def test_a_window_of_zero_is_the_sentence_itself() -> None:
    chunks = structchunk.split_text(SENTENCES, strategy="sentence_window", max_size=30,
                                    strategy_options={"window": 0})
    assert all(chunk.context == chunk.content for chunk in chunks)


def test_the_sentence_strategy_packs_whole_sentences_from_the_start() -> None:
    chunks = structchunk.split_text(SENTENCES, strategy="sentence", max_size=50)
    assert [chunk.content for chunk in chunks] == [
        "Satz eins steht hier. Satz zwei steht hier.",
        "Satz drei steht hier. Satz vier steht hier.",
        "Satz fünf steht hier. Satz sechs steht hier.",
        "Satz sieben steht hier."]


def test_recursive_cuts_at_paragraph_breaks_before_line_breaks() -> None:
    first = "Ein kurzer erster Absatz steht hier."
    second = "Erste Zeile des zweiten Absatzes.\nZweite Zeile des zweiten Absatzes."
    chunks = structchunk.split_text(first + "\n\n" + second, strategy="recursive",
                                    max_size=75)
    assert [chunk.content for chunk in chunks] == [first, second]
