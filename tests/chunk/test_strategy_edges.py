"""Edges of the strategies that whole documents rarely reach: code trees a parser plugin may
build, tables with no body, sentence units next to tables, defaults and refusals."""

from __future__ import annotations

import pytest

import structchunk
from structchunk.chunk.budget import Budget
from structchunk.chunk.framed import code_pieces
from structchunk.chunk.pack import Packer, Title
from structchunk.decode import from_text
from structchunk.errors import StrategyError
from structchunk.tree import NodeKind, make_node
from tests.invariants import assert_chunks_valid, assert_units_whole


def _spans_of(source: str, pieces: list) -> list[str]:  # type: ignore[type-arg]
    return [source[piece.start:piece.end] for piece in pieces]


def test_code_text_between_a_parsers_children_becomes_framed_units_of_its_own() -> None:
    # A parser plugin may leave lines between a code block's children (the built-in code
    # outline fills them with text nodes); they are cut into units like any other lines.
    body = ("def first():\n    return 1\n"
            "LIMIT = compute_the_limit_for_all(items)\n"
            "def second():\n    return 2\n")
    text = "```\n" + body + "```\n"
    source = from_text(text)
    first_start = text.index("def first")
    first_end = text.index("\nLIMIT")
    second_start = text.index("def second")
    second_end = text.index("\n```", second_start)
    children = [make_node(source, NodeKind.DEFINITION, first_start, first_end, title="first"),
                make_node(source, NodeKind.DEFINITION, second_start, second_end,
                          title="second")]
    node = make_node(source, NodeKind.CODE, 0, len(text) - 1, children, fence_open="```",
                     fence_close="```", body_start=4, body_end=len(text) - 5)
    packer = Packer(text, Budget(max_size=60))
    pieces = code_pieces(packer, node, (Title("Doc"),))
    limit = "LIMIT = compute_the_limit_for_all(items)"
    assert limit in _spans_of(text, pieces), "the line between the children is one unit"
    holder = next(piece for piece in pieces if text[piece.start:piece.end] == limit)
    assert (holder.prefix, holder.suffix) == ("```\n", "\n```")
    assert holder.path == (Title("Doc"),) and not holder.flags
    assert all(packer.fits(piece) for piece in pieces)
    covered = "".join(text[piece.start:piece.end] for piece in pieces)
    assert covered.replace("\n", "") == text.strip().replace("\n", "")


def test_a_fenced_block_without_a_closing_fence_is_framed_by_its_opening_only() -> None:
    body = "".join(f"value_{number} = {number}\n" for number in range(8))
    text = "```\n" + body + "\n"
    source = from_text(text)
    node = make_node(source, NodeKind.CODE, 0, len(text), fence_open="```",
                     body_start=4, body_end=len(text) - 2)
    packer = Packer(text, Budget(max_size=40))
    pieces = code_pieces(packer, node, ())
    assert len(pieces) > 1
    assert pieces[0].start == 0 and not pieces[0].prefix
    assert all(piece.prefix == "```\n" and piece.suffix == "" for piece in pieces[1:])
    assert text[pieces[-1].start:pieces[-1].end].endswith("value_6 = 6\nvalue_7 = 7")


def test_a_table_with_no_body_rows_is_cut_between_its_header_rows() -> None:
    header = "| " + " | ".join(f"column {number}" for number in range(6)) + " |"
    delimiter = "|" + "|".join(["----------"] * 6) + "|"
    source = header + "\n" + delimiter + "\n"
    max_size = max(len(header), len(delimiter)) + 5
    chunks = structchunk.split_text(source, max_size=max_size)
    assert_chunks_valid(source, chunks, max_size)
    assert [chunk.content for chunk in chunks] == [header, delimiter]
    assert all("flags" not in chunk.metadata for chunk in chunks)


SENTENCES = " ".join(f"Satz {word} steht hier." for word in (
    "eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun"))


def test_the_default_window_is_two_sentences_each_side_when_the_context_has_room() -> None:
    chunks = structchunk.split_text(SENTENCES, strategy="sentence_window", max_size=30,
                                    strategy_options={"context_size": 1000})
    middle = chunks[4]
    assert middle.content == "Satz fünf steht hier."
    assert middle.metadata["window"] == [-2, 2]
    assert middle.context == ("Satz drei steht hier. Satz vier steht hier. Satz fünf steht "
                              "hier. Satz sechs steht hier. Satz sieben steht hier.")


TABLE_DOC = ("# Report\n\nThe first sentence. The second sentence.\n\n"
             "| item | price |\n|------|-------|\n"
             + "".join(f"| thing {number} | {number}.00 |\n" for number in range(8))
             + "\nThe sentence after the table. And the last one.\n")


SMALL_TABLE_DOC = ("# Report\n\nThe first sentence. The second sentence.\n\n"
                   "| item | price |\n|------|-------|\n| thing | 1.00 |\n\n"
                   "The sentence after the table. And the last one.\n")


def _sentence_units(source: str, strategy: str, max_size: int) -> list[structchunk.Chunk]:
    """Chunks of a sentence-unit strategy, valid and never overlapping."""
    from structchunk.evaluate.embeddings import hashing_embedding

    options = {"embedding": hashing_embedding(16)} if strategy == "semantic" else None
    chunks = structchunk.split_text(source, strategy=strategy, max_size=max_size,
                                    strategy_options=options)
    assert_chunks_valid(source, chunks, max_size)
    for before, after in zip(chunks, chunks[1:], strict=False):
        assert before.end <= after.start, "units of the document never overlap"
    return chunks


@pytest.mark.parametrize("strategy", ["sentence_window", "semantic"])
def test_sentences_after_a_table_inside_one_piece_are_their_own(strategy: str) -> None:
    # the whole document fits one hybrid piece; its units are cut around the table
    chunks = _sentence_units(SMALL_TABLE_DOC, strategy, 200)
    if strategy == "sentence_window":
        assert [chunk.content for chunk in chunks] == [
            "# Report", "The first sentence.", "The second sentence.",
            "| item | price |\n|------|-------|\n| thing | 1.00 |",
            "The sentence after the table.", "And the last one."]


@pytest.mark.parametrize("strategy", ["sentence_window", "semantic"])
def test_sentence_units_keep_table_pieces_framed_and_never_overlap(strategy: str) -> None:
    chunks = _sentence_units(TABLE_DOC, strategy, 80)
    header = "| item | price |\n|------|-------|\n"
    rows = [chunk for chunk in chunks if "| thing" in chunk.content]
    assert len(rows) > 1
    assert all(header.rstrip() in chunk.text for chunk in rows)
    if strategy == "sentence_window":
        prose = [chunk.content for chunk in chunks if "|" not in chunk.content]
        assert prose == ["# Report", "The first sentence.", "The second sentence.",
                         "The sentence after the table.", "And the last one."]
    rows_spans = [(TABLE_DOC.index(f"| thing {n} |"),
                   TABLE_DOC.index(f"| thing {n} |") + len(f"| thing {n} | {n}.00 |"))
                  for n in range(8)]
    assert_units_whole(TABLE_DOC, chunks, rows_spans)


def test_metadata_aware_takes_the_first_heading_as_the_title_without_front_matter() -> None:
    source = "# Budget report\n\n## Travel\n\nCosts rose in the last quarter.\n"
    chunks = structchunk.split_text(source, strategy="metadata_aware", max_size=200)
    assert chunks and all(chunk.metadata["header"].startswith("Budget report | ")
                          for chunk in chunks)


def test_metadata_aware_reads_a_title_only_from_front_matter() -> None:
    source = ("---\ntitle: 'Travel policy'\n---\n\n# Costs\n\ntitle: not a title\n\n"
              "Costs rose in the last quarter.\n")
    chunks = structchunk.split_text(source, strategy="metadata_aware", max_size=200)
    assert chunks and all(chunk.metadata["header"].startswith("Travel policy | ")
                          for chunk in chunks)
    plain = "# Costs\n\ntitle: not a title\n\nCosts rose in the last quarter.\n"
    chunks = structchunk.split_text(plain, strategy="metadata_aware", max_size=200)
    assert all(chunk.metadata["header"].startswith("Costs | ") for chunk in chunks)


def test_the_semantic_strategy_without_an_embedding_says_how_to_give_one() -> None:
    with pytest.raises(StrategyError) as raised:
        structchunk.split_text("One sentence. Another one.", strategy="semantic")
    assert str(raised.value) == (
        "<string>: the semantic strategy needs an embedding function; structchunk never "
        "downloads a model. Pass one: split(..., strategy='semantic', "
        "strategy_options={'embedding': embed}) where embed(texts) returns a vector "
        "per text (command line: --embedding MODULE:NAME, or 'hashing' for the "
        "built-in offline baseline)")


@pytest.mark.parametrize("strategy", ["hybrid", "sentence_window"])
def test_chunks_name_definitions_only_for_code(strategy: str) -> None:
    source = ("# Report\n\nIntro line here.\n\n## Travel\n\nCosts rose. Prices fell.\n\n"
              "```python\ndef total(items):\n    return sum(items)\n```\n")
    if strategy == "hybrid":
        chunks = structchunk.split_text(source, max_size=60)
        assert_chunks_valid(source, chunks, 60)
        code = [chunk for chunk in chunks if "return sum" in chunk.content]
        assert code and all(chunk.metadata["definitions"] == ["def total"] for chunk in code)
        assert all("definitions" not in chunk.metadata for chunk in chunks
                   if "def total" not in chunk.content and "return sum" not in chunk.content)
        return
    chunks = structchunk.split_text(source, strategy="sentence_window", max_size=40)
    by_content = {chunk.content: chunk for chunk in chunks}
    assert by_content["Costs rose."].heading_path == ("Report", "Travel")
    assert by_content["Intro line here."].heading_path == ("Report",)
    for chunk in chunks:
        if "def total" in chunk.content or "return sum" in chunk.content:
            assert chunk.metadata["definitions"] == ["def total"], chunk.content
            assert chunk.heading_path == ("Report", "Travel", "def total")
        else:
            assert "definitions" not in chunk.metadata, chunk.content


def test_hierarchical_parents_repeat_at_most_overlap_size_of_text() -> None:
    text = " ".join(f"Sentence number {number} is here" + (
        "." if number % 3 else " and it is a rather long one with more words.")
        for number in range(40))
    chunks = structchunk.split_text(text, strategy="hierarchical", max_size=100, overlap=2,
                                    overlap_size=30)
    parents = [chunk for chunk in chunks if chunk.metadata["hierarchy"] == "parent"]
    repeated = [before.end - after.start for before, after in zip(parents, parents[1:],
                                                                   strict=False)]
    assert len(parents) > 2 and any(size > 0 for size in repeated)
    assert all(size <= 30 for size in repeated), repeated


def test_a_heading_takes_whole_blocks_of_its_body_before_sentences() -> None:
    items = ["- First item says one thing. It also says a second thing here.",
             "- Second item says another thing. And adds a long remark to it.",
             "- Third item closes the list. With a final remark at the end."]
    source = ("# Heading\n\nIntro.\n\n## A rather long part heading\n\n" + "\n\n".join(items)
              + "\n\nAfter the list a paragraph follows.\n")
    # (max size, path line): the heading and the first two items take 158 without a path
    # line, more with one
    for max_size, path_line in ((150, "inside"), (150, "always"), (160, "always")):
        chunks = structchunk.split_text(source, max_size=max_size, path_line=path_line)
        assert_chunks_valid(source, chunks, max_size)
        # the heading and the first two items do not fit together: the heading takes the
        # first item whole, although the next item's first sentence would fit too
        assert chunks[0].content.endswith("## A rather long part heading\n\n" + items[0])
        assert chunks[1].content == items[1]
    chunks = structchunk.split_text(source, max_size=160)
    assert_chunks_valid(source, chunks, 160)
    assert chunks[1].content == "## A rather long part heading\n\n" + "\n\n".join(items[:2])


WRAPPED = ["then the river ran down past the mill",
           "there the miller kept his old grey mare",
           "that mare was known for miles around it",
           "till one day she ran off into the woods",
           "and nobody saw her again for many years"]


@pytest.mark.parametrize("lines", [
    WRAPPED,  # four of five lines start with "t": a letter says nothing about records
    ["(then) the river ran down past the mill",  # two of five start with "(": too few
     "(there) the miller kept his old grey ma", *WRAPPED[2:]],
])
def test_hard_wrapped_prose_is_not_taken_for_records(lines: list[str]) -> None:
    from structchunk.chunk.lines import is_line_structured, line_spans

    source = "\n".join(lines)
    assert not is_line_structured(source, line_spans(source, 0, len(source)))
    records = "\n".join(f"[{number}] {line}" for number, line in enumerate(lines))
    assert is_line_structured(records, line_spans(records, 0, len(records)))


def test_a_text_longer_than_the_tokenizer_window_is_counted_whole() -> None:
    def characters(text: str) -> int:
        return len(text)

    characters.max_input_chars = 20  # type: ignore[attr-defined]
    budget = Budget(max_size=10, length=characters)
    text = "alpha beta gamma delta epsilon zeta eta theta iota kappa"
    assert budget.window == 20
    assert budget.size(text) == len(text)
    assert budget.size(text[:15]) == 15


def test_an_unknown_strategy_option_is_refused_with_the_options_there_are() -> None:
    with pytest.raises(StrategyError) as raised:
        structchunk.split_text("Some text.", strategy="sentence_window",
                               strategy_options={"windows": 3})
    assert str(raised.value) == ("strategy 'sentence_window' has no option 'windows' "
                                 "(options: window, context_size)")


def test_a_chunk_names_the_kinds_it_touches_and_no_others() -> None:
    source = "# Title\n\nA paragraph here.\n\n- item one\n- item two\n"
    chunks = structchunk.split_text(source, max_size=30)
    assert [(chunk.content, chunk.kinds) for chunk in chunks] == [
        ("# Title\n\nA paragraph here.", ("heading", "paragraph", "section")),
        ("- item one\n- item two", ("item", "list", "paragraph", "section"))]


@pytest.mark.parametrize(("options", "message"), [
    ({"max_size": 0}, "max_size must be a positive integer, got 0 (int)"),
    ({"overlap": -1}, "overlap must be a whole number of sentences (0 or more), got -1 (int)"),
    ({"overlap_size": -1}, "overlap_size must be zero or more, got -1 (int)"),
])
def test_a_bad_budget_is_refused_with_its_value(options: dict[str, int], message: str) -> None:
    from structchunk.errors import BudgetError

    with pytest.raises(BudgetError) as raised:
        structchunk.split_text("Some text.", **options)  # type: ignore[arg-type]
    assert str(raised.value) == message


def test_a_heading_path_line_of_exactly_a_quarter_of_the_budget_is_kept_whole() -> None:
    budget = Budget(max_size=40)  # a quarter is 10: the title and its blank line
    assert budget.context_line(("Chapters",)) == "Chapters"
    assert budget.context_line(("Chapters1",)) != "Chapters1"


def test_a_shortened_path_line_keeps_the_root_and_the_innermost_title() -> None:
    budget = Budget(max_size=100)  # a quarter is 25: 23 for the line, 2 for "\n\n"
    nearest = "Kündigungsfristen19"
    assert budget.context_line(("Arbeitsrecht", nearest)) == "Arbei… > Kündigungsfri…"
    # middle levels go first, the root and the innermost stay whole where they fit
    assert budget.context_line(("Law", "Part 2", "Title 3", "§ 5 Form")) == "Law > … > § 5 Form"
    assert budget.context_line(("Law", "Part 2", "T 3", "§ 5")) == "Law > … > T 3 > § 5"
    assert len(budget.context_line(("Arbeitsrecht", nearest + "x" * 40))) <= 23


def test_the_parts_of_a_heading_cut_at_words_carry_it_as_their_path_line() -> None:
    heading = "# " + " ".join(["Heading"] * 20)
    source = heading + "\n\nA body sentence here.\n"
    chunks = structchunk.split_text(source, max_size=60)
    assert_chunks_valid(source, chunks, 60)
    parts = [chunk for chunk in chunks if chunk.metadata.get("oversized")]
    assert len(parts) >= 3 and parts[0].text == parts[0].content  # it opens the section
    line = parts[1].text[:len(parts[1].text) - len(parts[1].content)]
    assert line.startswith("Heading Head") and line.endswith("…\n\n")
    assert all(chunk.text == line + chunk.content for chunk in chunks[1:])


@pytest.mark.parametrize("fields", [["a"], "a", 3])
def test_metadata_aware_fields_that_are_no_mapping_are_a_strategy_error(fields: object) -> None:
    from structchunk.errors import StrategyError

    with pytest.raises(StrategyError, match="fields must map names to values"):
        structchunk.split_text("# T\n\ntext\n", strategy="metadata_aware",
                               strategy_options={"fields": fields})
