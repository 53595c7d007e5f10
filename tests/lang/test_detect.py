"""Language detection: the identifier for every language, scripts as data, the language around
a text, the per-region map, the dominant language of a document and a forced one."""

from __future__ import annotations

import pytest

import structchunk
from structchunk.decode import from_text
from structchunk.lang import detect, identifier
from structchunk.lang.detect import (
    DECISIVE,
    MIN_LETTERS,
    Verdict,
    detect_language,
    judge,
    supported_languages,
)
from structchunk.lang.identifier import identify
from structchunk.lang.noise import without_noise
from structchunk.lang.regions import DETECTED, language_map
from structchunk.tree import Document, Node, NodeKind, make_node

ENGLISH = ("Open source software is made by people just like you. Learn how to launch and "
           "grow your project, and how to contribute to the projects you use every day.")
GERMAN = ("Open-Source-Software wird von Menschen wie dir gemacht. Hier erfährst du, wie du "
          "dein Projekt startest und wie du zu den Projekten beiträgst, die du nutzt.")
HINDI = ("ओपन सोर्स सॉफ्टवेयर आप जैसे लोगों द्वारा बनाया जाता है। यह जानें कि अपने प्रोजेक्ट को "
         "कैसे शुरू करें और उसमें योगदान कैसे करें।")
MARATHI = ("ओपन सोर्स सॉफ्टवेअर तुमच्यासारख्या लोकांनी तयार केले आहे. तुमचा प्रकल्प कसा सुरू करायचा "
           "आणि त्यात योगदान कसे द्यायचे ते येथे शिका.")
# One sentence in each of the languages the old detector could not tell apart.
SENTENCES = {
    "fr": "Le logiciel libre est fait par des gens comme vous, et chacun peut y contribuer.",
    "es": "El software de código abierto lo hacen personas como tú, y cualquiera puede ayudar.",
    "it": "Il software open source è fatto da persone come te, e chiunque può contribuire.",
    "pt": "O software de código aberto é feito por pessoas como você, e todos podem ajudar.",
    "nl": "Open source software wordt gemaakt door mensen zoals jij, en iedereen kan helpen.",
    "pl": "Oprogramowanie open source tworzą ludzie tacy jak ty i każdy może w tym pomóc.",
    "cs": "Software s otevřeným zdrojovým kódem tvoří lidé jako vy a každý může pomoci.",
    "sv": "Programvara med öppen källkod skapas av människor som du, och alla kan bidra.",
    "fi": "Avoimen lähdekoodin ohjelmistoja tekevät kaltaisesi ihmiset, ja kuka tahansa auttaa.",
    "tr": "Açık kaynak yazılımı sizin gibi insanlar yapar ve herkes katkıda bulunabilir.",
    "bg": "Софтуерът с отворен код се създава от хора като вас и всеки може да помогне.",
    "ru": "Программное обеспечение с открытым кодом создают такие же люди, как вы.",
    "uk": "Програмне забезпечення з відкритим кодом створюють такі ж люди, як ви.",
    "kk": "Ашық бастапқы кодты бағдарламалық жасақтаманы сіз сияқты адамдар жасайды.",
    "ar": "البرمجيات مفتوحة المصدر يصنعها أشخاص مثلك، ويمكن لأي شخص أن يساهم فيها.",
    "fa": "نرم‌افزار متن‌باز را افرادی مانند شما می‌سازند و هر کسی می‌تواند کمک کند.",
    "zh": "开源软件是由像你这样的人制作的，任何人都可以为这些项目做出自己的贡献。",
    "ja": "オープンソースソフトウェアは、あなたのような人々によって作られています。",
    "ko": "오픈 소스 소프트웨어는 당신과 같은 사람들이 만들고 누구나 기여할 수 있습니다.",
    "el": "Το λογισμικό ανοιχτού κώδικα φτιάχνεται από ανθρώπους σαν εσένα και όλους.",
}


def test_detects_the_four_languages_of_before() -> None:
    assert detect_language(ENGLISH) == "en"
    assert detect_language(GERMAN) == "de"
    assert detect_language(HINDI) == "hi"
    assert detect_language(MARATHI) == "mr"


@pytest.mark.parametrize("language", sorted(SENTENCES))
def test_every_language_is_identified_not_only_english_and_german(language: str) -> None:
    assert detect_language(SENTENCES[language]) == language


def test_the_identifier_languages_are_supported() -> None:
    supported = supported_languages()
    assert len(supported) > 150
    assert {"en", "de", "hi", "mr", "bg", "kk", "is", "id", "ms", "sw", "zh", "ko"} <= \
        set(supported)


def test_short_texts_are_not_judged() -> None:
    assert detect_language("Hallo Welt") is None
    assert detect_language("नमस्ते") is None
    assert detect_language("") is None
    assert detect_language("| 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 |") is None  # no letters


def test_fewer_than_min_letters_is_too_short_whatever_the_length() -> None:
    text = "Öl für Bären — Süß Maßband"
    assert sum(map(str.isalpha, text)) == MIN_LETTERS
    # Judged on its own letters, without the language around it.
    verdict = judge(text)
    assert verdict.guesses and verdict.guesses[0][0] == "de"
    assert detect_language(text) == "de"
    shorter = text.replace("Öl", "Ö")
    assert judge(shorter) == Verdict()
    assert detect_language(shorter) is None
    assert detect_language(shorter, prior="de") is None  # the prior is no answer on its own


def test_detection_is_deterministic() -> None:
    text = "Das ist ein kurzer Satz mit ein paar englischen words darin, just to be sure."
    assert len({detect_language(text) for _ in range(20)}) == 1


def test_code_and_links_do_not_decide_the_language() -> None:
    text = ("उदाहरण के लिए `git commit --amend --no-edit` चलाएँ और https://example.com/docs/setup "
            "पर दस्तावेज़ पढ़ें।")
    assert detect_language(text) == "hi"


def test_a_text_mostly_in_kana_is_japanese() -> None:
    # a UD document; lid.176 alone: zh 0.74, ja 0.26 (a genus name in katakana, then kanji)
    text = "チチュウカイリクガメ属の模式種。"
    assert identify(text)[0][0] == "zh"
    assert structchunk.parse_text(text, format="text").language == "ja"
    assert detect_language("これは天気についての最初の文です。これは二番目の文です。") == "ja"
    assert detect_language("这是一个开源项目，我们欢迎每一个人参与贡献。") == "zh"


def test_a_path_in_a_script_without_spaces_takes_only_its_ascii_along() -> None:
    # "5/13" runs into the Japanese words after it: only the ASCII part is noise
    assert without_noise("5/13に放送されるフジテレビ系の番組") == " に放送されるフジテレビ系の番組"
    assert without_noise("see https://example.com/a?b=1 now") == "see   now"
    assert detect_language("5/13に放送されるフジテレビ系「僕らの音楽」にて、福原美穂とAIという"
                           "豪華共演が決定した。") == "ja"


def test_hindi_with_english_terms_is_hindi() -> None:
    assert detect_language("उपकरण: उदाहरण के लिए Fortify, Checkmarx, और Veracode का उपयोग करें।") \
        == "hi"


def test_a_sure_guess_overrules_the_language_around() -> None:
    assert detect_language(GERMAN, prior="en") == "de"
    assert detect_language(ENGLISH, prior="de") == "en"
    assert detect_language(HINDI, prior="mr") == "hi"


def test_an_unsure_guess_keeps_the_language_around_when_it_is_a_candidate() -> None:
    verdict = Verdict(None, (("en", 0.5), ("de", 0.3), ("nl", 0.1)))
    assert verdict.needs_prior
    assert verdict.settle("de", inherit=True) == "de"
    assert verdict.settle("fr", inherit=True) == "en"  # not a candidate: the guess stands
    assert verdict.settle(None, inherit=False) == "en"
    assert Verdict(None, (("en", 0.1),)).settle("fr", inherit=True) == "fr"  # says nothing
    assert Verdict(None, (("en", 0.1),)).settle(None, inherit=False) is None
    sure = Verdict(None, (("en", DECISIVE), ("de", 0.05)))
    assert not sure.needs_prior and sure.settle("de", inherit=True) == "en"


def test_a_script_of_one_language_names_it_without_the_identifier() -> None:
    verdict = judge("한국어 문장을 시험하는 중입니다 오늘은 날씨가 좋습니다")
    assert verdict.language == "ko" and verdict.guesses == ()
    assert detect_language("ภาษาไทยเป็นภาษาที่มีความงดงามมากและมีประวัติศาสตร์ยาวนาน") == "th"


def test_a_script_no_data_names_is_not_guessed() -> None:
    # Ol Chiki: the identifier was never trained on it (it answers "fr" with 0.63)
    assert judge("ᱥᱟᱱᱛᱟᱲᱤ ᱯᱟᱹᱨᱥᱤ ᱫᱚ ᱟᱹᱥᱴᱨᱚ-ᱮᱥᱤᱭᱟᱹᱴᱤᱠ ᱯᱟᱹᱨᱥᱤ ᱜᱷᱟᱨᱚᱸᱡᱽ ᱨᱮᱭᱟᱜ") == Verdict()


def _document(text: str, spans: list[tuple[int, int]], language: str | None = None) -> Document:
    source = from_text(text)
    children: list[Node] = [make_node(source, NodeKind.PARAGRAPH, start, end)
                            for start, end in spans]
    root = make_node(source, NodeKind.DOCUMENT, 0, len(text), children)
    return Document(source=source, root=root, format="text", language=language)


def test_language_map_follows_paragraphs() -> None:
    text = f"{GERMAN}\n\n{ENGLISH}\n\n{GERMAN}\n\nKurz."
    first = len(GERMAN)
    second = first + 2 + len(ENGLISH)
    third = second + 2 + len(GERMAN)
    document = _document(text, [(0, first), (first + 2, second), (second + 2, third),
                                (third + 2, len(text))])
    language = language_map(document)
    assert language(0) == "de"
    assert language(first + 10) == "en"
    assert language(second + 10) == "de"
    assert language(third + 3) == "de"  # too short to judge: the document's language
    assert language(first) == "de"  # between paragraphs: the document's language


def test_language_map_separates_scripts_and_languages_of_one_script() -> None:
    text = f"{HINDI}\n\n{ENGLISH}\n\n{MARATHI}\n\n{SENTENCES['bg']}\n\n{SENTENCES['ru']}"
    spans, start = [], 0
    for part in text.split("\n\n"):
        spans.append((start, start + len(part)))
        start += len(part) + 2
    language = language_map(_document(text, spans))
    assert [language(begin + 5) for begin, _end in spans] == ["hi", "en", "mr", "bg", "ru"]


def test_a_forced_language_holds_everywhere() -> None:
    text = f"{GERMAN}\n\n{ENGLISH}"
    document = _document(text, [(0, len(GERMAN)), (len(GERMAN) + 2, len(text))],
                         language="de-CH")
    language = language_map(document)
    assert language(0) == language(len(text) - 1) == "de"


def test_code_inherits_the_language_around_it() -> None:
    code = "def main():\n    print('Hello, this is an English string in code')\n"
    text = f"{GERMAN}\n\n{code}"
    source = from_text(text)
    root = make_node(source, NodeKind.DOCUMENT, 0, len(text), [
        make_node(source, NodeKind.PARAGRAPH, 0, len(GERMAN)),
        make_node(source, NodeKind.CODE, len(GERMAN) + 2, len(text))])
    language = language_map(Document(source=source, root=root, format="markdown"))
    assert language(len(GERMAN) + 20) == "de"


@pytest.mark.parametrize(("text", "language"), [
    (f"# Titel\n\n{GERMAN}\n\n{GERMAN}\n\n{ENGLISH}\n", "de"),
    (f"{SENTENCES['bg']}\n\n{SENTENCES['bg']}\n", "bg"),
    ("# 123\n\n| 1 | 2 |\n|---|---|\n| 3 | 4 |\n", "und"),
    ("", "und"),
    ("Guten Morgen\n", "de"),  # too short for a region: judged all the same
])
def test_document_language_is_always_set_to_the_dominant_language(text: str,
                                                                  language: str) -> None:
    document = structchunk.parse_text(text)
    assert document.language == language
    assert document.metadata[DETECTED] == language


def test_a_detected_document_language_is_not_forced_on_its_regions() -> None:
    text = f"{GERMAN}\n\n{GERMAN}\n\n{GERMAN}\n\n{ENGLISH}\n"
    document = structchunk.parse_text(text)
    assert document.language == "de"
    chunks = structchunk.split(document, max_size=200)
    assert [chunk.language for chunk in chunks] == ["de", "de", "de", "en"]


def test_a_given_language_is_the_document_language_and_holds_everywhere() -> None:
    document = structchunk.parse_text(f"{GERMAN}\n\n{ENGLISH}\n", language="fr")
    assert document.language == "fr" and DETECTED not in document.metadata
    assert {chunk.language for chunk in structchunk.split(document, max_size=200)} == {"fr"}


def test_source_code_has_a_document_language_but_its_chunks_none() -> None:
    document = structchunk.parse_text("def main():\n    return 1\n", code_language="python")
    assert document.language
    assert {chunk.language for chunk in structchunk.split(document)} == {None}


def test_the_samples_judged_and_the_texts_asked_are_seen_through_the_public_seams() -> None:
    judged: list[str] = []
    asked: list[str] = []
    text = "Dies ist ein deutscher Satz über die Entwicklung des Projekts, für alle offen."
    with detect.judging(judged.append), identifier.watching(asked.append):
        assert detect.detect_language(text) == "de"
    assert judged == [text] and asked == [text]
    detect.detect_language(text)
    assert len(judged) == 1  # no longer watched after the block
