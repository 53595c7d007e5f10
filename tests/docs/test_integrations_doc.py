"""docs/integrations.md: every python example runs as written, offline, from the repo root."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.offline import block_network

REPO = Path(__file__).resolve().parents[2]
DOC = REPO / "docs" / "integrations.md"
BLOCK = re.compile(r"```python\n(.*?)```", re.S)


def examples() -> list[str]:
    return BLOCK.findall(DOC.read_text(encoding="utf-8"))


def test_the_page_has_tokenizer_langchain_and_llamaindex_examples() -> None:
    blocks = examples()
    assert any("tokenizer=" in block for block in blocks)
    assert any("StructchunkTextSplitter" in block for block in blocks)
    assert any("StructchunkNodeParser" in block for block in blocks)


@pytest.mark.parametrize("number", range(len(examples())))
def test_example_runs_offline(number: int, monkeypatch: pytest.MonkeyPatch,
                              capsys: pytest.CaptureFixture[str]) -> None:
    block = examples()[number]
    for module in re.findall(r"^(?:from|import) (\w+)", block, re.M):
        pytest.importorskip(module)
    block_network(monkeypatch)
    monkeypatch.chdir(REPO)
    exec(compile(block, f"{DOC.name} example {number + 1}", "exec"), {"__name__": "__doc__"})
    capsys.readouterr()
