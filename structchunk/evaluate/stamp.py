"""The stamp of a chunking: structchunk's version, a hash of the package's code, every option that
can move a boundary (strategy and its options, budget, Markdown and sentence backends, language,
parse options), and checksums of the grammar files. Chunks built under another stamp are another
index: a changed chunker must force a full re-index, and `--require-stamp` makes that a failing
check."""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path
from typing import Any

from structchunk.errors import StructchunkError
from structchunk.evaluate.config import Chunking
from structchunk.resources import grammar_roots, grammars_root

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


@cache
def code_checksum() -> str:
    """sha256 over the package's own .py files and built-in grammar files (path and bytes),
    so a change under the same version number still changes the stamp. Computed once per
    process: the installed code does not change while it runs."""
    package = Path(__file__).resolve().parent.parent
    grammars = grammars_root()
    digest = hashlib.sha256()
    for root, files in ((package, package.rglob("*.py")), (grammars, grammars.rglob("*"))):
        for path in sorted(p for p in files if p.is_file() and "__pycache__" not in p.parts):
            digest.update(f"{root.name}/{path.relative_to(root).as_posix()}".encode() + b"\0")
            digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


def markdown_backend(chunking: Chunking) -> str:
    """The Markdown backend the chunking's parse uses: the option, or the default in force."""
    chosen = chunking.parse_options.get("markdown_backend")
    if chosen:
        return str(chosen)
    from structchunk.parse.markdown import pyromark_tokens

    return "pyromark" if pyromark_tokens.available() else "markdown-it"


def make_stamp(chunking: Chunking) -> dict[str, Any]:
    from structchunk import __version__

    return {"schema": STAMP_SCHEMA, "structchunk": __version__, "code": code_checksum(),
            **chunking.describe(), "markdown_backend": markdown_backend(chunking),
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


__all__ = ["STAMP_SCHEMA", "StampError", "code_checksum", "grammar_checksums", "make_stamp",
           "markdown_backend", "read_stamp", "stamp_differences"]
