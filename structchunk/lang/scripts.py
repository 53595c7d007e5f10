"""The script of a text, and the language a script names, as data.

`grammars/detection/scripts.toml` (found and inherited by `structchunk.grammar_loader`, cached
per search path) lists the scripts the compiled identifier tells languages apart in, and
the scripts written for one language (Hangul, Thai, Greek, ...). The code names no script:
every script is a `\\p{Script=...}` name read from that file or from a language file's
`[detection]` table. A text's script is found cheaply: an ASCII text is of the script of
"a"; otherwise its first letter beyond ASCII names a candidate, and a candidate that decides
a language alone is confirmed by counting its letters (one pass in C).
"""

from __future__ import annotations

from collections import Counter
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

_SECTIONS = ("file", "options", "identified", "main")
_OPTIONS = ("script_share",)
LOOK = 8
# Letters beyond ASCII: where a text's script shows.
_WIDE_LETTER = regex.compile(r"[\p{L}--\p{ASCII}]", regex.V1)


@dataclass(frozen=True, eq=False)  # one object per search path: hashed by identity
class ScriptData:
    identified: tuple[str, ...]  # scripts whose texts the identifier judges
    main: Mapping[str, str]  # script -> the one language written in it
    share: float  # of a text's letters, for a script of `main` to decide


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
    identified = table(data, "identified", "", origin, required=True)
    check_keys(identified, ("scripts",), "identified", origin)
    scripts = tuple(string_list(identified.get("scripts", []), "identified.scripts", origin))
    for script in scripts:
        check_script(script, "identified.scripts", origin)
    main = table(data, "main", "", origin, required=True)
    for script, language in main.items():
        check_script(script, "main", origin)
        if not isinstance(language, str) or not language:
            raise GrammarError(f"main.{script}: must be a language code", origin)
        if script in scripts:
            raise GrammarError(f"main.{script}: the script is also in identified.scripts; "
                               "it is either named by its script or judged", origin)
    options = table(data, "options", "", origin)
    return ScriptData(scripts, dict(main), _share(options, "script_share", origin))


def _read(file: GrammarFile) -> dict[str, Any]:
    data = read_toml(file)
    check_keys(data, _SECTIONS, "", file.origin)
    check_keys(table(data, "file", "", file.origin), ("name", "inherits"), "file", file.origin)
    check_keys(table(data, "options", "", file.origin), _OPTIONS, "options", file.origin)
    string_list(data.get("file", {}).get("inherits", []), "file.inherits", file.origin)
    return data


def _share(options: Mapping[str, Any], key: str, origin: str) -> float:
    value = options.get(key)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= 1:
        raise GrammarError(f"options.{key}: must be a share above 0 and at most 1", origin)
    return float(value)


def check_script(name: str, where: str, origin: str) -> None:
    """Raise GrammarError unless `name` is a Unicode script name."""
    if not isinstance(name, str) or not regex.fullmatch(r"[A-Z][A-Za-z_]*", name):
        raise GrammarError(f"{where}: {name!r} is not a Unicode script name", origin)
    try:
        other_than(name)
    except regex.error as err:
        raise GrammarError(f"{where}: {name!r} is not a Unicode script name", origin) from err


@cache
def other_than(script: str) -> regex.Pattern[str]:
    """Runs of characters outside `script`: deleting them leaves the script's characters."""
    return regex.compile(rf"\P{{Script={script}}}+")


@cache
def letters_beyond(*scripts: str) -> regex.Pattern[str]:
    """A letter beyond ASCII that is written in none of `scripts`, counting the letters that
    scripts share (Unicode's Script_Extensions: the prolonged sound mark "ー" of both kana)."""
    outside = "".join(rf"--\p{{Script_Extensions={script}}}" for script in scripts)
    return regex.compile(rf"[\p{{L}}--\p{{ASCII}}{outside}]", regex.V1)


def scripts_in(text: str, scripts: tuple[str, ...], share: float) -> tuple[str, ...]:
    """Those of `scripts` that at least `share` of the letters of `text` beyond ASCII are
    written in, in their order (a few accented names in a Japanese page are not Latin text):
    each distinct letter's script is looked up once."""
    counts = Counter(_WIDE_LETTER.findall(text))
    wide = sum(counts.values())
    found: Counter[str | None] = Counter()
    for char, count in counts.items():
        found[script_of(char, scripts)] += count
    return tuple(script for script in scripts
                 if found[script] and found[script] >= share * wide)


@cache
def _member(script: str) -> regex.Pattern[str]:
    return regex.compile(rf"\p{{Script={script}}}")


@lru_cache(maxsize=4096)
def script_of(char: str, scripts: tuple[str, ...]) -> str | None:
    """The first of `scripts` that `char` is written in, or None."""
    for script in scripts:
        if _member(script).match(char):
            return script
    return None


def text_script(text: str, scripts: tuple[str, ...]) -> str | None:
    """The script of `text`, a text with letters, among `scripts` as its letters show it (see
    the module doc): that of its first letter beyond ASCII of one of them, skipping letters
    that belong to no script of the list (a modifier letter such as the okina); None where
    the first `LOOK` such letters are all of scripts no data names."""
    if text.isascii():
        return script_of("a", scripts)
    for index, wide in enumerate(_WIDE_LETTER.finditer(text)):
        script = script_of(wide.group(), scripts)
        if script is not None or index + 1 >= LOOK:
            return script
    return script_of("a", scripts)


def share_of(script: str, text: str, letters: int) -> float:
    """The share of `letters` (the letters of `text`) that are written in `script`."""
    return len(other_than(script).sub("", text)) / letters if letters else 0.0
