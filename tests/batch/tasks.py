"""Worker tasks that misbehave on purpose, importable by worker processes."""

from __future__ import annotations

import os
import time

from structchunk.batch.worker import FileResult, Job, chunk_job


def hang_or_crash(job: Job) -> FileResult:
    """`hang.md` never finishes, `crash.md` kills its worker; others are chunked normally."""
    if job.item.relative.endswith("hang.md"):
        time.sleep(60)
    if job.item.relative.endswith("crash.md"):
        os._exit(9)
    return chunk_job(job)
