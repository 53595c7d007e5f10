"""Close neighbours the identifier confuses, told apart by grammars/detection/neighbours.toml:
sentences and documents identified right, the rule itself, and the table as checked data."""

from __future__ import annotations

from pathlib import Path

import pytest

import structchunk
from structchunk.errors import GrammarError
from structchunk.lang.detect import detect_language
from structchunk.lang.neighbours import Marks, Neighbours, neighbours

SENTENCES = {
    "sk": "Počítač sa dnes používa na spracovanie údajov, komunikáciu a zábavu v každej rodine.",
    "cs": "Počítač se dnes používá ke zpracování údajů, komunikaci a zábavě v každé rodině.",
    "ms": "Sila rujuk dokumentasi untuk maklumat lanjut mengenai konfigurasi pelayan.",
    "id": "Silakan unduh berkas ini karena dibutuhkan untuk pemasangan perangkat lunak yang baru.",
    "sa": "संस्कृतम् एका प्राचीना भाषा अस्ति, सा भारते बहुभिः जनैः अद्यापि पठ्यते च।",
    "hi": "हिंदी भारत की एक प्रमुख भाषा है और इसे करोड़ों लोग हर दिन बोलते हैं।",
    "mr": "मराठी ही महाराष्ट्राची राजभाषा आहे आणि ती कोट्यवधी लोक दररोज बोलतात.",
}


@pytest.mark.parametrize("language", sorted(SENTENCES))
def test_each_neighbour_is_identified(language: str) -> None:
    assert detect_language(SENTENCES[language]) == language


def test_a_malay_document_is_malay() -> None:
    text = ("# Pengenalan\n\nAnda boleh menggunakan fungsi ini untuk membaca fail dari "
            "direktori semasa.\n\n## Rujukan\n\nSila rujuk dokumentasi untuk maklumat lanjut "
            "mengenai konfigurasi pelayan.\n")
    assert structchunk.parse_text(text, format="markdown").language == "ms"


def _table() -> Neighbours:
    sk = Marks(frozenset("ľ"), ("ia",), frozenset({"sa"}))
    cs = Marks(frozenset("ř"), (), frozenset({"se"}))
    ms = Marks(frozenset(), (), frozenset({"boleh"}))
    id_ = Marks(frozenset(), (), frozenset({"bisa"}))
    return Neighbours({"sk": {"sk": sk, "cs": cs}, "cs": {"sk": sk, "cs": cs},
                       "ms": {"ms": ms, "id": id_}, "id": {"ms": ms, "id": id_}},
                      {"ms": "id", "id": "id"})


def test_the_member_with_more_evidence_takes_the_guess_and_its_probability() -> None:
    assert _table().settle("to sa stalo", (("cs", 0.8), ("sk", 0.15), ("pl", 0.05))) == (
        ("sk", 0.8), ("cs", 0.15), ("pl", 0.05))


def test_a_tie_or_no_evidence_keeps_the_guess_unless_the_group_names_a_default() -> None:
    guesses = (("cs", 0.8), ("sk", 0.2))
    assert _table().settle("sa se", guesses) == guesses
    assert _table().settle("nic", guesses) == guesses
    assert _table().settle("di sana", (("ms", 0.6),)) == (("id", 0.6), ("ms", 0.0))
    assert _table().settle("boleh", (("ms", 0.6),)) == (("ms", 0.6),)
    assert _table().settle("to sa stalo", (("en", 0.9),)) == (("en", 0.9),)


def test_the_built_in_table_knows_the_confused_pairs() -> None:
    table = neighbours()
    for first, second in (("sk", "cs"), ("ms", "id"), ("sa", "hi"), ("sa", "mr")):
        assert second in table.groups[first] and first in table.groups[second]


def _file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, body: str) -> None:
    (tmp_path / "detection").mkdir()
    (tmp_path / "detection" / "neighbours.toml").write_text(body, encoding="utf-8")
    monkeypatch.setenv("STRUCTCHUNK_GRAMMAR_PATH", str(tmp_path))


@pytest.mark.parametrize(("body", "problem"), [
    ('[[groups]]\nlanguages = ["sk"]\n', "groups[1].languages: a group needs two"),
    ('[[groups]]\nlanguages = ["sk", "cs"]\nwords = {sv = ["och"]}\n',
     "groups[1].words.sv: unknown entry"),
    ('[[groups]]\nlanguages = ["sk", "cs"]\ndefault = "pl"\n',
     "groups[1].default: 'pl' is not one of"),
    ('[[groups]]\nlanguages = ["sk", "cs"]\n[[groups]]\nlanguages = ["cs", "pl"]\n',
     "groups[2]: 'cs' is already in a group"),
    ('[[groups]]\nlanguages = ["sk", "cs"]\nletters = {sk = 3}\n',
     "groups[1].letters.sk: must be a string"),
    ('[[groups]]\nlanguages = ["sk", "cs"]\nword = {sk = ["sa"]}\n',
     "groups[1].word: unknown entry"),
])
def test_a_wrong_entry_is_an_error_naming_file_and_entry(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, body: str, problem: str) -> None:
    _file(tmp_path, monkeypatch, body)
    with pytest.raises(GrammarError, match="neighbours.toml") as raised:
        neighbours()
    assert problem in str(raised.value)
