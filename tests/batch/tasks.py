"""Worker tasks that misbehave on purpose, importable by worker processes."""

from __future__ import annotations

import os
import signal
import time

from structchunk.batch.worker import FileResult, Job, chunk_job


def hang_or_crash(job: Job) -> FileResult:
    """`hang.md` never finishes, `crash.md` kills its worker; others are chunked normally."""
    if job.item.relative.endswith("hang.md"):
        time.sleep(60)
    if job.item.relative.endswith("crash.md"):
        os._exit(9)
    return chunk_job(job)


def slow_and_marked(job: Job) -> FileResult:
    """Chunks normally, but first leaves a mark (its process id) in `$FAULT_MARKS` and waits
    `$FAULT_DELAY` seconds, so a test can tell how far a run got and strike in between."""
    marks = os.environ.get("FAULT_MARKS")
    if marks:
        name = job.item.relative.replace("/", "_")
        with open(os.path.join(marks, f"{os.getpid()}-{name}"), "w") as mark:
            mark.write(str(os.getpid()))
    time.sleep(float(os.environ.get("FAULT_DELAY", "0")))
    return chunk_job(job)


def sigkill_on_name(job: Job) -> FileResult:
    """A file named `*sigkill-early.md` kills its worker before chunking, `*sigkill-late.md`
    after (with the result ready but not sent); others are chunked normally."""
    if job.item.relative.endswith("sigkill-early.md"):
        os.kill(os.getpid(), signal.SIGKILL)
    result = chunk_job(job)
    if job.item.relative.endswith("sigkill-late.md"):
        os.kill(os.getpid(), signal.SIGKILL)
    return result


def memory_hog_on_name(job: Job) -> FileResult:
    """A file named `*memory-hog.md` runs its worker out of memory under an address-space
    limit (which then stays on that process); others are chunked normally."""
    if job.item.relative.endswith("memory-hog.md"):
        import resource

        with open("/proc/self/statm") as statm:
            used = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
        resource.setrlimit(resource.RLIMIT_AS, (used + (256 << 20), resource.RLIM_INFINITY))
        hog = bytearray(1 << 31)
        del hog
    return chunk_job(job)
