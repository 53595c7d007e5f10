"""Row writers: JSON lines (default) and Parquet in row groups, so memory stays flat."""

from __future__ import annotations

from pathlib import Path
from typing import IO, Any, Protocol

from structchunk.batch.rows import arrow_schema, arrow_values, row_json
from structchunk.errors import MissingDependencyError, install_hint

ROW_GROUP_ROWS = 4096


class RowWriter(Protocol):
    def write(self, rows: list[dict[str, Any]]) -> None: ...
    def close(self) -> None: ...


class JsonLinesWriter:
    def __init__(self, stream: IO[str]) -> None:
        self._stream = stream

    def write(self, rows: list[dict[str, Any]]) -> None:
        for row in rows:
            self._stream.write(row_json(row) + "\n")

    def close(self) -> None:
        self._stream.flush()


class ParquetWriter:
    """Buffers at most one row group; each full group is written and dropped."""

    def __init__(self, path: Path, row_group_rows: int = ROW_GROUP_ROWS) -> None:
        pq = pyarrow_parquet()
        self._schema = arrow_schema()
        self._writer = pq.ParquetWriter(str(path), self._schema, compression="zstd")
        self._buffer: list[dict[str, Any]] = []
        self._group = row_group_rows

    def write(self, rows: list[dict[str, Any]]) -> None:
        self._buffer.extend(arrow_values(row) for row in rows)
        while len(self._buffer) >= self._group:
            self._flush(self._buffer[:self._group])
            del self._buffer[:self._group]

    def _flush(self, rows: list[dict[str, Any]]) -> None:
        import pyarrow as pa

        if rows:
            self._writer.write_table(pa.Table.from_pylist(rows, schema=self._schema))

    def close(self) -> None:
        self._flush(self._buffer)
        self._buffer = []
        self._writer.close()


def is_parquet(path: str, output_format: str | None) -> bool:
    if output_format:
        return output_format == "parquet"
    return path.lower().endswith((".parquet", ".pq"))


def pyarrow_parquet() -> Any:
    try:
        import pyarrow.parquet as pq
    except ImportError as err:
        raise MissingDependencyError(
            "Parquet output needs pyarrow: " + install_hint("parquet")) from err
    return pq

