"""Span cases: a document, a query, a verbatim span that must stay together (and for a table
row its header row), in the shape of the corpus's `spans.jsonl`. JSON lines or YAML."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from structchunk.errors import MissingDependencyError, StructchunkError, install_hint


class CaseError(StructchunkError):
    """A span case file is unreadable or a case lacks a field; the file and line are named."""


@dataclass(frozen=True)
class SpanCase:
    """One case. `doc` is relative to the corpus folder; `header` only for table rows;
    `char_start` chooses among several occurrences of the span (the nearest)."""

    id: str
    doc: str
    query: str
    span: str
    header: str | None = None
    kind: str | None = None
    char_start: int | None = None  # where the span starts in the file; picks one occurrence


def load_cases(path: str | Path) -> list[SpanCase]:
    """Read cases from JSON lines (`.jsonl`, `.json`) or YAML (`.yaml`, `.yml`: a list)."""
    path = Path(path)
    if not path.is_file():
        raise CaseError("no such span file", str(path))
    text = path.read_text(encoding="utf-8")
    if path.suffix.lower() in (".yaml", ".yml"):
        records = _yaml_records(text, path)
    else:
        records = []
        for number, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                records.append((number, json.loads(line)))
            except json.JSONDecodeError as err:
                raise CaseError(f"line {number}: not JSON: {err.msg}", str(path)) from None
    cases = [_case(record, number, path) for number, record in records]
    if not cases:
        raise CaseError("no span cases in the file", str(path))
    return cases


def _yaml_records(text: str, path: Path) -> list[tuple[int, Any]]:
    try:
        import yaml
    except ImportError:
        raise MissingDependencyError(f"YAML span files need PyYAML: {install_hint('eval')}",
                                     str(path)) from None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as err:
        raise CaseError(f"not YAML: {err}", str(path)) from None
    if not isinstance(data, list):
        raise CaseError("a YAML span file holds a list of cases", str(path))
    return list(enumerate(data, 1))


def _case(record: Any, number: int, path: Path) -> SpanCase:
    if not isinstance(record, dict):
        raise CaseError(f"case {number}: not an object", str(path))
    missing = [key for key in ("doc", "query", "span") if not isinstance(record.get(key), str)
               or not record.get(key)]
    if missing:
        raise CaseError(f"case {number}: missing {', '.join(missing)}", str(path))
    header = record.get("header")
    char_start = record.get("char_start")
    return SpanCase(id=str(record.get("id") or f"case-{number}"), doc=record["doc"],
                    query=record["query"], span=record["span"],
                    header=header if isinstance(header, str) and header else None,
                    kind=record.get("kind"),
                    char_start=char_start if isinstance(char_start, int)
                    and not isinstance(char_start, bool) else None)


__all__ = ["CaseError", "SpanCase", "load_cases"]
