"""Which files a run chunks: folders walked, globs expanded, hidden, ignored and binary
files skipped with a reason, symbolic links followed once and never outside the roots."""

from __future__ import annotations

import fnmatch
import glob
import os
import stat
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pathspec

from structchunk.batch.own_files import companions, is_temporary, own_output_reason
from structchunk.parse.formats import format_for_name

STDIN = "-"
_GLOB_CHARS = frozenset("*?[")
_SNIFF_BYTES = 8192
# UTF-8, UTF-16 and UTF-32 (the little-endian UTF-32 mark starts as UTF-16's does).
_TEXT_BOMS = (b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff", b"\x00\x00\xfe\xff")


@dataclass(frozen=True)
class Item:
    """One file to chunk: where it is, the root it was found under, its path from there."""

    path: Path
    root: str
    relative: str

    @property
    def key(self) -> str:
        """What identifies the file across runs: its root as given and its path from there."""
        return f"{self.root}\x00{self.relative}"


@dataclass(frozen=True)
class Skipped:
    """A file or folder left out on purpose, with the reason (reported, not an error)."""

    path: str
    reason: str


@dataclass
class Discovery:
    items: list[Item] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)
    missing: list[Skipped] = field(default_factory=list)
    own: set[Path] = field(default_factory=set)  # the run's output and the files beside it


@dataclass(frozen=True)
class Filters:
    """`include`/`exclude` are globs matched against the path relative to its root."""

    include: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    hidden: bool = False
    gitignore: bool = True
    binary: bool = False


def discover(inputs: Sequence[str], filters: Filters | None = None, *,
             output: Path | None = None) -> Discovery:
    """Expand files, folders and globs, in the order given, each file once.

    Structchunk's own files are never chunked: `output` and the files beside it (manifest,
    progress, temporary files) by name, and any other structchunk output in the tree by its
    schema, so a rerun into a folder it reads does not chunk its own rows.
    """
    filters = filters or Filters()
    found = Discovery()
    if output is not None:
        found.own = companions(output)
    seen: set[Path] = set()
    for given in inputs:
        if given == STDIN:
            found.items.append(Item(Path(STDIN), STDIN, STDIN))
            continue
        if _GLOB_CHARS & set(given) and not os.path.lexists(given):
            _expand_glob(given, filters, found, seen)
            continue
        path = Path(given)
        if not os.path.lexists(path):
            found.missing.append(Skipped(given, "no such file or folder"))
        elif _is_dir(path):
            _walk(path, given, filters, found, seen)
        else:
            _add_file(path, str(path.parent) if path.parent != Path() else ".", path.name,
                      filters, found, seen, explicit=True)
    return found


def _expand_glob(pattern: str, filters: Filters, found: Discovery, seen: set[Path]) -> None:
    root = _glob_root(pattern)
    matches = sorted(glob.glob(pattern, recursive=True))
    if not matches:
        found.missing.append(Skipped(pattern, "matches no file"))
    for match in matches:
        path = Path(match)
        relative = os.path.relpath(match, root)
        if _is_dir(path):
            _walk(path, root, filters, found, seen, prefix=relative)
        else:
            _add_file(path, root, Path(relative).as_posix(), filters, found, seen,
                      explicit=False)


def _glob_root(pattern: str) -> str:
    """The folder part of a glob before its first wildcard: the root rows are relative to."""
    parts = Path(pattern).parts
    fixed: list[str] = []
    for part in parts:
        if _GLOB_CHARS & set(part):
            break
        fixed.append(part)
    return str(Path(*fixed)) if fixed else "."


def _walk(top: Path, root: str, filters: Filters, found: Discovery, seen: set[Path],
          prefix: str = "") -> None:
    """Depth-first in sorted order, so the file order does not depend on the file system."""
    real_root = top.resolve()
    visited_dirs: set[Path] = {real_root}
    ignores: list[tuple[Path, pathspec.PathSpec]] = []
    boundary = Path(root).resolve()

    def visit(folder: Path, relative: str) -> None:
        pushed = False
        if filters.gitignore:
            spec = _gitignore_of(folder)
            if spec is not None:
                ignores.append((folder, spec))
                pushed = True
        try:
            entries = sorted(os.scandir(folder), key=lambda entry: entry.name)
        except OSError as err:
            found.skipped.append(Skipped(str(folder), f"cannot be listed ({err.strerror})"))
            entries = []
        for entry in entries:
            path = Path(entry.path)
            rel = f"{relative}/{entry.name}" if relative else entry.name
            if not filters.hidden and entry.name.startswith("."):
                continue
            is_dir = _is_dir(path)
            if _ignored(path, is_dir, ignores):
                continue
            if entry.is_symlink():
                target = _resolve(path)
                if target is None:
                    found.skipped.append(Skipped(str(path), "symbolic link loop or dangling"))
                    continue
                if not _inside(target, boundary) and not _inside(target, real_root):
                    found.skipped.append(Skipped(str(path), "symbolic link leads outside "
                                                            "the folder given"))
                    continue
                if is_dir and target in visited_dirs:
                    found.skipped.append(Skipped(str(path), "symbolic link loop"))
                    continue
            if is_dir:
                real = path.resolve()
                if real in visited_dirs and not entry.is_symlink():
                    continue
                visited_dirs.add(real)
                visit(path, rel)
            else:
                _add_file(path, root, rel, filters, found, seen, explicit=False)
        if pushed:
            ignores.pop()

    visit(top, prefix)


def _add_file(path: Path, root: str, relative: str, filters: Filters, found: Discovery,
              seen: set[Path], *, explicit: bool) -> None:
    if not explicit and not _selected(relative, filters):
        return
    real = _resolve(path)
    if real is None:
        found.skipped.append(Skipped(str(path), "symbolic link loop or dangling"))
        return
    if real in seen:
        return
    if real in found.own:
        found.skipped.append(Skipped(str(path), "the run's own output"))
        return
    if is_temporary(real.name):
        found.skipped.append(Skipped(str(path), "temporary file of a structchunk run"))
        return
    try:
        mode = os.stat(real).st_mode
    except OSError as err:
        found.skipped.append(Skipped(str(path), f"cannot be read ({err.strerror})"))
        return
    if not stat.S_ISREG(mode):
        found.skipped.append(Skipped(str(path), "not a regular file"))
        return
    if not explicit:
        reason = _sniff_reason(real, filters)
        if reason:
            found.skipped.append(Skipped(str(path), reason))
            return
    seen.add(real)
    found.items.append(Item(path, root, relative))


def _selected(relative: str, filters: Filters) -> bool:
    if filters.include and not _matches(relative, filters.include):
        return False
    return not (filters.exclude and _matches(relative, filters.exclude))


def _matches(relative: str, patterns: Iterable[str]) -> bool:
    name = relative.rsplit("/", 1)[-1]
    return any(fnmatch.fnmatchcase(relative, pattern) or fnmatch.fnmatchcase(name, pattern)
               or (pattern.startswith("**/") and fnmatch.fnmatchcase(relative, pattern[3:]))
               for pattern in patterns)


def _sniff_reason(path: Path, filters: Filters) -> str | None:
    """Structchunk's own outputs are skipped; so are files with NUL bytes and no text
    byte-order mark (binary), unless they are PDFs, named as a binary format structchunk
    knows (a `.docx`, or a `.doc` it refuses by name) or `--binary` asks for them."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(_SNIFF_BYTES)
    except OSError as err:
        return f"cannot be read ({err.strerror})"
    own = own_output_reason(path, head)
    if own is not None:
        return own
    fmt = format_for_name(str(path))
    if fmt is not None and fmt.binary:
        return None
    if filters.binary or head.lstrip()[:5] == b"%PDF-" or head.startswith(_TEXT_BOMS):
        return None
    if b"\x00" in head:
        return "binary file (contains NUL bytes)"
    return None


def _gitignore_of(folder: Path) -> pathspec.PathSpec | None:
    ignore_file = folder / ".gitignore"
    try:
        lines = ignore_file.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return None
    return pathspec.GitIgnoreSpec.from_lines(lines)


def _ignored(path: Path, is_dir: bool, ignores: list[tuple[Path, pathspec.PathSpec]]) -> bool:
    for folder, spec in ignores:
        relative = path.relative_to(folder).as_posix() + ("/" if is_dir else "")
        if spec.match_file(relative):
            return True
    return False


def _is_dir(path: Path) -> bool:
    try:
        return path.is_dir()
    except OSError:
        return False


def _resolve(path: Path) -> Path | None:
    try:
        return path.resolve(strict=True)
    except (OSError, RuntimeError):
        return None


def _inside(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents
