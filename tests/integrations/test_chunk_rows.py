"""`ChunkRows`, the callable Ray Data maps over rows, called directly in this process: the
options it is given, the path a row with a root gets, bad files raised or skipped, and
`read_chunks` refusing an empty list of paths."""

from __future__ import annotations

import pytest

from structchunk.errors import StructchunkError
from structchunk.integrations.ray import ChunkRows

NOTE = b"# Crossings\n\nThe ferry runs hourly. The last one leaves at ten.\n\n" \
       b"## Winter\n\nIn winter the ferry runs every two hours and stops at eight.\n"


def test_rows_are_cut_with_the_options_given_and_carry_extra_columns() -> None:
    rows = ChunkRows(max_size=60)({"bytes": NOTE, "path": "notes/ferry.md", "team": "port"})
    assert len(rows) > 1
    assert all(row["size"] <= 60 for row in rows)
    assert all('"team": "port"' in row["metadata"] for row in rows)


def test_a_row_under_a_root_is_named_by_its_path_inside_the_root() -> None:
    under_root = ChunkRows()({"bytes": NOTE, "path": "notes/ferry.md", "root": "notes"})
    alone = ChunkRows()({"bytes": NOTE, "path": "notes/ferry.md"})
    assert {row["path"] for row in under_root} == {"ferry.md"}
    assert {row["path"] for row in alone} == {"notes/ferry.md"}


def test_a_bad_file_is_raised_with_its_path_or_skipped() -> None:
    row = {"bytes": NOTE, "path": "notes/ferry.md"}
    with pytest.raises(StructchunkError, match=r"^notes/ferry\.md: max_size must be"):
        ChunkRows(on_error="raise", max_size=0)(row)
    assert ChunkRows(on_error="skip", max_size=0)(row) == []
    with pytest.raises(StructchunkError, match="on_error must be 'raise' or 'skip', not 'RAISE'"):
        ChunkRows(on_error="RAISE")


def test_read_chunks_refuses_an_empty_list_of_paths() -> None:
    pytest.importorskip("ray.data")
    from structchunk.integrations.ray import read_chunks

    with pytest.raises(StructchunkError) as raised:
        read_chunks([])
    assert str(raised.value) == "no paths given"
