"""The natural-question set points into the corpus exactly, is written in users' words, and
is scored as documented."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import pytest

from structchunk.evaluate.natural import (
    Piece,
    Question,
    Search,
    load_questions,
    score,
    score_in_language,
)
from tests.conftest import corpus_root

QUESTIONS = Path(__file__).resolve().parents[2] / "benchmarks" / "natural_questions.jsonl"


def _records() -> list[dict]:
    return [json.loads(line) for line in QUESTIONS.read_text(encoding="utf-8").splitlines()]


def test_the_set_is_large_multilingual_and_holds_only_short_answers() -> None:
    records = _records()
    assert len(records) >= 150
    assert len({record["id"] for record in records}) == len(records)
    assert {"en", "de", "hi", "mr"} <= {record["lang"] for record in records}
    assert len({record["lang"] for record in records}) >= 28  # every language of docs/
    assert {"code", "legal", "list", "procedure"} <= {record["kind"] for record in records}
    for record in records:
        assert len(record["answer"]) <= 200, record["id"]


def test_questions_are_paraphrased_not_copied_from_the_answer() -> None:
    for record in _records():
        question = record["question"].lower()
        answer = record["answer"].lower()
        assert answer not in question, record["id"]
        words = [word for word in answer.split() if len(word) > 3]
        shared = [word for word in words if word in question]
        assert len(words) < 4 or len(shared) < len(words) * 0.8, record["id"]


@pytest.mark.skipif(corpus_root() is None, reason="needs the shared corpus")
def test_every_answer_is_verbatim_at_its_offsets() -> None:
    root = corpus_root()
    assert root is not None
    questions = load_questions(QUESTIONS, root)
    assert len(questions) == len(_records())


def test_load_refuses_an_answer_that_is_not_at_its_offsets(tmp_path: Path) -> None:
    (tmp_path / "doc.md").write_text("The answer is 42.\n", encoding="utf-8")
    record = {"id": "x", "doc": "doc.md", "lang": "en", "kind": "prose", "question": "q?",
              "answer": "42", "char_start": 0, "char_end": 2}
    (tmp_path / "q.jsonl").write_text(json.dumps(record) + "\n", encoding="utf-8")
    with pytest.raises(ValueError, match="not at its offsets"):
        load_questions(tmp_path / "q.jsonl", tmp_path)


def test_recall_counts_a_hit_at_rank_one_only_when_it_is_first() -> None:
    question = Question("a", "d", "en", "prose", "q", "needle", 0, 6)
    pieces = [Piece("d", "hay", "hay"), Piece("d", "a needle", "a needle"),
              Piece("e", "needle", "needle")]
    rows = score([question], pieces, lambda _query, k: [2, 0, 1][:k])
    count, recall1, recall5, mrr = rows["all"]
    assert (count, recall1, recall5) == (1, 0.0, 1.0)
    assert mrr == pytest.approx(1 / 3)  # the other document's needle is no hit
    assert score([question], pieces, lambda _q, k: [1][:k])["lang:en"][1] == 1.0


def test_in_language_search_sees_only_the_question_language_and_pieces_with_none() -> None:
    german = Question("g", "d", "de", "prose", "frist", "Frist", 0, 5)
    pieces = [Piece("d", "deadline Frist", "frist", "en"), Piece("d", "Frist", "frist", "de"),
              Piece("d", "code", "frist", None)]
    indexed: list[list[str | None]] = []

    def make_search(found: Sequence[Piece]) -> Search:
        subset = list(found)
        indexed.append([piece.language for piece in subset])
        return lambda _query, k: list(range(len(subset)))[:k]

    rows = score_in_language([german, german], pieces, make_search,
                             lambda question: question.lang)
    assert indexed == [["de", None]]  # one index per language, built once
    assert rows["all"][:3] == (2, 1.0, 1.0)
    unfiltered = score([german], pieces, lambda _q, k: [0, 1, 2][:k])
    assert unfiltered["all"][1] == 1.0  # the English piece holds the answer too
    assert score_in_language([german], pieces[:1] + pieces[2:], make_search,
                             lambda question: question.lang)["all"][2] == 0.0


def test_a_language_no_piece_is_in_finds_nothing_without_building_an_index() -> None:
    marathi = Question("m", "d", "mr", "prose", "q", "needle", 0, 6)
    built: list[int] = []

    def make_search(found: Sequence[Piece]) -> Search:
        built.append(len(found))
        return lambda _query, k: list(range(len(found)))[:k]

    rows = score_in_language([marathi], [Piece("d", "needle", "needle", "hi")], make_search,
                             lambda question: question.lang)
    assert built == []
    assert rows["all"] == (1, 0.0, 0.0, 0.0)
