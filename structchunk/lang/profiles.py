"""The script each language file declares: the `[detection]` table of its grammar file.

A language file (`grammars/sentences/<code>.toml`) with a `[detection]` table names the
Unicode script the language is written in (`script = "Cyrillic"`). The compiled identifier
names every language it knows whether or not a file exists; the table makes a language
nameable where the identifier cannot help, in a script it was never trained on (a file
`sat.toml` with `script = "Ol_Chiki"` makes Ol Chiki text Santali). The table belongs to its
file alone (it is not inherited). Files are found on the grammar search path by
`structchunk.grammar_loader`, and the tables are cached per search path.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from structchunk.errors import GrammarError
from structchunk.grammar_loader import find
from structchunk.lang.grammars import available_languages, read_language_file, sentence_folders
from structchunk.lang.scripts import check_script

_KEYS = ("script",)


@dataclass(frozen=True, eq=False)  # one object per search path: hashed by identity
class Profiles:
    """The languages with a `[detection]` table, and the languages each script is declared
    for, in the order of the files."""

    languages: tuple[str, ...]
    by_script: Mapping[str, tuple[str, ...]]

    def script_languages(self, script: str) -> tuple[str, ...]:
        return self.by_script.get(script, ())


def language_profiles(folders: Sequence[Path] | None = None) -> Profiles:
    """The `[detection]` tables of every language file on the search path, cached."""
    return _profiles(tuple(folders) if folders is not None else sentence_folders())


@lru_cache(maxsize=16)
def _profiles(folders: tuple[Path, ...]) -> Profiles:
    languages: list[str] = []
    by_script: dict[str, list[str]] = {}
    for code in available_languages(folders):
        file = find(folders, code, ".toml")
        assert file is not None
        detection = read_language_file(file).get("detection")
        if detection is not None:
            by_script.setdefault(_script(detection, file.origin), []).append(code)
            languages.append(code)
    return Profiles(tuple(languages), MappingProxyType(
        {script: tuple(codes) for script, codes in by_script.items()}))


def _script(detection: Mapping[str, Any], origin: str) -> str:
    for key in detection:
        if key not in _KEYS:
            raise GrammarError(f"detection.{key}: not read any more (the identifier tells the "
                               "languages of a script apart); [detection] holds only script",
                               origin)
    script = detection.get("script")
    if not isinstance(script, str):
        raise GrammarError(f"detection.script: {script!r} is not a Unicode script name "
                           "(Latin, Cyrillic, Ol_Chiki, ...)", origin)
    check_script(script, "detection.script", origin)
    return script
