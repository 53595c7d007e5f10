"""Which inputs a folder run takes and which earlier rows it drops: a glob that matches a
folder, a `**/` pattern at the root, and a file deleted from a subfolder given alone after
a run over the whole folder."""

from __future__ import annotations

import io
import json
from pathlib import Path

from structchunk.batch.collection import RunOptions, split_collection
from structchunk.batch.discover import Filters, discover

OPTIONS = {"strategy": "hybrid", "max_size": 300, "overlap": 0, "format": None,
           "language": None}


def _tree(root: Path) -> Path:
    (root / "docs" / "guide").mkdir(parents=True)
    (root / "docs" / "guide" / "intro.md").write_text("# Intro\n\nFirst words.\n",
                                                     encoding="utf-8")
    (root / "docs" / "guide" / "setup.md").write_text("# Setup\n\nRun it.\n", encoding="utf-8")
    (root / "docs" / "notes.txt").write_text("Plain notes.\n", encoding="utf-8")
    (root / "guide").mkdir()
    (root / "guide" / "top.md").write_text("# Top\n\nTop words.\n", encoding="utf-8")
    return root


def test_a_glob_matching_a_folder_takes_its_files_relative_to_the_glob_root(
        tmp_path: Path) -> None:
    root = _tree(tmp_path / "in")
    found = discover([str(root / "docs" / "*")], Filters(include=("*.md",)))
    assert [(item.root, item.relative) for item in found.items] == [
        (str(root / "docs"), "guide/intro.md"), (str(root / "docs"), "guide/setup.md")]


def test_a_double_star_pattern_also_matches_at_the_root(tmp_path: Path) -> None:
    root = _tree(tmp_path / "in")
    found = discover([str(root)], Filters(include=("**/guide/*.md",)))
    assert [item.relative for item in found.items] == [
        "docs/guide/intro.md", "docs/guide/setup.md", "guide/top.md"]
    found = discover([str(root)], Filters(exclude=("**/guide/*.md",)))
    assert [item.relative for item in found.items] == ["docs/notes.txt"]


def test_a_file_deleted_from_a_subfolder_given_alone_leaves_the_whole_folders_output(
        tmp_path: Path) -> None:
    root = _tree(tmp_path / "in")
    out = tmp_path / "out.jsonl"

    def run(folder: Path) -> list[tuple[str, str]]:
        split_collection([str(folder)], OPTIONS, RunOptions(output=str(out), jobs=1,
                                                            append=True, quiet=True),
                         stderr=io.StringIO())
        rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
        return sorted({(Path(row["root"]).name, row["path"]) for row in rows})

    assert run(root) == [("in", "docs/guide/intro.md"), ("in", "docs/guide/setup.md"),
                         ("in", "docs/notes.txt"), ("in", "guide/top.md")]
    (root / "docs" / "guide" / "setup.md").unlink()
    # the rows of the folder's other files stay; the subfolder's file now has it as its
    # root, and the deleted file's rows go
    assert run(root / "docs" / "guide") == [("guide", "intro.md"), ("in", "docs/notes.txt"),
                                            ("in", "guide/top.md")]
