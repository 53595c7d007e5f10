"""Writes that never leave a partial file under the name a reader trusts.

Every output, manifest and progress rewrite goes to a temporary file in the same folder,
created with the mode the final file should have (the old file's, else what the umask
gives), and is `fsync`ed and renamed over the final name only when complete. Any failure,
including one inside the writer's close, removes the temporary file, and is reported as an
`OutputError` that names the final file: "cannot write out.parquet: no space left on device".
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from pathlib import Path
from typing import IO, Any, Protocol

from structchunk.batch.own_files import temporary_path
from structchunk.batch.writers import JsonLinesWriter, ParquetWriter, RowWriter
from structchunk.errors import OutputError, StructchunkError


def output_error(target: Path, err: BaseException) -> OutputError:
    """'cannot write out.jsonl: no space left on device' from an OS or Arrow error."""
    code = getattr(err, "errno", None) or _errno_in_text(str(err))
    reason = os.strerror(code) if code else (getattr(err, "strerror", None) or str(err))
    reason = reason[:1].lower() + reason[1:]
    return OutputError(f"cannot write {target}: {reason}")


def _errno_in_text(text: str) -> int | None:
    """Arrow reports OS failures in its message only ("[errno 28] No space left on device")."""
    lowered = text.lower()
    for code in (errno.ENOSPC, errno.EDQUOT, errno.EROFS, errno.EACCES, errno.EFBIG, errno.EIO):
        if f"errno {code}]" in lowered or os.strerror(code).lower() in lowered:
            return code
    return None


class AtomicFile:
    """A temporary file beside `final` that becomes `final` on `commit`, or disappears."""

    def __init__(self, final: Path) -> None:
        self.final = final
        self.path = temporary_path(final)

    def create(self) -> Path:
        try:
            handle = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC,
                             0o666)
            try:
                with contextlib.suppress(FileNotFoundError):
                    os.fchmod(handle, stat.S_IMODE(os.stat(self.final).st_mode))
            finally:
                os.close(handle)
        except OSError as err:
            raise output_error(self.final, err) from err
        return self.path

    def commit(self) -> None:
        """fsync the data, rename it over the final name, fsync the folder's entry."""
        try:
            handle = os.open(self.path, os.O_RDONLY | os.O_CLOEXEC)
            try:
                os.fsync(handle)
            finally:
                os.close(handle)
            os.replace(self.path, self.final)
        except OSError as err:
            self.discard()
            raise output_error(self.final, err) from err
        _fsync_folder(self.final.parent)

    def discard(self) -> None:
        with contextlib.suppress(OSError):
            os.unlink(self.path)


def write_text_atomically(final: Path, text: str) -> None:
    """A small file (a manifest) replaced whole."""
    atomic = AtomicFile(final)
    path = atomic.create()
    try:
        path.write_text(text, encoding="utf-8")
        atomic.commit()
    except OSError as err:
        atomic.discard()
        raise output_error(final, err) from err
    except BaseException:  # an interruption: no temporary file stays behind
        atomic.discard()
        raise


def _fsync_folder(folder: Path) -> None:
    """So the rename survives a power loss; some file systems cannot, which is no error."""
    with contextlib.suppress(OSError):
        handle = os.open(folder or Path("."), os.O_RDONLY | os.O_CLOEXEC)
        try:
            os.fsync(handle)
        finally:
            os.close(handle)


class RowOutput:
    """The rows of a run, written to a temporary file and put in place by `commit`."""

    def __init__(self, target: Path, parquet: bool) -> None:
        self._target = target
        self._atomic = AtomicFile(target)
        self._stream: IO[str] | None = None
        self._writer: RowWriter | None = None
        self.committed = False
        path = self._atomic.create()
        try:
            if parquet:
                self._writer = ParquetWriter(path)
            else:
                self._stream = open(path, "w", encoding="utf-8")  # noqa: SIM115
                self._writer = JsonLinesWriter(self._stream)
        except StructchunkError:
            self.discard()
            raise
        except Exception as err:
            self.discard()
            raise output_error(target, err) from err
        except BaseException:
            self.discard()
            raise

    def write(self, rows: list[dict[str, Any]]) -> None:
        assert self._writer is not None
        try:
            self._writer.write(rows)
        except Exception as err:
            self.discard()
            raise output_error(self._target, err) from err

    def commit(self) -> None:
        assert self._writer is not None
        try:
            self._writer.close()
            if self._stream is not None:
                self._stream.close()
        except Exception as err:
            self.discard()
            raise output_error(self._target, err) from err
        self._atomic.commit()
        self.committed = True

    def discard(self) -> None:
        """Close quietly (a full disk may fail the close too) and remove the file."""
        if self._writer is not None:
            with contextlib.suppress(Exception):
                self._writer.close()
        if self._stream is not None:
            with contextlib.suppress(Exception):
                self._stream.close()
        self._writer = None
        self._stream = None
        self._atomic.discard()


class RowSink(Protocol):
    committed: bool  # the rows stand complete under the output's name

    def write(self, rows: list[dict[str, Any]]) -> None: ...
    def commit(self) -> None: ...
    def discard(self) -> None: ...


class StdoutRows:
    """Rows to standard output: there is no file to protect, only a stream to flush."""

    def __init__(self, stream: IO[str]) -> None:
        self._writer = JsonLinesWriter(stream)
        self.committed = False

    def write(self, rows: list[dict[str, Any]]) -> None:
        self._writer.write(rows)

    def commit(self) -> None:
        self._writer.close()

    def discard(self) -> None:
        with contextlib.suppress(Exception):
            self._writer.close()
