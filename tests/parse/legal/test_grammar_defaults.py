"""A jurisdiction file that says only what it must gets the documented defaults.

A new jurisdiction usually starts from a few patterns; what it leaves out must behave as
`grammars/legal/de.toml` documents it, and each boundary of the German grammar (title
length, range size) holds at its edge.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import structchunk
from structchunk.errors import GrammarError
from structchunk.parse.legal import statute as legal
from structchunk.tree import NodeKind

MINIMAL = """\
[jurisdiction]
code = "zz"

[law]
[divisions]
[provision]
pattern = '^(?P<sign>Sec\\.)\\s*(?P<number>\\d+)(?:\\s+(?P<title>.+))?$'
[absatz]
pattern = '^\\((?P<number>\\d+)\\)'
[note]
pattern = '^Note (?P<number>\\d+):'
[reference]
pattern = '(?P<sign>Secs?\\.)\\s*(?P<numbers>\\d+(?:(?:,\\s*|\\s+bis\\s+)\\d+)*)'
"""


def _install(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    """`text` as the grammar file of jurisdiction `zz` on the grammar search path."""
    (tmp_path / "legal").mkdir()
    (tmp_path / "legal" / "zz.toml").write_text(text, encoding="utf-8")
    monkeypatch.setenv("STRUCTCHUNK_GRAMMAR_PATH", str(tmp_path))


@pytest.fixture
def minimal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> legal.LegalGrammar:
    _install(tmp_path, monkeypatch, MINIMAL)
    return legal.load_legal_grammar("zz")


def test_a_minimal_grammar_loads_with_its_own_units(minimal: legal.LegalGrammar) -> None:
    assert minimal.code == "zz"
    assert minimal.divisions == () and minimal.items == ()
    assert (minimal.provision.name, minimal.provision.key) == ("provision", None)
    assert (minimal.absatz.name, minimal.note.name) == ("absatz", "note")
    assert minimal.front_matter_keys == ()


def test_defaults_take_any_title_and_refuse_nothing(minimal: legal.LegalGrammar) -> None:
    assert minimal.provision_heading("Sec. 4 lower-case title, and more,") == (
        "Sec.", "4", "lower-case title, and more,")
    assert minimal.provision_heading("Sec. 5 (repealed)") == ("Sec.", "5", "(repealed)")
    assert not minimal.repealed.search("(repealed)")
    assert not minimal.title_abbreviation.search("Civil Code (CC)")


def test_the_default_title_length_is_250(minimal: legal.LegalGrammar) -> None:
    assert minimal.max_title_length == 250
    assert minimal.is_title("T" * 250)
    assert not minimal.is_title("T" * 251)


def test_default_references_expand_ranges_with_bis_up_to_30(
        minimal: legal.LegalGrammar) -> None:
    assert minimal.references("see Secs. 1 bis 3", None) == ["Secs. 1", "Secs. 2", "Secs. 3"]
    assert len(minimal.references("Secs. 1 bis 31", None)) == 31
    assert minimal.references("Secs. 1 bis 32", None) == ["Secs. 1", "Secs. 32"]
    # no plural signs by default: a singular sign keeps only its first number
    assert minimal.references("Sec. 4, 6", None) == ["Sec. 4"]
    assert minimal.references("Secs. 4, 6", None) == ["Secs. 4"]


def test_without_conjunctions_only_commas_separate_listed_numbers(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _install(tmp_path, monkeypatch, MINIMAL + '\nplural_signs = ["Secs."]\n')
    grammar = legal.load_legal_grammar("zz")
    assert grammar.references("Secs. 4, 6", None) == ["Secs. 4", "Secs. 6"]
    assert grammar.list_lead.search("as follows:")
    assert not grammar.list_lead.search("as follows and")


def test_the_german_title_length_and_range_edges() -> None:
    de = legal.load_legal_grammar("de")
    title = "A" + "b" * 249
    assert de.provision_heading("§ 1 " + title) == ("§", "1", title)
    assert de.provision_heading("§ 1 " + title + "b") is None
    assert de.references("§§ 1 bis 32", None) == ["§ 1", "§ 32"]
    assert len(de.references("§§ 1 bis 31", None)) == 31
    assert len(de.references("§§ 2 bis 32", None)) == 31
    assert de.references("§§ 3 bis 3", None) == ["§ 3"]
    assert de.references("§§ 5 bis 3", None) == ["§ 5", "§ 3"]


@pytest.mark.parametrize(("body", "message"), [
    ("[law]\n[divisions]\n[provision]\n", "provision needs `name` and `pattern`"),
    ("[law]\n[divisions]\n[provision]\npattern = 1\n", "provision.pattern must be a string "
     "pattern"),
    ("[law]\n[divisions]\n[provision]\npattern = '^(?P<sign>S)'\n",
     "provision.pattern lacks the group(s) number"),
    ("[law]\n[divisions]\n[provision]\npattern = '^(?P<x>S)'\n",
     "provision.pattern lacks the group(s) sign, number"),
])
def test_a_broken_provision_is_named_in_full(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                             body: str, message: str) -> None:
    _install(tmp_path, monkeypatch, '[jurisdiction]\ncode = "zz"\n' + body
             + "[absatz]\npattern = 'a'\n[note]\npattern = 'n'\n"
             "[reference]\npattern = '(?P<sign>S)(?P<numbers>1)'\n")
    with pytest.raises(GrammarError) as raised:
        legal.load_legal_grammar("zz")
    assert str(raised.value).endswith(message)
    assert "zz.toml" in str(raised.value)


@pytest.mark.parametrize(("unit", "message"), [
    ("name = 'Part'\npattern = '(?P<n>x)'",
     "divisions.unit[0].pattern has groups but no `number` group"),
    ("name = 'Part'\npattern = 'x'\nordered = 'yes'", "divisions.unit[0].ordered must be "
     "true or false"),
    ("name = 'Part'\npattern = 'x'\nkey = ''", "divisions.unit[0].key must be a non-empty "
     "string"),
    ("name = ''\npattern = 'x'", "divisions.unit[0].name must be a non-empty string"),
    ("pattern = 'x'", "divisions.unit[0] needs `name` and `pattern`"),
])
def test_a_broken_division_is_named_in_full(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                            unit: str, message: str) -> None:
    (tmp_path / "legal").mkdir()
    body = MINIMAL.replace("[divisions]\n", "[divisions]\n[[divisions.unit]]\n" + unit + "\n")
    (tmp_path / "legal" / "zz.toml").write_text(body, encoding="utf-8")
    monkeypatch.setenv("STRUCTCHUNK_GRAMMAR_PATH", str(tmp_path))
    with pytest.raises(GrammarError) as raised:
        legal.load_legal_grammar("zz")
    assert str(raised.value).endswith(message)
    assert "zz.toml" in str(raised.value)


def test_a_division_without_groups_has_no_number_and_is_ordered(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "legal").mkdir()
    body = MINIMAL.replace("[divisions]\n",
                           "[divisions]\n[[divisions.unit]]\nname = 'Part'\npattern = 'PART'\n")
    (tmp_path / "legal" / "zz.toml").write_text(body, encoding="utf-8")
    monkeypatch.setenv("STRUCTCHUNK_GRAMMAR_PATH", str(tmp_path))
    grammar = legal.load_legal_grammar("zz")
    (unit,) = grammar.divisions
    assert (unit.name, unit.key, unit.ordered) == ("Part", None, True)


@pytest.mark.parametrize(("entry", "value", "message"), [
    ("max_range", "-1", "reference.max_range must be a whole number, not -1"),
    ("max_range", "true", "reference.max_range must be a whole number, not True"),
    ("range_word", "''", "reference.range_word must be a non-empty string"),
    ("singular_sign", "{ a = 1 }", "reference.singular_sign must be a table of strings"),
])
def test_a_wrong_reference_entry_is_named_with_its_value(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, entry: str, value: str,
        message: str) -> None:
    _install(tmp_path, monkeypatch, MINIMAL + f"{entry} = {value}\n")
    with pytest.raises(GrammarError) as raised:
        legal.load_legal_grammar("zz")
    assert str(raised.value).endswith(message)


def test_a_code_that_is_not_the_file_name_is_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _install(tmp_path, monkeypatch, MINIMAL.replace('code = "zz"', 'code = "yy"'))
    with pytest.raises(GrammarError) as raised:
        legal.load_legal_grammar("zz")
    assert str(raised.value).endswith("jurisdiction.code: 'yy' must be the file name 'zz'")


def test_items_must_be_an_array_of_tables(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    _install(tmp_path, monkeypatch, "items = 3\n" + MINIMAL)
    with pytest.raises(GrammarError) as raised:
        legal.load_legal_grammar("zz")
    assert str(raised.value).endswith("items: must be an array of tables ([[items]])")


MODEL_ACT = """\
# Model Act

##### Sec. 1 Scope

(1) This applies.

##### Sec. 2 Terms

(1) Terms are words.

##### Sec. 3 End

(1) The end.
"""


def test_a_markdown_law_of_another_jurisdiction_is_read_by_its_grammar(
        minimal: legal.LegalGrammar) -> None:
    assert legal.looks_legal(MODEL_ACT) and legal.looks_legal(MODEL_ACT, "zz")
    assert not legal.looks_legal(MODEL_ACT, "de")  # a given jurisdiction is the only one tried
    document = structchunk.parse_text(MODEL_ACT, format="markdown")
    assert document.metadata["jurisdiction"] == "zz"
    sections = [node.attrs["meta"]["section"] for node, _path in document.walk()
                if node.kind is NodeKind.SECTION and "meta" in node.attrs]
    assert sections == ["Sec. 1", "Sec. 2", "Sec. 3"]


DIVISIONS = """\
[divisions]
title_separator = '\\s*-\\s*'
[[divisions.unit]]
name = "Part"
key = "part"
pattern = '^Part (?P<number>\\d+)'
[[divisions.unit]]
name = "Preamble"
pattern = '^PREAMBLE'
"""


def test_only_the_separator_after_the_number_leaves_a_division_title(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _install(tmp_path, monkeypatch, MINIMAL.replace("[divisions]\n", DIVISIONS))
    grammar = legal.load_legal_grammar("zz")
    found = grammar.division("Part 1 - General - Scope")
    assert found is not None and found[1:] == ("1", "General - Scope", "Part 1")
    preamble = grammar.division("PREAMBLE")
    assert preamble is not None and preamble[1:] == ("", "", "PREAMBLE")


def test_a_missing_jurisdiction_table_is_named(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    _install(tmp_path, monkeypatch, MINIMAL.replace('[jurisdiction]\ncode = "zz"\n', ""))
    with pytest.raises(GrammarError) as raised:
        legal.load_legal_grammar("zz")
    assert str(raised.value).endswith("missing table [jurisdiction]")
    assert "zz.toml" in str(raised.value)


@pytest.mark.parametrize("name", ["law", "divisions"])
def test_an_entry_that_should_be_a_table_is_named_with_its_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    text = MINIMAL.replace(f"[{name}]\n", "").replace(
        '[jurisdiction]\ncode = "zz"\n', f'{name} = 3\n[jurisdiction]\ncode = "zz"\n')
    _install(tmp_path, monkeypatch, text)
    with pytest.raises(GrammarError) as raised:
        legal.load_legal_grammar("zz")
    assert "zz.toml" in str(raised.value)
    assert str(raised.value).endswith(f"{name}: must be a table")


def test_a_law_with_a_division_that_has_no_number_parses(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _install(tmp_path, monkeypatch, MINIMAL.replace("[divisions]\n", DIVISIONS))
    text = ("PREAMBLE\n\nWe enact this.\n\nPart 1 - General - Scope\n\n"
            + MODEL_ACT.replace("##### ", "").replace("# Model Act\n\n", ""))
    document = structchunk.parse_text(text, format="legal", jurisdiction="zz")
    headings = [node.title for node, _path in document.walk() if node.kind is NodeKind.HEADING]
    assert headings == ["PREAMBLE", "Part 1 - General - Scope", "Sec. 1 Scope", "Sec. 2 Terms",
                        "Sec. 3 End"]
