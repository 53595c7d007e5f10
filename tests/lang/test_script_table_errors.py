"""Every refusal of the script table (`detection/scripts.toml`), named in full, and the
limits of its shares.

A user's table on the search path replaces or extends the built-in one; a mistake in it must
name that file and the entry, and a table that is accepted must be read as written.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from structchunk.errors import GrammarError
from structchunk.lang.scripts import script_data, script_language

OWN = '[file]\nname = "scripts"\n'
EXTEND = '[file]\nname = "scripts"\ninherits = ["scripts"]\n'
MAIN = '[main]\nHan = "zh"\nHiragana = "ja"\n'


def _table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, body: str) -> Path:
    (tmp_path / "detection").mkdir()
    path = tmp_path / "detection" / "scripts.toml"
    path.write_text(body, encoding="utf-8")
    monkeypatch.setenv("STRUCTCHUNK_GRAMMAR_PATH", str(tmp_path))
    return path


@pytest.mark.parametrize(("body", "message"), [
    # the file's own sections and keys (read before anything is merged)
    (EXTEND + '[mains]\nLatin = "en"\n',
     "mains: unknown entry (known: file, options, main, marker)"),
    ('file = "scripts"\n', "file: must be a table"),
    ('[file]\nname = "scripts"\nparent = "scripts"\n',
     "file.parent: unknown entry (known: name, inherits)"),
    ('options = 0.5\n' + EXTEND, "options: must be a table"),
    (EXTEND + '[options]\nkana_shar = 0.1\n',
     "options.kana_shar: unknown entry (known: kana_share, marked_share)"),
    ('[file]\nname = "scripts"\ninherits = "scripts"\n',
     "file.inherits: must be a list of strings"),
    # the merged table
    (OWN, "missing table [main]"),
    ('main = "zh"\n' + OWN, "main: must be a table"),
    (EXTEND + '[main]\nLatin = 1\n', "main.Latin: must be a language code"),
    (EXTEND + '[main]\nLatin = ""\n', "main.Latin: must be a language code"),
    (EXTEND + '[main]\nKlingon = "tlh"\n', "main: 'Klingon' is not a Unicode script name"),
    (OWN + '[main]\nHiragana = "ja"\n', "main.Han: missing (Chinese and Japanese need it)"),
    (OWN + '[main]\nHan = "zh"\n', "main.Hiragana: missing (Chinese and Japanese need it)"),
    ('marker = "uk"\n' + EXTEND, "marker: must be an array of tables ([[marker]])"),
    ('marker = [1]\n' + EXTEND, "marker[0]: must be a table"),
    (EXTEND + '[[marker]]\nscript = "Cyrillic"\nletters = "ў"\nlang = "be"\n',
     "marker[0].lang: unknown entry (known: script, letters, language)"),
    *[(EXTEND + '[[marker]]\nscript = "Cyrillic"\nletters = "ў"\nlanguage = "be"\n'
       + '[[marker]]\n' + entries, "marker[1]: needs script, letters and language as strings")
      for entries in ('letters = "ў"\nlanguage = "be"\n', 'script = "Cyrillic"\nlanguage = "be"\n',
                      'script = "Cyrillic"\nletters = "ў"\n',
                      'script = 1\nletters = "ў"\nlanguage = "be"\n',
                      'script = "Cyrillic"\nletters = 1\nlanguage = "be"\n',
                      'script = "Cyrillic"\nletters = "ў"\nlanguage = 1\n',
                      'script = ""\nletters = "ў"\nlanguage = "be"\n',
                      'script = "Cyrillic"\nletters = ""\nlanguage = "be"\n',
                      'script = "Cyrillic"\nletters = "ў"\nlanguage = ""\n')],
    (EXTEND + '[[marker]]\nscript = "Elvish"\nletters = "x"\nlanguage = "el"\n',
     "marker[0].script: 'Elvish' is not a Unicode script name"),
    *[(EXTEND + f'[options]\n{key} = {value}\n',
       f"options.{key}: must be a share between 0 and 1")
      for key in ("kana_share", "marked_share") for value in ("true", '"0.5"', "1.01", "-0.01")],
    (OWN + MAIN, "options.kana_share: must be a share between 0 and 1"),
    (OWN + MAIN + '[options]\nkana_share = 0.5\n',
     "options.marked_share: must be a share between 0 and 1"),
])
def test_each_refusal_names_the_file_and_the_entry_in_full(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, body: str, message: str) -> None:
    path = _table(tmp_path, monkeypatch, body)
    with pytest.raises(GrammarError) as raised:
        script_data()
    assert str(raised.value) == f"{path}: {message}"


def test_a_table_of_its_own_replaces_the_built_in_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _table(tmp_path, monkeypatch, OWN + '[options]\nkana_share = 0\nmarked_share = 1\n'
           + MAIN + 'Cyrillic = "bg"\n[[marker]]\nscript = "Cyrillic"\nletters = "ў"\n'
           'language = "be"\n')
    data = script_data()
    assert dict(data.main) == {"Han": "zh", "Hiragana": "ja", "Cyrillic": "bg"}
    assert data.markers == (("Cyrillic", "ў", "be"),)
    assert (data.kana_share, data.marked_share) == (0.0, 1.0)
    assert isinstance(data.kana_share, float)
    # a share of 1: every Cyrillic letter would have to be a marker letter
    assert script_language("Гэта ўсё", 7) == "bg"
    assert script_language("ўўў", 3) == "be"
    # a share of 0: one kana among Han characters makes the text Japanese
    assert script_language("中文中文中文の", 7) == "ja"
    assert script_language("Latin text", 9) is None  # no script of the table


def test_an_extension_keeps_the_built_in_entries_and_replaces_the_markers(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _table(tmp_path, monkeypatch, EXTEND + '[options]\nkana_share = 0.5\n[main]\nLatin = "la"\n'
           '[[marker]]\nscript = "Latin"\nletters = "æ"\nlanguage = "da"\n')
    data = script_data()
    assert data.main["Latin"] == "la" and data.main["Han"] == "zh"
    assert data.markers == (("Latin", "æ", "da"),)
    assert (data.kana_share, data.marked_share) == (0.5, 0.01)


def test_a_script_names_the_language_of_half_the_letters_or_more() -> None:
    assert script_language("Это", 6) == "ru"  # three of six letters
    assert script_language("Это", 7) is None
    assert script_language("これは", 6) == "ja" and script_language("これは", 7) is None
    assert script_language("", 0) is None
