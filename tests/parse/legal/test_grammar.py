"""The German statute grammar (grammars/legal/de.toml): headings, guards, references."""

from __future__ import annotations

from pathlib import Path

import pytest

from structchunk.errors import GrammarError
from structchunk.parse.legal import statute as legal
from structchunk.parse.legal.grammar import GrammarLoader

GRAMMAR = legal.load_legal_grammar("de")


@pytest.mark.parametrize("line,expected", [
    ("§ 623 Schriftform der Kündigung", ("§", "623", "Schriftform der Kündigung")),
    ("§ 13a Verbraucherbegriff", ("§", "13a", "Verbraucherbegriff")),
    ("§§ 1 bis 3 (weggefallen)", ("§§", "1 bis 3", "(weggefallen)")),
    ("(XXXX) §§ 707a bis 707c", ("§§", "707a bis 707c", "")),
    ("§ 279", ("§", "279", "")),
    ("Art. 5 Inkrafttreten", ("Art.", "5", "Inkrafttreten")),
    ("Artikel 12 Übergangsvorschrift", ("Artikel", "12", "Übergangsvorschrift")),
    # spellings laws are published in
    ("Art 1", ("Art", "1", "")),
    ("Art 143a Eisenbahnen", ("Art", "143a", "Eisenbahnen")),
    ("§1 Geltungsbereich", ("§", "1", "Geltungsbereich")),
    ("§ 1. Geltungsbereich", ("§", "1", "Geltungsbereich")),
    ("§ 5 – Inkrafttreten", ("§", "5", "Inkrafttreten")),
    ("Art. 5: Inkrafttreten", ("Art.", "5", "Inkrafttreten")),
    ("§\u00a07 Begriffsbestimmungen", ("§", "7", "Begriffsbestimmungen")),
    ("§ 1 Titel" + " " * 50, ("§", "1", "Titel")),
])
def test_provision_headings(line: str, expected: tuple[str, str, str]) -> None:
    assert GRAMMAR.provision_heading(line) == expected


@pytest.mark.parametrize("line", [
    "§ 1592 Nr. 1 gilt entsprechend, wenn die Ehe durch Tod aufgelöst wurde",
    "§ 1746 Abs. 1 Satz 2, 3, Abs. 3 erster Halbsatz ist entsprechend",
    "§ 556d ist nicht anzuwenden auf eine Wohnung, die nach dem 1. Oktober",
    "§ 514 sowie die §§ 358 bis 360 gelten entsprechend, wenn ein",
    "§ 242 BGB bleibt unberührt.",
    "§ 280 Abs. 1 Schadensersatz statt der Leistung verlangen, wenn er dem",
    "Art. 4 Abs. 6 G v. 7.5.2021 I 850",
    "Art 4 Abs. 6 gilt entsprechend, wenn",
    "Arten der Kündigung",
])
def test_sentences_that_start_with_a_provision_are_not_headings(line: str) -> None:
    assert GRAMMAR.provision_heading(line) is None


@pytest.mark.parametrize("line,unit,number", [
    ("Buch 1 - Allgemeiner Teil", "Buch", "1"),
    ("Abschnitt 3 - Schuldverhältnisse aus Verträgen", "Abschnitt", "3"),
    ("Titel 2", "Titel", "2"),
    ("Untertitel 1 - Vereine", "Untertitel", "1"),
    ("Kapitel 1 - Allgemeine Vorschriften", "Kapitel", "1"),
    ("Unterkapitel 1a - Vereinbarungen über die Miethöhe", "Unterkapitel", "1a"),
    ("Zweiter Abschnitt. Arbeitszeit", "Abschnitt", "Zweiter"),
])
def test_division_headings(line: str, unit: str, number: str) -> None:
    found = GRAMMAR.division(line)
    assert found is not None
    assert (found[0].name, found[1]) == (unit, number)


@pytest.mark.parametrize("line", ["Titel 3 gilt entsprechend.", "Dieses Buch gilt für alle",
                                  "Abschnitt 2 und"])
def test_sentences_are_not_divisions(line: str) -> None:
    assert GRAMMAR.division(line) is None


def test_references_expand_lists_and_short_ranges_and_name_other_laws() -> None:
    text = ("die Vorschriften der §§\n663, 665 bis 670 und des § 671 Abs. 2 sowie § 5 EGBGB "
            "und § 242 BGB; §§ 707a bis 707c; Art. 229 § 5 EGBGB")
    assert GRAMMAR.references(text, "BGB") == [
        "§ 663", "§ 665", "§ 666", "§ 667", "§ 668", "§ 669", "§ 670", "§ 671", "§ 5 EGBGB",
        "§ 242", "§ 707a", "§ 707c", "Art. 229 § 5 EGBGB"]


def test_a_singular_sign_takes_one_number() -> None:
    assert GRAMMAR.references("nach § 5, 10 Tage nach Zugang", None) == ["§ 5"]


@pytest.mark.parametrize("previous,current,expected", [
    (None, "1", True), (None, "2", False), ("1", "2", True), ("1", "1a", True),
    ("1a", "1b", True), ("1a", "2", True), ("2", "4", False), (None, "a", True),
    ("a", "b", True), ("a", "c", False), ("aa", "bb", True), ("aa", "b", False),
])
def test_numbering_sequence(previous: str | None, current: str, expected: bool) -> None:
    assert legal.follows(previous, current) is expected


def test_unknown_jurisdiction_names_the_file() -> None:
    with pytest.raises(GrammarError, match="no legal grammar for 'xx'"):
        legal.load_legal_grammar("xx")


def test_a_broken_pattern_names_the_entry(tmp_path: Path) -> None:
    data = {"law": {}, "divisions": {"unit": [{"name": "Buch", "pattern": "(unclosed"}]},
            "provision": {"pattern": "§"}, "absatz": {"pattern": "x"}, "note": {"pattern": "x"},
            "reference": {"pattern": "§"}}
    with pytest.raises(GrammarError, match=r"divisions\.unit\[0\]\.pattern does not compile"):
        GrammarLoader(tmp_path / "zz.toml", data).grammar("zz")


def test_the_grammar_declares_its_jurisdiction() -> None:
    assert "de" in legal.available_jurisdictions()
    assert GRAMMAR.code == "de"
    assert [unit.name for unit in GRAMMAR.divisions][:3] == ["Buch", "Teil", "Abschnitt"]


def _jurisdiction(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, body: str) -> None:
    (tmp_path / "legal").mkdir()
    (tmp_path / "legal" / "xx.toml").write_text(
        '[jurisdiction]\ncode = "xx"\ninherits = ["de"]\n' + body, encoding="utf-8")
    monkeypatch.setenv("STRUCTCHUNK_GRAMMAR_PATH", str(tmp_path))


def test_a_misspelt_key_is_an_error_naming_file_and_entry(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _jurisdiction(tmp_path, monkeypatch, "[provision]\nmax_titel_length = 5\n")
    with pytest.raises(GrammarError) as raised:
        legal.load_legal_grammar("xx")
    assert "xx.toml" in str(raised.value)
    assert "provision.max_titel_length: unknown entry" in str(raised.value)


@pytest.mark.parametrize("body,problem", [
    ("[provison]\npattern = 'x'\n", "provison: unknown entry"),
    ("[[items]]\nname = 'x'\npatern = 'x'\n", "items[0].patern: unknown entry"),
    ("[provision]\nmax_title_length = 'long'\n", "provision.max_title_length must be a whole"),
    ("[reference]\nplural_signs = '§§'\n", "reference.plural_signs: must be a list"),
])
def test_wrong_entries_are_errors(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, body: str,
                                  problem: str) -> None:
    _jurisdiction(tmp_path, monkeypatch, body)
    with pytest.raises(GrammarError, match="xx.toml") as raised:
        legal.load_legal_grammar("xx")
    assert problem in str(raised.value)


def test_a_jurisdiction_inherits_and_overrides(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    _jurisdiction(tmp_path, monkeypatch, "[provision]\nmax_title_length = 5\n")
    grammar = legal.load_legal_grammar("xx")
    assert grammar.max_title_length == 5
    assert grammar.divisions == GRAMMAR.divisions
    assert grammar.provision == GRAMMAR.provision
    assert grammar.provision_heading("§ 1 Kurz") == ("§", "1", "Kurz")
    assert grammar.provision_heading("§ 1 Zu lang") is None
    assert "xx" in legal.available_jurisdictions()
