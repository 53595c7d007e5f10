"""Turn a path, bytes or text into a `Source`: decoded text with its line table.

Offsets everywhere in structchunk are code-point indices into `Source.text`, which is the
decoded file with its line endings exactly as they were (CRLF and CR count as they appear).
"""

from __future__ import annotations

import codecs
import hashlib
import os
import stat
from array import array
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import accumulate
from pathlib import Path

import regex

from structchunk.errors import (
    DecodeError,
    OptionError,
    SourceNotFoundError,
    SourceTooLargeError,
)
from structchunk.nfc import nfc

LINE_BREAK = regex.compile(r"\r\n|\r|\n")
BLANK_LINE_PATTERN = r"(?:\r\n|\r(?!\n)|\n)[^\S\r\n]*(?:\r\n|\r|\n)"
"""A blank line: a line break, nothing but spaces, a line break; CRLF, CR and LF alike (a
CRLF is one break, never a CR and a blank line). The one definition every splitter uses."""
BLANK_LINE = regex.compile(BLANK_LINE_PATTERN)
_SURROGATE = regex.compile("[\ud800-\udfff]")

_BOMS: tuple[tuple[bytes, str], ...] = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)

# Files that are not UTF-8 are read as cp1252, what "Latin-1" files written on Windows
# usually are, and as latin-1 (which decodes any byte string) where cp1252 cannot.


@dataclass(frozen=True)
class Source:
    """Decoded text plus what every parser needs to map lines to character offsets."""

    text: str
    origin: str
    path: str | None = None
    encoding: str = "utf-8"
    warnings: tuple[str, ...] = ()
    # An array of machine integers (`compute_line_starts`): a tuple of boxed offsets took
    # about 40 bytes a line, 2 bytes per character of Markdown with short lines. Derived from
    # `text`, so it takes no part in equality.
    line_starts: Sequence[int] = field(default=(), repr=False, compare=False)
    id: str | None = None

    def __post_init__(self) -> None:
        check_length(len(self.text), self.origin)
        if not self.text.isascii():
            surrogate = _SURROGATE.search(self.text)
            if surrogate is not None:
                raise DecodeError(
                    f"is not valid Unicode text: lone surrogate U+{ord(surrogate.group()):04X} "
                    f"at offset {surrogate.start()} (a str decoded with 'surrogateescape' or "
                    "'surrogatepass'? pass the bytes instead)", self.origin)
        if not self.line_starts and self.text:
            object.__setattr__(self, "line_starts", compute_line_starts(self.text))

    @property
    def source_id(self) -> str:
        """What chunk ids are derived from: `id` when set (`split(..., source_id=...)`), else
        the file's resolved absolute path (the same from any working directory, however the
        path is spelled), else a hash of the NFC-normalised text."""
        return self.id_given_nfc(None)

    def id_given_nfc(self, nfc_text: str | None) -> str:
        """`source_id`, for a caller that already holds the NFC form of the text (it is then
        not normalised a second time)."""
        if self.id is not None:
            return self.id
        if self.path is not None:
            return Path(os.path.realpath(self.path)).as_posix()
        # NFC first: the same text typed in NFC or NFD must give the same ids.
        if nfc_text is None:
            nfc_text = nfc(self.text)
        # A Source never holds a lone surrogate (`__post_init__` refuses one).
        return "sha256:" + hashlib.sha256(nfc_text.encode("utf-8")).hexdigest()[:16]

    @property
    def line_count(self) -> int:
        return len(self.line_starts)

    def line_of(self, offset: int) -> int:
        """1-based line number of a character offset."""
        return bisect_right(self.line_starts, offset)

    def line_start(self, line: int) -> int:
        """Offset of 0-based `line`; one past the last line gives len(text)."""
        if line >= len(self.line_starts):
            return len(self.text)
        return self.line_starts[line]

    def line_end(self, line: int) -> int:
        """Offset just before the line break that ends 0-based `line` (or the text's end)."""
        if line + 1 < len(self.line_starts):
            end = self.line_starts[line + 1]
        elif line + 1 == len(self.line_starts) and self.text.endswith(("\n", "\r")):
            end = len(self.text)  # the last line, ended by a break
        else:
            return len(self.text)
        if self.text[end - 1] == "\n":
            end -= 1
            if end > self.line_starts[line] and self.text[end - 1] == "\r":
                end -= 1
        elif self.text[end - 1] == "\r":
            end -= 1
        return end


def compute_line_starts(text: str) -> array[int]:
    """Line starts treating \\r\\n, \\r and \\n as breaks, as markdown-it's normaliser does,
    as 4-byte integers."""
    # offsets fit: a Source is at most MAX_CHARACTERS long
    if text.isascii():  # bytes break lines at \r\n, \r and \n only
        return line_offsets(text.encode("ascii"), "i")
    if not any(mark in text for mark in _OTHER_BREAKS):
        return line_offsets(text, "i")
    starts = array("i", (0,))
    starts.extend(match.end() for match in LINE_BREAK.finditer(text))
    if len(starts) > 1 and starts[-1] == len(text):
        starts.pop()
    return starts


# What `str.splitlines` breaks at beyond \r and \n; a text without them splits as LINE_BREAK.
_OTHER_BREAKS = ("\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029")
_PIECE = 1 << 16


def line_offsets(data: str | bytes, typecode: str) -> array[int]:
    """The offsets where lines start in `data`, a str without `_OTHER_BREAKS` or bytes, in
    an array of `typecode`: the lengths of `splitlines`' lines summed in C, about four times
    as fast as a Python step per match of LINE_BREAK. The data is split in pieces that end
    just after a \\n (never inside a \\r\\n), so at most 64K characters of lines exist
    at a time."""
    newline: str | bytes = "\n" if isinstance(data, str) else b"\n"
    starts = array(typecode)
    start, size = 0, len(data)
    while start < size:
        stop = data.find(newline, start + _PIECE) + 1  # type: ignore[arg-type]
        if stop <= 0:
            stop = size
        # `start`, then where each line of the piece ends: the last is `stop`, the next
        # piece's `start`, or the end of the data, where no line starts
        starts.extend(accumulate(map(len, data[start:stop].splitlines(True)), initial=start))
        starts.pop()
        start = stop
    return starts if starts else array(typecode, (0,))


def from_text(text: str, origin: str = "<string>", path: str | None = None,
              encoding: str = "utf-8", warnings: tuple[str, ...] = ()) -> Source:
    return Source(text=text, origin=origin, path=path, encoding=encoding,
                  warnings=warnings, line_starts=compute_line_starts(text))


# A character beyond ASCII that decoded from valid UTF-8 (not a replacement character).
_UTF8_CHARACTER = regex.compile("[^\x00-\x7f\ufffd]")


def decode_bytes(data: bytes, origin: str = "<bytes>", path: str | None = None) -> Source:
    """Decode with BOM detection, UTF-8 first, then legacy encodings with a recorded warning."""
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            try:
                text = data[len(bom):].decode(encoding)
            except UnicodeDecodeError as err:
                raise DecodeError(f"has a {encoding} byte-order mark but is not valid "
                                  f"{encoding} at byte {err.start}", origin) from err
            return from_text(text, origin, path, encoding)
    if b"\x00" in data:
        return _decode_unmarked_wide(data, origin, path)
    try:
        return from_text(data.decode("utf-8"), origin, path, "utf-8")
    except UnicodeDecodeError as err:
        first_bad = err.start
    if _looks_binary(data):
        raise DecodeError("is not a text file (it contains control bytes)", origin)
    replaced = data.decode("utf-8", "replace")
    bad = replaced.count("\ufffd") - data.count(b"\xef\xbf\xbd")
    if len(_UTF8_CHARACTER.findall(replaced)) > bad:
        # A UTF-8 file with a few bad bytes (more valid UTF-8 characters beyond ASCII than
        # bad bytes) stays UTF-8: only the bad bytes become U+FFFD, flagged. Reading the
        # whole file as a legacy encoding would garble every one of its good characters.
        warning = (f"not valid UTF-8 at {bad} byte sequence(s) (first at byte {first_bad}); "
                   "decoded as UTF-8 with each replaced by U+FFFD")
        return from_text(replaced, origin, path, "utf-8", (warning,))
    try:
        encoding, text = "cp1252", data.decode("cp1252")
    except UnicodeDecodeError:  # five bytes cp1252 leaves undefined; latin-1 decodes any byte
        encoding, text = "latin-1", data.decode("latin-1")
    warning = f"not valid UTF-8 (first bad byte at {first_bad}); decoded as {encoding}"
    return from_text(text, origin, path, encoding, (warning,))


def _decode_unmarked_wide(data: bytes, origin: str, path: str | None) -> Source:
    """UTF-16 or UTF-32 without a byte-order mark, told by where its NUL bytes stand.

    Text in those encodings has NUL bytes in fixed positions of each code unit (the high
    byte of every Latin character); binary data has them anywhere. A file whose NULs follow
    one pattern and that decodes cleanly is read with a warning; one that follows a pattern
    but does not decode is named as what it looks like.
    """
    encoding = _wide_encoding(data)
    if encoding is None:
        raise DecodeError("is not a text file (it contains NUL bytes)", origin)
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as err:
        raise DecodeError(f"looks like {encoding.upper()} without a byte-order mark, but is "
                          f"not valid {encoding.upper()} at byte {err.start}", origin) from err
    if "\x00" in text or _looks_binary(text.encode()):
        raise DecodeError(f"looks like {encoding.upper()} without a byte-order mark, but "
                          "decodes to control characters: not a text file", origin)
    warning = f"no byte-order mark; decoded as {encoding} (NUL bytes in every code unit)"
    return from_text(text, origin, path, encoding, (warning,))


def _wide_encoding(data: bytes) -> str | None:
    sample = data[:8192]
    if len(sample) >= 8 and len(data) % 4 == 0:
        units = len(sample) // 4
        for encoding, high in (("utf-32-le", (2, 3)), ("utf-32-be", (0, 1))):
            zeros = sum(1 for index in range(units) if not sample[4 * index + high[0]]
                        and not sample[4 * index + high[1]])
            if zeros >= units * 0.95:
                return encoding
    if len(sample) < 4 or len(data) % 2:
        return None
    pairs = len(sample) // 2
    even = sum(1 for byte in sample[0:2 * pairs:2] if not byte)
    odd = sum(1 for byte in sample[1:2 * pairs:2] if not byte)
    if odd >= pairs * 0.1 and even * 10 <= odd:
        return "utf-16-le"
    if even >= pairs * 0.1 and odd * 10 <= even:
        return "utf-16-be"
    return None


def _looks_binary(data: bytes) -> bool:
    sample = data[:8192]
    controls = sum(1 for byte in sample if byte < 32 and byte not in (9, 10, 12, 13))
    return controls > len(sample) * 0.05


DEFAULT_MAX_BYTES = 200_000_000


@dataclass(frozen=True)
class RawInput:
    """Undecoded content: a file's bytes (with its path) or bytes given by the caller."""

    data: bytes
    origin: str
    path: str | None = None


def load(item: str | os.PathLike[str] | bytes | Source, max_bytes: int = DEFAULT_MAX_BYTES
         ) -> RawInput | Source:
    """The one place that decides what an input is.

    A `str` or `os.PathLike` is always a path, never text (text goes through `from_text`);
    `bytes` are content; a `Source` is ready. Every kind is held to `max_bytes`.
    """
    check_max_bytes(max_bytes)
    if isinstance(item, Source):
        check_size(len(item.text), max_bytes, item.origin, unit="characters")
        return item
    if isinstance(item, (bytes, bytearray, memoryview)):
        data = bytes(item)
        check_size(len(data), max_bytes, "<bytes>")
        return RawInput(data, "<bytes>")
    if isinstance(item, (str, os.PathLike)):
        origin = os.fsdecode(item)
        return RawInput(read_path(item, max_bytes), origin, origin)
    raise TypeError(f"expected a path, bytes or Source, not {type(item).__name__}")


def read_source(path: str | os.PathLike[str], max_bytes: int = DEFAULT_MAX_BYTES) -> Source:
    """A file decoded: `read_path` then `decode_bytes`."""
    origin = os.fsdecode(path)
    return decode_bytes(read_path(path, max_bytes), origin, origin)


def read_path(path: str | os.PathLike[str], max_bytes: int = DEFAULT_MAX_BYTES) -> bytes:
    """The bytes of a regular file, refusing anything else before reading a byte.

    FIFOs, devices (`/dev/zero`), sockets and directories are refused by `os.stat`, and the
    file is opened without blocking and read at most `max_bytes + 1` bytes, so no input can
    hang or exhaust memory.
    """
    origin = os.fsdecode(path)
    if not origin or "\x00" in origin:
        raise SourceNotFoundError("is not a file name", origin or "<empty path>")
    try:
        info = os.stat(origin)
    except FileNotFoundError as err:
        raise SourceNotFoundError("no such file", origin) from err
    except OSError as err:  # a name with a NUL byte, the one ValueError, is refused above
        raise SourceNotFoundError(f"cannot be read ({err.strerror})", origin) from err
    check_regular(info.st_mode, origin)
    check_size(info.st_size, max_bytes, origin)
    try:
        descriptor = open_readonly(origin)
    except OSError as err:
        raise SourceNotFoundError(f"cannot be read ({err.strerror})", origin) from err
    with os.fdopen(descriptor, "rb") as handle:
        check_regular(os.fstat(handle.fileno()).st_mode, origin)  # replaced since the stat?
        try:
            data = handle.read(max_bytes + 1)
        except OSError as err:
            raise SourceNotFoundError(f"cannot be read ({err.strerror})", origin) from err
    check_size(len(data), max_bytes, origin)
    return data


def open_readonly(name: str) -> int:
    """Open without blocking: a file swapped for a FIFO after the stat cannot hang the read."""
    return os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))


def check_max_bytes(max_bytes: object) -> None:
    if isinstance(max_bytes, bool) or not isinstance(max_bytes, int) or max_bytes < 1:
        raise OptionError(f"max_bytes must be a whole number above 0, not {max_bytes!r}")


# The most characters a text may have: the tree stores offsets and line numbers in 4 bytes in
# compiled builds (16 bytes less per node), and a longer text would need over 20 GB to chunk.
MAX_CHARACTERS = 2**31 - 1


def check_length(length: int, origin: str) -> None:
    """Refuse a text of more than `MAX_CHARACTERS` characters, whatever `max_bytes` allows."""
    if length > MAX_CHARACTERS:
        raise SourceTooLargeError(
            f"is {length:,} characters, more than the {MAX_CHARACTERS:,} structchunk reads",
            origin)


def check_size(size: int, max_bytes: int, origin: str, *, unit: str = "bytes") -> None:
    """Refuse input above `max_bytes`; for text the size counts characters."""
    if size > max_bytes:
        raise SourceTooLargeError(
            f"is {size:,} {unit}, more than the limit of max_bytes={max_bytes:,} "
            "(raise max_bytes to read it)", origin)


def check_regular(mode: int, origin: str) -> None:
    """Refuse what is not a regular file, naming what it is: reading a FIFO or a device
    would block or never end."""
    if stat.S_ISREG(mode):
        return
    if stat.S_ISDIR(mode):
        raise SourceNotFoundError("is a directory, not a file", origin)
    kind = ("a named pipe (FIFO)" if stat.S_ISFIFO(mode) else
            "a character device" if stat.S_ISCHR(mode) else
            "a block device" if stat.S_ISBLK(mode) else
            "a socket" if stat.S_ISSOCK(mode) else "not a regular file")
    raise SourceNotFoundError(f"is {kind}; only regular files are read", origin)

