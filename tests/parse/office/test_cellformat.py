"""Cell values shown in their number format as Excel shows them: the expected texts are
those of SheetJS's format library (the `ssf` package), and the corpus test compares the two
on every number and date of the corpus's workbooks."""

from __future__ import annotations

import datetime
import warnings

import pytest

from structchunk.parse.office.cellformat import displayed
from tests.parse.office.corpus import office_files

CASES = [
    (0.01745240643728351, "0.000", "0.017"),
    (5716.5, '"$"#,##0', "$5,717"),  # a half rounds away from zero
    (0.9382716049382716, "0.0%", "93.8%"),
    (datetime.datetime(2008, 3, 15), "mm-dd-yy", "03-15-08"),  # no 00:00:00
    (datetime.datetime(2008, 6, 30), "d-mmm", "30-Jun"),
    (datetime.datetime(2006, 9, 11), "[$-409]mmmm\\ d\\,\\ yyyy;@", "September 11, 2006"),
    (datetime.datetime(2020, 1, 2, 13, 5, 9), "yyyy-mm-dd hh:mm:ss", "2020-01-02 13:05:09"),
    (datetime.datetime(2020, 1, 2), "dddd, mmmm d", "Thursday, January 2"),
    (datetime.time(15, 30, 17, 999000), "h:mm:ss\\ AM/PM", "3:30:18 PM"),
    (1589036664.03, "General", "1589036664"),
    (3.141592653589793, "General", "3.141592654"),  # not the 17 digits stored
    (0.1 + 0.2, "General", "0.3"),
    (-4.3, "GENERAL", "-4.3"),
    (123456789012345.0, "General", "1.23457E+14"),
    (1.234e-05, "General", "0.00001234"),
    (1.23456789e-07, "General", "1.23457E-07"),
    (198905700, '_(* #,##0_);_(* \\(#,##0\\);_(* "-"??_);_(@_)', " 198,905,700 "),
    (-123, "[$$-409]#,##0.00_);[Red]\\([$$-409]#,##0.00\\)", "($123.00)"),
    (25.396666666666672, '0.00"°"', "25.40°"),
    (355232.32, "#,##0.00\\ [$€-40C]", "355,232.32 €"),
    (12345.678, "0.00E+00", "1.23E+04"),
    (0.5, "#.00", ".50"),
    (1234567, '#,##0,"K"', "1,235K"),
    (0, '0.00;(0.00);"zero"', "zero"),
    (7, "000", "007"),
]


@pytest.mark.parametrize(("value", "code", "shown"), CASES)
def test_values_are_shown_in_their_number_format(value: object, code: str, shown: str) -> None:
    assert displayed(value, code) == shown


def test_every_number_and_date_of_the_corpus_is_shown_as_sheetjs_shows_it() -> None:
    ssf = pytest.importorskip("ssf")
    openpyxl = pytest.importorskip("openpyxl")
    files = [path for path in office_files() if path.suffix == ".xlsx"]
    if not files:
        pytest.skip("shared corpus not found")
    reference = ssf.SSF(locale_support=False, decimal_separator=".", thousands_separator=",")
    compared, differing = 0, []
    for path in files:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                workbook = openpyxl.load_workbook(path, data_only=True)
            except Exception:  # noqa: BLE001 - a workbook openpyxl cannot open is not compared
                continue
            for sheet in workbook.worksheets:
                for cell in sheet._cells.values():
                    if cell.value is None or isinstance(cell.value, (str, bool)):
                        continue
                    compared += 1
                    expected = str(reference.format(cell.number_format, cell.value))
                    if displayed(cell.value, cell.number_format) != expected:
                        differing.append((path.name, cell.number_format, cell.value, expected))
    assert compared > 10_000
    assert not differing, differing[:10]
