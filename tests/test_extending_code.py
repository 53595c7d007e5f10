"""docs/extending.md, followed: its Python examples (a format, its options, a strategy) run as
written, with structchunk imported and every module the page names a file for importable."""

from __future__ import annotations

import sys
import types
from pathlib import Path

import pytest
import regex

from structchunk.options import registered_options
from structchunk.parse.formats import FORMAT_BY_NAME, provisional_formats

DOC = Path(__file__).resolve().parent.parent / "docs" / "extending.md"
_PYTHON = regex.compile(r"^```python\n(.*?)^```$", regex.MULTILINE | regex.DOTALL)
EXAMPLES = _PYTHON.findall(DOC.read_text(encoding="utf-8"))
# A fence whose info string names a module: ```python todo_format.py
MODULES = dict(regex.findall(r"^```python (\w+)\.py\n(.*?)^```$", DOC.read_text(encoding="utf-8"),
                             flags=regex.MULTILINE | regex.DOTALL))


def test_the_doc_has_its_examples() -> None:
    assert len(EXAMPLES) >= 2


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda code: code.split("\n")[0][:40])
def test_each_python_example_runs(example: str, monkeypatch: pytest.MonkeyPatch,
                                  tmp_path: Path) -> None:
    monkeypatch.chdir(DOC.parents[1])
    for name, body in MODULES.items():
        (tmp_path / f"{name}.py").write_text(body, encoding="utf-8")
        monkeypatch.delitem(sys.modules, name, raising=False)
    monkeypatch.syspath_prepend(str(tmp_path))
    module = types.ModuleType("extending_example")
    monkeypatch.setitem(sys.modules, module.__name__, module)
    formats = dict(FORMAT_BY_NAME)
    with provisional_formats():
        exec(compile(example, str(DOC), "exec"), module.__dict__)  # noqa: S102
        if "HtmlOptions" in example:
            assert registered_options()["html"].__name__ == "HtmlOptions"
    assert getattr(registered_options().get("html"), "__module__", "") != module.__name__
    assert formats == FORMAT_BY_NAME
    for name in MODULES:
        sys.modules.pop(name, None)


def test_the_tokenizer_section_plugs_in_a_backend_rather_than_loading_one_yourself() -> None:
    """The section shows a TokenCounter passed as tokenizer=, which its example runs."""
    text = DOC.read_text(encoding="utf-8")
    section = text[text.index("## A length function or tokenizer"):text.index("## A strategy")]
    assert "load the tokenizer yourself" not in section
    assert any("TokenCounter(" in example and "tokenizer=" in example for example in EXAMPLES)
