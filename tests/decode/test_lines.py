"""Line tables and the decoding fallbacks at their edges: where each line ends under every
kind of line break, how much control text still counts as text, and what a text's id is."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from structchunk.decode import Source, decode_bytes, from_text, load, read_source
from structchunk.errors import DecodeError, SourceTooLargeError


def test_each_line_ends_before_its_own_break_whatever_the_break() -> None:
    text = "ab\r\ncd\ref\n\ngh"
    source = from_text(text)
    assert tuple(source.line_starts) == (0, 4, 7, 10, 11)
    lines = [text[source.line_start(n):source.line_end(n)] for n in range(source.line_count)]
    assert lines == ["ab", "cd", "ef", "", "gh"]
    assert source.line_start(source.line_count) == len(text)
    assert [source.line_of(offset) for offset in (0, 3, 4, 7, 10, 11, 12)] == [1, 1, 2, 3, 4, 5, 5]


def test_a_trailing_break_opens_no_empty_last_line() -> None:
    source = from_text("one\r\ntwo\r\n")
    assert tuple(source.line_starts) == (0, 5)
    assert tuple(from_text("\r\n").line_starts) == (0,)
    assert tuple(from_text("").line_starts) == (0,)


def test_a_line_holding_only_a_break_ends_where_it_starts() -> None:
    source = from_text("\n\r\n\rx")
    assert tuple(source.line_starts) == (0, 1, 3, 4)
    assert [source.line_end(n) for n in range(4)] == [0, 1, 3, 5]


def test_tabs_and_form_feeds_in_a_legacy_file_are_text() -> None:
    data = ("Name\tWert\fStraße\tMüller\n" * 20).encode("cp1252")
    source = decode_bytes(data, "tabelle.txt")
    assert source.encoding == "cp1252"
    assert "Müller" in source.text and "\f" in source.text
    assert source.warnings and "first bad byte at" in source.warnings[0]


def test_a_few_stray_control_bytes_do_not_make_a_file_binary() -> None:
    body = "Grüße aus Köln, viele Grüße.\n".encode("cp1252") * 10
    data = body + b"\x1b"  # one escape byte in about 290: well under the binary threshold
    assert decode_bytes(data, "brief.txt").text.endswith("\x1b")


def test_many_control_bytes_make_a_non_utf8_file_binary() -> None:
    data = bytes(range(1, 9)) * 20 + b"\xff"
    with pytest.raises(DecodeError, match="not a text file .*control bytes"):
        decode_bytes(data, "blob.bin")


def test_the_id_of_unnamed_text_is_a_short_hash_of_its_text() -> None:
    first = from_text("Ein Satz.").source_id
    assert re.fullmatch(r"sha256:[0-9a-f]{16}", first)
    assert first != from_text("Ein Satz!").source_id
    assert first == from_text("Ein Satz.").source_id


def test_a_source_over_the_limit_is_counted_in_characters() -> None:
    with pytest.raises(SourceTooLargeError, match="is 12 characters, more than .*max_bytes=5"):
        load(Source("zwölf Zeichen"[:12], "notes.txt"), max_bytes=5)
    with pytest.raises(SourceTooLargeError, match="is 6 bytes, more than .*max_bytes=5"):
        load(b"sechs!", max_bytes=5)
    assert load(b"fuenf", max_bytes=5).data == b"fuenf"  # type: ignore[union-attr]


@pytest.mark.parametrize("separator", ["\f", "\r", "\t"])
def test_page_breaks_and_line_breaks_are_never_counted_as_control_bytes(separator: str) -> None:
    data = ("Seite ä" + separator).encode("cp1252") * 50  # one separator in eight bytes
    source = decode_bytes(data, "seiten.txt")
    assert source.encoding == "cp1252"
    assert source.text.count(separator) == 50 and source.text.startswith("Seite ä")


@pytest.mark.parametrize(("encoding", "text"), [
    ("utf-16-le", "Hi"), ("utf-16-be", "Hi"), ("utf-32-le", "Hi"), ("utf-32-be", "Hi"),
    ("utf-16-le", "ok"), ("utf-32-le", "Zeile eins\nZeile zwei\n"),
])
def test_the_shortest_wide_texts_without_a_byte_order_mark_are_read(encoding: str,
                                                                   text: str) -> None:
    source = decode_bytes(text.encode(encoding), "kurz.txt")
    assert (source.text, source.encoding) == (text, encoding)
    assert "no byte-order mark" in source.warnings[0]


def test_a_file_read_from_a_path_is_named_by_it(tmp_path: Path) -> None:
    path = tmp_path / "notiz.txt"
    path.write_bytes("Grüße\n".encode("cp1252"))
    source = read_source(path)
    assert (source.text, source.origin, source.path) == ("Grüße\n", str(path), str(path))
    with pytest.raises(SourceTooLargeError, match="notiz.txt"):
        read_source(path, max_bytes=3)


_BREAKS = ["a", "é", "\n", "\r", "\r\n", " ", "\x0b", "\x0c", "\x1c", "\x85", "\u2028", "\u2029"]


def _by_pattern(text: str | bytes) -> list[int]:
    """The line table by its definition: 0, then after every \\r\\n, \\r or \\n, no empty line
    after a final break."""
    pattern = r"\r\n|\r|\n" if isinstance(text, str) else rb"\r\n|\r|\n"
    starts = [0] + [match.end() for match in re.finditer(pattern, text)]
    return starts[:-1] if len(starts) > 1 and starts[-1] == len(text) else starts


@pytest.mark.parametrize("piece", [1, 3, 7, 1 << 16])
def test_line_tables_break_at_cr_lf_and_crlf_only_in_pieces_of_any_size(
        piece: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """`splitlines` also breaks at form feeds, U+2028 and the like: those texts, and pieces
    that end right after a \\r or inside a \\r\\n, must give the table of the definition."""
    import random

    from structchunk import decode

    monkeypatch.setattr(decode, "_PIECE", piece)
    rnd = random.Random(piece)
    texts = ["", "x", "\n", "\r", "\r\n", "\r\r\n\n", "ab\r\ncd\ref\n\ngh"] + [
        "".join(rnd.choice(_BREAKS) for _ in range(rnd.randrange(40))) for _ in range(3000)]
    for text in texts:
        assert list(decode.compute_line_starts(text)) == _by_pattern(text), repr(text)
        data = text.encode("utf-8")
        assert list(decode.line_offsets(data, "q")) == _by_pattern(data), repr(text)
