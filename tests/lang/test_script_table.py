"""grammars/detection/scripts.toml: which script names which language, as checked data."""

from __future__ import annotations

from pathlib import Path

import pytest

from structchunk.errors import GrammarError
from structchunk.lang.detect import detect_language
from structchunk.lang.scripts import script_data

BELARUSIAN = "Гэта просты беларускі тэкст пра надвор'е і ўсю прыроду нашага краю."


def _table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, body: str) -> None:
    (tmp_path / "detection").mkdir()
    (tmp_path / "detection" / "scripts.toml").write_text(body, encoding="utf-8")
    monkeypatch.setenv("STRUCTCHUNK_GRAMMAR_PATH", str(tmp_path))


def test_the_built_in_table_names_the_main_languages() -> None:
    data = script_data()
    assert data.main["Cyrillic"] == "ru" and data.main["Han"] == "zh"
    assert ("Cyrillic", "іїєґІЇЄҐ", "uk") in data.markers


def test_a_table_on_the_search_path_extends_the_built_in_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert detect_language(BELARUSIAN) != "be"
    _table(tmp_path, monkeypatch, '[file]\nname = "scripts"\ninherits = ["scripts"]\n\n'
           '[[marker]]\nscript = "Cyrillic"\nletters = "ўЎ"\nlanguage = "be"\n')
    assert detect_language(BELARUSIAN) == "be"
    assert script_data().main["Greek"] == "el"  # the rest is inherited


@pytest.mark.parametrize(("body", "problem"), [
    ('[file]\ninherits = ["scripts"]\n[options]\nkana_shar = 0.1\n',
     "options.kana_shar: unknown entry"),
    ('[file]\ninherits = ["scripts"]\n[main]\nKlingon = "tlh"\n',
     "main: 'Klingon' is not a Unicode script name"),
    ('[file]\ninherits = ["scripts"]\n[[marker]]\nscript = "Cyrillic"\nletters = "ў"\n',
     "marker[0]: needs script, letters and language"),
])
def test_a_wrong_entry_is_an_error_naming_file_and_entry(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, body: str, problem: str) -> None:
    _table(tmp_path, monkeypatch, body)
    with pytest.raises(GrammarError, match="scripts.toml") as raised:
        script_data()
    assert problem in str(raised.value)
