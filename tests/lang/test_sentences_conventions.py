"""Conventions of single languages that their grammar files hold as data: elided articles
before abbreviations and article numbers (Italian), the address to the chair (Icelandic),
"and so on" at the end of a list (Ukrainian). Each case is checked against its near miss,
so a rule that fires everywhere fails as surely as one that never fires."""

from __future__ import annotations

import pytest

from tests.lang.support import sentences


@pytest.mark.parametrize(("text", "expected"), [
    # an abbreviation after an elided article or preposition is still the abbreviation
    ("Ho parlato con l'Avv. Rossi ieri. Poi sono uscito.",
     ["Ho parlato con l'Avv. Rossi ieri.", "Poi sono uscito."]),
    ("È arrivata l’Ing. Bianchi con i documenti.",
     ["È arrivata l’Ing. Bianchi con i documenti."]),
    ("Si applica quanto previsto nell'art. 12 del codice.",
     ["Si applica quanto previsto nell'art. 12 del codice."]),
    # ... and a number after it can still end the sentence
    ("Si veda quanto previsto dall'art. 12. La norma vale per tutti.",
     ["Si veda quanto previsto dall'art. 12.", "La norma vale per tutti."]),
    # an abbreviation of two words after a bracket
    ("I componenti (ad es. Memoria e Processore) sono fisici.",
     ["I componenti (ad es. Memoria e Processore) sono fisici."]),
])
def test_italian_abbreviations_after_elision_and_brackets(text: str,
                                                            expected: list[str]) -> None:
    assert sentences(text, "it") == expected


def test_italian_article_numbers_open_their_title() -> None:
    text = ("Il contratto si risolve di diritto. 1456. Clausola risolutiva espressa. "
            "I contraenti possono convenire la risoluzione. 1457. Termine essenziale.")
    assert sentences(text, "it") == [
        "Il contratto si risolve di diritto.",
        "1456. Clausola risolutiva espressa.",
        "I contraenti possono convenire la risoluzione.",
        "1457. Termine essenziale.",
    ]


def test_italian_number_after_an_abbreviation_is_no_article_number() -> None:
    # "(att. 157)." ends the sentence: the number belongs to the abbreviation before it
    assert sentences("Restano salve le norme speciali (att. 157). Le spese sono sue.", "it") == [
        "Restano salve le norme speciali (att. 157).", "Le spese sono sue."]


@pytest.mark.parametrize(("text", "expected"), [
    ("Herra forseti. Ég þakka fyrir svarið. Það skiptir máli.",
     ["Herra forseti. Ég þakka fyrir svarið.", "Það skiptir máli."]),
    ("Virðulegi forseti. Málið er einfalt.", ["Virðulegi forseti. Málið er einfalt."]),
    # without the address, "forseti." ends its sentence like any word
    ("Hún var kosin forseti. Ég kaus hana.", ["Hún var kosin forseti.", "Ég kaus hana."]),
])
def test_icelandic_address_to_the_chair(text: str, expected: list[str]) -> None:
    assert sentences(text, "is") == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("На столі були книжки, зошити і т. п. Потім ми пішли додому.",
     ["На столі були книжки, зошити і т. п.", "Потім ми пішли додому."]),
    ("Ми говорили про погоду, ціни та т. д. Нарешті прийшов автобус.",
     ["Ми говорили про погоду, ціни та т. д.", "Нарешті прийшов автобус."]),
    # a lowercase word after it goes on with the sentence
    ("Книжки, зошити і т. п. також лежали там.",
     ["Книжки, зошити і т. п. також лежали там."]),
])
def test_ukrainian_and_so_on_closes_its_list(text: str, expected: list[str]) -> None:
    assert sentences(text, "uk") == expected


@pytest.mark.parametrize(("text", "language", "expected"), [
    ("Wie geht's. Gut, danke.", "de", ["Wie geht's.", "Gut, danke."]),
    ("So war’s. Dann ging er.", "de", ["So war’s.", "Dann ging er."]),
    ("I really don't. Then I left.", "en", ["I really don't.", "Then I left."]),
])
def test_a_clitic_after_an_apostrophe_is_no_abbreviation(text: str, language: str,
                                                         expected: list[str]) -> None:
    # German "s." (siehe) is an abbreviation; "geht's." is a word that ends its sentence
    assert sentences(text, language) == expected


@pytest.mark.parametrize(("text", "expected"), [
    # the copula is one letter with its vowel sign, the shape of an initial, and ends most
    # Gujarati sentences
    ("આ મારું ઘર છે. તે ખૂબ મોટું છે. હું અહીં રહું છું.",
     ["આ મારું ઘર છે.", "તે ખૂબ મોટું છે.", "હું અહીં રહું છું."]),
    ("તમે ક્યાં છો. ૧૦ વર્ષ થયાં.", ["તમે ક્યાં છો.", "૧૦ વર્ષ થયાં."]),
    # ... while initials of the same shape stay with the name they open
    ("મો. ક. ગાંધી મહાન નેતા હતા. તેઓ અમદાવાદમાં રહેતા.",
     ["મો. ક. ગાંધી મહાન નેતા હતા.", "તેઓ અમદાવાદમાં રહેતા."]),
])
def test_gujarati_copula_ends_a_sentence_where_an_initial_would_not(
        text: str, expected: list[str]) -> None:
    assert sentences(text, "gu") == expected


@pytest.mark.parametrize("language", ["bo", "dz", None])
def test_tibetan_shad_ends_a_sentence(language: str | None) -> None:
    """Tibetan and Dzongkha have no grammar file of their own: the script's file gives the
    shad, and a language the grammars do not know gets it with every other script's."""
    text = "ང་བོད་སྐད་ཤོད་ཀྱི་ཡོད། ཁྱེད་རང་ག་པར་ཕེབས་ཀྱི་ཡོད། དེ་རིང་གནམ་གཤིས་ཡག་པོ་འདུག།"
    assert sentences(text, language) == [
        "ང་བོད་སྐད་ཤོད་ཀྱི་ཡོད།", "ཁྱེད་རང་ག་པར་ཕེབས་ཀྱི་ཡོད།", "དེ་རིང་གནམ་གཤིས་ཡག་པོ་འདུག།"]
