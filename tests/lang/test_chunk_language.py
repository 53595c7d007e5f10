"""Each chunk is labelled with the language of its own text, and the label is stable."""

from __future__ import annotations

import pytest

import structchunk
from structchunk.lang.detect import detect_language
from tests.invariants import assert_chunks_valid, assert_language_of
from tests.lang.support import sentences

MIXED = """# Employee handbook

## Working hours

Our office opens at eight in the morning and closes at six in the evening. Employees who
work from home should tell their team when they are available and when they are not.

## Arbeitszeiten

Das Büro öffnet um acht Uhr morgens und schließt um achtzehn Uhr. Wer von zu Hause arbeitet,
sagt dem Team, wann er erreichbar ist und wann nicht. Die Regeln gelten für alle Standorte.

## कार्य के घंटे

कार्यालय सुबह आठ बजे खुलता है और शाम छह बजे बंद होता है। घर से काम करने वाले कर्मचारी अपनी टीम
को बताते हैं कि वे कब उपलब्ध हैं। ये नियम सभी कार्यालयों पर लागू होते हैं।

## Leave

Annual leave is twenty-five days. Requests should be made two weeks before the first day.
"""


@pytest.mark.parametrize("max_size", [160, 260, 400])
def test_each_chunk_gets_the_language_of_its_own_text(max_size: int) -> None:
    chunks = structchunk.split_text(MIXED, max_size=max_size)
    assert_chunks_valid(MIXED, chunks, max_size)
    assert_language_of(chunks, "Our office opens at eight", "en")
    assert_language_of(chunks, "Das Büro öffnet um acht Uhr", "de")
    assert_language_of(chunks, "कार्यालय सुबह आठ बजे", "hi")
    leave = next(chunk for chunk in chunks if "Annual leave" in chunk.content)
    if leave.content.startswith("## Leave"):  # merged into a Hindi chunk it is labelled hi
        assert leave.language == "en"


def test_the_language_decides_the_sentence_rules_of_a_chunk() -> None:
    text = ("# Notes\n\n## Deutsch\n\nDie Sitzung begann z. B. um neun Uhr. Danach folgte "
            "die Aussprache über den Haushalt und die neuen Regeln.\n\n## English\n\n"
            "The meeting began at nine. Then came the debate on the budget and the rules.\n")
    chunks = structchunk.split_text(text, max_size=70)
    assert_chunks_valid(text, chunks, 70)
    assert not any(chunk.content.rstrip().endswith("z.") for chunk in chunks), \
        "a German abbreviation ended a chunk"


AMBIGUOUS = ["Hoi, dit werkt prima vandaag", "Tak, to jest dobre rozwiązanie dla nas",
             "Salut tout le monde ca va", "Lorem ipsum dolor sit amet",
             "Bom dia a todos vocês", "Hej, det fungerar bra idag", "Ciao a tutti quanti"]


def test_detection_is_deterministic_on_text_the_detector_is_unsure_about() -> None:
    for text in AMBIGUOUS:
        answers = {detect_language(text) for _ in range(25)}
        assert len(answers) == 1, (text, answers)


@pytest.mark.parametrize(("text", "language"), [
    ("आवेदन क्र. 45 स्वीकार हुआ। बैठक का विवरण पृ. 12 पर है। शुल्क रु. 500 था। बैठक दि. 14 को हुई।",
     "hi"),
    ("अर्ज क्र. ७ मंजूर झाला. पुढील माहिती पृ. ३ वर आहे. शुल्क रु. २५० आहे.", "mr"),
])
def test_devanagari_abbreviations_before_a_number_end_no_sentence(text: str,
                                                                 language: str) -> None:
    found = sentences(text, language)
    assert len(found) == (4 if language == "hi" else 3), found
    for piece in found:
        assert not piece.rstrip().endswith(("क्र.", "पृ.", "रु.", "दि.")), found


def test_a_devanagari_abbreviation_without_a_number_still_ends_no_marathi_word() -> None:
    found = sentences("शुल्क रु. २५० आहे. पुढे वाचा.", "mr")
    assert found == ["शुल्क रु. २५० आहे.", "पुढे वाचा."]


QUOTED = """# Release notes

The team met in Berlin to plan the next release and to agree on the new review rules for
every contributor to the project.

> Wir haben gemeinsam beschlossen, dass jede Änderung von zwei Personen geprüft wird, bevor
> sie in den Hauptzweig übernommen wird.

After the meeting the rules were written down in the contributing guide for everyone.
Each pull request now names two reviewers, and the release manager checks the list.

The next meeting is planned for the spring, when the team will look back on the new rules.
"""


def test_a_german_quote_in_an_english_page_is_german() -> None:
    document = structchunk.parse_text(QUOTED)
    assert document.language == "en"
    chunks = structchunk.split(document, max_size=160)
    assert_chunks_valid(QUOTED, chunks, 160)
    assert_language_of(chunks, "The team met in Berlin", "en")
    assert_language_of(chunks, "Wir haben gemeinsam beschlossen", "de")
    assert_language_of(chunks, "After the meeting", "en")


@pytest.mark.parametrize(("text", "language"), [
    ("Это первое предложение о погоде. Это второе предложение о природе нашего края. "
     "А это третье, последнее предложение этого текста.", "ru"),
    ("Това е първото изречение за времето. Това е второто изречение за природата. "
     "А това е третото изречение на текста.", "bg"),
    ("Αυτή είναι η πρώτη πρόταση για τον καιρό. Αυτή είναι η δεύτερη πρόταση για τη φύση. "
     "Και αυτή είναι η τρίτη πρόταση.", "el"),
    ("これは天気についての最初の文です。これは自然についての二番目の文です。これが最後の文です。",
     "ja"),
    ("Ini adalah kalimat pertama tentang cuaca. Ini adalah kalimat kedua tentang alam kita. "
     "Dan ini adalah kalimat ketiga.", "id"),
])
def test_a_language_without_a_sentence_grammar_is_split_by_the_neutral_rules(
        text: str, language: str) -> None:
    size = 60 if text.isascii() or " " in text else 25
    chunks = structchunk.split_text(text, max_size=size)
    assert_chunks_valid(text, chunks, size)
    assert {chunk.language for chunk in chunks} == {language}
    assert len(chunks) >= 3  # cut at sentence ends: the rules of the script hold
