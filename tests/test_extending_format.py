"""docs/extending.md's "A document format", followed: its module is written as a file on
`sys.path`, importing it registers the format, and `structchunk.split()` reads a file of its
suffix; the registration ends with the test."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import regex

import structchunk
from structchunk.errors import OptionError
from structchunk.options import registered_options
from structchunk.parse import option_classes
from structchunk.parse.formats import FORMAT_BY_NAME, Format, provisional_formats, register_format
from tests.invariants import assert_chunks_valid

DOC = Path(__file__).resolve().parent.parent / "docs" / "extending.md"
_TEXT = DOC.read_text(encoding="utf-8")
SECTION = _TEXT[_TEXT.index("## A document format"):_TEXT.index("## A length function")]
MODULES = dict(regex.findall(r"^```python ([\w.]+)\n(.*?)^```$", SECTION,
                             flags=regex.MULTILINE | regex.DOTALL))
USAGE = regex.findall(r"^```python\n(.*?)^```$", SECTION, flags=regex.MULTILINE | regex.DOTALL)
CHORES = "## Kitchen\n- [ ] wash the dishes\n- [x] buy soap\n\n## Garden\n- [ ] water it\n"


@pytest.fixture
def todo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The section's modules written into a folder on sys.path, imported inside a
    provisional table; yields a `.todo` file."""
    for name, body in MODULES.items():
        (tmp_path / name).write_text(body, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    before = set(sys.modules)
    with provisional_formats():
        __import__("todo_format")
        path = tmp_path / "chores.todo"
        path.write_text(CHORES, encoding="utf-8")
        yield path
    for name in set(sys.modules) - before:
        if name.startswith("todo_format"):
            del sys.modules[name]


def test_the_section_gives_the_module_and_its_use() -> None:
    assert set(MODULES) == {"todo_format.py"}
    assert any("import todo_format" in example for example in USAGE)
    assert "register_format(Format(" in MODULES["todo_format.py"]


def test_one_registration_routes_a_suffix_to_the_new_parser(todo: Path) -> None:
    document = structchunk.parse(todo)
    assert document.format == "todo"
    assert structchunk.parse_text(CHORES, format="todo").format == "todo"
    chunks = structchunk.split(todo, max_size=40)
    assert [chunk.heading_path for chunk in chunks] == [
        ("Kitchen",), ("Kitchen",), ("Garden",)]
    assert_chunks_valid(CHORES, chunks, 40)
    kinds = [node.kind.value for node, _depth in document.root.walk()]
    assert kinds.count("section") == 2 and kinds.count("list") == 2
    assert kinds.count("item") == 3


def test_the_new_format_s_option_is_checked_and_handed_to_its_parser(todo: Path) -> None:
    assert option_classes()["todo"].__name__ == "TodoOptions"
    flat = structchunk.split(todo, max_size=40, todo_sections=False)
    assert {chunk.heading_path for chunk in flat} == {()}
    with pytest.raises(OptionError, match=r"todo_sections='no'.*True or False"):
        structchunk.split(todo, todo_sections="no")
    with pytest.raises(OptionError, match="todo_sections"):
        structchunk.Chunker(max_size=40, todo_sections=1)


def test_the_doc_s_example_runs_as_written(todo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(todo.parent)
    for example in USAGE:
        if "import todo_format" in example:
            exec(compile(example, str(DOC), "exec"), {"__name__": "todo_example"})  # noqa: S102


def test_a_name_registered_twice_is_an_error() -> None:
    with provisional_formats(), pytest.raises(OptionError, match="'text' is already"):
        register_format(Format("text", "somewhere.else", (".txt2",)))
    with provisional_formats(), pytest.raises(OptionError, match="names no format"):
        register_format(Format("todo2", "somewhere.else"), before="nothing")


def test_the_registration_ends_with_its_block(todo: Path) -> None:
    assert "todo" in FORMAT_BY_NAME


def test_no_registration_leaks_into_the_next_test() -> None:
    assert "todo" not in FORMAT_BY_NAME and "todo" not in registered_options()
    assert "todo" not in option_classes()
    assert structchunk.parse_text(CHORES).format != "todo"
    with pytest.raises(structchunk.UnsupportedFormatError, match="unknown format 'todo'"):
        structchunk.parse_text(CHORES, format="todo")
