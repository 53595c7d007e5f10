"""Reading and checking one sentence grammar file (`grammars/sentences/*.toml`).

Every section, key and entry is checked when the file is read, and every problem is a
`GrammarError` naming the file and the entry; merging the files of a language is
`structchunk.lang.grammars`' job.
"""

from __future__ import annotations

from typing import Any

import regex

from structchunk.errors import GrammarError
from structchunk.grammar_loader import GrammarFile, check_keys, read_toml, string_list

ABBREVIATION_CLASSES = ("prefix", "numeric", "general")
# Sets of single characters ...
TERMINATOR_KEYS = ("final", "questions", "always", "closers", "openers", "bullets",
                   "line_bullets")
# ... and of pairs of characters, an opening and a closing mark ("《》")
PAIR_KEYS = ("titles",)
_SECTIONS = {
    "grammar": ("name", "description", "inherits", "disable_rules"),
    "terminators": (*TERMINATOR_KEYS, *PAIR_KEYS),
    "abbreviations": ABBREVIATION_CLASSES,
    "options": ("pronoun_i", "lowercase_continues", "quoted_sentences"),
    # What tells the language apart in detection; read by `structchunk.lang.profiles`, from
    # the language's own file only (never inherited).
    "detection": ("script", "langdetect", "function_words", "marker_letters", "suffixes",
                  "defer_to", "min_words", "ratio"),
}

# Word lists that name Unicode scripts (`scanner`: the `space` and `glued` rows).
_SCRIPT_LISTS = ("space_scripts", "glued_scripts")

# An abbreviation as written: letter groups separated by a period, a period and one space, or
# one space ("z. B.", "et al."), hyphens inside a group ("Dipl.-Ing."), a period at the end.
_GROUP = r"[\p{L}\p{M}°][\p{L}\p{M}°'’-]*"
_ABBREVIATION = regex.compile(rf"(?:{_GROUP}(?:\.[\x20-]?|\x20))*{_GROUP}\.")
_WORD = regex.compile(r"[\p{L}\p{M}\p{N}'’.-]+(?:\x20[\p{L}\p{M}\p{N}'’.-]+)*")


# --- reading and checking one file ------------------------------------------------------


def read_language_file(file: GrammarFile) -> dict[str, Any]:
    """One sentence grammar file's data, its sections and entries checked."""
    data = read_toml(file)
    _check_shape(data, file.name, file.origin)
    return data


def _is_script(name: str) -> bool:
    try:
        regex.compile(rf"\p{{{name}}}")
    except regex.error:
        return False
    return name.isalpha()


def _check_shape(data: dict[str, Any], name: str, origin: str) -> None:
    """Every section, key and entry of a language file as the loader reads it: a misspelt
    section or a wrong value is an error naming the file, never ignored."""
    for section, value in data.items():
        _check_section(section, value, origin)
    _check_header(data.get("grammar"), name, origin)
    for key in (*TERMINATOR_KEYS, *PAIR_KEYS):
        size = 2 if key in PAIR_KEYS else 1
        for entry in string_list(data.get("terminators", {}).get(key, []),
                                 f"terminators.{key}", origin):
            if len(entry) != size or any(char.isspace() for char in entry):
                raise GrammarError(f"terminators.{key}: {entry!r} must be "
                                   f"{'two characters' if size == 2 else 'one character'}, "
                                   "not whitespace", origin)
    for key in ABBREVIATION_CLASSES:
        for entry in string_list(data.get("abbreviations", {}).get(key, []),
                                 f"abbreviations.{key}", origin):
            if not _ABBREVIATION.fullmatch(entry):
                raise GrammarError(f"abbreviations.{key}: {entry!r} is not an abbreviation "
                                   "(letter groups separated by a period or one space, a period "
                                   "at the end)", origin)
    for key, value in data.get("options", {}).items():
        if not isinstance(value, bool):
            raise GrammarError(f"options.{key}: must be true or false", origin)


def _check_section(section: str, value: Any, origin: str) -> None:
    """One top-level entry: a known table (or the array of rules) with known keys."""
    if section == "rules":
        if not isinstance(value, list):
            raise GrammarError("rules: must be an array of tables ([[rules]])", origin)
        return
    if section == "words":
        _check_words(value, origin)
        return
    if section not in _SECTIONS:
        raise GrammarError(f"unknown section [{section}] (known: "
                           f"{', '.join(('rules', 'words', *_SECTIONS))})", origin)
    if not isinstance(value, dict):
        raise GrammarError(f"{section}: must be a table", origin)
    check_keys(value, _SECTIONS[section], section, origin)


def _check_words(value: Any, origin: str) -> None:
    if not isinstance(value, dict):
        raise GrammarError("words: must be a table", origin)
    for key, words in value.items():
        for word in string_list(words, f"words.{key}", origin):
            if key in _SCRIPT_LISTS and not _is_script(word):
                raise GrammarError(f"words.{key}: {word!r} is not a Unicode "
                                   "script name (Thai, Lao, ...)", origin)
            if not _WORD.fullmatch(word):
                raise GrammarError(f"words.{key}: {word!r} is not a word (letters, "
                                   "digits, apostrophes, hyphens, single spaces)", origin)


def _check_header(header: Any, name: str, origin: str) -> None:
    if header is None:
        raise GrammarError("missing [grammar] table", origin)
    if header.get("name") != name:
        raise GrammarError(f"grammar.name: {header.get('name')!r} must be the file name "
                           f"{name!r}", origin)
    for key in ("inherits", "disable_rules"):
        string_list(header.get(key, []), f"grammar.{key}", origin)
