"""Ray Data: chunk collections that outgrow one machine (the `ray` extra).

    import ray, structchunk.integrations.ray as sc_ray
    chunks = sc_ray.read_chunks(["docs/"], max_size=800)        # a ray.data.Dataset
    chunks.write_parquet("chunks/")                             # the `split -o x.parquet` schema

or, over rows you already have (`path`, or `bytes` and `path`, plus any metadata columns):

    dataset.flat_map(sc_ray.ChunkRows(max_size=800))

Rows out have the columns of the Parquet output (`structchunk.batch.rows.COLUMNS`), so a
cluster run and `structchunk split` produce the same table.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from structchunk.batch.discover import Filters, Item, discover
from structchunk.batch.rows import arrow_values
from structchunk.batch.worker import Job, chunk_job
from structchunk.errors import MissingDependencyError, StructchunkError, install_hint

_ROW_KEYS = ("path", "bytes", "root", "relative")
_MAX_BLOCKS = 1024


class ChunkRows:
    """A picklable callable for `Dataset.flat_map`: one input row to its chunk rows.

    `on_error="raise"` (default) fails the dataset with the file named; `"skip"` yields no
    rows for a bad file. Columns other than `path`, `bytes`, `root` and `relative` are added
    to every chunk's metadata.
    """

    def __init__(self, *, on_error: str = "raise", **options: Any) -> None:
        if on_error not in ("raise", "skip"):
            raise StructchunkError(f"on_error must be 'raise' or 'skip', not {on_error!r}")
        self.on_error = on_error
        self.options = options

    def __call__(self, row: dict[str, Any]) -> list[dict[str, Any]]:
        path = str(row.get("path") or "<bytes>")
        root = str(row.get("root") or "")
        relative = str(row.get("relative") or (Path(path).name if root else path))
        data = row.get("bytes")
        options = dict(self.options)
        job = Job(Item(Path(path), root, relative), options,
                  bytes(data) if data is not None else None)
        result = chunk_job(job)
        if result.error is not None:
            if self.on_error == "skip":
                return []
            raise StructchunkError(result.error, path)
        extra = {key: value for key, value in row.items() if key not in _ROW_KEYS}
        rows = []
        for chunk_row in result.rows:
            if extra:
                chunk_row["metadata"] = {**chunk_row["metadata"], **extra}
            rows.append(arrow_values(chunk_row))
        return rows


def read_chunks(paths: Sequence[str] | str, *, include: Sequence[str] = (),
                exclude: Sequence[str] = (), on_error: str = "raise",
                **options: Any) -> Any:
    """A `ray.data.Dataset` of chunk rows for local files, folders and globs, or an object
    store prefix (`s3://bucket/docs/`, read with `ray.data.read_binary_files`)."""
    ray_data = _ray_data()
    paths = [paths] if isinstance(paths, str) else list(paths)
    chunker = ChunkRows(on_error=on_error, **options)
    remote = [path for path in paths if "://" in path]
    local = [path for path in paths if "://" not in path]
    datasets = []
    if local:
        found = discover(local, Filters(include=tuple(include), exclude=tuple(exclude)))
        if found.missing:
            first = found.missing[0]
            raise StructchunkError(first.reason, first.path)
        items = [{"path": str(item.path), "root": item.root, "relative": item.relative}
                 for item in found.items]
        # one block per file (up to a limit), so the files spread over the workers
        blocks = max(1, min(len(items), _MAX_BLOCKS))
        datasets.append(ray_data.from_items(items, override_num_blocks=blocks)
                        .flat_map(chunker))
    for prefix in remote:
        files = ray_data.read_binary_files(prefix, include_paths=True)
        datasets.append(files.flat_map(chunker))
    if not datasets:
        raise StructchunkError("no paths given")
    dataset = datasets[0]
    return dataset.union(*datasets[1:]) if len(datasets) > 1 else dataset


def _ray_data() -> Any:
    try:
        import ray.data
    except ImportError as err:
        raise MissingDependencyError("Ray Data is needed: " + install_hint("ray")) from err
    return ray.data

