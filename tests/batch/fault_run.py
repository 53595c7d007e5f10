"""`python -m tests.batch.fault_run split ...`: the real command line, with the worker task
of `tests.batch.tasks.slow_and_marked` and progress written after every second file, so the
fault tests can interrupt a run at a known point."""

from __future__ import annotations

import functools
import os
import sys
from pathlib import Path

from structchunk.batch import progress_log
from structchunk.cli import collection as cli_collection
from structchunk.cli.main import main
from tests.batch.tasks import slow_and_marked

progress_log.BATCH_FILES = 2
cli_collection.split_collection = functools.partial(
    cli_collection.split_collection, task=slow_and_marked)

if __name__ == "__main__":
    if os.environ.get("FAULT_MARKS"):  # imports done: a strike now reaches the run itself
        Path(os.environ["FAULT_MARKS"] + ".ready").touch()
    sys.exit(main(sys.argv[1:]))
