"""One row per chunk with a stable schema, shared by JSON lines, Parquet and Ray.

A row is the chunk's own fields plus where it came from (`root` as given, `path` relative to
it). `metadata` varies by format, so Parquet keeps it as a JSON string: the column set never
changes with the input.
"""

from __future__ import annotations

import json
from typing import Any

from structchunk.chunk.chunk import SCHEMA, Chunk

ROW_SCHEMA = "structchunk.row/v2"  # v2: the context columns

# Column name -> kind, in output order. `str?` may be null; `list` is a list of strings.
COLUMNS: dict[str, str] = {
    "root": "str",
    "path": "str",
    "chunk_id": "str",
    "index": "int",
    "source": "str?",
    "start": "int",
    "end": "int",
    "size": "int",
    "language": "str?",
    "heading_path": "list",
    "kinds": "list",
    "text": "str",
    "content": "str",
    "context": "str",
    "context_start": "int",
    "context_end": "int",
    "metadata": "json",
    "schema": "str",
}


def chunk_row(chunk: Chunk, root: str, path: str) -> dict[str, Any]:
    """The row of one chunk; `metadata` stays a dict here and is encoded by the writers."""
    data = chunk.to_dict()
    row: dict[str, Any] = {"root": root, "path": path}
    for name in COLUMNS:
        if name in ("root", "path"):
            continue
        row[name] = data.pop(name, None)
    row["schema"] = SCHEMA
    if data:  # fields a newer Chunk has that the row schema does not list yet
        row["metadata"] = {**row["metadata"], **{f"chunk.{k}": v for k, v in data.items()}}
    return row


def row_json(row: dict[str, Any]) -> str:
    """One JSON line; keys sorted so equal rows are equal bytes."""
    return json.dumps(row, ensure_ascii=False, sort_keys=True)


def arrow_schema() -> Any:
    """The Parquet/Arrow schema of a row (pyarrow imported only when asked for)."""
    import pyarrow as pa

    kinds = {"str": pa.string(), "str?": pa.string(), "int": pa.int64(),
             "list": pa.list_(pa.string()), "json": pa.string()}
    return pa.schema([pa.field(name, kinds[kind], nullable=kind == "str?")
                      for name, kind in COLUMNS.items()],
                     metadata={b"structchunk.schema": ROW_SCHEMA.encode()})


def arrow_values(row: dict[str, Any]) -> dict[str, Any]:
    """A row as Arrow takes it: metadata encoded as a JSON string."""
    values = dict(row)
    values["metadata"] = json.dumps(row.get("metadata") or {}, ensure_ascii=False,
                                    sort_keys=True)
    return values
