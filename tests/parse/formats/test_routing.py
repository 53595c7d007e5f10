"""Routing: the format from the name, else from the content; formats that are not read are
named; the command line, folder runs and the framework adapters route the same way."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest

import structchunk
from structchunk.cli.main import main
from structchunk.errors import MissingDependencyError, UnsupportedFormatError
from structchunk.integrations.common import format_of_loaded
from structchunk.parse.formats import Format
from structchunk.parse.sniffing import sniff_bytes

PAGE = b"<!DOCTYPE html><html><body><h1>Title</h1><p>Body text.</p></body></html>"


def _zip(parts: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as package:
        for name, data in parts.items():
            package.writestr(name, data)
    return buffer.getvalue()


def test_html_without_its_suffix_is_found_by_content(tmp_path: Path) -> None:
    path = tmp_path / "page"
    path.write_bytes(PAGE)
    assert structchunk.parse(path).format == "html"
    assert structchunk.parse(PAGE).format == "html"
    assert structchunk.parse_text(PAGE.decode()).format == "html"


def test_a_suffix_names_the_format(tmp_path: Path) -> None:
    for name, expected in (("a.htm", "html"), ("a.xhtml", "html"), ("b.ipynb", "notebook"),
                           ("c.rst", "rst")):
        path = tmp_path / name
        path.write_bytes(PAGE if expected == "html" else
                         b'{"cells": [], "nbformat": 4}' if expected == "notebook"
                         else b"Title\n=====\n\nText.\n")
        assert structchunk.parse(path).format == expected


@pytest.mark.parametrize("parts,expected", [
    ({"[Content_Types].xml": b"", "word/document.xml": b"<w/>"}, "docx"),
    ({"ppt/presentation.xml": b"<p/>"}, "pptx"),
    ({"xl/workbook.xml": b"<x/>"}, "xlsx"),
    ({"mimetype": b"application/vnd.oasis.opendocument.text"}, "odt"),
    ({"mimetype": b"application/epub+zip"}, "epub"),
    ({"readme.txt": b"hello"}, None),
])
def test_packages_are_told_apart_by_their_parts(parts: dict[str, bytes],
                                                expected: str | None) -> None:
    assert sniff_bytes(_zip(parts)) == expected


def test_binary_headers() -> None:
    assert sniff_bytes(b"%PDF-1.7\n") == "pdf"
    assert sniff_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(100)) == "doc"
    assert sniff_bytes(b"{\\rtf1\\ansi hello}") == "rtf"
    assert sniff_bytes(PAGE) is None


@pytest.mark.parametrize("name,data,named", [
    ("letter.rtf", b"{\\rtf1\\ansi hello}", "Rich Text Format"),
    ("letter", b"{\\rtf1\\ansi hello}", "Rich Text Format"),
    ("book.epub", _zip({"mimetype": b"application/epub+zip"}), "EPUB"),
    ("book", _zip({"mimetype": b"application/epub+zip"}), "EPUB"),
])
def test_formats_that_are_not_read_are_named(tmp_path: Path, name: str, data: bytes,
                                             named: str) -> None:
    path = tmp_path / name
    path.write_bytes(data)
    with pytest.raises(UnsupportedFormatError, match=named) as raised:
        structchunk.parse(path)
    assert str(path) in str(raised.value)


def test_a_missing_extra_is_named_with_its_install_command() -> None:
    fmt = Format("demo", "a_dependency_that_is_not_installed", extra="office")
    with pytest.raises(MissingDependencyError, match=r"structchunk-rag\[office\]"):
        fmt.parser("file.demo")


def test_cli_forces_the_format(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "page.txt"
    path.write_bytes(PAGE)
    assert main(["inspect", str(path), "--format", "html", "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert payload["format"] == "html"
    assert [chunk["heading_path"] for chunk in payload["chunks"]] == [["Title"]]


def test_folder_runs_route_every_file(tmp_path: Path) -> None:
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "page.html").write_bytes(PAGE)
    (folder / "nb.ipynb").write_text(json.dumps(
        {"cells": [{"cell_type": "markdown", "source": "# Nb\n\nText."}], "nbformat": 4}))
    (folder / "guide.rst").write_text("Guide\n=====\n\nText.\n")
    out = tmp_path / "out.jsonl"
    assert main(["split", str(folder), "-o", str(out)]) == 0
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    paths = {tuple(row["heading_path"]) for row in rows}
    assert {("Title",), ("Nb",), ("Guide",)} <= paths


@pytest.mark.parametrize("path,text,expected", [
    ("pkg/mod.py", "def f():\n    pass\n", "code"),
    ("page.html", "<p>tagged</p>", "html"),
    ("page.html", "already plain text from a loader", None),
    ("report.pdf", "extracted text", None),
    ("notes.ipynb", "text a loader made of a notebook", None),
    ("guide.rst", "Guide\n=====\n", "rst"),
])
def test_loaded_text_takes_the_format_of_its_file(path: str, text: str,
                                                  expected: str | None) -> None:
    assert format_of_loaded(path, text) == expected


def test_an_old_office_file_is_named_whatever_its_name(tmp_path: Path) -> None:
    path = tmp_path / "minutes"
    path.write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(600))
    with pytest.raises(UnsupportedFormatError, match=r"\.doc|binary"):
        structchunk.parse(path)


def test_langchain_documents_are_chunked_in_the_format_of_their_source() -> None:
    from langchain_core.documents import Document as LangChainDocument

    from structchunk.integrations.langchain import StructchunkTextSplitter

    code = "import os\n\n\ndef first():\n    return 1\n\n\ndef second():\n    return 2\n"
    splitter = StructchunkTextSplitter(chunk_size=40)
    documents = splitter.split_documents([LangChainDocument(
        page_content=code, metadata={"source": "pkg/tools.py"})])
    assert documents[-1].metadata["heading_path"] == "def second"
    assert documents[-1].page_content.startswith("def second():")
    go = "package main\n\nfunc first() int {\n\treturn 1\n}\n\nfunc second() int {\n\treturn 2\n}\n"
    by_language = StructchunkTextSplitter.from_language("go", chunk_size=40).chunks(go)
    assert [chunk.heading_path for chunk in by_language][-2:] == [("func first",),
                                                                  ("func second",)]
    page = "<html><body><h1>Title</h1><p>Body text of the page.</p></body></html>"
    as_html = StructchunkTextSplitter.from_language("html", chunk_size=200).chunks(page)
    assert as_html[0].content.startswith("# Title") and "<p>" not in as_html[0].content


def test_llamaindex_documents_are_chunked_in_the_format_of_their_file_path() -> None:
    from llama_index.core.schema import Document as LlamaDocument

    from structchunk.integrations.llamaindex import StructchunkNodeParser

    parser = StructchunkNodeParser(chunk_size=200)
    nodes = parser.get_nodes_from_documents([LlamaDocument(
        text=PAGE.decode(), metadata={"file_path": "/site/page.html"})])
    assert [node.metadata["heading_path"] for node in nodes] == ["Title"]
    assert "<p>" not in nodes[0].get_content()
    assert StructchunkNodeParser.from_language("python").code_language == "python"
