"""The grammar side of code outlines: one tree-sitter query file per language, loaded once.

What makes a unit is data: `grammars/code/<language>.scm` holds tree-sitter queries whose
captures name the units (`@unit`, `@name`, `@body`), the nodes that wrap one (`@wrap`:
decorators, `export`) and the comments and attributes that belong to the unit below them
(`@attach`; `@doc` for doc comments, which may stand one blank line above it). The directives at
the top of a file (its tree-sitter grammar, the files it extends, its suffixes and aliases) are
read by `languages`; files are found and inherited by `structchunk.grammar_loader`. A file is
checked when loaded, so a typo in a capture or setting is an error naming the file, not a unit
that silently goes missing.

Grammar wheels are imported only when a document uses the language, and each compiled query is
cached. tree-sitter-language-pack is an optional fallback, consulted only in releases that ship
their grammars in the wheel.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import metadata
from pathlib import Path

import regex
from tree_sitter import Language, Query, QueryError

from structchunk.errors import GrammarError
from structchunk.grammar_loader import find, lineage
from structchunk.parse.code.languages import LANGUAGE_FUNCTION, code_folders, read_header

_CAPTURES = frozenset({"unit", "name", "body", "wrap", "attach", "doc"})
_SETTINGS = frozenset({"kind", "keyword", "title"})
# `{name}` in a pattern's `title` setting: filled with that capture's text.
TITLE_PLACEHOLDER = regex.compile(r"\{(\w+)\}")


@dataclass(frozen=True)
class AttachRule:
    """A pattern that captures one node by its type alone, `(comment) @attach`, optionally
    with one text test, `((comment) @doc (#match? @doc "^/[*][*]"))`.

    Such a pattern is answered for the nodes the outline looks at instead of by the query
    over the whole tree: most matches of a query file are its comments, and only the comments
    next to units and statements are ever asked about.
    """

    blank_lines: int  # blank lines allowed below the node: 0 for @attach, 1 for @doc
    regex: re.Pattern[str] | None = None
    positive: bool = True  # `#match?` (True) or `#not-match?` (False)

    def holds(self, text: bytes) -> bool:
        """Whether the node's text passes the test as tree-sitter's Python binding applies
        it: read up to the first NUL byte (a C string), decoded as UTF-8, searched with `re`."""
        if self.regex is None:
            return True
        if b"\0" in text:
            text = text[:text.index(b"\0")]
        try:
            decoded = text.decode("utf-8")
        except UnicodeDecodeError:  # not reached: the code is encoded from a str
            return not self.positive
        return (self.regex.search(decoded) is not None) == self.positive


@dataclass(frozen=True)
class CodeGrammar:
    """A compiled query file: the tree-sitter language and the settings of each pattern.

    The query runs without the patterns in `attach_rules` (node kind id -> rules), which the
    outline applies to the nodes it visits.
    """

    name: str
    origin: str
    language: Language
    query: Query
    settings: tuple[Mapping[str, str], ...]
    guess_fields: bool = False  # no query file: read name and body from the grammar's fields
    attach_rules: Mapping[int, tuple[AttachRule, ...]] = field(default_factory=dict)
    query_text: str = ""  # the queries as compiled, before any pattern was taken out


def load_code_grammar(name: str) -> CodeGrammar | None:
    """The grammar for a resolved language name (`resolve_code_language`), or None when
    neither a query file with an installed tree-sitter grammar nor the language pack has it."""
    return _load(name, code_folders())


@lru_cache(maxsize=256)  # info strings are open-ended; keep the cache bounded
def _load(name: str, folders: tuple[Path, ...]) -> CodeGrammar | None:
    top = find(folders, name, ".scm")
    if top is None:
        language = _language_pack(name)
        return _generic_grammar(name, language) if language is not None else None
    files = lineage(folders, name, ".scm", read_header, lambda _file, header: header.inherits,
                    kind="code grammar")
    text = "\n".join(header.text for _file, header in files)
    # The tree-sitter grammar is the file's own, or that of the built-in file it extends.
    module = next((header.module for file, header in reversed(files)
                   if file.name == name and header.module), None)
    language = _load_language(module or f"tree_sitter_{name}.language") or _language_pack(name)
    if language is None:
        return None
    try:
        query = Query(language, text)
    except QueryError as err:
        raise GrammarError(f"query does not compile: {err}", top.origin) from err
    settings = tuple(query.pattern_settings(index) for index in range(query.pattern_count))
    _validate(query, settings, text, top.origin)
    return CodeGrammar(name, top.origin, language, query, settings,
                       attach_rules=take_attach_rules(query, language, text), query_text=text)


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
    """The language of a tree-sitter grammar package; any other reference is refused here
    too (the header check names the file), so no grammar file can import or call anything
    else."""
    if not LANGUAGE_FUNCTION.fullmatch(reference):
        return None
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
    text = "\n".join(patterns)
    query = Query(language, text)
    settings = tuple(query.pattern_settings(index) for index in range(query.pattern_count))
    return CodeGrammar(name, "tree-sitter-language-pack", language, query, settings, True,
                       take_attach_rules(query, language, text), text)


# `(kind) @attach`, or `((kind) @doc (#match? @doc "regex"))` (or `#not-match?`).
_BARE = regex.compile(r"\(\s*(?P<kind>[A-Za-z_]\w*)\s*\)\s*@(?P<capture>attach|doc)")
_TESTED = regex.compile(
    r"\(\s*\(\s*(?P<kind>[A-Za-z_]\w*)\s*\)\s*@(?P<capture>attach|doc)\s*"
    r"(?:\(\s*#(?P<test>match|not-match)\?\s+@(?P=capture)\s+"
    r'"(?P<regex>(?:[^"\\]|\\.)*)"\s*\)\s*)?\)')
_ESCAPES = {"n": "\n", "r": "\r", "t": "\t", "0": "\0"}


def take_attach_rules(query: Query, language: Language, text: str
                      ) -> dict[int, tuple[AttachRule, ...]]:
    """Take the patterns that capture one node by its type alone out of the query (they are
    disabled in it) and return them as rules by node kind id.

    Any other pattern stays in the query. A kind that is a supertype (`expression`) stays
    too, since its nodes have other kinds.
    """
    data = text.encode("utf-8")
    supertypes = set(getattr(language, "supertypes", ()) or ())
    rules: dict[int, list[AttachRule]] = {}
    for index in range(query.pattern_count):
        if query.pattern_settings(index) or query.pattern_assertions(index):
            continue
        pattern = _without_comments(data[query.start_byte_for_pattern(index):
                                         query.end_byte_for_pattern(index)].decode("utf-8"))
        match = _BARE.fullmatch(pattern) or _TESTED.fullmatch(pattern)
        if match is None:
            continue
        kind = language.id_for_node_kind(match["kind"], True)
        if kind is None or kind in supertypes:
            continue
        found = match.groupdict().get("regex")
        try:
            compiled = re.compile(_unescape(found)) if found is not None else None
        except re.error:
            continue  # left to the query, which reports it as it always has
        rule = AttachRule(1 if match["capture"] == "doc" else 0, compiled,
                          match.groupdict().get("test") != "not-match")
        rules.setdefault(kind, []).append(rule)
        query.disable_pattern(index)
    return {kind: tuple(found_rules) for kind, found_rules in rules.items()}


def _without_comments(pattern: str) -> str:
    """A pattern's text without `;` comments (outside strings), trimmed."""
    kept: list[str] = []
    in_string = escaped = in_comment = False
    for char in pattern:
        if in_comment:
            if char == "\n":
                in_comment = False
                kept.append(char)
            continue
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char == ";":
            in_comment = True
            continue
        kept.append(char)
    return "".join(kept).strip()


def _unescape(value: str) -> str:
    """A query string's value as tree-sitter reads it: `\\n`, `\\r`, `\\t` and `\\0` are
    control characters, any other escaped character stands for itself."""
    return regex.sub(r"\\(.)", lambda match: _ESCAPES.get(match[1], match[1]), value,
                     flags=regex.DOTALL)
