"""A fuzz target per tree-sitter grammar: nested, broken and deep inputs in a child process.

Each grammar's language gets seeded random inputs made of its own brackets, indentation,
quotes, comments and keywords, nested from shallow to past the depth where structchunk
stops handing code to tree-sitter, as a source file and as a fenced block. The child must
exit cleanly: a grammar that crashes (as tree-sitter-yaml did on deep YAML) fails here.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import structchunk
from structchunk.parse.code.grammars import load_code_grammar
from structchunk.parse.code.languages import code_languages

ROOT = Path(structchunk.__file__).resolve().parent.parent
LANGUAGES = sorted({name for name in code_languages().by_suffix.values()
                    if load_code_grammar(name) is not None})
CHILD = r'''
import random, sys
import structchunk
from structchunk.parse.code.depth import MAX_PARSED_DEPTH
language, suffix = sys.argv[1], sys.argv[2]
rng = random.Random(language)
atoms = ["(", ")", "[", "]", "{", "}", "\n", "  ", "\t", "'", '"', "`", "#", "//", "/*", "*/",
         "--", ":", ";", ",", "-", "x", "def", "class", "fn", "if", "=", "<", ">", "\\", "é"]
for number in range(60):
    depth = rng.choice([1, 10, MAX_PARSED_DEPTH - 1, MAX_PARSED_DEPTH + 20, 300])
    opener = rng.choice(["(", "[", "{", "- ", "k:\n", "<a>"])
    if opener.endswith("\n"):
        nested = "".join("  " * level + "k:\n" for level in range(depth))
    else:
        nested = opener * depth
    noise = "".join(rng.choice(atoms) for _ in range(rng.randint(0, 400)))
    text = noise[: len(noise) // 2] + nested + noise[len(noise) // 2:]
    structchunk.split_text(text, code_language=language, max_size=300)
    structchunk.split_text("# T\n\n```" + language + "\n" + text + "\n```\n", max_size=300)
print("ok")
'''


def test_there_are_grammars_to_fuzz() -> None:
    assert {"python", "yaml"} <= set(LANGUAGES)


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_input_crashes_the_grammar(language: str) -> None:
    result = subprocess.run([sys.executable, "-c", CHILD, language, ""], capture_output=True,
                            text=True, timeout=600, env={"PYTHONPATH": str(ROOT)})
    assert result.returncode == 0, result.stderr[-3000:]
    assert result.stdout.strip().endswith("ok")
