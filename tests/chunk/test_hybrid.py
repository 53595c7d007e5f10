from __future__ import annotations

import pytest

import structchunk
from structchunk.errors import BudgetError, StrategyError
from tests.invariants import assert_chunks_valid


def table(rows: int, width: int = 30) -> str:
    head = "| Region | Plan | Price |\n|---|---|---|\n"
    plan = "plan " * (width // 5)
    body = "".join(f"| region-{i:04d} | {plan} | {i},00 € |\n" for i in range(rows))
    return head + body


def test_a_section_that_fits_is_one_chunk_with_its_heading_path() -> None:
    text = "# Guide\n\n## Install\n\nRun the installer. Then restart.\n\n## Use\n\nOpen it.\n"
    chunks = structchunk.split_text(text, max_size=66)
    assert_chunks_valid(text, chunks, 66)
    install = next(c for c in chunks if "Run the installer" in c.content)
    assert "## Install\n\nRun the installer. Then restart." in install.content
    use = next(c for c in chunks if "Open it" in c.content)
    assert use.content == "## Use\n\nOpen it."
    assert use.heading_path == ("Guide", "Use")
    # The chunk opens with its own heading, so by default no path line is embedded; the
    # heading path is kept as metadata.
    assert use.text == "## Use\n\nOpen it."


def test_every_path_line_leaves_out_the_heading_that_opens_the_chunk() -> None:
    text = "# Guide\n\n## Install\n\nRun the installer. Then restart.\n\n## Use\n\nOpen it.\n"
    chunks = structchunk.split_text(text, max_size=66, path_line="always")
    assert_chunks_valid(text, chunks, 66)
    use = next(c for c in chunks if "Open it" in c.content)
    assert use.heading_path == ("Guide", "Use")
    # The heading opens the chunk, so the context line does not repeat it.
    assert use.text == "Guide\n\n## Use\n\nOpen it."


def test_small_sibling_sections_merge_up_to_the_budget() -> None:
    text = "# Top\n\n" + "".join(f"## S{i}\n\nShort body {i}.\n\n" for i in range(6))
    chunks = structchunk.split_text(text, max_size=200)
    assert_chunks_valid(text, chunks, 200)
    assert len(chunks) < 6
    assert all(chunk.heading_path[:1] == ("Top",) for chunk in chunks)


def test_split_table_repeats_header_and_delimiter_rows_in_every_piece() -> None:
    text = "# Prices\n\n" + table(60)
    chunks = structchunk.split_text(text, max_size=400)
    assert_chunks_valid(text, chunks, 400)
    rows = [c for c in chunks if "region-" in c.content]
    assert len(rows) > 3
    for chunk in rows:
        assert "| Region | Plan | Price |\n|---|---|---|\n" in chunk.text
    for i in range(60):
        holders = [c for c in chunks if f"region-{i:04d}" in c.content]
        assert len(holders) == 1


def test_header_is_not_duplicated_in_the_first_piece() -> None:
    text = table(40)
    first = structchunk.split_text(text, max_size=300)[0]
    assert first.text.count("| Region | Plan | Price |") == 1


def test_lists_are_cut_between_items_keeping_nested_items_with_their_parent() -> None:
    def pad(i: int) -> str:
        return " " * len(f"{i}. ")

    items = "".join(f"{i}. Step {i} does a thing that needs words to explain.\n"
                    f"{pad(i)}- detail {i}a\n{pad(i)}- detail {i}b\n" for i in range(1, 15))
    text = "# Procedure\n\n" + items
    chunks = structchunk.split_text(text, max_size=250)
    assert_chunks_valid(text, chunks, 250)
    for i in range(1, 15):
        item = (f"{i}. Step {i} does a thing that needs words to explain.\n"
                f"{pad(i)}- detail {i}a\n{pad(i)}- detail {i}b")
        assert sum(item in c.content for c in chunks) == 1, i


@pytest.mark.parametrize("path_line", ["inside", "always"])
def test_code_fence_is_cut_between_lines_and_each_piece_keeps_its_fences(path_line: str
                                                                         ) -> None:
    body = "\n\n".join(f"def f{i}(x):\n    y = x * {i}\n    return y + {i}" for i in range(30))
    text = "# Code\n\n```python\n" + body + "\n```\n"
    chunks = structchunk.split_text(text, max_size=300, path_line=path_line)
    assert_chunks_valid(text, chunks, 300)
    code_chunks = [c for c in chunks if "def f" in c.content]
    assert len(code_chunks) > 2
    for chunk in code_chunks:
        # the embedded text is the path line, if the chunk has one, then the framed body
        line, _, rest = chunk.text.partition("\n\n")
        lined = not line.startswith(("```", "# Code"))
        # the chunk that opens with the only heading has no line to embed in any shape; a
        # piece that opens with a definition embeds it in both (it names the section)
        opened = chunk.content.startswith("# Code")
        assert lined == (not opened)
        body_text = (rest if lined else chunk.text).removeprefix("# Code\n\n")
        assert body_text.startswith("```python\n"), body_text[:30]
        assert body_text.endswith("\n```"), body_text[-30:]
    for i in range(30):
        function = f"def f{i}(x):\n    y = x * {i}\n    return y + {i}"
        assert sum(function in c.content for c in chunks) == 1


def test_long_paragraph_is_packed_by_whole_sentences() -> None:
    sentences = [f"Sentence number {i} has several words in it." for i in range(40)]
    text = "# Prose\n\n" + " ".join(sentences) + "\n"
    chunks = structchunk.split_text(text, max_size=200)
    assert_chunks_valid(text, chunks, 200)
    for sentence in sentences:
        assert sum(sentence in c.content for c in chunks) == 1


def test_danda_ends_sentences_for_packing() -> None:
    sentences = [f"यह वाक्य संख्या {i} है।" for i in range(40)]
    text = "".join(sentences)
    chunks = structchunk.split_text(text, max_size=100)
    assert_chunks_valid(text, chunks, 100)
    for sentence in sentences:
        assert sum(sentence in c.content for c in chunks) == 1


def test_overlap_repeats_whole_sentences() -> None:
    text = " ".join(f"Sentence {i} is here." for i in range(30))
    chunks = structchunk.split_text(text, max_size=100, overlap=1)
    assert len(chunks) > 2
    for previous, current in zip(chunks, chunks[1:], strict=False):
        last_sentence = previous.content.rsplit(". ", 1)[-1]
        assert current.content.startswith(last_sentence.rstrip(".")), (previous, current)
        assert current.start < previous.end


def test_an_indivisible_unit_is_split_at_words_and_flagged() -> None:
    text = "# H\n\n" + " ".join(["word"] * 400) + "\n"
    chunks = structchunk.split_text(text, max_size=120)
    assert_chunks_valid(text, chunks, 120)
    assert all(c.metadata.get("oversized") for c in chunks if "word" in c.content)
    assert all(not c.content.startswith("ord") for c in chunks)


def test_budget_counts_the_heading_path_with_any_length_function() -> None:
    def words(text: str) -> int:
        return len(text.split())

    text = "# A very long heading title here\n\n" + " ".join(f"w{i}." for i in range(500))
    chunks = structchunk.split_text(text, max_size=50, length_function=words)
    assert_chunks_valid(text, chunks, 50, length=words)
    assert all(c.text.startswith("A very long heading title here\n\n") for c in chunks[1:])


def test_chunk_ids_are_deterministic_and_depend_on_the_source() -> None:
    text = "# A\n\nSame. Text.\n\n# B\n\nSame. Text.\n"
    first = [c.chunk_id for c in structchunk.split_text(text, max_size=20)]
    second = [c.chunk_id for c in structchunk.split_text(text, max_size=20)]
    assert first == second and len(set(first)) == len(first)


def test_chunks_round_trip_through_json() -> None:
    chunk = structchunk.split_text("# A\n\nBody.\n")[0]
    import json

    assert structchunk.Chunk.from_dict(json.loads(chunk.to_json())) == chunk
    assert json.loads(chunk.to_json())["schema"] == "structchunk.chunk/v2"


@pytest.mark.parametrize("strategy", ["hybrid", "sentence", "recursive", "fixed"])
def test_every_strategy_keeps_the_invariants(strategy: str) -> None:
    text = "# T\n\n" + table(30) + "\n" + " ".join(f"Sentence {i}." for i in range(80))
    chunks = structchunk.split_text(text, strategy=strategy, max_size=150)
    assert_chunks_valid(text, chunks, 150)
    assert {c.metadata["strategy"] for c in chunks} == {strategy}


def test_bad_options_are_clear_errors() -> None:
    with pytest.raises(BudgetError):
        structchunk.split_text("text", max_size=0)
    with pytest.raises(BudgetError):
        structchunk.split_text("text", overlap=-1)
    with pytest.raises(StrategyError, match="known: fixed, hierarchical, hybrid"):
        structchunk.split_text("text", strategy="no_such_strategy")


def test_metadata_collected_from_covered_nodes_is_in_document_order() -> None:
    text = "# Mustergesetz (MG)\n\n" + "".join(
        f"##### § {n} Vorschrift {n}\n\n(1) Erster Absatz mit Text.\n\n"
        f"(2) Zweiter Absatz mit Text.\n\n(3) Dritter Absatz.\n\n" for n in range(1, 6))
    chunks = structchunk.split_text(text, max_size=1000)
    covering = next(c for c in chunks if "(3) Dritter" in c.content)
    assert covering.metadata.get("absatz") == ["1", "2", "3"]


def test_any_sentence_backend_can_be_passed_to_split() -> None:
    calls: list[str] = []

    def every_semicolon(text: str) -> list[tuple[int, int]]:
        calls.append(text)
        spans, start = [], 0
        for position, char in enumerate(text):
            if char == ";":
                spans.append((start, position + 1))
                start = position + 1
        return spans + ([(start, len(text))] if start < len(text) else [])

    clauses = [f"clause {i} has words in it;" for i in range(30)]
    text = " ".join(clauses)
    chunks = structchunk.split_text(text, max_size=120, format="text",
                               sentence_backend=every_semicolon)
    assert calls
    assert_chunks_valid(text, chunks, 120)
    for clause in clauses:
        assert sum(clause in chunk.content for chunk in chunks) == 1
