"""Which backend a tokenizer object or name goes to, and the refusals naming the file."""

from __future__ import annotations

import builtins
from pathlib import Path
from typing import Any

import pytest

from structchunk.errors import MissingDependencyError, SourceNotFoundError, TokenizerError
from structchunk.tokens import resolve_tokenizer
from structchunk.tokens.hf_backend import load
from structchunk.tokens.tiktoken_backend import load_encoding
from tests.tokens.test_tokenizers import word_level_tokenizer

pytest.importorskip("tokenizers")
pytest.importorskip("tiktoken")


def test_a_tiktoken_encoding_object_is_counted_by_the_tiktoken_backend() -> None:
    counter = resolve_tokenizer(load_encoding("cl100k_base"))
    assert counter.name == "tiktoken:cl100k_base"
    assert counter("a <|endoftext|> b") == resolve_tokenizer("cl100k_base")(
        "a <|endoftext|> b")


def test_an_object_with_encode_batch_from_elsewhere_is_a_plain_encoder() -> None:
    class Batching:
        def encode(self, text: str) -> list[str]:
            return text.split()

        def encode_batch(self, texts: list[str]) -> list[list[str]]:
            return [text.split() for text in texts]

    counter = resolve_tokenizer(Batching())
    assert (counter.name, counter("one two")) == ("Batching", 2)


def test_a_tokenizer_file_in_the_working_folder_is_found_by_its_bare_name(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    word_level_tokenizer(tmp_path).rename(tmp_path / "wordlevel")
    monkeypatch.chdir(tmp_path)
    counter = resolve_tokenizer("wordlevel")
    assert (counter.name, counter("the a zebra")) == ("wordlevel", 3)


def test_a_bare_name_that_is_no_file_and_no_encoding_is_unknown(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(TokenizerError, match="unknown tokenizer 'wordlevel'"):
        resolve_tokenizer("wordlevel")


def test_a_missing_or_damaged_tokenizer_file_is_named(tmp_path: Path) -> None:
    missing = tmp_path / "missing" / "tokenizer.json"
    with pytest.raises(SourceNotFoundError) as raised:
        load(missing)
    assert str(raised.value) == f"{missing}: no such tokenizer file"
    damaged = tmp_path / "tokenizer.json"
    damaged.write_text("{}", encoding="utf-8")
    with pytest.raises(TokenizerError) as refused:
        load(damaged)
    assert str(refused.value).startswith(f"{damaged}: is not a tokenizers tokenizer.json (")


def test_a_tokenizer_file_without_tokenizers_names_the_extra(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = word_level_tokenizer(tmp_path)
    real_import = builtins.__import__

    def no_tokenizers(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "tokenizers" or name.startswith("tokenizers."):
            raise ImportError("No module named 'tokenizers'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_tokenizers)
    with pytest.raises(MissingDependencyError) as raised:
        load(path)
    assert "a tokenizer.json needs the tokenizers package: " in str(raised.value)
    assert "structchunk-rag[tokenizers]" in str(raised.value)
