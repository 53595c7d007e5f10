"""CSV: one table, its first record the header repeated in every piece, content verbatim."""

from __future__ import annotations

from pathlib import Path

import structchunk
from structchunk import NodeKind
from tests.invariants import assert_chunks_valid, assert_units_whole


def test_every_piece_repeats_the_header(tmp_path: Path) -> None:
    text = "town,days,price\n" + "".join(f"Town {n},{n % 5 + 1},\"{n}.50\"\n"
                                        for n in range(60))
    text += '"Long, quoted\nname",3,"1.00"\n'
    path = tmp_path / "prices.csv"
    path.write_text(text)
    document = structchunk.parse(path)
    assert document.format == "csv"
    chunks = structchunk.split(document, max_size=200)
    assert_chunks_valid(text, chunks, 200)
    assert len(chunks) > 4
    assert all(chunk.text.splitlines()[0] == "town,days,price" or
               chunk.content.startswith("town,days,price") for chunk in chunks)
    rows = [(node.start, node.end) for node, _ in document.root.walk()
            if node.kind is NodeKind.ROW]
    assert text[rows[-1][0]:rows[-1][1]] == '"Long, quoted\nname",3,"1.00"'
    assert_units_whole(text, chunks, rows)


def test_a_first_record_of_numbers_is_data(tmp_path: Path) -> None:
    path = tmp_path / "values.tsv"
    path.write_text("1\t2\n3\t4\n")
    document = structchunk.parse(path)
    table = next(node for node, _ in document.root.walk() if node.kind is NodeKind.TABLE)
    assert table.attrs["header_rows"] == 0
