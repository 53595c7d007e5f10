"""What tells languages apart: the `[detection]` table of each language's grammar file.

A language file (`grammars/sentences/<code>.toml`) that has a `[detection]` table takes part
in language detection. The table names the language's script and the evidence that tells it
from the other languages of that script: function words, letters only it uses, word endings,
how many telling words it needs and by how much they must outnumber the others' to decide.
The table belongs to its file alone (it is not inherited). Files are found on the grammar
search path by `structchunk.grammar_loader`, and the profiles are cached per search path.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

import regex

from structchunk.errors import GrammarError
from structchunk.grammar_loader import GrammarFile, find, string_list
from structchunk.lang.grammars import available_languages, read_language_file, sentence_folders

# A letter only one language of a script uses counts as this many telling words.
MARKER_WEIGHT = 2


@dataclass(frozen=True)
class LanguageProfile:
    """The evidence for one language, as read from its `[detection]` table."""

    code: str
    origin: str
    script: str  # a Unicode script name: "Latin", "Devanagari"
    langdetect: str  # the langdetect profile that stands for it
    words: frozenset[str]  # function words, lowercase
    marker_letters: tuple[str, ...]
    suffixes: tuple[str, ...]
    defer_to: tuple[str, ...]  # a word that counts for one of these does not count here
    min_words: int
    ratio: int

    def counts(self, word: str) -> bool:
        """Whether a lowercase word is evidence for this language (before deferring)."""
        return word in self.words or bool(self.suffixes and word.endswith(self.suffixes))


@dataclass(frozen=True, eq=False)  # one object per search path: hashed by identity
class Profiles:
    """Every detectable language, grouped by script, with the words each may count."""

    languages: tuple[str, ...]
    by_script: Mapping[str, tuple[LanguageProfile, ...]]
    # Per language: its own function words that no language it defers to claims.
    own_words: Mapping[str, frozenset[str]]

    def script_languages(self, script: str) -> tuple[str, ...]:
        return tuple(profile.code for profile in self.by_script.get(script, ()))


def language_profiles(folders: Sequence[Path] | None = None) -> Profiles:
    """The detection profiles of every language file on the search path, cached."""
    return _profiles(tuple(folders) if folders is not None else sentence_folders())


@lru_cache(maxsize=16)
def _profiles(folders: tuple[Path, ...]) -> Profiles:
    profiles: dict[str, LanguageProfile] = {}
    for code in available_languages(folders):
        file = find(folders, code, ".toml")
        assert file is not None
        table = read_language_file(file).get("detection")
        if table is not None:
            profiles[code] = _profile(file, table)
    by_script: dict[str, list[LanguageProfile]] = {}
    own: dict[str, frozenset[str]] = {}
    for profile in profiles.values():
        by_script.setdefault(profile.script, []).append(profile)
        for other in profile.defer_to:
            deferred = profiles.get(other)
            if deferred is None:
                raise GrammarError(f"detection.defer_to: {other!r} has no [detection] table",
                                   profile.origin)
            if deferred.script != profile.script:
                raise GrammarError(f"detection.defer_to: {other!r} is written in "
                                   f"{deferred.script}, not {profile.script}", profile.origin)
        own[profile.code] = frozenset(
            word for word in profile.words
            if not any(profiles[other].counts(word) for other in profile.defer_to))
    return Profiles(tuple(profiles), MappingProxyType(
        {script: tuple(group) for script, group in by_script.items()}), MappingProxyType(own))


def _profile(file: GrammarFile, table: Mapping[str, Any]) -> LanguageProfile:
    origin = file.origin
    script = table.get("script")
    if not isinstance(script, str) or not _is_script(script):
        raise GrammarError(f"detection.script: {script!r} is not a Unicode script name "
                           "(Latin, Devanagari, Cyrillic, ...)", origin)
    words = string_list(table.get("function_words", []), "detection.function_words", origin)
    for word in words:
        if word != word.lower() or not regex.fullmatch(r"[\p{L}\p{M}]+", word):
            raise GrammarError(f"detection.function_words: {word!r} must be one lowercase "
                               "word (letters only)", origin)
    letters = string_list(table.get("marker_letters", []), "detection.marker_letters", origin)
    for letter in letters:
        if not regex.fullmatch(r"\p{L}\p{M}*", letter):
            raise GrammarError(f"detection.marker_letters: {letter!r} must be one letter",
                               origin)
    suffixes = string_list(table.get("suffixes", []), "detection.suffixes", origin)
    defer_to = string_list(table.get("defer_to", []), "detection.defer_to", origin)
    langdetect = table.get("langdetect", file.name)
    if not isinstance(langdetect, str) or not langdetect:
        raise GrammarError("detection.langdetect: must be a language code", origin)
    return LanguageProfile(
        code=file.name, origin=origin, script=script, langdetect=langdetect,
        words=frozenset(words), marker_letters=tuple(letters), suffixes=tuple(suffixes),
        defer_to=tuple(defer_to), min_words=_whole(table, "min_words", 1, origin),
        ratio=_whole(table, "ratio", 1, origin))


def _whole(table: Mapping[str, Any], key: str, default: int, origin: str) -> int:
    value = table.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise GrammarError(f"detection.{key}: must be a whole number of at least 1", origin)
    return value


def _is_script(name: str) -> bool:
    if not regex.fullmatch(r"[A-Z][A-Za-z_]*", name):
        return False
    try:
        regex.compile(rf"\p{{Script={name}}}")
    except regex.error:
        return False
    return True
