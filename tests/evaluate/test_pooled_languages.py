"""Languages asked only a few times are reported together, so no row rests on two questions."""

from __future__ import annotations

from structchunk.evaluate.natural import Question, pooled_by_language


def _question(lang: str, n: int) -> Question:
    return Question(id=f"{lang}-{n}", doc=f"{lang}.md", lang=lang, kind="prose",
                    question="q", answer="a", char_start=0, char_end=1)


def test_languages_under_the_minimum_are_pooled_and_the_rest_kept() -> None:
    questions = [_question("en", n) for n in range(5)] + [_question("hi", n) for n in range(4)]
    pooled = pooled_by_language(questions)
    assert [q.lang for q in pooled] == ["en"] * 5 + ["24 more"] * 4
    assert [q.id for q in pooled] == [q.id for q in questions]


def test_the_minimum_and_the_pool_name_are_the_callers() -> None:
    questions = [_question("en", 0), _question("de", 0), _question("de", 1)]
    assert [q.lang for q in pooled_by_language(questions, minimum=2, pooled="other")] == [
        "other", "de", "de"]
