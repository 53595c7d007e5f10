"""What a node knows beyond its span, as one frozen record per kind, built when the node is.

A parser names the fields of its node's kind (`make_node(..., level=2, title="Usage")`), and
the record's constructor refuses a name it does not have: `fence_opn=` or `body_star=` is a
TypeError at the line that wrote it, never a code block that is silently cut as unfenced.
The chunker reads the record's attributes directly; nothing is recomputed at a read.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from types import MappingProxyType
from typing import Any

EMPTY_META: Mapping[str, Any] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class BlockData:
    """A node whose kind has no fields of its own (paragraph, item, quote, ...): only what
    chunks touching it carry (a legal item's Absatz, a rendered block's origin)."""

    meta: Mapping[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class HeadingData:
    """A HEADING or the SECTION it opens: its level (0 for the preface before any heading),
    its title and numbering, for a legal provision or division what its chunks carry (law,
    section, Absatz, definitions), and whether the section is a unit of its source (a slide,
    a sheet) that never shares a chunk with what lies outside it."""

    level: int
    title: str | None = None
    numbering: str | None = None
    meta: Mapping[str, Any] | None = None
    unit: bool = False


@dataclass(frozen=True, slots=True)
class CodeData:
    """A CODE node: its language, for a fenced block the fences, the body between them
    (the whole node when unfenced) and, without a grammar, why its units are unknown."""

    language: str | None = None
    fence_open: str | None = None
    fence_close: str | None = None
    body_start: int = -1
    body_end: int = -1
    code_fallback: str | None = None
    meta: Mapping[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class TableData:
    """A TABLE node: how many of its leading rows are header."""

    header_rows: int
    meta: Mapping[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class RowData:
    """A ROW node of a table: whether it is a header row (header and delimiter rows)."""

    header: bool
    meta: Mapping[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class ListData:
    """A LIST node: ordered or not, and whether its items are definitions (term, then body)."""

    ordered: bool
    definitions: bool = False
    meta: Mapping[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class DefinitionData:
    """A DEFINITION node (a unit of code): its title, what kind of unit it is (function,
    method, class, ...) and its bare name; `leading_comments` is set on the TEXT child that is
    the comment block leading a unit."""

    title: str | None
    definition_kind: str | None = None
    name: str | None = None
    leading_comments: bool = False
    meta: Mapping[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class TextData:
    """A TEXT node no other rule claimed; in code, whether it is the comment block that
    leads the unit after it."""

    leading_comments: bool = False
    meta: Mapping[str, Any] | None = None


NodeData = (BlockData | HeadingData | CodeData | TableData | RowData | ListData
            | DefinitionData | TextData)

DATA_FIELDS: dict[type[Any], tuple[tuple[str, Any], ...]] = {
    cls: tuple((item.name, item.default) for item in fields(cls))
    for cls in (BlockData, HeadingData, CodeData, TableData, RowData, ListData,
                DefinitionData, TextData)}
"""Each record's fields with their defaults (a required field's default is a sentinel), in
declaration order: what `as_mapping` lists."""


def as_mapping(data: NodeData | None) -> Mapping[str, Any]:
    """The fields of a record that differ from their defaults, as a read-only mapping: the
    form in which a parser copies one node's data into another (`**node.attrs`)."""
    if data is None:
        return EMPTY_META
    values = {name: value for name, default in DATA_FIELDS[type(data)]
              if (value := getattr(data, name)) is not default}
    return MappingProxyType(values)
