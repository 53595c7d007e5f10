"""German: abbreviations, statute citations, ordinals, dates and Roman numerals."""

from __future__ import annotations

from functools import partial

import pytest

from tests.lang.support import sentences

split = partial(sentences, language="de")


@pytest.mark.parametrize("text", [
    "Gemäß Art. 5 Abs. 1 lit. a DSGVO müssen Daten rechtmäßig verarbeitet werden.",
    "Die Kündigung bedarf nach § 623 Abs. 2 S. 1 BGB der Schriftform.",
    "Es gilt Nr. 3 Ziff. 2 der Anlage sowie Rn. 14 des Kommentars.",
    "Man braucht z. B. Wasser, Saft u. a. Getränke.",
    "Man braucht z.B. Wasser, ggf. auch Saft bzw. Tee.",
    "Vgl. dazu die Begründung, die sog. Vorabentscheidung und ggf. weitere Urteile.",
    "Die Firma Müller GmbH & Co. KG hat Insolvenz angemeldet.",
    "Frau Prof. Dr. Schulze ist z. Z. nicht da.",
    "Wir trafen Dr. med. Meyer in der Stadt.",
    "Ich kann u.a. Spanisch sprechen.",
    "Z. T. ist die Lieferung unvollständig.",
    "Wir benötigen Zeitungen, Zeitschriften u. Ä. für unser Projekt.",
    "Dies ist meine Adresse: Dr. Meier, Berliner Str. 5, 21234 Bremen.",
    "Sie erhalten ein neues Schreiben bzw. ein neues Formular.",
])
def test_abbreviations_do_not_end_sentences(text: str) -> None:
    assert split(text) == [text]


def test_art_and_lit_before_numbers_and_letters() -> None:
    # spaCy's blank pipeline cuts "Art.|3" and "lit.|a".
    assert split("Nach Art. 3 Abs. 1 GG sind alle gleich. Das gilt auch hier.") == [
        "Nach Art. 3 Abs. 1 GG sind alle gleich.", "Das gilt auch hier."]
    assert split("Maßgeblich ist Art. 6 Abs. 1 lit. f DSGVO. Eine Einwilligung fehlt.") == [
        "Maßgeblich ist Art. 6 Abs. 1 lit. f DSGVO.", "Eine Einwilligung fehlt."]


def test_art_is_an_ordinary_word_when_no_number_follows() -> None:
    assert split("Er macht es auf seine Art. Das ist gut so.") == [
        "Er macht es auf seine Art.", "Das ist gut so."]


def test_statute_citation() -> None:
    assert split("Das gilt i. V. m. § 280 Abs. 1 BGB. Weitere Ansprüche bestehen nicht.") == [
        "Das gilt i. V. m. § 280 Abs. 1 BGB.", "Weitere Ansprüche bestehen nicht."]


def test_general_abbreviations_end_a_sentence_before_a_sentence_starter() -> None:
    assert split("Vgl. dazu Rn. 12 ff. Der Kläger hat recht.") == [
        "Vgl. dazu Rn. 12 ff.", "Der Kläger hat recht."]
    assert split("Sie besucht eine kath. Schule usw. Das ist bekannt.") == [
        "Sie besucht eine kath. Schule usw.", "Das ist bekannt."]
    assert split("Er verdient 5 Mio. Euro im Jahr.") == ["Er verdient 5 Mio. Euro im Jahr."]


def test_ordinals_and_dates() -> None:
    assert split("Die Frist beginnt am 1. Januar 2024 und endet am 3.5.2024. Danach nicht.") == [
        "Die Frist beginnt am 1. Januar 2024 und endet am 3.5.2024.", "Danach nicht."]
    assert split("Das 19. Jh. war eine Zeit des Umbruchs. Vieles änderte sich.") == [
        "Das 19. Jh. war eine Zeit des Umbruchs.", "Vieles änderte sich."]
    assert split("Was sind die Konsequenzen der Abstimmung vom 12. Juni?") == [
        "Was sind die Konsequenzen der Abstimmung vom 12. Juni?"]
    assert split("Der Verein spielt in der 2. Bundesliga. Er steigt ab.") == [
        "Der Verein spielt in der 2. Bundesliga.", "Er steigt ab."]
    assert split("Die Sitzung ist am 3. 5. 2024 im Rathaus.") == [
        "Die Sitzung ist am 3. 5. 2024 im Rathaus."]
    assert split("Funde aus dem 1. -3. Jahrhundert nach Christus.") == [
        "Funde aus dem 1. -3. Jahrhundert nach Christus."]


def test_a_number_can_end_a_sentence() -> None:
    assert split("Wir haben 1.000.000 Euro. Das reicht.") == [
        "Wir haben 1.000.000 Euro.", "Das reicht."]
    assert split("Die Quote lag 1990 bei 12. Im Jahr darauf stieg sie.") == [
        "Die Quote lag 1990 bei 12.", "Im Jahr darauf stieg sie."]


def test_roman_numerals_before_a_noun_are_ordinals() -> None:
    assert split("Im II. Weltkrieg wurde die Stadt zerstört. Später baute man sie auf.") == [
        "Im II. Weltkrieg wurde die Stadt zerstört.", "Später baute man sie auf."]


def test_quotes_in_german_style() -> None:
    text = ("„Ich habe heute keine Zeit“, sagte die Frau und flüsterte leise: „Und auch keine "
            "Lust.“ Wir haben 1.000.000 Euro.")
    assert split(text) == [
        "„Ich habe heute keine Zeit“, sagte die Frau und flüsterte leise: „Und auch keine "
        "Lust.“", "Wir haben 1.000.000 Euro."]
    assert split("``So sicher sind wir nicht'', sagt er. ``Wir warten ab.''") == [
        "``So sicher sind wir nicht'', sagt er.", "``Wir warten ab.''"]


def test_hard_wrapped_statute_paragraph_stays_whole() -> None:
    text = ("(2) Die Regelung gilt entsprechend für Verträge, die vor dem\n"
            "1. Januar 2002 geschlossen wurden. Sie gilt nicht für\n"
            "Verträge über Grundstücke.")
    assert split(text) == [
        "(2) Die Regelung gilt entsprechend für Verträge, die vor dem\n"
        "1. Januar 2002 geschlossen wurden.",
        "Sie gilt nicht für\nVerträge über Grundstücke."]


def test_list_items_on_their_own_lines() -> None:
    text = "• 3. Seien Sie achtsam! \n• 4. Essen Sie Fisch! \n• 5. Treiben Sie Sport!"
    assert split(text) == ["• 3. Seien Sie achtsam!", "• 4. Essen Sie Fisch!",
                           "• 5. Treiben Sie Sport!"]
