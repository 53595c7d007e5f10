"""The grammar side of code outlines: one tree-sitter query file per language, loaded once.

What makes a unit is data: `grammars/code/<language>.scm` holds tree-sitter queries whose
captures name the units (`@unit`, `@name`, `@body`), the nodes that wrap one (`@wrap`:
decorators, `export`) and the comments and attributes that belong to the unit below them
(`@attach`; `@doc` for doc comments, which may stand one blank line above it). A file may name
its tree-sitter grammar (`; grammar:`) and extend another file (`; inherits:`); it is checked
when loaded, so a typo in a capture or setting is an error naming the file, not a unit that
silently goes missing.

Grammar wheels are imported only when a document uses the language, and each compiled query is
cached. tree-sitter-language-pack is an optional fallback, consulted only in releases that ship
their grammars in the wheel.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from importlib import metadata
from pathlib import Path

import regex
from tree_sitter import Language, Query, QueryError

from structchunk.errors import GrammarError
from structchunk.resources import grammar_path

_CAPTURES = frozenset({"unit", "name", "body", "wrap", "attach", "doc"})
_SETTINGS = frozenset({"kind", "keyword", "title"})
_DIRECTIVE = regex.compile(r"^;\s*(grammar|inherits):\s*(\S+)\s*$", regex.MULTILINE)
# `{name}` in a pattern's `title` setting: filled with that capture's text.
TITLE_PLACEHOLDER = regex.compile(r"\{(\w+)\}")


@dataclass(frozen=True)
class CodeGrammar:
    """A compiled query file: the tree-sitter language and the settings of each pattern."""

    name: str
    origin: str
    language: Language
    query: Query
    settings: tuple[Mapping[str, str], ...]
    guess_fields: bool = False  # no query file: read name and body from the grammar's fields


@lru_cache(maxsize=256)  # info strings are open-ended; keep the cache bounded
def load_grammar(name: str) -> CodeGrammar | None:
    """The grammar for a normalised language name, or None when it is not installed."""
    path = grammar_path("code", f"{name}.scm")
    if not regex.fullmatch(r"[a-z0-9_+#-]+", name) or not path.is_file():
        language = _language_pack(name)
        return _generic_grammar(name, language) if language is not None else None
    text, module = _query_text(path, ())
    language = _load_language(module or f"tree_sitter_{name}.language") or _language_pack(name)
    if language is None:
        return None
    try:
        query = Query(language, text)
    except QueryError as err:
        raise GrammarError(f"query does not compile: {err}", str(path)) from err
    settings = tuple(query.pattern_settings(index) for index in range(query.pattern_count))
    _validate(query, settings, text, str(path))
    return CodeGrammar(name, str(path), language, query, settings)


def _query_text(path: Path, seen: tuple[Path, ...]) -> tuple[str, str | None]:
    """The file's queries after those of the files it inherits, and its `; grammar:` line."""
    if path in seen:
        raise GrammarError("inherits itself", str(path))
    text = path.read_text(encoding="utf-8")
    module = None
    parts = []
    for match in _DIRECTIVE.finditer(text):
        if match.group(1) == "grammar":
            module = match.group(2)
            continue
        parent = grammar_path("code", f"{match.group(2)}.scm")
        if not parent.is_file():
            raise GrammarError(f"inherits {match.group(2)!r}, which has no file", str(path))
        parts.append(_query_text(parent, (*seen, path))[0])
    return "\n".join([*parts, text]), module


def _validate(query: Query, settings: tuple[Mapping[str, str], ...], text: str,
              origin: str) -> None:
    captures = {query.capture_name(index) for index in range(query.capture_count)}
    if "unit" not in captures:
        raise GrammarError("no pattern captures @unit", origin)
    for index, values in enumerate(settings):
        line = text.count("\n", 0, query.start_byte_for_pattern(index)) + 1
        unknown = set(values) - _SETTINGS
        if unknown:
            raise GrammarError(f"pattern at line {line}: unknown setting {sorted(unknown)[0]!r}"
                               f" (known: {', '.join(sorted(_SETTINGS))})", origin)
        names = set(TITLE_PLACEHOLDER.findall(values.get("title", ""))) - captures - {"keyword"}
        if names:
            raise GrammarError(f"pattern at line {line}: title names no capture "
                               f"{sorted(names)[0]!r}", origin)
    in_titles = {name for values in settings for name in TITLE_PLACEHOLDER.findall(
        values.get("title", ""))}
    extra = {name for name in captures if not name.startswith("_")} - _CAPTURES - in_titles
    if extra:
        raise GrammarError(f"unknown capture @{sorted(extra)[0]} (known: "
                           f"{', '.join('@' + name for name in sorted(_CAPTURES))})", origin)


def _load_language(reference: str) -> Language | None:
    module_name, _, function = reference.rpartition(".")
    try:
        module = importlib.import_module(module_name)
        return Language(getattr(module, function)())
    except (ImportError, AttributeError, TypeError, ValueError):
        return None


def _language_pack(name: str) -> Language | None:
    """A grammar from tree-sitter-language-pack 0.x, which ships them compiled in the wheel.

    Later releases fetch grammars over the network on first use, so they are not consulted.
    """
    try:
        if not metadata.version("tree-sitter-language-pack").startswith("0."):
            return None
        pack = importlib.import_module("tree_sitter_language_pack")
        language = pack.get_language(name)
    except Exception:  # an optional extra: any failure means "no grammar"
        return None
    return language if isinstance(language, Language) else None


_GENERIC_KINDS = {
    "function_definition": ("function", "function"), "function_declaration": ("function",
    "function"), "function_item": ("function", "fn"), "method_definition": ("method", "method"),
    "method_declaration": ("method", "method"), "class_definition": ("class", "class"),
    "class_declaration": ("class", "class"), "interface_declaration": ("interface",
    "interface"), "impl_item": ("impl", "impl"), "trait_item": ("trait", "trait"),
    "module_definition": ("module", "module"),
}


def _generic_grammar(name: str, language: Language) -> CodeGrammar | None:
    """Units by common node names, for a language that has a grammar but no query file."""
    patterns = [f'(({kind}) @unit (#set! kind "{unit_kind}") (#set! keyword "{keyword}"))'
                for kind, (unit_kind, keyword) in _GENERIC_KINDS.items()
                if language.id_for_node_kind(kind, True)]
    if language.id_for_node_kind("comment", True):
        patterns.append("(comment) @attach")
    if not patterns:
        return None
    query = Query(language, "\n".join(patterns))
    settings = tuple(query.pattern_settings(index) for index in range(query.pattern_count))
    return CodeGrammar(name, "tree-sitter-language-pack", language, query, settings, True)
