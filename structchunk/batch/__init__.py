"""Whole collections: find the files, chunk them in parallel, write rows, remember what ran.

The stages are separate modules so that the command line, the Ray integration and tests use
the same pieces: `discover` (which files), `worker` (one file to rows), `pool` and `runner`
(many files in processes, in input order, a dead worker charged to its file), `rows` (the
row schema), `writers` (JSON lines, Parquet), `safe_write` (temporary file, fsync, rename),
`manifest` and `earlier` (what an `--append` rerun may keep, verified), `progress_log` (what
an interrupted run finished), `plan` (which files to chunk), `own_files` (the files a run
keeps beside its output), `interrupt` (SIGINT and SIGTERM) and `progress`.
"""
