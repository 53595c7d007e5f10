"""What a run remembers beside its output, so that an `--append` rerun can keep rows safely.

Per file, keyed by the file's identity (its resolved path, one per file whatever root found
it): the root and path its rows carry, the sha256 of its bytes, and the count and checksum
of its rows. A rerun keeps a file's earlier rows only when the file is unchanged *and* the
rows it finds in the output have that count and checksum; otherwise the file is chunked
again, so rows lost from the output are never silently dropped. A change of version or
options invalidates everything: the chunks would differ.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from structchunk.batch.own_files import manifest_path
from structchunk.batch.rows import row_json
from structchunk.batch.safe_write import write_text_atomically

MANIFEST_SCHEMA = "structchunk.manifest/v2"  # v2: rows' count and checksum per file


@dataclass(frozen=True)
class FileRecord:
    """One file's entry: where its rows say they come from, its bytes, its rows."""

    root: str
    path: str
    sha256: str
    rows: int
    checksum: str

    @property
    def key(self) -> tuple[str, str]:
        return (self.root, self.path)


@dataclass
class Manifest:
    version: str
    options: dict[str, Any]
    files: dict[str, FileRecord] = field(default_factory=dict)  # identity -> record

    def matches(self, version: str, options: dict[str, Any]) -> bool:
        return self.version == version and self.options == canonical(options)

    def to_json(self) -> str:
        # the schema first, so discovery recognises a manifest by its first bytes
        return json.dumps({"schema": MANIFEST_SCHEMA, "version": self.version,
                           "options": self.options,
                           "files": {identity: asdict(record)
                                     for identity, record in self.files.items()}},
                          ensure_ascii=False, indent=1)


def rows_checksum(rows: Iterable[dict[str, Any]]) -> str:
    """sha256 of the rows as JSON lines: equal for the same rows read from JSON or Parquet."""
    digest = hashlib.sha256()
    for row in rows:
        digest.update(row_json(row).encode("utf-8") + b"\n")
    return digest.hexdigest()


def record_of(root: str, path: str, sha256: str, rows: list[dict[str, Any]]) -> FileRecord:
    return FileRecord(root, path, sha256, len(rows), rows_checksum(rows))


def load_manifest(output: Path) -> tuple[Manifest | None, str | None]:
    """The manifest of an earlier run and, when there is none to use, why (for a note)."""
    path = manifest_path(output)
    if not path.exists():
        return None, None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        return None, f"{path} cannot be read ({err})"
    if not isinstance(data, dict) or data.get("schema") != MANIFEST_SCHEMA:
        return None, f"{path} is from an older structchunk"
    try:
        files = {str(identity): FileRecord(**entry) for identity, entry in data["files"].items()}
        return Manifest(str(data["version"]), dict(data["options"]), files), None
    except (KeyError, TypeError, AttributeError) as err:
        return None, f"{path} is damaged ({type(err).__name__})"


def new_manifest(version: str, options: dict[str, Any]) -> Manifest:
    return Manifest(version, canonical(options))


def save_manifest(output: Path, manifest: Manifest) -> None:
    write_text_atomically(manifest_path(output), manifest.to_json())


def canonical(options: dict[str, Any]) -> dict[str, Any]:
    """Options as JSON keeps them, so a loaded manifest compares equal to a fresh one."""
    return json.loads(json.dumps(options, sort_keys=True, default=str))
