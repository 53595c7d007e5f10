"""The stamp of a chunking: structchunk's version, the strategy and its options, and checksums
of the grammar files. Chunks built under another stamp are another index: a changed chunker
must force a full re-index, and `--require-stamp` makes that a failing check."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from structchunk.errors import StructchunkError
from structchunk.evaluate.config import Chunking
from structchunk.resources import grammar_roots

STAMP_SCHEMA = "structchunk.stamp/v1"


class StampError(StructchunkError):
    """A stamp file is unreadable, or the chunks were built under another stamp."""


def grammar_checksums() -> dict[str, str]:
    """sha256 of every file under every grammar folder, keyed by its path in the folder
    (a folder from STRUCTCHUNK_GRAMMAR_PATH is prefixed with its position)."""
    checksums: dict[str, str] = {}
    roots = grammar_roots()
    for position, root in enumerate(roots):
        prefix = "" if position == len(roots) - 1 else f"{position}:"
        for path in sorted(p for p in root.rglob("*") if p.is_file()):
            relative = path.relative_to(root).as_posix()
            if "__pycache__" in relative:
                continue
            checksums[prefix + relative] = hashlib.sha256(path.read_bytes()).hexdigest()
    return checksums


def make_stamp(chunking: Chunking) -> dict[str, Any]:
    from structchunk import __version__

    return {"schema": STAMP_SCHEMA, "structchunk": __version__, **chunking.describe(),
            "grammars": grammar_checksums()}


def read_stamp(path: str | Path) -> dict[str, Any]:
    """A stamp file, or the `stamp` of a check-spans report."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as err:
        raise StampError(f"cannot read the stamp: {err.strerror}", str(path)) from None
    except json.JSONDecodeError as err:
        raise StampError(f"the stamp is not JSON: {err.msg}", str(path)) from None
    stamp = data.get("stamp", data) if isinstance(data, dict) else None
    if not isinstance(stamp, dict) or stamp.get("schema") != STAMP_SCHEMA:
        raise StampError(f"not a {STAMP_SCHEMA} stamp", str(path))
    return stamp


def stamp_differences(expected: dict[str, Any], actual: dict[str, Any]) -> list[str]:
    """What differs, one readable line each (grammar files by name)."""
    lines = []
    for key in sorted(set(expected) | set(actual)):
        if key == "grammars":
            continue
        if expected.get(key) != actual.get(key):
            lines.append(f"{key}: {expected.get(key)!r} -> {actual.get(key)!r}")
    old, new = expected.get("grammars", {}), actual.get("grammars", {})
    for name in sorted(set(old) | set(new)):
        if old.get(name) != new.get(name):
            change = "added" if name not in old else "removed" if name not in new else "changed"
            lines.append(f"grammar {name} {change}")
    return lines


__all__ = ["STAMP_SCHEMA", "StampError", "grammar_checksums", "make_stamp", "read_stamp",
           "stamp_differences"]
