"""Language detection: script shortcut, Hindi or Marathi, per-region map, forced language."""

from __future__ import annotations

from structchunk.decode import from_text
from structchunk.lang.detect import (
    detect_language,
    language_map,
    supported_languages,
    vote,
)
from structchunk.tree import Document, Node, NodeKind, make_node

ENGLISH = ("Open source software is made by people just like you. Learn how to launch and "
           "grow your project, and how to contribute to the projects you use every day.")
GERMAN = ("Open-Source-Software wird von Menschen wie dir gemacht. Hier erfährst du, wie du "
          "dein Projekt startest und wie du zu den Projekten beiträgst, die du nutzt.")
HINDI = ("ओपन सोर्स सॉफ्टवेयर आप जैसे लोगों द्वारा बनाया जाता है। यह जानें कि अपने प्रोजेक्ट को "
         "कैसे शुरू करें और उसमें योगदान कैसे करें।")
MARATHI = ("ओपन सोर्स सॉफ्टवेअर तुमच्यासारख्या लोकांनी तयार केले आहे. तुमचा प्रकल्प कसा सुरू करायचा "
           "आणि त्यात योगदान कसे द्यायचे ते येथे शिका.")


def test_detects_the_four_languages() -> None:
    assert detect_language(ENGLISH) == "en"
    assert detect_language(GERMAN) == "de"
    assert detect_language(HINDI) == "hi"
    assert detect_language(MARATHI) == "mr"


def test_short_texts_are_not_judged() -> None:
    assert detect_language("Hallo Welt") is None
    assert detect_language("नमस्ते") is None
    assert detect_language("") is None


def test_detection_is_deterministic() -> None:
    text = "Das ist ein kurzer Satz mit ein paar englischen words darin, just to be sure."
    assert len({detect_language(text) for _ in range(20)}) == 1


def test_code_and_links_do_not_decide_the_language() -> None:
    text = ("उदाहरण के लिए `git commit --amend --no-edit` चलाएँ और https://example.com/docs/setup "
            "पर दस्तावेज़ पढ़ें।")
    assert detect_language(text) == "hi"


def test_hindi_with_english_terms_is_hindi() -> None:
    assert detect_language("उपकरण: उदाहरण के लिए Fortify, Checkmarx, और Veracode का उपयोग करें।") \
        == "hi"


def test_marathi_is_told_from_hindi() -> None:
    assert vote("हे काम सोपे आहे आणि ते लवकर होईल", "Devanagari") == "mr"
    assert vote("यह काम आसान है और जल्दी होगा", "Devanagari") == "hi"
    assert vote("सुरक्षा जोखीमांचे मूल्यांकन", "Devanagari") == "mr"  # Marathi genitive
    assert vote("फळ", "Devanagari") == "mr"  # ळ
    assert vote("नेटवर्क सुरक्षा", "Devanagari") is None


def test_the_languages_come_from_the_grammar_files() -> None:
    assert set(supported_languages()) == {"de", "en", "hi", "mr"}


def test_function_words_overrule_overconfident_guesses_on_short_texts() -> None:
    assert vote("Jede Open-Source-Community ist anders.", "Latin") == "de"
    assert detect_language("Jede Open-Source-Community ist anders und das ist gut.") == "de"


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


def test_language_map_separates_scripts() -> None:
    text = f"{HINDI}\n\n{ENGLISH}\n\n{MARATHI}"
    first = len(HINDI)
    second = first + 2 + len(ENGLISH)
    document = _document(text, [(0, first), (first + 2, second), (second + 2, len(text))])
    language = language_map(document)
    assert [language(0), language(first + 5), language(second + 5)] == ["hi", "en", "mr"]


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


def test_devanagari_without_markers_keeps_the_language_around_it() -> None:
    unmarked = "नेटवर्क सुरक्षा ऑपरेशन्स सेंटर सायबर धोका व्यवस्थापन प्रक्रिया मूल्यांकन"
    assert vote(unmarked, "Devanagari") is None
    assert detect_language(unmarked, prior="mr") == "mr"
    assert detect_language(unmarked, prior="hi") == "hi"
    assert detect_language(unmarked) in ("hi", "mr")  # langdetect decides without a prior


def test_short_latin_text_keeps_the_language_around_it_unless_function_words_disagree() -> None:
    assert detect_language("Kubernetes Cluster Monitoring Dashboard", prior="de") == "de"
    assert detect_language("Kubernetes Cluster Monitoring Dashboard", prior="en") == "en"
    assert detect_language("This is the way to do it, and it works.", prior="de") == "en"
