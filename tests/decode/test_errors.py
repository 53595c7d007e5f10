"""Every refusal of `decode` names the file and says, in full, what is wrong with it.

The messages are what a user sees when a batch run skips a file, so their wording is part
of the contract: each test asserts the whole message and the `origin` the error carries.
"""

from __future__ import annotations

import codecs
import errno
import os
import socket
import stat
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from structchunk import decode
from structchunk.errors import DecodeError, OptionError, SourceNotFoundError, SourceTooLargeError


def _refusal(error: type[Exception], call, *args, **kwargs) -> Exception:  # type: ignore[no-untyped-def]
    with pytest.raises(error) as caught:
        call(*args, **kwargs)
    return caught.value


def test_a_missing_file_is_named_with_no_such_file(tmp_path: Path) -> None:
    missing = tmp_path / "gone.md"
    err = _refusal(SourceNotFoundError, decode.read_path, missing)
    assert str(err) == f"{missing}: no such file"
    assert err.origin == str(missing)  # type: ignore[attr-defined]


def test_an_empty_path_is_not_a_file_name() -> None:
    err = _refusal(SourceNotFoundError, decode.read_path, "")
    assert str(err) == "<empty path>: is not a file name"


def test_a_path_with_a_nul_byte_is_not_a_file_name() -> None:
    err = _refusal(SourceNotFoundError, decode.read_path, "a\x00b.md")
    assert str(err) == "a\x00b.md: is not a file name"


def test_a_directory_is_refused_as_a_directory(tmp_path: Path) -> None:
    err = _refusal(SourceNotFoundError, decode.read_path, tmp_path)
    assert str(err) == f"{tmp_path}: is a directory, not a file"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_named_pipe_is_refused_by_its_kind(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe.md"
    os.mkfifo(pipe)
    err = _refusal(SourceNotFoundError, decode.read_path, pipe)
    assert str(err) == f"{pipe}: is a named pipe (FIFO); only regular files are read"


@pytest.mark.skipif(not os.path.exists("/dev/null"), reason="needs /dev/null")
def test_a_character_device_is_refused_by_its_kind() -> None:
    err = _refusal(SourceNotFoundError, decode.read_path, "/dev/null")
    assert str(err) == "/dev/null: is a character device; only regular files are read"


@pytest.mark.skipif(not hasattr(socket, "AF_UNIX"), reason="needs unix sockets")
def test_a_socket_is_refused_by_its_kind(tmp_path: Path) -> None:
    path = tmp_path / "s.sock"
    server = socket.socket(socket.AF_UNIX)
    try:
        server.bind(str(path))
        err = _refusal(SourceNotFoundError, decode.read_path, path)
    finally:
        server.close()
    assert str(err) == f"{path}: is a socket; only regular files are read"


@pytest.mark.parametrize(("mode", "kind"), [
    (stat.S_IFBLK, "a block device"),
    (stat.S_IFCHR, "a character device"),
    (stat.S_IFIFO, "a named pipe (FIFO)"),
    (stat.S_IFSOCK, "a socket"),
    (0, "not a regular file"),
])
def test_each_kind_of_special_file_is_named(mode: int, kind: str) -> None:
    err = _refusal(SourceNotFoundError, decode.check_regular, mode, "x.md")
    assert str(err) == f"x.md: is {kind}; only regular files are read"


def test_a_regular_file_passes_the_kind_check() -> None:
    decode.check_regular(stat.S_IFREG | 0o644, "x.md")


def _refuse(name: str, real: Any) -> Any:
    """`real` (os.stat or the opener), raising EACCES for `name` as the system does for a
    user without the permission: root reads any file, and CI runs as root."""
    def refusing(path: Any, *args: Any, **kwargs: Any) -> Any:
        if os.fsdecode(path) == name:
            raise PermissionError(errno.EACCES, "Permission denied", name)
        return real(path, *args, **kwargs)
    return refusing


def test_an_unreadable_file_says_why(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "secret.md"
    path.write_text("# a\n", encoding="utf-8")
    monkeypatch.setattr(decode, "open_readonly", _refuse(str(path), decode.open_readonly))
    err = _refusal(SourceNotFoundError, decode.read_path, path)
    assert str(err) == f"{path}: cannot be read (Permission denied)"


def test_a_file_in_an_unreadable_folder_says_why(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "locked"
    folder.mkdir()
    (folder / "a.md").write_text("# a\n", encoding="utf-8")
    monkeypatch.setattr(decode.os, "stat", _refuse(str(folder / "a.md"), os.stat))
    err = _refusal(SourceNotFoundError, decode.read_path, folder / "a.md")
    assert str(err) == f"{folder / 'a.md'}: cannot be read (Permission denied)"


def test_a_name_the_system_refuses_says_why(tmp_path: Path) -> None:
    path = tmp_path / ("n" * 5000)
    err = _refusal(SourceNotFoundError, decode.read_path, path)
    assert str(err) == f"{path}: cannot be read (File name too long)"


def test_a_file_over_the_limit_gives_its_size_and_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "big.txt"
    path.write_bytes(b"x" * 1500)
    err = _refusal(SourceTooLargeError, decode.read_path, path, max_bytes=1000)
    assert str(err) == (f"{path}: is 1,500 bytes, more than the limit of max_bytes=1,000 "
                        "(raise max_bytes to read it)")
    assert err.origin == str(path)  # type: ignore[attr-defined]


def test_a_file_exactly_at_the_limit_is_read(tmp_path: Path) -> None:
    path = tmp_path / "edge.txt"
    path.write_bytes(b"y" * 1000)
    assert decode.read_path(path, max_bytes=1000) == b"y" * 1000


def test_bytes_over_the_limit_are_named_as_bytes() -> None:
    err = _refusal(SourceTooLargeError, decode.load, b"abcdef", max_bytes=5)
    assert str(err) == ("<bytes>: is 6 bytes, more than the limit of max_bytes=5 "
                        "(raise max_bytes to read it)")


def test_a_source_over_the_limit_is_named_by_its_origin_in_characters() -> None:
    source = decode.from_text("ä" * 6, origin="notes.txt")
    err = _refusal(SourceTooLargeError, decode.load, source, max_bytes=5)
    assert str(err) == ("notes.txt: is 6 characters, more than the limit of max_bytes=5 "
                        "(raise max_bytes to read it)")


@pytest.mark.parametrize("bad", [0, -3, 1.5, True, "100", None])
def test_a_bad_max_bytes_is_refused_with_its_value(bad: object) -> None:
    err = _refusal(OptionError, decode.load, b"text", max_bytes=bad)
    assert str(err) == f"max_bytes must be a whole number above 0, not {bad!r}"


def test_load_names_bytes_and_paths_for_what_they_are(tmp_path: Path) -> None:
    raw = decode.load(b"abc")
    assert isinstance(raw, decode.RawInput)
    assert (raw.data, raw.origin, raw.path) == (b"abc", "<bytes>", None)
    path = tmp_path / "n.md"
    path.write_bytes(b"hi")
    raw = decode.load(path)
    assert isinstance(raw, decode.RawInput)
    assert (raw.data, raw.origin, raw.path) == (b"hi", str(path), str(path))
    source = decode.read_source(os.fsencode(path))  # type: ignore[arg-type]
    assert (source.text, source.origin, source.path) == ("hi", str(path), str(path))


def test_load_refuses_other_types_by_name() -> None:
    err = _refusal(TypeError, decode.load, 42)
    assert str(err) == "expected a path, bytes or Source, not int"


def test_a_bad_byte_after_a_byte_order_mark_gives_the_encoding_and_the_byte() -> None:
    data = codecs.BOM_UTF8 + b"ok \xff"
    err = _refusal(DecodeError, decode.decode_bytes, data, "bom.txt")
    assert str(err) == ("bom.txt: has a utf-8 byte-order mark but is not valid utf-8 "
                        "at byte 3")


def test_binary_with_nul_bytes_is_not_text() -> None:
    data = bytes(range(256)) * 4
    err = _refusal(DecodeError, decode.decode_bytes, data, "blob.bin")
    assert str(err) == "blob.bin: is not a text file (it contains NUL bytes)"


def test_binary_with_control_bytes_is_not_text() -> None:
    data = bytes([1, 2, 3, 4, 0xFF, 5, 6, 7]) * 20
    err = _refusal(DecodeError, decode.decode_bytes, data, "ctrl.bin")
    assert str(err) == "ctrl.bin: is not a text file (it contains control bytes)"


def test_unmarked_utf16_that_does_not_decode_names_what_it_looks_like() -> None:
    data = "Hallo Welt".encode("utf-16-le") + b"\x00\xd8" + "ab".encode("utf-16-le")
    err = _refusal(DecodeError, decode.decode_bytes, data, "w.txt")
    assert str(err) == ("w.txt: looks like UTF-16-LE without a byte-order mark, but is not "
                        "valid UTF-16-LE at byte 20")


def test_unmarked_utf16_that_decodes_to_controls_is_not_text() -> None:
    data = ("Hallo" + "\x01\x02\x03" * 4).encode("utf-16-le")
    err = _refusal(DecodeError, decode.decode_bytes, data, "c.txt")
    assert str(err) == ("c.txt: looks like UTF-16-LE without a byte-order mark, but decodes "
                        "to control characters: not a text file")


def test_a_legacy_file_records_the_first_bad_byte_and_its_encoding() -> None:
    source = decode.decode_bytes("Grüße aus Köln".encode("cp1252"), "legacy.txt")
    assert source.encoding == "cp1252"
    assert source.warnings == ("not valid UTF-8 (first bad byte at 2); decoded as cp1252",)
    assert source.origin == "legacy.txt" and source.path is None


def test_unmarked_wide_text_records_how_it_was_read() -> None:
    source = decode.decode_bytes("Hallo Welt, wie geht's?".encode("utf-16-be"), "w.txt")
    assert source.encoding == "utf-16-be"
    assert source.warnings == (
        "no byte-order mark; decoded as utf-16-be (NUL bytes in every code unit)",)


@pytest.mark.parametrize(("bom", "encoding"), [
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
])
def test_a_byte_order_mark_gives_the_encoding_label_and_no_warning(bom: bytes,
                                                                  encoding: str) -> None:
    source = decode.decode_bytes(bom + "Straße".encode(encoding), "b.txt", "b.txt")
    assert (source.text, source.encoding, source.warnings) == ("Straße", encoding, ())
    assert (source.origin, source.path) == ("b.txt", "b.txt")


def test_plain_utf8_is_labelled_utf8_without_warnings() -> None:
    source = decode.decode_bytes("नमस्ते".encode())
    assert (source.encoding, source.warnings, source.origin) == ("utf-8", (), "<bytes>")


def test_a_lone_surrogate_is_named_with_its_code_point_and_offset() -> None:
    err = _refusal(DecodeError, decode.from_text, "ab\udc80c", "s.txt")
    assert str(err) == ("s.txt: is not valid Unicode text: lone surrogate U+DC80 at offset 2 "
                        "(a str decoded with 'surrogateescape' or 'surrogatepass'? pass the "
                        "bytes instead)")


def test_from_text_defaults_name_a_string() -> None:
    source = decode.from_text("x\ny")
    assert (source.origin, source.path, source.encoding, source.warnings) == (
        "<string>", None, "utf-8", ())
    assert tuple(source.line_starts) == (0, 2)


# The thresholds that tell wide text from binary, tested right at their edges.

def test_utf32_with_one_astral_character_in_twenty_is_still_utf32() -> None:
    text = "a" * 19 + "\U0001F600"  # 95% of code units have two zero high bytes
    source = decode.decode_bytes(text.encode("utf-32-le"), "emoji.txt")
    assert (source.text, source.encoding) == (text, "utf-32-le")
    source = decode.decode_bytes(text.encode("utf-32-be"), "emoji.txt")
    assert (source.text, source.encoding) == (text, "utf-32-be")


def test_utf32_is_judged_on_every_code_unit_of_the_sample() -> None:
    # The one astral character sits among the first four fifths of the units.
    text = "a" * 15 + "\U0001F600" + "a" * 4
    for encoding in ("utf-32-le", "utf-32-be"):
        source = decode.decode_bytes(text.encode(encoding), "emoji.txt")
        assert (source.text, source.encoding) == (text, encoding)


def test_utf32_zeros_are_counted_per_code_unit_not_across_neighbours() -> None:
    # Two units spoil the pattern, each in another byte: 18 of 20 units are zero in both
    # high bytes, below 95%, so this is binary, not broken UTF-32.
    units = [b"a\x00\x00\x00"] * 20
    units[4], units[5] = b"a\x00\x01\x00", b"a\x00\x00\x01"
    err = _refusal(DecodeError, decode.decode_bytes, b"".join(units), "x.bin")
    assert str(err) == "x.bin: is not a text file (it contains NUL bytes)"


def test_utf16_with_one_latin_letter_in_ten_is_read() -> None:
    text = "क" * 9 + "a"  # one code unit in ten has a zero high byte
    for encoding in ("utf-16-le", "utf-16-be"):
        source = decode.decode_bytes(text.encode(encoding), "hindi.txt")
        assert (source.text, source.encoding) == (text, encoding)


def test_utf16_with_zero_low_bytes_at_a_tenth_of_the_zero_high_bytes_is_read() -> None:
    text = "a" * 10 + "一" + "क" * 9  # 一 is U+4E00: its low byte is zero
    for encoding in ("utf-16-le", "utf-16-be"):
        source = decode.decode_bytes(text.encode(encoding), "mixed.txt")
        assert (source.text, source.encoding) == (text, encoding)


def test_control_bytes_at_exactly_five_percent_leave_a_legacy_file_text() -> None:
    data = b"\x01" * 5 + "Grüße, ".encode("cp1252") * 13 + b"abcd"  # 5 of 100 bytes
    assert len(data) == 100
    source = decode.decode_bytes(data, "five.txt")
    assert source.encoding == "cp1252" and source.text.startswith("\x01" * 5)
    err = _refusal(DecodeError, decode.decode_bytes, b"\x01" + data, "six.txt")
    assert str(err) == "six.txt: is not a text file (it contains control bytes)"


def test_the_control_byte_share_is_judged_on_the_first_8_kib_only() -> None:
    # 409 control bytes are 4.99% of the first 8,192; the 410th, just past them, is not read.
    head = b"\x01" * 409 + b"\xe9" + b"a" * (8192 - 410)
    source = decode.decode_bytes(head + b"\x01 tail", "edge.txt")
    assert source.encoding == "cp1252" and source.text.endswith("a\x01 tail")
    err = _refusal(DecodeError, decode.decode_bytes, b"\x01" + head, "over.txt")
    assert str(err) == "over.txt: is not a text file (it contains control bytes)"


# Reading races and failures after the file was found, simulated at the system calls.

def test_a_file_that_cannot_be_opened_after_its_stat_says_why(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "a.md"
    path.write_text("# a\n", encoding="utf-8")

    def refuse(name: str) -> int:
        raise PermissionError(13, "Permission denied")
    monkeypatch.setattr(decode, "open_readonly", refuse)
    err = _refusal(SourceNotFoundError, decode.read_path, path)
    assert str(err) == f"{path}: cannot be read (Permission denied)"


def test_a_failing_read_says_why(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "a.md"
    path.write_text("# a\n", encoding="utf-8")

    class Failing:
        def __init__(self, descriptor: int, mode: str) -> None:
            self.descriptor = descriptor

        def __enter__(self) -> Failing:
            return self

        def __exit__(self, *exc: object) -> None:
            os.close(self.descriptor)

        def fileno(self) -> int:
            return self.descriptor

        def read(self, size: int) -> bytes:
            raise OSError(5, "Input/output error")
    monkeypatch.setattr(decode.os, "fdopen", Failing)
    err = _refusal(SourceNotFoundError, decode.read_path, path)
    assert str(err) == f"{path}: cannot be read (Input/output error)"


def _reporting(real: Callable[[Any], os.stat_result], field: int, value: int
               ) -> Callable[[Any], os.stat_result]:
    """`os.stat` or `os.fstat` with one field of its answer replaced: a file changed since."""
    def changed(target: Any) -> os.stat_result:
        info = list(real(target))
        info[field] = value
        return os.stat_result(info)
    return changed


def test_a_file_replaced_by_a_pipe_after_its_stat_is_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "a.md"
    path.write_text("# a\n", encoding="utf-8")
    monkeypatch.setattr(decode.os, "fstat", _reporting(os.fstat, 0, stat.S_IFIFO | 0o644))
    err = _refusal(SourceNotFoundError, decode.read_path, path)
    assert str(err) == f"{path}: is a named pipe (FIFO); only regular files are read"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_real_pipe_swapped_in_after_the_stat_does_not_hang_the_read(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The stat saw a regular file; by the open it is a named pipe with no writer. Opened
    without blocking, the read is refused at once instead of waiting for a writer."""
    pipe = tmp_path / "swapped.md"
    os.mkfifo(pipe)
    monkeypatch.setattr(decode.os, "stat", _reporting(os.stat, 0, stat.S_IFREG | 0o644))
    outcome: list[BaseException] = []

    def read() -> None:
        try:
            decode.read_path(pipe)
        except BaseException as err:  # noqa: BLE001 - handed to the test thread
            outcome.append(err)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(timeout=30)  # a liveness bound, not a timing: the open returns at once
    hung = reader.is_alive()
    if hung:  # release the blocked open so the thread ends
        os.close(os.open(pipe, os.O_WRONLY | os.O_NONBLOCK))
        reader.join(timeout=30)
    assert not hung, "reading a pipe swapped in after the stat blocked"
    assert len(outcome) == 1 and isinstance(outcome[0], SourceNotFoundError)
    assert str(outcome[0]) == f"{pipe}: is a named pipe (FIFO); only regular files are read"


def test_a_file_that_grew_after_its_stat_is_read_only_one_byte_past_the_limit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "log.txt"
    path.write_bytes(b"z" * 5000)
    monkeypatch.setattr(decode.os, "stat", _reporting(os.stat, 6, 10))  # the size it had
    err = _refusal(SourceTooLargeError, decode.read_path, path, max_bytes=100)
    assert str(err) == (f"{path}: is 101 bytes, more than the limit of max_bytes=100 "
                        "(raise max_bytes to read it)")


def test_a_limit_of_one_byte_is_allowed() -> None:
    raw = decode.load(b"a", max_bytes=1)
    assert isinstance(raw, decode.RawInput) and raw.data == b"a"


def test_bytes_cp1252_leaves_undefined_are_read_as_latin1() -> None:
    source = decode.decode_bytes(b"caf\xe9 \x81 ok", "odd.txt")
    assert (source.text, source.encoding) == ("café \x81 ok", "latin-1")
    assert source.warnings == ("not valid UTF-8 (first bad byte at 3); decoded as latin-1",)


def test_unmarked_wide_text_from_a_path_keeps_its_name(tmp_path: Path) -> None:
    path = tmp_path / "wide.txt"
    path.write_bytes("Zeile eins\nZeile zwei\n".encode("utf-16-le"))
    source = decode.read_source(path)
    assert (source.origin, source.path, source.encoding) == (str(path), str(path), "utf-16-le")


def test_a_nul_character_in_unmarked_wide_text_makes_it_binary() -> None:
    text = "Ein ganz gewöhnlicher Satz mit vielen Wörtern darin, " * 4 + "\x00" + "Ende."
    err = _refusal(DecodeError, decode.decode_bytes, text.encode("utf-16-le"), "n.txt")
    assert str(err) == ("n.txt: looks like UTF-16-LE without a byte-order mark, but decodes "
                        "to control characters: not a text file")


def test_four_bytes_are_too_few_to_call_utf32() -> None:
    err = _refusal(DecodeError, decode.decode_bytes, b"a\x00\x00\x00", "one.txt")
    assert str(err) == "one.txt: is not a text file (it contains NUL bytes)"


def test_an_odd_number_of_bytes_is_never_wide_text() -> None:
    data = "Hallo Welt".encode("utf-16-le") + b"!"
    err = _refusal(DecodeError, decode.decode_bytes, data, "odd.txt")
    assert str(err) == "odd.txt: is not a text file (it contains NUL bytes)"


def test_a_source_built_without_line_starts_computes_them() -> None:
    source = decode.Source(text="eins\nzwei\r\ndrei", origin="x.txt")
    assert tuple(source.line_starts) == (0, 5, 11)
    assert decode.Source(text="", origin="x.txt").line_count == 0


@pytest.mark.parametrize(("text", "line", "end"), [
    ("\r\nx", 0, 0), ("a\r\nb", 0, 1), ("\nabc\r", 0, 0), ("a\rb", 0, 1), ("ab\n", 0, 2),
    ("ab\r", 0, 2), ("ab\r\n", 0, 2), ("ab\n", 1, 3), ("ab\n", 5, 3), ("ab", 0, 2),
])
def test_a_line_ends_before_its_whole_break(text: str, line: int, end: int) -> None:
    assert decode.from_text(text).line_end(line) == end


def test_a_text_longer_than_the_tree_can_count_is_refused_by_name() -> None:
    from structchunk.decode import MAX_CHARACTERS, check_length
    from structchunk.errors import SourceTooLargeError

    check_length(MAX_CHARACTERS, "big.md")
    with pytest.raises(SourceTooLargeError, match="big.md"):
        check_length(MAX_CHARACTERS + 1, "big.md")
