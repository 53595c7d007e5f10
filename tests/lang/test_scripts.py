"""Languages of every script: named by the script where it serves one language, by the
identifier where it serves several; a few foreign words do not decide."""

from __future__ import annotations

import pytest

from structchunk.lang.detect import detect_language, judge


@pytest.mark.parametrize(("text", "language"), [
    ("Это простой русский текст о погоде и природе нашего края.", "ru"),
    ("Це простий український текст про погоду і природу нашого краю.", "uk"),
    ("Ово је једноставан српски текст о времену и природи нашег краја.", "sr"),
    ("هذا نص عربي بسيط عن الطقس والطبيعة في المدينة", "ar"),
    ("این یک متن ساده فارسی درباره هوا و طبیعت است که می‌خوانیم", "fa"),
    ("یہ موسم اور فطرت کے بارے میں ایک سادہ اردو متن ہے جو ہم پڑھتے ہیں", "ur"),
    ("这是一个关于天气和自然的简单中文文本，我们今天去公园。", "zh"),
    ("這是一個關於天氣和自然的簡單中文文本，我們今天去公園。", "zh"),
    ("これは天気と自然についての簡単な日本語の文章です。", "ja"),
    ("날씨와 자연에 관한 간단한 한국어 문장입니다. 오늘은 공원에 갑니다.", "ko"),
    ("นี่คือข้อความภาษาไทยง่ายๆ เกี่ยวกับสภาพอากาศและธรรมชาติ", "th"),
    ("Αυτό είναι ένα απλό ελληνικό κείμενο για τον καιρό και τη φύση.", "el"),
    ("זהו טקסט עברי פשוט על מזג האוויר והטבע של הארץ שלנו", "he"),
])
def test_every_script_gets_its_language(text: str, language: str) -> None:
    assert detect_language(text) == language


@pytest.mark.parametrize(("text", "language"), [
    ("Αυτό είναι ένα απλό ελληνικό κείμενο για τον καιρό και τη φύση.", "el"),
    ("날씨와 자연에 관한 간단한 한국어 문장입니다. 오늘은 공원에 갑니다.", "ko"),
])
def test_a_script_of_one_language_is_not_asked_of_the_identifier(text: str,
                                                                 language: str) -> None:
    assert judge(text).language == language and not judge(text).guesses


def test_a_few_foreign_words_do_not_decide() -> None:
    text = ("This report covers the work of the department over the past year, "
            "with a note on the term «отчёт» used by the partners.")
    assert detect_language(text) == "en"
    greek = "The letters αβγ are used in this long English sentence about the weather."
    assert detect_language(greek) == "en"


def test_letters_of_no_script_do_not_hide_the_script_of_the_text() -> None:
    # the okina (U+02BB) and the modifier apostrophe (U+02BC) belong to no script of the data
    text = "Hawaiʻi is an island state, and its people love the sea and the mountains there."
    assert detect_language(text) == "en"
    assert detect_language("Modifierʼs apostrophe " + text) == "en"


def test_the_scripts_a_page_is_written_in_count_only_real_shares() -> None:
    from structchunk.lang.scripts import letters_beyond, scripts_in

    scripts = ("Latin", "Han", "Hiragana", "Katakana", "Cyrillic")
    text = "日本語のテキストです。カタカナも。Café"
    assert scripts_in(text, scripts, 0.1) == ("Han", "Hiragana", "Katakana")
    assert scripts_in(text, scripts, 0.0) == ("Latin", "Han", "Hiragana", "Katakana")
    assert scripts_in("ascii only", scripts, 0.1) == ()
    # the prolonged sound mark is Common, shared by both kana (Script_Extensions)
    assert letters_beyond("Han", "Hiragana", "Katakana").search("メンテナーとして") is None
    assert letters_beyond("Han").search("日本語の").group() == "の"
