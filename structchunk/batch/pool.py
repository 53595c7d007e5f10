"""Worker processes that hold one file each, so a worker that dies is charged to its file.

A general pool cannot say which task a dead worker held when it died between messages (and
pebble's then stops the whole pool: "Unexpected error within the Pool"). Here each worker
has its own pipe and at most one job, so the parent always knows the file: a worker killed
by a signal, by the kernel's out-of-memory killer or by a crash becomes a failed result for
that file, a fresh worker takes its place, and the run goes on, every time. A worker
answers each job with `STARTED` before it works on it, so one that dies before that (killed
while idle) is not charged with the file it was just handed: the file goes to a fresh
worker. A file past the timeout has its worker killed; a worker that ran out of memory
reports it and is replaced, since its process may stay crippled.

Workers ignore SIGINT (the parent decides what an interruption means) and exit as soon as
the parent is gone: a thread in each waits on a pipe only the parent writes to.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from typing import Any

from structchunk.batch.worker import FileResult, Job

Task = Callable[[Job], FileResult]
IN_FLIGHT_PER_WORKER = 4  # results held for in-order output, per worker
_STOP_SECONDS = 2.0
_RETRIES = 2  # hand-overs of a job whose worker died before it started the job
OUT_OF_MEMORY = "ran out of memory"
STARTED = "started"  # a worker's first answer to a job: from now on the file is its own


def guarded(task: Task, job: Job) -> FileResult:
    """The task's result, or a failed result: one bad file must not stop a collection."""
    try:
        return task(job)
    except MemoryError:
        return FileResult(job.item, error=OUT_OF_MEMORY)
    except Exception as err:  # noqa: BLE001
        return FileResult(job.item, error=f"internal error: {type(err).__name__}: {err}")


def serve(connection: Connection, lifeline: Connection, task: Task) -> None:
    """A worker's loop: a job in, a result out, until the pipe closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    threading.Thread(target=_exit_with_parent, args=(lifeline,), daemon=True).start()
    while True:
        try:
            job = connection.recv()
            connection.send(STARTED)
        except (EOFError, OSError):
            return
        result = guarded(task, job)
        try:
            connection.send(result)
        except (EOFError, OSError):
            return
        except Exception as err:  # noqa: BLE001 - a result that cannot be pickled
            connection.send(FileResult(job.item, error=f"internal error: {err}"))
        if result.error == OUT_OF_MEMORY:
            return  # a process that ran out of memory may stay crippled: a fresh one follows


def _exit_with_parent(lifeline: Connection) -> None:
    with contextlib.suppress(EOFError, OSError):
        lifeline.recv()
    os._exit(1)


@dataclass
class _Worker:
    process: BaseProcess
    connection: Connection
    index: int | None = None  # the job it holds
    job: Job | None = None
    started: float = 0.0
    acknowledged: bool = False  # the worker said it started the job


class WorkerPool:
    """`run(jobs)` yields one result per job, in the order of the jobs."""

    def __init__(self, workers: int, task: Task, timeout: float | None,
                 context: multiprocessing.context.BaseContext) -> None:
        self._size = max(1, workers)
        self._task = task
        self._timeout = timeout
        self._context = context
        self._lifeline_reader, self._lifeline_writer = context.Pipe(duplex=False)
        self._workers: list[_Worker] = []
        self._retry: deque[tuple[int, Job]] = deque()
        self._tries: dict[int, int] = {}

    def run(self, jobs: Iterable[Job]) -> Iterator[FileResult]:
        source = iter(jobs)
        done: dict[int, FileResult] = {}
        queued = 0  # jobs handed out so far
        emitted = 0
        exhausted = False
        limit = self._size * IN_FLIGHT_PER_WORKER
        try:
            while True:
                while self._retry and self._idle() is not None:
                    index, job = self._retry.popleft()
                    self._hand(job, index)
                while not exhausted and queued - emitted < limit and self._idle() is not None:
                    fresh = next(source, None)
                    if fresh is None:
                        exhausted = True
                        break
                    self._hand(fresh, queued)
                    queued += 1
                while emitted in done:
                    yield done.pop(emitted)
                    emitted += 1
                if exhausted and emitted == queued:
                    return
                self._wait(done)
        finally:
            self.close()

    def _idle(self) -> _Worker | None:
        for worker in list(self._workers):
            if worker.job is None and not worker.process.is_alive():
                self._replace(worker)  # died between files: no file to charge it to
                continue
            if worker.job is None:
                return worker
        if len(self._workers) < self._size:
            self._workers.append(self._start())
            return self._workers[-1]
        return None

    def _hand(self, job: Job, index: int) -> None:
        worker = self._idle()
        assert worker is not None
        worker.job, worker.index, worker.started = job, index, time.monotonic()
        worker.acknowledged = False
        with contextlib.suppress(EOFError, OSError):  # a dead worker: its sentinel tells
            worker.connection.send(job)

    def _start(self) -> _Worker:
        ours, theirs = self._context.Pipe()
        process = self._context.Process(  # type: ignore[attr-defined]
            target=serve, args=(theirs, self._lifeline_reader, self._task), daemon=True,
            name="structchunk-worker")
        process.start()
        theirs.close()
        return _Worker(process, ours)

    def _wait(self, done: dict[int, FileResult]) -> None:
        busy = [worker for worker in self._workers if worker.job is not None]
        if not busy:
            return
        waits: list[Any] = [worker.connection for worker in busy]
        waits += [worker.process.sentinel for worker in busy]
        ready = set(wait(waits, timeout=self._next_deadline(busy)))
        for worker in busy:
            alive = True
            if worker.connection in ready:
                alive = self._read(worker, done)
                if worker.job is None:
                    continue  # settled: a result came
            job, index = worker.job, worker.index
            assert job is not None and index is not None
            if not alive or worker.process.sentinel in ready:
                self._replace(worker)
                self._tries[index] = self._tries.get(index, 0) + 1
                if not worker.acknowledged and self._tries[index] <= _RETRIES:
                    self._retry.append((index, job))  # died before it had the file
                else:
                    done[index] = FileResult(job.item, error=_death(worker.process))
            elif self._timeout is not None and (
                    time.monotonic() - worker.started > self._timeout):
                done[index] = FileResult(
                    job.item, error=f"took longer than {self._timeout:g} s (--timeout)")
                self._replace(worker)

    def _read(self, worker: _Worker, done: dict[int, FileResult]) -> bool:
        """Read what the worker sent (its job is settled when a result came); False when
        the pipe broke: the worker died."""
        job, index = worker.job, worker.index
        assert job is not None and index is not None
        try:
            while worker.connection.poll():
                message = worker.connection.recv()
                if message == STARTED:
                    worker.acknowledged = True
                    worker.started = time.monotonic()
                    continue
                done[index] = message
                worker.job = None
                if message.error == OUT_OF_MEMORY:  # it exits: never hand it another
                    self._replace(worker)
                return True
        except (EOFError, OSError):
            return False
        except Exception as err:  # noqa: BLE001 - a result that cannot be unpickled
            done[index] = FileResult(job.item, error=f"internal error: the result could "
                                                     f"not be read ({err})")
            worker.job = None
            self._replace(worker)
            return True
        return True

    def _next_deadline(self, busy: list[_Worker]) -> float | None:
        if self._timeout is None or not busy:
            return None
        soonest = min(worker.started for worker in busy) + self._timeout
        return max(0.0, soonest - time.monotonic()) + 0.01

    def _replace(self, worker: _Worker) -> None:
        _stop(worker, at_once=True)
        self._workers.remove(worker)

    def close(self) -> None:
        """Busy workers are killed, idle ones told to stop; none is left behind."""
        for worker in self._workers:
            _stop(worker, at_once=worker.job is not None)
        self._workers = []
        with contextlib.suppress(OSError):
            self._lifeline_writer.close()
        with contextlib.suppress(OSError):
            self._lifeline_reader.close()


def _stop(worker: _Worker, *, at_once: bool) -> None:
    with contextlib.suppress(OSError):
        worker.connection.close()
    process = worker.process
    if at_once and process.is_alive():
        with contextlib.suppress(OSError, AttributeError):
            process.kill()
    process.join(_STOP_SECONDS)
    if process.is_alive():
        with contextlib.suppress(OSError, AttributeError):
            process.kill()
        process.join(_STOP_SECONDS)


def _death(process: BaseProcess) -> str:
    process.join(_STOP_SECONDS)
    code = process.exitcode
    if code is not None and code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = f"signal {-code}"
        how = f"killed by {name}"
    else:
        how = f"exit code {code}"
    return f"worker process ended ({how}): out of memory or crashed"


def pool_context() -> multiprocessing.context.BaseContext:
    """forkserver where there is one: safe beside the progress thread, and cheap per worker."""
    if sys.platform.startswith("linux"):
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["structchunk.batch.warm"])
        return context
    return multiprocessing.get_context("spawn")
