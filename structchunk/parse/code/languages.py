"""Which code grammar a file or a fence names: the suffixes and aliases each query file declares.

A query file (`grammars/code/<language>.scm`) starts with directives, comments that begin with
a lowercase word and a colon:

    ; grammar: tree_sitter_typescript.language_tsx   (the tree-sitter grammar; optional)
    ; inherits: typescript                           (files whose queries come first)
    ; suffixes: .tsx                                 (file names that are this language)
    ; aliases: node                                  (more names for fence info strings)

A suffix without its dot is an alias too (```` ```pyi ````). Every table of suffixes and
aliases in the package is derived from these lines, so a language or a suffix is added in one
place. This module reads only the headers: it needs no tree-sitter.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path, PurePath
from types import MappingProxyType

import regex

from structchunk.errors import GrammarError
from structchunk.grammar_loader import GrammarFile, files, read_text
from structchunk.resources import grammar_folders

# A directive is a comment at the start of a line that begins with a lowercase word and a colon.
_DIRECTIVE = regex.compile(r"^;[ \t]*([a-z][a-z_-]*):[ \t]*(.*?)[ \t]*$", regex.MULTILINE)


def code_folders() -> tuple[Path, ...]:
    """The folders searched for code grammars, the user's first."""
    return grammar_folders("code")


@dataclass(frozen=True)
class Header:
    """The directives at the top of a query file and the file's text."""

    text: str
    module: str | None  # `; grammar: tree_sitter_typescript.language_tsx`
    inherits: tuple[str, ...]
    suffixes: tuple[str, ...]  # `.py .pyi`
    aliases: tuple[str, ...]  # names in fence info strings besides the file name and suffixes


_DIRECTIVES = ("grammar", "inherits", "suffixes", "aliases")
# What `; grammar:` may name: `tree_sitter_typescript.language_tsx`, `tree_sitter_python.language`.
LANGUAGE_FUNCTION = regex.compile(r"tree_sitter_[a-z0-9_]+\.language(?:_[a-z0-9_]+)?")
_SUFFIX = regex.compile(r"\.[a-z0-9_+#-]+")
_ALIAS = regex.compile(r"[a-z0-9_+#-]+")


def read_header(file: GrammarFile) -> Header:
    text = read_text(file)
    values: dict[str, list[str]] = {}
    for match in _DIRECTIVE.finditer(text):
        key, value = match.group(1), match.group(2).split()
        where = f"line {text.count(chr(10), 0, match.start()) + 1}: `; {key}:`"
        if key not in _DIRECTIVES:
            raise GrammarError(f"{where} unknown directive (known: {', '.join(_DIRECTIVES)}; "
                               "a comment starts with a capital letter)", file.origin)
        if key in values:
            raise GrammarError(f"{where} given twice", file.origin)
        if not value:
            raise GrammarError(f"{where} has no value", file.origin)
        if key == "grammar" and len(value) != 1:
            raise GrammarError(f"{where} names one function, `module.function`", file.origin)
        if key == "grammar" and not LANGUAGE_FUNCTION.fullmatch(value[0]):
            # Grammars are data users download and share: the directive may only name the
            # language function of a tree-sitter grammar package, never any other callable.
            raise GrammarError(
                f"{where} {value[0]!r} is not the language function of a tree-sitter grammar "
                "package (`tree_sitter_<name>.language` or `.language_<variant>`)", file.origin)
        pattern = _SUFFIX if key == "suffixes" else _ALIAS
        if key in ("suffixes", "aliases"):
            for item in value:
                if item != item.lower() or not pattern.fullmatch(item):
                    raise GrammarError(f"{where} {item!r} is not a lowercase "
                                       f"{'.suffix' if key == 'suffixes' else 'name'}",
                                       file.origin)
        values[key] = value
    module = values.get("grammar", [None])[0]
    return Header(text, module, tuple(values.get("inherits", ())),
                  tuple(values.get("suffixes", ())), tuple(values.get("aliases", ())))


@dataclass(frozen=True)
class CodeLanguages:
    """Which grammar a file suffix or a fence info string names, from the query files' headers.

    Every table of suffixes and aliases in the package is derived from this one.
    """

    by_suffix: Mapping[str, str]  # ".pyi" -> "python"
    by_alias: Mapping[str, str]  # "py", "pyi", "python3" -> "python"


def code_languages() -> CodeLanguages:
    """The suffixes and aliases every code grammar on the search path declares, cached."""
    return _code_languages(code_folders())


def code_suffixes() -> Mapping[str, str]:
    """File suffix (lowercase, with its dot) -> code grammar name, e.g. ".pyi" -> "python"."""
    return code_languages().by_suffix


def code_language_for_path(path: str | None) -> str | None:
    """The code grammar for a file name, by its suffix; None when no grammar declares it."""
    if not path:
        return None
    return code_languages().by_suffix.get(PurePath(path).suffix.lower())


def resolve_code_language(info: str | None) -> str | None:
    """`py`, `{.python}`, `js:app.js`, `C++`, `.pyi` -> the name of a code grammar file.

    A name no grammar declares is returned as written (lowercase): the language pack may know
    it, or the code is cut between lines.
    """
    if not info:
        return None
    name = regex.split(r"[\s,:;{}]", info.strip().lower().lstrip(".{"), maxsplit=1)[0]
    name = name.removeprefix("language-").lstrip(".")
    return code_languages().by_alias.get(name, name) or None


@lru_cache(maxsize=16)
def _code_languages(folders: tuple[Path, ...]) -> CodeLanguages:
    by_suffix: dict[str, str] = {}
    by_alias: dict[str, str] = {}
    claimed: dict[tuple[str, int], tuple[str, str]] = {}  # (token, level) -> (name, origin)
    for file in files(folders, ".scm"):
        header = read_header(file)
        tokens = [*header.suffixes, *header.aliases,
                  *(suffix[1:] for suffix in header.suffixes)]
        for token in dict.fromkeys(tokens):
            if token == file.name:
                continue
            other = claimed.setdefault((token, file.level), (file.name, file.origin))
            if other[0] != file.name:
                raise GrammarError(f"{token!r} is declared by {other[1]} as well", file.origin)
            table = by_suffix if token.startswith(".") else by_alias
            table.setdefault(token, file.name)  # a folder earlier on the search path wins
    return CodeLanguages(MappingProxyType(by_suffix), MappingProxyType(by_alias))
