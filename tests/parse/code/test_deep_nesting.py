"""Code nested too deeply for a tree-sitter grammar is cut between lines, flagged; the process
survives. YAML nested 260 levels deep once crashed tree-sitter-yaml, and the process with it,
as a `.yaml` file and as a fenced `yaml` block in Markdown."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import structchunk
from structchunk.parse.code.depth import MAX_PARSED_DEPTH, nesting_depth

DEEP_YAML = "".join("  " * level + f"k{level}:\n" for level in range(260)) + "  " * 260 + "v\n"
ROOT = Path(structchunk.__file__).resolve().parent.parent


def _split_in_a_child(path: Path) -> subprocess.CompletedProcess[str]:
    script = ("import json, sys, structchunk\n"
              "chunks = structchunk.split(sys.argv[1], max_size=2000)\n"
              "print(json.dumps([chunk.metadata.get('code_fallback') for chunk in chunks]))\n")
    return subprocess.run([sys.executable, "-c", script, str(path)], capture_output=True,
                          text=True, timeout=300, env={"PYTHONPATH": str(ROOT)})


@pytest.mark.parametrize("name,text", [
    ("deep.yaml", DEEP_YAML),
    ("deep.md", "# Config\n\n```yaml\n" + DEEP_YAML + "```\n"),
])
def test_deep_yaml_is_cut_between_lines_with_a_flag(tmp_path: Path, name: str,
                                                    text: str) -> None:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    result = _split_in_a_child(path)
    assert result.returncode == 0, result.stderr[-2000:]
    notes = json.loads(result.stdout)
    assert notes and all(note and "levels deep" in note for note in notes)


@pytest.mark.parametrize("text,depth", [
    ("a\n  b\n    c\n  d\n", 2),
    ("x = [[[1]]]\n", 3),
    ("def f():\n    if x:\n        g([1,\n  2])\n", 4),
    ("", 0),
    (")))\n", 0),
])
def test_nesting_depth_counts_indentation_levels_and_brackets(text: str, depth: int) -> None:
    assert nesting_depth(text) == depth


def test_code_at_the_limit_is_still_parsed() -> None:
    text = "x = " + "[" * MAX_PARSED_DEPTH + "1" + "]" * MAX_PARSED_DEPTH + "\n"
    chunks = structchunk.split_text(text, code_language="python", max_size=2000)
    assert not any(chunk.metadata.get("code_fallback") for chunk in chunks)
