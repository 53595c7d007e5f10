"""What an `--append` run remembers: each file's content hash and the settings it ran with.

A rerun skips a file whose bytes, structchunk version and options are unchanged, keeps its
earlier rows, and replaces the rows of files that changed. A change of version or options
invalidates everything: the chunks would differ, so the whole collection is chunked again.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

MANIFEST_SCHEMA = "structchunk.manifest/v1"


@dataclass
class Manifest:
    version: str
    options: dict[str, Any]
    files: dict[str, str] = field(default_factory=dict)  # Item.key -> sha256

    def matches(self, version: str, options: dict[str, Any]) -> bool:
        return self.version == version and self.options == _canonical(options)

    def to_json(self) -> str:
        return json.dumps({"schema": MANIFEST_SCHEMA, "version": self.version,
                           "options": self.options, "files": self.files},
                          ensure_ascii=False, sort_keys=True, indent=1)


def manifest_path(output: Path) -> Path:
    return output.with_name(output.name + ".manifest.json")


def load_manifest(output: Path) -> Manifest | None:
    """The manifest of an earlier run, or None when there is none or it is unreadable."""
    path = manifest_path(output)
    if not output.exists() or not path.exists():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return Manifest(str(data["version"]), dict(data["options"]), dict(data["files"]))
    except (OSError, ValueError, KeyError, TypeError):
        return None


def new_manifest(version: str, options: dict[str, Any]) -> Manifest:
    return Manifest(version, _canonical(options))


def save_manifest(output: Path, manifest: Manifest) -> None:
    path = manifest_path(output)
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(manifest.to_json(), encoding="utf-8")
    os.replace(temporary, path)


def _canonical(options: dict[str, Any]) -> dict[str, Any]:
    """Options as JSON keeps them, so a loaded manifest compares equal to a fresh one."""
    return json.loads(json.dumps(options, sort_keys=True, default=str))
