"""Many files in worker processes; results come back in input order whatever the job count.

A file that raises, runs past the timeout or kills its worker (out of memory, a crash) is a
failed result with a reason; the pool replaces the worker and the run goes on.
"""

from __future__ import annotations

import multiprocessing
import sys
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout

from structchunk.batch.worker import FileResult, Job, chunk_job

Task = Callable[[Job], FileResult]

# Futures kept in flight per worker: enough to keep workers busy while results are written
# in order, few enough that memory stays flat on large collections.
_IN_FLIGHT_PER_WORKER = 4


def run_jobs(jobs: Iterable[Job], *, workers: int = 1, timeout: float | None = None,
             task: Task = chunk_job) -> Iterator[FileResult]:
    """Yield one result per job, in the order of `jobs`."""
    if workers <= 1 and timeout is None:
        for job in jobs:
            yield _guarded(task, job)
        return
    yield from _in_pool(jobs, workers, timeout, task)


def _guarded(task: Task, job: Job) -> FileResult:
    try:
        return task(job)
    except MemoryError:
        return FileResult(job.item, error="ran out of memory")
    except Exception as err:  # noqa: BLE001 - one bad file must not stop a collection
        return FileResult(job.item, error=f"internal error: {type(err).__name__}: {err}")


def _in_pool(jobs: Iterable[Job], workers: int, timeout: float | None,
             task: Task) -> Iterator[FileResult]:
    from pebble import ProcessPool

    pending: deque[tuple[Job, Future[FileResult]]] = deque()
    limit = max(1, workers) * _IN_FLIGHT_PER_WORKER
    with ProcessPool(max_workers=max(1, workers), context=_context()) as pool:
        try:
            for job in jobs:
                pending.append((job, pool.schedule(_guarded, args=(task, job),
                                                   timeout=timeout)))
                while len(pending) >= limit:
                    yield _collect(*pending.popleft(), timeout)
            while pending:
                yield _collect(*pending.popleft(), timeout)
        finally:
            for _job, future in pending:
                future.cancel()


def _collect(job: Job, future: Future[FileResult], timeout: float | None) -> FileResult:
    from pebble import ProcessExpired

    try:
        return future.result()
    except FutureTimeout:
        return FileResult(job.item, error=f"took longer than {timeout:g} s (--timeout)")
    except ProcessExpired as err:
        return FileResult(job.item, error=f"worker process ended (exit code {err.exitcode}): "
                                         "out of memory or crashed")
    except Exception as err:  # noqa: BLE001
        return FileResult(job.item, error=f"internal error: {type(err).__name__}: {err}")


def _context() -> multiprocessing.context.BaseContext:
    """forkserver where there is one: safe beside the progress thread, and cheap per worker."""
    if sys.platform.startswith("linux"):
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["structchunk.batch.warm"])
        return context
    return multiprocessing.get_context("spawn")
