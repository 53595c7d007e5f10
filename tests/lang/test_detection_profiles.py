"""A language file's [detection] table: the script it names, and every refusal named in full.

A new language is one grammar file; its detection table names its script, and each mistake
must name the file and the entry.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from structchunk.errors import GrammarError
from structchunk.lang.profiles import language_profiles
from tests.lang.test_grammars import grammar_folder

HEAD = '[grammar]\nname = "xx"\ninherits = ["base"]\n[detection]\n'


def test_the_table_declares_the_script(tmp_path: Path) -> None:
    profiles = language_profiles([grammar_folder(tmp_path, HEAD + 'script = "Ol_Chiki"\n')])
    assert profiles.languages == ("xx",)
    assert profiles.script_languages("Ol_Chiki") == ("xx",)
    assert profiles.script_languages("Latin") == ()


def test_the_built_in_languages_declare_their_scripts() -> None:
    profiles = language_profiles()
    assert {"en", "de"} <= set(profiles.script_languages("Latin"))
    assert {"hi", "mr"} <= set(profiles.script_languages("Devanagari"))


@pytest.mark.parametrize(("body", "problem"), [
    ("", "detection.script: None is not a Unicode script name"),
    ('script = "Klingon"\n', "detection.script: 'Klingon' is not a Unicode script name"),
    ('script = "latin"\n', "detection.script: 'latin' is not a Unicode script name"),
    ('script = "Latin"\nfunction_words = ["und"]\n', "detection.function_words: not read"),
])
def test_a_wrong_entry_is_an_error_naming_file_and_entry(tmp_path: Path, body: str,
                                                         problem: str) -> None:
    with pytest.raises(GrammarError, match="xx.toml") as raised:
        language_profiles([grammar_folder(tmp_path, HEAD + body)])
    assert problem in str(raised.value)
