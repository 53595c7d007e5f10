"""PDFs in scripts other than Latin and Devanagari get their language from the script."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import structchunk
from structchunk.lang.regions import language_map
from tests.invariants import assert_chunks_valid
from tests.parse.pdf.conftest import save, write

TEXTS = {
    "ru": ("Отчёт о работе", "Настоящий отчёт описывает работу отдела за прошедший год. "
           "Сотрудники провели измерения и сравнили их с данными производителей. "),
    "ar": ("تقرير العمل", "يصف هذا التقرير عمل القسم خلال العام الماضي. "
           "أجرى الموظفون القياسات وقارنوها ببيانات الشركات المصنعة. "),
}


@pytest.mark.parametrize("language", sorted(TEXTS))
def test_a_pdf_gets_the_language_of_its_script(new_pdf: Callable[..., Any], tmp_path: Path,
                                               language: str) -> None:
    title, body = TEXTS[language]
    pdf = new_pdf()
    for _ in range(2):
        pdf.add_page()
        write(pdf, title, size=16, bold=True, height=9)
        write(pdf, body * 6)
    document = structchunk.parse(save(pdf, tmp_path / f"{language}.pdf"))
    assert language_map(document)(0) == language
    chunks = structchunk.split(document, max_size=300)
    assert_chunks_valid(document.text, chunks, 300)
    assert {chunk.language for chunk in chunks} == {language}
