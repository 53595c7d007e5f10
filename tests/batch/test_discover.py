"""Which files a folder run picks, and why the others are left out."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from structchunk.batch.discover import Filters, discover


def _tree(root: Path) -> None:
    (root / "docs" / "deep").mkdir(parents=True)
    (root / "docs" / "a.md").write_text("# A\n\nalpha\n", encoding="utf-8")
    (root / "docs" / "deep" / "b.txt").write_text("beta\n", encoding="utf-8")
    (root / "docs" / "c.py").write_text("def c():\n    return 1\n", encoding="utf-8")
    (root / ".hidden.md").write_text("# hidden\n", encoding="utf-8")
    (root / ".git").mkdir()
    (root / ".git" / "config").write_text("[core]\n", encoding="utf-8")
    (root / "build").mkdir()
    (root / "build" / "out.md").write_text("# generated\n", encoding="utf-8")
    (root / ".gitignore").write_text("build/\n*.log\n", encoding="utf-8")
    (root / "run.log").write_text("ignored\n", encoding="utf-8")
    (root / "image.bin").write_bytes(b"\x89PNG\x00\x00\x01binary")


def _relative(found: object) -> list[str]:
    return [item.relative for item in found.items]  # type: ignore[attr-defined]


def test_walks_folders_in_sorted_order_skipping_hidden_ignored_and_binary(
        tmp_path: Path) -> None:
    _tree(tmp_path)
    found = discover([str(tmp_path)])
    assert _relative(found) == ["docs/a.md", "docs/c.py", "docs/deep/b.txt"]
    assert all(item.root == str(tmp_path) for item in found.items)
    reasons = {Path(skip.path).name: skip.reason for skip in found.skipped}
    assert "binary" in reasons["image.bin"]


def test_hidden_and_ignored_files_can_be_asked_for(tmp_path: Path) -> None:
    _tree(tmp_path)
    found = discover([str(tmp_path)], Filters(hidden=True, gitignore=False))
    names = _relative(found)
    assert ".hidden.md" in names and "build/out.md" in names and "run.log" in names
    assert ".git/config" in names


def test_include_and_exclude_match_paths_relative_to_the_root(tmp_path: Path) -> None:
    _tree(tmp_path)
    assert _relative(discover([str(tmp_path)], Filters(include=("*.md",)))) == ["docs/a.md"]
    assert _relative(discover([str(tmp_path)], Filters(exclude=("docs/deep/*",)))) == [
        "docs/a.md", "docs/c.py"]


def test_globs_expand_relative_to_their_fixed_folder(tmp_path: Path) -> None:
    _tree(tmp_path)
    found = discover([f"{tmp_path}/docs/**/*.txt", f"{tmp_path}/docs/*.md"])
    assert _relative(found) == ["deep/b.txt", "a.md"]
    assert {item.root for item in found.items} == {f"{tmp_path}/docs"}
    assert discover([f"{tmp_path}/nothing-*.md"]).missing


def test_symbolic_links_are_followed_once_and_never_outside_the_root(tmp_path: Path) -> None:
    root = tmp_path / "root"
    outside = tmp_path / "outside"
    (root / "sub").mkdir(parents=True)
    outside.mkdir()
    (root / "sub" / "doc.md").write_text("# Doc\n", encoding="utf-8")
    (outside / "secret.md").write_text("# Secret\n", encoding="utf-8")
    os.symlink(root / "sub", root / "again")          # the same folder a second time
    os.symlink(root, root / "sub" / "loop")            # a loop back to the root
    os.symlink(outside, root / "escape")               # leads outside the root
    os.symlink(root / "sub" / "doc.md", root / "alias.md")
    os.symlink(root / "missing.md", root / "dangling.md")
    found = discover([str(root)])
    assert _relative(found) == ["again/doc.md"]  # the file, once, by its first path
    reasons = " | ".join(f"{Path(skip.path).name}: {skip.reason}" for skip in found.skipped)
    assert "escape: symbolic link leads outside" in reasons
    assert "loop: symbolic link loop" in reasons
    assert "dangling.md: symbolic link loop or dangling" in reasons


def test_a_symbolic_link_loop_given_as_a_file_is_skipped(tmp_path: Path) -> None:
    os.symlink(tmp_path / "b", tmp_path / "a")
    os.symlink(tmp_path / "a", tmp_path / "b")
    found = discover([str(tmp_path / "a")])
    assert not found.items and found.skipped


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_special_files_are_not_read(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.md")
    (tmp_path / "doc.md").write_text("# Doc\n", encoding="utf-8")
    found = discover([str(tmp_path)])
    assert _relative(found) == ["doc.md"]
    assert [Path(skip.path).name for skip in found.skipped] == ["pipe.md"]
    assert "not a regular file" in found.skipped[0].reason


def test_missing_inputs_are_reported(tmp_path: Path) -> None:
    found = discover([str(tmp_path / "nope")])
    assert not found.items and found.missing[0].reason == "no such file or folder"
