"""Regions in the document's own words take its dominant language without the identifier;
a region in other words or another script is still asked of it and keeps its own label."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

import structchunk
from structchunk.lang import identifier
from structchunk.lang.familiar import MIN_WORDS, Vocabulary, words
from structchunk.lang.openings import PIECE, SURE_PIECE, _decided, _openings
from structchunk.lang.regions import language_map

PARAGRAPHS = [
    "The project is open to anyone who wants to help, and the people who maintain it are "
    "glad to answer the questions of a new contributor in the issue tracker.",
    "Before you open a pull request, read the guide to the project and the notes on how the "
    "tests are run, so that the review of your change is quick and kind.",
    "The maintainers of the project meet once a month to talk about the plans for the next "
    "release and the issues that the people who use it have raised.",
    "If you want to help with the documentation of the project, the guide in the docs folder "
    "says how the pages are built and where the pages of each release are kept.",
]
GERMAN = ("Wir haben gemeinsam beschlossen, dass die Entwicklung des Projekts in Zukunft offen "
          "für alle sein soll, die mitarbeiten wollen.")
SAMPLE = ("The people who maintain the project answer the questions of a new contributor in "
          "the issue tracker, and the review of a change is quick.")
# Eleven blocks: the document is judged on the first eight, so SAMPLE is none of them.
PAGE = "\n\n".join(["# The project", *PARAGRAPHS, GERMAN, *PARAGRAPHS[::-1], SAMPLE]) + "\n"


@pytest.fixture
def asked() -> Iterator[list[str]]:
    """The texts asked of the identifier during the test (through its public seam, so the
    test runs on the compiled build too)."""
    texts: list[str] = []
    _openings.cache_clear()  # the openings of a document parsed before are not judged again
    with identifier.watching(texts.append):
        yield texts


def regions_of(page: str, language: str, asked: list[str],
               ) -> tuple[Callable[[str], str | None], Callable[[str], bool]]:
    """The label of a region of `page` (parsed first: its dominant `language` found before
    any call is counted), and whether the identifier was asked about a region since."""
    document = structchunk.parse_text(page, format="markdown")
    assert document.language == language
    asked.clear()
    _openings.cache_clear()  # the openings of a document parsed before are not judged again
    at = language_map(document)
    return (lambda region: at(page.index(region)),
            lambda region: any(region[:20] in text for text in asked))


def test_a_region_in_the_documents_words_is_not_asked_of_the_identifier(
        asked: list[str]) -> None:
    label, asked_about = regions_of(PAGE, "en", asked)
    assert label(SAMPLE) == "en"
    assert not asked_about(SAMPLE)


def test_a_german_paragraph_in_an_english_page_is_still_asked_and_german(
        asked: list[str]) -> None:
    label, asked_about = regions_of(PAGE, "en", asked)
    assert label(GERMAN) == "de"
    assert asked_about(GERMAN)


def test_labels_do_not_depend_on_the_order_regions_are_asked_for() -> None:
    document = structchunk.parse_text(PAGE, format="markdown")
    offsets = [PAGE.index(text) for text in [*PARAGRAPHS, SAMPLE, GERMAN]]
    forward = language_map(document)
    backward = language_map(document)
    ahead = [forward(offset) for offset in offsets]
    behind = [backward(offset) for offset in reversed(offsets)][::-1]
    assert ahead == behind
    assert ahead.count("de") == 1


def test_a_vocabulary_places_only_texts_in_its_script_with_enough_words() -> None:
    vocabulary = Vocabulary.of("hi", "Devanagari", ["यह जानें कि अपने प्रोजेक्ट को कैसे शुरू करें github pull"])
    assert vocabulary.place("यह जानें कि अपने प्रोजेक्ट को कैसे शुरू करें", "Devanagari") == "hi"
    assert vocabulary.place("github pull requests github pull issues", "Latin") is None
    assert vocabulary.place("यह जानें कि", "Devanagari") is None  # too few words to tell
    assert len(words("यह जानें कि")) < MIN_WORDS
    assert words("Prozessüberwachung, प्रोजेक्ट!") == ["prozessüberwachung", "प्रोजेक्ट"]


def test_an_opening_in_the_words_of_a_longer_sure_one_is_not_asked(
        asked: list[str]) -> None:
    document = structchunk.parse_text(PAGE, format="markdown")
    assert document.language == "en"
    # The document is judged on eight openings, the longest first; those in the words of a
    # sure one judged before them are placed without the identifier, and the heading, a
    # few words in the script of a sure opening, weighs nothing. Once the openings left
    # cannot outweigh English, they are only placed: the German one is not asked (its
    # region is, when its language is wanted: see the test above).
    english = [paragraph for paragraph in PARAGRAPHS if any(
        paragraph[:40] in text for text in asked)]
    assert english == [max(PARAGRAPHS, key=len)]
    assert not any(GERMAN[:40] in text for text in asked)
    assert not any("The project" in text[:20] for text in asked)


def test_openings_left_are_asked_while_they_could_change_the_leading_language() -> None:
    assert _decided({"en": 600.0, "de": 0.0}, 520.0)
    assert not _decided({"en": 300.0, "de": 200.0}, 150.0)
    assert not _decided({}, 0.0)
    # equal weights: any opening left could decide
    assert not _decided({"en": 200.0, "de": 200.0}, 0.0)


LONG_GERMAN = ("Die Leute, die das Projekt pflegen, beantworten gerne die Fragen neuer "
               "Mitwirkender im Tracker, und die Prüfung einer Änderung ist schnell und "
               "freundlich, wenn die Tests vorher gelaufen sind.")


def test_an_opening_after_a_sure_one_is_asked_on_a_shorter_sample(asked: list[str]) -> None:
    """The longest opening is asked on `PIECE` characters; once it is sure, an opening the
    vocabulary does not place only confirms it or names another language, and is asked on
    `SURE_PIECE`."""
    first = PARAGRAPHS[0] + " " + PARAGRAPHS[1]
    document = structchunk.parse_text(f"{first}\n\n{LONG_GERMAN}\n\n{PARAGRAPHS[2]}\n",
                                      format="markdown")
    assert document.language == "en"
    assert [len(text) for text in asked if text.startswith(first[:40])] == [PIECE]
    german = [text for text in asked if text.startswith(LONG_GERMAN[:40])]
    assert german and all(len(text) <= SURE_PIECE < len(LONG_GERMAN) for text in german)


SHORT = "A note for the team"  # four words, over 20 letters
HINDI_HEADING = "अंतरराष्ट्रीय परियोजना प्रबंधन नियमावली"  # four words, 20+ letters


def test_a_few_words_in_the_documents_script_take_the_language_around(
        asked: list[str]) -> None:
    page = "\n\n".join(["# The project", *PARAGRAPHS, f"## {SHORT}", SAMPLE,
                        f"## {HINDI_HEADING}", *PARAGRAPHS[::-1]]) + "\n"
    label, asked_about = regions_of(page, "en", asked)
    assert label(SHORT) == "en"
    assert not asked_about(SHORT)
    # a few words in another script are still judged: the vocabulary is of the Latin openings
    assert label(HINDI_HEADING) == "hi"
    assert asked_about(HINDI_HEADING)


CHINESE = ["开源项目的维护者需要花很多时间回答问题，审查贡献，并且和社区一起决定项目的方向。",
           "如果你想为项目做贡献，先阅读贡献指南，然后在问题跟踪器里找一个适合新人的问题。",
           "社区的成员来自世界各地，所以跨语言和文化的交流需要耐心和善意。"]
LATER = "发布新版本之前，维护者会检查所有的测试，并且在更新日志里写下每一个变化。"
JAPANESE = ("プロジェクトのメンテナーは、コントリビューターからの質問に答えるために"
            "多くの時間を使います。")


def test_a_chinese_page_places_han_regions_and_asks_about_japanese(
        asked: list[str]) -> None:
    # ten blocks: the document is judged on the first eight, so LATER is none of them
    page = "\n\n".join(["# 开源指南", *CHINESE, JAPANESE, *CHINESE[::-1], LATER]) + "\n"
    label, asked_about = regions_of(page, "zh", asked)
    assert label(LATER) == "zh"
    assert not asked_about(LATER)
    assert label(JAPANESE) == "ja"
    assert asked_about(JAPANESE)


JAPANESE_PAGE = ["オープンソースのプロジェクトを始める前に、"
                 "ライセンスと行動規範を決めておきましょう。",
                 "メンテナーは、新しいコントリビューターが質問しやすい雰囲気を作ることが大切です。",
                 "ドキュメントを書くことは、コードを書くことと同じくらいプロジェクトを助けます。"]
# katakana with the prolonged sound mark "ー", whose script is Common, kanji and hiragana
JAPANESE_LATER = "レビューの前に、テストがすべて通ることを確認してください。"


def test_a_japanese_page_places_regions_in_any_of_its_scripts(
        asked: list[str]) -> None:
    page = "\n\n".join(["# 始め方", *JAPANESE_PAGE, CHINESE[0], *JAPANESE_PAGE[::-1],
                        JAPANESE_LATER]) + "\n"
    label, asked_about = regions_of(page, "ja", asked)
    assert label(JAPANESE_LATER) == "ja"
    assert not asked_about(JAPANESE_LATER)
    # an English paragraph is in none of the page's scripts: still asked, and English
    english = PARAGRAPHS[0]
    label, asked_about = regions_of(page.replace(JAPANESE_LATER, english), "ja", asked)
    assert label(english) == "en"
    assert asked_about(english)


def test_words_are_the_tokens_with_clinging_punctuation_stripped() -> None:
    from structchunk.lang.familiar import _CLINGING

    for text in [PAGE, GERMAN, "«Bonjour», dit-il… (voir: https://example.org/a).",
                 "“प्रोजेक्ट” — शुरू करें।", ",,, -- ...", ""]:
        reference = [token.strip(_CLINGING) for token in text.casefold().split()]
        assert words(text) == [token for token in reference if token]


def reference_sort(vocabulary: Vocabulary, sample: str, script: str | None) -> str | None:
    """What `Vocabulary.sort` says of a text in a spaced script, on the words alone: the
    dominant language, "" for too few words, None for a text to judge."""
    found = words(sample)
    if len(found) < MIN_WORDS:
        return ""
    return vocabulary.language if vocabulary.place_words(found, script) else None


_TOKENS = st.sampled_from(["the", "The", "project,", "(project)", "—", "|", "»", "über",
                           "Über!", "ß", "ss", "strasse", "Straße", "a", "-", "...", "de"])


@given(st.lists(_TOKENS, max_size=40), st.lists(_TOKENS, min_size=1, max_size=12),
       st.sampled_from([" ", "\n", "  "]))
def test_sorting_on_the_tokens_first_decides_as_the_words_do(
        tokens: list[str], known: list[str], gap: str) -> None:
    vocabulary = Vocabulary.of("en", "Latin", [" ".join(known)])
    sample = gap.join(tokens)
    verdict = vocabulary.sort(sample, "Latin")
    expected = reference_sort(vocabulary, sample, "Latin")
    if not vocabulary.known:
        assert verdict is None
    elif expected == "":
        assert verdict is not None and verdict.language is None
    else:
        assert (verdict.language if verdict is not None else None) == expected
