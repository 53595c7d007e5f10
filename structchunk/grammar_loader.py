"""The one grammar loader: find a grammar file, read it, resolve what it inherits, check keys.

Sentence grammars (`grammars/sentences/*.toml`), legal grammars (`grammars/legal/*.toml`) and
code grammars (`grammars/code/*.scm`) are all found, read and inherited here; each kind's module
(`structchunk.lang.grammars`, `structchunk.parse.legal.grammar`,
`structchunk.parse.code.grammars`) only says what its entries mean and caches the result per
search path (`structchunk.resources.grammar_folders`), so adding a grammar folder is seen at once.

Files are looked up in the search folders in order; the first file of a name wins. A file that
inherits its own name extends the next file of that name further down the search path, so a
user's `sentences/de.toml` with `inherits = ["de"]` adds to the built-in German grammar. Every
problem is a `GrammarError` naming the file and the entry.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import regex

from structchunk.errors import GrammarError

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib

T = TypeVar("T")
_NAME = regex.compile(r"[a-z0-9][a-z0-9_+#-]*")


@dataclass(frozen=True)
class GrammarFile:
    """One grammar file found on the search path; `level` is the index of its folder."""

    name: str
    path: Path
    level: int

    @property
    def origin(self) -> str:
        return origin_of(self.path)


def origin_of(path: Path) -> str:
    """How errors name a file: from `grammars/` on for built-in files, else the full path."""
    parts = path.parts
    if "grammars" in parts:
        return "/".join(parts[len(parts) - 1 - parts[::-1].index("grammars"):])
    return str(path)


def find(folders: Sequence[Path], name: str, suffix: str, start: int = 0) -> GrammarFile | None:
    """The first `<name><suffix>` in `folders[start:]`, or None (also for names that are not
    file names: `../x`, `C++`)."""
    if not _NAME.fullmatch(name):
        return None
    for level in range(start, len(folders)):
        path = folders[level] / f"{name}{suffix}"
        if path.is_file():
            return GrammarFile(name, path, level)
    return None


def names(folders: Sequence[Path], suffix: str) -> tuple[str, ...]:
    """Every grammar name with a file in any of `folders`, sorted."""
    found: set[str] = set()
    for folder in folders:
        if folder.is_dir():
            found.update(path.name[: -len(suffix)] for path in folder.glob(f"*{suffix}")
                         if _NAME.fullmatch(path.name[: -len(suffix)]))
    return tuple(sorted(found))


def files(folders: Sequence[Path], suffix: str) -> list[GrammarFile]:
    """Every grammar file in `folders`, each folder's files by name, folders in search order."""
    found: list[GrammarFile] = []
    for level, folder in enumerate(folders):
        if folder.is_dir():
            for path in sorted(folder.glob(f"*{suffix}")):
                stem = path.name[: -len(suffix)]
                if _NAME.fullmatch(stem):
                    found.append(GrammarFile(stem, path, level))
    return found


def read_text(file: GrammarFile) -> str:
    try:
        return file.path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise GrammarError(f"cannot be read: {err}", file.origin) from err


def read_toml(file: GrammarFile) -> dict[str, Any]:
    """The file's data; invalid TOML is an error naming the file and the line."""
    try:
        return tomllib.loads(read_text(file))
    except tomllib.TOMLDecodeError as err:
        raise GrammarError(f"not valid TOML: {err}", file.origin) from err


def lineage(folders: Sequence[Path], name: str, suffix: str, read: Callable[[GrammarFile], T],
            parents: Callable[[GrammarFile, T], Sequence[str]], kind: str = "grammar"
            ) -> list[tuple[GrammarFile, T]]:
    """The file `name` and everything it inherits, parents first, each file once.

    A parent with the file's own name is looked up after the file's folder (an extension of
    the grammar it shadows). A missing parent or a cycle is an error naming the file.
    """
    order: list[tuple[GrammarFile, T]] = []
    done: set[Path] = set()

    def visit(file: GrammarFile, path: tuple[Path, ...]) -> None:
        if file.path in path:
            chain = " -> ".join(origin_of(item) for item in (*path, file.path))
            raise GrammarError(f"inherits: cycle {chain}", file.origin)
        if file.path in done:
            return
        data = read(file)
        for parent in parents(file, data):
            start = file.level + 1 if parent == file.name else 0
            found = find(folders, parent, suffix, start)
            if found is None:
                raise GrammarError(f"inherits {parent!r}, which has no {kind} file",
                                   file.origin)
            visit(found, (*path, file.path))
        done.add(file.path)
        order.append((file, data))

    top = find(folders, name, suffix)
    if top is None:
        raise GrammarError(f"no {kind} file {name}{suffix}", _where(folders, name, suffix))
    visit(top, ())
    return order


def _where(folders: Sequence[Path], name: str, suffix: str) -> str:
    return origin_of(folders[-1] / f"{name}{suffix}") if folders else f"{name}{suffix}"


# --- checking entries ----------------------------------------------------------------------


def check_keys(table: Mapping[str, Any], allowed: Iterable[str], where: str, origin: str
               ) -> None:
    """Every key of `table` is one of `allowed`: a misspelt key is an error, never ignored."""
    known = tuple(allowed)
    for key in table:
        if key not in known:
            entry = f"{where}.{key}" if where else key
            raise GrammarError(f"{entry}: unknown entry (known: {', '.join(known)})", origin)


def table(data: Mapping[str, Any], key: str, where: str, origin: str,
          required: bool = False) -> dict[str, Any]:
    """The table `data[key]`; {} when it is absent and not required."""
    entry = f"{where}.{key}" if where else key
    value = data.get(key)
    if value is None:
        if required:
            raise GrammarError(f"missing table [{entry}]", origin)
        return {}
    if not isinstance(value, dict):
        raise GrammarError(f"{entry}: must be a table", origin)
    return value


def string_list(value: Any, entry: str, origin: str) -> list[str]:
    """A list of distinct non-empty strings."""
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise GrammarError(f"{entry}: must be a list of strings", origin)
    seen: set[str] = set()
    for item in value:
        if not item:
            raise GrammarError(f"{entry}: empty string", origin)
        if item in seen:
            raise GrammarError(f"{entry}: {item!r} is listed twice", origin)
        seen.add(item)
    return value


def merge(parent: Mapping[str, Any], child: Mapping[str, Any]) -> dict[str, Any]:
    """`child` over `parent`: tables merge key by key; any other value, arrays included, is
    replaced whole."""
    merged = dict(parent)
    for key, value in child.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = merge(merged[key], value)
        else:
            merged[key] = value
    return merged
