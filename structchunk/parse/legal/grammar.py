"""Legal grammars: what a jurisdiction's laws look like, read from `grammars/legal/<code>.toml`.

Files are found and inherited by `structchunk.grammar_loader` (`[jurisdiction] inherits =
["de"]`: tables merge key by key, any other value is replaced whole). Every key is checked, and
every pattern compiled with its required named groups, when the file is loaded, so a misspelt
entry or a broken pattern fails at once with the file and entry named instead of misreading
laws later. A loaded grammar answers the questions
the parser asks of a line (is this a division, a provision heading, a title?) and finds the
provisions a sentence refers to.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import regex

from structchunk.errors import GrammarError
from structchunk.grammar_loader import (
    GrammarFile,
    check_keys,
    find,
    lineage,
    merge,
    names,
    origin_of,
    read_toml,
    string_list,
    table,
)
from structchunk.resources import grammar_folders

DEFAULT_JURISDICTION = "de"


@dataclass(frozen=True)
class Unit:
    """A division (Buch, Abschnitt) or an enumeration marker (`1.`, `a)`)."""

    name: str
    key: str | None
    pattern: regex.Pattern[str]
    ordered: bool = True


@dataclass(frozen=True, eq=False)  # one object per loaded file: hashed by identity
class LegalGrammar:
    code: str
    path: Path
    front_matter_keys: tuple[str, ...]
    title_abbreviation: regex.Pattern[str]
    divisions: tuple[Unit, ...]
    title_separator: regex.Pattern[str]
    provision: Unit
    title_start: regex.Pattern[str]
    not_title: regex.Pattern[str]
    not_title_end: regex.Pattern[str]
    max_title_length: int
    repealed: regex.Pattern[str]
    absatz: Unit
    items: tuple[Unit, ...]
    note: Unit
    reference: regex.Pattern[str]
    plural_signs: frozenset[str]
    range_word: str
    max_range: int
    singular_sign: dict[str, str]
    list_separator: regex.Pattern[str]  # between listed numbers: `, ` and the conjunctions
    list_lead: regex.Pattern[str]  # the end of a line that leads into an enumeration
    definition: regex.Pattern[str] = regex.compile(r"(?!)")  # a term a provision defines
    not_terms: frozenset[str] = frozenset()

    def defines(self, text: str) -> list[str]:
        """The terms a provision's text defines (`Verbraucher ist jede …`), in order."""
        found: list[str] = []
        for match in self.definition.finditer(text):
            term = match.group("term")
            if term and term.lower() not in self.not_terms and term not in found:
                found.append(term)
        return found

    def division(self, line: str) -> tuple[Unit, str, str, str] | None:
        """(unit, number, title, label) when `line` is a division heading.

        The label is the division as written without its title: `Buch 2`, `Zweiter Titel`.
        """
        for unit in self.divisions:
            match = unit.pattern.match(line)
            if match is None:
                continue
            title = self.title_separator.sub("", line[match.end():], count=1).strip()
            if title and not self.is_title(title):
                return None
            # A unit whose pattern has no groups (a preamble) has no number.
            number = match.groupdict().get("number") or ""
            return unit, number, title, match.group(0).rstrip(". ")
        return None

    def provision_heading(self, line: str) -> tuple[str, str, str] | None:
        """(sign, number, title) when `line` is a provision heading, not a sentence."""
        match = self.provision.pattern.match(line)
        if match is None:
            return None
        title = (match.group("title") or "").strip()
        if title and not self.is_title(title):
            return None
        return match.group("sign"), " ".join(match.group("number").split()), title

    def is_title(self, title: str) -> bool:
        return (len(title) <= self.max_title_length and bool(self.title_start.match(title))
                and not self.not_title.match(title) and not self.not_title_end.search(title))

    def references(self, text: str, law: str | None) -> list[str]:
        """Provisions mentioned in `text`, in order, each once: `§ 242`, `§ 5 EGBGB`."""
        found: list[str] = []
        for match in self.reference.finditer(text):
            sign = match.group("sign")
            single = self.singular_sign.get(sign, sign)
            numbers = self._numbers(match.group("numbers"), sign in self.plural_signs)
            other = _group(match, "law")
            suffix = f" {other}" if other and other != law else ""
            prefix = _group(match, "prefix")
            for number in numbers:
                reference = f"{prefix + ' ' if prefix else ''}{single} {number}{suffix}"
                if reference not in found:
                    found.append(reference)
        return found

    def _numbers(self, written: str, plural: bool) -> list[str]:
        parts = self.list_separator.split(written.strip())
        if not plural:
            parts = parts[:1]
        numbers: list[str] = []
        for part in parts:
            ends = regex.split(rf"\s+{regex.escape(self.range_word)}\s+", part)
            if (len(ends) == 2 and ends[0].isdigit() and ends[1].isdigit()
                    and 0 < int(ends[1]) - int(ends[0]) <= self.max_range):
                numbers.extend(str(n) for n in range(int(ends[0]), int(ends[1]) + 1))
            else:
                numbers.extend(ends)
        return numbers


def _group(match: regex.Match[str], name: str) -> str:
    """A named group's text, or "" when the pattern has no such group or it did not take part."""
    return (match.group(name) or "") if name in match.re.groupindex else ""


def legal_folders() -> tuple[Path, ...]:
    """The folders searched for legal grammars, the user's first."""
    return grammar_folders("legal")


def available_jurisdictions() -> tuple[str, ...]:
    """Codes of the jurisdictions with a grammar file on the search path."""
    return _jurisdictions(legal_folders())


@lru_cache(maxsize=16)
def _jurisdictions(folders: tuple[Path, ...]) -> tuple[str, ...]:
    return names(folders, ".toml")


def load_legal_grammar(code: str = DEFAULT_JURISDICTION) -> LegalGrammar:
    """Load, validate and cache `legal/<code>.toml` and what it inherits; errors name the file
    and the entry."""
    return _load(code, legal_folders())


@lru_cache(maxsize=16)
def _load(code: str, folders: tuple[Path, ...]) -> LegalGrammar:
    if find(folders, code, ".toml") is None:
        known = ", ".join(_jurisdictions(folders)) or "none"
        raise GrammarError(f"no legal grammar for {code!r} (known: {known})",
                           origin_of(folders[-1] / f"{code}.toml"))
    files = lineage(folders, code, ".toml", _read, _parents, kind="legal grammar")
    data: dict[str, Any] = {}
    for _file, own in files:
        data = merge(data, own)
    top = files[-1][0]
    return GrammarLoader(top.path, data).grammar(code)


# Every table and entry a legal grammar may have; anything else is a misspelling.
_SCHEMA: dict[str, tuple[str, ...]] = {
    "jurisdiction": ("code", "name", "language", "inherits"),
    "law": ("front_matter_keys", "title_abbreviation"),
    "divisions": ("title_separator", "unit"),
    "provision": ("key", "pattern", "title_start", "not_title", "not_title_end",
                  "max_title_length", "repealed"),
    "absatz": ("key", "pattern"),
    "items": (),
    "note": ("key", "pattern"),
    "reference": ("pattern", "plural_signs", "range_word", "max_range", "singular_sign"),
    "definition": ("pattern", "not_terms"),
    "words": ("conjunctions",),
}
_UNIT_KEYS = ("name", "key", "pattern", "ordered")


def _read(file: GrammarFile) -> dict[str, Any]:
    data = read_toml(file)
    check_keys(data, _SCHEMA, "", file.origin)
    header = table(data, "jurisdiction", "", file.origin, required=True)
    if header.get("code", file.name) != file.name:
        raise GrammarError(f"jurisdiction.code: {header.get('code')!r} must be the file name "
                           f"{file.name!r}", file.origin)
    string_list(header.get("inherits", []), "jurisdiction.inherits", file.origin)
    for name, keys in _SCHEMA.items():
        if name == "items":
            continue
        check_keys(table(data, name, "", file.origin), keys, name, file.origin)
    units = [(f"divisions.unit[{index}]", entry) for index, entry
             in enumerate(_tables(table(data, "divisions", "", file.origin).get("unit", []),
                                  "divisions.unit", file.origin))]
    units += [(f"items[{index}]", entry) for index, entry
              in enumerate(_tables(data.get("items", []), "items", file.origin))]
    for where, entry in units:
        check_keys(entry, _UNIT_KEYS, where, file.origin)
    return data


def _tables(value: Any, entry: str, origin: str) -> list[dict[str, Any]]:
    if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
        raise GrammarError(f"{entry}: must be an array of tables ([[{entry}]])", origin)
    return value


def _parents(_file: GrammarFile, data: dict[str, Any]) -> list[str]:
    return list(data["jurisdiction"].get("inherits", []))


class GrammarLoader:
    """Builds a `LegalGrammar` from merged, key-checked data: types, patterns, groups."""

    def __init__(self, path: Path, data: dict[str, Any]) -> None:
        self.path = path
        self.origin = origin_of(path)
        self.data = data

    def grammar(self, code: str) -> LegalGrammar:
        law = self.table("law")
        divisions = self.table("divisions")
        provision = self.table("provision")
        reference = self.table("reference")
        definition = self.data.get("definition", {})
        words = self.data.get("words", {})
        conjunctions = self.strings("words.conjunctions", words.get("conjunctions", []))
        return LegalGrammar(
            code=code, path=self.path,
            front_matter_keys=tuple(self.strings("law.front_matter_keys",
                                                 law.get("front_matter_keys", []))),
            title_abbreviation=self.pattern("law.title_abbreviation",
                                            law.get("title_abbreviation", r"(?!)")),
            divisions=tuple(self.unit(f"divisions.unit[{index}]", entry)
                            for index, entry in enumerate(divisions.get("unit", []))),
            title_separator=self.pattern("divisions.title_separator",
                                         divisions.get("title_separator", r"^\s*")),
            provision=self.unit("provision", {"name": "provision", "key": provision.get("key"),
                                              "pattern": provision.get("pattern")},
                                required=("sign", "number")),
            title_start=self.pattern("provision.title_start", provision.get("title_start", "")),
            not_title=self.pattern("provision.not_title", provision.get("not_title", r"(?!)")),
            not_title_end=self.pattern("provision.not_title_end",
                                       provision.get("not_title_end", r"(?!)")),
            max_title_length=self.number("provision.max_title_length",
                                         provision.get("max_title_length", 250)),
            repealed=self.pattern("provision.repealed", provision.get("repealed", r"(?!)")),
            absatz=self.unit("absatz", {"name": "absatz", **self.table("absatz")}),
            items=tuple(self.unit(f"items[{index}]", entry)
                        for index, entry in enumerate(self.data.get("items", []))),
            note=self.unit("note", {"name": "note", **self.table("note")}),
            reference=self.pattern("reference.pattern", reference.get("pattern"),
                                   required=("sign", "numbers")),
            plural_signs=frozenset(self.strings("reference.plural_signs",
                                                reference.get("plural_signs", []))),
            range_word=self.text("reference.range_word", reference.get("range_word", "bis")),
            max_range=self.number("reference.max_range", reference.get("max_range", 30)),
            singular_sign=self.mapping("reference.singular_sign",
                                       reference.get("singular_sign", {})),
            # Built from escaped words, these always compile.
            list_separator=regex.compile(_separator(conjunctions)),
            list_lead=regex.compile(_lead(conjunctions)),
            definition=self.pattern("definition.pattern", definition.get("pattern", r"(?!)"),
                                    required=("term",)) if definition else regex.compile(r"(?!)"),
            not_terms=frozenset(term.lower() for term in self.strings(
                "definition.not_terms", definition.get("not_terms", []))))

    def table(self, name: str) -> dict[str, Any]:
        return table(self.data, name, "", self.origin, required=True)

    def unit(self, entry: str, data: dict[str, Any], required: tuple[str, ...] = ()) -> Unit:
        if data.get("name") is None or data.get("pattern") is None:
            raise GrammarError(f"{entry} needs `name` and `pattern`", self.origin)
        pattern = self.pattern(f"{entry}.pattern", data["pattern"], required)
        if pattern.groupindex and "number" not in pattern.groupindex:
            raise GrammarError(f"{entry}.pattern has groups but no `number` group",
                               self.origin)
        ordered = data.get("ordered", True)
        if not isinstance(ordered, bool):
            raise GrammarError(f"{entry}.ordered must be true or false", self.origin)
        key = data.get("key")
        if key is not None:
            key = self.text(f"{entry}.key", key)
        return Unit(self.text(f"{entry}.name", data["name"]), key, pattern, ordered)

    def pattern(self, entry: str, value: object, required: tuple[str, ...] = ()
                ) -> regex.Pattern[str]:
        if not isinstance(value, str):
            raise GrammarError(f"{entry} must be a string pattern", self.origin)
        try:
            compiled = regex.compile(value)
        except regex.error as err:
            raise GrammarError(f"{entry} does not compile: {err}", self.origin) from err
        missing = [name for name in required if name not in compiled.groupindex]
        if missing:
            raise GrammarError(f"{entry} lacks the group(s) {', '.join(missing)}",
                               self.origin)
        return compiled

    def text(self, entry: str, value: object) -> str:
        if not isinstance(value, str) or not value:
            raise GrammarError(f"{entry} must be a non-empty string", self.origin)
        return value

    def number(self, entry: str, value: object) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise GrammarError(f"{entry} must be a whole number, not {value!r}", self.origin)
        return value

    def strings(self, entry: str, value: object) -> list[str]:
        return string_list(value, entry, self.origin)

    def mapping(self, entry: str, value: object) -> dict[str, str]:
        if not isinstance(value, dict) or not all(
                isinstance(item, str) for item in (*value, *value.values())):
            raise GrammarError(f"{entry} must be a table of strings", self.origin)
        return dict(value)


def _alternatives(words: list[str]) -> str:
    return "|".join(regex.escape(word) for word in words) or "(?!)"


def _separator(conjunctions: list[str]) -> str:
    """Between the numbers of a list of references: a comma or a conjunction (`1, 3 und 5`)."""
    # Each alternative starts only where a whitespace run starts, so a long run of spaces is
    # scanned once, not once from each of its positions.
    return rf"(?<!\s)(?:\s*,\s*|\s+(?:{_alternatives(conjunctions)})\s+)"


def _lead(conjunctions: list[str]) -> str:
    """How a line that leads into an enumeration ends: a punctuation mark or a conjunction."""
    return rf"(?:[.,;:]|\b(?:{_alternatives(conjunctions)}))$"
