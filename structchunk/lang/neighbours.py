"""Languages the identifier confuses, told apart by the letters and words only one writes.

fastText's lid.176 mistakes close neighbours for each other: Slovak for Czech, Malay for
Indonesian, Sanskrit for Hindi, Danish for Norwegian, Urdu for Punjabi. Each group of
`grammars/detection/neighbours.toml` lists, per language, letters and common words that the
others of the group do not write ("sa", "ľ", "ia" Slovak; "se", "ř" Czech). When the identifier's
best guess is in a group, the text's evidence for each member is counted: a member with
more evidence than the guess takes the guess's place (and its probability). Without
evidence for any member, the group's `default` (the language of most texts, Indonesian
beside Malay) takes it where one is named; the identifier's answer stands otherwise. The
table is data: a new pair is a few lines of TOML, not code.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

import regex

from structchunk.errors import GrammarError
from structchunk.grammar_loader import check_keys, find, read_toml, string_list, table
from structchunk.resources import grammar_folders

Guesses = tuple[tuple[str, float], ...]

_WORD = regex.compile(r"[\p{L}\p{M}]+")
_GROUP_KEYS = ("languages", "description", "default", "letters", "sequences", "words")


@dataclass(frozen=True)
class Marks:
    """What only one language of a group writes."""

    letters: frozenset[str]
    sequences: tuple[str, ...]  # lowercase; a space stands for any edge of a word
    words: frozenset[str]  # lowercase

    def evidence(self, padded: str, words: list[str]) -> int:
        """Occurrences of the letters and sequences, plus the words, in a text (lowercased,
        whitespace as single spaces, one space before and after it; `words` its words)."""
        found = sum(map(self.words.__contains__, words))  # C loops, no step per character
        found += sum(map(padded.count, self.letters))
        return found + sum(map(padded.count, self.sequences))


@dataclass(frozen=True, eq=False)  # one object per search path: hashed by identity
class Neighbours:
    """Each language of a group, with the marks of every member of its group."""

    groups: Mapping[str, Mapping[str, Marks]]
    # the member a group's guess becomes when the text shows no member's marks at all
    defaults: Mapping[str, str]

    def settle(self, text: str, guesses: Guesses) -> Guesses:
        """`guesses` with the member of the best guess's group that `text` shows most
        clearly in its place, when that is another member; `guesses` unchanged otherwise."""
        if not guesses or guesses[0][0] not in self.groups:
            return guesses
        best, probability = guesses[0]
        group = self.groups[best]
        padded = " " + " ".join(text.lower().split()) + " "
        words = _WORD.findall(padded)
        scores = {code: marks.evidence(padded, words) for code, marks in group.items()}
        chosen = max(sorted(scores), key=lambda code: scores[code])
        if scores[chosen] == 0:
            chosen = self.defaults.get(best, best)
        elif scores[chosen] <= scores[best]:
            return guesses
        if chosen == best:
            return guesses
        rest = tuple((code, share) for code, share in guesses[1:] if code != chosen)
        return ((chosen, probability), (best, dict(guesses).get(chosen, 0.0)), *rest)


def neighbours() -> Neighbours:
    """The table on the grammar search path, loaded and checked once per path."""
    return _load(grammar_folders("detection"))


@lru_cache(maxsize=16)
def _load(folders: tuple[Path, ...]) -> Neighbours:
    file = find(folders, "neighbours", ".toml")
    if file is None:
        return Neighbours(MappingProxyType({}), MappingProxyType({}))
    data = read_toml(file)
    origin = file.origin
    check_keys(data, ("file", "groups"), "", origin)
    groups: dict[str, Mapping[str, Marks]] = {}
    defaults: dict[str, str] = {}
    entries = data.get("groups", [])
    if not isinstance(entries, list):
        raise GrammarError("groups: must be an array of tables ([[groups]])", origin)
    for number, entry in enumerate(entries, 1):
        members = _group(entry, f"groups[{number}]", origin)
        for code in members:
            if code in groups:
                raise GrammarError(f"groups[{number}]: {code!r} is already in a group", origin)
            groups[code] = members
        default = entry.get("default")
        if default is not None:
            if default not in members:
                raise GrammarError(f"groups[{number}].default: {default!r} is not one of "
                                   "the group's languages", origin)
            defaults.update(dict.fromkeys(members, default))
    return Neighbours(MappingProxyType(groups), MappingProxyType(defaults))


def _group(entry: Any, where: str, origin: str) -> Mapping[str, Marks]:
    if not isinstance(entry, dict):
        raise GrammarError(f"{where}: must be a table", origin)
    check_keys(entry, _GROUP_KEYS, where, origin)
    languages = string_list(entry.get("languages", []), f"{where}.languages", origin)
    if len(languages) < 2:
        raise GrammarError(f"{where}.languages: a group needs two languages or more", origin)
    letters = table(entry, "letters", where, origin)
    sequences = table(entry, "sequences", where, origin)
    words = table(entry, "words", where, origin)
    for key, found in (("letters", letters), ("sequences", sequences), ("words", words)):
        check_keys(found, languages, f"{where}.{key}", origin)
    members = {}
    for code in languages:
        own_letters = letters.get(code, "")
        if not isinstance(own_letters, str):
            raise GrammarError(f"{where}.letters.{code}: must be a string of letters", origin)
        own_sequences = string_list(sequences.get(code, []), f"{where}.sequences.{code}", origin)
        own_words = string_list(words.get(code, []), f"{where}.words.{code}", origin)
        members[code] = Marks(frozenset(own_letters.lower()),
                              tuple(sequence.lower() for sequence in own_sequences),
                              frozenset(word.lower() for word in own_words))
    return MappingProxyType(members)
