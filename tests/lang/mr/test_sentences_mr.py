"""Marathi: full stops and the danda, abbreviations and initials."""

from __future__ import annotations

from functools import partial

from tests.lang.support import sentences

split = partial(sentences, language="mr")


def test_full_stop_ends_sentences() -> None:
    assert split("आज दसरा आहे. आज खूप शुभ दिवस आहे.") == ["आज दसरा आहे.", "आज खूप शुभ दिवस आहे."]
    assert split("ढग खूप गर्जत होते; पण पाऊस पडत नव्हता.") == [
        "ढग खूप गर्जत होते; पण पाऊस पडत नव्हता."]


def test_danda_ends_sentences_in_marathi_too() -> None:
    # pySBD ignores the danda for Marathi.
    assert split("हे पहिले वाक्य आहे। हे दुसरे वाक्य आहे।") == ["हे पहिले वाक्य आहे।",
                                                           "हे दुसरे वाक्य आहे।"]
    assert split("हे पहिले वाक्य आहे।हे दुसरे वाक्य आहे।") == ["हे पहिले वाक्य आहे।",
                                                          "हे दुसरे वाक्य आहे।"]


def test_question_and_exclamation_marks() -> None:
    assert split("रमाची परीक्षा कधी आहे? अवकाश आहे अजून.") == ["रमाची परीक्षा कधी आहे?",
                                                          "अवकाश आहे अजून."]
    assert split("शाब्बास, असाच अभ्यास कर! आणि मग तुला नक्की यश मिळणार.") == [
        "शाब्बास, असाच अभ्यास कर!", "आणि मग तुला नक्की यश मिळणार."]


def test_quotation_inside_a_sentence() -> None:
    text = '"आपली आपण करी स्तुती तो एक मूर्ख" असे समर्थ रामदासस्वामी म्हणतात.'
    assert split(text) == [text]


def test_abbreviations_and_initials() -> None:
    assert split("डॉ. पाटील यांनी सांगितले की हे बरोबर आहे. त्यांनी काम केले.") == [
        "डॉ. पाटील यांनी सांगितले की हे बरोबर आहे.", "त्यांनी काम केले."]
    assert split("ए. पी. जे. अब्दुल कलाम हे राष्ट्रपती होते. ते शास्त्रज्ञ होते.") == [
        "ए. पी. जे. अब्दुल कलाम हे राष्ट्रपती होते.", "ते शास्त्रज्ञ होते."]


def test_the_ascii_bar_of_a_markdown_table_is_no_danda() -> None:
    table = "| संज्ञा | अर्थ |\n|---|---|\n| धोका | हानी होण्याची शक्यता |"
    assert split(table) == [table]
