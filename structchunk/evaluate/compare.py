"""Strategies side by side on the same files: chunk count, size distribution in the budget's
unit, share over the budget, and (given span cases) how many spans each keeps whole."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from structchunk.api import parse
from structchunk.errors import UnsupportedFormatError
from structchunk.evaluate.cases import SpanCase
from structchunk.evaluate.config import Chunking, retrievable
from structchunk.tree import Document


@dataclass(frozen=True)
class Summary:
    strategy: str
    files: int
    chunks: int
    min: int
    median: float
    p95: float
    max: int
    over_budget: float  # share of embedded chunks over max_size (0 unless something broke)
    unit: str
    spans_kept: int | None = None
    spans: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def compare(paths: Sequence[Path], chunkings: dict[str, Chunking],
            cases: Sequence[SpanCase] | None = None, root: Path | None = None
            ) -> list[Summary]:
    """`cases` name documents relative to `root`; a case counts for the files given only."""
    documents: dict[Path, Document] = {}
    for path in paths:
        try:
            documents[path] = parse(path)
        except UnsupportedFormatError:  # a folder holds other files too (data, images)
            continue
    by_path: dict[Path, list[SpanCase]] = {}
    for case in cases or ():
        target = ((root or Path.cwd()) / case.doc).resolve()
        for path in paths:
            if path.resolve() == target:
                by_path.setdefault(path, []).append(case)
    rows = []
    for name, chunking in chunkings.items():
        sizes: list[int] = []
        kept = 0
        for path, document in documents.items():
            chunks = retrievable(chunking.split(document))
            sizes.extend(chunk.size for chunk in chunks)
            for case in by_path.get(path, []):
                holders = [c for c in chunks if case.span in c.content]
                kept += len(holders) == 1 and (case.header is None or case.header in
                                               holders[0].text)
        ordered = sorted(sizes) or [0]
        rows.append(Summary(
            strategy=name, files=len(documents), chunks=len(sizes), min=ordered[0],
            median=_quantile(ordered, 0.5), p95=_quantile(ordered, 0.95), max=ordered[-1],
            over_budget=sum(size > chunking.max_size for size in sizes) / max(1, len(sizes)),
            unit=chunking.describe()["unit"],
            spans_kept=kept if cases is not None else None,
            spans=sum(len(found) for found in by_path.values()) if cases is not None else None))
    return rows


def _quantile(ordered: list[int], q: float) -> float:
    """Nearest-rank quantile (a value that occurs), as size reports usually give it."""
    rank = max(1, math.ceil(q * len(ordered)))
    return float(ordered[rank - 1])


def table(rows: Sequence[Summary]) -> str:
    spans = any(row.spans is not None for row in rows)
    head = "| strategy | chunks | min | median | p95 | max | over budget |"
    rule = "|---|---:|---:|---:|---:|---:|---:|"
    if spans:
        head += " spans kept |"
        rule += "---:|"
    lines = [head, rule]
    for row in rows:
        line = (f"| {row.strategy} | {row.chunks} | {row.min} | {row.median:g} | {row.p95:g} | "
                f"{row.max} | {row.over_budget:.1%} |")
        if spans:
            line += f" {row.spans_kept}/{row.spans} |"
        lines.append(line)
    unit = rows[0].unit if rows else "characters"
    return "\n".join(lines) + f"\n\nsizes in {unit}, {rows[0].files if rows else 0} file(s)"


__all__ = ["Summary", "compare", "table"]
