"""Files that are not readable office documents: each a structchunk error naming the file and
the problem, never a reader library's traceback."""

from __future__ import annotations

import importlib
import io
import re
import zipfile
from pathlib import Path

import pytest

import structchunk
from structchunk.errors import (
    MissingDependencyError,
    ParseError,
    StructchunkError,
    UnsupportedFormatError,
)
from tests.parse.office.make import docx_bytes, odt_bytes, ole_bytes


@pytest.mark.parametrize(("name", "stream", "named"), [
    ("old.doc", "WordDocument", "Word document (.doc)"),
    ("old.ppt", "PowerPoint Document", "PowerPoint presentation (.ppt)"),
    ("old.xls", "Workbook", "Excel workbook (.xls)"),
    ("old.docx", "WordDocument", "Word document (.doc)"),  # an old file renamed
])
def test_old_binary_formats_are_refused_by_name(tmp_path: Path, name: str, stream: str,
                                                named: str) -> None:
    path = tmp_path / name
    path.write_bytes(ole_bytes(stream))
    with pytest.raises(UnsupportedFormatError, match=r"old binary " + named.replace(
            "(", r"\(").replace(")", r"\)")) as caught:
        structchunk.split(path)
    assert str(path) in str(caught.value)


def test_a_current_package_with_an_old_suffix_is_named(tmp_path: Path) -> None:
    pytest.importorskip("docx")
    path = tmp_path / "renamed.doc"
    path.write_bytes(docx_bytes(lambda document: document.add_paragraph("x")))
    with pytest.raises(UnsupportedFormatError, match=r"is a \.docx package; rename it to \.docx"):
        structchunk.parse(path)


def test_encrypted_files_are_named_as_encrypted(tmp_path: Path) -> None:
    ooxml = tmp_path / "secret.xlsx"
    ooxml.write_bytes(ole_bytes("EncryptionInfo"))
    with pytest.raises(ParseError, match="encrypted"):
        structchunk.parse(ooxml)
    odt = tmp_path / "secret.odt"
    odt.write_bytes(odt_bytes("<text:p>x</text:p>", manifest=(
        '<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0">'
        '<manifest:file-entry manifest:full-path="content.xml"><manifest:encryption-data/>'
        "</manifest:file-entry></manifest:manifest>")))
    with pytest.raises(ParseError, match="encrypted"):
        structchunk.parse(odt)


def _truncated(data: bytes) -> bytes:
    return data[: len(data) // 2]


def _without(data: bytes, part: str) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as source, zipfile.ZipFile(out, "w") as target:
        for info in source.infolist():
            if info.filename != part:
                target.writestr(info, source.read(info))
    return out.getvalue()


@pytest.mark.parametrize("damage", ["truncated", "no document part", "not a zip", "bad xml"])
def test_damaged_files_are_parse_errors_naming_the_file(tmp_path: Path, damage: str) -> None:
    pytest.importorskip("docx")
    data = docx_bytes(lambda document: document.add_paragraph("hello"))
    if damage == "truncated":
        data = _truncated(data)
    elif damage == "no document part":
        data = _without(data, "word/document.xml")
    elif damage == "not a zip":
        data = b"this is text, not a package"
    else:
        out = io.BytesIO()
        with zipfile.ZipFile(io.BytesIO(data)) as source, zipfile.ZipFile(out, "w") as target:
            for info in source.infolist():
                body = source.read(info)
                target.writestr(info, body[:40] if info.filename == "word/document.xml"
                                else body)
        data = out.getvalue()
    path = tmp_path / "broken.docx"
    path.write_bytes(data)
    with pytest.raises(StructchunkError) as caught:
        structchunk.split(path)
    assert isinstance(caught.value, (ParseError, UnsupportedFormatError))
    assert str(path) in str(caught.value)


@pytest.mark.parametrize("fmt", ["docx", "pptx", "xlsx", "odt"])
def test_a_missing_office_extra_names_the_install_command(monkeypatch: pytest.MonkeyPatch,
                                                          fmt: str) -> None:
    from structchunk.parse.office import package

    real = importlib.import_module

    def without_readers(name: str, *args: object) -> object:
        if name.split(".")[0] in ("docx", "pptx", "openpyxl", "lxml"):
            raise ImportError(f"No module named {name!r}")
        return real(name, *args)

    monkeypatch.setattr(package.importlib, "import_module", without_readers)
    with pytest.raises(MissingDependencyError, match=r'pip install "structchunk-rag\[office\]"'):
        structchunk.parse(b"PK\x03\x04", format=fmt)


def test_packages_without_a_name_are_read_by_their_parts() -> None:
    pytest.importorskip("docx")
    pytest.importorskip("pptx")
    pytest.importorskip("openpyxl")
    from tests.parse.office.make import pptx_bytes, xlsx_bytes

    def slide(presentation: object) -> None:
        layout = presentation.slide_layouts[5]  # type: ignore[attr-defined]
        presentation.slides.add_slide(layout).shapes.title.text = "Hi"  # type: ignore[attr-defined]

    made = {"docx": docx_bytes(lambda document: document.add_paragraph("Hi")),
            "pptx": pptx_bytes(slide),
            "xlsx": xlsx_bytes(lambda workbook: workbook.active.append(["Hi", "there"])),
            "odt": odt_bytes("<text:p>Hi</text:p>")}
    for fmt, data in made.items():
        document = structchunk.parse(data)
        assert document.format == fmt and "Hi" in document.text


def test_an_old_binary_file_without_a_name_is_named_by_its_streams() -> None:
    with pytest.raises(UnsupportedFormatError, match=r"PowerPoint presentation \(\.ppt\)"):
        structchunk.parse(ole_bytes("PowerPoint Document"))


def test_a_package_that_expands_past_the_limit_is_refused(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    from structchunk.parse.office import package

    monkeypatch.setattr(package, "MAX_EXPANDED", 100)
    with pytest.raises(ParseError, match="ZIP bomb"):
        structchunk.parse(odt_bytes("<text:p>" + "x" * 500 + "</text:p>"), format="odt")


@pytest.mark.parametrize(("name", "data"), [
    ("broken.xlsx", b"PK\x03\x04 a ZIP signature and nothing after it"),
    ("broken.docx", b"PK\x03\x04 a ZIP signature and nothing after it"),
    ("secret.xlsx", ole_bytes("EncryptionInfo")),
    ("secret.pptx", ole_bytes("EncryptionInfo")),
])
def test_error_messages_name_the_format_once_in_plain_words(tmp_path: Path, name: str,
                                                            data: bytes) -> None:
    """The file kind is spliced into the message with its article ("an Excel workbook"):
    an adjective before it would read "a damaged an Excel workbook"."""
    path = tmp_path / name
    path.write_bytes(data)
    with pytest.raises(ParseError) as caught:
        structchunk.split(path)
    message = str(caught.value)
    assert str(path) in message
    assert not re.search(r"\b(?:a|an) (?:\S+ ){0,2}(?:a|an)\b", message), message
    assert ("damaged" in message) != ("encrypted" in message)
