"""What a long run shows: a rich bar on a terminal, a plain line now and then in a log,
nothing with --quiet; and one summary at the end."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import IO, Any, Protocol

from structchunk.batch.worker import FileResult

PLAIN_INTERVAL_SECONDS = 10.0


@dataclass
class Tally:
    """Counts of a run, kept by whoever consumes results; the summary is made from it."""

    files_total: int = 0
    bytes_total: int = 0
    done: int = 0
    reused: int = 0
    failed: list[tuple[str, str]] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    chunks: int = 0
    bytes_done: int = 0
    started: float = field(default_factory=time.perf_counter)

    def add(self, result: FileResult, path: str) -> None:
        if result.error is not None:
            self.failed.append((path, result.error))
        else:
            self.done += 1
            self.chunks += len(result.rows)
        self.bytes_done += result.size_bytes

    @property
    def seconds(self) -> float:
        return max(time.perf_counter() - self.started, 1e-9)

    def summary(self) -> str:
        megabytes = self.bytes_done / 1e6
        lines = [f"structchunk: {self.done} file(s) done"
                 + (f" ({self.reused} unchanged, kept)" if self.reused else "")
                 + f", {len(self.skipped)} skipped, {len(self.failed)} failed; "
                 f"{self.chunks} chunks written; {megabytes:.2f} MB in {self.seconds:.1f} s "
                 f"({megabytes / self.seconds:.2f} MB/s)"]
        lines += [f"structchunk: skipped: {path}: {reason}" for path, reason in self.skipped]
        lines += [f"structchunk: failed: {path}: {reason}" for path, reason in self.failed]
        return "\n".join(lines)


class Display(Protocol):
    def update(self, tally: Tally) -> None: ...
    def close(self) -> None: ...


class Silent:
    def update(self, tally: Tally) -> None:
        pass

    def close(self) -> None:
        pass


class PlainLines:
    """For logs and CI: a line every few seconds, never a control sequence."""

    def __init__(self, stream: IO[str], interval: float | None = None) -> None:
        self._stream = stream
        self._interval = PLAIN_INTERVAL_SECONDS if interval is None else interval
        self._last = time.perf_counter()

    def update(self, tally: Tally) -> None:
        now = time.perf_counter()
        if now - self._last < self._interval:
            return
        self._last = now
        megabytes = tally.bytes_done / 1e6
        self._stream.write(f"structchunk: {tally.done + len(tally.failed)}/{tally.files_total} "
                           f"files, {megabytes:.1f} MB, {tally.chunks} chunks, "
                           f"{megabytes / tally.seconds:.2f} MB/s\n")
        self._stream.flush()

    def close(self) -> None:
        pass


class RichBar:
    """Files, MB/s, chunks/s and the time left, on a terminal."""

    def __init__(self, stream: IO[str]) -> None:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeRemainingColumn,
        )

        self._progress = Progress(
            TextColumn("[bold]chunking"), BarColumn(), MofNCompleteColumn(),
            TextColumn("{task.fields[rate]}"), TimeRemainingColumn(),
            console=Console(file=stream), transient=True)
        self._task: Any = None
        self._progress.start()

    def update(self, tally: Tally) -> None:
        if self._task is None:
            self._task = self._progress.add_task("files", total=tally.files_total, rate="")
        megabytes = tally.bytes_done / 1e6
        rate = (f"{megabytes / tally.seconds:.2f} MB/s, "
                f"{tally.chunks / tally.seconds:.0f} chunks/s")
        self._progress.update(self._task, completed=tally.done + len(tally.failed), rate=rate)

    def close(self) -> None:
        self._progress.stop()


def make_display(stream: IO[str], quiet: bool) -> Display:
    if quiet:
        return Silent()
    if getattr(stream, "isatty", lambda: False)():
        return RichBar(stream)
    return PlainLines(stream)
