"""Many files in worker processes; results come back in input order whatever the job count.

A file that raises, runs past the timeout or kills its worker (out of memory, a crash) is a
failed result with a reason; a fresh worker takes the place of the dead one and the run goes
on (`structchunk.batch.pool`).
"""

from __future__ import annotations

from collections.abc import Generator, Iterable

from structchunk.batch.pool import Task, WorkerPool, guarded, pool_context
from structchunk.batch.worker import FileResult, Job, chunk_job

__all__ = ["Task", "run_jobs"]


def run_jobs(jobs: Iterable[Job], *, workers: int = 1, timeout: float | None = None,
             task: Task = chunk_job) -> Generator[FileResult, None, None]:
    """Yield one result per job, in the order of `jobs`."""
    if workers <= 1 and timeout is None:
        for job in jobs:
            yield guarded(task, job)
        return
    yield from WorkerPool(workers, task, timeout, pool_context()).run(jobs)
