"""grammars/detection/scripts.toml: which scripts name a language and which the identifier
judges, as checked data."""

from __future__ import annotations

from pathlib import Path

import pytest

from structchunk.errors import GrammarError
from structchunk.lang.detect import detect_language
from structchunk.lang.scripts import script_data

OL_CHIKI = "ᱥᱟᱱᱛᱟᱲᱤ ᱯᱟᱹᱨᱥᱤ ᱫᱚ ᱟᱹᱥᱴᱨᱚ-ᱮᱥᱤᱭᱟᱹᱴᱤᱠ ᱯᱟᱹᱨᱥᱤ ᱜᱷᱟᱨᱚᱸᱡᱽ ᱨᱮᱭᱟᱜ ᱢᱤᱫ ᱯᱟᱹᱨᱥᱤ ᱠᱟᱱᱟ"


def _table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, body: str) -> None:
    (tmp_path / "detection").mkdir()
    (tmp_path / "detection" / "scripts.toml").write_text(body, encoding="utf-8")
    monkeypatch.setenv("STRUCTCHUNK_GRAMMAR_PATH", str(tmp_path))


def test_the_built_in_table() -> None:
    data = script_data()
    assert data.main["Hangul"] == "ko" and data.main["Greek"] == "el"
    assert {"Latin", "Cyrillic", "Arabic", "Devanagari", "Han"} <= set(data.identified)
    assert not set(data.main) & set(data.identified)


def test_a_table_on_the_search_path_extends_the_built_in_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert detect_language(OL_CHIKI) is None
    _table(tmp_path, monkeypatch, '[file]\nname = "scripts"\ninherits = ["scripts"]\n\n'
           '[main]\nOl_Chiki = "sat"\n')
    assert detect_language(OL_CHIKI) == "sat"
    assert script_data().main["Greek"] == "el"  # the rest is inherited


@pytest.mark.parametrize(("body", "problem"), [
    ('[file]\ninherits = ["scripts"]\n[options]\nscript_shar = 0.1\n',
     "options.script_shar: unknown entry"),
    ('[file]\ninherits = ["scripts"]\n[options]\nscript_share = 0\n',
     "options.script_share: must be a share above 0"),
    ('[file]\ninherits = ["scripts"]\n[main]\nKlingon = "tlh"\n',
     "main: 'Klingon' is not a Unicode script name"),
    ('[file]\ninherits = ["scripts"]\n[main]\nLatin = "en"\n',
     "main.Latin: the script is also in identified.scripts"),
    ('[file]\ninherits = ["scripts"]\n[identified]\nscripts = ["Cyrilic"]\n',
     "identified.scripts: 'Cyrilic' is not a Unicode script name"),
    ('[file]\ninherits = ["scripts"]\n[main]\nGreek = 3\n',
     "main.Greek: must be a language code"),
])
def test_a_wrong_entry_is_an_error_naming_file_and_entry(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, body: str, problem: str) -> None:
    _table(tmp_path, monkeypatch, body)
    with pytest.raises(GrammarError, match="scripts.toml") as raised:
        script_data()
    assert problem in str(raised.value)
