"""Languages named by their script, for text langdetect has no profile for."""

from __future__ import annotations

import pytest

from structchunk.lang.detect import detect_language


@pytest.mark.parametrize(("text", "language"), [
    ("Это простой русский текст о погоде и природе нашего края.", "ru"),
    ("Це простий український текст про погоду і природу нашого краю.", "uk"),
    ("هذا نص عربي بسيط عن الطقس والطبيعة في المدينة", "ar"),
    ("این یک متن ساده فارسی درباره هوا و طبیعت است که می‌خوانیم", "fa"),
    ("这是一个关于天气和自然的简单中文文本，我们今天去公园。", "zh"),
    ("これは天気と自然についての簡単な日本語の文章です。", "ja"),
    ("날씨와 자연에 관한 간단한 한국어 문장입니다. 오늘은 공원에 갑니다.", "ko"),
    ("นี่คือข้อความภาษาไทยง่ายๆ เกี่ยวกับสภาพอากาศและธรรมชาติ", "th"),
    ("Αυτό είναι ένα απλό ελληνικό κείμενο για τον καιρό και τη φύση.", "el"),
])
def test_the_script_names_the_language(text: str, language: str) -> None:
    assert detect_language(text) == language


def test_a_few_foreign_words_do_not_decide() -> None:
    text = ("This report covers the work of the department over the past year, "
            "with a note on the term «отчёт» used by the partners.")
    assert detect_language(text) == "en"
