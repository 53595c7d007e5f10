"""Details of the evaluation tools a report or a number depends on: span files' refusals and
odd fields, a repeated span that is cut, size quantiles, callables named in the stamp, and the
hashed embedding's buckets."""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import pytest

from structchunk.errors import MissingDependencyError
from structchunk.evaluate.cases import CaseError, SpanCase, load_cases
from structchunk.evaluate.checks import check_spans
from structchunk.evaluate.compare import compare
from structchunk.evaluate.config import Chunking
from structchunk.evaluate.corpus import Corpus
from structchunk.evaluate.embeddings import hashing_embedding
from structchunk.evaluate.natural import Piece, dense_search

REPEATED = "Keep every receipt until the refund for the returned parcel has been paid out."


def test_char_start_that_is_not_a_whole_number_is_ignored(tmp_path: Path) -> None:
    spans = tmp_path / "spans.jsonl"
    lines = [{"doc": "a.md", "query": "q", "span": "x", "char_start": value}
             for value in ("12", True, 3.5)]
    spans.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    assert [case.char_start for case in load_cases(spans)] == [None, None, None]


def test_a_line_that_is_not_json_names_the_span_file(tmp_path: Path) -> None:
    spans = tmp_path / "spans.jsonl"
    spans.write_text('{"doc": "a.md", "query": "q", "span": "x"}\n{not json\n',
                     encoding="utf-8")
    with pytest.raises(CaseError) as caught:
        load_cases(spans)
    assert caught.value.origin == str(spans)
    assert caught.value.problem.startswith("line 2: not JSON: ")


def test_yaml_span_files_without_pyyaml_say_what_to_install(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    spans = tmp_path / "spans.yaml"
    spans.write_text("- {doc: a.md, query: q, span: x}\n", encoding="utf-8")
    monkeypatch.setitem(sys.modules, "yaml", None)  # the import fails as if not installed
    with pytest.raises(MissingDependencyError) as caught:
        load_cases(spans)
    assert caught.value.origin == str(spans)
    assert caught.value.problem.startswith("YAML span files need PyYAML: ")
    assert "eval" in caught.value.problem


def test_a_repeated_span_that_a_boundary_cuts_is_reported_as_cut(tmp_path: Path) -> None:
    text = "".join(f"# Part {n}\n\nShort rule {n}. {REPEATED}\n\n" for n in range(3))
    (tmp_path / "policy.md").write_text(text, encoding="utf-8")
    second = text.index(REPEATED, text.index(REPEATED) + 1)
    case = SpanCase(id="cut", doc="policy.md", query="receipt", span=REPEATED,
                    char_start=second)
    report = check_spans([case], Corpus(tmp_path), Chunking(max_size=40))
    result = report.results[0]
    assert not report.passed
    assert result.holder is None
    assert result.problems == [f"occurs 3 times in the file; the occurrence at char_start "
                               f"{second} is cut: no chunk holds it whole"]


def test_median_and_p95_are_nearest_rank_sizes(tmp_path: Path) -> None:
    paths = []
    for n, size in enumerate((5, 15, 25, 35), 1):
        path = tmp_path / f"doc{n}.txt"
        path.write_text("x" * size + "\n", encoding="utf-8")
        paths.append(path)
    (row,) = compare(paths, {"whole": Chunking(max_size=1000)})
    assert (row.chunks, row.min, row.max) == (4, 5, 35)
    assert row.median == 15.0  # rank ceil(0.5 * 4) = 2
    assert row.p95 == 35.0  # rank ceil(0.95 * 4) = 4


def test_a_plain_function_is_named_by_its_module_in_the_description() -> None:
    def words(text: str) -> int:
        return len(text.split())

    unit = Chunking(length_function=words).describe()["unit"]
    assert unit == f"{__name__}.test_a_plain_function_is_named_by_its_module_in_the_description" \
                   ".<locals>.words"


def test_hashed_buckets_come_from_an_eight_byte_blake2b_digest() -> None:
    dimensions = 1_000_003  # a prime: the bucket depends on every byte of the digest
    (vector,) = hashing_embedding(dimensions)(["Zebra"])
    digest = hashlib.blake2b(b"zebra", digest_size=8).digest()
    assert vector[int.from_bytes(digest, "big") % dimensions] == 1.0


def test_dense_search_ranks_pieces_by_cosine_similarity() -> None:
    pieces = [Piece(doc=f"d{n}", content=text, text=text)
              for n, text in enumerate(["apples and pears", "trains and buses",
                                        "buses only, buses"])]
    search = dense_search(pieces, hashing_embedding())
    assert search("buses", 2) == [2, 1]
    assert search("pears", 1) == [0]
