"""A code grammar is data: `; grammar:` names a tree-sitter language function, nothing else.

A grammar file on `STRUCTCHUNK_GRAMMAR_PATH` once imported any module and called any callable
it named (`; grammar: os.abort` killed the process); a fence with the grammar's alias did the
same from inside a Markdown document.
"""

from __future__ import annotations

import subprocess
import sys
import types
from pathlib import Path

import pytest

import structchunk
from structchunk.errors import GrammarError
from structchunk.parse.code import grammars
from structchunk.parse.code.grammars import load_code_grammar

HOSTILE = ["os.abort", "signal.pause", "builtins.exit", "subprocess.call",
           "tree_sitter_python.os.abort", "tree_sitter_python.__loader__.exec_module",
           "tree_sitter_python.language.__call__", "os.path.tree_sitter_x.language"]


@pytest.fixture(autouse=True)
def _fresh(monkeypatch: pytest.MonkeyPatch) -> None:
    grammars._load.cache_clear()
    yield
    grammars._load.cache_clear()


@pytest.mark.parametrize("reference", HOSTILE)
def test_a_grammar_naming_another_callable_is_refused_naming_the_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, reference: str) -> None:
    (tmp_path / "code").mkdir()
    (tmp_path / "code" / "evil.scm").write_text(
        f"; grammar: {reference}\n; aliases: evil\n(function_definition) @unit\n",
        encoding="utf-8")
    monkeypatch.setenv("STRUCTCHUNK_GRAMMAR_PATH", str(tmp_path))
    with pytest.raises(GrammarError) as raised:
        load_code_grammar("evil")
    assert "evil.scm" in str(raised.value)
    assert "tree-sitter" in str(raised.value)


def test_the_loader_itself_calls_nothing_but_a_language_function(
        monkeypatch: pytest.MonkeyPatch) -> None:
    called: list[str] = []
    module = types.ModuleType("not_a_grammar")
    module.language = lambda: called.append("language")  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "not_a_grammar", module)
    assert grammars._load_language("not_a_grammar.language") is None
    assert called == []


def test_a_fence_naming_a_hostile_grammar_does_not_run_it(tmp_path: Path) -> None:
    """In a child process: on the old code `os.abort` took the process with it."""
    (tmp_path / "code").mkdir()
    (tmp_path / "code" / "evil.scm").write_text(
        "; grammar: os.abort\n; aliases: evil\n(function_definition) @unit\n", encoding="utf-8")
    script = ("import structchunk\n"
              "try:\n"
              "    structchunk.split_text('# T\\n\\n```evil\\nx = 1\\n```\\n', max_size=200)\n"
              "except structchunk.StructchunkError as error:\n"
              "    print('refused:', error)\n")
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            timeout=120, env={"STRUCTCHUNK_GRAMMAR_PATH": str(tmp_path),
                                              "PYTHONPATH": str(Path(structchunk.__file__)
                                                                .parent.parent)})
    assert result.returncode == 0, result.stderr
    assert "refused:" in result.stdout and "evil.scm" in result.stdout


def test_the_built_in_grammars_still_load() -> None:
    grammar = load_code_grammar("typescript")
    assert grammar is not None
