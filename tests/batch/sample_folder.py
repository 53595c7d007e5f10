"""The small mixed folder the folder-run tests chunk: Markdown in a subfolder, plain text and
a source file, so that every run crosses three formats and a subfolder."""

from __future__ import annotations

from pathlib import Path


def sample_folder(root: Path) -> Path:
    (root / "guide").mkdir(parents=True)
    (root / "guide" / "intro.md").write_text(
        "# Intro\n\nFirst sentence here. Second one there.\n\n## Setup\n\nRun it.\n",
        encoding="utf-8")
    (root / "notes.txt").write_text("Plain notes.\n\nAnother paragraph.\n", encoding="utf-8")
    (root / "tool.py").write_text("def tool():\n    return 42\n", encoding="utf-8")
    return root
