"""Legal grammars: what a jurisdiction's laws look like, read from `grammars/legal/<code>.toml`.

Every pattern is compiled and checked when the file is loaded (required named groups present,
tables and entries where the parser expects them), so a broken grammar fails at once with the
file and entry named instead of misreading laws later. A loaded grammar answers the questions
the parser asks of a line (is this a division, a provision heading, a title?) and finds the
provisions a sentence refers to.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import regex

from structchunk.errors import GrammarError
from structchunk.resources import grammar_path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib

DEFAULT_JURISDICTION = "de"


@dataclass(frozen=True)
class Unit:
    """A division (Buch, Abschnitt) or an enumeration marker (`1.`, `a)`)."""

    name: str
    key: str | None
    pattern: regex.Pattern[str]
    ordered: bool = True


@dataclass(frozen=True)
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
            return unit, match.group("number") or "", title, match.group(0).rstrip(". ")
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
        parts = regex.split(r"\s*,\s*|\s+(?:und|oder|sowie)\s+", written.strip())
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


@lru_cache(maxsize=1)
def available_jurisdictions() -> tuple[str, ...]:
    folder = grammar_path("legal")
    return tuple(sorted(path.stem for path in folder.glob("*.toml"))) if folder.is_dir() else ()


@lru_cache(maxsize=16)
def load_grammar(code: str = DEFAULT_JURISDICTION) -> LegalGrammar:
    """Load, validate and cache `grammars/legal/<code>.toml`; errors name file and entry."""
    path = grammar_path("legal", f"{code}.toml")
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as err:
        known = ", ".join(available_jurisdictions()) or "none"
        raise GrammarError(f"no legal grammar for {code!r} (known: {known})", str(path)) from err
    except (OSError, tomllib.TOMLDecodeError) as err:
        raise GrammarError(f"cannot be read: {err}", str(path)) from err
    return _Loader(path, data).grammar(code)


class _Loader:
    def __init__(self, path: Path, data: dict[str, Any]) -> None:
        self.path = path
        self.data = data

    def grammar(self, code: str) -> LegalGrammar:
        law = self.table("law")
        divisions = self.table("divisions")
        provision = self.table("provision")
        reference = self.table("reference")
        return LegalGrammar(
            code=code, path=self.path,
            front_matter_keys=tuple(law.get("front_matter_keys", ())),
            title_abbreviation=self.pattern("law.title_abbreviation",
                                            law.get("title_abbreviation", r"(?!)")),
            divisions=tuple(self.unit(f"divisions.unit[{index}]", entry)
                            for index, entry in enumerate(divisions.get("unit", []))),
            title_separator=self.pattern("divisions.title_separator",
                                         divisions.get("title_separator", r"^\s*")),
            provision=self.unit("provision", {"name": "provision", **provision},
                                required=("sign", "number")),
            title_start=self.pattern("provision.title_start", provision.get("title_start", "")),
            not_title=self.pattern("provision.not_title", provision.get("not_title", r"(?!)")),
            not_title_end=self.pattern("provision.not_title_end",
                                       provision.get("not_title_end", r"(?!)")),
            max_title_length=int(provision.get("max_title_length", 250)),
            repealed=self.pattern("provision.repealed", provision.get("repealed", r"(?!)")),
            absatz=self.unit("absatz", {"name": "absatz", **self.table("absatz")}),
            items=tuple(self.unit(f"items[{index}]", entry)
                        for index, entry in enumerate(self.data.get("items", []))),
            note=self.unit("note", {"name": "note", **self.table("note")}),
            reference=self.pattern("reference.pattern", reference.get("pattern"),
                                   required=("sign", "numbers")),
            plural_signs=frozenset(reference.get("plural_signs", ())),
            range_word=str(reference.get("range_word", "bis")),
            max_range=int(reference.get("max_range", 30)),
            singular_sign=dict(reference.get("singular_sign", {})))

    def table(self, name: str) -> dict[str, Any]:
        value = self.data.get(name)
        if not isinstance(value, dict):
            raise GrammarError(f"missing table [{name}]", str(self.path))
        return value

    def unit(self, entry: str, data: dict[str, Any], required: tuple[str, ...] = ()) -> Unit:
        if "name" not in data or "pattern" not in data:
            raise GrammarError(f"{entry} needs `name` and `pattern`", str(self.path))
        pattern = self.pattern(f"{entry}.pattern", data["pattern"], required)
        if pattern.groupindex and "number" not in pattern.groupindex:
            raise GrammarError(f"{entry}.pattern has groups but no `number` group",
                               str(self.path))
        return Unit(str(data["name"]), data.get("key"), pattern, bool(data.get("ordered", True)))

    def pattern(self, entry: str, value: object, required: tuple[str, ...] = ()
                ) -> regex.Pattern[str]:
        if not isinstance(value, str):
            raise GrammarError(f"{entry} must be a string pattern", str(self.path))
        try:
            compiled = regex.compile(value)
        except regex.error as err:
            raise GrammarError(f"{entry} does not compile: {err}", str(self.path)) from err
        missing = [name for name in required if name not in compiled.groupindex]
        if missing:
            raise GrammarError(f"{entry} lacks the group(s) {', '.join(missing)}",
                               str(self.path))
        return compiled
