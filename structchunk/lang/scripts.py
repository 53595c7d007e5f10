"""A language from the script alone, for texts in scripts that name one language (or one
main language) and that the function-word and langdetect steps do not cover.

Where a script serves several languages, letters that only one of them uses decide
(Ukrainian і ї є ґ in Cyrillic, Persian پ چ ژ گ and Urdu ٹ ڈ ڑ ے in Arabic script, kana beside
Han characters for Japanese); without them the script's main language is taken. Which script
names which language, and the marker letters, are data: `grammars/detection/scripts.toml`,
found and inherited by `structchunk.grammar_loader` and cached per search path.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

import regex

from structchunk.errors import GrammarError
from structchunk.grammar_loader import (
    GrammarFile,
    check_keys,
    lineage,
    merge,
    read_toml,
    string_list,
    table,
)
from structchunk.resources import grammar_folders

_SECTIONS = ("file", "options", "main", "marker")
_OPTIONS = ("kana_share", "marked_share")


@dataclass(frozen=True)
class ScriptData:
    main: Mapping[str, str]  # script -> its main language, in the file's order
    markers: tuple[tuple[str, str, str], ...]  # (script, letters, language)
    kana_share: float
    marked_share: float


def script_data() -> ScriptData:
    """The script table on the grammar search path, loaded and checked once per path."""
    return _load(grammar_folders("detection"))


@lru_cache(maxsize=16)
def _load(folders: tuple[Path, ...]) -> ScriptData:
    files = lineage(folders, "scripts", ".toml", _read,
                    lambda _file, data: data.get("file", {}).get("inherits", []),
                    kind="script table")
    data: dict[str, Any] = {}
    for _file, own in files:
        data = merge(data, own)
    origin = files[-1][0].origin
    main = table(data, "main", "", origin, required=True)
    for script, language in main.items():
        _check_script(script, "main", origin)
        if not isinstance(language, str) or not language:
            raise GrammarError(f"main.{script}: must be a language code", origin)
    for needed in ("Han", "Hiragana"):
        if needed not in main:
            raise GrammarError(f"main.{needed}: missing (Chinese and Japanese need it)", origin)
    markers = []
    entries = data.get("marker", [])
    if not isinstance(entries, list):
        raise GrammarError("marker: must be an array of tables ([[marker]])", origin)
    for index, entry in enumerate(entries):
        where = f"marker[{index}]"
        if not isinstance(entry, dict):
            raise GrammarError(f"{where}: must be a table", origin)
        check_keys(entry, ("script", "letters", "language"), where, origin)
        marked, letters, other = (entry.get(key) for key in ("script", "letters", "language"))
        if not (isinstance(marked, str) and isinstance(letters, str)
                and isinstance(other, str) and marked and letters and other):
            raise GrammarError(f"{where}: needs script, letters and language as strings",
                               origin)
        _check_script(marked, f"{where}.script", origin)
        markers.append((marked, letters, other))
    options = table(data, "options", "", origin)
    return ScriptData(dict(main), tuple(markers), _share(options, "kana_share", origin),
                      _share(options, "marked_share", origin))


def _read(file: GrammarFile) -> dict[str, Any]:
    data = read_toml(file)
    check_keys(data, _SECTIONS, "", file.origin)
    check_keys(table(data, "file", "", file.origin), ("name", "inherits"), "file", file.origin)
    check_keys(table(data, "options", "", file.origin), _OPTIONS, "options", file.origin)
    string_list(data.get("file", {}).get("inherits", []), "file.inherits", file.origin)
    return data


def _share(options: Mapping[str, Any], key: str, origin: str) -> float:
    value = options.get(key)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        raise GrammarError(f"options.{key}: must be a share between 0 and 1", origin)
    return float(value)


def _check_script(name: str, where: str, origin: str) -> None:
    try:
        _other_than(name)
    except regex.error as err:
        raise GrammarError(f"{where}: {name!r} is not a Unicode script name", origin) from err


@cache
def _other_than(script: str) -> regex.Pattern[str]:
    return regex.compile(rf"\P{{Script={script}}}+")


def script_language(text: str, letters: int) -> str | None:
    """The language the script of most of `text`'s `letters` names, or None."""
    data = script_data()
    counts = {script: len(_other_than(script).sub("", text)) for script in data.main}
    kana = counts.get("Hiragana", 0) + counts.get("Katakana", 0)
    han = counts["Han"]
    if kana + han and (kana + han) * 2 >= letters:
        return data.main["Hiragana"] if kana >= (kana + han) * data.kana_share \
            else data.main["Han"]
    script, count = max(counts.items(), key=lambda item: item[1])
    if count == 0 or count * 2 < letters:
        return None
    for marked_script, marks, language in data.markers:
        if marked_script == script:
            marked = sum(text.count(mark) for mark in marks)
            if marked >= max(1.0, count * data.marked_share):
                return language
    return data.main[script]
