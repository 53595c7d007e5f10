"""A language file's [detection] table: its defaults, and every refusal named in full.

A new language is one grammar file; what it leaves out of its detection table must take the
documented defaults, and each mistake must name the file and the entry.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from structchunk.errors import GrammarError
from structchunk.lang.profiles import language_profiles
from tests.lang.test_grammars import grammar_folder

HEAD = '[grammar]\nname = "xx"\ninherits = ["base"]\n[detection]\nscript = "Latin"\n'


def profile(tmp_path: Path, body: str = ""):  # type: ignore[no-untyped-def]
    profiles = language_profiles([grammar_folder(tmp_path, HEAD + body)])
    return profiles, next(p for group in profiles.by_script.values() for p in group
                          if p.code == "xx")


def test_a_minimal_detection_table_takes_the_defaults(tmp_path: Path) -> None:
    _profiles, xx = profile(tmp_path)
    assert (xx.script, xx.langdetect, xx.min_words, xx.ratio) == ("Latin", "xx", 1, 1)
    assert (xx.words, xx.marker_letters, xx.suffixes, xx.defer_to) == (
        frozenset(), (), (), ())


def test_every_entry_is_read(tmp_path: Path) -> None:
    _profiles, xx = profile(tmp_path, 'function_words = ["und", "oder"]\n'
                            'marker_letters = ["ß"]\nsuffixes = ["ung"]\n'
                            'langdetect = "de"\nmin_words = 2\nratio = 3\n')
    assert xx.words == frozenset({"und", "oder"}) and xx.marker_letters == ("ß",)
    assert (xx.suffixes, xx.langdetect, xx.min_words, xx.ratio) == (("ung",), "de", 2, 3)


@pytest.mark.parametrize(("body", "message"), [
    ('function_words = ["Und"]\n',
     "detection.function_words: 'Und' must be one lowercase word (letters only)"),
    ('function_words = ["und-so"]\n',
     "detection.function_words: 'und-so' must be one lowercase word (letters only)"),
    ('marker_letters = ["ab"]\n', "detection.marker_letters: 'ab' must be one letter"),
    ('function_words = "und"\n', "detection.function_words: must be a list of strings"),
    ('marker_letters = "ß"\n', "detection.marker_letters: must be a list of strings"),
    ('suffixes = "ung"\n', "detection.suffixes: must be a list of strings"),
    ('defer_to = "en"\n', "detection.defer_to: must be a list of strings"),
    ('langdetect = ""\n', "detection.langdetect: must be a language code"),
    ("min_words = 0\n", "detection.min_words: must be a whole number of at least 1"),
    ("ratio = true\n", "detection.ratio: must be a whole number of at least 1"),
    ('defer_to = ["zz"]\n', "detection.defer_to: 'zz' has no [detection] table"),
])
def test_a_wrong_detection_entry_is_named_in_full(tmp_path: Path, body: str,
                                                  message: str) -> None:
    with pytest.raises(GrammarError) as raised:
        profile(tmp_path, body)
    assert str(raised.value) == f"{tmp_path / 'xx.toml'}: {message}"


def test_a_script_that_is_not_a_unicode_script_is_named(tmp_path: Path) -> None:
    body = HEAD.replace('script = "Latin"', 'script = "Klingon"')
    with pytest.raises(GrammarError) as raised:
        language_profiles([grammar_folder(tmp_path, body)])
    assert str(raised.value) == (f"{tmp_path / 'xx.toml'}: detection.script: 'Klingon' is not "
                                 "a Unicode script name (Latin, Devanagari, Cyrillic, ...)")


def test_a_word_counts_by_the_list_or_by_an_ending(tmp_path: Path) -> None:
    _profiles, xx = profile(tmp_path, 'function_words = ["und"]\nsuffixes = ["ung", "heit"]\n')
    assert xx.counts("und") and xx.counts("zeitung") and xx.counts("freiheit")
    assert not xx.counts("haus") and not xx.counts("ungern")
    (tmp_path / "plain").mkdir()
    _profiles, plain = profile(tmp_path / "plain", 'function_words = ["und"]\n')
    assert plain.counts("und") and not plain.counts("zeitung")
