"""What an input is: a str or PathLike is a path, bytes and Source are content, text goes
through split_text/parse_text; non-regular files and inputs over max_bytes are refused."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

import structchunk
from structchunk.cli.main import main
from structchunk.decode import from_text
from structchunk.errors import SourceNotFoundError, SourceTooLargeError, StructchunkError

needs_posix = pytest.mark.skipif(sys.platform == "win32", reason="POSIX special files")


@pytest.mark.parametrize("name", ["README", "notes.csv", "data/report.html", "hand book.md",
                                  "docs/handbok.md", "Just a sentence. And another."])
def test_a_missing_path_is_an_error_naming_it(name: str, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    for call in (structchunk.split, structchunk.parse):
        with pytest.raises(SourceNotFoundError, match="no such file") as caught:
            call(name)
        assert caught.value.origin == name
    with pytest.raises(SourceNotFoundError, match="no such file"):
        structchunk.split(Path(name))


def test_text_that_was_meant_as_text_points_to_split_text() -> None:
    text = "# Title\n\n" + "A long paragraph of text. " * 40
    with pytest.raises(SourceNotFoundError, match="split_text") as caught:
        structchunk.split(text)
    assert len(caught.value.origin or "") < 100
    # no error in the chain repeats the whole text either (a traceback prints them all)
    assert caught.value.__cause__ is None or text not in str(caught.value.__cause__)
    assert structchunk.split_text(text, max_size=200)


def test_an_existing_file_without_a_known_suffix_is_read_and_sniffed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("README").write_text("# Project\n\nSome **bold** words.\n", encoding="utf-8")
    Path("hand book.md").write_text("# Hand book\n\nBody.\n", encoding="utf-8")
    document = structchunk.parse("README")
    assert document.format == "markdown"
    assert document.source.path == "README"
    assert [chunk.content for chunk in structchunk.split("hand book.md")] == \
        ["# Hand book\n\nBody."]


def test_bytes_and_source_are_content() -> None:
    assert structchunk.parse(b"# A\n\nBody.\n").text == "# A\n\nBody.\n"
    assert structchunk.parse(b"# A\n\nBody.\n").format == "markdown"
    source = from_text("Plain words here.")
    assert structchunk.split(source)[0].content == "Plain words here."


def test_split_text_and_parse_text_take_only_strings() -> None:
    with pytest.raises(TypeError, match="parse_text"):
        structchunk.parse_text(b"bytes")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="parse_text"):
        structchunk.split_text(Path("a.md"))  # type: ignore[arg-type]


def test_code_language_implies_the_code_format() -> None:
    code = "def greet(name):\n    return 'hi ' + name\n\n\nclass A:\n    pass\n"
    document = structchunk.parse_text(code, code_language="python")
    assert document.format == "code"
    chunks = structchunk.split_text(code, code_language="py", max_size=40)
    assert {chunk.metadata.get("code_language") for chunk in chunks} == {"python"}
    assert "".join(chunk.content for chunk in chunks).replace("\n", "") == \
        code.replace("\n", "")


@pytest.mark.parametrize(("suffix", "language"), [
    (".py", "python"), (".pyi", "python"), (".jsx", "javascript"), (".mts", "typescript"),
    (".cts", "typescript"), (".cxx", "cpp"), (".hh", "cpp"), (".yml", "yaml")])
def test_every_code_suffix_is_code_everywhere(suffix: str, language: str,
                                              tmp_path: Path) -> None:
    path = tmp_path / f"m{suffix}"
    path.write_text("x = 1\n", encoding="utf-8")
    document = structchunk.parse(path)
    assert document.format == "code"
    assert document.metadata["code_language"] == language


def test_a_directory_is_refused(tmp_path: Path) -> None:
    with pytest.raises(SourceNotFoundError, match="directory") as caught:
        structchunk.split(str(tmp_path))
    assert caught.value.origin == str(tmp_path)


@needs_posix
def test_a_symlink_loop_is_refused(tmp_path: Path) -> None:
    loop = tmp_path / "loop.md"
    os.symlink(loop, loop)
    with pytest.raises(SourceNotFoundError) as caught:
        structchunk.split(str(loop))
    assert caught.value.origin == str(loop)


@needs_posix
def test_a_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.md"
    os.mkfifo(fifo)
    with pytest.raises(SourceNotFoundError, match="named pipe") as caught:
        structchunk.split(str(fifo))
    assert caught.value.origin == str(fifo)
    with pytest.raises(SourceNotFoundError, match="named pipe"):
        structchunk.parse(fifo)


@needs_posix
def test_dev_zero_is_refused_before_reading(capsys: pytest.CaptureFixture[str]) -> None:
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero")
    with pytest.raises(SourceNotFoundError, match="character device") as caught:
        structchunk.split(Path("/dev/zero"))
    assert caught.value.origin == "/dev/zero"
    main(["split", "/dev/zero"])  # a folder run skips it by name; it must neither hang nor read
    captured = capsys.readouterr()
    assert "/dev/zero: not a regular file" in captured.err and not captured.out
    assert main(["inspect", "/dev/zero"]) == 1
    assert "/dev/zero: is a character device" in capsys.readouterr().err


@needs_posix
def test_the_cli_refuses_a_fifo(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fifo = tmp_path / "pipe.txt"
    os.mkfifo(fifo)
    main(["split", str(fifo)])
    assert f"{fifo}: not a regular file" in capsys.readouterr().err
    assert main(["inspect", str(fifo)]) == 1
    assert "named pipe" in capsys.readouterr().err


def test_endless_standard_input_is_cut_at_max_bytes(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    class Zeros:
        def read(self, size: int = -1) -> bytes:
            assert size > 0, "standard input must be read with a bound"
            return b"\0" * size

    monkeypatch.setattr(sys, "stdin", type("Stdin", (), {"buffer": Zeros()})())
    assert main(["split", "-", "--max-bytes", "1000"]) == 1
    assert "max_bytes=1,000" in capsys.readouterr().err


def test_inputs_over_max_bytes_are_refused_naming_file_and_limit(tmp_path: Path) -> None:
    path = tmp_path / "big.md"
    path.write_text("# A\n\n" + "word " * 100, encoding="utf-8")
    size = path.stat().st_size
    with pytest.raises(SourceTooLargeError) as caught:
        structchunk.split(path, max_bytes=100)
    message = str(caught.value)
    assert str(path) in message and "max_bytes=100" in message and f"{size:,}" in message
    assert structchunk.split(path, max_bytes=size)
    with pytest.raises(SourceTooLargeError, match="<bytes>"):
        structchunk.parse(path.read_bytes(), max_bytes=size - 1)
    with pytest.raises(SourceTooLargeError, match="<string>"):
        structchunk.split_text("x" * 11, max_bytes=10)
    with pytest.raises(SourceTooLargeError):
        structchunk.split(from_text("x" * 11), max_bytes=10)


def test_the_cli_takes_max_bytes_and_language(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "doc.md"
    path.write_text("# Titel\n\nEin Satz. Noch ein Satz.\n", encoding="utf-8")
    assert main(["split", str(path), "--max-bytes", "10"]) == 1
    assert "max_bytes=10" in capsys.readouterr().err
    assert main(["split", str(path), "--language", "de"]) == 0
    assert '"language": "de"' in capsys.readouterr().out
    assert main(["split", str(path), "--lang", "de"]) == 0


@pytest.mark.parametrize("limit", [0, -1, 1.5, "10", True])
def test_a_bad_max_bytes_is_a_clear_error(limit: object) -> None:
    with pytest.raises(StructchunkError, match="max_bytes"):
        structchunk.split_text("text", max_bytes=limit)  # type: ignore[arg-type]
    with pytest.raises(StructchunkError, match="max_bytes"):
        structchunk.parse(b"text", max_bytes=limit)  # type: ignore[arg-type]
