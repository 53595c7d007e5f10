"""A language from the script alone, for texts in scripts that name one language (or one
main language) and that the function-word and langdetect steps do not cover.

Where a script serves several languages, letters that only one of them uses decide
(Ukrainian і ї є ґ in Cyrillic, Persian پ چ ژ گ and Urdu ٹ ڈ ڑ ے in Arabic script, kana beside
Han characters for Japanese); without them the script's main language is taken.
"""

from __future__ import annotations

from functools import cache

import regex

# Script → its main language. Order matters only for ties.
SCRIPTS: dict[str, str] = {
    "Arabic": "ar", "Cyrillic": "ru", "Han": "zh", "Hiragana": "ja", "Katakana": "ja",
    "Hangul": "ko", "Thai": "th", "Greek": "el", "Hebrew": "he", "Armenian": "hy",
    "Georgian": "ka", "Bengali": "bn", "Tamil": "ta", "Telugu": "te", "Gujarati": "gu",
    "Gurmukhi": "pa", "Kannada": "kn", "Malayalam": "ml", "Sinhala": "si", "Khmer": "km",
    "Lao": "lo", "Myanmar": "my", "Ethiopic": "am", "Tibetan": "bo",
}
# Letters that single out another language of the script: (script, letters, language).
# A text needs at least MARKED_SHARE of its letters from the list (a loan word is not enough).
MARKERS: tuple[tuple[str, str, str], ...] = (
    ("Cyrillic", "іїєґІЇЄҐ", "uk"),
    ("Cyrillic", "ђћџљњјЂЋЏЉЊЈ", "sr"),
    ("Arabic", "ٹڈڑںےۓھ", "ur"),
    ("Arabic", "پچژگکی", "fa"),
)
MARKED_SHARE = 0.01
KANA_SHARE = 0.05  # Japanese text mixes kana into Han characters; Chinese has none


@cache
def _other_than(script: str) -> regex.Pattern[str]:
    return regex.compile(rf"\P{{Script={script}}}+")


def script_language(text: str, letters: int) -> str | None:
    """The language the script of most of `text`'s `letters` names, or None."""
    counts = {script: len(_other_than(script).sub("", text)) for script in SCRIPTS}
    kana = counts["Hiragana"] + counts["Katakana"]
    han = counts["Han"]
    if kana + han and (kana + han) * 2 >= letters:
        return "ja" if kana >= (kana + han) * KANA_SHARE else "zh"
    script, count = max(counts.items(), key=lambda item: item[1])
    if count == 0 or count * 2 < letters:
        return None
    for marked_script, marks, language in MARKERS:
        if marked_script == script:
            marked = sum(text.count(mark) for mark in marks)
            if marked >= max(1.0, count * MARKED_SHARE):
                return language
    return SCRIPTS[script]
