"""The reusable Chunker: the same chunks as `split()`, options settled once, many documents."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

import structchunk
from structchunk import Chunker, OptionError, StrategyError
from structchunk.batch.worker import worker_chunker
from structchunk.chunk.build import build_chunks
from structchunk.chunk.pack import Piece
from tests.conftest import SAMPLES
from tests.invariants import assert_chunks_valid, assert_contexts_valid

FILES = sorted(path for path in SAMPLES.iterdir() if path.suffix in (".md", ".txt"))
CODE = ("def first():\n    return 1\n\n\n"
        "class Second:\n    def method(self):\n        return 2\n")


def _dicts(chunks: list[structchunk.Chunk]) -> list[dict[str, object]]:
    return [chunk.to_dict() for chunk in chunks]


@pytest.mark.parametrize("strategy", ["hybrid", "sentence", "recursive", "hierarchical",
                                      "sentence_window", "metadata_aware"])
def test_one_chunker_gives_what_split_gives_for_every_file(strategy: str) -> None:
    chunker = Chunker(strategy, max_size=300, overlap_size=30)
    for path in FILES:
        expected = structchunk.split(path, strategy, max_size=300, overlap_size=30)
        got = chunker.split(path)
        assert _dicts(got) == _dicts(expected), path.name
        source = path.read_text(encoding="utf-8")
        if strategy != "hierarchical":  # its parents are held whole, over the budget
            assert_chunks_valid(source, got, 300, repaired=True)
        assert_contexts_valid(source, got)


def test_split_text_and_parse_options_match_the_functions() -> None:
    chunker = Chunker(max_size=80, code_language="python")
    assert _dicts(chunker.split_text(CODE)) == _dicts(
        structchunk.split_text(CODE, max_size=80, code_language="python"))
    assert chunker.parse_text(CODE).format == "code"


def test_source_id_is_per_call() -> None:
    chunker = Chunker(max_size=200)
    text = "# Title\n\nOne sentence. Another one.\n"
    first = chunker.split_text(text, source_id="a")
    second = chunker.split_text(text, source_id="b")
    assert [chunk.chunk_id for chunk in first] != [chunk.chunk_id for chunk in second]
    assert _dicts(first) == _dicts(structchunk.split_text(text, max_size=200, source_id="a"))


def test_options_are_checked_when_the_chunker_is_built_not_per_file(tmp_path: Path) -> None:
    with pytest.raises(OptionError, match="code_language=5"):
        Chunker(code_language=5)
    with pytest.raises(OptionError, match="unknown option 'max_siz'.*'max_size'"):
        Chunker(max_siz=10)
    with pytest.raises(StrategyError):
        Chunker("no-such-strategy")
    with pytest.raises(structchunk.UnsupportedFormatError):
        Chunker(format="bogus")


def test_the_tokenizer_is_resolved_once_for_many_documents(monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    import structchunk.chunker as chunker_module

    calls: list[object] = []
    real = chunker_module.resolve_tokenizer
    monkeypatch.setattr(chunker_module, "resolve_tokenizer",
                        lambda name: calls.append(name) or real(name))
    chunker = Chunker(max_size=100, tokenizer="cl100k_base")
    for text in ("One. Two.", "Three. Four.", "Five. Six."):
        chunker.split_text(text)
    assert len(calls) == 1
    for text in ("One. Two.", "Three. Four."):
        structchunk.split_text(text, max_size=100, tokenizer="cl100k_base")
    assert len(calls) == 3  # the function builds a Chunker, and resolves it, per call


def test_parse_options_are_checked_once_per_split_call(monkeypatch: pytest.MonkeyPatch) -> None:
    import structchunk.options as options_module

    built: list[int] = []
    original = options_module.ParseOptions.__init__

    def counting(self: options_module.ParseOptions, *args: object, **kwargs: object) -> None:
        built.append(1)
        original(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(options_module.ParseOptions, "__init__", counting)
    structchunk.split(FILES[0], max_size=300, legal=False)
    assert len(built) == 1
    chunker = Chunker(max_size=300, legal=False)
    for path in FILES:
        chunker.split(path)
    assert len(built) == 2


def test_split_many_keeps_input_order_in_one_process_and_in_workers() -> None:
    chunker = Chunker(max_size=400)
    expected = [_dicts(structchunk.split(path, max_size=400)) for path in FILES]
    assert [_dicts(chunks) for chunks in chunker.split_many(FILES)] == expected
    assert [_dicts(chunks) for chunks in chunker.split_many(FILES, jobs=2)] == expected
    assert chunker.split_many([]) == []
    with pytest.raises(OptionError, match="jobs=0"):
        chunker.split_many(FILES, jobs=0)
    local = Chunker(max_size=400, length_function=lambda text: len(text))
    with pytest.raises(OptionError, match="cannot be sent"):
        local.split_many(FILES, jobs=2)
    assert len(local.split_many(FILES[:2])) == 2


@pytest.mark.parametrize("jobs", [1, 2])
def test_split_many_goes_on_past_a_bad_file_and_reports_it(tmp_path: Path, jobs: int) -> None:
    missing = tmp_path / "missing.md"
    binary = tmp_path / "binary.md"
    binary.write_bytes(b"\x00\x01\x02 not text \x00" * 10)
    chunker = Chunker(max_size=400)
    items = [FILES[0], missing, FILES[1], binary]
    results = chunker.split_many(items, jobs=jobs, errors="return")
    assert [_dicts(result) for result in (results[0], results[2])] == [
        _dicts(chunker.split(FILES[0])), _dicts(chunker.split(FILES[1]))]
    assert isinstance(results[1], structchunk.SourceNotFoundError)
    assert isinstance(results[3], structchunk.DecodeError)
    assert results[1].origin == str(missing) and str(missing) in str(results[1])
    assert str(binary) in str(results[3])
    with pytest.raises(structchunk.SourceNotFoundError):
        chunker.split_many(items, jobs=jobs)  # the default raises the first error
    with pytest.raises(OptionError, match="errors='skip'"):
        chunker.split_many(items, jobs=jobs, errors="skip")


def test_a_chunker_pickles_as_its_options() -> None:
    chunker = Chunker("sentence", max_size=250, tokenizer="cl100k_base", legal=False)
    again = pickle.loads(pickle.dumps(chunker))
    assert _dicts(again.split(FILES[0])) == _dicts(chunker.split(FILES[0]))
    assert "sentence" in repr(again)


def test_path_root_names_a_source_file_for_one_call(tmp_path: Path) -> None:
    folder = tmp_path / "pkg"
    folder.mkdir()
    source = folder / "mod.py"
    source.write_text(CODE, encoding="utf-8")
    chunker = Chunker(max_size=80)
    rooted = chunker.split(source, path_root=str(tmp_path))
    assert rooted[0].heading_path[0] == "pkg/mod.py"
    assert chunker.split(source)[0].heading_path[0] == "mod.py"


def test_a_batch_worker_builds_one_chunker_per_set_of_options() -> None:
    first = worker_chunker({"max_size": 500, "strict": True, "format": None})
    assert worker_chunker({"max_size": 500, "strict": True, "format": None}) is first
    assert worker_chunker({"max_size": 501, "strict": True}) is not first
    with pytest.raises(OptionError):
        worker_chunker({"max_size": 500, "strict": "yes"})


class _OnlyPieces:
    """A strategy written to the interface before `chunks()`: it only returns pieces."""

    name = "halves"

    def chunk(self, document: structchunk.Document, context: structchunk.ChunkContext
              ) -> list[Piece]:
        middle = len(document.text) // 2
        return [Piece(0, middle), Piece(middle, len(document.text))]


class _Halves(structchunk.PieceStrategy):
    name = "halves"
    chunk = _OnlyPieces.chunk


def test_a_strategy_object_of_either_shape_is_finished_the_same_way() -> None:
    text = "First sentence here. Second sentence there. Third one at the end.\n"
    old_style = structchunk.split_text(text, _OnlyPieces(), max_size=200)
    new_style = structchunk.split_text(text, _Halves(), max_size=200)
    assert _dicts(old_style) == _dicts(new_style)
    assert {chunk.metadata["strategy"] for chunk in new_style} == {"halves"}
    assert isinstance(_Halves(), structchunk.Strategy)
    with pytest.raises(StrategyError, match="is not a strategy"):
        Chunker(object())  # type: ignore[arg-type]


def test_a_custom_strategy_may_finish_its_own_chunks() -> None:
    class Whole:
        name = "whole"

        def chunks(self, document: structchunk.Document, context: structchunk.ChunkContext
                   ) -> list[structchunk.Chunk]:
            return build_chunks(document, [Piece(0, len(document.text))], context, self.name)

    chunks = Chunker(Whole(), max_size=500).split_text("One. Two. Three.")
    assert [chunk.content for chunk in chunks] == ["One. Two. Three."]
