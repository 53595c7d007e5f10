"""Table detection from its parts: cells out of a line's pieces, columns lining up, the checks
that tell a table from prose set in columns, and which column a cell falls in."""

from __future__ import annotations

from structchunk.parse.pdf import tables
from structchunk.parse.pdf.extract import Line
from structchunk.parse.pdf.tables import Table, aligned, cells, find_tables, table_rows
from tests.parse.pdf.conftest import line


def row(*texts: str, at: tuple[float, ...] = (72.0, 200.0, 330.0), size: float = 10.0
        ) -> Line:
    return line(*zip(at, texts, strict=False), size=size, width=40.0)


def test_pieces_closer_than_a_column_gap_are_one_cell() -> None:
    # The gap between two cells is 0.9 font sizes: 9 points at size 10.
    apart = line((72.0, "Nord"), (91.0, "Süd"), size=10.0, width=10.0)
    assert cells(apart) == [((72.0, 82.0), "Nord"), ((91.0, 101.0), "Süd")]
    close = line((72.0, "Nord"), (90.5, "Süd"), size=10.0, width=10.0)
    assert cells(close) == [((72.0, 100.5), "Nord Süd")]


def test_the_column_gap_has_a_floor_for_tiny_type() -> None:
    # At size 2 the gap would be 1.8 points; it is never below 0.9 * 4 = 3.6.
    tiny = line((10.0, "a"), (13.5, "b"), (20.0, "c"), size=2.0, width=1.0)
    assert [text for _span, text in cells(tiny)] == ["a b", "c"]


def test_pieces_become_cells_left_to_right_keeping_the_widest_edge() -> None:
    shuffled = line((200.0, "rechts"), (72.0, "links"), size=10.0, width=40.0)
    assert [text for _span, text in cells(shuffled)] == ["links", "rechts"]
    inner = Line()
    inner.add("Überschrift", 72.0, 700.0, 10.0, width=60.0)
    inner.add("x", 80.0, 700.0, 10.0, width=5.0)
    assert cells(inner) == [((72.0, 132.0), "Überschrift x")]


def test_cells_line_up_by_left_edge_right_edge_or_centre() -> None:
    assert aligned((100.0, 150.0), (103.0, 190.0))
    assert not aligned((100.0, 150.0), (103.5, 190.0))
    assert aligned((100.0, 150.0), (60.0, 147.0))
    assert not aligned((100.0, 150.0), (60.0, 146.5))
    assert aligned((100.0, 150.0), (112.0, 144.0))  # centres 125 and 128
    assert not aligned((100.0, 150.0), (112.0, 145.0))
    assert aligned((100.0, 150.0), (112.0, 145.0), slack=3.5)


def test_a_row_fits_columns_only_in_order_and_never_with_more_cells() -> None:
    columns = [(72.0, 112.0), (200.0, 240.0), (330.0, 370.0)]
    assert tables.row_fits(columns, [(72.0, 100.0), (330.0, 360.0)], 3.0)
    assert tables.row_fits(columns, [(200.0, 240.0)], 3.0)
    assert not tables.row_fits(columns, [(330.0, 370.0), (200.0, 240.0)], 3.0)
    assert not tables.row_fits(columns, [(72.0, 112.0), (150.0, 160.0)], 3.0)
    assert not tables.row_fits(columns[:2], [(72.0, 112.0), (200.0, 240.0), (330.0, 370.0)], 3.0)
    assert tables.row_fits([], [], 3.0)


def shapes(*rows: tuple[str, ...]) -> list[list[tuple[tuple[float, float], str]]]:
    return [cells(row(*texts)) for texts in rows]


COLUMNS3 = [(72.0, 112.0), (200.0, 240.0), (330.0, 370.0)]


def test_two_rows_make_a_table_of_three_columns_but_not_of_two() -> None:
    three = tables.judge_table(shapes(("Ort", "Höhe", "Regen"), ("Nord", "12", "714")), 4, COLUMNS3)
    assert three == Table(4, 5, COLUMNS3, True)
    two = shapes(("Ort", "Höhe"), ("Nord", "12"), ("Süd", "250"))
    assert tables.judge_table(two[:2], 0, COLUMNS3[:2]) is None
    assert tables.judge_table(two, 0, COLUMNS3[:2]) == Table(0, 2, COLUMNS3[:2], True)
    assert tables.judge_table(two[:1], 0, [COLUMNS3[0]]) is None


def test_a_first_row_with_a_number_is_no_header() -> None:
    judged = tables.judge_table(shapes(("2019", "Nord", "714"), ("2020", "Süd", "688")), 0,
                                COLUMNS3)
    assert judged is not None and not judged.header
    money = tables.judge_table(shapes(("Summe", "1.250,00 €", "41 %"), ("Rest", "98,40", "3 %")),
                          0, COLUMNS3)
    assert money is not None and not money.header


def test_long_cells_are_prose_not_a_table() -> None:
    cell = "x" * 60
    assert tables.judge_table(shapes((cell, cell, cell), (cell, cell, cell)), 0, COLUMNS3)
    longer = "x" * 61
    assert tables.judge_table(shapes((longer, longer, cell), (longer, cell, cell)), 0,
                         COLUMNS3) is None


def test_cells_ending_sentences_are_prose_when_more_than_half_do() -> None:
    half = shapes(("Erstens.", "Zweitens.", "Drittens"), ("Vier", "Fünf!", "Sechs"))
    assert tables.judge_table(half, 0, COLUMNS3) is not None
    most = shapes(("Erstens.", "Zweitens.", "Drittens;"), ("Vier", "Fünf!", "Sechs"))
    assert tables.judge_table(most, 0, COLUMNS3) is None


def test_a_table_needs_half_of_its_rows_filled() -> None:
    half = shapes(("Ort", "Höhe", "Regen"), ("Nord", "12"), ("Süd", "250", "688"), ("West",))
    assert tables.judge_table(half, 0, COLUMNS3) is not None
    less = shapes(("Ort", "Höhe", "Regen"), ("Nord", "12"), ("Süd", "250"))
    assert tables.judge_table(less, 0, COLUMNS3) is None


def test_tables_are_runs_of_rows_between_other_lines() -> None:
    lines = [line("Einleitender Satz über die Tabelle."),
             row("Ort", "Höhe", "Regen"), row("Nord", "12 m", "714"), row("Süd", "250 m", "688"),
             line("Ein Satz danach."),
             row("Jahr", "Wert", "Anteil"), row("2019", "4", "5 %")]
    found = find_tables(lines)
    assert [(table.first, table.last, table.header) for table in found] == [
        (1, 3, True), (5, 6, True)]
    assert found[0].columns == [(72.0, 112.0), (200.0, 240.0), (330.0, 370.0)]
    assert sorted(table_rows(lines)) == [1, 2, 3, 5, 6]
    assert table_rows(lines)[6] == found[1]


def test_a_row_that_does_not_line_up_ends_the_table() -> None:
    lines = [row("Ort", "Höhe", "Regen"), row("Nord", "12 m", "714"),
             row("Anders", "gesetzt", "hier", at=(72.0, 150.0, 260.0)),
             row("Süd", "250 m", "688")]
    assert [(table.first, table.last) for table in find_tables(lines)] == [(0, 1)]


def test_columns_widen_when_a_later_row_fills_the_empty_cells() -> None:
    lines = [row("Ort", "Regen", at=(72.0, 330.0)), row("Nord", "714", at=(72.0, 330.0)),
             row("Süd", "250 m", "688"), row("West", "300 m", "701")]
    found = find_tables(lines)
    assert len(found) == 1 and (found[0].first, found[0].last) == (0, 3)
    assert found[0].columns == COLUMNS3
    assert table_rows(lines)[0].column_of(cells(lines[0])[1][0]) == 2


def test_columns_do_not_widen_to_a_row_the_earlier_rows_do_not_fit() -> None:
    lines = [row("Ort", "Regen", at=(72.0, 330.0)), row("Nord", "714", at=(72.0, 330.0)),
             row("Ost", "640", at=(72.0, 330.0)),
             row("Süd", "250 m", "688", at=(72.0, 200.0, 400.0))]
    found = find_tables(lines)
    assert [(table.first, table.last) for table in found] == [(0, 2)]
    assert found[0].columns == [(72.0, 112.0), (330.0, 370.0)]


def test_the_slack_of_a_row_grows_with_its_type_size() -> None:
    big = [row("Ort", "Höhe", "Regen", size=20.0),
           row("Nord", "12 m", "714", at=(81.0, 209.0, 339.0), size=20.0),
           row("Süd", "250 m", "688", size=20.0)]
    assert [(table.first, table.last) for table in find_tables(big)] == [(0, 2)]
    small = [row("Ort", "Höhe", "Regen", size=8.0),
             row("Nord", "12 m", "714", at=(81.0, 209.0, 339.0), size=8.0),
             row("Süd", "250 m", "688", size=8.0)]
    assert find_tables(small) == []


def test_a_cell_goes_to_the_column_it_overlaps_most_else_the_nearest() -> None:
    table = Table(0, 1, [(72.0, 112.0), (200.0, 240.0), (330.0, 370.0)], True)
    assert table.column_of((100.0, 210.0)) == 0  # overlaps 12 and 10
    assert table.column_of((105.0, 225.0)) == 1  # overlaps 7 and 25
    assert table.column_of((150.0, 160.0)) == 0  # no overlap: centre 155 nearer 92 than 220
    assert table.column_of((170.0, 180.0)) == 1  # centre 175 nearer 220
    assert table.column_of((380.0, 390.0)) == 2
    assert table.column_of((72.0, 370.0)) == 1  # the same overlap: the nearest centre
    assert table.column_of((72.0, 240.0)) == 0  # the same overlap and distance: the first
    narrow = Table(0, 1, [(0.0, 100.0), (110.0, 120.0)], True)
    assert narrow.column_of((50.0, 125.0)) == 0  # overlap wins over the nearer centre
