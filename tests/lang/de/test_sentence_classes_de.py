"""German sentence classes closed by general rules: eras, regnal numbers, honorifics,
ordinals before nouns, lowercase continuation and lines broken on purpose.

Every sentence here is written for this file; none comes from a gold set.
"""

from __future__ import annotations

from functools import partial

import pytest

from tests.lang.support import sentences

split = partial(sentences, language="de")


@pytest.mark.parametrize("text", [
    "Schon im 4. Jahrhundert v. Chr. handelten die Küstenorte mit Salz und Wein.",
    "Um 120 n. Chr. entstand an der Furt eine kleine Zollstation.",
    "Die Siedlung wurde 312 v. u. Z. erstmals erwähnt und später aufgegeben.",
    "Zwischen 30 v. Chr. und 14 n. Chr. wuchs die Stadt auf das Doppelte.",
])
def test_era_followed_by_the_sentence_going_on(text: str) -> None:
    assert split(text) == [text]


def test_era_at_the_end_of_a_sentence() -> None:
    text = "Der Tempel brannte 48 v. Chr. Danach bauten ihn die Bürger neu auf."
    assert split(text) == ["Der Tempel brannte 48 v. Chr.", "Danach bauten ihn die Bürger neu auf."]


@pytest.mark.parametrize("text", [
    "Kurfürst Maximilian III. stiftete die Akademie der Wissenschaften.",
    "Unter Zar Peter I. wuchs das Reich nach Westen.",
    "Gregor VII. und Heinrich IV. stritten um die Investitur.",
    "Als Papst Leo XIII. starb, trauerte die ganze Stadt.",
    "Im Jahr 1701 krönte sich Friedrich I. in Königsberg selbst zum König.",
    "Herzogin Anna Amalia II. Bibliothekarin war sie nie.",
])
def test_regnal_numbers_after_names(text: str) -> None:
    assert split(text) == [text]


@pytest.mark.parametrize("text", [
    "Im Dom wird das Evangelium aus der Hl. Schrift vorgelesen.",
    "Die Prozession zog vom Kloster St. Blasien zur Kapelle.",
    "Der Brief ging an Hw. Pfarrer Brandl in Passau.",
    "Die Sel. Maria Theresia wird am Sonntag geehrt.",
])
def test_honorific_and_religious_abbreviations(text: str) -> None:
    assert split(text) == [text]


@pytest.mark.parametrize("text", [
    "Die Feuerwehr beging ihr 75. Gründungsjubiläum mit einem Umzug.",
    "Zu seinem 90. Geburtstag kamen alle Enkel.",
    "Der Chor probt jetzt für sein 12. Adventskonzert im Rathaus.",
    "Die Gemeinde feiert dieses Jahr den 200. Todestag ihres Stifters.",
    "Die Mannschaft verlor am 3. Bundesligaspieltag knapp.",
])
def test_ordinals_before_a_capitalised_noun(text: str) -> None:
    assert split(text) == [text]


@pytest.mark.parametrize("text", [
    "Die Fähre legte um 7 Uhr ab. aber die Hälfte der Gäste stand noch am Kai.",
    "Was tun? fragte sich der Wirt und schloss die Tür.",
    "Sie rief: Halt! und rannte dem Bus hinterher.",
    "Die Kosten lagen bei ca. 40 Euro pro Person u. wurden geteilt.",
])
def test_a_lowercase_word_after_a_terminator_goes_on(text: str) -> None:
    assert split(text) == [text]


@pytest.mark.parametrize("text, expected", [
    # a name written with a lowercase first letter starts a sentence
    ("Die Kasse war leer. iPads lagen noch im Regal.",
     ["Die Kasse war leer.", "iPads lagen noch im Regal."]),
    # a text that does not capitalise sentence starts at all
    ("wir kamen spät an. danach gingen wir essen.",
     ["wir kamen spät an.", "danach gingen wir essen."]),
])
def test_lowercase_continuation_exceptions(text: str, expected: list[str]) -> None:
    assert split(text) == expected


def test_capitalised_sentence_after_an_era_or_regnal_number_still_splits() -> None:
    text = "Die Brücke stammt aus dem Jahr 80 n. Chr. Sie trägt noch heute Lastwagen."
    assert split(text) == ["Die Brücke stammt aus dem Jahr 80 n. Chr.",
                           "Sie trägt noch heute Lastwagen."]


def test_headline_line_without_full_stop_ends_a_sentence() -> None:
    text = ("Stadtrat verschiebt Entscheidung über neues Hallenbad\n"
            "Die Abstimmung über den Neubau im Westen der Stadt wird auf den Herbst verlegt.")
    assert split(text) == ["Stadtrat verschiebt Entscheidung über neues Hallenbad",
                           "Die Abstimmung über den Neubau im Westen der Stadt wird auf den "
                           "Herbst verlegt."]


def test_list_lines_without_full_stop_end_sentences() -> None:
    text = ("Wanderschuhe\n"
            "Regenjacke\n"
            "Proviant\n"
            "Ein Ausweis\n"
            "Alle Teilnehmer treffen sich um sieben Uhr am Bahnhof vor dem Haupteingang.")
    assert split(text) == ["Wanderschuhe", "Regenjacke", "Proviant", "Ein Ausweis",
                           "Alle Teilnehmer treffen sich um sieben Uhr am Bahnhof vor dem "
                           "Haupteingang."]


@pytest.mark.parametrize("text", [
    # hard-wrapped prose: every line is as full as the wrap width allows
    "Die Gemeinde hat beschlossen, den alten Marktplatz im kommenden Jahr\n"
    "Stück für Stück zu erneuern und dabei die Linden am Brunnen zu erhalten.",
    # a line that ends in a short function word is a sentence broken off
    "Die Sitzung beginnt am\nMontag um zehn Uhr im großen Saal des Rathauses am Markt.",
    # a single word broken off a line of extracted text
    "Einige \nBaumarten wie Eiche, Buche und Linde brauchen viel Licht und\nWasser im Frühjahr.",
])
def test_wrapped_lines_stay_one_sentence(text: str) -> None:
    assert split(text) == [text]
