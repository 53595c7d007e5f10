"""docs/extending.md, followed: its Python examples (a format's options, a strategy) run as
written, with structchunk imported."""

from __future__ import annotations

import sys
import types
from pathlib import Path

import pytest
import regex

from structchunk.options import provisional_registrations, registered_options

DOC = Path(__file__).resolve().parent.parent / "docs" / "extending.md"
_PYTHON = regex.compile(r"^```python\n(.*?)^```$", regex.MULTILINE | regex.DOTALL)
EXAMPLES = _PYTHON.findall(DOC.read_text(encoding="utf-8"))


def test_the_doc_has_its_examples() -> None:
    assert len(EXAMPLES) >= 2


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda code: code.split("\n")[0][:40])
def test_each_python_example_runs(example: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(DOC.parents[1])
    module = types.ModuleType("extending_example")
    monkeypatch.setitem(sys.modules, module.__name__, module)
    with provisional_registrations():
        exec(compile(example, str(DOC), "exec"), module.__dict__)  # noqa: S102
        if "HtmlOptions" in example:
            assert registered_options()["html"].__name__ == "HtmlOptions"
    assert getattr(registered_options().get("html"), "__module__", "") != module.__name__


def test_the_tokenizer_section_plugs_in_a_backend_rather_than_loading_one_yourself() -> None:
    """The section shows a TokenCounter passed as tokenizer=, which its example runs."""
    text = DOC.read_text(encoding="utf-8")
    section = text[text.index("## A length function or tokenizer"):text.index("## A strategy")]
    assert "load the tokenizer yourself" not in section
    assert any("TokenCounter(" in example and "tokenizer=" in example for example in EXAMPLES)
