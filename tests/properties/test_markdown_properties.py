"""Invariants over generated Markdown: exact offsets, nothing lost, hard budget, stable ids."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import structchunk
from tests.invariants import assert_chunks_valid

words = st.text(alphabet=st.sampled_from(list("abcdefghijklmnopqrstuvwxyzäöüßअकमलनहै ")),
                min_size=1, max_size=12).map(str.strip).filter(bool)
sentence = st.builds(lambda ws, end: " ".join(ws) + end, st.lists(words, min_size=1, max_size=12),
                     st.sampled_from([".", "!", "?", "।", "॥", "", "..."]))
paragraph = st.lists(sentence, min_size=1, max_size=8).map(" ".join)
heading = st.builds(lambda level, title: "#" * level + " " + title,
                    st.integers(1, 6), words)
setext = st.builds(lambda title, mark: f"{title}\n{mark * 4}", words, st.sampled_from("=-"))


def _table(header: list[str], rows: list[list[str]]) -> str:
    width = len(header)
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * width]
    lines += ["| " + " | ".join((row + [""] * width)[:width]) + " |" for row in rows]
    return "\n".join(lines)


table = st.builds(_table, st.lists(words, min_size=1, max_size=4),
                  st.lists(st.lists(words, min_size=1, max_size=4), max_size=25))
bullet_list = st.lists(paragraph, min_size=1, max_size=8).map(
    lambda items: "\n".join(f"{'  ' * (i % 3)}- {item}" for i, item in enumerate(items)))
ordered_list = st.lists(paragraph, min_size=1, max_size=8).map(
    lambda items: "\n".join(f"{i + 1}. {item}" for i, item in enumerate(items)))
code = st.builds(lambda lang, lines: f"```{lang}\n" + "\n".join(lines) + "\n```",
                 st.sampled_from(["", "python", "js", "text"]),
                 st.lists(st.text(alphabet="abcxyz =()+:{}\t", max_size=40), max_size=30))
unclosed_code = code.map(lambda fence: fence.rsplit("\n```", 1)[0])
quote = paragraph.map(lambda text: "> " + text.replace(". ", ".\n> "))
odd = st.sampled_from(["***", "<div>\nraw html\n</div>", "\u200b\u200f שלום עולם \u202e",
                       "| stray | pipes", "> > > nested", ">", "- ", "1."])
block = st.one_of(heading, setext, paragraph, table, bullet_list, ordered_list, code,
                  unclosed_code, quote, odd)
newline = st.sampled_from(["\n", "\r\n", "\r"])
documents = st.builds(lambda blocks, nl: (nl + nl).join(blocks).replace("\n", nl) + nl,
                      st.lists(block, max_size=25), newline)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents, st.integers(min_value=30, max_value=600))
def test_generated_markdown_keeps_every_invariant(text: str, max_size: int) -> None:
    chunks = structchunk.split_text(text, max_size=max_size, format="markdown")
    assert_chunks_valid(text, chunks, max_size)
    again = structchunk.split_text(text, max_size=max_size, format="markdown")
    assert [c.chunk_id for c in again] == [c.chunk_id for c in chunks]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents, st.integers(min_value=20, max_value=200),
       st.sampled_from(["sentence", "recursive", "fixed"]))
def test_other_strategies_keep_the_invariants(text: str, max_size: int, strategy: str) -> None:
    chunks = structchunk.split_text(text, strategy=strategy, max_size=max_size, format="markdown")
    assert_chunks_valid(text, chunks, max_size)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents, st.integers(min_value=8, max_value=60))
def test_budget_holds_for_a_token_like_length_function(text: str, max_size: int) -> None:
    def tokens(value: str) -> int:
        return len(value.split()) + value.count("|")

    chunks = structchunk.split_text(text, max_size=max_size, length_function=tokens,
                               format="markdown")
    assert_chunks_valid(text, chunks, max_size, length=tokens)
