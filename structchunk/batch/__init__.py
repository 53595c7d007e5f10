"""Whole collections: find the files, chunk them in parallel, write rows, remember what ran.

The stages are separate modules so that the command line, the Ray integration and tests use
the same pieces: `discover` (which files), `worker` (one file to rows), `runner` (many files
in processes, in input order), `rows` (the row schema), `writers` (JSON lines, Parquet),
`manifest` (what an `--append` run may skip) and `progress`.
"""
