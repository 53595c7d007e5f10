"""What a query file's matches make of a tree: the best match for each unit, its title.

The outline (`code.definitions`) asks the query for its matches once, keeps here the best
one per node and the comments and wrappers the matches name, then walks the tree.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from tree_sitter import Node as SyntaxNode

from structchunk.parse.code.grammars import TITLE_PLACEHOLDER

_TITLE_LIMIT = 80
STRUCTURAL = frozenset({"unit", "body", "wrap", "attach", "doc"})
"""Captures that place a unit and are never part of its title."""

Captures = dict[str, list[SyntaxNode]]
Ranked = tuple[tuple[int, int], int, Captures]


@dataclass(eq=False, slots=True)
class Unit:
    node: SyntaxNode
    outer: SyntaxNode  # the unit with the nodes that wrap it
    body: SyntaxNode | None
    kind: str
    title: str
    name: str | None
    start: int = 0  # bytes, leading comments included
    end: int = 0


# A stretch of the code that is not a unit (a statement, a comment, a brace): a plain tuple
# `(start, end, flags)` in bytes, since one is made per statement.
Piece = tuple[int, int, int]
COMMENT = 1  # a comment on its own line: it leads the statement below
TOKEN = 2  # punctuation or a keyword: it closes the statement above
HEADER = 4  # a unit's signature: it joins the statement after it
LEAD = 8  # the comments above a unit: never joined, so a cut may follow them


def best_matches(matches: Iterable[tuple[int, Captures]], attach: dict[int, int],
                 wrappers: dict[int, SyntaxNode]) -> dict[int, Ranked]:
    """The match with the most captures (the earlier pattern on a tie) for each unit node.

    On the way it records in `attach` the comments and attributes that may stand above a
    unit (0 blank lines allowed, 1 for a doc comment) and in `wrappers` the nodes that wrap
    a unit, for every match, a unit's own or not.
    """
    best: dict[int, Ranked] = {}
    for pattern, captures in matches:
        _note_surroundings(captures, attach, wrappers)
        units = captures.get("unit")
        if not units:  # most matches are a comment or an attribute alone
            continue
        node_id = units[0].id
        rank = (len(captures), -pattern)
        ranked = best.get(node_id)
        if ranked is None or rank > ranked[0]:
            best[node_id] = (rank, pattern, captures)
    return best


def _note_surroundings(captures: Captures, attach: dict[int, int],
                       wrappers: dict[int, SyntaxNode]) -> None:
    for node in captures.get("attach", ()):
        attach.setdefault(node.id, 0)
    for node in captures.get("doc", ()):
        attach[node.id] = 1
    for node in captures.get("wrap", ()):
        wrappers[node.id] = node


@lru_cache(maxsize=64)
def _template(title: str) -> tuple[str, ...]:
    """A title template split once: text, capture name, text, capture name, …, text."""
    return tuple(TITLE_PLACEHOLDER.split(title))


def unit_title(template: str, values: dict[str, str]) -> str:
    """The template filled with the captured texts, spaces collapsed, at most 80 characters."""
    title = " ".join("".join([part if index % 2 == 0 else values.get(part, "")
                              for index, part in enumerate(_template(template))]).split())
    if len(title) > _TITLE_LIMIT:
        title = title[:_TITLE_LIMIT - 1] + "…"
    return title
