"""Sentence grammars (`grammars/sentences/`): what the entries mean, how files merge.

Files are found and their inheritance resolved by `structchunk.grammar_loader`, the loader all
grammars share; `base.toml` is the root. Merging walks the inheritance graph depth first
(parents before children, each file once), unions the lists and appends the rules, so a new
language is one file that adds what is particular to it. Everything is checked when a file is
loaded, and every problem is a `GrammarError` naming the file and the entry. Spelling variants
(`z. B.` and `z.B.`, a capitalised first letter, straight and typographic quotes) are generated
here, never typed twice in the data.
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
from structchunk.grammar_loader import find, lineage, names
from structchunk.lang.grammar_files import (
    ABBREVIATION_CLASSES,
    PAIR_KEYS,
    TERMINATOR_KEYS,
    read_language_file,
)
from structchunk.resources import grammar_folders

DEFAULT_LANGUAGE = "und"
RULE_ACTIONS = ("keep", "break")
RULE_PATTERNS = ("terminator", "token", "before", "after")

_RULE_KEYS = ("name", "description", "action", *RULE_PATTERNS)

# Straight quotes stand for their typographic variants: “ closes a German quotation („...“)
# and opens an English one (“...”), so it is both an opener and a closer.
_QUOTE_VARIANTS = {
    "openers": {'"': '"“„', "'": "'‘‚"},
    "closers": {'"': '"”“', "'": "'’‘"},
}

@dataclass(frozen=True)
class Rule:
    """One data rule: when every given pattern matches a candidate, `action` decides it."""

    name: str
    origin: str
    action: str
    terminator: regex.Pattern[str] | None
    token: regex.Pattern[str] | None
    before: regex.Pattern[str] | None  # compiled in reverse: matches text ending at a position
    after: regex.Pattern[str] | None

    @property
    def breaks(self) -> bool:
        return self.action == "break"


@dataclass(frozen=True)
class SentenceGrammar:
    """The merged, validated sentence rules of one language."""

    language: str
    files: tuple[str, ...]
    final: frozenset[str]
    # final terminators that end a question or an exclamation: no abbreviation, initial or
    # enumeration marker stands before them (`?`, Greek `;`, Arabic `؟`); also in `final`
    questions: frozenset[str]
    always: frozenset[str]
    closers: frozenset[str]
    openers: frozenset[str]
    bullets: frozenset[str]
    line_bullets: frozenset[str]
    # opening and closing marks of a title ("《》"): no terminator between them ends a sentence
    titles: frozenset[str]
    abbreviations: Mapping[str, str]  # spelling without spaces -> class
    words: Mapping[str, frozenset[str]]
    options: Mapping[str, bool]
    rules: tuple[Rule, ...]

    def abbreviation_class(self, spelling: str) -> str | None:
        """Class of an abbreviation spelled without spaces ('z.B.'), or None."""
        return self.abbreviations.get(spelling)


def normalize_language(language: str | None) -> str:
    """'de-DE', 'de_AT', 'DE' -> 'de'; None and '' -> the language-neutral default."""
    if not language:
        return DEFAULT_LANGUAGE
    return language.strip().replace("_", "-").split("-", 1)[0].lower() or DEFAULT_LANGUAGE


def sentence_folders() -> tuple[Path, ...]:
    """The folders searched for sentence grammars, the user's first."""
    return grammar_folders("sentences")


def available_languages(folders: Sequence[Path] | None = None) -> tuple[str, ...]:
    """Grammar names that are languages (two or three letters), e.g. ('de', 'en', 'hi', 'mr')."""
    return _languages(tuple(folders) if folders is not None else sentence_folders())


@lru_cache(maxsize=16)
def _languages(folders: tuple[Path, ...]) -> tuple[str, ...]:
    return tuple(name for name in names(folders, ".toml")
                 if len(name) in (2, 3) and name != DEFAULT_LANGUAGE)


def resolve_language(language: str | None, folders: Sequence[Path] | None = None) -> str:
    """The grammar that serves `language`: its own file if there is one, else the default."""
    return _resolve(normalize_language(language),
                    tuple(folders) if folders is not None else sentence_folders())


@lru_cache(maxsize=256)
def _resolve(code: str, folders: tuple[Path, ...]) -> str:
    return code if find(folders, code, ".toml") is not None else DEFAULT_LANGUAGE


def load_sentence_grammar(language: str | None = None,
                          folders: Sequence[Path] | None = None) -> SentenceGrammar:
    """Load, merge and validate the sentence grammar for `language`, cached per search path.

    `folders` replaces the search path (`structchunk.resources.grammar_folders("sentences")`).
    """
    search = tuple(folders) if folders is not None else sentence_folders()
    return _load(resolve_language(language, search), search)


@lru_cache(maxsize=64)
def _load(code: str, folders: tuple[Path, ...]) -> SentenceGrammar:
    return _build(code, folders)


def words_in_any_language(list_name: str, folders: Sequence[Path] | None = None
                          ) -> frozenset[str]:
    """Every word of the `[words] <list_name>` lists of all languages, cached per search path.

    For the parsers that read text before its language is known (joining hyphenated PDF lines).
    Only the files are read; no rule is compiled.
    """
    return _words_in_any_language(list_name, tuple(folders) if folders is not None
                                  else sentence_folders())


@lru_cache(maxsize=16)
def _words_in_any_language(list_name: str, folders: tuple[Path, ...]) -> frozenset[str]:
    words: set[str] = set()
    for code in available_languages(folders):
        for _file, data in lineage(folders, code, ".toml", read_language_file,
                                   lambda _file, data: data["grammar"].get("inherits", []),
                                   kind="sentence grammar"):
            words.update(data.get("words", {}).get(list_name, ()))
    return frozenset(words)


# --- merging ------------------------------------------------------------------------------


def _build(name: str, folders: tuple[Path, ...]) -> SentenceGrammar:
    files = lineage(folders, name, ".toml", read_language_file,
                    lambda _file, data: data["grammar"].get("inherits", []),
                    kind="sentence grammar")
    sets: dict[str, set[str]] = {key: set() for key in (*TERMINATOR_KEYS, *PAIR_KEYS)}
    abbreviations: dict[str, str] = {}
    words: dict[str, set[str]] = {}
    options: dict[str, bool] = {}
    rule_tables: list[tuple[str, dict[str, Any]]] = []
    for file, data in files:
        origin = file.origin
        for key in TERMINATOR_KEYS:
            for entry in data.get("terminators", {}).get(key, []):
                sets[key].update(_QUOTE_VARIANTS.get(key, {}).get(entry, entry))
        for key in PAIR_KEYS:
            sets[key].update(data.get("terminators", {}).get(key, []))
        own: dict[str, str] = {}
        for klass in ABBREVIATION_CLASSES:
            for entry in data.get("abbreviations", {}).get(klass, []):
                key = entry.replace(" ", "")
                if key in own:
                    raise GrammarError(f"abbreviations.{klass}: {entry!r} is already listed as "
                                       f"{own[key]}", origin)
                own[key] = klass
        abbreviations.update(own)
        for key, entries in data.get("words", {}).items():
            words.setdefault(key, set()).update(entries)
        options.update(data.get("options", {}))
        disabled = set(data["grammar"].get("disable_rules", []))
        known = {table.get("name") for _origin_name, table in rule_tables}
        for rule_name in disabled - known:
            raise GrammarError(f"grammar.disable_rules: no inherited rule {rule_name!r}", origin)
        rule_tables = [(o, t) for o, t in rule_tables if t.get("name") not in disabled]
        rule_tables.extend((origin, table) for table in data.get("rules", []))
    sets["final"] |= sets["questions"]
    for key in ("openers", "closers"):
        sets[key] -= sets["final"] | sets["always"]
    frozen_words = {key: frozenset(entries) for key, entries in words.items()}
    rules = _compile_rules(rule_tables, frozen_words)
    return SentenceGrammar(
        language=name,
        files=tuple(file.name for file, _data in files),
        final=frozenset(sets["final"]),
        questions=frozenset(sets["questions"]),
        always=frozenset(sets["always"]),
        closers=frozenset(sets["closers"]),
        openers=frozenset(sets["openers"]),
        bullets=frozenset(sets["bullets"]),
        line_bullets=frozenset(sets["line_bullets"]),
        titles=frozenset(sets["titles"]),
        abbreviations=MappingProxyType(_with_variants(abbreviations)),
        words=MappingProxyType(frozen_words),
        options=MappingProxyType(options),
        rules=rules,
    )


def _with_variants(abbreviations: dict[str, str]) -> dict[str, str]:
    """Add spelling variants; an entry listed in the data always wins over a variant.

    Every abbreviation gets a capitalised first letter (sentence starts: "Vgl.", "Z.B.") and
    typographic apostrophes; general and numeric ones also all capitals ("INC.", "NO."), and
    numeric ones a lowercase first letter ("rs. 1000", "nr. 5").
    """
    result = dict(abbreviations)
    for key, klass in abbreviations.items():
        variants = [key[0].upper() + key[1:], key.replace("'", "’")]
        if klass != "prefix":
            variants.append(key.upper())
        if klass == "numeric":
            variants.append(key[0].lower() + key[1:])
        for variant in variants:
            result.setdefault(variant, klass)
    return result


def _compile_rules(tables: list[tuple[str, dict[str, Any]]],
                   words: Mapping[str, frozenset[str]]) -> tuple[Rule, ...]:
    rules: list[Rule] = []
    names: set[str] = set()
    for origin, table in tables:
        name = table.get("name")
        if not isinstance(name, str) or not name:
            raise GrammarError("rules: every rule needs a name", origin)
        where = f"rules.{name}"
        if name in names:
            raise GrammarError(f"{where}: a rule with this name exists already", origin)
        names.add(name)
        for key in table:
            if key not in _RULE_KEYS:
                raise GrammarError(f"{where}.{key}: unknown entry", origin)
        action = table.get("action")
        if action not in RULE_ACTIONS:
            raise GrammarError(f"{where}.action: must be one of {', '.join(RULE_ACTIONS)}",
                               origin)
        compiled: dict[str, regex.Pattern[str] | None] = {}
        for key in RULE_PATTERNS:
            source = table.get(key)
            if source is None:
                compiled[key] = None
                continue
            if not isinstance(source, str) or not source:
                raise GrammarError(f"{where}.{key}: must be a non-empty string", origin)
            compiled[key] = _compile(source, key, where, origin, words)
        if all(pattern is None for pattern in compiled.values()):
            raise GrammarError(f"{where}: needs at least one of {', '.join(RULE_PATTERNS)}",
                               origin)
        rules.append(Rule(name, origin, action, compiled["terminator"], compiled["token"],
                          compiled["before"], compiled["after"]))
    return tuple(rules)


_LIST_REFERENCE = regex.compile(r"\\L<(\w+)>")


def _compile(source: str, key: str, where: str, origin: str,
             words: Mapping[str, frozenset[str]]) -> regex.Pattern[str]:
    lists: dict[str, list[str]] = {}
    for list_name in _LIST_REFERENCE.findall(source):
        if list_name not in words:
            raise GrammarError(f"{where}.{key}: no word list {list_name!r} ([words])", origin)
        if words[list_name]:
            lists[list_name] = sorted(words[list_name], key=lambda w: (-len(w), w))
    # an empty list matches nothing (the regex module would match the empty string); a file
    # that others inherit declares a list they fill ("months = []" in `ordinals.toml`)
    source = _LIST_REFERENCE.sub(lambda ref: ref.group() if ref.group(1) in lists else "(?!)",
                                 source)
    flags = regex.REVERSE if key == "before" else 0
    try:
        return regex.compile(source, flags, **lists)
    except regex.error as err:
        raise GrammarError(f"{where}.{key}: {source!r} does not compile: {err}", origin) from err
